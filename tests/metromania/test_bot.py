"""Undergrounders through the real bot (SimCord): three people dig to the results; one person with two AI seats
(easy and hard), the bot restarted while the person's decision is pending, then played to the results."""

from simharness import CheapRenderer, buttons, kill_switch, message, restart, table, text


async def start(env, channel, actors, **options):
    lobby = (await actors[0].slash(channel, "play new undergrounders", where="channel", **options)).response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    return lobby


def menu_options(msg) -> list[tuple[str, str, str]]:
    return [(c["custom_id"], label, value) for c in buttons(getattr(msg, "message", msg)) if c["type"] == 3
            for label, value in c["options"]]


async def decide(env, bot, channel, actors, clicks: list[int] | None = None) -> int:
    """The person whose turn it is opens Decide (private) and picks the top move (through a pick when the moves
    come in two steps); returns how many did (0: the game is over or no person must decide)."""
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    if game is None or game.status != "active":
        return 0
    seat = game.state["turn"]
    actor = next((a for a in actors if game.seat_of(a.id) == seat), None)
    if actor is None:
        return 0
    panel = message(env, channel, game.panel_message_id)
    res = await actor.click(panel, label="Decide (private)")
    assert res.ephemeral
    shown = [res.response, *res.followups][-1]
    n = 1
    opts = menu_options(shown)
    assert opts and opts[0][1].startswith("1. "), buttons(getattr(shown, "message", shown))
    cid, label, value = opts[0]
    after = await actor.select(shown, [value], custom_id=cid)
    n += 1
    while value.startswith("k:"):  # a step more: numbered buttons (moves, or groups of them), the best first
        shown = after.followups[-1] if after.followups else (after.response or res.response)
        first = next(c for c in buttons(getattr(shown, "message", shown)) if c["type"] == 2 and c["label"] == "1")
        value = "m:" if first["custom_id"].startswith("pm:") else "k:"
        after = await actor.click(shown, custom_id=first["custom_id"])
        n += 1
        assert n <= 4
    if clicks is not None:
        clicks.append(n)
    return 1


async def play_out(env, bot, channel, actors, limit=300, clicks=None):
    n = 0
    while await decide(env, bot, channel, actors, clicks):
        n += 1
        assert n < limit, "the game does not end"
    await env.settle()
    return n


async def test_three_people_dig_to_the_results(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 3)
    lobby = await start(env, channel, actors)
    assert "Undergrounders" in text(lobby)
    await actors[0].click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.game == "undergrounders" and game.state["players"] == 3
    clicks: list[int] = []
    await play_out(env, bot, channel, actors, clicks=clicks)
    game = await bot.store.game(game.id)
    assert game.status == "over" and game.state["result"] is not None
    # Dig, then the top of the menu (another step for moves past the menu's best, at most two)
    assert sorted(clicks)[len(clicks) // 2] == 2 and max(clicks) <= 4, clicks
    final = channel.history()[-1]
    assert final.embeds[0].title == "Game over"
    rows = await bot.store.results_of(game.id)
    assert [r["game"] for r in rows] == ["undergrounders"] * 3
    assert set(rows[0]["scores"]) == {"stations", "trips", "inquiry", "park"}


async def test_one_person_with_ai_seats_through_a_restart(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann], markers="hidden")
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Add AI (hard)")
    await ann.click(lobby, label="Start the game")
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.config["markers"] == "hidden" and game.state["players"] == 3
    for _ in range(3):
        assert await decide(env, bot, channel, [ann])
    await env.settle()
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.state["turn"] == game.seat_of(ann.id)  # her decision pending
    bot = await restart(env, bot, make_bot)
    await play_out(env, bot, channel, [ann])
    game = await bot.store.game(game.id)
    assert game.status == "over" and len(game.state["result"]["total"]) == 3


class TripsRenderer(CheapRenderer):
    """The cheap pictures, and a picture per trip of the scoring phase (as the game's own draw them)."""

    def scoring(self, view):
        self.calls.append(("scoring", len(view["result"]["detail"])))
        return [self.png] * len(view["result"]["detail"])


async def against_easy(env):
    """One person and an easy AI seat, the game started: (the channel, the person)."""
    _guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann])
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Start the game")
    await env.settle()
    return channel, ann


