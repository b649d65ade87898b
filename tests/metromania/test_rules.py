"""A test per clause of games/metromania/RULES.md (test_rNN_...), each failing if its rule were broken."""

import pytest

from engine.data import deep
from games.metromania.play import RULES
from games.metromania.rules import constants as K
from games.metromania.rules import engine as mm
from games.metromania.rules.city import END, START, City, generate, problems
from games.metromania.rules.geometry import grid

G = grid(K.SIDE)


def plain_city(**marks: str) -> str:
    """A city with only its arrows (RIM on every side) and the given cells marked: {"c12": "R"}."""
    kind = ["."] * G.count
    for k in range(G.count):
        if G.hex_side[k] >= 0:
            kind[k] = K.RIM[G.along[k]]
    for key, v in marks.items():
        kind[int(key[1:])] = v
    return "".join(kind)


def game(n: int = 2, text: str | None = None, **opts) -> dict:
    cfg = {"players": n, "names": [f"p{i}" for i in range(n)], "city": text or plain_city(), **opts}
    s, _ = RULES.new_game(cfg, 1)
    s["turn"] = s["first"] = 0
    return s


def do(s: dict, *acts: str) -> dict:
    for a in acts:
        r = RULES.apply(s, a)
        assert r.ok, (a, r)
        s = r.state
    return s


def moves(s: dict, seat: int) -> set[str]:
    return {a.id for a in RULES.legal_actions(s, seat)}


