"""Keep pandas out of a process that converts only lists to Arrow.

pyarrow, converting a list, first asks whether it is a pandas object, and imports
pandas to ask (half a second of CPU, more than importing a small folder costs). The
import's workers, and the ``handlens import`` command, never use pandas: where it is
not found, pyarrow takes lists as lists. A process that has pandas already keeps it.
"""
from __future__ import annotations

import sys


def keep_pandas_out() -> None:
    """From now on, in this process, pandas is not found (unless it is imported already)."""
    if "pandas" not in sys.modules and not any(isinstance(f, _NoPandas) for f in sys.meta_path):
        sys.meta_path.insert(0, _NoPandas())


class _NoPandas:
    """An import finder that finds no pandas."""

    def find_spec(self, name: str, path=None, target=None) -> None:
        if name == "pandas" or name.startswith("pandas."):
            raise ModuleNotFoundError("pandas is kept out of handlens's import", name=name)
        return None
