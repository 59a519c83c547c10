"""Mafia City's values: the data from ``data/mafia_city/``, the state, the map, the kinds."""
