"""Records on both databases (`any_db`): the results and rating update written by the commit that finishes
a game, un-rated games, leaderboard paging, history, the v4 upgrade, and recomputing every rating
(app/recompute.py). Games are played through GameService where what is tested depends on the real finish;
boards and history use many games, written as the finishing commit writes them (write_finish) without
their moves, to stay fast."""

import asyncio
import random

import pytest
from test_db_store import raw, schema

import games.pioneer_days.rules as engine
from app import ledger, ratings, recompute
from app.ratings import MIN_GAMES, Rating
from app.service import GameService
from db import GameRow, Player, Store
from db.migrations import LATEST
from db.records import write_finish
from db.rows import AI_MARK
from engine.protocol import SeatResult
from games.pioneer_days import GAME as PD

OPTS = {"sets": ["A", "B"], "pioneers": "standard", "timer": 0}
NAMES = ["ann", "bob", "cy", "dee"]


@pytest.fixture
async def store(any_db):
    s = await Store.open(any_db, create=True)
    yield s
    await s.close()


def random_game(players: int, seed: int) -> tuple[list[str], dict]:
    """(action ids, final state) of a game of uniformly random choices, with the config the service builds
    for `players` people in NAMES order: the service replays the same ids to the same end."""
    config = {"players": players, "sets": OPTS["sets"], "pioneers": OPTS["pioneers"], "names": NAMES[:players]}
    state, _ = engine.new_game(config, seed)
    rnd, ids = random.Random(seed), []
    while state["stage"] != "over":
        a = rnd.choice(engine.legal_actions(state))
        ids.append(a.id)
        state = engine.apply(state, a.id).state
    return ids, state


def tied_game(players: int) -> tuple[int, list[str], dict]:
    """The first seed whose random game ends with two seats sharing a rank (a tie)."""
    for seed in range(1, 500):
        ids, state = random_game(players, seed)
        if len({r["rank"] for r in state["result"]}) < players:
            return seed, ids, state
    raise AssertionError("no tied game in 500 seeds")


async def play(store: Store, seed: int, ids: list[str], people: int, ais: int = 0, guild: int = 1,
               channel: int = 100, stop: int | None = None, at_move=None) -> tuple[GameService, int]:
    """Seats `people` persons (user ids 1.., NAMES) then `ais` easy AIs, and plays `ids` through the
    service: people's moves with act, AI seats' with auto. at_move(svc, gid, i) runs before move i;
    stop: play only that many moves."""
    svc = GameService(store, clock=lambda: 1000.0 + seed)
    gid = await store.create_lobby(guild, channel, 1, NAMES[0], OPTS, seed, game="pioneer-days")
    for uid in range(2, people + 1):
        assert (await svc.join(gid, uid, NAMES[uid - 1])).ok
    for _ in range(ais):
        assert (await svc.add_ai(gid, 1, "easy")).ok
    assert (await svc.start(gid, 1)).ok
    for i, aid in enumerate(ids[:stop]):
        if at_move is not None:
            await at_move(svc, gid, i)
        g = await store.game(gid)
        seat = int(aid.split(":", 1)[0])
        if g.is_ai(seat):
            out = await svc.auto(gid, seat, g.seq, aid)
        else:
            out = await svc.act(gid, channel, g.user_at(seat), g.seq, aid)
        assert out.ok, (i, aid, out.message)
    return svc, gid


# ---- one finished game ----------------------------------------------------------------------------

SEEDED = {("global", "u:1"): (30.0, 6.0, 5), ("g:1", "u:1"): (27.0, 7.0, 2), ("global", "u:2"): (22.0, 5.0, 9),
          ("g:1", "u:2"): (22.0, 5.0, 9), ("global", "u:3"): (25.0, 8.0, 1), ("global", "u:99"): (40.0, 2.0, 50),
          ("g:7", "u:1"): (10.0, 3.0, 4)}


