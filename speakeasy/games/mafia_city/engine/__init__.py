"""Mafia City on the engine core: the definition, the game, what a seat sees, bots."""
