"""Every game the bot hosts, played to its results through the real bot as people play it now (issue 38): the
lobby in the channel, the game in its thread with the Components V2 panel (its picture inside), each
decision taken where the bot offers it (the panel, or the player's private message, which then shows their
next decision by itself), the results back in the channel. A person chooses the first thing offered."""

import pytest
from simharness import ACTION, buttons, has_picture, message, table

from app.tables import game_of
from engine import registry

V2 = 1 << 15
CLICKS_MAX = 3000


def offered(msg, first_menu: bool = False) -> list[tuple[str, list[str] | None]]:
    """(custom_id, select values or None) of what a message offers to play, first first; a message's first
    menu only with first_menu (on a panel it may be no move; a private decision may offer its moves there)."""
    out: list[tuple[str, list[str] | None]] = []
    for c in buttons(msg):
        if c["type"] == 2 and c["custom_id"] and ACTION.match(c["custom_id"]):
            out.append((c["custom_id"], None))
        elif c["type"] == 3 and c["custom_id"] and c["options"] and (first_menu or not c["custom_id"].endswith(":0")):
            out.append((c["custom_id"], [c["options"][0][1]]))
    return out


async def click(actor, msg, choice):
    cid, values = choice
    return await (actor.select(msg, values, custom_id=cid) if values else actor.click(msg, custom_id=cid))


@pytest.mark.parametrize("key", [g.key for g in registry.games()])
async def test_every_game_is_played_in_its_thread_to_the_results(simcord_env, simcord_bot, key):
    env, bot = simcord_env, simcord_bot
    played = registry.game(key)
    people = max(2, played.players[0]) if played.players[1] >= 2 else 1
    guild, channel, actors = table(env, people)
    lobby = (await actors[0].slash(channel, f"play new {key}")).response
    for a in actors[1:]:
        await a.click(lobby, label="Join")
    await actors[0].click(lobby, label="Start the game")
    gid = (await bot.store._rows("SELECT id FROM games WHERE home_id=?", (channel.id,)))[0][0]
    game = await bot.store.game(gid)
    thread = next(t for t in channel.threads if t.id == game.channel_id)
    panel = env.backend.get_message(thread.id, game.panel_message_id)
    assert panel.flags & V2 and has_picture(message(env, thread, panel.id)), "a V2 panel with its picture"
    by_user = {a.id: a for a in actors}
    desk: dict[int, int] = {}  # person -> their private message (it shows their next decision)
    clicks = decisions = 0
    while game.status == "active":
        assert clicks < CLICKS_MAX, f"{key}: not over after {clicks} clicks"
        seat = next(s for s in game_of(game).rules.deciders(game.live) if not game.is_ai(s))
        who = by_user[game.user_at(seat)]
        mine = message(env, thread, desk[who.id]) if who.id in desk else None
        if mine is not None and (choices := offered(mine) or offered(mine, first_menu=True)):
            res = await click(who, mine, choices[0])
        elif offered(shown := message(env, thread, game.panel_message_id)):
            res = await click(who, shown, offered(shown)[0])
        else:
            res = await who.click(shown, label="Decide (private)")
            desk[who.id] = [res.response, *res.followups][-1].id
            assert has_picture(message(env, thread, desk[who.id])) or not played.pictures, \
                f"{key}: a private decision without its picture"
        clicks += 1
        before = game.seq
        game = await bot.store.game(gid)
        decisions += game.seq > before
    assert game.status == "over" and decisions > 0
    results = [m for m in channel.history() if m.embeds and m.embeds[0].title == "Game over"]
    assert len(results) == 1 and has_picture(results[0])  # back in the channel, with the results picture
