"""Hexholm's balance over our generated boards (games/hexholm/BALANCE.md), by simulation: every seat played by the
same AI, the same seeds for every table size.

    python bench/hexholm_balance.py [--games 200] [--seed 1] [--level easy] [--players 2,3,4] [--workers 2]
                                    [--patch 1,3]

Prints, for each table size:
- the win share of each seat by its place in the turn order (the first player, the second, ...) with its 95 %
  interval (Wilson), against a fair share of 1 / players: a seat more than 10 points off fair is flagged;
- each goal card's mean gold per player (over the games that drew it) and the most against the least: the
  issue's target is no goal worth more than twice another on average (Barons are also shown without the 2-player
  games, where the lobby can leave them out); and the gold each goal sets a table's players apart by (a game's
  most minus its least): what a goal weighs in who wins; and each goal's formula counted on the final boards of
  the games that did not draw it (nobody played for it), against its gold when drawn: what the rules and the
  board give a goal, and what playing for it adds;
- the board families (the boards' lakes in thirds, and how many sections have two keeps): the games, the mean
  winning gold against the whole mean (FACTS.md: within 20 %), and the first player's win share; the boards'
  mean terrain patch (--patch a,b: an experiment, the generator's patches of a-b hexes in place of 3-8)."""

import argparse
import math
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexholm.ai import AI  # noqa: E402
from games.hexholm.play import RULES  # noqa: E402
from games.hexholm.rules import scoring, sections  # noqa: E402
from games.hexholm.rules.board import NEIGH, board  # noqa: E402
from games.hexholm.rules.constants import GOALS, TERRAINS  # noqa: E402

FAIR_POINTS = 0.10     # a seat's win share at most this far from fair
GOAL_RATIO = 2.0       # no goal worth more than twice another on average
FAMILY_GOLD = 0.20     # a board family's mean winning gold within 20 % of the whole mean


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def play(job: tuple) -> dict:
    players, seed, level, options = job
    config = RULES.config(options, [f"p{i}" for i in range(players)])
    s, _ = RULES.new_game(config, seed)
    while not s["over"]:
        seat = s["turn"]
        a = AI.choose(RULES.view_for(s, seat), seat, level, seed)
        r = RULES.apply(s, a.id)
        assert r.ok, a.id
        s = r.state
    text = s["board"]
    b = board(text)
    # every goal's formula on the final board, drawn or not: what the rules give a goal nobody played for
    every = [scoring.gold(b, s["owner"], list(GOALS), seat, players) for seat in range(players)]
    return {"first": s["first"], "goals": s["goals"], "scores": [r["scores"] for r in s["result"]],
            "totals": [r["total"] for r in s["result"]], "winners": [r["seat"] for r in s["result"] if r["winner"]],
            "lakes": text.count("w"), "double_keeps": sum(1 for sec in _sections(text) if sec.count("k") == 2),
            "rounds": s["round"], "every": every, "patch": patch_size(text)}


def patch_size(text: str) -> float:
    """The mean size of the board's terrain patches (linked hexes of one buildable terrain)."""
    seen: set[int] = set()
    sizes = []
    for h, t in enumerate(text):
        if t not in TERRAINS or h in seen:
            continue
        seen.add(h)
        todo, size = [h], 0
        while todo:
            x = todo.pop()
            size += 1
            for y in NEIGH[x]:
                if y not in seen and text[y] == t:
                    seen.add(y)
                    todo.append(y)
        sizes.append(size)
    return statistics.mean(sizes)


def _sections(board: str) -> list[str]:
    return ["".join(board[r * 20 + c] for r in range(rr, rr + 10) for c in range(cc, cc + 10))
            for rr in (0, 10) for cc in (0, 10)]


def seats(res: list[dict], players: int) -> list[str]:
    out = []
    flagged = False
    for place in range(players):
        wins = 0.0
        for r in res:
            seat = (r["first"] + place) % players
            if seat in r["winners"]:
                wins += 1 / len(r["winners"])
        lo, hi = wilson(wins, len(res))
        share = wins / len(res)
        off = abs(share - 1 / players) > FAIR_POINTS
        flagged |= off
        out.append(f"    place {place + 1}: {share:5.1%} [{lo:.1%}, {hi:.1%}]" + ("  <-- off fair" if off else ""))
    out.append(f"    target: every place within {FAIR_POINTS:.0%} of fair ({1 / players:.0%}): "
               + ("NOT met" if flagged else "met"))
    return out


