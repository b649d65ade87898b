"""The example game (games/example: Fingers), which no host file names and games/__init__ does not install,
registers itself and plays through the real
bot: no host file names it, yet it has /play new fingers with its own options, a lobby with its AI levels,
a panel, private decisions with their picture, a chapter's picture after each round, results, ratings,
history, its own stats, a replay, and a restart in the middle of a round."""

import pytest
from simharness import answer, buttons, message, private, restart, send_forged, table, text

import games.example as example
from engine import registry


@pytest.fixture
def simcord_bot(make_bot):
    example.register()  # before the bot is built: the commands are made from the registry
    yield make_bot()
    registry.unregister(example.GAME.key)


async def decide_all(env, bot, channel, actors) -> int:
    """Every person who must decide opens Decide (private) and shows 2 fingers; returns how many did."""
    game = await bot.store.open_game_in_channel(channel.id)
    if game is None or game.status != "active":
        return 0
    panel = message(env, channel, game.panel_message_id)
    done = 0
    for a in actors:
        seat = game.seat_of(a.id)
        if seat is None or game.state["picks"][seat] is not None:
            continue
        res = await a.click(panel, label="Decide (private)")
        assert res.ephemeral and "How many fingers" in private(res)
        shown = [res.response, *res.followups]
        assert any(att.filename == "hands.png" for m in shown for att in m.attachments)  # its picture with it
        await a.click(shown[-1], label="2")
        done += 1
    return done


async def test_a_test_game_registers_itself_and_plays_through_the_bot(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    res = await ann.slash(channel, "play new fingers", where="channel", rounds="2")
    lobby = res.response
    assert "Fingers — new table" in text(lobby) and "Rounds: **2 rounds**" in text(lobby)
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Add AI (hard)")
    await ann.click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.game == "fingers" and game.config == {"players": 3, "rounds": "2", "names": ["ann", "bob", "Hard AI 1"]}
    await env.settle()
    assert await decide_all(env, bot, channel, [ann]) == 1
    bot = await restart(env, bot, make_bot)  # mid-round: bob's decision still answerable on the old panel
    assert await decide_all(env, bot, channel, [bob]) == 1
    await env.settle()
    game = await bot.store.game(game.id)
    assert game.state["round"] == 2 and game.state["shown"] == [[2, 2, game.state["shown"][0][2]]]
    history = channel.history()
    assert any(text(m).startswith("**Round 1: over** · **Round 2 begins**") and m.attachments for m in history)
    while await decide_all(env, bot, channel, [ann, bob]):
        await env.settle()
    game = await bot.store.game(game.id)
    assert game.status == "over"
    final = channel.history()[-1]
    assert final.embeds[0].title == "Game over" and final.attachments[0].filename == "results.png"
    by_seat = {r.seat: r for r in example.GAME.rules.results(game.state)}
    ann_line = next(f for f in final.embeds[0].fields if "ann" in f.name)
    assert ann_line.value == f"Fingers {by_seat[0].total}"  # (the host's line from the game's categories)
    rows = await bot.store.results_of(game.id)
    assert [r["game"] for r in rows] == ["fingers"] * 3 and all(r["scores"].keys() == {"fingers"} for r in rows)
    assert await bot.store.rating("fingers:g:" + str(guild.id), "u:" + str(ann.id)) is not None
    assert await bot.store.rating("g:" + str(guild.id), "u:" + str(ann.id)) is None  # not Pioneer Days' board
    res = await ann.slash(channel, "play stats", game="fingers")
    assert "Fingers record — ann" in res.response.embeds[0].title
    res = await ann.slash(channel, "play history")
    assert "Fingers" in res.response.embeds[0].description
    res = await bob.slash(channel, "play replay")
    post = res.followups[-1] if res.followups else res.response
    assert [a.filename for a in post.attachments] == [f"game-{game.id}.webp", f"game-{game.id}.json"]
    res = await ann.slash(channel, "play help", game="fingers")
    assert "2-4 players show 1 to 3 fingers at once" in private(res)


async def test_a_game_declares_its_own_ai_level(simcord_env, make_bot):
    """A level the host has never heard of ("medium"): the lobby offers it with its own label, the AI seat is
    named as the game says, and it plays."""
    import dataclasses

    from engine.protocol import EASY, HARD, Level

    medium = Level("medium", "medium", "Medium AI {n}")
    registry.register(dataclasses.replace(example.GAME, key="fingers-levels", levels=(EASY, medium, HARD)))
    try:
        bot = make_bot()
        await simcord_env.restart_bot(bot)
        guild, channel, (ann, bob) = table(simcord_env, 2)
        lobby = (await ann.slash(channel, "play new fingers-levels", where="channel")).response
        await ann.click(lobby, label="Add AI (medium)")
        await bob.click(lobby, label="Join")
        await ann.click(lobby, label="Start the game")
        game = await bot.store.open_game_in_channel(channel.id)
        assert game.config["names"] == ["ann", "Medium AI 1", "bob"] and game.ai_level(1) == "medium"
        await simcord_env.settle()
        game = await bot.store.game(game.id)
        assert game.state["picks"][1] is not None  # the medium AI chose
    finally:
        registry.unregister("fingers-levels")


async def ann_decides(env, bot):
    """ann and bob at a game of Fingers, started; ann presses Decide: (ann, the game, her click's result)."""
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "play new fingers", where="channel")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    return ann, game, await ann.click(message(env, channel, game.panel_message_id), label="Decide (private)")


async def test_a_menu_in_the_step_a_pick_opens_is_taken(simcord_env, simcord_bot, monkeypatch):
    """A decision whose pick opens a step with a menu of moves (a game may): the menu's choice is made, and a
    value no step offers is refused."""
    from engine.protocol import Button, Item, Menu, Message
    from games.example.show import SHOW

    def decision(table, view, seat, picked=()):
        if "more" in picked:
            return Message(content="Which count?", controls=[Menu("Count", [Item(str(k), f"{seat}:show:{k}")
                                                                            for k in (1, 3)], row=0)])
        return Message(content="How many fingers do you show?",
                       controls=[Button("2", f"{seat}:show:2", row=0), Button("Others…", "k:more", row=0)])

    monkeypatch.setattr(SHOW, "decision", decision)
    env, bot = simcord_env, simcord_bot
    ann, game, res = await ann_decides(env, bot)
    step = await ann.click([res.response, *res.followups][-1], label="Others…")
    shown = step.followups[-1] if step.followups else step.response
    menu = next(c for c in buttons(getattr(shown, "message", shown)) if c["type"] == 3)
    values = [value for _label, value in menu["options"]]
    rec = await send_forged(env, ann, shown, menu["custom_id"], [values[0].replace(":show:1", ":show:2")])
    assert "isn't a choice" in answer(env, rec)  # (2 is a move, but not this menu's)
    await ann.select(shown, [values[1]], custom_id=menu["custom_id"])
    await env.settle()
    game = await bot.store.game(game.id)
    assert game.state["picks"][game.seat_of(ann.id)] == 3


async def test_decide_on_a_turn_played_on_the_panel_says_so(simcord_env, simcord_bot, monkeypatch):
    """A game whose turn is chosen on the panel (no private decision): the player whose turn it is pressing
    Decide is pointed to the panel, not told to wait for themselves."""
    from games.example.show import SHOW

    monkeypatch.setattr(SHOW, "decision", lambda table, view, seat, picked=(): None)
    _ann, _game, res = await ann_decides(simcord_env, simcord_bot)
    assert "It is your turn: choose on the game's panel." in private(res)
