"""Short texts shared by several messages: mentions, pings, timers, captions, headings.

Public messages speak the game's language (chosen in /pioneer new), whoever's click they answer; what
only one person sees follows that person's Discord language (set where the interaction comes in)."""

import functools

from db import GameRow
from games.pioneer_days.rules import words
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


@public
def ping_text(game: GameRow, seats: list[int]) -> str:
    """The short message that notifies people of their new decision (an edited panel notifies no one).
    It is posted under the panel, also when a day's image and a new panel come first."""
    who = " ".join(mention(game, s) for s in seats)
    state = game.live
    if state["stage"] == "turn":
        return _("{who}, your turn — see the panel ↑", who=who)
    if state["stage"] == "town":
        return _("{who}: decide the town visit (private) — see the panel ↑", who=who)
    if state["stage"] == "pioneer":
        return _("{who}: decide your pioneer (private) — see the panel ↑", who=who)
    what = words.disaster(state["disasters"][0]) if state["disasters"] else _("Disaster!")
    return _("{who}: decide the {disaster} (private) — see the panel ↑", who=who, disaster=what)


@public
def reminder_text(game: GameRow, seats: list[int], due_at: float) -> str:
    who = " ".join(mention(game, s) for s in seats)
    when = "<t:" + str(int(due_at)) + ":R>"  # Discord shows it as "in 5 hours", in the reader's language
    return _("⏰ {who}: half of your time is left. The AI decides for you {when} — see the panel ↑", who=who,
             when=when)


def timer_text(seconds: int) -> str:
    if not seconds:
        return _("off")
    if seconds % 3600 == 0:
        return n_("{n} h", "{n} h", seconds // 3600)
    return n_("{n} min", "{n} min", seconds // 60)


def heading(facts: dict) -> str:
    """The title of a finished panel: what part of the game it covered (app.outbox.heading_facts)."""
    st = facts["stage"]
    if st == "ended":
        return _("Game ended")
    if st == "disaster":
        d = words.disaster(facts["disaster"]) if facts.get("disaster") else _("Disaster!")
        return _("Week {week}, day {day} — {disaster}", week=facts["week"], day=facts["day"], disaster=d)
    if st == "town":
        return _("Week {week} — town visit", week=facts["week"])
    if st == "pioneer":
        return _("Pioneers chosen")
    return _("Week {week}, day {day}", week=facts["week"], day=facts["day"])


def caption(marks: dict, names: list[str]) -> str:
    """The line over a day's image: the day that ended and/or the day that begins."""
    bits = []
    if marks.get("ended"):
        e = marks["ended"]
        bits.append(_("End of week {week}, day {day}", week=e["week"], day=e["day"]))
    if marks.get("started"):
        s = marks["started"]
        bits.append(_("Week {week}, day {day} begins — {who} starts", week=s["week"], day=s["day"],
                      who=names[s["start"]]))
    return " · ".join(f"**{x}**" for x in bits)


def title(state: dict) -> str:
    if state["stage"] == "pioneer":
        return _("Pioneer Days — choosing pioneers")
    if state["stage"] == "over":
        return _("Pioneer Days — game over")
    return _("Pioneer Days — week {week}, day {day}", week=state["week"], day=state["day"])
