"""Why a request that is not an option is refused: the rule that forbids *that* request.

The engine accepts exactly the options of the pending decision; greyed-out options carry their
own error (``Decision.blocked``). Anything else a player may type, say ``capo garage 5`` or
``build_space 17 0``, used to get a generic ``not-an-option`` citing the decision's first rule.
This module answers each such request with the rule that forbids it and a reason naming the
thing asked for, one function per :class:`~speakeasy.games.speakeasy.model.kinds.DecisionKind`
(:data:`REFUSAL_FUNCTIONS`), each asking the public rules questions of the other ``rules``
modules instead of checking again. The engine calls :func:`explain_refusal` through
:meth:`SpeakeasyDefinition.explain_refusal
<speakeasy.core.engine.GameDefinition.explain_refusal>`; the state is only read.

>>> from speakeasy import Game
>>> game = Game.new(2, seed=1)
>>> while game.pending.kind != "capo":
...     _ = game.apply(game.legal_actions()[0])
>>> err = game.why_not("capo garage 5")
>>> err.code, err.rule
('no-such-person', 'R-LOC-GEN-1')
>>> err.reason
"'capo garage 5': the Garage has no person 5 (its persons are 0 to 1)"
>>> game.why_not("capo harbour 0").reason
"there is no location 'harbour' (locations: contractors, planning, garage, city_hall, \
commission, docks, restaurant, central_park)"

A request of another decision's kind (``draw vip`` while a capo is due) still gets the
engine's ``not-now``; ``malformed`` is for text that is not an action at all.

Codes (stable; :data:`CODES` says what each means):

* the thing named does not exist: ``no-such-card``, ``no-such-helper``, ``no-such-token``,
  ``no-such-track``, ``no-such-deck``, ``no-such-location``, ``no-such-person``,
  ``no-such-district``, ``no-such-space``, ``no-such-area``, ``no-such-row``,
  ``no-such-column``, ``no-such-ship``, ``no-such-gangster``, ``no-such-piece``,
  ``no-such-colour``, ``no-such-choice``, ``no-such-truck``, ``wrong-arguments``;
* it is not yours or not there: ``not-in-hand``, ``not-your-helper``, ``helper-used``,
  ``not-in-offer``, ``not-held``, ``not-your-building``, ``not-your-bar``,
  ``not-your-mafioso``, ``no-capo-there``, ``own-capo``, ``piece-gone``, ``not-here``,
  ``no-ship-here``, ``not-on-board``, ``own-partner``, ``other-partner``;
* the action does not allow it: ``wrong-type``, ``wrong-deck``, ``wrong-track``,
  ``wrong-mode``, ``wrong-building``, ``wrong-price``, ``wrong-token``, ``wrong-district``,
  ``same-as``, ``already-done``, ``compulsory``, ``vip-only``, ``docks-only``,
  ``person-not-in-play``, ``space-out-of-play``, ``park-swap``, ``restaurant-swap-off``,
  ``face-down``, ``just-placed``, ``same-row``, ``not-needed``;
* the position does not allow it: ``space-taken``, ``docks-taken``, ``vip-full``,
  ``deck-empty``, ``no-token-there``, ``closed-district``, ``no-gangster-bar``, ``no-barrel``,
  ``has-barrel``, ``distillery``, ``not-operating``, ``no-distillery``, ``truck-full``,
  ``on-map``, ``off-map``, ``same-district``, ``no-points``, ``not-adjacent``,
  ``truck-moved``, ``truck-finished``, ``no-other-truck``, ``waited``, ``no-second-truck``,
  ``not-enough-goons``, ``no-partner``,
  ``free-help-used``, ``cannot-pay``, ``too-weak``, ``no-card``, ``own-mafioso``,
  ``not-enough-mafiosi``, ``no-capo``, ``one-distillery``, plus the codes of the rules
  questions asked (``goal-not-met``, ``max-level``...).

One module per job: ``codes`` (the code catalogue, :data:`CODES`), ``grammar`` (a
:class:`~speakeasy.games.speakeasy.rules.refusals.grammar.Declaration` per decision kind: its
words and arity as data, the rule a misreading cites, its refusal function), ``common`` (what
every refusal shares), one module of refusal functions per rules area, each declaring its
kinds beside its functions (``turn``, ``cards``, ``resources``, ``buildings``, ``barrels``,
``ships``), and ``table`` (the one table keyed by decision kind, :data:`GRAMMAR` and
:data:`REFUSAL_FUNCTIONS` read from it, and :func:`explain_refusal`).
"""

from speakeasy.games.speakeasy.rules.refusals.codes import CODES
from speakeasy.games.speakeasy.rules.refusals.grammar import Refusal
from speakeasy.games.speakeasy.rules.refusals.table import (
    GRAMMAR,
    REFUSAL_FUNCTIONS,
    explain_refusal,
)

__all__ = ["CODES", "GRAMMAR", "REFUSAL_FUNCTIONS", "Refusal", "explain_refusal"]
