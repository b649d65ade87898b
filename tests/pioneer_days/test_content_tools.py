"""The catalogue generated from the data, and the balance script's bookkeeping and verdicts."""

from pathlib import Path

import pytest

from bench import balance
from games.pioneer_days.rules import catalogue, describe
from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK

ROOT = Path(__file__).resolve().parents[2]


# ---- catalogue -----------------------------------------------------------------------------
def test_catalogue_lists_every_card_with_its_generated_text():
    md = catalogue.markdown()
    for kind, cid in describe.all_cards():
        c = describe.card(kind, cid)
        first = "standard side" if cid == "standard" else cid
        row = next((line for line in md.splitlines() if line.startswith(f"| {first} | {c['name']} |")), None)
        assert row is not None, (kind, cid)
        assert c["effect"].removeprefix("Needs ") in row
    for letter, (title, _) in catalogue.SETS.items():
        assert f"### Set {letter} — {title}" in md
    assert set(catalogue.SETS) == {c["set"] for c in TOWNSFOLK.values()}
    assert md.count("\n| T") == len(TOWNS) and md.count("\n| EQ") == len(EQUIPMENT)
    assert md.count("\n| P") == len(PIONEERS)


def test_catalogue_doc_is_up_to_date():
    doc = ROOT / "games" / "pioneer_days" / "CATALOGUE.md"
    assert doc.read_text(encoding="utf-8") == catalogue.markdown(), \
        "games/pioneer_days/CATALOGUE.md is stale: run python -m games.pioneer_days.rules.catalogue --write"


def test_catalogue_command_prints_and_writes(tmp_path, capsys):
    out = tmp_path / "cat.md"
    assert catalogue.main(["--write", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed == out.read_text(encoding="utf-8") == catalogue.markdown()


# ---- balance script ------------------------------------------------------------------------
def test_balance_games_cover_pairs_and_player_counts():
    configs = [balance.game_config(i) for i in range(30)]
    assert len(balance.PAIRS) == 10
    assert {tuple(c["sets"]) for c in configs} == {tuple(p) for p in balance.PAIRS}
    for n in (2, 3, 4):
        assert sum(c["players"] == n for c in configs) == 10
    assert all(c["pioneers"] == "unique" for c in configs)


def test_balance_play_is_deterministic_and_tracks_holders():
    g = balance.play(7, 8, "random", "unique")
    assert g == balance.play(7, 8, "random", "unique")
    assert all(p in PIONEERS for p in g["pioneer"])  # every seat on a unique side
    assert sum(g["share"]) == balance.SHARE
    for ever, end in zip(g["ever"], g["end"], strict=True):
        assert set(end) <= set(ever)


def test_balance_simulation_is_the_same_with_two_processes():
    one = balance.simulate(12, seed=5, procs=1, chunk=6)
    two = balance.simulate(12, seed=5, procs=2, chunk=6)
    assert one["games"] == 12 and dict(one["by_n"]) == {2: 10, 3: 2}  # games 0-9: 2p, then 3p
    for key in ("seat", "pioneer", "pioneer_seat", "ever", "end"):
        assert dict(one[key]) == dict(two[key]), key
    # win shares add up to one game each
    assert sum(row[1] for row in one["pioneer"].values()) == 12 * balance.SHARE


def _even_tally(games=16):
    """Synthetic games: every card held by both players, every game a tie: all rates are fair."""
    t = balance.new_tally()
    ids = sorted(PIONEERS)
    everything = list(TOWNSFOLK) + list(EQUIPMENT)
    for k in range(games):
        balance.record(t, {"n": 2, "pair": "AB", "share": [6, 6], "pioneer": [ids[k % 8], ids[(k + 1) % 8]],
                           "ever": [everything, everything], "end": [everything, []]})
    return t


def test_balance_verdicts_pass_and_fail():
    a = balance.analyse(_even_tally())
    assert not any(p["bad"] for p in a["pioneers"]) and not any(c["bad"] for c in a["cards"])
    assert a["avg"] == pytest.approx(0.5)
    # a card whose holders always win, a pioneer that always wins
    t = _even_tally()
    for _ in range(32):
        balance.record(t, {"n": 2, "pair": "AB", "share": [12, 0], "pioneer": ["P3", "P4"],
                           "ever": [["C01"], []], "end": [["C01"], []]})
    a = balance.analyse(t)
    bad = {x["id"] for x in a["pioneers"] + a["cards"] if x["bad"]}
    assert bad == {"P3", "P4", "C01"}
    c01 = next(c for c in a["cards"] if c["id"] == "C01")
    assert c01["rate"] == pytest.approx((32 * 6 + 32 * 12) / (64 * 12))  # held twice in each tie


def test_balance_exits_non_zero_when_a_target_fails(capsys):
    # 10 games: some cards are never held, which fails the card target
    assert balance.main(["--games", "10", "--procs", "1"]) == 1
    out = capsys.readouterr()
    assert "## Pioneers" in out.out and "**FAIL**" in out.out and "targets failed" in out.err


class FirstChoice:
    """A trivial player kind: always the first legal action."""

    def __init__(self, seat, seed):
        self.seat = seat

    def choose(self, state, actions):
        assert all(a.player == self.seat for a in actions)
        return actions[0]


def test_balance_player_kind_hook(monkeypatch):
    monkeypatch.setitem(balance.PLAYER_KINDS, "first", FirstChoice)
    t = balance.simulate(3, procs=1, kind="first")
    assert t["games"] == 3
    assert balance.player_factory("test_content_tools:FirstChoice") is FirstChoice
    with pytest.raises(SystemExit):
        balance.player_factory("nobody")


def test_balance_ai_players_play_whole_games_on_unique_sides():
    g = balance.play(4, 3, "easy", "unique")  # game 4: two players
    assert g == balance.play(4, 3, "easy", "unique")
    assert all(p in PIONEERS for p in g["pioneer"]) and sum(g["share"]) == balance.SHARE
    assert g != balance.play(4, 3, "random", "unique")


# ---- game options --------------------------------------------------------------------------
def test_game_options_every_set_pair_and_pioneer_side():
    from games.pioneer_days.rules.flow import make_config

    assert make_config()["sets"] == ["A", "B"] and make_config()["pioneers"] == "standard"
    for pair in balance.PAIRS:
        for side in ("standard", "unique"):
            assert make_config(players=4, sets=list(pair[::-1]), pioneers=side)["sets"] == sorted(pair)
    for bad in (["A", "A"], ["A"], ["A", "B", "C"], ["A", "F"], ["a", "b"]):
        with pytest.raises(ValueError):
            make_config(sets=bad)
    with pytest.raises(ValueError):
        make_config(pioneers="mixed")
