"""Per-channel locks that do not pile up: a lock lives while someone holds or awaits it."""

import asyncio
import weakref


class ChannelLock(asyncio.Lock):
    """An asyncio.Lock that knows how many are queued for it (to shed load with a clear answer)."""

    def __init__(self) -> None:
        super().__init__()
        self.queued = 0

    async def __aenter__(self):
        self.queued += 1
        try:
            return await super().__aenter__()
        finally:
            self.queued -= 1


class ChannelLocks:
    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, ChannelLock] = weakref.WeakValueDictionary()

    def __call__(self, channel_id: int) -> ChannelLock:
        lk = self._locks.get(channel_id)
        if lk is None:
            lk = self._locks[channel_id] = ChannelLock()
        return lk

    def __len__(self) -> int:
        return len(self._locks)
