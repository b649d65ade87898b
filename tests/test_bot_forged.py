"""Forged and malformed input through the real bot (issue 30, items 1-5): a component acts only on the
kind of message it was made for and only for whom it was made; every option is one of the game's own
choices, and a refusal names them; a select carries only distinct values among its options; a
component of the wrong type is answered; numbers past what Discord or the database hold are refused."""

import logging

import pytest
from simharness import answer, controls, message, play_step, private, send_forged, start_game, table, text

import games.pioneer_days.rules as engine
from engine import registry

FORGED_ON_PANEL = ("endno", "quitno", "endok", "quitok")


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


def ids_of(res) -> list[str]:
    """The custom_ids on a command's answer."""
    return [c.custom_id for c in controls(res.response.message)]


def shown(env, channel, mid):
    """What a message shows (its text, embeds and components), to tell whether a click changed it."""
    m = message(env, channel, mid)
    return (text(m), [e.to_dict() for e in m.embeds], [getattr(c, "custom_id", None) for c in controls(m)])


async def active(env, bot, channel, actors, key="pioneer-days"):
    if key == "pioneer-days":
        await start_game(env, channel, actors)
    else:
        lobby = (await actors[0].slash(channel, f"play new {key}", where="channel")).response
        for a in actors[1:]:
            await a.click(lobby, label="Join")
        await actors[0].click(lobby, label="Start the game")
    await env.settle()
    game = await current(bot, channel)
    assert game.status == "active"
    return game


# ---- 1. a component acts only on its own kind of message, for whom it was made -------------------
@pytest.mark.parametrize("verb", FORGED_ON_PANEL)
async def test_a_confirmation_sent_on_the_public_panel_changes_nothing(simcord_env, simcord_bot, verb):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    game = await active(env, bot, channel, actors)
    asked = ids_of(await actors[0].slash(channel, "pioneer end" if verb.startswith("end") else "pioneer leave"))
    cid = next(c for c in asked if f":{verb}:" in c)  # the host's own question's button, sent on the panel
    before = shown(env, channel, game.panel_message_id)
    panel = message(env, channel, game.panel_message_id)
    rec = await send_forged(env, actors[0], panel, cid)
    assert rec.responded and "doesn't belong on this message" in answer(env, rec)
    assert shown(env, channel, game.panel_message_id) == before
    after = await bot.store.game(game.id)
    assert after.status == "active" and after.seat_of(actors[0].id) is not None