async def test_a_four_player_game_with_a_tie_is_recorded_and_rated(store):
    seed, ids, final = tied_game(4)
    await store.replace_ratings(SEEDED, {})
    _svc, gid = await play(store, seed, ids, people=4)
    g = await store.game(gid)
    assert g.status == "over" and g.state["result"] == final["result"]
    rows = await store.results_of(gid)
    assert [(r["seat"], r["player"], r["user_id"], r["name"]) for r in rows] == \
        [(i, f"u:{i + 1}", i + 1, NAMES[i]) for i in range(4)]
    by_seat = {r["seat"]: r for r in final["result"]}
    for r in rows:
        want = by_seat[r["seat"]]
        assert (r["rank"], bool(r["winner"]), r["total"], r["scores"]["gold"], r["scores"]["in_game"],
                r["detail"]["silver"]) == \
            (want["rank"], want["winner"], want["total"], want["vp"]["gold"], want["vp"]["game"], want["silver"])
        assert r["rated"] == 1 and r["players"] == 4 and r["guild_id"] == 1 and r["channel_id"] == 100
        assert r["finished_at"] == 1000.0 + seed
    assert len({r["rank"] for r in rows}) < 4  # the tie is in the record

    # the ratings equal app.ratings.update applied by hand, in each scope from that scope's ratings
    seats = [{"player": r["player"], "rank": r["rank"]} for r in rows]
    expected = dict(SEEDED)
    for scope in ("global", "g:1"):
        before = {p: Rating(*v) for (s, p), v in SEEDED.items() if s == scope}
        for p, new in ratings.update(seats, before).items():
            expected[(scope, p)] = (new.mu, new.sigma, new.games)
    assert await store.all_ratings() == expected  # u:99 and g:7 untouched
    for r in rows:  # before and after, in the game's own scope (none before for a first game there)
        old = SEEDED.get(("g:1", r["player"]))
        assert (r["mu_before"], r["sigma_before"]) == ((old[0], old[1]) if old else (None, None))
        assert (r["mu_after"], r["sigma_after"], 1 + (old[2] if old else 0)) == expected[("g:1", r["player"])]
    assert await store.rating("global", "u:3") == expected[("global", "u:3")]
    assert (await store.rating("g:1", "u:3"))[2] == 1

    # the history links the message that showed the results
    results_item = [x.id for x in await store.pending(gid) if x.kind == "results"]
    assert len(results_item) == 1
    await store.mark_done(results_item, 4242)
    (shown,) = await store.history(5, channel_id=100)
    assert shown["game_id"] == gid and shown["message_id"] == 4242
    assert [s["rank"] for s in shown["seats"]] == sorted(r["rank"] for r in rows)
    assert await store.finished_without_results() == []


async def test_games_without_a_rating(store):
    """Every person replaced by an AI, or one rated seat left: recorded, rated=0, no rating moves. Ended
    early: no results at all."""
    await store.replace_ratings({("global", "ai:easy"): (26.0, 4.0, 7), ("global", "u:1"): (25.0, 8.0, 1)}, {})
    before = await store.all_ratings()

    ids, _ = random_game(3, 11)

    async def everyone_leaves(svc, gid, i):
        if i == 40:
            for uid in (1, 2):  # as an AI takes a seat over: the store's own step, the last person too
                assert await store.seat_to_ai(gid, uid, "easy", [], None)
    _svc, gid = await play(store, 11, ids, people=2, ais=1, channel=101, at_move=everyone_leaves)
    g = await store.game(gid)
    assert g.status == "over" and ledger.why_not_rated(g, True, PD.rules.results(g.state)) == "no_person"

    ids, _ = random_game(2, 12)

    async def one_leaves(svc, gid, i):
        if i == 30:
            assert (await svc.leave_game(gid, 2)).ok
    _svc, alone = await play(store, 12, ids, people=2, channel=102, at_move=one_leaves)
    g = await store.game(alone)
    assert g.status == "over" and ledger.why_not_rated(g, True, PD.rules.results(g.state)) == "too_few"

    for game_id, seats in ((gid, 3), (alone, 2)):
        rows = await store.results_of(game_id)
        assert len(rows) == seats and {r["rated"] for r in rows} == {0}
        assert all(r["mu_before"] is None and r["mu_after"] is None for r in rows)
    assert await store.all_ratings() == before

    ids, _ = random_game(2, 13)
    svc, ended = await play(store, 13, ids, people=2, channel=103, stop=20)
    assert (await svc.end(ended, 1)).ok
    assert (await store.game(ended)).status == "ended"
    assert await store.results_of(ended) == []
    assert await store.finished_without_results() == []  # not a finished game: nothing to backfill
    assert [h["game_id"] for h in await store.history(10, guild_id=1)] == [alone, gid]
    assert await store.all_ratings() == before


