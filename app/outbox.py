"""What a committed change promises to show in the channel, as outbox items (kind, data).

The items hold facts, not text: the courier (cogs/courier.py) builds the messages when it delivers
them, in the game's language, from the stored game and its action log. A game says where its
chapters begin and end (a day, a round, a hand: Show.chapter, engine/chapters.py); kinds, in delivery order:

- freeze:    the panel of the chapter that ended becomes its record (an edit; no new message)
- image:     the chapter's picture at the item's version, with a caption (chapter ended / begins)
- results:   the final results (game over)
- standings: the standings of a game ended early
- panel:     a new action panel under the new image
- ping:      a short mention of the people who now have a decision (a reminder at half time)
"""

from engine import chapters
from engine.protocol import Game


def crosses(game: Game, events: list) -> bool:
    """Whether an action's public events cross a chapter's boundary (or end the game)."""
    return bool(chapters.crossing(game.show, events))


def promised(game: Game, before: dict | None, after: dict, events: list, panel_id: int | None,
             ping: list) -> tuple[list, bool]:
    """(items, new_panel) for a commit: the state before (None at the start of a game) and after, the
    action's public events, the panel message shown so far, the seats to ping. new_panel: the current
    panel becomes a record and a new one is posted under the chapter's picture. The items hold facts:
    the chapter that ended is found by the courier in the game's records (engine/chapters.py)."""
    m = chapters.crossing(game.show, events, started=before is not None or game.show.opening_picture)
    over = game.rules.is_over(after)
    items: list = []
    new_panel = bool(m) or before is None
    if m:
        if panel_id is not None and before is not None:
            items.append(("freeze", {"panel": panel_id}))
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
        items.append(("freeze", {"panel": panel_id, "ended_early": True}))
    items.append(("standings", {"reason": reason}))
    return items
