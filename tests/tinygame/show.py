"""What Discord shows of Fingers (the protocol's Show)."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Button, Marks, Message, Picture, Record, SeatResult, Table

from .lang import _, n_


class FingersShow:
    def title(self, state: dict) -> str:
        if state["over"]:
            return _("Fingers — game over")
        return _("Fingers — round {round} of {rounds}", round=state["round"], rounds=state["rounds"])

    def options_text(self, options: Mapping[str, Any]) -> str:
        return _("Rounds: **{n}**", n=options.get("rounds", "3"))

    def panel(self, table: Table, state: dict) -> Message:
        waiting = [s for s, p in enumerate(state["picks"]) if p is None]
        lines = [_("Everyone shows 1 to 3 fingers at once: a count nobody else shows scores."),
                 _("Still deciding: {who}", who=", ".join(f"**{table.names[s]}**" for s in waiting))]
        lines += [f"• {x}" for x in table.recent[-3:]]
        fields = [(table.names[s], self.points(v)) for s, v in enumerate(state["scores"])]
        return Message(content=_("Waiting for {who}.", who=", ".join(table.mentions[s] for s in waiting)),
                       title=self.title(state), body="\n".join(lines), fields=fields,
                       footer=_("Game {id} · move {move}", id=table.id, move=state["seq"]),
                       controls=[Button(_("Decide (private)"), "decide", "primary", "✋", row=0),
                                 Button(_("My hands"), "mine", row=0)])

    def decision(self, table: Table, state: dict, seat: int, picked: Sequence[str] = ()) -> Message | None:
        if state["over"] or state["picks"][seat] is not None:
            return None
        return Message(content=_("How many fingers do you show?"),
                       controls=[Button(str(k), f"{seat}:show:{k}", "primary", row=0) for k in (1, 2, 3)],
                       picture=Picture("mine", (state, seat), "hands.png"))

    def mine(self, table: Table, state: dict, seat: int) -> Message:
        mine = [row[seat] for row in state["shown"]]
        now = state["picks"][seat]
        text = _("Your hands so far: {hands}", hands=", ".join(map(str, mine)) or "—")
        if now is not None:
            text += "\n" + _("This round you show {n}.", n=now)
        return Message(content=text)

    def ping(self, state: dict, who: str) -> str:
        return _("{who}: show your fingers (private) — see the panel ↑", who=who)

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        out = []
        for e in events:
            if e["type"] == "started":
                out.append(_("Fingers begins: {names}.", names=", ".join(names)))
            elif e["type"] == "picked":
                out.append(_("{who} has chosen.", who=names[e["seat"]]))
            elif e["type"] == "round_revealed":
                hands = ", ".join(f"{names[s]} {k} (+{g})" for s, (k, g) in enumerate(zip(e["shown"], e["gained"],
                                                                                            strict=True)))
                out.append(_("Round {round}: {hands}.", round=e["round"], hands=hands))
            elif e["type"] == "game_over":
                out.append(_("Game over."))
        return out

    def records(self, start_events: Sequence[dict], actions: Sequence[Mapping]) -> list[Record]:
        out: list[Record] = []
        cur = Record(heading=_("Round {round}", round=1))
        stream = [(None, e) for e in start_events] + [(a["seq"], e) for a in actions for e in a["events"]]
        for seq, e in stream:
            if e["type"] == "round_started" and cur.events and any(x["type"] == "round_revealed" for x in cur.events):
                out.append(cur)
                cur = Record(heading=_("Round {round}", round=e["round"]))
            cur.events.append(e)
            if e["type"] == "round_revealed":
                cur.close_seq = seq
        if cur.events:
            if not any(x["type"] == "round_revealed" for x in cur.events):
                cur.close_seq = None
            out.append(cur)
        return out

    def marks(self, events: Sequence[dict], before: dict | None) -> Marks:
        ended = next(({"round": e["round"]} for e in events if e["type"] == "round_revealed"), None)
        started = next(({"round": e["round"]} for e in events if e["type"] == "round_started" and before), None)
        return Marks(ended, started, any(e["type"] == "game_over" for e in events))

    def headlines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        return self.lines([e for e in events if e["type"] == "round_revealed"], names)[-2:]

    def caption(self, marks: Mapping[str, Any], names: Sequence[str]) -> str:
        if marks.get("ended"):
            return "**" + _("Round {round} shown", round=marks["ended"]["round"]) + "**"
        return "**" + _("Round {round}", round=(marks.get("started") or {}).get("round", 1)) + "**"

    def facts(self, state: dict) -> dict:
        return {"round": state["round"]}

    def heading(self, facts: Mapping[str, Any]) -> str:
        return _("Round {round}", round=facts.get("round", 1))

    def points(self, n: int) -> str:
        return n_("{n} finger", "{n} fingers", n)

    def result_line(self, result: SeatResult) -> str:
        return _("Fingers {n} · shown alone {alone}×", n=result.scores["fingers"], alone=result.detail["alone"])

    def standings(self, table: Table, state: dict) -> tuple[str, list[tuple[int, str]]]:
        order = sorted(range(len(state["scores"])), key=lambda s: -state["scores"][s])
        return _("Scores when it ended"), [(s, self.points(state["scores"][s])) for s in order]

    def category(self, key: str) -> str:
        return _("Fingers") if key == "fingers" else key

    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        return None

    def help(self) -> str:
        return _("**Fingers**: each round everyone shows 1 to 3 fingers at once, privately; a count nobody "
                 "else shows scores that many points.")

    def topics(self) -> list[str]:
        return [_("scoring")]

    def lookup(self, query: str) -> str | None:
        return self.help() if query.strip().lower() in ("scoring", _("scoring")) else None

    def suggestions(self, current: str) -> list[tuple[str, str]]:
        return [(_("scoring"), "scoring")]


SHOW = FingersShow()