# ---- boards and history: many games, written as the finishing commit writes them ---------------------

def finish_of(guild: int, channel: int, players: list[str], ranks: list[int], at: float):
    """A Finish as app/ledger.py makes it when a game of these players ("u:<id>" or "ai:<level>") ends."""
    seated = [Player(int(p[2:]) if p.startswith("u:") else -1 - i, f"name {p}", i,
                     p[3:] if p.startswith("ai:") else None) for i, p in enumerate(players)]
    game = GameRow(0, guild, channel, 1, "over", {}, None, 0, None, 0, [], None, None, None, players=seated,
                   game=PD.key)
    results = [SeatResult(i, r, r == 1, 20 - 3 * r, {k: r for k in ("gold", "favors", "in_game")},
                          {"silver": i, "pioneer": "standard"}) for i, r in enumerate(ranks)]
    return ledger.finish(PD, game, results, at)


def shown_name(player: str) -> str:
    """The name finish_of gives a player, as Discord shows it (AI seats marked)."""
    return f"{AI_MARK} name {player}" if player.startswith("ai:") else f"name {player}"


async def finished(store: Store, f) -> int:
    """A game row and its record (a Finish), in one transaction as the finishing commit writes them."""
    async def tx(db):
        row = await db.fetchone("INSERT INTO games (guild_id, channel_id, host_id, status, options, seed) "
                                "VALUES (?, ?, 1, 'over', '{}', 0) RETURNING id", (f.guild_id, f.channel_id))
        await write_finish(db, row[0], f)
        return row[0]
    return await store._write(tx)


async def many_games(store: Store, count: int, seed: int = 7) -> int:
    """Random games of 2-4 seats on servers 1 and 2, finished before any played in a test (times 100..):
    regulars (u:1..u:14, the AIs) and a few who came once or twice (u:15..u:20). Returns how many are
    rated (not those of AIs only)."""
    rnd = random.Random(seed)
    regulars = [f"u:{i}" for i in range(1, 15)] + ["ai:easy", "ai:hard"]
    rated = 0
    for n in range(count):
        seats = rnd.sample(regulars, rnd.randint(2, 4))
        if n % 5 == 0:
            seats[0] = f"u:{15 + n // 5 % 6}"
        f = finish_of(1 + n % 2, 10 + n % 3, seats, [rnd.randint(1, len(seats)) for _ in seats], 100.0 + n)
        rated += f.rate is not None
        await finished(store, f)
    return rated


