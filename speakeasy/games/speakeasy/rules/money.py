"""Money: pocket and safe, laundering 2:1, payments that must be covered (R-MONEY-1..6).

Every change to a safe goes through this module, which keeps the safe's public record
(``Player.safe_known``: what the table saw go in and out) with it: :func:`start_safe`
(R-PSETUP-7), :func:`pay_into_safe` (R-MONEY-4) and :func:`pay` (R-MONEY-2).

>>> from speakeasy.games.speakeasy.model.state import Colour, Player
>>> p = Player(Colour.PURPLE, pocket=10)
>>> start_safe(p, 30)
>>> spendable(p)
25
>>> split_payment(p, 17)  # E15: $10 from the pocket, $7 laundered ($14 out of the safe)
(10, 14)
>>> pay(p, 17), p.pocket, p.safe
((10, 14), 0, 16)
>>> pay_into_safe(p, 15)  # E7: a Midtown 2nd place pays $15 into the safe
>>> p.safe, p.safe_known
(31, 31)
"""

from __future__ import annotations

from speakeasy.core.actions import IllegalAction
from speakeasy.games.speakeasy.model.state import Player

__all__ = ["pay", "pay_into_safe", "spendable", "split_payment", "start_safe"]


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
    """Take ``amount`` from the player (pocket first, then the safe 2:1); return the split.

    The split is public: the cost is, and so is the pocket it came from first (R-MONEY-1),
    so the safe's public record counts what the safe paid (R-MONEY-2, E15)."""
    from_pocket, from_safe = split_payment(player, amount)
    player.pocket -= from_pocket
    player.safe -= from_safe
    player.safe_known -= from_safe
    return from_pocket, from_safe


def pay_into_safe(player: Player, amount: int) -> None:
    """Put ``amount`` into the player's safe: a Lucky Luciano payout or a cooked book, an
    amount printed on the board and paid in view (R-MONEY-4, R-PAYOUT-1, R-BOOKS-2)."""
    if amount < 0:
        raise ValueError(f"cannot pay a negative amount into a safe ({amount})")
    player.safe += amount
    player.safe_known += amount


def start_safe(player: Player, amount: int) -> None:
    """The player's safe holds ``amount`` in view of the table, its record starting there:
    the $30 of the setup (R-PSETUP-7), or what a scenario states (a scenario is read by
    everyone at the table)."""
    player.safe = player.safe_known = amount
