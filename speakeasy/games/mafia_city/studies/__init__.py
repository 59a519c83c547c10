"""Studies of Mafia City positions: who controls each location, and what-ifs."""
