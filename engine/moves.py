"""What a component asks the game to do, parsed once at the boundary (python-chess's Move.from_uci()
and .uci() are the model): a typed value that the service, the plans and the tests pass around.

Two forms, each one line of text (they travel inside Discord custom_ids and select values):
- an engine action: "2:take:blue:wood"        -> Move(seat=2, kind="action", arg="take:blue:wood")
- a whole plan:     "2@turn/blue/wood/income" -> Move(seat=2, kind="plan", arg="turn/blue/wood/income")
A plan is expanded into engine actions by app.plans against the state it is applied to."""

import functools
import re
from dataclasses import dataclass

ACTION = re.compile(r"(?P<seat>[0-9]) *: *(?P<body>[a-z]+(?::[A-Za-z0-9_]+){0,3})")
PLAN = re.compile(r"(?P<seat>[0-9])@(?P<body>[a-z]+(?:/[A-Za-z0-9_.-]*){0,6})")
MAX = 80  # fits a custom_id with its "pd:{game}:{version}:" prefix (Discord: 100)


class BadMove(ValueError):
    pass


@dataclass(frozen=True)
class Move:
    seat: int
    kind: str  # "action" | "plan"
    arg: str

    @classmethod
    def parse(cls, text: str) -> "Move":
        move = parsed(text) if isinstance(text, str) else None
        if move is None:
            raise BadMove(f"not a move: {str(text)[:40]!r}")
        return move

    @classmethod
    def action(cls, action_id: str) -> "Move":
        """From an engine action id ("2:take:blue:wood")."""
        seat, _, body = action_id.partition(":")
        return cls(int(seat), "action", body)

    @classmethod
    def plan(cls, seat: int, *parts) -> "Move":
        return cls(seat, "plan", "/".join(str(p) for p in parts))

    def text(self) -> str:
        return f"{self.seat}:{self.arg}" if self.kind == "action" else f"{self.seat}@{self.arg}"

    @property
    def parts(self) -> list[str]:
        return self.arg.split("/") if self.kind == "plan" else self.arg.split(":")

    def __str__(self) -> str:
        return self.text()


@functools.lru_cache(maxsize=4096)  # (a panel's every button is parsed each time it is built; a Move is frozen)
def parsed(text: str) -> Move | None:
    """The move a text says, or None (a verb, a pick, anything else)."""
    if len(text) > MAX:
        return None
    m = ACTION.fullmatch(text)
    if m:
        return Move(int(m["seat"]), "action", m["body"])
    m = PLAN.fullmatch(text)
    if m:
        return Move(int(m["seat"]), "plan", m["body"])
    return None
