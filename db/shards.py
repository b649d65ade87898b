"""Which games one bot process drives when the bot runs as several (docs/SCALING.md): the SQL twin of
app/shards.py `shard_of`, for the queries that list games at start-up and for the turn timers.

`owned` is (shard count, shard ids) or None (one process drives every game: no condition at all, the
queries stay as they were)."""

from collections.abc import Sequence

Owned = tuple[int, Sequence[int]]


def owned_sql(guild_column: str, owned: Owned) -> str:
    """A condition true for the games of these shards: Discord's (guild_id >> 22) % shard_count, a game
    without a guild (a DM) on shard 0. The numbers are checked ints, so they are written in the SQL
    (no placeholder whose type PostgreSQL would have to guess)."""
    count, ids = owned
    listed = ",".join(str(int(i)) for i in ids) or "-1"
    return f"((COALESCE({guild_column}, 0) >> 22) % {int(count)}) IN ({listed})"
