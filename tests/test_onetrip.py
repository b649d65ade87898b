"""A move's commit sent to PostgreSQL as one statement (db/onetrip.py): values become literals that nothing a
player types can end, a failed optimistic check writes nothing, and a function that reads inside its
transaction runs as an ordinary one. On both backends through the store, so SQLite's path is the reference."""

import json

import pytest
from test_db_store import started

from db import Store
from db.onetrip import NotInline, OneTrip, inline, literal, quote_tag

HOSTILE = ["it's", "$v0$", "$v0$'); DROP TABLE games; --", "$t0$ END $t0$", "back\\slash", "ünïcødé 🎲", "?",
           "$$", "'';", "\n--"]


def test_text_is_dollar_quoted_with_a_tag_it_does_not_contain():
    for text in HOSTILE:
        lit = literal(text)
        tag = quote_tag(text)
        assert lit == f"{tag}{text}{tag}" and tag not in text
    assert literal(None) == "NULL" and literal(-12) == "-12" and literal(1.5) == "1.5"
    for bad in (True, float("nan"), b"x", "nul\x00"):
        with pytest.raises(NotInline):
            literal(bad)


def test_placeholders_outside_quotes_take_the_values_in_order():
    assert inline("UPDATE t SET a=?, b='?' WHERE c=?", ("x", 2)) == "UPDATE t SET a=$v0$x$v0$, b='?' WHERE c=2"
    with pytest.raises(ValueError):
        inline("SELECT ?", ())
    with pytest.raises(ValueError):
        inline("SELECT ?", (1, 2))


async def test_reads_and_counted_statements_are_not_sent_in_one_trip():
    trip = OneTrip()
    with pytest.raises(NotInline):
        await trip.fetchone("SELECT 1")
    with pytest.raises(NotInline):
        await trip.execute("DELETE FROM t")
    await trip.execute_one("UPDATE t SET a=? WHERE id=?", ("$t0$", 1))
    sql = trip.statement()
    assert sql.startswith("DO $t1$") and sql.endswith("$t1$")  # $t0$ occurs in a value: another tag


async def test_moves_with_hostile_text_commit_exactly_and_a_stale_one_writes_nothing(any_db):
    store = await Store.open(any_db, create=True)
    try:
        _svc, gid = await started(store)
        game = await store.game(gid)
        state = json.loads(game.state_json)
        for i, text in enumerate(HOSTILE):
            state["seq"] += 1
            state["note"] = text
            rows = [(state["seq"] - 1, f"0:test:{i}", 0, 1, "turn", [{"text": text}])]
            saved = json.dumps(state)
            assert await store.commit_actions(gid, state["seq"] - 1, rows, saved, state["seq"], "active", [text],
                                              outbox=[("ping", {"text": text})])
            after = await store.game(gid)
            assert after.state_json is not None and json.loads(after.state_json)["note"] == text
            assert after.recent == [text]
        # a version that moved on: refused, nothing of it written
        before = await store.game(gid)
        logged = len(await store.actions(gid))
        assert not await store.commit_actions(gid, state["seq"] - 1, [(state["seq"] - 1, "0:late", 0, 1, "turn", [])],
                                              "{}", state["seq"], "active", ["late"])
        assert (await store.game(gid)).state_json == before.state_json
        assert len(await store.actions(gid)) == logged
        assert (await store.game(gid)).recent == before.recent
    finally:
        await store.close()
