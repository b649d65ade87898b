"""Next Station through the real bot (SimCord): three people to the results; one person with AI seats; a
restart in the middle of a round, the pending choices still answerable on the messages shown before."""

import pytest
from simharness import buttons, embed_text, message, private, restart, said, table, text


async def start(env, channel, actors, **options):
    host = actors[0]
    lobby = (await host.slash(channel, "play new next-station", where="channel", **options)).response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    return lobby


def comps(msg) -> list[dict]:
    return buttons(getattr(msg, "message", msg))


def choose(msg) -> tuple[str, str] | None:
    """(custom_id, label) of the first numbered choice of a private decision, else Pass (or Done)."""
    cs = [c for c in comps(msg) if c["type"] == 2 and c["custom_id"]]
    numbered = [c for c in cs if (c["label"] or "").isdigit() and c["custom_id"].startswith("pm:")]
    if numbered:
        return numbered[0]["custom_id"], numbered[0]["label"]
    starts = [c for c in cs if (c["label"] or "").isdigit()]  # the start station first
    if starts:
        return starts[0]["custom_id"], starts[0]["label"]
    other = [c for c in cs if c["label"] in ("Pass", "Done")] or [c for c in cs if c["custom_id"].startswith("pm:")]
    return (other[0]["custom_id"], other[0]["label"]) if other else None


async def decide(env, bot, channel, actors) -> int:
    """Each person who must decide answers the card through Decide (private); returns how many did."""
    game = await bot.store.open_game_in_channel(channel.id)
    if game is None or game.status != "active":
        return 0
    done = 0
    for a in actors:
        await env.settle()  # a round's end replaces the panel: this one's buttons are on the new one
        game = await bot.store.open_game_in_channel(channel.id)
        if game is None or game.status != "active":
            break
        panel = message(env, channel, game.panel_message_id)
        seat = game.seat_of(a.id)
        if seat is None or game.state["players"][seat]["pending"] is None:
            continue
        res = await a.click(panel, label="Decide (private)")
        assert res.ephemeral
        shown = [res.response, *res.followups][-1]
        for _ in range(3):  # a start station first, then the target
            c = choose(shown)
            assert c is not None, comps(shown)
            after = await a.click(shown, custom_id=c[0])
            if c[0].startswith("pm:"):
                break
            shown = [after.response, *after.followups][-1] if after.response else shown
        done += 1
    return done


async def play_out(env, bot, channel, actors, limit=400):
    n = 0
    while await decide(env, bot, channel, actors):
        await env.settle()
        n += 1
        assert n < limit, "the game does not end"
    return n


async def test_three_people_play_next_station_to_the_results(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    lobby = await start(env, channel, actors)
    assert "Next Station — new table" in text(lobby) and "Larkhaven" in text(lobby)
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.game == "next-station" and game.state["round"] == 1
    panel = message(env, channel, game.panel_message_id)
    assert "Card 1" in text(panel) or "Card 2" in text(panel)
    await play_out(env, bot, channel, actors)
    game = await bot.store.game(game.id)
    assert game.status == "over"
    history = channel.history()
    rounds = [m for m in history if m.attachments and m.attachments[0].filename == "round.png"]
    assert sum("scored" in text(m).split("\n")[0] for m in rounds) == 4  # a picture after each round
    final = history[-1]
    assert final.embeds[0].title == "Game over" and len(final.embeds[0].fields) == 4  # 3 players, the ratings
    rows = await bot.store.results_of(game.id)
    assert [r["game"] for r in rows] == ["next-station"] * 3
    assert set(rows[0]["scores"]) == {"lines", "tourists", "interchanges", "objectives"}
    assert await bot.store.rating(f"next-station:g:{guild.id}", f"u:{actors[0].id}") is not None


async def test_one_person_and_ai_seats_with_both_modules(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann], objectives="on", powers="on")
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Add AI (hard)")
    await ann.click(lobby, label="Start the game")
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    assert len(game.state["objectives"]) == 2 and len(game.state["powers"]) == 4
    await play_out(env, bot, channel, [ann])
    game = await bot.store.game(game.id)
    assert game.status == "over" and all(p["total"] > 0 for p in game.state["players"])


