"""Persistence for the Discord bot: the SQLite store (games, players, the append-only action log, turn
deadlines, the outbox of what the channel must show) and its schema migrations."""

from .errors import DatabaseGone, DatabaseMissing, NotOurDatabase, SchemaTooNew, StoreError
from .games import ChannelBusy
from .rows import GameRow, OutboxItem, Player
from .store import Store

__all__ = ["ChannelBusy", "DatabaseGone", "DatabaseMissing", "GameRow", "NotOurDatabase", "OutboxItem",
           "Player", "SchemaTooNew", "Store", "StoreError"]
