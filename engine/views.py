"""What each seat may see: the host's one door to a game's Show, its pictures and its AI.

The host holds whole states; a game's Show, pictures and AI get views (Rules.view_for) only: the public
panel, the title, the ping, the standings and every public picture the spectator's view; a seat's
decision, its own things, its table picture and its AI that seat's view. The conformance suite goes
through these same functions (tests/conformance), so a panel or an AI that depends on a value its
viewer may not see fails there."""

import dataclasses
from collections.abc import Sequence

from .protocol import Game, Message, Picture, State, Table, View


def public(game: Game, state: State) -> View:
    return game.rules.view_for(state, None)


def of(game: Game, state: State, seat: int | None) -> View:
    return game.rules.view_for(state, seat)


def panel(game: Game, table: Table, state: State) -> Message:
    return game.show.panel(table, public(game, state))


def decision(game: Game, table: Table, state: State, seat: int, picked: Sequence[str] = ()) -> Message | None:
    """The seat's decision (None: it has none now)."""
    if seat not in game.rules.deciders(state):
        return None
    msg = game.show.decision(table, of(game, state, seat), seat, picked)
    if msg is not None and msg.picture is None:  # never a decision without its picture: the seat's own view
        msg = dataclasses.replace(msg, picture=Picture("mine", mine_args(game, state, seat), "mine.png"))
    return msg


def mine(game: Game, table: Table, state: State, seat: int) -> Message | None:
    return game.show.mine(table, of(game, state, seat), seat)


def title(game: Game, state: State) -> str | None:
    return game.show.title(public(game, state))


def ping(game: Game, state: State, who: str) -> str | None:
    return game.show.ping(public(game, state), who)


def standings(game: Game, table: Table, state: State) -> tuple[str, list[tuple[int, str]]] | None:
    return game.show.standings(table, public(game, state))


# ---- the pictures' arguments (drawn in a worker: plain data, made from views) ----------------------
def round_args(game: Game, state: State, lines: Sequence[str]) -> tuple:
    return (public(game, state), list(lines))


def table_args(game: Game, state: State, viewer: int | None) -> tuple:
    return (of(game, state, viewer), viewer)


def mine_args(game: Game, state: State, seat: int) -> tuple:
    return (of(game, state, seat), seat)


def results_args(game: Game, state: State) -> tuple:
    return (public(game, state),)
