"""Pyramid Poker through the real bot (SimCord): two people play a game to the results; one person against
the AI through a match to 7 points; a restart in the middle of a turn, the private choice still
answerable on the message shown before."""

from simharness import buttons, message, private, restart, said, table, text

from games.pyramid_poker import words


async def start(env, channel, actors, **options):
    lobby = (await actors[0].slash(channel, "play new pyramid-poker", where="channel", **options)).response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    return lobby


def comps(msg) -> list[dict]:
    return buttons(getattr(msg, "message", msg))


def first_choice(msg) -> str | None:
    """The custom_id of a private decision's first choice (a numbered spot, a card, a hand)."""
    cs = [c for c in comps(msg) if c["type"] == 2 and c["custom_id"] and not c.get("disabled")]
    return cs[0]["custom_id"] if cs else None


def last(res):
    return [res.response, *res.followups][-1]


async def turn(env, bot, channel, actors) -> bool:
    """The person whose turn it is decides through Decide (private); False once nobody person is to play."""
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    if game is None or game.status != "active":
        return False
    seat = game.state["turn"]
    who = next((a for a in actors if game.seat_of(a.id) == seat), None)
    if who is None:
        return False
    panel = message(env, channel, game.panel_message_id)
    shown = last(await who.click(panel, label="Decide (private)"))
    for _ in range(3):  # open blocks: a block first; a take: then its hand
        cid = first_choice(shown)
        assert cid is not None, comps(shown)
        after = await who.click(shown, custom_id=cid)
        if cid.startswith("pm:"):
            nxt = await bot.store.open_game_in_channel(channel.id)
            if nxt is None or nxt.state["turn"] != seat or nxt.state["stage"] not in ("hand", "joker"):
                break
        shown = last(after) if after.response else shown
    return True


async def play_out(env, bot, channel, actors, limit=400):
    n = 0
    while await turn(env, bot, channel, actors):
        n += 1
        assert n < limit, "the game does not end"
    return n


async def test_two_people_play_a_game_to_the_results(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors, blocks="open")
    assert "Pyramid Poker — new table" in text(lobby) and "open" in text(lobby)
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.game == "pyramid-poker" and game.state["stage"] == "build"
    panel = message(env, channel, game.panel_message_id)
    assert "building the pyramid" in text(panel)
    moves = await play_out(env, bot, channel, actors)
    game = await bot.store.game(game.id)
    # 30 placed, 30 taken: by people, but for the forced ones (one spot, one hand left), played for them
    assert game.status == "over" and len(await bot.store.actions(game.id)) >= 60 and moves >= 40
    history = channel.history()
    pictures = [m for m in history if m.attachments and m.attachments[0].filename == "round.png"]
    assert len(pictures) == 2  # the pyramid built, the showdown
    records = [text(m) for m in history if "## Game 1 — " in text(m)]  # the frozen panels: a chapter each
    assert len(records) == 2 and "placed a block" not in records[0] and " took " not in records[1]
    assert all(len(r) < 1000 for r in records), [len(r) for r in records]
    assert "ann placed 15 blocks." in records[0] and "✓" in records[1]
    final = history[-1]
    assert final.embeds[0].title == "Game over" and "Hands won" in final.embeds[0].fields[0].value
    rows = await bot.store.results_of(game.id)
    assert [r["game"] for r in rows] == ["pyramid-poker"] * 2 and set(rows[0]["scores"]) == {"hands", "games",
                                                                                            "points"}


async def test_one_person_against_the_ai_plays_a_match_to_7(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann], match="to7")
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Start the game")
    await play_out(env, bot, channel, [ann], limit=3000)
    game = await bot.store.game(await bot.store.last_finished_game(channel.id, ann.id))
    assert game.status == "over" and max(game.state["points"]) >= 7 or len(game.state["history"]) == 15
    assert len(game.state["history"]) >= 1


async def test_the_private_view_never_shows_the_other_players_faces(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors, blocks="open")
    await actors[0].click(lobby, label="Start the game")
    for _ in range(10):
        await turn(env, bot, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    for a in actors:
        seat = game.seat_of(a.id)
        panel = message(env, channel, game.panel_message_id)
        shown = last(await a.click(panel, label="My pyramid"))
        theirs = [b["card"] for b in game.state["pyramid"] if b is not None and b["owner"] != seat]
        mine = [b["card"] for b in game.state["pyramid"] if b is not None and b["owner"] == seat]
        text = said(shown)
        assert theirs and mine and all(words.card(c) in text for c in mine)
        assert not any(words.card(c) in text for c in theirs)


async def test_a_restart_in_the_middle_of_a_turn_loses_nothing(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors)
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    seat = game.state["turn"]
    who = next(a for a in actors if game.seat_of(a.id) == seat)
    panel = message(env, channel, game.panel_message_id)
    shown = last(await who.click(panel, label="Decide (private)"))
    before = await bot.store.game(game.id)
    bot = await restart(env, bot, make_bot)
    res = await who.click(shown, custom_id=first_choice(shown))
    await env.settle()
    after = await bot.store.game(game.id)
    assert after.seq == before.seq + 1 and "earlier moment" not in private(res)
    assert after.state["turn"] == 1 - seat and len(await bot.store.actions(game.id)) == after.seq
    await play_out(env, bot, channel, actors)
    assert (await bot.store.game(game.id)).status == "over"
