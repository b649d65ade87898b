"""A stored game and the game it plays: the descriptor behind a row (the registry), the seats' names."""

from db import GameRow
from engine import registry
from engine.protocol import Game


def game_of(row: GameRow) -> Game:
    """The game a row plays (rows older than schema v6 got theirs from its migration)."""
    return registry.game(row.game)


def names(row: GameRow) -> list[str]:
    """Display names by seat (AI seats marked)."""
    seated = sorted((p.seat, p) for p in row.players if p.seat is not None)
    return [row.display(seat) for seat, _p in seated]