async def test_leaderboard_pages(store):
    await many_games(store, 60)
    stored = await store.all_ratings()
    for scope in ("global", "g:1", "g:2"):
        mine = {p: v for (s, p), v in stored.items() if s == scope}
        below = [p for p, v in mine.items() if v[2] < MIN_GAMES]
        expected = sorted((p for p, v in mine.items() if v[2] >= MIN_GAMES),
                          key=lambda p: (-(mine[p][0] - 3 * mine[p][1]), p))
        assert below and len(expected) > 8  # the board and who is not on it yet are both tested
        listed: list[dict] = []
        offset = 0
        while True:
            total, page = await store.leaderboard(scope, MIN_GAMES, offset, 4)
            assert total == len(expected)
            if not page:
                break
            assert len(page) <= 4
            listed += page
            offset += 4
        assert offset == 4 * -(-len(expected) // 4)  # every page full but the last, then an empty one
        assert [r["player"] for r in listed] == expected  # in order, none twice, none left out
        shown = [r["shown"] for r in listed]
        assert shown == sorted(shown, reverse=True)
        for r in listed:
            mu, sigma, games = mine[r["player"]]
            assert (r["mu"], r["sigma"], r["games"], r["name"]) == (mu, sigma, games, shown_name(r["player"]))
            assert r["shown"] == pytest.approx(mu - 3 * sigma, abs=1e-12)
        for place, r in enumerate(listed, 1):
            assert await store.board_place(scope, r["player"], MIN_GAMES) == place
        for p in below:
            assert await store.board_place(scope, p, MIN_GAMES) is None
    assert await store.leaderboard("g:3", MIN_GAMES, 0, 4) == (0, [])  # a server without games


async def test_history_newest_first_with_the_results_message(store):
    a = await finished(store, finish_of(5, 50, ["u:1", "u:2"], [1, 2], 300.0))
    b = await finished(store, finish_of(5, 50, ["u:2", "ai:easy", "u:3"], [2, 1, 2], 100.0))
    c = await finished(store, finish_of(5, 50, ["u:1", "u:3"], [1, 1], 200.0))  # after b, finished before it
    d = await finished(store, finish_of(5, 51, ["u:4", "u:1"], [2, 1], 250.0))
    e = await finished(store, finish_of(6, 60, ["u:5", "u:6"], [1, 2], 400.0))
    await store.add_items(a, 0, [("results", {}), ("image", {})])
    await store.add_items(c, 0, [("results", {})])
    shown, later = [x.id for x in await store.pending(a)]
    await store.mark_done([shown], 9001)  # the results message
    await store.mark_done([later], 9999)  # a later message of another kind is not the link
    # c's results item is still pending: no link yet

    assert [h["game_id"] for h in await store.history(10, channel_id=50)] == [a, c, b]
    assert [h["game_id"] for h in await store.history(2, channel_id=50)] == [a, c]
    assert [h["game_id"] for h in await store.history(10, guild_id=5)] == [a, d, c, b]
    assert [h["game_id"] for h in await store.history(10, guild_id=6)] == [e]
    assert await store.history(10, channel_id=52) == []
    by_id = {h["game_id"]: h for h in await store.history(10, guild_id=5)}
    assert {g: h["message_id"] for g, h in by_id.items()} == {a: 9001, b: None, c: None, d: None}
    assert by_id[b]["finished_at"] == 100.0 and by_id[b]["channel_id"] == 50
    assert [(s["name"], s["rank"], s["winner"]) for s in by_id[b]["seats"]] == \
        [("🤖 name ai:easy", 1, True), ("name u:2", 2, False), ("name u:3", 2, False)]  # by rank, then seat


# ---- recomputing ------------------------------------------------------------------------------------

async def test_recompute_finds_the_same_ratings_and_repairs_a_wrong_one(store):
    rated = await many_games(store, 30)
    ids, _ = random_game(3, 21)
    await play(store, 21, ids, people=2, ais=1, guild=2, channel=20)  # and one played through the service
    report = await recompute.recompute(store)
    assert report.rated_games == rated + 1 and report.backfilled == []
    assert report.computed.keys() == report.stored.keys() and len(report.stored) > 30
    assert report.differences == [] and report.max_dmu < 1e-9 and report.max_dsigma < 1e-9

    async def corrupt(db):
        await db.execute("UPDATE ratings SET mu=mu+0.5 WHERE scope='g:2' AND player='u:1'")
    await store._write(corrupt)
    report = await recompute.recompute(store)
    assert [key for key, _a, _b in report.differences] == [("g:2", "u:1")]
    assert report.max_dmu == pytest.approx(0.5)
    lines: list[str] = []
    recompute.show(report, lines.append)
    assert any("g:2 u:1" in line for line in lines) and lines[-1].startswith("1 ratings differ")
    assert (await store.all_ratings())[("g:2", "u:1")] != report.computed[("g:2", "u:1")]  # no --write: unchanged

    written = await recompute.recompute(store, write=True)
    assert written.written and len(written.differences) == 1
    assert await store.all_ratings() == written.computed
    assert (await recompute.recompute(store)).differences == []


async def test_recompute_command(store, any_db, capsys):
    await many_games(store, 6)
    player = min(p for scope, p in await store.all_ratings() if scope == "global")

    async def corrupt(db):
        await db.execute("UPDATE ratings SET games=games+1 WHERE scope='global' AND player=?", (player,))
    await store._write(corrupt)
    assert await asyncio.to_thread(recompute.main, ["--database", any_db]) == 1
    assert f"global {player}: stored" in capsys.readouterr().out
    assert await asyncio.to_thread(recompute.main, ["--database", any_db, "--write"]) == 0
    assert await asyncio.to_thread(recompute.main, ["--database", any_db]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "0 ratings differ"


# ---- a database from before records ------------------------------------------------------------------

async def test_v4_database_upgrades_with_its_finished_games(any_db):
    """Schema v5 upgrades a v4 database in place; its finished games are kept, listed as having no results,
    and app/recompute.py writes them from their final state and rates them."""
    games = []
    for n, (seed, humans) in enumerate(((31, 2), (32, 1), (33, 2))):
        ids, state = random_game(2, seed)
        games.append(("ended" if n == 2 else "over", engine.to_json(state), humans, len(ids)))
    inserts = []
    for gid, (status, state_json, humans, seq) in enumerate(games, 1):
        quoted = state_json.replace("'", "''")
        inserts.append(f"INSERT INTO games (id, guild_id, channel_id, host_id, status, options, config, seed, state, "
                       f"seq, updated_at) VALUES ({gid}, 9, {300 + gid}, 1, '{status}', '{{}}', '{{}}', {gid}, "
                       f"'{quoted}', {seq}, '2026-0{gid}-02T10:00:00.000Z')")
        inserts.append(f"INSERT INTO players (game_id, user_id, name, seat, joined) VALUES ({gid}, 1, 'ann', 0, 1)")
        inserts.append(f"INSERT INTO players (game_id, user_id, name, seat, joined, ai) VALUES ({gid}, "
                       + ("2, 'bob', 1, 2, NULL)" if humans == 2 else "-1, 'Easy AI 1', 1, 2, 'easy')"))
    await raw(any_db, *schema(any_db, 4), *inserts, version=4)

    s = await Store.open(any_db)
    try:
        assert await s.backend.version() == LATEST
        kept = [await s.game(gid) for gid in (1, 2, 3)]
        assert [(g.status, g.state_json) for g in kept] == [(st, js) for st, js, _h, _n in games]
        assert await s.finished_without_results() == [1, 2]
        assert await s.results_of(1) == [] and await s.all_ratings() == {}

        report = await recompute.recompute(s)  # a report: nothing written
        assert report.backfilled == [1, 2] and report.rated_games == 2 and len(report.differences) == 6
        assert await s.finished_without_results() == [1, 2]

        report = await recompute.recompute(s, write=True)
        assert await s.finished_without_results() == []
        first = await s.results_of(1)
        assert [(r["player"], r["rated"], r["mu_after"]) for r in first] == [("u:1", 1, None), ("u:2", 1, None)]
        assert [r["player"] for r in await s.results_of(2)] == ["u:1", "ai:easy"]
        assert first[0]["finished_at"] < (await s.results_of(2))[0]["finished_at"]  # the last move's time
        by_hand = ratings.replay_all([[{"player": r["player"], "rank": r["rank"]} for r in await s.results_of(g)]
                                      for g in (1, 2)])
        assert await s.all_ratings() == {(scope, p): (r.mu, r.sigma, r.games) for p, r in by_hand.items()
                                         for scope in ("global", "g:9")}
        assert (await recompute.recompute(s)).differences == []
    finally:
        await s.close()
