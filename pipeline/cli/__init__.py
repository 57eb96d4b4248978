"""The handlens command: one module a command (NAME, HELP, DESCRIPTION, arguments, run), built by main.py."""
