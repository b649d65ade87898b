"""Courtyards through the real bot (SimCord): three people play a game to the results; two people with the
neutral Steward through a restart with a decision pending; one person against two AI seats to the results."""

from simharness import buttons, first_choice, message, pick, private, restart, table, text


async def start(env, channel, actors, **options):
    lobby = (await actors[0].slash(channel, "play new courtyards", where="channel", **options)).response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    return lobby


def last(res):
    return [res.response, *res.followups][-1]


async def turn(env, bot, channel, actors) -> bool:
    """The person to move decides through Decide (private): the first choice offered (the best-ranked take,
    or the best spot); False once no person is to play."""
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    if game is None or game.status != "active":
        return False
    seat = game.state["turn"] if game.state["stage"] != "final" else game.state["queue"][0][0]
    who = next((a for a in actors if game.seat_of(a.id) == seat), None)
    if who is None:
        return False
    panel = message(env, channel, game.panel_message_id)
    res = await who.click(panel, label="Decide (private)")
    shown = last(res)
    for _ in range(2):  # (many ways to pay: the slot first, then the payment)
        msg = getattr(shown, "message", shown)
        c = choice(msg)
        assert c is not None, buttons(msg)
        res = await pick(who, shown, c)
        if c[2] is not None or ":k:" not in c[0]:
            break
        shown = last(res)
    return True


def choice(msg):
    """The best-ranked purchase when there is one (the menus list the best first), else the best take, else
    the first move button (a spot), else the first pick (a slot)."""
    menus = [c for c in buttons(msg) if c["type"] == 3 and c["options"] and c["options"][0][1].startswith("m:")]
    for c in sorted(menus, key=lambda c: ":buy:" not in c["options"][0][1]):
        label, value = c["options"][0]
        return c["custom_id"], label, value
    c = first_choice(msg)
    if c is not None:
        return c
    picks = [c for c in buttons(msg) if c["type"] == 2 and c["custom_id"] and ":k:slot" in c["custom_id"]]
    return (picks[0]["custom_id"], picks[0]["label"], None) if picks else None


async def play_out(env, bot, channel, actors, limit=600):
    n = 0
    while await turn(env, bot, channel, actors):
        n += 1
        assert n < limit, "the game does not end"
    return n


async def test_three_people_play_a_game_to_the_results(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    lobby = await start(env, channel, actors, end="empty")
    assert "Courtyards" in text(lobby)
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.game == "courtyards" and game.state["stage"] == "act"
    panel = message(env, channel, game.panel_message_id)
    assert "Market" in text(panel)
    moves = await play_out(env, bot, channel, actors)
    game = await bot.store.game(game.id)
    assert game.status == "over" and moves >= 30 and game.state["scored"] == 3
    rows = await bot.store.results_of(game.id)
    assert len(rows) == 3 and set(rows[0]["scores"]) == {"kiosk", "bathhouse", "colonnade", "library", "orchard",
                                                        "minaret", "walls"}
    history = channel.history()
    assert any(m.attachments and m.attachments[0].filename == "round.png" for m in history)


async def test_two_people_with_the_steward_through_a_restart(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors, end="empty")
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    assert len(game.state["neutral"]) >= 6
    seat = game.state["turn"]
    who = next(a for a in actors if game.seat_of(a.id) == seat)
    panel = message(env, channel, game.panel_message_id)
    shown = last(await who.click(panel, label="Decide (private)"))
    before = await bot.store.game(game.id)
    bot = await restart(env, bot, make_bot)
    res = await pick(who, shown, first_choice(getattr(shown, "message", shown)))
    await env.settle()
    after = await bot.store.game(game.id)
    assert after.seq >= before.seq + 1 and "earlier moment" not in private(res)
    await play_out(env, bot, channel, actors)
    game = await bot.store.game(game.id)
    assert game.status == "over" and len(game.state["result"]) == 2


async def test_one_person_against_two_ai_seats(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann], end="empty", money="short")
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Start the game")
    await play_out(env, bot, channel, [ann])
    game = await bot.store.game(await bot.store.last_finished_game(channel.id, ann.id))
    assert game.status == "over" and game.state["scored"] == 3
