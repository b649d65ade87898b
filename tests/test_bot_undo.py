"""Undo through the bot: the panel's Undo button after a move that revealed nothing (only its player may
press it), across a restart; a private decision taken back from its private answer while the others are
still deciding."""

from simharness import buttons, first_action, message, play_step, private, restart, start_game, table

from engine import registry


def labels(msg) -> list[str]:
    return [c["label"] or "" for c in buttons(msg)]


def undo_label(msg) -> str | None:
    return next((x for x in labels(msg) if x.startswith("Undo")), None)


def deciding(game) -> list[int]:
    return registry.game(game.game).rules.deciders(game.state)


def without_seq(state):
    return {k: v for k, v in state.items() if k != "seq"}


async def to_a_die_button(env, bot, channel, actors):
    """Plays on until the panel offers a die by its button on a person's turn (a move that reveals
    nothing); returns (the game, the panel, the die button)."""
    for _ in range(300):
        game = await bot.store.open_game_in_channel(channel.id)
        panel = message(env, channel, game.panel_message_id)
        b = first_action(panel)
        if game.state["stage"] == "turn" and b is not None and ":take:" in b["custom_id"]:
            return game, panel, b
        assert await play_step(env, bot, channel, actors)
    raise AssertionError("no die button in 300 steps")


async def test_undo_on_the_panel_and_after_a_restart(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    game, panel, die = await to_a_die_button(env, bot, channel, actors)
    before = game.state
    mover = next(a for a in actors if a.id == game.user_at(before["turn"]))
    other = next(a for a in actors if a is not mover)
    assert undo_label(panel) is None or "(" in undo_label(panel)
    await mover.click(panel, custom_id=die["custom_id"])
    game = await bot.store.open_game_in_channel(channel.id)
    panel = message(env, channel, game.panel_message_id)
    label = undo_label(panel)
    assert label == f"Undo ({mover.name})", labels(panel)
    res = await other.click(panel, label=label)
    assert "Only" in private(res), private(res)
    assert (await bot.store.open_game_in_channel(channel.id)).seq == game.seq  # (refused: nothing changed)
    # the bot restarts; the Undo button posted before it still works
    bot = await restart(env, bot, make_bot)
    await mover.click(panel, label=label)
    game = await bot.store.open_game_in_channel(channel.id)
    assert without_seq(game.state) == without_seq(before)
    assert "took back" in " ".join(game.recent)
    panel = message(env, channel, game.panel_message_id)
    assert undo_label(panel) is None  # (nothing more to take back: the die was the turn's first move)
    assert first_action(panel)["label"] == die["label"]
    assert await bot.service.replayed(game) == game.state


async def answer(actor, shown):
    """The first numbered choice of a private decision (its start station first when it asks for one);
    returns (the last private answer, the move's button label)."""
    for _ in range(3):
        cs = [c for c in buttons(shown.message if hasattr(shown, "message") else shown)
              if c["type"] == 2 and c["custom_id"] and (c["label"] or "").isdigit()]
        assert cs, labels(shown.message if hasattr(shown, "message") else shown)
        after = await actor.click(shown, custom_id=cs[0]["custom_id"])
        last = [after.response, *after.followups][-1]
        if cs[0]["custom_id"].startswith("pm:"):
            return last, cs[0]["label"]
        shown = last
    raise AssertionError("no move after 3 picks")


async def test_a_private_decision_taken_back_while_others_decide(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 3)
    host = actors[0]
    lobby = (await host.slash(channel, "play new next-station", where="channel")).response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    await host.click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    assert len(deciding(game)) == 3
    before = game.state
    ann = actors[0]
    res = await ann.click(message(env, channel, game.panel_message_id), label="Decide (private)")
    assert res.ephemeral
    done, label = await answer(ann, [res.response, *res.followups][-1])
    assert "Undo" in labels(done.message if hasattr(done, "message") else done), done
    game = await bot.store.open_game_in_channel(channel.id)
    assert len(deciding(game)) == 2
    again = await ann.click(done, label="Undo")
    game = await bot.store.open_game_in_channel(channel.id)
    assert without_seq(game.state) == without_seq(before) and len(deciding(game)) == 3
    # the private message shows the decision again, and it can be answered
    shown = [again.response, *again.followups][-1]
    assert any((c["label"] or "").isdigit() for c in buttons(shown.message if hasattr(shown, "message") else shown))
    await answer(ann, shown)
    game = await bot.store.open_game_in_channel(channel.id)
    assert len(deciding(game)) == 2