def long_path(s: dict, lid: int, length: int, start: int = 1, ending: bool = True) -> list[int]:
    """A legal line of `length` plain cells from `start` whose next tunnel may end it (a search)."""
    def dfs(t: dict) -> list[int] | None:
        cells = t["lines"][lid]["cells"]
        nxt = mm.next_cells(t, lid)
        if len(cells) == length:
            return list(cells) if not ending or any(t["city"][c] == END for c, _ in nxt) else None
        for c, _a in sorted(nxt, key=lambda x: x[0]):
            if t["city"][c] != ".":
                continue
            u = deep(t)
            mm._tunnel(u, lid // 2, lid, c, "", [])
            found = dfs(u)
            if found:
                return found
        return None
    t = deep(s)
    mm._tunnel(t, lid // 2, lid, start, "", [])
    found = dfs(t)
    assert found
    return found


def place(s: dict, lid: int, cells: list[int]) -> None:
    """Lays a line's tunnels as digging would (stations included), without the turn's checks."""
    for c in cells:
        mm._tunnel(s, lid // 2, lid, c, "", [])


# ---- the city and the pieces ----------------------------------------------------------------------------
def test_r01_pieces_two_lines_of_18_a_supply_of_30_twelve_markers():
    s = game(4)
    assert len(s["lines"]) == 8 and s["supply"] == 30
    dealt = sorted(tuple(m) for h in s["hand"] for m in h)
    assert dealt == sorted(K.MARKERS) and len(dealt) == 12
    assert all(sorted(x[0] for x in K.MARKERS).count(a) == 2 for a in K.LETTERS)
    # a line of 17 tunnels may only end: its 18th tunnel is its last
    s = game(2)
    line = long_path(s, 0, 17, ending=False)
    place(s, 0, line[:16])
    assert any(s_city_kind(s, c) == "." for c, _ in mm.next_cells(s, 0))  # the 17th: a plain cell
    place(s, 0, line[16:])
    assert len(s["lines"][0]["cells"]) == 17
    assert not any(s_city_kind(s, c) != END for c, _ in mm.next_cells(s, 0))


def s_city_kind(s: dict, c: int) -> str:
    return s["city"][c]


def test_r02_our_city_is_checked_and_a_broken_one_is_refused():
    for seed in range(5):
        text = generate(seed)
        assert problems(text) == []
        c = City(text)
        assert len(text) == 150 and len(c.starts) == 12 and len(c.ends) == 12
        assert len(c.park) == 3 and len(c.lake) == 3 and len(c.areas) == 18
        for sector in range(6):
            assert sorted(text[k] for k in c.areas if G.sector[k] == sector) == ["C", "E", "R"]
    text = generate(0)
    a = City(text).areas[0]
    bad = list(text)
    near = next(x for x in G.around[a] if text[x] == ".")
    bad[near] = "R"
    assert any("touches" in p for p in problems("".join(bad)))
    # a start walled in by the lake reaches no end
    walled = list(plain_city())
    for x in G.neighbours[1]:
        if x >= 0:
            walled[x] = "L"
    assert any("reaches no end" in p for p in problems("".join(walled)))


def test_r03_markers_dealt_by_player_count_and_option():
    for seed in range(10):
        s, _ = RULES.new_game({"players": 4, "names": list("abcd"), "city": plain_city()}, seed)
        for h in s["hand"]:
            assert sorted(m[1] for m in h) == ["C", "E", "R"] and len({m[0] for m in h}) == 3
        s, _ = RULES.new_game({"players": 3, "names": list("abc"), "city": plain_city()}, seed)
        assert [len(h) for h in s["hand"]] == [4, 4, 4]
    s = game(2)
    assert [sorted(m[0] for m in h) for h in s["hand"]] == [list(K.LETTERS)] * 2
    s = game(4, markers="fixed")
    assert s["hand"][1] == [["D", "R"], ["A", "C"], ["E", "E"]]
    s = game(3, markers="hidden")
    v = RULES.view_for(s, 0)
    assert v["hand"][0] == s["hand"][0] and all(m[0] == "?" for m in v["hand"][1])
    assert [m[1] for m in v["hand"][1]] == [m[1] for m in s["hand"][1]]


def test_r04_a_random_player_begins():
    firsts = {RULES.new_game({"players": 3, "names": list("abc"), "city": plain_city()}, seed)[0]["first"]
              for seed in range(30)}
    assert firsts == {0, 1, 2}


# ---- a turn -------------------------------------------------------------------------------------------
def test_r05_a_dig_is_three_tunnels_then_the_turn_passes():
    s = game(2)
    s = do(s, "0:t:0:1", "0:t:0:6")
    assert s["turn"] == 0 and s["dug"] == 2
    assert not any(a.endswith("pass") or ":s:" in a for a in moves(s, 0))  # no station mid-dig
    s = do(s, "0:t:0:12")
    assert s["turn"] == 1 and s["dug"] == 0
    # with nothing to dig nor build: the pass
    t = game(2)
    t["lines"][0]["done"] = t["lines"][1]["done"] = True
    t["lines"][0]["closed"] = t["lines"][1]["closed"] = True
    t["lines"][0]["cells"] = [1]
    t["lines"][1]["cells"] = [3]
    assert moves(t, 0) == {"0:pass"}


def test_r06_the_first_turn_starts_the_solid_line_the_striped_starts_on_a_far_side():
    s = game(2)
    first = moves(s, 0)
    assert first and all(a.startswith("0:t:0:") and s["city"][int(a.split(":")[3])] == START for a in first)
    s = do(s, "0:t:0:1")
    assert not any(a.startswith("0:t:1:") for a in moves(s, 0))  # not in the same turn
    s = do(s, "0:t:0:6", "0:t:0:12")
    for _ in range(3):
        s = do(s, sorted(moves(s, 1))[0])
    striped = {int(a.split(":")[3]) for a in moves(s, 0) if a.startswith("0:t:1:")}
    assert striped and all(G.far(G.hex_side[1], G.hex_side[c]) >= K.FAR for c in striped)


def test_r07_digging_never_on_park_or_lake_never_a_loop_no_acute_angle():
    s = game(2, plain_city(c12="P"))
    s = do(s, "0:t:0:1", "0:t:0:6")
    assert "0:t:0:12" not in moves(s, 0)
    # no loop: a cell next to the line's earlier tunnels is refused
    s = game(2)
    place(s, 0, [1, 7, 13, 19, 12])
    assert 6 not in [c for c, _ in mm.next_cells(s, 0)]  # 6 touches 1 and 12: a loop
    # acute: five cells round one corner are refused, unless a station sits on a middle one
    corner = next(p for p in range(len(G.points)) if len(G.at_point[p]) == 6)
    ring = list(G.at_point[corner])
    path = [ring[0]]
    while len(path) < 6:
        path.append(next(x for x in G.neighbours[path[-1]] if x in ring and x not in path))
    t = game(2)
    t["lines"][0]["cells"] = path[:4]
    for c in path[:4]:
        t["occ"][c] = 0
    assert mm.acute(G, path[:5], [])
    assert not mm.acute(G, path[:4], [])
    assert path[4] not in [c for c, _ in mm.next_cells(t, 0)]
    t["stations"].append({"side": -1, "cell": path[2], "on": [[0, 4]], "by": 0, "pts": 0})
    assert not mm.acute(G, path[:5], mm.station_at(t, 0))


def test_r08_an_area_needs_a_marker_of_its_kind_one_a_turn_no_same_letters_touching():
    s = game(2, plain_city(c6="R", c13="R"))
    s = do(s, "0:t:0:1")
    opts = moves(s, 0)
    assert "0:t:0:6:F" in opts and "0:t:0:6" not in opts  # seat 0 holds F and D of homes... its R marker: F
    s = do(s, "0:t:0:6:F")
    assert s["placed"] == [[6, "F", "R", 0]] and ["F", "R"] not in s["hand"][0]
    s = do(s, "0:t:0:12")
    # one marker a turn: a second area in the same turn is refused
    t = game(2, plain_city(c6="C", c12="R"))
    t = do(t, "0:t:0:1", "0:t:0:6:B")
    assert not any(a.startswith("0:t:0:12") for a in moves(t, 0))
    # a letter may not touch the same letter
    u = game(2, plain_city(c6="R", c12="R"))
    u["hand"][0] = [["A", "R"], ["A", "R"]]
    u["placed"] = [[6, "A", "R", 1]]
    assert mm.letters_for(u, 0, 12) == []
    u["hand"][0] = [["A", "R"], ["B", "R"]]
    assert mm.letters_for(u, 0, 12) == ["B"]
    u["hand"][0] = []
    assert mm.letters_for(u, 0, 12) == []


def test_r09_a_line_ends_on_a_far_side_then_its_free_station():
    s = game(2)
    ends = mm.allowed_ends(s, 0) if s["lines"][0]["cells"] else None
    place(s, 0, [1])
    ends = mm.allowed_ends(s, 0)
    assert ends and all(G.far(G.hex_side[1], G.hex_side[e]) >= K.FAR for e in ends)
    assert 0 not in ends and 4 not in ends  # the start's own side
    # all far ends taken: any free end
    for e in ends:
        s["occ"][e] = 5
    assert mm.allowed_ends(s, 0) == {e for e in City(s["city"]).ends if s["occ"][e] < 0}
    # completing: the free station, then no more stations on that line
    t = game(2)
    place(t, 0, long_path(t, 0, 12))
    t["dug"] = 2
    end = next(c for c, _ in mm.next_cells(t, 0) if t["city"][c] == END)
    t = do(t, f"0:t:0:{end}")
    assert t["lines"][0]["done"] and t["phase"] == "free" and t["turn"] == 0
    spots = moves(t, 0)
    assert spots and all(":s:0:" in a for a in spots)
    t = do(t, sorted(spots)[0])
    assert t["lines"][0]["closed"] and t["phase"] == "build" and t["turn"] == 1
    assert all(ln != 0 for ln, _ in mm.station_spots(t, 0))


def _stations_made(s: dict, lid: int, cells: list[int]) -> list[list]:
    out = []
    for c in cells:
        events: list[dict] = []
        mm._tunnel(s, lid // 2, lid, c, "", events)
        out.append([(e["how"], e["side"]) for e in events if e["type"] == "station"])
    return out


def test_r10_stations_where_lines_join_and_split_off_not_while_alongside():
    text = plain_city(c21="R", c28="C")
    s = game(2, text)
    place(s, 2, [3, 8, 14, 20, 27, 34, 42])     # seat 1's solid line, down from the top
    made = _stations_made(s, 0, [1, 7, 13, 19, 26, 33, 25])
    # 13 is the first to share a side with it (20): the join; 19, 26, 33 run alongside (a side or a
    # corner shared): nothing; 25 touches it no more after two shared sides: the split, on the last (26-34)
    assert made == [[], [], [("join", G.between[(13, 20)])], [], [], [], [("split", G.between[(26, 34)])]]
    join = next(st for st in s["stations"] if st["side"] == G.between[(13, 20)])
    assert sorted(join["on"]) == [[0, 4], [2, 6]]
    pts = City(text).side_areas
    assert s["points"][0] == pts[G.between[(13, 20)]] + pts[G.between[(26, 34)]]
    # a line that touches another at one side only and leaves: the join alone
    t = game(2)
    place(t, 2, [3, 8, 14, 20, 27, 34, 42])
    assert _stations_made(t, 0, [1, 7, 13, 12]) == [[], [], [("join", G.between[(13, 20)])], []]
    # the supply empty: no station
    u = game(2)
    u["supply"] = 0
    place(u, 2, [3, 8, 14, 20])
    assert _stations_made(u, 0, [1, 7, 13]) == [[], [], []]


def test_r11_an_intermediate_station_lies_between_two_stations_of_the_line():
    s = game(2)
    place(s, 0, [1, 6, 12, 18])
    assert mm.station_spots(s, 0) == []  # only the start: nothing between two stations
    s["stations"].append({"side": -1, "cell": 18, "on": [[0, 6]], "by": 0, "pts": 0})
    assert mm.station_spots(s, 0) == [(0, 0), (0, 1), (0, 2)]
    s["supply"] = 0
    assert mm.station_spots(s, 0) == []


# ---- the end ------------------------------------------------------------------------------------------
def test_r12_the_building_ends_then_everyone_else_has_one_last_turn():
    s = game(3)
    s["supply"] = 1
    place(s, 0, [1, 6, 12, 18])
    s["stations"].append({"side": -1, "cell": 18, "on": [[0, 6]], "by": 0, "pts": 0})
    s = do(s, "0:s:0:1")  # the last station of the supply
    assert s["supply"] == 0 and s["last"] == [2] and s["turn"] == 1
    s = do(s, next(iter(moves(s, 1))))
    while s["turn"] == 1 and s["phase"] != "over":
        s = do(s, sorted(moves(s, 1))[0])
    assert s["turn"] == 2
    while s["phase"] != "over":
        s = do(s, sorted(moves(s, 2))[0])
    assert s["result"] is not None
    # enough lines blocked or completed also ends it
    t = game(2)
    for lid in (0, 1, 2):
        t["lines"][lid]["done"] = True
        t["lines"][lid]["cells"] = [1]
    assert mm._ending(t, 1)


def test_r13_station_points_kept_by_lines_completed():
    for done, kept in ((2, 9), (1, 5), (0, 0)):
        s = game(2)
        s["points"] = [9, 0]
        for ln in range(done):
            s["lines"][ln]["done"] = True
        mm._score(s, [])
        assert s["result"]["stations"][0] == kept


def _two_lines_meeting(s: dict) -> None:
    """Seat 0's solid line and seat 1's solid line with a station where they meet, markers A at each end."""
    place(s, 0, [1, 6, 12])
    place(s, 2, [3, 8, 14, 13 + 7])


def test_r14_trips_fastest_routes_score_3_and_3_more_for_a_marker():
    s = game(2)
    # two lines, stations: seat 0's line from start 1; seat 1's crossing it
    place(s, 0, [1, 7, 13, 20])
    place(s, 2, [3, 8, 14])
    # markers A on the two lines' start cells' neighbours: A at 1 (seat 0's) and at 3 (seat 1's)
    s["placed"] = [[7, "A", "R", 0], [8, "A", "C", 1]]
    minutes, on, hops = mm.route(s, {7}, {8})
    assert minutes >= 0 and on
    s["hand"] = [[], []]
    mm._score(s, [])
    trip = s["result"]["detail"][0]
    assert trip["trip"] == "A" and trip["minutes"] == minutes
    for lid in on:
        assert trip["gained"][lid // 2] == K.TRIP_POINTS + K.MARKER_BONUS
    # changing lines costs 3 minutes: a route along one line is shorter than one that changes
    mid = G.cell_sides[75][0]
    st = [{"side": -1, "cell": 1, "on": [[0, 0]]}, {"side": mid, "on": [[0, 2], [2, 2]]},
          {"side": -1, "cell": 149, "on": [[2, 6]]}]
    s["stations"] = [dict(x, by=0, pts=0) for x in st]
    minutes, on, _ = mm.route(s, {1}, {149})
    assert minutes == 2 * K.HOP_MINUTES + K.CHANGE_MINUTES and on == {0, 2}


def test_r15_impossible_trips_blame_and_the_two_penalties():
    for rule, guilty, others in (("latest", 0, K.INQUIRY_OTHERS), ("classic", K.INQUIRY_GUILTY, 0)):
        s = game(2, trip=rule)
        s["hand"] = [[["A", "R"]], []]       # seat 0 never placed its A: to blame
        s["placed"] = [[8, "A", "C", 1]]
        place(s, 2, [3, 8, 14])
        mm._score(s, [])
        a = s["result"]["detail"][0]
        assert a["minutes"] < 0 and a["guilty"] == [0]
        assert a["gained"] == [guilty, others]
    # placed, but no station touches it: whoever placed it
    s = game(2)
    s["hand"] = [[], []]
    s["placed"] = [[70, "B", "R", 0], [8, "B", "C", 1]]
    place(s, 2, [3, 8, 14])
    mm._score(s, [])
    assert s["result"]["detail"][1]["guilty"] == [0]


def test_r16_park_to_lake_scores_5_on_a_fastest_route():
    text = plain_city(c7="P", c13="L")
    s = game(2, text)
    place(s, 0, [1, 6, 12])
    s["stations"].append({"side": -1, "cell": 12, "on": [[0, 4]], "by": 0, "pts": 0})
    s["hand"] = [[], []]
    mm._score(s, [])
    park = s["result"]["detail"][-1]
    assert park["trip"] == "park" and park["minutes"] >= 0 and park["gained"] == [K.PARK_POINTS, 0]
    t = game(2)
    t["hand"] = [[], []]
    mm._score(t, [])
    assert t["result"]["detail"][-1]["gained"] == [0, 0]


def test_r17_ties_go_to_lines_completed_then_tunnels():
    r = {"total": [10, 10, 10, 4], "done": [1, 2, 2, 2], "tunnels": [30, 20, 25, 36]}
    assert mm.ranks(r) == [3, 2, 1, 4]
    r = {"total": [10, 10], "done": [1, 1], "tunnels": [20, 20]}
    assert mm.ranks(r) == [1, 1]


def test_r18_two_players_score_trips_as_three_and_four():
    s = game(2)
    place(s, 0, [1, 7, 13, 20])
    place(s, 2, [3, 8, 14])
    s["placed"] = [[7, "A", "R", 0], [8, "A", "C", 1]]
    s["hand"] = [[], []]
    mm._score(s, [])
    assert max(s["result"]["detail"][0]["gained"]) == K.TRIP_POINTS + K.MARKER_BONUS


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_whole_game_by_the_easy_ai_ends_with_results(n):
    from games.metromania.ai import AI
    s, _ = RULES.new_game(RULES.config({}, [f"p{i}" for i in range(n)]), 7)
    while not RULES.is_over(s):
        seat = RULES.deciders(s)[0]
        s = do(s, AI.choose(RULES.view_for(s, seat), seat, "easy", 1).id)
    res = RULES.results(s)
    assert len(res) == n and any(r.winner for r in res)
