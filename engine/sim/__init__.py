"""Simulated hands: legal tables played by random or regular strategies (samples and property tests)."""
