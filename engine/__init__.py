"""Texas Hold'em: the Hand model, the rules and the replay, equity, the simulator. Pure Python, no I/O."""
