"""Short texts shared by several messages: mentions, pings, timers, the game's name, the table a game
sees (engine/protocol.py Table).

Public messages speak the game's language (chosen in /play new), whoever's click they answer; what
only one person sees follows that person's Discord language (set where the interaction comes in)."""

import functools

from app.tables import game_of, names
from db import GameRow
from engine import views
from engine.protocol import Game, SeatResult, Table
from i18n import _, n_, use


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
    said = views.title(played, game.state) if game.state is not None else None
    return said or game_name(played)


def panel_link(game: GameRow) -> str:
    """A link to the game's live panel (its lobby's, before it starts) as markdown; its number without one."""
    lobby = game.status == "lobby"
    mid, channel = (game.lobby_message_id, game.home) if lobby else (game.panel_message_id, game.channel_id)
    kind = _("lobby") if lobby else _("panel")
    if mid and game.guild_id:
        return f"[{kind}](https://discord.com/channels/{game.guild_id}/{channel}/{mid})"
    return _("game {id}", id=game.id)


@public
def ping_text(game: GameRow, seats: list[int]) -> str:
    """The short message that notifies people of their new decision (an edited panel notifies no one).
    It is posted under the panel, also when a chapter's image and a new panel come first."""
    who = " ".join(mention(game, s) for s in seats)
    return views.ping(game_of(game), game.live, who) or _("{who}: your move — see the panel ↑", who=who)


@public
def reminder_text(game: GameRow, seats: list[int], due_at: float) -> str:
    who = " ".join(mention(game, s) for s in seats)
    when = "<t:" + str(int(due_at)) + ":R>"  # Discord shows it as "in 5 hours", in the reader's language
    return _("⏰ {who}: half of your time is left. The AI decides for you {when} — see the panel ↑", who=who,
             when=when)


def caption(game: GameRow, ended: dict | None, started: dict | None) -> str:
    """The line over a chapter's picture: the chapter that ended and/or the one that begins."""
    played = game_of(game)
    said = played.show.caption(ended, started, names(game))
    if said is not None:
        return said
    bits = ([_("{chapter}: over", chapter=played.show.heading(ended))] if ended else []) + \
        ([_("{chapter} begins", chapter=played.show.heading(started))] if started else [])
    return " · ".join(f"**{x}**" for x in bits)


# ---- a game's results and options, in its words or the host's --------------------------------------
def points(game: Game, n: int) -> str:
    return game.show.points(n) or n_("{n} point", "{n} points", n)


def total(game: Game, result: SeatResult) -> str:
    """A seat's total in the results, in the game's words."""
    return game.show.total(result) or points(game, result.total)


def category(game: Game, key: str) -> str:
    """A score category's name (Show.categories), in the game's catalogue."""
    label = game.show.categories.get(key)
    return game.texts._(label) if label else key


def result_line(game: Game, result: SeatResult) -> str:
    """A seat's results by category, one line."""
    return game.show.result_line(result) or " · ".join(
        f"{category(game, k)} {v}" for k, v in result.scores.items())


def options_text(game: Game, options: dict) -> str:
    """The lobby's line of the game's options ("Rounds: **3 rounds**")."""
    said = game.show.options_text(options)
    if said is not None:
        return said
    return " · ".join(
        option_title(game, o) + ": **"
        + game.texts._(next((c.label for c in o.choices if c.value == options.get(o.key, o.default)), o.default))
        + "**" for o in game.options)


def players_text(low: int, high: int) -> str:
    """How many play a game: "for 2 players", "for 1-4 players"."""
    return n_("for {n} player", "for {n} players", high) if low == high else \
        _("for {low}-{high} players", low=low, high=high)


def option_title(game: Game, option) -> str:
    """An option's name as the lobby shows it ("Pencil powers")."""
    return game.texts._(option.title) if option.title else game.texts._(option.label).capitalize()


def help_text(game: Game) -> str:
    """The game in a few lines (its Topics), else its summary."""
    topics = game.show.topics
    return topics.help() if topics is not None else game.texts._(game.summary)


def alt_text(head: str, lines: list[str]) -> str:
    """A picture's alt text (what a screen reader says of it): its caption and the lines of what happened,
    without markdown."""
    text = " ".join(x for x in [head, *lines] if x).replace("**", "").replace("__", "")
    return text[:1024]


def results_alt(game: GameRow, state: dict) -> str:
    """The results picture's alt text: the game's name and each seat's place and score."""
    played = game_of(game)
    res = sorted(played.rules.results(state), key=lambda r: (r.rank, r.seat))
    with use(language(game)):
        return alt_text(game_name(played), [f"{r.rank}. {game.display(r.seat)} {total(played, r)}"
                                            for r in res])
