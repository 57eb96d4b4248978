"""The handlens dashboard (Streamlit, read-only over the DuckDB file): see app.py."""