async def test_solo_chooses_the_pencils_order_before_the_first_card(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann])
    await ann.click(lobby, label="Start the game")
    for n, colour in enumerate(("green", "orange", "blue"), start=1):
        await env.settle()
        game = await bot.store.open_game_in_channel(channel.id)
        assert game.state["stage"] == "pencil" and not game.state["flipped"]
        panel = message(env, channel, game.panel_message_id)
        res = await ann.click(panel, label="Decide (private)")
        shown = [res.response, *res.followups][-1]
        assert f"choose round {n}'s pencil" in said(shown)
        await ann.click(shown, label=[c["label"] for c in comps(shown) if colour in (c["label"] or "")][0])
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.state["players"][0]["order"] == ["green", "orange", "blue", "pink"]
    assert game.state["players"][0]["colour"] == "green" and game.state["stage"] == "build"
    await play_out(env, bot, channel, [ann])
    game = await bot.store.game(game.id)
    final = channel.history()[-1]
    assert game.status == "over" and "solo rating" in final.embeds[0].fields[0].value
    assert "a game played alone has no opponent" in embed_text(final)  # (not "fewer than two of its players")
    assert game.state["players"][0]["used"] == ["green", "orange", "blue", "pink"]


async def test_a_restart_in_the_middle_of_a_round_loses_nothing(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors)
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    panel = message(env, channel, game.panel_message_id)
    # ann opens her choice and bob answers; the bot dies; ann answers on the message she had
    res = await actors[0].click(panel, label="Decide (private)")
    mine = [res.response, *res.followups][-1]
    res = await actors[1].click(panel, label="Decide (private)")
    bobs = [res.response, *res.followups][-1]
    c = choose(bobs)
    await actors[1].click(bobs, custom_id=c[0])
    before = await bot.store.game(game.id)
    bot = await restart(env, bot, make_bot)
    c = choose(mine)
    res = await actors[0].click(mine, custom_id=c[0])
    if not c[0].startswith("pm:"):  # a start station first: then the target
        shown = [res.response, *res.followups][-1]
        c = choose(shown)
        res = await actors[0].click(shown, custom_id=c[0])
    await env.settle()
    after = await bot.store.game(game.id)
    assert after.seq > before.seq and "earlier moment" not in private(res)
    assert len(await bot.store.actions(game.id)) == after.seq  # every answer logged, in order


# the day's first game generates the map of the day, in the bot and in its render worker: on a machine busy
# with other work that took longer than SimCord's 5 s wait for a click's work (no timer of this test is due
# within 30 s: a longer wait runs none early)
@pytest.mark.simcord(settle_timeout=30)
async def test_todays_game_makes_a_board_per_server_and_one_everywhere(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    ann_guild, ann_channel, (ann,) = table(env, 1)
    bob_guild, bob_channel, (bob, cy) = table(env, 2, names=("bob", "cy"))
    quiet = await bob.slash(bob_channel, "play daily")
    assert quiet.ephemeral and "Nobody here has played today's game yet" in quiet.response.embeds[0].description
    for channel, actors in ((ann_channel, [ann]), (bob_channel, [bob])):
        lobby = await start(env, channel, actors, map="daily")
        assert "today's map" in text(lobby)
        await actors[0].click(lobby, label="Add AI (easy)")
        await actors[0].click(lobby, label="Start the game")
        await env.settle()
        await play_out(env, bot, channel, actors)
    games = [await bot.store.game(await bot.store.last_finished_game(ch.id, a.id))
             for ch, a in ((ann_channel, ann), (bob_channel, bob))]
    days = {g.config["day"] for g in games}
    maps = {g.config["map"] for g in games}
    assert len(days) == 1 and len(maps) == 1 and all(g.config["objectives"] and g.config["powers"] for g in games)
    totals = {a.id: g.state["players"][g.seat_of(a.id)]["total"] for a, g in zip((ann, bob), games, strict=True)}
    res = await bob.slash(bob_channel, "play daily")
    emb = res.response.embeds[0]
    assert res.ephemeral and days.pop() in emb.title
    lines = emb.description.splitlines()
    assert len(lines) == 1 and "bob" in lines[0] and str(totals[bob.id]) in lines[0]  # this server's: no AI
    everywhere = emb.fields[0].value
    place = 1 + (totals[ann.id] > totals[bob.id])
    assert "2 people" in everywhere and f"#{place}" in everywhere
    assert f"best score is {max(totals.values())}" in everywhere
    # cy has not played: the server's board, every server's count, no place
    res = await cy.slash(bob_channel, "play daily")
    assert "bob" in res.response.embeds[0].description and "you are" not in res.response.embeds[0].fields[0].value