async def test_a_leaderboard_page_sent_on_the_panel_changes_nothing(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    game = await active(env, bot, channel, actors)
    board = await actors[1].slash(channel, "play leaderboard")
    before = shown(env, channel, game.panel_message_id)
    panel = message(env, channel, game.panel_message_id)
    rec = await send_forged(env, actors[1], panel, ids_of(board)[0])
    assert "doesn't belong on this message" in answer(env, rec)
    assert shown(env, channel, game.panel_message_id) == before
    # nor on another private answer of the same person's: a confirmation
    asked = await actors[1].slash(channel, "pioneer leave")
    rec = await send_forged(env, actors[1], asked.response, ids_of(board)[0])
    assert "doesn't belong on this message" in answer(env, rec)
    assert "Leave this game?" in message(env, channel, asked.response.id).content


async def test_a_pick_sent_on_the_panel_does_not_show_a_private_decision_there(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    game = await active(env, bot, channel, actors, "next-station")  # everyone decides: a pick shows a map
    before = shown(env, channel, game.panel_message_id)
    panel = message(env, channel, game.panel_message_id)
    rec = await send_forged(env, actors[1], panel, f"pd:{game.id}:{game.seq}:k:mode:draw")
    assert "doesn't belong on this message" in answer(env, rec)
    assert shown(env, channel, game.panel_message_id) == before


async def test_a_lobby_button_sent_on_another_message_changes_nothing(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob, cy) = table(env, 3)
    first = await active(env, bot, channel, [ann, bob])
    res = await ann.slash(channel, "pioneer end")
    await ann.click(res.response, label="Yes, end the game")
    ended = [m for m in channel.history() if m.embeds and m.embeds[0].title == "Game ended"][0]
    await env.advance_time(31)
    await ann.slash(channel, "pioneer new", where="channel")
    lobby = await current(bot, channel)
    assert lobby.status == "lobby" and lobby.id != first.id
    before = shown(env, channel, ended.id)
    rec = await send_forged(env, cy, ended, f"pd:{lobby.id}:0:join")
    assert "doesn't belong on this message" in answer(env, rec)
    assert shown(env, channel, ended.id) == before
    assert [p.name for p in (await current(bot, channel)).players] == ["ann"]


async def test_a_confirmation_is_only_for_whoever_asked(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    game = await active(env, bot, channel, [ann, bob])
    res = await ann.slash(channel, "pioneer end")
    asked = res.response
    for cid in ids_of(res):
        rec = await send_forged(env, bob, asked, cid, as_is=True)
        assert "doesn't belong on this message" in answer(env, rec), cid
    mine = message(env, channel, asked.id)
    assert mine.components and "End this game" in mine.content  # ann's question is still there
    board = await ann.slash(channel, "play leaderboard")  # nor on another answer of ann's own
    for cid in ids_of(res):
        rec = await send_forged(env, ann, board.response, cid)
        assert "doesn't belong on this message" in answer(env, rec), cid
    assert "Leaderboard" in message(env, channel, board.response.id).embeds[0].title
    assert (await bot.store.game(game.id)).status == "active"
    await ann.click(asked, label="No, keep playing")
    assert "the game goes on" in message(env, channel, asked.id).content


# ---- 2. options: the game's own choices only, and the refusal names them --------------------------
@pytest.mark.parametrize("key, option", [(g.key, o.key) for g in registry.games() for o in g.options])
async def test_an_option_not_offered_is_refused_naming_the_choices(simcord_env, simcord_bot, key, option):
    from simharness import forged_slash
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    game = registry.game(key)
    opt = next(o for o in game.options if o.key == option)
    # (sent under the name the slash command gives it: its label, which may differ from its key)
    res = await forged_slash(actors[0], channel, f"play new {key}", **{opt.label: "AAB"})
    text = res.response.content
    assert res.ephemeral and f"not a choice of `{opt.label}`" in text
    assert all(game.texts._(c.label) in text for c in opt.choices), text
    assert await current(bot, channel) is None


@pytest.mark.parametrize("timer", [False, True, 600.0])
async def test_a_timer_that_is_no_whole_number_is_refused(simcord_env, simcord_bot, timer):
    from simharness import forged_slash
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    res = await forged_slash(actors[0], channel, "pioneer new", timer=timer)
    assert res.ephemeral and "not one I offer" in res.response.content and "10 min" in res.response.content
    assert await current(bot, channel) is None


async def test_the_lobby_refuses_an_option_value_naming_the_choices(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "pioneer new", where="channel")).response
    game = await current(bot, channel)
    rec = await send_forged(env, ann, lobby, f"pd:{game.id}:0:opt:sets:AAB")
    assert "not a choice of `sets`" in answer(env, rec) and "A+B (first game), A+C" in answer(env, rec)
    assert (await current(bot, channel)).options["sets"] == "AB"


async def test_bad_options_are_refused_at_every_door_of_the_service(simcord_env, simcord_bot):
    """Not only the slash command: a lobby made by any path (a rematch copies the options of an old game)
    with sets A, A, B is refused, and a stored lobby with them does not start."""
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    out = await bot.service.new_lobby("pioneer-days", guild.id, channel.id, ann.id, "ann",
                                      {"sets": "AAB", "pioneers": "standard", "timer": 0})
    assert not out.ok and "not a choice of `sets`" in out.message
    assert await current(bot, channel) is None
    # a row from before the checks
    gid = await bot.store.create_lobby(guild.id, channel.id, ann.id, "ann", {"sets": ["A", "A", "B"], "timer": 0},
                                       7, game="pioneer-days")
    await bot.service.join(gid, bob.id, "bob")
    out = await bot.service.start(gid, ann.id)
    assert not out.ok and "not a choice of `sets`" in out.message
    assert (await bot.store.game(gid)).status == "lobby"
    # the older form Pioneer Days still reads (Rules.reads_option) starts
    await bot.store.set_option(gid, "sets", ["D", "B"])
    out = await bot.service.start(gid, ann.id)
    assert out.ok and out.game.config["sets"] == ["B", "D"]


# ---- 3. a select carries distinct values among its options ------------------------------------------
async def test_a_select_of_25_copies_of_one_move_is_refused(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    game = await active(env, bot, channel, actors)
    panel = message(env, channel, game.panel_message_id)
    player = next(a for a in actors if a.id == game.user_at(game.state["turn"]))
    select = next(c for c in controls(panel) if c.type.value == 3)
    value = select.options[0].value
    for values in ([value] * 25, [value, select.options[1].value], ["m:0:nothing"], []):
        rec = await send_forged(env, player, panel, select.custom_id, values, as_is=True)
        assert "isn't a choice this menu offers" in answer(env, rec), values
    assert (await current(bot, channel)).seq == game.seq
    # the panel's options are the bot's, not what the click says the message carried
    rec = await send_forged(env, player, panel, select.custom_id, ["m:0:nothing"])
    assert "isn't a choice this menu offers" in answer(env, rec)
    assert (await current(bot, channel)).seq == game.seq
    await player.select(panel, [value], custom_id=select.custom_id)  # the real choice is taken
    assert (await current(bot, channel)).seq > game.seq


async def test_a_lobby_menu_of_25_copies_is_refused(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "pioneer new", where="channel")).response
    game = await current(bot, channel)
    rec = await send_forged(env, ann, lobby, f"pds:{game.id}:0:0", ["v:timer:600"] * 25, as_is=True)
    assert "isn't a choice this menu offers" in answer(env, rec)
    assert (await current(bot, channel)).options["timer"] == 86400


async def test_a_private_select_of_copies_is_refused(simcord_env, simcord_bot):
    """A private decision's menu (Pioneer Days: who to keep in a disaster or town), sent with one value twice."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await active(env, bot, channel, actors)
    found = None
    for _ in range(600):
        game = await current(bot, channel)
        if game.state["stage"] in ("town", "disaster"):
            seat = engine.deciders(game.state)[0]
            actor = next(a for a in actors if a.id == game.user_at(seat))
            res = await actor.click(message(env, channel, game.panel_message_id), label="Decide (private)")
            msg = [res.response, *res.followups][-1]
            found = next(((actor, msg, c) for c in controls(msg.message)
                          if c.type.value == 3), None)
            if found:
                break
        assert await play_step(env, bot, channel, actors)
    assert found, "no private decision with a menu in 600 steps"
    actor, msg, select = found
    value = select.options[0].value
    rec = await send_forged(env, actor, msg, select.custom_id, [value, value], as_is=True)
    assert "isn't a choice this menu offers" in answer(env, rec)
    assert (await current(bot, channel)).seq == game.seq
    res = await actor.select(msg, [value], custom_id=select.custom_id)  # the real pick is shown
    assert "isn't a choice" not in private(res) and (await current(bot, channel)).seq == game.seq


# ---- 4. a component of the wrong type is answered ------------------------------------------------
async def test_a_component_of_the_wrong_type_is_answered(simcord_env, simcord_bot, caplog):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    game = await active(env, bot, channel, actors)
    panel = message(env, channel, game.panel_message_id)
    move = next(c.custom_id for c in controls(panel) if c.custom_id.startswith("pm:"))
    forged = [(move, ["x"], 3), (f"pd:{game.id}:{game.seq}:decide", ["x"], 3), (f"pds:{game.id}:{game.seq}:0", None, 2),
              (f"pdb:{guild.id}:0:n", ["x"], 3), (f"pm:{game.id}:{game.seq}:nonsense", None, 2),
              (move, ["x"], 5)]  # a user select
    caplog.set_level(logging.ERROR, logger="discord")
    for cid, values, ctype in forged:
        rec = await send_forged(env, actors[0], panel, cid, values, ctype)
        assert rec.responded and "isn't one of mine" in answer(env, rec), cid
    assert not [r for r in caplog.records if "Ignoring exception" in r.getMessage()]
    assert (await current(bot, channel)).seq == game.seq


# ---- 5. numbers past what Discord and the database hold ------------------------------------------
@pytest.mark.parametrize("command", ["pioneer replay", "pioneer review", "play replay", "play review"])
async def test_a_game_number_past_what_discord_holds_is_refused(simcord_env, simcord_bot, command):
    from simharness import forged_slash
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    option = "game" if command.startswith("pioneer") else "number"
    for number in (2 ** 63, 2 ** 53 + 1, -(2 ** 63) - 1, 10 ** 30):
        res = await forged_slash(actors[0], channel, command, **{option: number})
        assert res.ephemeral and "must be a game's number" in private(res), (number, private(res))
        await env.advance_time(61)  # (the commands' cooldowns)
    assert not bot.errors


@pytest.mark.parametrize("options", [{"player": 12345}, {"player": "x"}, {"player": 2 ** 64}, {"everywhere": "x"},
                                     {"post": 5}])
async def test_a_user_or_yes_no_option_that_is_none_is_refused(simcord_env, simcord_bot, options):
    """discord.py would fail before any command runs (a user that is no number) or hand on what came (an
    unresolved user as a bare Object, a string for a yes/no): the tree's check refuses them."""
    from simharness import forged_slash
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    res = await forged_slash(actors[0], channel, "play stats", **options)
    assert res.ephemeral and "an option I can't read" in private(res)
    assert not bot.errors


async def test_a_menu_of_before_the_value_prefixes_still_works(simcord_env, simcord_bot):
    """The panel's and lobby's options are rebuilt to check a select: values of before the prefixes (a bare
    action id, "timer:{s}") on a message the bot posted then are the same options."""
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    lobby = (await ann.slash(channel, "pioneer new", where="channel")).response
    game = await current(bot, channel)
    rec = await send_forged(env, ann, lobby, f"pds:{game.id}:0:0", ["timer:600"])
    assert (await current(bot, channel)).options["timer"] == 600, answer(env, rec)
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    game = await current(bot, channel)
    panel = message(env, channel, game.panel_message_id)
    player = next(a for a in (ann, bob) if a.id == game.user_at(game.state["turn"]))
    select = next(c for c in controls(panel) if c.type.value == 3)
    old = select.options[0].value.removeprefix("m:")
    await send_forged(env, player, panel, select.custom_id, [old])
    assert (await current(bot, channel)).seq > game.seq


async def test_a_click_on_a_disabled_button_is_answered_and_changes_nothing(simcord_env, simcord_bot):
    """No client of Discord's sends it (the leaderboard's ◀ on its first page); a modified one can."""
    env = simcord_env
    guild, channel, (ann, bob) = table(env, 2)
    res = await ann.slash(channel, "play leaderboard", game="pioneer-days")
    back = controls(res.response.message)[0]
    assert back.disabled
    before = shown(env, channel, res.response.id)
    rec = await send_forged(env, ann, res.response, back.custom_id, as_is=True)
    assert "isn't one of mine" in answer(env, rec)
    assert shown(env, channel, res.response.id) == before


async def test_a_private_select_is_checked_against_what_the_bot_shows_there(simcord_env, simcord_bot):
    """A modified client's select on a private decision, listing a move of the player's that no menu there
    offers (Next Station's decision has none: its moves are buttons): refused, not played."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    game = await active(env, bot, channel, actors, "next-station")
    res = await actors[0].click(message(env, channel, game.panel_message_id), label="Decide (private)")
    msg = [res.response, *res.followups][-1]
    seat = game.seat_of(actors[0].id)
    move = registry.game("next-station").rules.legal_actions(game.state, seat)[0].id
    rec = await send_forged(env, actors[0], msg, f"pds:{game.id}:{game.seq}:0", [f"m:{move}"])
    assert "isn't a choice this menu offers" in answer(env, rec)
    assert (await current(bot, channel)).seq == game.seq


@pytest.mark.parametrize("item", ["1" + "0" * 40, "-5", "mode:bogus", "żółw", "draw@" + "9" * 30])
async def test_a_pick_the_decision_never_offered_is_refused(simcord_env, simcord_bot, item):
    """A pick button forged on the player's own private decision with an item it does not offer: refused in
    a sentence, like every other refusal, the decision left as it was (it used to be shown again, silently)."""
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    game = await active(env, bot, channel, actors, "next-station")
    res = await actors[0].click(message(env, channel, game.panel_message_id), label="Decide (private)")
    msg = [res.response, *res.followups][-1]
    picks = [c.custom_id for c in controls(msg.message)
             if ":k:" in (getattr(c, "custom_id", None) or "")]
    rec = await send_forged(env, actors[0], msg, f"pd:{game.id}:{game.seq}:k:{item}")
    assert "isn't a choice this menu offers" in answer(env, rec)
    assert (await current(bot, channel)).seq == game.seq
    if picks:  # a real pick of the same message still works
        res = await actors[0].click(msg, custom_id=picks[0])
        assert "isn't a choice" not in private(res)
