"""What Discord shows of Pioneer Days (the protocol's Show): the panel and private messages
(panel.py, private.py), the story (narrate.py, chapters.py), the texts around them, help (help.py)."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Marks, Message, Record, SeatResult, Table

from . import chapters, help, narrate, panel, private
from .lang import _, n_
from .rules import words

# the events a day's picture sums up (a disaster that struck, the town visit, the day that begins)
HEADLINES = ("disaster_triggered", "town_visited", "day_started", "game_over")
CATEGORIES = ("gold", "favors", "majority", "townsfolk", "equipment", "damage", "in_game")


def _category(key: str) -> str:
    return {"gold": _("Gold"), "favors": _("Favors"), "majority": _("Majority"), "townsfolk": _("Townsfolk"),
            "equipment": _("Equipment"), "damage": _("Damage"), "in_game": _("During the game")}[key]


class PioneerShow:
    def title(self, state: dict) -> str:
        return panel.title(state)

    def options_text(self, options: Mapping[str, Any]) -> str:
        sets = options.get("sets", "AB")
        pioneers = _("standard") if options.get("pioneers", "standard") == "standard" else _("unique")
        return _("Townsfolk sets: **{sets}** · Pioneers: **{pioneers}**", sets="+".join(sets), pioneers=pioneers)

    def panel(self, table: Table, state: dict) -> Message:
        return panel.panel(table, state)

    def decision(self, table: Table, state: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        return private.decision(table, state, seat, tuple(picked))

    def mine(self, table: Table, state: dict, seat: int) -> Message:
        return private.mine(table, state, seat)

    def ping(self, state: dict, who: str) -> str:
        """The short message that notifies people of their new decision (an edited panel notifies no one).
        It is posted under the panel, also when a day's image and a new panel come first."""
        if state["stage"] == "turn":
            return _("{who}, your turn — see the panel ↑", who=who)
        if state["stage"] == "town":
            return _("{who}: decide the town visit (private) — see the panel ↑", who=who)
        if state["stage"] == "pioneer":
            return _("{who}: decide your pioneer (private) — see the panel ↑", who=who)
        what = words.disaster(state["disasters"][0]) if state["disasters"] else _("Disaster!")
        return _("{who}: decide the {disaster} (private) — see the panel ↑", who=who, disaster=what)

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        return narrate.lines(list(events), list(names))

    def records(self, start_events: Sequence[dict], actions: Sequence[Mapping]) -> list[Record]:
        return chapters.records(list(start_events), list(actions))

    def marks(self, events: Sequence[dict], before: dict | None) -> Marks:
        """The day boundaries one action's events cross: the day that ended (the leftover die moved
        the tracks), the day that begins, the end of the game."""
        ended = started = None
        over = False
        for e in events:
            if e["type"] == "disaster_advanced" and e["why"] == "leftover" and before:
                ended = {"week": before["week"], "day": before["day"]}
            elif e["type"] == "day_started":
                started = {"week": e["week"], "day": e["day"], "start": e["start"]}
            elif e["type"] == "game_over":
                over = True
        return Marks(ended, started, over)

    def headlines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        picked = [e for e in events if e["type"] in HEADLINES or (e["type"] == "disaster_advanced" and e["triggered"])]
        return narrate.lines(picked, list(names))[-4:]

    def caption(self, marks: Mapping[str, Any], names: Sequence[str]) -> str:
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

    def facts(self, state: dict) -> dict:
        disaster = state["disasters"][0] if state["stage"] == "disaster" and state["disasters"] else None
        return {"stage": state["stage"], "week": state["week"], "day": state["day"], "disaster": disaster}

    def heading(self, facts: Mapping[str, Any]) -> str:
        """The title of a finished panel: what part of the game it covered."""
        st = facts["stage"]
        if st == "disaster":
            d = words.disaster(facts["disaster"]) if facts.get("disaster") else _("Disaster!")
            return _("Week {week}, day {day} — {disaster}", week=facts["week"], day=facts["day"], disaster=d)
        if st == "town":
            return _("Week {week} — town visit", week=facts["week"])
        if st == "pioneer":
            return _("Pioneers chosen")
        return _("Week {week}, day {day}", week=facts["week"], day=facts["day"])

    def points(self, n: int) -> str:
        return n_("{n} VP", "{n} VP", n)

    def result_line(self, result: SeatResult) -> str:
        s = result.scores
        return _("Gold {gold} · Favors {favors} · Majority {majority} · Townsfolk {townsfolk} · "
                 "Equipment {equipment} · Damage {damage} · During the game {game} · ${silver} left",
                 gold=s["gold"], favors=s["favors"], majority=s["majority"], townsfolk=s["townsfolk"],
                 equipment=s["equipment"], damage=s["damage"], game=s["in_game"],
                 silver=result.detail.get("silver", 0))

    def standings(self, table: Table, state: dict) -> tuple[str, list[tuple[int, str]]]:
        """The gold tokens stay face down: an unfinished game reveals nothing."""
        vps = panel.public_vp(state)
        rows = sorted(((vps[p["seat"]], p["silver"], p["seat"]) for p in state["players"]), reverse=True)
        return (_("Standings when it ended (VP without gold)"),
                [(seat, f"{n_('{n} VP', '{n} VP', vp)} (${silver})") for vp, silver, seat in rows])

    def category(self, key: str) -> str:
        return _category(key) if key in CATEGORIES else key

    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        if key != "pioneer" or not value:
            return None
        return _("Pioneer played most"), (words.name("pioneer", value) if value != "standard"
                                          else _("the standard Pioneer side"))

    def help(self) -> str:
        return help.help_text()

    def topics(self) -> list[str]:
        return help.topic_names()

    def lookup(self, query: str) -> str | None:
        return help.lookup(query)

    def suggestions(self, current: str) -> list[tuple[str, str]]:
        return help.suggestions(current)


SHOW = PioneerShow()