def goals(res_by_players: dict[int, list[dict]]) -> list[str]:
    out = []
    for label, sizes in (("all tables", sorted(res_by_players)), ("3-4 players", [p for p in res_by_players if p > 2])):
        worth: dict[str, list[int]] = {g: [] for g in ("keeps", *GOALS)}
        apart: dict[str, list[int]] = {g: [] for g in ("keeps", *GOALS)}  # a game's most minus its least
        for p in sizes:
            for r in res_by_players[p]:
                for sc in r["scores"]:
                    for g, v in sc.items():
                        worth[g].append(v)
                for g in r["scores"][0]:
                    got = [sc[g] for sc in r["scores"]]
                    apart[g].append(max(got) - min(got))
        means = {g: statistics.mean(v) for g, v in worth.items() if v}
        if not means:
            continue
        out.append(f"  {label}: mean gold per player of each goal (games drawing it); the gold it sets the table's "
                   f"players apart by (a game's most minus its least, mean)")
        for g in sorted(means, key=lambda k: -means[k]):
            out.append(f"    {g:13s} {means[g]:5.1f}  (sd {statistics.pstdev(worth[g]):4.1f}, {len(worth[g])} players)"
                       f"   apart {statistics.mean(apart[g]):5.1f}")
        for name, of in (("mean gold", means), ("gold apart", {g: statistics.mean(v) for g, v in apart.items() if v})):
            cards = {g: m for g, m in of.items() if g != "keeps"}
            top, low = max(cards, key=cards.get), min(cards, key=cards.get)  # type: ignore[arg-type]
            ratio = cards[top] / cards[low] if cards[low] > 0 else float("inf")  # (few games: none apart)
            out.append(f"    most / least, {name}: {top} {cards[top]:.1f} / {low} {cards[low]:.1f} = {ratio:.2f} "
                       f"(target <= {GOAL_RATIO:.0f}: {'met' if ratio <= GOAL_RATIO else 'NOT met'})")
        # the same formulas on the boards of the games that did not draw them: what the rules and the board give
        # a goal nobody plays for, against what playing for it adds
        unsought: dict[str, list[int]] = {g: [] for g in GOALS}
        for p in sizes:
            for r in res_by_players[p]:
                for every in r["every"]:
                    for g in GOALS:
                        if g not in r["goals"]:
                            unsought[g].append(every[g])
        plain = {g: statistics.mean(v) for g, v in unsought.items() if v}
        if plain:
            out.append("    each goal's formula on the boards of the games that did not draw it (nobody played for it) "
                       "-> drawn: " + ", ".join(f"{g} {plain[g]:.1f} -> {means.get(g, float('nan')):.1f}"
                                                for g in sorted(plain, key=lambda k: -plain[k])))
            top, low = max(plain, key=plain.get), min(plain, key=plain.get)  # type: ignore[arg-type]
            out.append(f"    most / least, not drawn: {top} {plain[top]:.1f} / {low} {plain[low]:.1f} = "
                       f"{plain[top] / plain[low]:.2f}")
    return out


def families(res: list[dict]) -> list[str]:
    out = []
    whole = statistics.mean(max(r["totals"]) for r in res)
    lakes = sorted(r["lakes"] for r in res)
    cuts = (lakes[len(lakes) // 3], lakes[2 * len(lakes) // 3])
    groups: dict[str, list[dict]] = {}
    for r in res:
        third = "few lakes" if r["lakes"] < cuts[0] else "many lakes" if r["lakes"] >= cuts[1] else "some lakes"
        groups.setdefault(third, []).append(r)
        groups.setdefault(f"{r['double_keeps']} two-keep sections", []).append(r)
    bad = False
    for name in sorted(groups):
        g = groups[name]
        win = statistics.mean(max(r["totals"]) for r in g)
        firsts = sum(1 / len(r["winners"]) for r in g if r["first"] in r["winners"]) / len(g)
        off = abs(win - whole) / whole > FAMILY_GOLD
        bad |= off and len(g) >= 20
        out.append(f"    {name:22s} {len(g):4d} games: winning gold {win:5.1f} ({(win - whole) / whole:+.0%}), "
                   f"first player wins {firsts:.0%}" + ("  <--" if off else ""))
    out.append(f"    target: every family of 20 games or more within {FAMILY_GOLD:.0%} of the mean winning gold "
               f"({whole:.1f}): " + ("NOT met" if bad else "met"))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per table size (seeds seed .. seed + games - 1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--barons", default="on", choices=("on", "off2"))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--patch", help="an experiment: the generator's terrain patches of a,b hexes (the game's: "
                    f"{sections.PATCH[0]},{sections.PATCH[1]})")
    args = ap.parse_args()
    if args.patch:  # (set before the workers start: they inherit it)
        sections.PATCH = tuple(int(x) for x in args.patch.split(","))  # type: ignore[assignment]
    sizes = [int(x) for x in args.players.split(",")]
    print(f"Hexholm balance: {args.games} games per table size, every seat {args.level}, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, Barons {args.barons}, terrain patches of {sections.PATCH[0]}-"
          f"{sections.PATCH[1]} hexes")
    by: dict[int, list[dict]] = {}
    with Pool(args.workers) as pool:
        for players in sizes:
            t = time.perf_counter()
            jobs = [(players, args.seed + g, args.level, {"barons": args.barons}) for g in range(args.games)]
            by[players] = pool.map(play, jobs, chunksize=4)
            res = by[players]
            mean = statistics.mean(t for r in res for t in r["totals"])
            print(f"\n{players} players ({time.perf_counter() - t:.0f} s): mean gold {mean:.1f}, winning gold "
                  f"{statistics.mean(max(r['totals']) for r in res):.1f}, rounds "
                  f"{statistics.mean(r['rounds'] for r in res):.1f}, the boards' terrain patches "
                  f"{statistics.mean(r['patch'] for r in res):.2f} hexes on average")
            print("  win share by place in the turn order:")
            print("\n".join(seats(res, players)))
            print("  board families:")
            print("\n".join(families(res)))
    print("\nGoals:")
    print("\n".join(goals(by)))


if __name__ == "__main__":
    main()
