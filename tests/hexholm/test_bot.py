"""Hexholm through the real bot (SimCord): three people to the results, in the game's own thread; one person with
AI seats of both levels; a restart in the middle of a turn (a settlement built one at a time, the rest of the build
chosen on the message shown before the restart), with Undo; the board of the day."""

from simharness import buttons, message, private, restart, table, text


async def start(env, channel, actors, where="channel", **options):
    lobby = (await actors[0].slash(channel, "play new hexholm", where=where, **options)).response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    return lobby


async def thread_of_game(bot, channel):
    """The thread the last game opened from `channel` is played in (its game's row, the thread)."""
    rows = await bot.store._rows("SELECT id FROM games WHERE home_id=? ORDER BY id DESC", (channel.id,))
    game = await bot.store.game(rows[0][0])
    return game, next(t for t in channel.threads if t.id == game.channel_id)


def last(res, before=None):
    shown = [m for m in [res.response, *res.followups] if m is not None]
    return shown[-1] if shown else before


def comps(msg) -> list[dict]:
    return buttons(getattr(msg, "message", msg))


def whole_build(msg):
    """(custom_id, value) of the first whole build of a decision's menu (the best first), or None."""
    for c in comps(msg):
        if c["type"] == 3 and c["options"] and c["options"][0][1].startswith("m:") and "@b/" in c["options"][0][1]:
            return c["custom_id"], c["options"][0][1]
    return None


def button(msg, label: str):
    return next((c for c in comps(msg) if c["type"] == 2 and c["label"] == label), None)


async def one_settlement(actor, shown):
    """One settlement by its letter (a part of the board first, when the choices are many)."""
    letters = [c for c in comps(shown) if c["type"] == 2 and c["custom_id"].startswith("pm:")]
    if not letters:
        part = next(c for c in comps(shown) if c["type"] == 3 and c["options"][0][1].startswith("k:"))
        res = await actor.select(shown, [part["options"][0][1]], custom_id=part["custom_id"])
        shown = last(res, shown)
        assert any(a.filename == "choices.png" for m in [res.response, *res.followups] if m for a in m.attachments)
        letters = [c for c in comps(shown) if c["type"] == 2 and c["custom_id"].startswith("pm:")]
    return await actor.click(shown, custom_id=letters[0]["custom_id"])


async def play_turn(env, bot, channel, actor) -> bool:
    """The person whose turn it is plays it: Decide, the best whole build, End turn if the turn waits for it."""
    game = await bot.store.open_game_in_channel(channel.id)
    if game is None or game.status != "active":
        return False
    seat = game.seat_of(actor.id)
    if game.state["turn"] != seat:
        return False
    turn_no = game.state["turn_no"]
    panel = message(env, channel, game.panel_message_id)
    res = await actor.click(panel, label="Decide (private)")
    assert res.ephemeral
    shown = last(res)
    assert any(a.filename == "choices.png" for m in [res.response, *res.followups] if m for a in m.attachments)
    for _ in range(10):
        game = await bot.store.game(game.id)
        if game.status != "active" or game.state["turn_no"] != turn_no:
            return True
        build = whole_build(shown)
        if build is not None:
            res = await actor.select(shown, [build[1]], custom_id=build[0])
        elif button(shown, "End turn") is not None:
            res = await actor.click(shown, label="End turn")
        else:
            c = next(c for c in comps(shown) if c["type"] == 2 and c["custom_id"].startswith("pm:"))
            res = await actor.click(shown, custom_id=c["custom_id"])
        shown = last(res, shown)
    raise AssertionError("the turn did not end")


async def play_out(env, bot, channel, actors, limit=200) -> int:
    turns = 0
    while True:
        await env.settle()
        game = await bot.store.open_game_in_channel(channel.id)
        if game is None or game.status != "active":
            return turns
        actor = next((a for a in actors if game.seat_of(a.id) == game.state["turn"]), None)
        assert actor is not None, "a person's turn expected"
        assert await play_turn(env, bot, channel, actor)
        turns += 1
        assert turns < limit, "the game does not end"


