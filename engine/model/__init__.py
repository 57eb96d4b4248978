"""What a hand is: cards, the Hand and its parts (seats, actions, pots collected), positions."""
