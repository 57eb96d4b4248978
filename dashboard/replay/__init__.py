"""The replayer: a stored hand walked action by action (chips, steps, frames), drawn as a table, with equities."""
