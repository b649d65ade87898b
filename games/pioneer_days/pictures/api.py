"""Pioneer Days' pictures as the host asks for them (engine/protocol.py Pictures), by these names."""

from . import day_png, replay_webp, results_png, review_png, table_png, wagon_png


def round(state: dict, lines=()) -> bytes:  # noqa: A001  (the protocol's name for a chapter's picture)
    """After each game day: the day image."""
    return day_png(state, lines)


def table(state: dict, viewer: int | None = None) -> bytes:
    """The full table (/board, Full board)."""
    return table_png(state, viewer)


def mine(state: dict, seat: int) -> bytes:
    """A seat's own wagon, gold values shown: for its owner only."""
    return wagon_png(state, seat)


def results(state: dict) -> bytes:
    return results_png(state)


def replay(record: dict) -> bytes:
    return replay_webp(record)


def review(players: list[dict], curve: list[dict], seat: int, marks: list) -> bytes:
    return review_png(players, curve, seat, marks)
