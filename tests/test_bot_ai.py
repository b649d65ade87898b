"""AI seats, solo play, /pioneer leave and the "your turn" pings, through slash commands and clicks."""

import os
import signal

import discord
import pytest
from simharness import controls, message, people_deciding, play_step, private, start_game, table, text

import games.pioneer_days.rules as engine
from games.pioneer_days.ai import choose


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


async def last_game(bot, channel):
    return await bot.store.game((await bot.store.game_ids_in_channel(channel.id))[-1])


async def lobby_with_ais(env, channel, host, *levels, **options):
    lobby = (await host.slash(channel, "pioneer new", where="channel", **options)).response
    for level in levels:
        res = await host.click(lobby, label=f"Add AI ({level})")
        assert not res.ephemeral, res.response.content
    return lobby


def pings(channel) -> list:
    return [m for m in channel.history() if "see the panel" in m.content]


async def test_solo_game_one_person_three_easy_ais_to_game_over(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await lobby_with_ais(env, channel, ann, "easy", "easy", "easy")
    await ann.click(lobby, label="Start the game")
    game = await current(bot, channel)
    assert [game.display(s) for s in range(4)] == ["ann", "🤖 Easy AI 1", "🤖 Easy AI 2", "🤖 Easy AI 3"]
    assert game.state["players"][1]["name"] == "Easy AI 1"  # the engine and images: no emoji
    steps = together = 0
    while True:
        game = await current(bot, channel)
        if game is None:
            break
        assert people_deciding(game) == [0], "ann is the only one the game ever waits for"
        if game.state["stage"] != "turn":  # a disaster or town visit: the AIs have decided already
            assert all(game.state["pending"][s] is None for s in (1, 2, 3))
            together += 1
        assert await play_step(env, bot, channel, [ann])
        steps += 1
        assert steps < 400, "the game does not end"
    g = await last_game(bot, channel)
    assert g.status == "over" and together > 0
    assert engine.to_json(await bot.service.replayed(g)) == g.state_json  # AI moves are logged moves
    log = await bot.store.actions(g.id)
    assert {r["user_id"] for r in log if r["seat"] == 0} == {ann.id}  # ann clicked only her own
    assert all(r["user_id"] < 0 for r in log if r["seat"] != 0)
    assert len(log) > 2 * steps
    final = channel.history()[-1]
    assert final.embeds[0].title == "Game over"
    assert "🤖 Easy AI" in " ".join(f.name for f in final.embeds[0].fields)
    panels = " ".join(text(m) for m in channel.history())
    assert "🤖 Easy AI 2 took" in panels
    assert not pings(channel), "no ping is left once the game is over"


async def test_lobby_add_and_remove_ai_by_the_host_only(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "pioneer new", where="channel", timer=0)).response
    res = await ann.click(lobby, label="Start the game")
    assert "add an AI" in private(res)  # alone: solo needs an AI
    for who, label in ((bob, "Add AI (easy)"), (bob, "Remove AI")):
        res = await who.click(lobby, label=label)
        assert "Only the host" in private(res)
    res = await ann.click(lobby, label="Remove AI")
    assert "no AI player" in private(res)
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Add AI (hard)")
    said = text(message(env, channel, lobby.id))
    assert "2. 🤖 Easy AI 1\n" in said and "3. 🤖 Hard AI 2\n" in said  # the level is in the name: said once
    await ann.click(lobby, label="Remove AI")  # the last one added goes
    said = text(message(env, channel, lobby.id))
    assert "Easy AI 1" in said and "Hard AI 2" not in said
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Add AI (hard)")
    res = await ann.click(lobby, label="Add AI (easy)")
    assert "full" in private(res)
    await ann.click(lobby, label="Start the game")
    game = await current(bot, channel)
    assert [(p.name, p.ai) for p in game.players] == [("ann", None), ("Easy AI 1", "easy"), ("bob", None),
                                                      ("Hard AI 2", "hard")]
    assert await bot.store.deadlines(game.id) == {}  # timer off


@pytest.mark.parametrize("processes", [0, 1], ids=["thread", "worker-process"])
async def test_a_person_and_a_hard_ai_play_a_few_days(simcord_env, make_bot, processes):
    env, bot = simcord_env, make_bot(ai_processes=processes)
    await env.restart_bot(bot)
    guild, channel, (ann,) = table(env, 1)
    lobby = await lobby_with_ais(env, channel, ann, "hard")
    await ann.click(lobby, label="Start the game")
    while (g := await current(bot, channel)).state["day"] < 4:
        assert await play_step(env, bot, channel, [ann])
    log = await bot.store.actions(g.id)
    assert sum(r["seat"] == 1 and ":take:" in r["action_id"] for r in log) >= 3  # a die a day at least
    assert engine.to_json(await bot.service.replayed(g)) == g.state_json
    # every AI move is the hard AI's choice for the stored state, seeded by the game: reproducible.
    # (The stored state, key-sorted JSON, is what the bot gives the AI, also after a restart; the
    # hard AI's choice can depend on the key order of an in-memory state.)
    state, _ = engine.new_game(g.config, g.seed)
    for r in log:
        if r["seat"] == 1:
            stored = engine.from_json(engine.to_json(state))
            expected = choose(stored, 1, "hard", seed=g.seed, budget=bot.settings.ai_hard_budget)
            assert expected.id == r["action_id"]
        state = engine.apply(state, r["action_id"]).state
    panel = message(env, channel, g.panel_message_id)
    assert "🤖 Hard AI 1" in text(panel)
    assert (bot.ai.workers.pool is not None) == bool(processes)  # the hard AI thought where it was told to


