"""Undo (app/undo.py, GameService.undo, engine.rebuild): a person takes back their own last move while it
revealed nothing and nobody else has acted; the undo is logged, so the stored state equals the log's
replay, across a restart too; the game's records and coach read the game as played."""

import pytest
from conformance.games import every_game, specs, walk

import engine
import games.pioneer_days.rules as pd
from app import undo
from app.service import GameService
from db import Store
from engine import registry
from games.pioneer_days.rules.flow import make_config

OPTS = {"sets": "AB", "pioneers": "standard", "timer": 0}


@pytest.fixture
async def store(any_db):
    s = await Store.open(any_db, create=True)
    yield s
    await s.close()


async def started(store, game="pioneer-days", options=OPTS, players=2, channel=100):
    svc = GameService(store)
    gid = (await svc.new_lobby(game, 1, channel, 1, "ann", dict(options))).game.id
    for uid, name in ((2, "bob"), (3, "cy"))[:players - 1]:
        await svc.join(gid, uid, name)
    assert (await svc.start(gid, 1)).ok
    return svc, gid


def without_seq(state):
    return {k: v for k, v in state.items() if k != "seq"}


async def until_turn(svc, store, gid):
    """Plays the first legal action until a seat is on its turn with a choice that reveals nothing."""
    rules = registry.game("pioneer-days").rules
    for _ in range(200):
        g = await store.game(gid)
        s = g.live
        seat = rules.deciders(s)[0]
        for a in rules.legal_actions(s, seat):
            r = rules.apply(s, a.id)
            if s["stage"] == "turn" and r.ok and rules.undoable(s, a.id, r.state):
                return g, seat, a.id
        a = rules.legal_actions(s, seat)[0]
        assert (await svc.act(gid, g.channel_id, g.user_at(seat), g.seq, a.id)).ok
    raise AssertionError("no undoable turn action in 200 moves")


async def test_a_person_takes_back_their_move_and_the_log_replays_it(store):
    svc, gid = await started(store)
    g, seat, aid = await until_turn(svc, store, gid)
    before = g.live
    user = g.user_at(seat)
    assert (await svc.act(gid, 100, user, g.seq, aid)).ok
    g = await store.game(gid)
    assert await svc.undo_seat(g) == seat
    out = await svc.undo(gid, 100, user, g.seq)
    assert out.ok, out.message
    g = await store.game(gid)
    assert without_seq(g.live) == without_seq(before)
    assert g.seq == before["seq"] + 2  # (the move and the undo: buttons made before either are stale)
    assert engine.to_json(await svc.replayed(g)) == g.state_json
    log = await store.action_ids(gid)
    assert log[-1] == engine.undo_id(seat, 1) and engine.effective(log) == log[:-2]
    assert "took back" in g.recent[-1]
    # a fresh service (a restart) sees the same: nothing more to take back, the game plays on
    again = GameService(store)
    assert await again.undo_seat(g) is None
    assert not (await again.undo(gid, 100, user, g.seq)).ok
    assert (await again.act(gid, 100, user, g.seq, aid)).ok
    g = await store.game(gid)
    assert engine.to_json(await again.replayed(g)) == g.state_json


async def test_undo_after_a_restart(store):
    svc, gid = await started(store)
    g, seat, aid = await until_turn(svc, store, gid)
    before = g.live
    assert (await svc.act(gid, 100, g.user_at(seat), g.seq, aid)).ok
    again = GameService(store)  # (the move's mark is read from the log)
    g = await store.game(gid)
    assert await again.undo_seat(g) == seat
    assert (await again.undo(gid, 100, g.user_at(seat), g.seq)).ok
    assert without_seq((await store.game(gid)).live) == without_seq(before)


async def test_refusals_change_nothing(store):
    svc, gid = await started(store)
    g, seat, aid = await until_turn(svc, store, gid)
    user, other = g.user_at(seat), g.user_at(1 - seat)
    assert (await svc.act(gid, 100, user, g.seq, aid)).ok
    g = await store.game(gid)
    seq, log = g.seq, await store.action_ids(gid)
    for uid, ver, code in ((other, g.seq, "not_yours"), (99, g.seq, "not_player"), (user, g.seq - 1, "stale")):
        out = await svc.undo(gid, 100, uid, ver)
        assert not out.ok and out.code == code and out.message
    assert not (await svc.undo(gid, 555, user, g.seq)).ok  # (another channel)
    g = await store.game(gid)
    assert g.seq == seq and await store.action_ids(gid) == log


