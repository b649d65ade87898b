"""Whole Pyramid Poker games with random legal moves, for every option set: they end with valid results;
the same seed and moves give the same game; the log replays to it; states survive JSON; illegal, stale
and other seats' actions are refused and change nothing (what the host's conformance suite asks)."""

import pytest

import engine
from games.pyramid_poker.play import RULES

from .poker_helpers import OPTION_SETS, game, play_out, walk

SEEDS = (1, 2)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['blocks']}-{o['match']}")
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_replay_and_survive_json(options, seed):
    config = RULES.config(options, ["Ann", "Bob"])
    start, _ = RULES.new_game(config, seed)
    final, played = play_out(start, seed * 31)
    assert RULES.is_over(final) and RULES.deciders(final) == [] and RULES.legal_actions(final) == []
    assert final["seq"] == len(played) and final["stage"] == "over"
    again, played_again = play_out(RULES.new_game(config, seed)[0], seed * 31)
    assert played_again == played and engine.to_json(again) == engine.to_json(final)
    rebuilt, _ = engine.rebuild(RULES, config, seed, played)
    assert engine.to_json(rebuilt) == engine.to_json(final)
    assert engine.from_json(engine.to_json(final)) == final
    games = len(final["history"])
    if options["match"] == "basic":
        assert games == 1
    else:
        assert 1 <= games <= 15 and (games == 15 or max(final["points"]) >= int(options["match"][2:]))
    res = RULES.results(final)
    assert [r.seat for r in res] == [0, 1] and min(r.rank for r in res) == 1
    assert all((r.rank == 1) == r.winner and isinstance(r.total, int) for r in res)
    assert all(set(r.scores) == {"hands", "games", "points"} and r.detail["games"] == games for r in res)
    assert sum(r.scores["hands"] for r in res) <= 3 * games
    for h in final["history"]:
        assert all(len(hand) == 5 for hands in h["hands"] for hand in hands)  # 15 takes fill 15 places


@pytest.mark.parametrize("options", OPTION_SETS[:3], ids=lambda o: o["match"])
def test_every_step_plays_on_from_its_json_the_same(options):
    s, _ = game(options["blocks"], options["match"], seed=3)
    checked = 0
    for before, aid, after, _events in walk(s, 5):
        if before["seq"] % 5:
            continue
        text = engine.to_json(before)
        r = RULES.apply(engine.from_json(text), aid)
        assert r.ok and engine.to_json(r.state) == engine.to_json(after) and engine.to_json(before) == text
        checked += 1
    assert checked >= 18


@pytest.mark.parametrize("blocks", ["blind", "open"])
def test_illegal_stale_and_other_seats_actions_are_refused_and_change_nothing(blocks):
    s, _ = game(blocks, "to7", seed=4)
    earlier: list[str] = []
    refused = 0
    for before, aid, _after, _events in walk(s, 9):
        text = engine.to_json(before)
        legal = {a.id for a in RULES.legal_actions(before)}
        seat = RULES.deciders(before)[0]
        body = aid.split(":", 1)[1]
        bad = ["", "nonsense", "9:nothing", f"{seat}:nothing:at:all", "0:" + "x" * 80, f"{1 - seat}:{body}",
               f"{seat}:take:99", f"{seat}:hand:0", f"{seat}:keep:7", f"{seat}:place:ZZ:3"]
        bad += [e for e in earlier[-30:] if e not in legal][:3]
        for b in bad:
            if b in legal:
                continue
            r = RULES.apply(before, b)
            assert not r.ok and r.reason
            refused += 1
        assert engine.to_json(before) == text
        for a in RULES.legal_actions(before):
            assert a.id.split(":", 1)[0] == str(a.player) and len(a.id) <= 60 and 0 < len(a.label) <= 100
        earlier.append(aid)
    assert refused > 500
    over, _ = play_out(s, 9)
    assert not RULES.apply(over, "0:take:26").ok


def test_protocol_odds_and_ends():
    s, _ = game()
    with pytest.raises(ValueError):
        RULES.expand(s, 0, "anything")
    assert RULES.stage(s) == "game 1 build" and not RULES.simultaneous(s)
    keys = []
    for before, _aid, after, _events in walk(s, 2, until=lambda x: x["stage"] == "take" and x["seq"] > 40):
        keys.append((RULES.decision_key(before), RULES.decision_key(after), before["stage"], after["stage"]))
    assert keys and all(k0 != k1 for k0, k1, st0, _st1 in keys if st0 == "build")
    # a take and the hand it leads to are one decision; the hand ends it
    assert any(st0 == "take" and st1 == "hand" for _k0, _k1, st0, st1 in keys)
    assert all(k0 == k1 for k0, k1, st0, st1 in keys if st0 == "take" and st1 in ("hand", "joker"))
    assert all(k0 != k1 for k0, k1, st0, _st1 in keys if st0 == "hand")
    over, _ = play_out(s, 2)
    assert RULES.stage(over) == "over"
