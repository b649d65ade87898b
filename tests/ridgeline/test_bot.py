"""Ridgeline through the real bot (SimCord): two people play a game to the results; one person against the
hard AI; a restart with a decision pending, the private choice still answerable on the message shown
before; the hand never in public."""

from simharness import choices_of, message, pick, private, restart, table, text

from games.ridgeline import words


async def start(env, channel, actors, **options):
    lobby = (await actors[0].slash(channel, "play new ridgeline", where="channel", **options)).response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    return lobby


def last(res):
    return [res.response, *res.followups][-1]


def shown_of(res):
    msg = last(res)
    return getattr(msg, "message", msg)


async def turn(env, bot, channel, actors) -> bool:
    """The person to play opens Decide (private) and takes the first choice (the best by the easy AI) at
    each step of the turn; False once no person is to play."""
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    if game is None or game.status != "active":
        return False
    seat, number = game.state["turn"], (game.state["game"], game.state["turn_no"])
    who = next((a for a in actors if game.seat_of(a.id) == seat), None)
    if who is None:
        return False
    panel = message(env, channel, game.panel_message_id)
    res = await who.click(panel, label="Decide (private)")
    assert res.ephemeral
    for _ in range(6):  # a turn: a tile, then maybe a rainbow's spot, a spirit, a spirit's choice
        shown = shown_of(res)
        options = choices_of(shown)
        assert options, [c for c in shown.components]
        res = await pick(who, shown, options[0])
        await env.settle()
        now = await bot.store.open_game_in_channel(channel.id)
        if now is None or now.status != "active" or (now.state["game"], now.state["turn_no"]) != number:
            break
        if not res.response:
            res = await who.click(message(env, channel, now.panel_message_id), label="Decide (private)")
    return True


async def play_out(env, bot, channel, actors, limit=200):
    n = 0
    while await turn(env, bot, channel, actors):
        n += 1
        assert n < limit, "the game does not end"
    return n


async def test_two_people_play_a_game_to_the_results(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors, beginner="on")
    assert "Ridgeline — new table" in text(lobby) and "Solstis" in text(lobby)
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.game == "ridgeline" and game.state["step"]["kind"] == "play"
    panel = message(env, channel, game.panel_message_id)
    assert "Ridgeline" in text(panel) and "Queue" in text(panel)
    turns = await play_out(env, bot, channel, actors)
    game = await bot.store.game(game.id)
    assert game.status == "over" and turns >= 15
    history = channel.history()
    pictures = [m for m in history if m.attachments and m.attachments[0].filename == "round.png"]
    assert len(pictures) >= 4  # the start, then each part of the game
    final = history[-1]
    assert final.embeds[0].title == "Game over" and "area" in final.embeds[0].fields[0].value
    rows = await bot.store.results_of(game.id)
    assert [r["game"] for r in rows] == ["ridgeline"] * 2
    assert set(rows[0]["scores"]) == {"area", "beacons", "spirits", "bonus", "raven", "start"}


async def test_one_person_against_the_hard_ai(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann])
    await ann.click(lobby, label="Add AI (hard)")
    await ann.click(lobby, label="Start the game")
    await play_out(env, bot, channel, [ann])
    game = await bot.store.game(await bot.store.last_finished_game(channel.id, ann.id))
    assert game.status == "over" and game.state["result"] is not None
    assert game.config["names"][1] == "Hard AI 1"


async def test_the_hand_never_shows_in_public(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors)
    await actors[0].click(lobby, label="Start the game")
    for _ in range(4):
        await turn(env, bot, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    public = " ".join(text(m) for m in channel.history())
    assert "Queue" in public
    for a in actors:
        seat = game.seat_of(a.id)
        panel = message(env, channel, game.panel_message_id)
        shown = await a.click(panel, label="My hand")
        said = private(shown)
        hand = game.state["hands"][seat]
        assert hand and all(words.tile(x) in said for x in hand)
        assert not any(words.tile(x) in public for x in hand)  # (a hand tile was never face up)


async def test_a_restart_with_a_decision_pending_loses_nothing(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors)
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    seat = game.state["turn"]
    who = next(a for a in actors if game.seat_of(a.id) == seat)
    panel = message(env, channel, game.panel_message_id)
    shown = shown_of(await who.click(panel, label="Decide (private)"))
    before = await bot.store.game(game.id)
    bot = await restart(env, bot, make_bot)
    res = await pick(who, shown, choices_of(shown)[0])
    await env.settle()
    after = await bot.store.game(game.id)
    assert after.seq > before.seq and "earlier moment" not in private(res)
    assert len(await bot.store.actions(game.id)) == after.seq
    await play_out(env, bot, channel, actors)
    assert (await bot.store.game(game.id)).status == "over"
