"""Persistence for the Discord bot: aiosqlite store, schema migrations."""

from .store import ChannelBusy, GameRow, Store

__all__ = ["ChannelBusy", "GameRow", "Store"]
