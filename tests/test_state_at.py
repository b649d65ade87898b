"""The state of a version the game has moved past (the picture of a day shown after the next move): the
one this process saved, read back, not rebuilt by replaying the log; equal to the replay all the same."""

import pytest
from simharness import play_step, start_game, table

import engine
from app.service import reading
from app.tables import game_of


async def test_a_version_saved_lately_is_read_back_and_equals_its_replay(simcord_env, simcord_bot, monkeypatch):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    seqs = []
    for _ in range(8):
        assert await play_step(env, bot, channel, actors)
        seqs.append((await bot.store.open_game_in_channel(channel.id)).seq)
    game = await bot.store.open_game_in_channel(channel.id)
    replayed = {}
    for seq in seqs[:-1]:
        replayed[seq], _events = engine.rebuild(game_of(game).rules, game.config or {}, game.seed,
                                                await bot.store.action_ids(game.id, before=seq))

    def no_replay(*_a, **_k):
        raise AssertionError("rebuilt from the log")
    monkeypatch.setattr(reading.engine, "rebuild", no_replay)
    for seq in seqs[:-1]:
        assert engine.to_json(await bot.service.state_at(game, seq)) == engine.to_json(replayed[seq])
    # one it never saved (forgotten: a restart) is rebuilt
    bot.service._saved.clear()
    with pytest.raises(AssertionError, match="rebuilt"):
        await bot.service.state_at(game, seqs[0])
