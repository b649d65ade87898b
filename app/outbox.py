"""What a committed change promises to show in the channel, as outbox items (kind, data).

The items hold facts, not text: the courier (cogs/courier.py) builds the messages when it delivers
them, in the game's language, from the stored game and its action log. A game says where its
chapters begin and end (a day, a round, a hand: Show.marks); kinds, in delivery order:

- freeze:    the panel of the chapter that ended becomes its record (an edit; no new message)
- image:     the chapter's picture at the item's version, with a caption (chapter ended / begins)
- results:   the final results (game over)
- standings: the standings of a game ended early
- panel:     a new action panel under the new image
- ping:      a short mention of the people who now have a decision (a reminder at half time)
"""

from engine.protocol import Game, Marks


def crosses(marks: Marks) -> bool:
    return bool(marks.ended or marks.started or marks.over)


def promised(game: Game, before: dict | None, after: dict, events: list, panel_id: int | None,
             ping: list) -> tuple[list, bool]:
    """(items, new_panel) for a commit: the state before (None at the start of a game) and after, the
    action's public events, the panel message shown so far, the seats to ping. new_panel: the current
    panel becomes a record and a new one is posted under the chapter's picture."""
    m = game.show.marks(events, before)
    over = game.rules.is_over(after)
    items: list = []
    new_panel = crosses(m) or before is None
    if crosses(m):
        if panel_id is not None and before is not None:
            items.append(("freeze", {"panel": panel_id, "heading": game.show.facts(before)}))
        if m.ended or m.started:
            items.append(("image", {"ended": m.ended, "started": m.started}))
        if m.over:
            items.append(("results", {}))
    if not over and new_panel:
        items.append(("panel", {}))
    if ping and not over:
        items.append(("ping", {"seats": sorted(ping)}))
    return items, new_panel


def ended(state: dict | None, panel_id: int | None, reason: str) -> list:
    """A game ended early (/play end, everyone left): its panel is closed, the standings posted."""
    items: list = []
    if state is not None and panel_id is not None:
        items.append(("freeze", {"panel": panel_id, "heading": {"stage": "ended"}}))
    items.append(("standings", {"reason": reason}))
    return items
