"""Under load every click gets an answer within Discord's 3 s: one that reaches the bot already late is
answered "busy" at once (nothing applied). That an acknowledgement is not queued behind other clicks'
work is measured by bench/load.py (interactions, failed, p99)."""

import pytest
from simharness import answer, click_payload, emit_clicks, first_choice, message, start_game, table

from cogs.table import LATE_S


async def test_a_click_arriving_late_is_answered_busy_and_changes_nothing(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 3)
    await start_game(env, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    panel = message(env, channel, game.panel_message_id)
    player = next(a for a in actors if a.id == game.user_at(game.state["turn"]))
    cid, _label, value = first_choice(panel)
    assert value is not None  # the panel's menu: a select's click is checked against the game as read
    rec, payload = click_payload(env, player, panel, cid, [value])
    # Discord made the interaction LATE_S + 0.5 s ago (a backlog, a pause): its id says when
    env.backend.advance_clock(LATE_S + 0.5)
    before = len(await bot.store.actions(game.id))
    reads = []
    read = bot.service.game
    bot.service.game = lambda *a, **k: reads.append(a) or read(*a, **k)
    await emit_clicks(env, [(rec, payload)])
    assert rec.responded
    assert "busy" in answer(env, rec)
    assert reads == []  # turned away before anything is read: in an overload it costs next to nothing
    assert len(await bot.store.actions(game.id)) == before
    assert (await bot.store.open_game_in_channel(channel.id)).seq == game.seq


def test_lateness_is_measured_against_the_least_age_seen_so_a_wrong_clock_turns_nothing_away():
    from cogs.table import Lateness
    fast = Lateness()  # this machine's clock 5 s ahead of Discord's: every click looks 5 s old
    assert [round(fast.late(5.0 + d), 2) for d in (0.02, 0.0, 0.05, 0.01)] == [0.0, 0.0, 0.04, 0.0]
    assert fast.late(5.0 + LATE_S + 0.5) > LATE_S  # one really late among them still is
    slow = Lateness()  # 3 s behind: clicks look as if from the future
    assert slow.late(-3.0) == 0.0 and slow.late(-3.0 + LATE_S + 0.5) > LATE_S
    creeping = Lateness()  # a clock set right again is followed: the least age creeps up
    creeping.late(-60.0)
    assert all(creeping.late(0.0) >= 0 for _ in range(10))
    assert creeping.least == pytest.approx(-60.0 + 10 * Lateness.CREEP)
