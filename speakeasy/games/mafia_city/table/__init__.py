"""Mafia City's table: seats for people and bots, and the decision panel's session."""