async def test_nothing_random_revealed_and_nobody_else_acted(store):
    """A move that rolled dice or drew a token is not offered; nor one another seat has played after; nor
    one the AI or a timer made."""
    svc, gid = await started(store)
    rules = registry.game("pioneer-days").rules
    seen = {"revealed": 0, "other": 0}
    for _ in range(150):
        g = await store.game(gid)
        if g.status != "active":
            break
        s = g.live
        seat = rules.deciders(s)[0]
        a = rules.legal_actions(s, seat)[-1]
        r = rules.apply(s, a.id)
        out = await svc.act(gid, 100, g.user_at(seat), g.seq, a.id)
        assert out.ok
        g = await store.game(gid)
        m = await svc.last_move(g)
        if s["rng"] != r.state["rng"]:
            seen["revealed"] += 1
            assert await svc.undo_seat(g) is None
            assert not (await svc.undo(gid, 100, g.user_at(seat), g.seq)).ok
        assert m is not None and m.seat == seat
        nxt = rules.deciders(g.live)
        if g.status == "active" and nxt and nxt[0] != seat:
            # the next seat acts: the first move is no longer the last one
            b = rules.legal_actions(g.live, nxt[0])[-1]
            assert (await svc.act(gid, 100, g.user_at(nxt[0]), g.seq, b.id)).ok
            g = await store.game(gid)
            if seen["other"] < 3:
                seen["other"] += 1
                out = await svc.undo(gid, 100, g.user_at(seat), g.seq)
                assert not out.ok
    assert seen["revealed"] and seen["other"]
    svc, gid = await started(store, channel=101)
    g, seat, aid = await until_turn(svc, store, gid)
    assert (await svc.auto(gid, seat, g.seq, aid, timed_out=True)).ok
    g = await store.game(gid)
    assert await svc.undo_seat(g) is None  # (a timer's move is nobody's to take back)
    assert not (await svc.undo(gid, 101, g.user_at(seat), g.seq)).ok


async def test_a_simultaneous_decision_taken_back_while_others_decide(store):
    """Next Station: everyone answers the same card; one player takes back their section while the others
    have not answered yet, and answers again."""
    svc, gid = await started(store, "next-station", {"objectives": "off", "powers": "off", "map": "larkhaven",
                                                      "timer": 0}, players=3)
    rules = registry.game("next-station").rules
    g = await store.game(gid)
    s = g.live
    assert len(rules.deciders(s)) == 3
    first = rules.deciders(s)[0]
    aid = rules.legal_actions(s, first)[0].id
    assert (await svc.act(gid, 100, g.user_at(first), g.seq, aid)).ok
    g = await store.game(gid)
    assert first not in rules.deciders(g.live) and len(rules.deciders(g.live)) == 2
    assert await svc.undo_seat(g) == first
    assert (await svc.undo(gid, 100, g.user_at(first), g.seq)).ok
    g = await store.game(gid)
    assert sorted(rules.deciders(g.live)) == sorted(rules.deciders(s))
    assert without_seq(g.live) == without_seq(s)
    assert engine.to_json(await svc.replayed(g)) == g.state_json
    # the others' buttons made before it still work: the undo was this seat's own
    other = [x for x in rules.deciders(s) if x != first][0]
    assert (await svc.act(gid, 100, g.user_at(other), s["seq"], rules.legal_actions(s, other)[0].id)).ok


def test_rebuild_replays_undos_for_every_game():
    """For every game with an undo: a random game with each undoable action taken back once and played
    again rebuilds to the same game (seq apart), and effective() of its log is the straight log."""
    tried = 0
    for game in every_game():
        undoable = getattr(game.rules, "undoable", None)
        if undoable is None:
            continue
        spec = specs(game)[0]
        config = game.rules.config(spec.options, [f"P{i + 1}" for i in range(spec.players)])
        straight, log = [], []
        for step in walk(game, spec):
            straight.append(step.action.id)
            if undoable(step.before, step.action.id, step.after):
                log += [step.action.id, engine.undo_id(int(step.action.id.split(":")[0]), 1)]
                tried += 1
            log.append(step.action.id)
            last = step.after
        state, _events = engine.rebuild(game.rules, config, spec.seed, log)
        assert without_seq(state) == without_seq(last)
        assert state["seq"] == last["seq"] + 2 * (len(log) - len(straight)) // 2
        assert engine.effective(log) == straight
    assert tried > 10


