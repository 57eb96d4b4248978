"""Read models for the CLI and the dashboard: filters, queries, hand lists, reports, tournaments, verify reports."""