async def test_the_scoring_phase_is_shown_trip_by_trip_before_the_results(simcord_env, make_bot):
    env = simcord_env
    renderer = TripsRenderer()
    bot = make_bot(renderer=renderer)
    await env.restart_bot(bot)
    channel, ann = await against_easy(env)
    bot_game = (await bot.store.open_game_in_channel(channel.id)).id
    await play_out(env, bot, channel, [ann])
    game = await bot.store.game(bot_game)
    assert game.status == "over"
    trips = len(game.state["result"]["detail"])
    assert ("scoring", trips) in renderer.calls
    everywhere = channel.history() + [m for t in channel.threads for m in t.history()]
    shown = [m for m in everywhere if len(m.attachments) == trips]
    assert len(shown) == 1  # one message, a picture per trip
    results = [m for m in everywhere if m.embeds and m.embeds[0].title == "Game over"]
    assert len(results) == 1 and shown[0].id < results[0].id


async def test_a_crash_between_the_scoring_pictures_and_the_results_shows_each_once(simcord_env, make_bot):
    env = simcord_env
    bot = make_bot(renderer=TripsRenderer())
    await env.restart_bot(bot)
    channel, ann = await against_easy(env)
    courier = bot.courier

    async def dies_after_the_gallery(game, ch, item):
        """The scoring's gallery is posted, then the process dies: the results neither posted nor marked."""
        await courier._show_scoring(game, ch, await courier.service.state_at(game, item.seq))
        kill_switch(bot)

        async def nothing(item_ids, message_id=None):
            return None
        bot.service.delivered = nothing
        return None
    courier._show_results = dies_after_the_gallery
    await play_out(env, bot, channel, [ann])
    game = await bot.store.game((await bot.store.game_ids_in_channel(channel.id))[-1])
    trips = len(game.state["result"]["detail"])

    def shown():
        everywhere = channel.history() + [m for t in channel.threads for m in t.history()]
        return ([m for m in everywhere if len(m.attachments) == trips],
                [m for m in everywhere if m.embeds and m.embeds[0].title == "Game over"])
    galleries, results = shown()
    assert game.status == "over" and len(galleries) == 1 and results == []
    new = await restart(env, bot, make_bot, renderer=TripsRenderer())
    galleries, results = shown()
    assert len(galleries) == 1 and len(results) == 1  # the gallery found in the thread, not posted again
    assert galleries[0].id < results[0].id and await new.store.pending(game.id) == []


async def test_other_digs_then_a_group_then_its_move(simcord_env, simcord_bot):
    """The moves past the menu's best: "Other digs…" (a menu's pick), then a group of them (a button whose
    pick is the step after a menu's), then a move: each click answered with the next step, the move made."""
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 2)
    lobby = await start(env, channel, actors)
    await actors[0].click(lobby, label="Start the game")
    for _ in range(12):  # the top move until a decision offers the other digs in a step of groups
        await env.settle()
        game = await bot.store.open_game_in_channel(channel.id)
        actor = next(a for a in actors if game.seat_of(a.id) == game.state["turn"])
        res = await actor.click(message(env, channel, game.panel_message_id), label="Decide (private)")
        shown = [res.response, *res.followups][-1]
        more = [(cid, value) for cid, label, value in menu_options(shown) if value == "k:more"]
        if more:
            step = await actor.select(shown, [more[0][1]], custom_id=more[0][0])
            shown = step.followups[-1] if step.followups else step.response
            ones = [c for c in buttons(getattr(shown, "message", shown)) if c["type"] == 2 and c["label"] == "1"]
            if ones and not ones[0]["custom_id"].startswith("pm:"):  # a group: its own step
                seq = game.live["seq"]
                step = await actor.click(shown, custom_id=ones[0]["custom_id"])
                shown = step.followups[-1] if step.followups else step.response
                assert "isn't a choice" not in text(shown)
                move = next(c for c in buttons(getattr(shown, "message", shown)) if c["type"] == 2
                            and c["label"] == "1")
                assert move["custom_id"].startswith("pm:"), buttons(getattr(shown, "message", shown))
                await actor.click(shown, custom_id=move["custom_id"])
                await env.settle()
                game = await bot.store.game(game.id)
                assert game.live["seq"] > seq  # the move was made
                return
            await actor.click(shown, custom_id=ones[0]["custom_id"])  # (a move at once: play it, look further)
            continue
        opts = menu_options(shown)
        assert opts, (text(shown), buttons(getattr(shown, "message", shown)))
        await actor.select(shown, [opts[0][2]], custom_id=opts[0][0])
    raise AssertionError("no decision offered the other digs in groups")
