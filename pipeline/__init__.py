"""From files to a store and back out: ingest, the DuckDB store, the Parquet dataset, stats, reads, export, the CLI."""
