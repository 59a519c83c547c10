"""Mafia City positions written as files.

Speakeasy's room of the same name reads TOML scenarios and captures any position of a game;
Mafia City ships no position files yet, so its descriptor lists none
(``speakeasy.games.load("mafia-city").scenarios() == ()``) and the control explorer builds its
positions in :mod:`speakeasy.games.mafia_city.studies.control`.
"""
