"""The rules, one module per area; importing this package registers every effect handler.

======================  ====================================================================
module                  rules
======================  ====================================================================
``context``             the context flows run in; decisions and events
``dispatch``            one handler per effect kind
``flow``                setup choices, prologue, acts, rounds, turns, locations (§4-§8, §11)
``money``               pocket, safe and laundering (R-MONEY)
``golden``              operating buildings (R-GOLDEN)
``combat``              attack and defence, goons, partner help (R-COMBAT)
``cards``               operation cards, levels, notoriety (R-CARD, R-LEVEL, R-NOTOR)
``resources``           cash, leverage, books, goons, mafiosi, helpers, city tokens
``alliance``            allying with gangsters (R-ALLY, R-PARTNER)
``goals``               goals, cooking books, playing city tokens (R-BOOKS, R-GOAL, R-CITY-4)
``barrels``             producing and selling barrels (R-BARREL, R-NOTOR-2)
``delivery``            trucks: pick up, buy from ships, deliver (R-TRUCK)
``ships``               attacking smugglers' ships, crates (R-SHIP, R-CRATE)
``buildings``           opening, taking over and upgrading (R-BUILD, R-TAKEOVER, R-UPGRADE)
``protection``          protection (R-PROTECT)
``luciano``             gang war, police, area control, payout (R-GANGWAR..R-PAYOUT)
``scoring``             final scoring (R-SCORING)
``refusals``            the rule that forbids each request that is not an option, per decision kind
======================  ====================================================================
"""

from speakeasy.games.speakeasy.rules import (  # noqa: F401  (importing registers the handlers)
    alliance,
    barrels,
    buildings,
    cards,
    delivery,
    goals,
    protection,
    resources,
    ships,
)
from speakeasy.games.speakeasy.rules.flow import game_flow

__all__ = ["game_flow"]
