"""A heuristic bot: scores every legal option from what its seat sees and picks the best.

:class:`HeuristicBot` implements the :class:`~speakeasy.core.bots.Bot` protocol: it decides from
its seat's :class:`~speakeasy.games.speakeasy.engine.observe.Observation` (no other player's safe,
hand or helpers behind the screen, no deck order, no face-down token: R-MONEY-1, R-HELPER-3,
R-CARD-6, R-CITY-3) and the pending decision only. It never looks ahead by copying the game;
instead each option gets an estimate in dollars of what it adds to the player's final money
(R-SCORING-1..4), worked out from the observed position, the catalogue and the option's
arguments:

* **money now** counts at face value: barrel sales (R-BARREL-4, R-NOTOR-2), cooked books
  (R-BOOKS-2), crate cash (R-SHIP-7), casino income (R-ORDER-5); every payment counts against
  the option (R-MONEY-2/6);
* **buildings** are worth their Lucky Luciano payouts while they stand and operate
  (R-CONTROL-3..8, R-PAYOUT-1..4), their final value once protected (R-SCORING-2/3), and the
  barrels they may sell. A building on an empty space will face a gang war (R-GANGWAR-13)
  and falls unless defended (R-GANGWAR-6/7); a takeover of a gangster bar is safe for good,
  since that district's gangster has already come (R-GANGWAR-12). Police stop unprotected
  buildings from operating (R-GOLDEN-1/3, R-POLICE-1/3);
* **resources** (books, mafiosi, goons, leverage, levels, cards, city tokens) get a value that
  shrinks as the game nears its end (R-ACT-1), and a helper card is worth its bottle if the
  player has none of that type yet (R-SCORING-4);
* a **location** is worth the sum of its person's actions (R-LOC-GEN-3/4) as this bot would
  carry them out;
* **trucks** follow the exact plan of :func:`speakeasy.games.speakeasy.studies.planner.best_plan`
(R-TRUCK-1..14);
* a face-down city token (R-CITY-3) is worth the average token of the catalogue.

Ties are broken by the bot's own seeded RNG, so a bot is deterministic for its seed.

The package's modules: :mod:`~speakeasy.games.speakeasy.studies.strategy.view` (what a seat sees,
in dollars: :class:`PlayerView` and the value of each effect),
:mod:`~speakeasy.games.speakeasy.studies.strategy.scores` (each option's score by decision kind:
:data:`SCORERS`, :func:`score_options`) and
:mod:`~speakeasy.games.speakeasy.studies.strategy.bot` (:class:`HeuristicBot`).

>>> from speakeasy import Game
>>> from speakeasy.games.speakeasy.engine.bots import RandomBot, play_out
>>> game = Game.new(players=2, seed=3)
>>> bots = {game.colours[0]: HeuristicBot(seed=1), game.colours[1]: RandomBot(seed=2)}
>>> _ = play_out(game, bots)
>>> [c.value for c in game.result().winners]
['purple']
"""

from speakeasy.games.speakeasy.studies.strategy.bot import HeuristicBot
from speakeasy.games.speakeasy.studies.strategy.scores import SCORERS, score_options
from speakeasy.games.speakeasy.studies.strategy.view import PlayerView

__all__ = ["SCORERS", "HeuristicBot", "PlayerView", "score_options"]
