"""What a call of the game service answers (Outcome), its refusals, and the guard that refuses a change the
store cannot save."""

import functools
from dataclasses import dataclass, field

from db import GameRow, StoreError
from db.errors import DatabaseDamaged
from i18n import N_, _

NOT_PLAYING = N_("You are not playing in this game.")
UNAVAILABLE = N_("I can't save games right now, so nothing was changed. The bot's operator has been told: "
                 "please try again later.")


@dataclass
class Outcome:
    ok: bool
    message: str = ""          # the reason shown to the user when not ok
    code: str = ""             # machine-readable reason: stale, not_player, not_turn, ...
    game: GameRow | None = None
    state: dict | None = None  # the new state (ok) or the current one
    before: dict | None = None  # the state the action was applied to
    events: list = field(default_factory=list)          # public events of the action
    line: str = ""
    seat: int | None = None
    fresh: list = field(default_factory=list)  # people who now have a new decision to make


def refuse(code: str, message: str, game: GameRow | None = None) -> Outcome:
    return Outcome(False, message, code, game, game.state if game else None)


def guarded(method):
    """A change that cannot be saved (the disk is full, the database is read-only, gone or unreachable) is
    refused with a clear message; nothing was changed. The store says the cause once in the log
    (db/faults.py), not once per call. A game whose record is damaged (DatabaseDamaged, met by a read or a
    write) is not refused here: the one error handler names it once and tells its channel once
    (app/damage.py)."""
    @functools.wraps(method)
    async def run(self, *a, **kw):
        try:
            return await method(self, *a, **kw)
        except DatabaseDamaged as e:  # (the methods' first argument is their game's id, new_lobby's aside)
            raise e.about(game_id=a[0] if a and isinstance(a[0], int) else None) from e.__cause__
        except StoreError:
            return refuse("unavailable", _(UNAVAILABLE))
    return run

