"""The rules: betting rounds, pots, each room's conventions (RoomRules), and the replay that judges a hand."""
