"""The game service: lobby, start, moves, and every write to the store. Discord-free, so it can be
tested directly.

Every accepted action is validated against the stored state and written (log row + new state +
turn deadlines + what the channel must now show, one transaction, optimistic version check) before
anything is answered. Callers hold `lock(channel_id)` around a change and the reply that shows it.

AI seats and timed-out players act through `auto`, the same path, so engine.replay of the log always
rebuilds the stored state. What a change promises to show (the day's record and image, results, a
new panel, pings) is an outbox item written with it (app/outbox.py); the courier delivers it.

One GameService, one module per job: the lobby (lobby.py), play (play.py), taking a move back
(takeback.py), leaving and ending (ending.py), the courier's bookkeeping (bookkeeping.py) and reading
(reading.py); what they share in core.py (the state, the deadlines a change sets), what a call answers in
outcome.py."""

from .bookkeeping import Bookkeeping
from .ending import Ending
from .lobby import Lobby
from .play import Play
from .reading import Reading
from .takeback import TakeBack


class GameService(Lobby, Play, TakeBack, Ending, Bookkeeping, Reading):
    """Every job's methods on one object, sharing one state (ServiceCore): `bot.service.<method>`, whichever
    module holds it; a method replaced on the object (a test's, a bench's) is the one every job calls."""
