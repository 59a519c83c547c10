"""Mafia City explained: log lines with their rules, rule lookup, step-through frames."""
