"""The DuckDB store: its schema (schema.sql) and the one writer that holds it."""