async def test_three_people_play_hexholm_to_the_results(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    lobby = await start(env, channel, actors, where="thread")
    assert "Hexholm — new table" in text(lobby) and "Kingdom Builder" in text(lobby)
    await actors[0].click(lobby, label="Start the game")
    game, thread = await thread_of_game(bot, channel)
    assert game.game == "hexholm" and game.state["round"] == 1 and game.channel_id != channel.id
    panel = message(env, thread, game.panel_message_id)
    assert "turn" in text(panel) and "Goals" in text(panel)
    turns = await play_out(env, bot, thread, actors)
    game = await bot.store.game(game.id)
    assert game.status == "over" and turns >= 3 * 8
    pictures = [m for m in thread.history() if m.attachments and m.attachments[0].filename == "round.png"]
    assert len(pictures) >= turns - 1  # a picture after each turn, in the game's thread
    final = channel.history()[-1]  # the results, back in the channel
    assert final.embeds[0].title == "Game over" and len(final.embeds[0].fields) >= 3
    rows = await bot.store.results_of(game.id)
    assert [r["game"] for r in rows] == ["hexholm"] * 3
    assert set(rows[0]["scores"]) == {"keeps", *game.state["goals"]}
    assert await bot.store.rating(f"hexholm:g:{guild.id}", f"u:{actors[0].id}") is not None
    res = await actors[1].slash(channel, "play help", game="hexholm")
    assert "Donald X. Vaccarino" in private(res)


async def test_one_person_with_ai_seats_and_a_hidden_next_card(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann], setup="first")
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Add AI (hard)")
    await ann.click(lobby, label="Start the game")
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.state["goals"] == ["anglers", "traderoad", "wardens"]
    seat = game.seat_of(ann.id)
    if game.state["turn"] == seat:  # her next card is dealt when her turn ends: play it first
        assert await play_turn(env, bot, channel, ann)
        await env.settle()
        game = await bot.store.game(game.id)
    panel = message(env, channel, game.panel_message_id)
    res = await ann.click(panel, label="My next card")
    hand = game.state["players"][seat]["hand"] if game.state["turn"] != seat else game.state["card"]
    from games.hexholm import words
    assert res.ephemeral and words.terrain(hand) in private(res)  # (the public panel: the conformance suite)
    await play_out(env, bot, channel, [ann])
    game = await bot.store.game(game.id)
    assert game.status == "over" and all(r["total"] > 0 for r in game.state["result"])


async def test_a_restart_in_the_middle_of_a_turn_and_undo(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors)
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    actor = next(a for a in actors if game.seat_of(a.id) == game.state["turn"])
    panel = message(env, channel, game.panel_message_id)
    res = await actor.click(panel, label="Decide (private)")
    res = await one_settlement(actor, last(res))
    # the next step comes with its own picture, its choices lettered again
    assert any(a.filename == "choices.png" for m in [res.response, *res.followups] if m for a in m.attachments)
    await env.settle()
    game = await bot.store.game(game.id)
    assert game.state["built"] == 1
    panel = message(env, channel, game.panel_message_id)
    undo = next(c for c in buttons(panel) if (c["label"] or "").startswith("Undo"))
    await actor.click(panel, custom_id=undo["custom_id"])
    await env.settle()
    game = await bot.store.game(game.id)
    assert game.state["built"] == 0 and game.state["turn"] == game.seat_of(actor.id)
    panel = message(env, channel, game.panel_message_id)
    res = await actor.click(panel, label="Decide (private)")
    res = await one_settlement(actor, last(res))
    shown = last(res)
    before = await bot.store.game(game.id)
    bot = await restart(env, bot, make_bot)  # the bot dies with the turn half done
    build = whole_build(shown)
    assert build is not None
    res = await actor.select(shown, [build[1]], custom_id=build[0])  # the rest of the build, on the old message
    await env.settle()
    after = await bot.store.game(game.id)
    assert after.seq > before.seq and "earlier moment" not in private(res)
    assert after.state["turn_no"] > before.state["turn_no"] or after.state["built"] == 3
    assert len(await bot.store.actions(game.id)) >= after.seq


async def test_the_board_of_the_day(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann], setup="daily")
    assert "today's board" in text(lobby)
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Start the game")
    await play_out(env, bot, channel, [ann])
    res = await ann.slash(channel, "play daily", game="hexholm")
    emb = res.response.embeds[0]
    assert res.ephemeral and "ann" in emb.description
