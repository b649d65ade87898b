"""What Discord shows of Fingers (the protocol's Show), from views only: the panel, a seat's decision, the
story and its chapters (a round each), help. The rest (pings, the lobby's line, results, captions) the
host says in its own words."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Button, Mark, Message, Picture, Show, Table
from i18n.topics import Topics

from .lang import N_, _
from .rules import FINGERS, RULES


class FingersShow(Show):
    categories = {"fingers": N_("Fingers")}
    topics = Topics(("scoring",), lambda k: _("scoring"),
                    lambda k: _("**Scoring**: each round everyone shows 1 to 3 fingers at once, privately; a count "
                                "nobody else shows scores that many points."),
                    lambda: _("**Fingers**: 2-4 players show 1 to 3 fingers at once; a count nobody else shows "
                              "scores. Press **Decide** for your own choice; **Full board** shows the table."))

    def panel(self, table: Table, view: dict) -> Message:
        waiting = RULES.deciders(view)
        lines = [_("Everyone shows 1 to 3 fingers at once: a count nobody else shows scores."),
                 _("Still deciding: {who}", who=", ".join(f"**{table.names[s]}**" for s in waiting))]
        lines += [f"• {x}" for x in table.recent[-3:]]
        return Message(content=_("Waiting for {who}.", who=", ".join(table.mentions[s] for s in waiting)),
                       title=_("Fingers — round {round} of {rounds}", round=view["round"], rounds=view["rounds"]),
                       body="\n".join(lines),
                       fields=[(table.names[s], str(v)) for s, v in enumerate(view["scores"])],
                       footer=_("Game {id} · move {move}", id=table.id, move=view["seq"]),
                       controls=[Button(_("Decide (private)"), "decide", "primary", "✋", row=0)])

    def decision(self, table: Table, view: dict, seat: int, picked: Sequence[str] = ()) -> Message:
        return Message(content=_("How many fingers do you show?"),
                       controls=[Button(str(k), f"{seat}:show:{k}", "primary", row=0) for k in FINGERS],
                       picture=Picture("round", (view, []), "hands.png"))

    def lines(self, events: Sequence[dict], names: Sequence[str]) -> list[str]:
        out = []
        for e in events:
            if e["type"] == "started":
                out.append(_("Fingers begins: {names}.", names=", ".join(names)))
            elif e["type"] == "picked":
                out.append(_("{who} has chosen.", who=names[e["seat"]]))
            elif e["type"] == "revealed":
                hands = ", ".join(f"{names[s]} {k} (+{g})" for s, (k, g) in enumerate(zip(e["shown"], e["gained"],
                                                                                            strict=True)))
                out.append(_("Round {round}: {hands}.", round=e["round"], hands=hands))
            elif e["type"] == "game_over":
                out.append(_("Game over."))
        return out

    def chapter(self, event: dict) -> Mark | None:
        t = event["type"]
        if t == "round_started":
            return Mark(begins={"round": event["round"]})
        if t in ("revealed", "game_over"):
            return Mark(ends=True, over=t == "game_over", headline=t == "revealed")
        return None

    def heading(self, facts: Mapping[str, Any]) -> str:
        return _("Round {round}", round=facts.get("round", 1))


SHOW = FingersShow()
