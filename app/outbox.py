"""What a committed change promises to show in the channel, as outbox items (kind, data).

The items hold facts, not text: the courier (cogs/channel.py) builds the messages when it delivers
them, in the game's language, from the stored game and its action log. Kinds, in delivery order:

- freeze:    the panel of the day that ended becomes that day's record (an edit; no new message)
- image:     the public table image at the item's version, with a caption (day ended / day begins)
- results:   the final results (game over)
- standings: the standings of a game ended early
- panel:     a new action panel under the new image
- ping:      a short mention of the people who now have a decision (a reminder at half time)
"""


def day_marks(events: list, before: dict | None) -> dict:
    """The day boundaries crossed by one action's events: {"ended": {week, day} | None,
    "started": {week, day, start} | None, "over": bool}."""
    m: dict = {"ended": None, "started": None, "over": False}
    for e in events:
        if e["type"] == "disaster_advanced" and e["why"] == "leftover" and before:
            m["ended"] = {"week": before["week"], "day": before["day"]}
        elif e["type"] == "day_started":
            m["started"] = {"week": e["week"], "day": e["day"], "start": e["start"]}
        elif e["type"] == "game_over":
            m["over"] = True
    return m


def crosses(marks: dict) -> bool:
    return bool(marks["ended"] or marks["started"] or marks["over"])


def heading_facts(state: dict) -> dict:
    """What part of the game a panel covered (its title once frozen)."""
    disaster = state["disasters"][0] if state["stage"] == "disaster" and state["disasters"] else None
    return {"stage": state["stage"], "week": state["week"], "day": state["day"], "disaster": disaster}


def promised(before: dict | None, after: dict, events: list, panel_id: int | None, ping: list) -> tuple:
    """(items, new_panel) for a commit: the state before (None at the start of a game) and after, the
    action's public events, the panel message shown so far, the seats to ping. new_panel: the current
    panel becomes a record and a new one is posted under the day's image."""
    m = day_marks(events, before)
    items = []
    new_panel = crosses(m) or before is None
    if crosses(m):
        if panel_id is not None and before is not None:
            items.append(("freeze", {"panel": panel_id, "heading": heading_facts(before)}))
        if m["ended"] or m["started"]:
            items.append(("image", {"ended": m["ended"], "started": m["started"]}))
        if m["over"]:
            items.append(("results", {}))
    if after["stage"] != "over" and new_panel:
        items.append(("panel", {}))
    if ping and after["stage"] != "over":
        items.append(("ping", {"seats": sorted(ping)}))
    return items, new_panel


def ended(state: dict | None, panel_id: int | None, reason: str) -> list:
    """A game ended early (/pioneer end, everyone left): its panel is closed, the standings posted."""
    items = []
    if state is not None and panel_id is not None:
        items.append(("freeze", {"panel": panel_id, "heading": {"stage": "ended"}}))
    items.append(("standings", {"reason": reason}))
    return items
