"""Money: pocket and safe, laundering 2:1, payments that must be covered (R-MONEY-1..6).

>>> from speakeasy.games.speakeasy.model.state import Colour, Player
>>> p = Player(Colour.PURPLE, pocket=10, safe=30)
>>> spendable(p)
25
>>> split_payment(p, 17)  # E15: $10 from the pocket, $7 laundered ($14 out of the safe)
(10, 14)
"""

from __future__ import annotations

from speakeasy.core.actions import IllegalAction
from speakeasy.games.speakeasy.model.state import Player

__all__ = ["pay", "spendable", "split_payment"]


def spendable(player: Player) -> int:
    """The most a player can pay: the pocket plus half the safe (R-MONEY-1/2)."""
    return player.pocket + player.safe // 2


def split_payment(player: Player, amount: int) -> tuple[int, int]:
    """``(from pocket, removed from safe)`` for paying ``amount``.

    The pocket is used first: a dollar from the safe costs two (R-MONEY-2), so this split is
    never worse for the payer. Raises :class:`IllegalAction` if the payment cannot be covered.
    """
    if amount < 0:
        raise ValueError(f"cannot pay a negative amount ({amount})")
    if amount > spendable(player):
        raise IllegalAction(
            "cannot-pay",
            "R-MONEY-6",
            f"this costs ${amount}; you have ${player.pocket} in your pocket and can launder "
            f"${player.safe // 2} from your safe (${player.safe} at 2:1, R-MONEY-2)",
        )
    from_pocket = min(player.pocket, amount)
    return from_pocket, 2 * (amount - from_pocket)


def pay(player: Player, amount: int) -> tuple[int, int]:
    """Take ``amount`` from the player (pocket first, then the safe 2:1); return the split."""
    from_pocket, from_safe = split_payment(player, amount)
    player.pocket -= from_pocket
    player.safe -= from_safe
    return from_pocket, from_safe
