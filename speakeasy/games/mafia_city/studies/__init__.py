"""Studies of Mafia City positions: who controls each location, and what-ifs; its part of a
batch of bot games (playing one game of a spec, its summary lines)."""
