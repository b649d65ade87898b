"""What every part of the game service shares: its state (the store, the clock, the channels' locks, what it
remembers of the last moves and of the states it saved lately) and what every saved change does (the turn
deadlines it sets, the wake-up of the timers, the state it keeps)."""

import logging
import time
from collections import OrderedDict
from collections.abc import Callable

from db import GameRow, Store

from .. import undo
from ..clicks import ClickJournal
from ..damage import Damage
from ..locks import ChannelLocks
from ..tables import game_of

log = logging.getLogger("bot.service")
RECENT = 16  # narrated lines kept for the live panel
SAVED_KEPT = 256  # states saved lately kept as text (state_at), a few KB each


class ServiceCore:
    """The state every job of the service reads and writes, and what each saved change does after it."""

    def __init__(self, store: Store, clock=time.time):
        self.store = store
        self.clock = clock          # unix seconds; injectable so tests (and SimCord) control time
        self.on_deadline: Callable[[float], None] | None = None  # called with the earliest new deadline
        self.lock = ChannelLocks()  # lock(channel_id): serialises every change to the channel's game
        self._last: dict[int, tuple[int, undo.LastMove | None]] = {}  # game id: (seq, its last move in effect)
        self.damage = Damage()  # games found damaged: named once, told once
        self.clicks = ClickJournal(None)  # clicks acknowledged but not yet saved (app/clicks.py): ended here
        # the states this process saved lately, as saved (game id, seq) -> JSON: the picture of a version
        # the game has already moved past (the next move came before the courier showed it) is read here
        # instead of being rebuilt by replaying the whole log. Versions only grow (an undo makes a new one).
        self._saved: OrderedDict[tuple[int, int], str] = OrderedDict()
        # game id: seat: when its person last acted (unix seconds), for whom to ping (cogs/pings.py); in memory:
        # after a restart each person is pinged once more at most
        self.acted: dict[int, dict[int, float]] = {}

    def last_acted(self, game_id: int, seat: int) -> float | None:
        return self.acted.get(game_id, {}).get(seat)

    def plan(self, game: GameRow, before: dict | None, after: dict) -> tuple[dict, list]:
        """The deadlines after a change ({seat: None to keep the running one, or a new (seq, due, remind)})
        and the people who now face a new decision. A decision that goes on (same key, same seat)
        keeps its deadline, so the timer covers a whole turn, not each click."""
        rules = game_of(game).rules
        if rules.is_over(after):
            return {}, []
        going_on = set(rules.deciders(before)) \
            if before and rules.decision_key(before) == rules.decision_key(after) else set()
        timer = game.options.get("timer", 0)
        now = self.clock()
        plan: dict[int, tuple | None] = {}
        fresh: list[int] = []
        for s in rules.deciders(after):
            if game.is_ai(s):
                continue
            if s in going_on:
                plan[s] = None
            else:
                fresh.append(s)
                if timer:
                    plan[s] = (after["seq"], now + timer, now + timer / 2)
        return plan, fresh

    def _notify(self, plan: dict) -> None:
        new = [row[2] for row in plan.values() if row is not None]
        if new and self.on_deadline is not None:
            self.on_deadline(min(new))

    def _keep(self, game_id: int, seq: int, saved: str) -> None:
        self._saved[(game_id, seq)] = saved
        if len(self._saved) > SAVED_KEPT:
            self._saved.popitem(last=False)
