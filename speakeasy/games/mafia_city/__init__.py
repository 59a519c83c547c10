"""Mafia City (Petr Bělík, Stragoo Games, 2012): 3-5 players fighting for control of seven
hexagonal city locations, with hidden hands and reactions out of turn. Rules are cited as
``MC-…`` IDs from its reference (``data/mafia_city/rules_index.toml``).

==================  =====================================================================
room                what
==================  =====================================================================
``model``           the data from ``data/mafia_city/`` (``data``), the state and options
                    (``state``), the seven-hex map (``board``), event and decision kinds
``rules``           the flows' context, setup (MC-SETUP), control (MC-CTRL), reactions
                    (MC-VETO, MC-COMPL), phase I (``turns``), phase II (``locations``),
                    phase III (``strategic``), phase IV and the end (``endround``), the whole
                    game as one flow, and the rule behind every refusal
``engine``          the definition on the core and the game, what a seat sees (MC-INFO),
                    random and heuristic bots deciding from their observation only
``positions``       positions as files (none shipped yet)
``explain``         log lines with their rules, rule lookup, step-through frames
``studies``         who controls each location, what-ifs, the Mayor's orders
``descriptor``      the game's facts for the registry (:mod:`speakeasy.games`)
``figures``         the hex map and the control explorer's figures
``table``           the play table and its decision panel
==================  =====================================================================
"""
