"""The day a game of the day belongs to (Game.daily): one clock for the games' daily options and the host's
day board (/play daily), so both always name the same day. UTC: every server's same day. Tests pin it
(tests/conftest.py): a day's game is made from its date."""

import datetime as dt


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()
