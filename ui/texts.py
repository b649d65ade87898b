"""Short texts shared by several messages: mentions, pings, timers, captions, headings."""

from db import GameRow


def mention(game: GameRow, seat: int) -> str:
    uid = game.user_at(seat)
    return f"<@{uid}>" if uid and uid > 0 else f"**{game.display(seat)}**"


def ping_text(game: GameRow, seats: list[int]) -> str:
    """The short message that notifies people of their new decision (an edited panel notifies no one).
    It is posted under the panel, also when a day's image and a new panel come first."""
    where = "see the panel ↑"
    who = " ".join(mention(game, s) for s in seats)
    state = game.state
    if state["stage"] == "turn":
        return f"{who}, your turn — {where}"
    what = {"town": "the town visit", "pioneer": "your pioneer"}.get(state["stage"])
    if what is None:
        what = f"the {state['disasters'][0].title()}" if state["disasters"] else "the disaster"
    return f"{who}: decide {what} (private) — {where}"


def reminder_text(game: GameRow, seats: list[int], due_at: float) -> str:
    who = " ".join(mention(game, s) for s in seats)
    return (f"⏰ {who}: half of your time is left. The AI decides for you <t:{int(due_at)}:R> — "
            "see the panel ↑")


def timer_text(seconds: int) -> str:
    if not seconds:
        return "off"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    return f"{seconds // 60} min"


def heading(facts: dict) -> str:
    """The title of a finished panel: what part of the game it covered (app.outbox.heading_facts)."""
    st = facts["stage"]
    if st == "ended":
        return "Game ended"
    if st == "disaster":
        d = facts.get("disaster") or "disaster"
        return f"Week {facts['week']}, day {facts['day']} — {d.title()}"
    if st == "town":
        return f"Week {facts['week']} — town visit"
    if st == "pioneer":
        return "Pioneers chosen"
    return f"Week {facts['week']}, day {facts['day']}"


def caption(marks: dict, names: list[str]) -> str:
    """The line over a day's table image: the day that ended and/or the day that begins."""
    bits = []
    if marks.get("ended"):
        e = marks["ended"]
        bits.append(f"End of week {e['week']}, day {e['day']}")
    if marks.get("started"):
        s = marks["started"]
        bits.append(f"Week {s['week']}, day {s['day']} begins — {names[s['start']]} starts")
    return " · ".join(f"**{x}**" for x in bits)


def title(state: dict) -> str:
    if state["stage"] == "pioneer":
        return "Pioneer Days — choosing pioneers"
    if state["stage"] == "over":
        return "Pioneer Days — game over"
    return f"Pioneer Days — week {state['week']}, day {state['day']}"
