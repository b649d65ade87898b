""""What would you do?" in the coach's review (issue 29 item 12), through the real bot: the review asks each
of the three costliest decisions first (its answer is not in the review); the question shows the position
and a few choices, the played and the better one among them; the pick is answered in place with which was
better, by how much and why. The buttons work after a restart; only the reviewed person may answer; a
forged or stale click gets a short private refusal."""

import copy
import re

import pytest
from simharness import (
    answer,
    buttons,
    click_payload,
    embed_text,
    emit_clicks,
    forge,
    message,
    restart,
    send_forged,
    table,
    the_question,
)
from test_bot_review import finished_solo, shown


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(review_rounds=1)


def select_of(msg) -> dict:
    return next(c for c in buttons(msg.message) if c["type"] == 3)


async def test_what_would_you_do_asks_then_answers(simcord_env, simcord_bot, make_bot, monkeypatch):
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    results = await finished_solo(env, bot, channel, ann)
    res = await ann.click(results, label="Review my game")
    await env.settle()
    game = (await bot.store.history(5, channel_id=channel.id))[0]["game_id"]
    stored = await bot.store.review(game, 0)
    n = len(stored["costliest"])
    assert n >= 1
    review = res.response
    asks = [b for b in buttons(review.message) if b["type"] == 2]
    assert [b["label"] for b in asks] == [f"{k}. What would you do?" for k in range(1, n + 1)]
    text = shown(res)
    assert "What would you do?" in text and "Better:" not in text and "Why:" not in text  # asked, not told

    q = the_question(await ann.click(review.message, label="1. What would you do?"))
    assert "What would you do? 1/" in embed_text(q) and [a.filename for a in q.attachments] == ["position.png"]
    menu = select_of(q)
    labels = [label for label, _v in menu["options"]]
    assert 2 <= len(labels) <= 4 and [lb[0] for lb in labels] == list("ABCD"[:len(labels)])
    decision = next(d for d in stored["decisions"] if d["at"] == stored["costliest"][0])
    # the played and the better choice are among them (their own lines say what each did)
    from app.tables import game_of
    row = await bot.store.game(game)
    from engine.protocol import Table
    quiz = game_of(row).coach.quiz(Table(id=game, names=["ann", "AI"], mentions=["", ""], ai=[False, True],
                                         options={}), row.config, row.seed,
                                   await bot.store.action_ids(game), 0, decision)
    assert labels == [c[0] for c in quiz.choices] and quiz.played != quiz.best

    # someone else's click on ann's question, a forged choice, a stale question: short private refusals
    rec, payload = click_payload(env, bob, q, menu["custom_id"], values=["0"])
    await emit_clicks(env, [(rec, payload)])
    assert "someone else's review" in answer(env, rec)
    rec, payload = click_payload(env, ann, q, menu["custom_id"], values=["9"])
    await emit_clicks(env, [(rec, payload)])
    assert "not one of this question's" in answer(env, rec)
    stale = f"pdq:{game}:0:1:{stored['costliest'][0] + 1}:ask"
    rec, payload = click_payload(env, ann, review, stale)
    payload["message"] = forge(copy.deepcopy(payload["message"]), stale)  # (the stored message stays as it is)
    await emit_clicks(env, [(rec, payload)])
    assert "older review" in answer(env, rec)
    # ann's own choice sent on the channel's results message (a modified client): refused, the message kept
    before = embed_text(message(env, channel, results.id))
    rec = await send_forged(env, ann, results, menu["custom_id"], values=["0"])
    assert "doesn't belong on this message" in answer(env, rec)
    rec = await send_forged(env, ann, results, menu["custom_id"].replace("pdqs:", "pdq:") + ":tell")
    assert rec.responded and "The coach's answer" not in embed_text(message(env, channel, results.id))
    assert embed_text(message(env, channel, results.id)) == before
    rec, payload = click_payload(env, ann, q, menu["custom_id"], values=["²"])  # a digit int() can't read
    await emit_clicks(env, [(rec, payload)])
    assert "not one of this question's" in answer(env, rec)
    assert "The coach's answer" not in embed_text(q.message)  # none of them answered it

    bot = await restart(env, bot, make_bot, review_rounds=1)  # the question outlives the process
    await ann.select(q.message, [str(quiz.played)], custom_id=menu["custom_id"])  # what ann played again
    done = embed_text(env_message(env, q))
    assert "The coach's answer" in done and f"the coach prefers **{labels[quiz.best]}**" in done
    assert "That is what you played in the game: about" in done and "VP lost" in done
    why = game_of(row).coach.why(decision)
    assert why and f"Why: {why}" in done
    said = done.split("The coach's answer", 1)[1]
    assert not re.search(r"\bann\b", said)  # all "you": never the player's name in the third person
    assert not [c for c in buttons(env_message(env, q)) if c["type"] == 3]  # answered: no choices left
    assert [a.filename for a in env_message(env, q).attachments] == ["position.png"]  # the position stays
    if n > 1:  # the next question, answered without a pick
        assert [c["label"] for c in buttons(env_message(env, q))] == [f"Next question (2/{n})"]
        q2 = the_question(await ann.click(env_message(env, q), label=f"Next question (2/{n})"))
        assert "What would you do? 2/" in embed_text(q2)
        await ann.click(q2.message, label="Just tell me")
        told = embed_text(env_message(env, q2))
        assert "The coach's choice: **" in told and "In the game you played **" in told

    from simharness import speak
    speak(monkeypatch, users={ann.id: "pl"})  # the question speaks the reader's language
    q_pl = the_question(await ann.click(review.message, label="1. What would you do?"))
    labels_pl = [label for label, _v in select_of(q_pl)["options"]]
    assert len(labels_pl) == len(labels) and labels_pl != labels
    assert q_pl.embeds[0].description != q.embeds[0].description


def env_message(env, msg):
    """The message as it is now (answers are edited in place)."""
    from simharness import message
    return message(env, msg.message.channel, msg.id)
