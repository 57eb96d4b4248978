"""Stats: the catalogue (names, bits, version), the flags computed per player per hand at import, the sums read back."""
