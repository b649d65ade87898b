"""One click per decision (cogs/desks.py): once a player's private choice is made, the same private message
shows their next decision, with its picture, as soon as they have one (after the other player's move, after
an AI's), so they never go back to the panel for Decide; a forced move (one spot left) plays itself
(Rules.forced); a desk older than Discord's 15 minutes is let go, and Decide on it opens the decision there."""

from simharness import controls, has_picture, message, table, text

from cogs import desks


def moves_of(msg) -> list[str]:
    return [c.custom_id for c in controls(msg) if (c.custom_id or "").startswith("pm:")]


def shown(env, channel, message_id):
    return message(env, channel, message_id)


async def decide(env, bot, channel, who, game):
    res = await who.click(message(env, channel, game.panel_message_id), label="Decide (private)")
    return [res.response, *res.followups][-1]


async def test_the_private_message_shows_the_next_decision_when_it_comes(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "play new pyramid-poker", where="channel")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    people = {ann.id: ann, bob.id: bob}
    first = people[game.user_at(game.state["turn"])]
    other = ann if first is bob else bob
    desk = await decide(env, bot, channel, first, game)
    await first.click(desk, custom_id=moves_of(desk.message)[0])
    after = shown(env, channel, desk.id)
    assert not moves_of(after) and "next decision will show here" in text(after)
    # the other player moves through their own private message; the first one's desk then shows their turn
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.user_at(game.state["turn"]) == other.id
    theirs = await decide(env, bot, channel, other, game)
    await other.click(theirs, custom_id=moves_of(theirs.message)[0])
    pushed = shown(env, channel, desk.id)
    assert moves_of(pushed) and has_picture(pushed), "the desk shows the next decision with its picture"
    seq = (await bot.store.open_game_in_channel(channel.id)).seq
    await first.click(pushed, custom_id=moves_of(pushed)[0])  # one click: no Decide, no panel
    assert (await bot.store.open_game_in_channel(channel.id)).seq > seq


async def test_against_the_ai_every_decision_after_the_first_is_one_click(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = (await ann.slash(channel, "play new pyramid-poker", where="channel")).response
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    desk = None
    clicks = decisions = 0
    for _step in range(200):
        game = await bot.store.game(game.id)
        if game.status != "active":
            break
        if desk is None:
            desk = await decide(env, bot, channel, ann, game)
            clicks += 1
            msg = desk.message
        else:
            msg = shown(env, channel, desk.id)
        offered = moves_of(msg)
        assert offered, f"the desk shows no decision: {text(msg)}"
        await ann.click(msg, custom_id=offered[0])
        clicks += 1
        decisions += 1
    assert game.status == "over" and decisions > 20
    assert clicks == decisions + 1  # Decide once, then one click a decision
    await env.settle()
    end = shown(env, channel, desk.id)  # the desk says the game is over: no stale question, no button
    assert "The game is over" in text(end) and not controls(end), text(end)


async def test_an_expired_desk_is_let_go_and_decide_on_it_opens_the_decision_in_place(simcord_env, simcord_bot,
                                                                                        monkeypatch):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "play new pyramid-poker", where="channel")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    people = {ann.id: ann, bob.id: bob}
    first = people[game.user_at(game.state["turn"])]
    other = ann if first is bob else bob
    desk = await decide(env, bot, channel, first, game)
    await first.click(desk, custom_id=moves_of(desk.message)[0])
    now = bot.courier.desks.clock()
    monkeypatch.setattr(bot.courier.desks, "clock", lambda: now + desks.TOKEN_S + 1)
    game = await bot.store.open_game_in_channel(channel.id)
    theirs = await decide(env, bot, channel, other, game)
    await other.click(theirs, custom_id=moves_of(theirs.message)[0])
    stale = shown(env, channel, desk.id)
    assert not moves_of(stale) and bot.courier.desks.open.get(game.id, {}).get(game.seat_of(first.id)) is None
    res = await first.click(stale, label="Decide")
    again = shown(env, channel, desk.id)
    assert moves_of(again) and has_picture(again) and res.response is not None
