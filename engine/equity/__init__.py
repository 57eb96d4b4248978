"""Who wins and how often: the seven-card evaluator, every board still to come counted, the heads-up table."""
