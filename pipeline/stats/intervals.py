"""Confidence intervals of the stats: how far a percentage seen in a sample can be from
the player's true rate."""
from __future__ import annotations

import math

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(done: int, chances: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of ``done`` of ``chances``, in percent (None without a
    chance): unlike the normal one it stays within 0-100 and holds its coverage near
    0 % and 100 % and in small samples."""
    if chances <= 0:
        return None
    p = done / chances
    z2 = z * z
    centre = (p + z2 / (2 * chances)) / (1 + z2 / chances)
    half = z * math.sqrt(p * (1 - p) / chances + z2 / (4 * chances * chances)) / (1 + z2 / chances)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)
