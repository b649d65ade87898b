"""The games' symbols as application emoji (cogs/emoji.py, engine/symbols.py): uploaded at start-up from the
pictures each game draws for them, found again (not uploaded twice) at the next start, and written in the
games' texts; an upload Discord refuses leaves that symbol in Unicode."""

from engine import registry, symbols
from games.next_station import words


def uploads(env) -> list[str]:
    return [r.json["name"] for r in env.http_requests if r.method == "POST" and r.path.endswith("/emojis")]


async def test_the_symbols_are_uploaded_once_and_written_in_the_texts(simcord_env, make_bot):
    env = simcord_env
    wanted = {symbols.full_name(g.key, e.name) for g in registry.games() for e in g.emoji}
    assert "ns_pentagon" in wanted
    assert words.card({"symbol": "pentagon", "kind": "street"}).startswith("⬟ ")  # before: Unicode
    bot = make_bot(app_emoji=True)
    await env.restart_bot(bot)
    await env.settle()
    assert sorted(uploads(env)) == sorted(wanted)
    have = {e.name: e.id for e in env.backend.application_emojis.values()}
    assert words.card({"symbol": "pentagon", "kind": "street"}).startswith(f"<:ns_pentagon:{have['ns_pentagon']}> ")
    again = make_bot(app_emoji=True)
    await env.restart_bot(again)
    await env.settle()
    assert sorted(uploads(env)) == sorted(wanted)  # nothing uploaded the second time: found by name


async def test_an_upload_refused_leaves_the_symbol_in_unicode(simcord_env, make_bot):
    env = simcord_env
    env.inject_error("POST", "/applications/*/emojis", status=400, code=30018,
                     message="Maximum number of emojis reached", times=1)
    bot = make_bot(app_emoji=True)
    await env.restart_bot(bot)
    await env.settle()
    shown = {k: words.mark(k) for k in words.EMOJI}
    assert sum(v == words.SYMBOL_MARK[k] for k, v in shown.items()) == 1  # the one refused: Unicode
    assert sum(v.startswith("<:ns_") for v in shown.values()) == len(words.EMOJI) - 1
    assert not bot.errors
