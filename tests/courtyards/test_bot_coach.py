"""Courtyards' coach through the real bot (SimCord), as a player meets it: ann plays a game against an easy AI
to the results, asks for a review, opens "1. What would you do?" (the position with its picture, four
lettered choices), picks one and is answered with the coach's choice and why; in Polish too. What the player
saw is written to $COURTYARDS_SEEN when set (to read it)."""

import os

import pytest
from simharness import buttons, embed_text, message, speak, table, the_question

from .test_bot import play_out, start


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(review_rounds=1)


async def test_a_player_reviews_a_game_and_is_asked(simcord_env, simcord_bot, monkeypatch):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann,) = table(env, 1)
    lobby = await start(env, channel, [ann], end="empty", money="short")
    await ann.click(lobby, label="Add AI (easy)")
    await ann.click(lobby, label="Start the game")
    await play_out(env, bot, channel, [ann])
    results = channel.history()[-1]
    env.settle_timeout = 60.0  # (the review of a whole game runs in a worker: seconds on a loaded machine)
    res = await ann.click(results, label="Review my game")
    await env.settle()
    game = (await bot.store.history(5, channel_id=channel.id))[0]["game_id"]
    stored = await bot.store.review(game, 0)
    n = len(stored["costliest"])
    assert n >= 1
    review = res.response
    seen = ["## The review", embed_text(review, "\n")]
    asks = [b for b in buttons(review.message) if b["type"] == 2]
    assert [b["label"] for b in asks] == [f"{k}. What would you do?" for k in range(1, n + 1)]

    q = the_question(await ann.click(review.message, label="1. What would you do?"))
    text = embed_text(q)
    assert "What would you do? 1/" in text and "Your money" in text and "Market" in text
    assert [a.filename for a in q.attachments] == ["position.png"]
    menu = next(c for c in buttons(q.message) if c["type"] == 3)
    labels = [label for label, _v in menu["options"]]
    assert 2 <= len(labels) <= 4 and [lb[:2] for lb in labels] == [f"{x}." for x in "ABCD"[:len(labels)]]
    seen += ["## The question", text, "\n".join(labels)]

    from app.tables import game_of
    decision = next(d for d in stored["decisions"] if d["at"] == stored["costliest"][0])
    why = game_of(await bot.store.game(game)).coach.why(decision)
    await ann.select(q.message, ["0"], custom_id=menu["custom_id"])
    done = embed_text(message(env, q.message.channel, q.id))  # (answered in place)
    assert "The coach's answer" in done and f"Why: {why}" in done
    seen += ["## The answer", done]

    speak(monkeypatch, users={ann.id: "pl"})
    q_pl = the_question(await ann.click(review.message, label="1. What would you do?"))
    labels_pl = [label for label, _v in next(c for c in buttons(q_pl.message) if c["type"] == 3)["options"]]
    assert len(labels_pl) == len(labels) and embed_text(q_pl) != text
    seen += ["## Po polsku", embed_text(q_pl), "\n".join(labels_pl)]
    if os.environ.get("COURTYARDS_SEEN"):
        with open(os.environ["COURTYARDS_SEEN"], "w") as f:
            f.write("\n".join(seen))
