"""Hands out of the store: Parquet, CSV and PHH, and simulated hands written as text."""
