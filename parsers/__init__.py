"""The rooms' text (and XML, and PHH) read into engine Hands: base/ shared by every room, one package a room."""
