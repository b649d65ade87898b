"""A damaged database file, through the real bot: pages of one game's rows and of an index overwritten with
random bytes (a fixed seed). The game that can't be read is named once in the log and its channel told
once; a click on it gets a clear private answer; the other games play on; the commands that need no game
(help, rules, a new game in another channel, stats) still work; nothing answers "Something went wrong"."""

import random
import sqlite3

import pytest
from simharness import first_action, kill_switch, message, play_step, private, start_game
from test_bot_storage_full import TRACEBACKS

from db import Store
from db.errors import DatabaseDamaged

SEED = 7


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


def pages_of(db_path: str, game_id: int) -> tuple[list[int], int]:
    """The file's pages that hold only this game's rows (its games row, its log's leaves), and the page
    size. The file is vacuumed first: no stale copies of rows in free pages."""
    conn = sqlite3.connect(db_path)
    conn.execute("VACUUM")
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    leaves = {name: [(p, n) for p, n in conn.execute(
        "SELECT pageno, ncell FROM dbstat WHERE name=? AND pagetype='leaf' ORDER BY path", (name,))]
        for name in ("games", "actions")}
    owners = {"games": [r[0] for r in conn.execute("SELECT id FROM games ORDER BY rowid")],
              "actions": [r[0] for r in conn.execute("SELECT game_id FROM actions ORDER BY rowid")]}
    conn.close()
    mine = []
    for name, rows in leaves.items():
        at = 0
        for page, cells in rows:  # a table's leaves in key order hold its rows in rowid order
            held = set(owners[name][at:at + cells])
            at += cells
            if held == {game_id}:
                mine.append(page)
        assert at == len(owners[name]), f"{name}: the leaves do not add up to the rows"
    return mine, size


def index_pages(db_path: str, index: str) -> list[int]:
    conn = sqlite3.connect(db_path)
    try:
        return [r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name=?", (index,))]
    finally:
        conn.close()


def overwrite(db_path: str, pages: list[int], size: int, seed: int) -> None:
    rng = random.Random(seed)
    raw = bytearray(open(db_path, "rb").read())
    for p in pages:
        raw[(p - 1) * size:p * size] = bytes(rng.randrange(256) for _ in range(size))
    open(db_path, "wb").write(bytes(raw))


async def test_a_damaged_game_is_named_once_and_everything_else_goes_on(simcord_env, simcord_bot, make_bot,
                                                                      db_path, caplog):
    env, bot = simcord_env, simcord_bot
    guild = env.create_guild()
    people = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cy", "dee", "eve", "fay")]
    channels = [guild.create_text_channel(f"table-{i}") for i in range(3)]
    for i, ch in enumerate(channels):  # one game after the other: each game's log fills leaves of its own
        await start_game(env, ch, people[2 * i:2 * i + 2])
        for _ in range(30):
            assert await play_step(env, bot, ch, people)
    empty = guild.create_text_channel("no-game")
    (bad_ch, *good) = channels
    bad = await current(bot, bad_ch)
    kill_switch(bot)
    await env.settle()
    await bot.store.close()
    bot.store = None
    mine, size = pages_of(db_path, bad.id)
    assert len(mine) >= 2, mine  # its row and at least one leaf of its log
    damaged = mine + index_pages(db_path, "results_by_day")  # and an index no game needs to play
    overwrite(db_path, damaged, size, SEED)

    caplog.clear()
    new = make_bot()
    await env.restart_bot(new)
    await env.settle()
    assert new.store.problems, "PRAGMA quick_check found nothing"
    told = [m for m in bad_ch.history() if "can't be read" in m.content]
    assert len(told) == 1 and f"game {bad.id}" in told[0].content
    named = [r for r in caplog.records if r.name == "bot.damage"]
    assert len(named) == 1 and f"game {bad.id}" in named[0].getMessage()

    # a click on the damaged game: a clear private answer; its channel is not told again, nor the log
    panel = message(env, bad_ch, bad.panel_message_id)
    player = next(p for p in people if p.id == bad.players[0].user_id)
    move = first_action(panel)  # (a move, or Decide when everyone decides at once)
    res = await (player.click(panel, custom_id=move["custom_id"]) if move else
                 player.click(panel, label="Decide (private)"))
    assert "damaged and can't be loaded" in private(res)
    res = await player.slash(bad_ch, "pioneer board")
    assert "damaged" in private(res)
    assert len([m for m in bad_ch.history() if "can't be read" in m.content]) == 1
    assert len([r for r in caplog.records if r.name == "bot.damage"]) == 1

    # the games that can be read play on, their commands too
    for ch in good:
        for _ in range(6):
            assert await play_step(env, new, ch, people)
        res = await people[2].slash(ch, "pioneer board")
        assert "damaged" not in private(res) and "went wrong" not in private(res)

    # the commands that need no game work in a channel without one
    ann = people[0]
    assert "**Games**" in private(await ann.slash(empty, "pioneer help"))
    assert "Topics" in private(await ann.slash(empty, "pioneer rules"))
    stats = await ann.slash(empty, "pioneer stats")
    assert stats.response.embeds and "record — ann" in stats.response.embeds[0].title
    lobby = await ann.slash(empty, "pioneer new", where="channel")
    assert not lobby.ephemeral and (await current(new, empty)).status == "lobby"
    assert not any(t in caplog.text for t in TRACEBACKS), [r.getMessage() for r in caplog.records if r.exc_info]


async def test_a_file_whose_schema_is_damaged_stops_the_start_with_a_clear_reason(tmp_path):
    path = str(tmp_path / "pioneer.sqlite3")
    await (await Store.open(path, create=True)).close()
    conn = sqlite3.connect(path)
    schema = [r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name='sqlite_schema'")]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    assert [p for p in schema if p != 1], "the schema fits on page 1"
    overwrite(path, [p for p in schema if p != 1], size, SEED)  # the schema's pages, the header kept
    with pytest.raises(DatabaseDamaged, match="restore it from a backup"):
        await Store.open(path)


async def test_damage_found_by_ai_seats_or_timers_tells_the_channel_once():
    """What finds damage without Discord at hand (AI seats, timers) reports it; the channel is told the
    first time only, through the teller bot.py sets (the courier)."""
    from app.damage import Damage
    told: list = []

    async def tell(gid, cid):
        told.append((gid, cid))
    damage = Damage()
    damage.teller = tell
    e = DatabaseDamaged("database disk image is malformed")
    await damage.report(e, 7)
    await damage.report(e, 7)  # the timers meet it again: said already
    assert told == [(7, None)]
    assert damage.found(e, 7) is False  # the error handler's later report is silent too
