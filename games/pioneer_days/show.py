"""What Discord shows of Pioneer Days (the protocol's Show), from views: the panel and private messages
(panel.py, private.py: they play plans on a whole state made from the view, seen.py), the story (narrate.py)
and its chapters (a day, its evening, the town visit), the texts around them, help (help.py)."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Mark, Message, SeatResult, Show, Table

from . import help, narrate, panel, private
from .lang import N_, _, n_
from .rules import words
from .seen import playable

# the events a day's picture sums up: the die left at its end, a disaster that struck, the town visit and the
# favors' majority it moved (the picture shows the day that ended: the next day's dice are on the new panel)
HEADLINES = ("disaster_triggered", "town_visited", "majority_moved", "game_over")


class PioneerShow(Show):
    categories = {"gold": N_("Gold"), "favors": N_("Favors"), "majority": N_("Majority"),
                  "townsfolk": N_("Townsfolk"), "equipment": N_("Equipment"), "damage": N_("Damage"),
                  "in_game": N_("During the game")}
    headlines = 4
    opening_picture = True  # the first day's dice
    topics = help.TOPICS

    def title(self, view: dict) -> str:
        return panel.title(view)

    def options_text(self, options: Mapping[str, Any]) -> str:
        sets = options.get("sets", "AB")
        pioneers = _("standard") if options.get("pioneers", "standard") == "standard" else _("unique")
        return _("Townsfolk sets: **{sets}** · Pioneers: **{pioneers}**", sets="+".join(sets), pioneers=pioneers)

    def panel(self, table: Table, view: dict) -> Message:
        return panel.panel(table, playable(view))

    def decision(self, table: Table, view: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        return private.decision(table, playable(view, seat), seat, tuple(picked))

    def mine(self, table: Table, view: dict, seat: int) -> Message:
        return private.mine(table, playable(view, seat), seat)

    def ping(self, view: dict, who: str) -> str:
        """The short message that notifies people of their new decision (an edited panel notifies no one).
        It is posted under the panel, also when a day's image and a new panel come first."""
        if view["stage"] == "turn":
            return _("{who}, your turn — see the panel ↑", who=who)
        if view["stage"] == "town":
            return _("{who}: decide the town visit (private) — see the panel ↑", who=who)
        if view["stage"] == "pioneer":
            return _("{who}: decide your pioneer (private) — see the panel ↑", who=who)
        what = words.disaster(view["disasters"][0]) if view["disasters"] else _("Disaster!")
        return _("{who}: decide the {disaster} (private) — see the panel ↑", who=who, disaster=what)

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        return narrate.lines(list(events), list(names))

    def chapter(self, event: dict) -> Mark | None:
        """A chapter a day: it ends when the leftover die moves the tracks; its evening (the disasters it set
        off, the town visit) goes on until the next day begins."""
        t = event["type"]
        if t == "game_started":
            return Mark(begins={"opening": True})
        if t == "week_started":
            return Mark(begins={"week": event["week"]})
        if t == "day_started":
            return Mark(begins={"week": event["week"], "day": event["day"], "start": event["start"]})
        if t == "disaster_started":
            return Mark(sets={"disaster": event["disaster"]})
        if t == "town_visited":
            return Mark(sets={"town": event["week"]}, headline=True)
        if t == "disaster_advanced":
            leftover = event["why"] == "leftover"  # (the day's picture says which die was left, and what struck)
            return Mark(ends=leftover, headline=leftover or bool(event["triggered"]))
        if t == "game_over":
            return Mark(ends=True, over=True, headline=True)
        return Mark(headline=True) if t in HEADLINES else None

    def heading(self, facts: Mapping[str, Any]) -> str:
        if "town" in facts:
            return _("Week {week}: town visit", week=facts["town"])
        week, day = facts.get("week"), facts.get("day")
        if day is not None and "disaster" in facts:
            return _("Week {week}, day {day}: {disaster}", week=week, day=day,
                     disaster=words.disaster(facts["disaster"]))
        if day is not None and facts.get("after"):
            return _("Week {week}, day {day}: evening", week=week, day=day)
        if day is not None:
            return _("Week {week}, day {day}", week=week, day=day)
        if week is not None:
            return _("Week {week}", week=week)
        return _("The game begins")

    def caption(self, ended: Mapping[str, Any] | None, started: Mapping[str, Any] | None,
                names: Sequence[str]) -> str:
        """The line over a day's image: the day that ended and/or the day that begins."""
        bits = []
        if ended and ended.get("day") is not None:
            bits.append(_("End of week {week}, day {day}", week=ended["week"], day=ended["day"]))
        if started and started.get("day") is not None:
            bits.append(_("Week {week}, day {day} begins — {who} starts", week=started["week"], day=started["day"],
                          who=names[started["start"]]))
        return " · ".join(f"**{x}**" for x in bits)

    def points(self, n: int) -> str:
        return n_("{n} VP", "{n} VP", n)

    def result_line(self, result: SeatResult) -> str:
        s = result.scores
        return _("Gold {gold} · Favors {favors} · Majority {majority} · Townsfolk {townsfolk} · "
                 "Equipment {equipment} · Damage {damage} · During the game {game} · ${silver} left",
                 gold=s["gold"], favors=s["favors"], majority=s["majority"], townsfolk=s["townsfolk"],
                 equipment=s["equipment"], damage=s["damage"], game=s["in_game"],
                 silver=result.detail.get("silver", 0))

    def standings(self, table: Table, view: dict) -> tuple[str, list[tuple[int, str]]]:
        """The gold tokens stay face down: an unfinished game reveals nothing."""
        vps = panel.public_vp(view)
        rows = sorted(((vps[p["seat"]], p["silver"], p["seat"]) for p in view["players"]), reverse=True)
        return (_("Standings when it ended (VP without gold)"),
                [(seat, f"{n_('{n} VP', '{n} VP', vp)} (${silver})") for vp, silver, seat in rows])

    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        if key != "pioneer" or not value:
            return None
        return _("Pioneer played most"), (words.name("pioneer", value) if value != "standard"
                                          else _("the standard Pioneer side"))


SHOW = PioneerShow()
