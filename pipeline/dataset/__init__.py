"""The Parquet dataset (import --out): tasks on a pool or Dask, byte ranges, compaction, DuckDB views over it."""
