"""Pings when they help (cogs/pings.py): a person's turn mentions them the first time in a game and after
they have been away a while (PING_IDLE_MINUTES), never on every turn of a game they are playing; /play notify
sends a direct message instead (always) or when a decision has waited N minutes (after); closed direct
messages: the mention in the game's channel, said once."""

from simharness import controls, message, private, table

PANEL_WORDS = "Decide (private)"


def mentions(env, channel_id: int) -> list[str]:
    """The messages with a mention the bot posted in the channel (also those it deleted since)."""
    return [r.json.get("content") or "" for r in env.http_requests
            if r.method == "POST" and r.path == f"/channels/{channel_id}/messages" and isinstance(r.json, dict)
            and "<@" in (r.json.get("content") or "")]


def dms(env, person) -> list[str]:
    return [m.content for m in person.user.dm_channel.history()]


async def start(env, bot, people=2):
    guild, channel, actors = table(env, people)
    lobby = (await actors[0].slash(channel, "play new pyramid-poker", where="channel")).response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    await actors[0].click(lobby, label="Start the game")
    return channel, actors, await bot.store.open_game_in_channel(channel.id)


async def move(env, bot, channel, actors) -> int:
    """The person whose turn it is makes one move (Decide, their first choice); their user id."""
    game = await bot.store.open_game_in_channel(channel.id)
    who = next(a for a in actors if a.id == game.user_at(game.state["turn"]))
    res = await who.click(message(env, channel, game.panel_message_id), label=PANEL_WORDS)
    shown = [res.response, *res.followups][-1]
    choice = next(c.custom_id for c in controls(shown.message) if (c.custom_id or "").startswith("pm:"))
    await who.click(shown, custom_id=choice)
    return who.id


async def test_a_person_is_mentioned_the_first_time_and_after_being_away_not_every_turn(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    channel, (ann, bob), game = await start(env, bot)
    for _ in range(12):  # quick turns, each answered within the minute
        await env.advance_time(20)
        await move(env, bot, channel, (ann, bob))
    said = mentions(env, channel.id)
    assert sum(f"<@{ann.id}>" in m for m in said) == 1 and sum(f"<@{bob.id}>" in m for m in said) == 1
    # someone away for longer than PING_IDLE_MINUTES is mentioned when their turn comes
    game = await bot.store.open_game_in_channel(channel.id)
    mover = game.user_at(game.state["turn"])
    await env.advance_time(bot.settings.ping_idle_minutes * 60 + 60)
    await move(env, bot, channel, (ann, bob))
    game = await bot.store.open_game_in_channel(channel.id)
    nxt = game.user_at(game.state["turn"])
    if nxt != mover:  # (a turn that passes to the other one: they were away as long)
        assert sum(f"<@{nxt}>" in m for m in mentions(env, channel.id)) == 2


async def test_notify_always_sends_a_direct_message_instead_of_the_mention(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    res = await bob.slash(channel, "play notify", how="always")
    assert "direct message" in private(res)
    lobby = (await ann.slash(channel, "play new pyramid-poker", where="channel")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    for _ in range(3):
        await move(env, bot, channel, (ann, bob))
    assert not any(f"<@{bob.id}>" in m for m in mentions(env, channel.id))
    got = dms(env, bob)
    assert len(got) == 1 and "waiting for your move" in got[0] and f"/{channel.id}/" in got[0]


async def test_closed_direct_messages_fall_back_to_the_mention_said_once(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    await bob.slash(channel, "play notify", how="always")
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    lobby = (await ann.slash(channel, "play new pyramid-poker", where="channel")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    for _ in range(4):
        await move(env, bot, channel, (ann, bob))
    said = [m for m in mentions(env, channel.id) if f"<@{bob.id}>" in m]
    assert len(said) == 1 and "direct messages" in said[0]  # mentioned instead, and told why, once
    assert (await bot.store.notify_of(bob.id))[2]  # closed: not tried again until bob chooses again


async def test_notify_after_sends_a_direct_message_when_a_decision_waited(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    res = await bob.slash(channel, "play notify", how="after", minutes=15)
    assert "15 minutes" in private(res)
    lobby = (await ann.slash(channel, "play new pyramid-poker", where="channel")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start the game")
    game = await bot.store.open_game_in_channel(channel.id)
    if game.user_at(game.state["turn"]) != bob.id:
        await move(env, bot, channel, (ann, bob))
    await env.advance_time(10 * 60)
    assert not dms(env, bob)  # not yet
    await env.advance_time(6 * 60)
    assert len(dms(env, bob)) == 1
    await move(env, bot, channel, (ann, bob))  # bob moves: the next wait is for a later decision
    await move(env, bot, channel, (ann, bob))
    await env.advance_time(5 * 60)
    assert len(dms(env, bob)) == 1
