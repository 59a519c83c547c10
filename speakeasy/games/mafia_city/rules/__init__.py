"""Mafia City's rules, one module per area (MC-SETUP, MC-CTRL, MC-ACT, MC-LOC, MC-STR, MC-END)."""