def test_the_log_rows_in_effect():
    rows = [{"seq": 0, "action_id": "0:a", "seat": 0, "user_id": 1, "events": undo.mark([{"type": "x"}], 2, True)},
            {"seq": 1, "action_id": "0:b", "seat": 0, "user_id": 1, "events": []},
            {"seq": 2, "action_id": "1:c", "seat": 1, "user_id": 2, "events": undo.mark([], 1, True)}]
    assert undo.last_move(rows) == undo.LastMove(1, 2, 1, True, 2)
    rows.append({"seq": 3, "action_id": "1:undo:1", "seat": 1, "user_id": 2, "events": []})
    assert undo.last_move(rows) == undo.LastMove(0, 1, 2, True, 0)
    assert [r["action_id"] for r in undo.effective_rows(rows)] == ["0:a", "0:b"]
    assert undo.effective_rows(rows)[0]["events"] == [{"type": "x"}]
    rows.append({"seq": 4, "action_id": "0:undo:2", "seat": 0, "user_id": 1, "events": []})
    assert undo.last_move(rows) is None and undo.effective_rows(rows) == []


def test_pioneer_days_undoable_only_when_nothing_is_revealed():
    s, _ = pd.new_game(make_config(players=2, sets=["A", "B"], pioneers="standard", names=["a", "b"]), 3)
    rules = registry.game("pioneer-days").rules
    kinds = set()
    for _ in range(300):
        if pd.is_over(s):
            break
        a = pd.legal_actions(s)[0]
        r = pd.apply(s, a.id)
        ok = rules.undoable(s, a.id, r.state)
        revealed = s["rng"] != r.state["rng"] or len(s["townsfolk_deck"]) != len(r.state["townsfolk_deck"])
        assert ok == (not revealed and len(s["equip_deck"]) == len(r.state["equip_deck"])
                      and len(s["town_deck"]) == len(r.state["town_deck"]))
        kinds.add(ok)
        s = r.state
    assert kinds == {True, False}


async def test_an_undo_gives_back_the_time_that_was_left_not_a_fresh_turn(store):
    """With a turn timer: moving and taking it back does not restart the mover's clock (no stalling)."""
    now = [1000.0]
    svc = GameService(store, clock=lambda: now[0])
    gid = (await svc.new_lobby("pioneer-days", 1, 100, 1, "ann", {**OPTS, "timer": 600})).game.id
    await svc.join(gid, 2, "bob")
    assert (await svc.start(gid, 1)).ok
    g, seat, aid = await until_turn(svc, store, gid)
    due = (await store.deadlines(gid))[seat]["due_at"]
    now[0] += 500
    assert (await svc.act(gid, 100, g.user_at(seat), g.seq, aid)).ok
    g = await store.game(gid)
    assert (await svc.undo(gid, 100, g.user_at(seat), g.seq)).ok
    assert (await store.deadlines(gid))[seat]["due_at"] == due  # not now + 600


def test_pyramid_poker_a_card_into_a_hand_may_be_taken_back():
    """A card put into a hand reveals nothing: undoable (the turn then passes: the stage changes); a block
    taken shows its face: not; a blind block placed shows the next one: not."""
    game = registry.game("pyramid-poker")
    spec = next(x for x in specs(game) if x.options["blocks"] == "blind")
    verbs: dict[str, set[bool]] = {}
    for step in walk(game, spec):
        verb = step.action.id.split(":")[1]
        verbs.setdefault(verb, set()).add(bool(game.rules.undoable(step.before, step.action.id, step.after)))
    assert True in verbs["hand"] and verbs["take"] == {False} and verbs["place"] == {False}


async def test_no_endless_move_and_undo(store):
    """A person may take back moves UNDO_MAX times in a row; then they play on (a move-undo loop would
    ping the next player each time)."""
    svc, gid = await started(store)
    g, seat, aid = await until_turn(svc, store, gid)
    user = g.user_at(seat)
    for _ in range(undo.UNDO_MAX):
        g = await store.game(gid)
        assert (await svc.act(gid, 100, user, g.seq, aid)).ok
        g = await store.game(gid)
        assert (await svc.undo(gid, 100, user, g.seq)).ok
    g = await store.game(gid)
    assert (await svc.act(gid, 100, user, g.seq, aid)).ok
    g = await store.game(gid)
    out = await svc.undo(gid, 100, user, g.seq)
    assert not out.ok and "in a row" in out.message
