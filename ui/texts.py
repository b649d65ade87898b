"""Short texts shared by several messages: mentions, pings, timers, the game's name, the table a game
sees (engine/protocol.py Table).

Public messages speak the game's language (chosen in /play new), whoever's click they answer; what
only one person sees follows that person's Discord language (set where the interaction comes in)."""

import functools

from app.tables import game_of, names
from db import GameRow
from engine.protocol import Game, Table
from i18n import _, use


def language(game: GameRow) -> str:
    return game.options.get("language") or "en"


def public(build):
    """For a builder of a public message (its first argument is the game): it speaks the game's language."""
    @functools.wraps(build)
    def run(game, *a, **kw):
        with use(language(game)):
            return build(game, *a, **kw)
    return run


def mention(game: GameRow, seat: int) -> str:
    uid = game.user_at(seat)
    return f"<@{uid}>" if uid and uid > 0 else f"**{game.display(seat)}**"


def table_of(game: GameRow) -> Table:
    """What the game's Show sees of this table."""
    seats = range(len(names(game)))
    return Table(id=game.id, names=names(game), mentions=[mention(game, s) for s in seats],
                 ai=[game.is_ai(s) for s in seats], options=dict(game.options), recent=list(game.recent),
                 timer=game.options.get("timer", 0))


def game_name(game: Game) -> str:
    """The game's name in the current language."""
    return game.texts._(game.name)


def title(game: GameRow) -> str:
    """The game's title for its state (or its name, for a lobby)."""
    played = game_of(game)
    return played.show.title(game.state) if game.state is not None else game_name(played)


@public
def ping_text(game: GameRow, seats: list[int]) -> str:
    """The short message that notifies people of their new decision (an edited panel notifies no one).
    It is posted under the panel, also when a chapter's image and a new panel come first."""
    who = " ".join(mention(game, s) for s in seats)
    return game_of(game).show.ping(game.live, who)


@public
def reminder_text(game: GameRow, seats: list[int], due_at: float) -> str:
    who = " ".join(mention(game, s) for s in seats)
    when = "<t:" + str(int(due_at)) + ":R>"  # Discord shows it as "in 5 hours", in the reader's language
    return _("⏰ {who}: half of your time is left. The AI decides for you {when} — see the panel ↑", who=who,
             when=when)


def heading(game: GameRow, facts: dict) -> str:
    """The title of a finished panel: what part of the game it covered."""
    if facts.get("stage") == "ended":
        return _("Game ended")
    return game_of(game).show.heading(facts)


def caption(game: GameRow, marks: dict) -> str:
    """The line over a chapter's picture: the chapter that ended and/or the one that begins."""
    return game_of(game).show.caption(marks, names(game))