async def test_leave_gives_the_seat_to_an_ai_and_the_last_one_out_ends_the_game(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    ann, bob, cy = actors
    await start_game(env, channel, actors)
    while (await current(bot, channel)).state["turn"] != 1:
        assert await play_step(env, bot, channel, actors)
    res = await bob.slash(channel, "pioneer leave")
    assert "An AI (easy) takes your seat" in private(res)
    no = await bob.click(res.response, label="No, stay")
    assert not no.response.components and not (await current(bot, channel)).is_ai(1)
    res = await bob.slash(channel, "pioneer leave")
    seq = (await current(bot, channel)).seq
    await bob.click(res.response, label="Yes, leave")
    game = await current(bot, channel)
    assert game.is_ai(1) and game.display(1) == "🤖 bob" and game.seat_of(bob.id) is None
    assert game.seq > seq and 1 not in engine.deciders(game.state)  # bob's turn: the AI played it at once
    assert any("bob left the table" in x for x in game.recent)
    res = await bob.slash(channel, "pioneer wagon")
    assert "not playing" in private(res)
    for _ in range(12):
        assert await play_step(env, bot, channel, [ann, cy])
    res = await ann.slash(channel, "pioneer leave")  # the host leaves: cy becomes the host
    await ann.click(res.response, label="Yes, leave")
    game = await current(bot, channel)
    assert game.host_id == cy.id and game.is_ai(0)
    for _ in range(5):
        assert await play_step(env, bot, channel, [cy])
    res = await cy.slash(channel, "pioneer leave")
    assert "last person" in private(res)
    await cy.click(res.response, label="Yes, leave")
    assert await current(bot, channel) is None
    g = await last_game(bot, channel)
    assert g.status == "ended" and await bot.store.deadlines(g.id) == {}
    last = channel.history()[-1]
    assert last.embeds[0].title == "Game ended" and "🤖 bob" in last.embeds[0].fields[0].value


async def test_the_next_person_is_pinged_and_the_previous_ping_deleted(simcord_env, make_bot):
    """The mechanics of the pings, with every turn mentioning (PING_IDLE_MINUTES=0: whom a ping names when
    people play on is tests/test_bot_pings.py's)."""
    env, bot = simcord_env, make_bot(ping_idle_minutes=0)
    await env.restart_bot(bot)
    guild, channel, actors = table(env, 3)
    by_name = {a.name: a for a in actors}
    await start_game(env, channel, actors)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    game = await current(bot, channel)
    assert pings(channel)[0].content == f"<@{game.user_at(game.state['turn'])}>, your turn — see the panel ↑"
    log, seen, kinds = [], [pings(channel)[0].id], set()
    looked = []  # the channel's game read on a message's deletion: only for one the bot did not delete itself
    in_channel = bot.service.in_channel
    bot.service.in_channel = lambda *a: looked.append(a) or in_channel(*a)
    cleaned = False
    for step in range(150):
        before = game.state
        assert await play_step(env, bot, channel, actors, log)
        clicker = by_name[log[-1][1:log[-1].index("]")]]
        game = await current(bot, channel)
        if game is None:  # the game is over
            break
        st = game.state
        left = pings(channel)
        assert len(left) <= 1, [m.content for m in left]  # only the newest ping stays
        if left and left[0].id != seen[-1]:
            assert all(m.id != seen[-1] for m in channel.history()), "the previous ping is deleted"
            seen.append(left[0].id)
        if st["stage"] == "turn" and (before["stage"], before["turn"]) != ("turn", st["turn"]):
            uid = game.user_at(st["turn"])
            if uid != clicker.id:  # a new person's turn: a new message, so Discord notifies them
                assert left and left[0].id == seen[-1] and left[0].content.startswith(f"<@{uid}>, your turn")
                assert [u.id for u in left[0].mentions] == [uid]
                kinds.add("turn")
        elif st["stage"] in ("disaster", "town") and before["stage"] == "turn":
            want = {game.user_at(s) for s in engine.deciders(st)} - {clicker.id}
            what = st["disasters"][0].title() if st["stage"] == "disaster" else "town visit"
            if want:
                assert {u.id for u in left[0].mentions} == want
                assert f": decide the {what} (private) — see the panel ↑" in left[0].content
                kinds.add("decide")
        if step == 40 and left:
            await mod.delete(left[0])  # someone cleans up: the next ping still comes, without an error
            cleaned = True
    assert len(seen) > 20 and kinds == {"turn", "decide"}
    assert len(looked) == int(cleaned), looked  # (20 and more pings deleted by the bot: none read the game)


async def test_the_ai_pauses_on_its_turn_and_resumes_after_a_restart(simcord_env, make_bot):
    env = simcord_env
    bot = make_bot(ai_pause=30.0)
    await env.restart_bot(bot)
    guild, channel, (ann,) = table(env, 1)
    lobby = await lobby_with_ais(env, channel, ann, "easy", timer=0)
    await ann.click(lobby, label="Start the game")
    while engine.deciders((g := await current(bot, channel)).state) == [0]:
        assert await play_step(env, bot, channel, [ann])
    assert engine.deciders(g.state) == [1] and g.state["stage"] == "turn"
    panel = message(env, channel, g.panel_message_id)
    assert text(panel).startswith("🤖 Easy AI 1 is playing…") and not any(
        c.custom_id.startswith(f"pm:{g.id}:") for c in controls(panel))
    await env.advance_time(25)
    assert (await current(bot, channel)).seq == g.seq  # a pause, so people can follow
    await env.advance_time(10)
    g2 = await current(bot, channel)
    # after one pause its whole turn is played (its steps make one edit of the panel, not one each)
    assert g2.seq > g.seq + 1  # (a turn is two steps or more: take the die, use it)
    for _ in range(20):  # on to a turn of the AI's that has just begun (it pauses first)
        if engine.deciders(g2.state) == [1] and g2.seq > g.seq + 1:
            break
        assert engine.deciders(g2.state) == [0]
        assert await play_step(env, bot, channel, [ann])
        g2 = await current(bot, channel)
    await env.advance_time(5)
    mid = await current(bot, channel)
    assert engine.deciders(mid.state) == [1] and mid.seq == g2.seq  # still pausing
    await bot.store.close()  # the bot goes down during the AI's turn...
    bot.store = None
    new = make_bot()
    await env.restart_bot(new)  # ...and the new one plays on by itself
    g3 = await current(new, channel)
    assert g3.seq > mid.seq and people_deciding(g3) == [0]
    assert engine.to_json(await new.service.replayed(g3)) == g3.state_json


async def test_a_dead_ai_worker_process_is_replaced():
    """The hard AI's worker process is killed: that decision is made in a thread, the next one in a
    new worker process, and both are the AI's reproducible choice."""
    from types import SimpleNamespace

    from app.ai_seats import AiSeats
    from games.pioneer_days import GAME
    settings = SimpleNamespace(ai_hard_budget=3, ai_processes=1, ai_pause=0)
    seats = AiSeats(None, settings, after=None)
    state, _ = engine.new_game({"players": 3}, 11)
    expected = choose(state, 0, "hard", seed=5, budget=3)
    try:
        assert (await seats.think(GAME, state, 0, "hard", 5)).id == expected.id
        first = seats.workers.pids()
        assert len(first) == 1
        os.kill(first[0], signal.SIGKILL)
        assert (await seats.think(GAME, state, 0, "hard", 5)).id == expected.id  # in a thread
        assert seats.workers.pool is None
        assert (await seats.think(GAME, state, 0, "hard", 5)).id == expected.id
        assert seats.workers.pids() and seats.workers.pids() != first
    finally:
        seats.stop()


async def test_the_panel_is_edited_once_per_ai_turn(simcord_env, simcord_bot):
    """Solo with three easy AIs: between two turns of the person, the messages are edited at most once per
    AI turn (the steps of a turn: take the die, use it, end, make one edit), besides the day's end (the
    panel frozen as the day's record with its picture: two edits)."""
    from simharness import play_step, table
    env, bot = simcord_env, simcord_bot
    _guild, channel, (ann,) = table(env, 1)
    lobby = await lobby_with_ais(env, channel, ann, "easy", "easy", "easy")
    await ann.click(lobby, label="Start the game")
    edits = allowed = steps = 0
    for _ in range(40):
        game = await current(bot, channel)
        if game is None:
            break
        before = len(env.http_requests)
        seq, day = game.seq, (game.state["week"], game.state["day"])
        assert await play_step(env, bot, channel, [ann])
        after = await bot.store.game(game.id)
        log = await bot.store.actions(game.id)
        ai_rows = [r for r in log if r["seq"] > seq and after.is_ai(r["seat"])]
        turns = sum(1 for i, r in enumerate(ai_rows)  # runs of one seat's steps in one stage: its turns
                    if i == 0 or (r["seat"], r["stage"]) != (ai_rows[i - 1]["seat"], ai_rows[i - 1]["stage"]))
        days = int((after.state["week"], after.state["day"]) != day)
        edits += sum(1 for r in env.http_requests[before:] if r.method == "PATCH" and r.path.startswith("/channels/"))
        allowed += turns + 2 * days + 2  # (+2: the person's own move, its steps and decisions shown)
        steps += len(ai_rows)
    assert steps > allowed / 2 and edits <= allowed, (edits, allowed, steps)
