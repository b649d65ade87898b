"""The coach on Discord: "Review my game" answers privately with the review and its chart; a second request
is answered from the store; outsiders and unfinished games are refused; it works after a restart."""

import pytest
from simharness import buttons, play_step, private, restart, table
from test_bot_ai import current, lobby_with_ais


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(review_rounds=1)  # one sample per line: the same path, quickly


async def finished_solo(env, bot, channel, ann):
    """ann against one easy AI, played to the end; the channel's last message (the results)."""
    lobby = await lobby_with_ais(env, channel, ann, "easy")
    await ann.click(lobby, label="Start the game")
    for _ in range(300):
        if await current(bot, channel) is None:
            break
        assert await play_step(env, bot, channel, [ann])
    assert await current(bot, channel) is None, "the game does not end"
    return channel.history()[-1]


def shown(res) -> str:
    """Everything the private answer shows now (it is edited while the review runs)."""
    msgs = [res.response] + res.followups
    return " ".join([m.content or "" for m in msgs] + [f"{e.title} {e.description} "
                    + " ".join(f"{f.name} {f.value}" for f in e.fields) for m in msgs for e in m.embeds])


async def test_review_my_game_then_again_from_the_store(simcord_env, simcord_bot, monkeypatch):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    results = await finished_solo(env, bot, channel, ann)
    assert "Review my game" in [b.get("label") for b in buttons(results)]

    res = await ann.click(results, label="Review my game")
    await env.settle()
    assert res.response.ephemeral
    game = (await bot.store.history(5, channel_id=channel.id))[0]
    stored = await bot.store.review(game["game_id"], 0)
    assert stored is not None and stored["seat"] == 0 and stored["count"] > 10
    assert 0 <= stored["accuracy"] <= 1 and len(stored["curve"]) >= 20
    text = shown(res)  # the waiting message became the review, with its chart
    assert "Accuracy" in text and "Reviewing" not in text
    assert [a.filename for a in res.response.attachments] == ["review.png"]
    # each of the costliest decisions is asked first ("What would you do?", tests/test_bot_quiz.py)
    from app.tables import game_of
    from ui import review as review_ui
    row = await bot.store.game(game["game_id"])
    fields = review_ui.review(row, stored)["embed"].fields
    assert len(fields) == len(stored["costliest"]) and all("What would you do?" in f.value for f in fields)
    assert all(game_of(row).coach.why(d) for d in stored["decisions"] if d["at"] in stored["costliest"])
    # a game whose coach asks no questions is told at once: the why, then what each choice did, a line both
    # choices lead to (what follows either way) said once, apart from You and Better
    import dataclasses

    from app.tables import names
    from engine.protocol import Coach
    from ui import quiz as quiz_ui

    class Telling(Coach):  # a coach that says why, and asks nothing
        def __init__(self, real):
            self.when, self.why, self.amount = real.when, real.why, real.amount
    telling = dataclasses.replace(game_of(row), coach=Telling(game_of(row).coach))
    monkeypatch.setattr(review_ui, "game_of", lambda g: telling)
    monkeypatch.setattr(quiz_ui, "game_of", lambda g: telling)
    msg = review_ui.review(row, stored)
    show, nm = telling.show, names(row)
    by_at = {d["at"]: d for d in stored["decisions"]}
    assert msg["view"] is None
    for f, at in zip(msg["embed"].fields, stored["costliest"], strict=True):
        d = by_at[at]
        both = [x for x in show.lines(d["played_events"], nm) if x in show.lines(d["best_events"], nm)]
        why, you, better = f.value.split("\n")[:3]
        assert why == telling.coach.why(d) and you.startswith("You: ") and better.startswith("Better: ")
        assert not any(x in you or x in better for x in both)
        assert (not both) == ("either way" not in f.value)
    monkeypatch.undo()

    calls = []
    real = bot.coach.coach.request
    bot.coach.coach.request = lambda *a, **k: calls.append(a) or real(*a, **k)
    again = await ann.slash(channel, "pioneer review")  # the latest game of the channel: from the store
    assert again.response.ephemeral and not calls
    pct = f"{stored['accuracy'] * 100:.0f} %"
    assert "Accuracy" in shown(again) and pct in shown(again) and pct in text

    res = await bob.click(results, label="Review my game")  # bob sat at no seat
    assert res.response.ephemeral and "you can review only your own games" in private(res)

    res = await ann.slash(channel, "pioneer review", game=999)
    assert res.response.ephemeral and "There is no game 999" in private(res)


async def test_review_refused_while_the_game_runs_and_works_after_a_restart(simcord_env, simcord_bot, make_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await lobby_with_ais(env, channel, ann, "easy")
    await ann.click(lobby, label="Start the game")
    game = await current(bot, channel)
    res = await ann.slash(channel, "pioneer review", game=game.id)
    assert res.response.ephemeral and "played to the end" in private(res)

    for _ in range(300):
        if await current(bot, channel) is None:
            break
        assert await play_step(env, bot, channel, [ann])
    results = channel.history()[-1]
    new_bot = await restart(env, bot, make_bot, review_rounds=1)
    await ann.click(results, label="Review my game")
    await env.settle()
    stored = await new_bot.store.review(game.id, 0)
    assert stored is not None and stored["count"] > 10
