"""Content balance by simulation: every set pair, every unique pioneer, 2-4 players.

    python bench/balance.py [--games 20000] [--procs 2] [--seed 1] [--players-kind random]
                            [--pioneer-side unique|any] [--write docs/BALANCE.md]

Game i (0-based) uses set pair PAIRS[i % 10], 2 + (i // 10) % 3 players and seed `seed + i`, so
every pair meets every player count equally often and the report does not depend on --procs.

Definitions (also printed with the report):
- win share: a sole winner scores 1, a shared victory between k players scores 1/k each; the win
  shares of a game add up to 1. Win rates below are mean win shares.
- fair: how often anyone wins, i.e. 1/N for an N-player game, averaged over the same games.
- pioneer win rate: over the player-games in which that unique pioneer was played (any seat);
  target |win rate - fair| <= 5 points. Also shown per seat (seat 1 = first seat, not the start
  player: the start player is random).
- holder of a townsfolk card or equipment tile: a player who held it at any moment of the game
  (recruited, taken, drawn or started with it), whether or not it survived to the end.
  holder-win rate = mean win share over its holders' player-games; "average" = the unweighted mean
  of the holder-win rates of all 60 cards and 27 tiles; target: holder-win rate - average
  <= 15 points for every card and tile. "end" is the same rate for holders at game end, shown
  for information.

Player kinds: "random" (uniform over the legal actions), "easy" and "hard" (engine.ai; hard at 10
rollouts a decision) are built in. Another player plugs in with
register_player_kind(name, factory) or on the command line as --players-kind package.module:factory,
where factory(seat, seed) returns an object with choose(state, actions) -> one of `actions`.
Exit status 1 when a target fails (or no game could be played), 0 otherwise."""

import argparse
import importlib
import itertools
import os
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import games.pioneer_days.rules as engine  # noqa: E402
from engine import rng  # noqa: E402
from games.pioneer_days import ai  # noqa: E402
from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNSFOLK  # noqa: E402

PAIRS = [a + b for a, b in itertools.combinations("ABCDE", 2)]
PLAYER_COUNTS = (2, 3, 4)
SHARE = 12  # win shares are counted in twelfths: exact for 1..4 tied winners and for 1/N
PIONEER_TARGET = 5.0  # points
CARD_TARGET = 15.0  # points
MIN_GAMES = 20000


# ---- players -------------------------------------------------------------------------------
class RandomPlayer:
    """Uniformly random legal choices from its own seeded stream (the game's RNG is untouched)."""

    def __init__(self, seat: int, seed: int):
        self.stream = {"rng": rng.seed_state(seed * 7919 + 101 * seat + 17)}

    def choose(self, state, actions):
        return actions[rng.below(self.stream, len(actions))]


class AiPlayer(RandomPlayer):
    """An engine.ai level. Where the script narrows the legal actions (unique pioneer sides) and the AI
    picked outside them, a random allowed one is taken instead."""

    level, budget = "easy", None

    def __init__(self, seat: int, seed: int):
        super().__init__(seat, seed)
        self.seat, self.seed = seat, seed * 7919 + seat

    def choose(self, state, actions):
        if len(actions) == 1:
            return actions[0]
        a = ai.choose(state, self.seat, self.level, seed=self.seed, budget=self.budget)
        return next((x for x in actions if x.id == a.id), None) or super().choose(state, actions)


class EasyPlayer(AiPlayer):
    level = "easy"


class HardPlayer(AiPlayer):
    level, budget = "hard", 10  # a small budget: thousands of games must stay runnable


PLAYER_KINDS = {"random": RandomPlayer, "easy": EasyPlayer, "hard": HardPlayer}


def register_player_kind(name: str, factory) -> None:
    """factory(seat, seed) -> object with choose(state, actions) -> Action."""
    PLAYER_KINDS[name] = factory


def player_factory(kind: str):
    if kind in PLAYER_KINDS:
        return PLAYER_KINDS[kind]
    if ":" in kind:
        module, _, attr = kind.partition(":")
        return getattr(importlib.import_module(module), attr)
    raise SystemExit(f"unknown player kind {kind!r}: use one of {sorted(PLAYER_KINDS)} or module:factory")


# ---- one game ------------------------------------------------------------------------------
def game_config(i: int) -> dict:
    return {"players": PLAYER_COUNTS[(i // len(PAIRS)) % len(PLAYER_COUNTS)],
            "sets": list(PAIRS[i % len(PAIRS)]), "pioneers": "unique"}


def play(i: int, seed: int, kind: str, side: str) -> dict:
    """Plays game i; returns who played what, who ever held / finally held what, win shares."""
    config = game_config(i)
    n = config["players"]
    factory = player_factory(kind)
    players = [factory(seat, seed) for seat in range(n)]
    s, _ = engine.new_game(config, seed)
    ever_t = [set() for _ in range(n)]
    ever_e = [set() for _ in range(n)]
    while s["stage"] != "over":
        seat = engine.deciders(s)[0]
        acts = engine.legal_actions(s, seat)
        if side == "unique" and s["stage"] == "pioneer":
            acts = [a for a in acts if not a.id.endswith(":pioneer:standard")]
        a = players[seat].choose(s, acts)
        engine.advance(s, a)
        for p, et, ee in zip(s["players"], ever_t, ever_e, strict=True):
            et.update(p["townsfolk"])
            ee.update(p["equipment"])
    winners = [r["seat"] for r in s["result"] if r["winner"]]
    share = [SHARE // len(winners) if seat in winners else 0 for seat in range(n)]
    return {"n": n, "pair": "".join(config["sets"]), "share": share,
            "pioneer": [p["pioneer"] for p in s["players"]],
            "ever": [sorted(t) + sorted(e) for t, e in zip(ever_t, ever_e, strict=True)],
            "end": [list(p["townsfolk"]) + list(p["equipment"]) for p in s["players"]]}


# ---- tallies (plain integers: merging is exact and order-free) -------------------------------
def new_tally() -> dict:
    return {"games": 0, "by_n": defaultdict(int), "seat": defaultdict(lambda: [0, 0, 0]),
            "pioneer": defaultdict(lambda: [0, 0, 0]), "pioneer_seat": defaultdict(lambda: [0, 0, 0]),
            "ever": defaultdict(lambda: [0, 0, 0]), "end": defaultdict(lambda: [0, 0, 0])}


def _add(d, key, won, fair):
    row = d[key]
    row[0] += 1
    row[1] += won
    row[2] += fair


def record(t: dict, g: dict) -> None:
    t["games"] += 1
    n = g["n"]
    t["by_n"][n] += 1
    fair = SHARE // n
    for seat in range(n):
        won = g["share"][seat]
        _add(t["seat"], (n, seat), won, fair)
        _add(t["pioneer"], g["pioneer"][seat], won, fair)
        _add(t["pioneer_seat"], (g["pioneer"][seat], seat), won, fair)
        for c in g["ever"][seat]:
            _add(t["ever"], c, won, fair)
        for c in set(g["end"][seat]):
            _add(t["end"], c, won, fair)


def merge(a: dict, b: dict) -> dict:
    a["games"] += b["games"]
    for k, v in b["by_n"].items():
        a["by_n"][k] += v
    for key in ("seat", "pioneer", "pioneer_seat", "ever", "end"):
        for k, row in b[key].items():
            dst = a[key][k]
            for j in range(3):
                dst[j] += row[j]
    return a


def run_chunk(args) -> dict:
    start, stop, seed, kind, side = args
    t = new_tally()
    for i in range(start, stop):
        record(t, play(i, seed + i, kind, side))
    return _plain(t)


def _plain(t: dict) -> dict:
    return {k: dict(v) if isinstance(v, defaultdict) else v for k, v in t.items()}


def simulate(games: int, seed: int = 1, procs: int = 2, kind: str = "random", side: str = "unique",
             chunk: int = 250) -> dict:
    jobs = [(a, min(games, a + chunk), seed, kind, side) for a in range(0, games, chunk)]
    total = new_tally()
    if procs > 1 and len(jobs) > 1:
        import multiprocessing as mp
        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(procs) as pool:
            for part in pool.imap_unordered(run_chunk, jobs):
                merge(total, part)
    else:
        for job in jobs:
            merge(total, run_chunk(job))
    return total


# ---- report --------------------------------------------------------------------------------
def pct(x: float) -> str:
    return f"{100 * x:.1f}"


def rate(row) -> tuple[float, float]:
    """(win rate, fair) of a [count, win twelfths, fair twelfths] row."""
    return row[1] / (SHARE * row[0]), row[2] / (SHARE * row[0])


def analyse(t: dict) -> dict:
    pioneers = []
    extra = ["standard"] if "standard" in t["pioneer"] else []  # --pioneer-side any: information only
    for pid in sorted(PIONEERS, key=lambda x: int(x[1:])) + extra:
        row = t["pioneer"].get(pid)
        if not row:
            pioneers.append({"id": pid, "n": 0, "rate": 0.0, "fair": 0.0, "diff": 0.0, "seats": [],
                             "bad": True})
            continue
        r, f = rate(row)
        seats = []
        for seat in range(max(PLAYER_COUNTS)):
            srow = t["pioneer_seat"].get((pid, seat))
            seats.append(rate(srow) if srow else None)
        pioneers.append({"id": pid, "n": row[0], "rate": r, "fair": f, "diff": r - f, "seats": seats,
                         "bad": pid in PIONEERS and abs(r - f) * 100 > PIONEER_TARGET})
    cards = []
    for cid in list(TOWNSFOLK) + list(EQUIPMENT):
        row = t["ever"].get(cid)
        if not row:
            cards.append({"id": cid, "n": 0, "rate": 0.0, "fair": 0.0, "end": None, "end_n": 0})
            continue
        r, f = rate(row)
        erow = t["end"].get(cid)
        cards.append({"id": cid, "n": row[0], "rate": r, "fair": f,
                      "end": rate(erow)[0] if erow else None, "end_n": erow[0] if erow else 0})
    held = [c for c in cards if c["n"]]
    avg = sum(c["rate"] for c in held) / len(held) if held else 0.0
    for c in cards:
        c["excess"] = c["rate"] - avg
        c["bad"] = c["n"] == 0 or c["excess"] * 100 > CARD_TARGET
    return {"pioneers": pioneers, "cards": cards, "avg": avg}


def report(t: dict, a: dict, args) -> str:
    pio, cards, avg = a["pioneers"], a["cards"], a["avg"]
    worst_p = max((p for p in pio if p["id"] in PIONEERS), key=lambda p: abs(p["diff"]))
    worst_c = max(cards, key=lambda c: c["excess"])
    bad = [p for p in pio if p["bad"]] + [c for c in cards if c["bad"]]
    mix = ", ".join(f"{t['by_n'].get(n, 0)} × {n}p" for n in PLAYER_COUNTS)
    sides = "every seat plays a unique side" if args.pioneer_side == "unique" else "standard side allowed"
    out = ["# Pioneer Days — content balance", "",
           f"Generated by `python bench/balance.py --games {args.games} --seed {args.seed} "
           f"--players-kind {args.players_kind} --pioneer-side {args.pioneer_side}`.", "",
           f"- Games: {t['games']} ({mix}); all 10 townsfolk set pairs equally often; unique pioneers "
           f"({sides}); "
           f"players: {args.players_kind}.",
           "- Win share: a sole winner scores 1, k tied winners 1/k each. *Fair* = how often anyone wins "
           "(1/N over the same games).",
           "- Pioneer win rate: over the player-games where it was played. Target: |rate − fair| ≤ "
           f"{PIONEER_TARGET:g} points.",
           "- Holder of a card or tile: held it at any moment of the game (recruited, taken, drawn or "
           "started with). *Average* = unweighted mean holder-win rate of all "
           f"{len(cards)} cards and tiles = **{pct(avg)}%**. Target: rate − average ≤ {CARD_TARGET:g} "
           "points. *End* = win rate of holders at game end (information only).",
           "",
           f"**Result: {'all targets met' if not bad and t['games'] >= MIN_GAMES else 'TARGETS FAILED'}** — "
           f"worst pioneer deviation {worst_p['id']} {100 * worst_p['diff']:+.1f} pts, worst card excess "
           f"{worst_c['id']} {100 * worst_c['excess']:+.1f} pts"
           + (f"; only {t['games']} games (target needs ≥ {MIN_GAMES})" if t["games"] < MIN_GAMES else "")
           + ".", ""]
    seat_cells = []
    for n in PLAYER_COUNTS:
        cells = []
        for seat in range(n):
            row = t["seat"].get((n, seat))
            cells.append(pct(rate(row)[0]) if row else "-")
        seat_cells.append(f"{n}p: " + " / ".join(cells))
    out += ["Win rate by seat (all pioneers): " + "; ".join(seat_cells) + ".", "",
            "## Pioneers", "",
            "| Pioneer | Name | played | win % | fair % | diff | seat 1 | seat 2 | seat 3 | seat 4 | |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for p in pio:
        seats = [f"{pct(s[0])} ({pct(s[1])})" if s else "-" for s in p["seats"]] or ["-"] * 4
        name = PIONEERS[p["id"]]["name"] if p["id"] in PIONEERS else "Pioneer (standard side, not a target)"
        out.append(f"| {p['id']} | {name} | {p['n']} | {pct(p['rate'])} | "
                   f"{pct(p['fair'])} | {100 * p['diff']:+.1f} | " + " | ".join(seats)
                   + f" | {'**FAIL**' if p['bad'] else ''} |")
    out += ["", "Seat cells: win % (fair %) at that seat.", "",
            "## Townsfolk and equipment", "",
            "| Card | Name | holders | win % | fair % | excess | end % | |",
            "|---|---|---:|---:|---:|---:|---:|---|"]
    for c in cards:
        name = (TOWNSFOLK.get(c["id"]) or EQUIPMENT[c["id"]])["name"]
        end = pct(c["end"]) if c["end"] is not None else "-"
        out.append(f"| {c['id']} | {name} | {c['n']} | {pct(c['rate'])} | {pct(c['fair'])} | "
                   f"{100 * c['excess']:+.1f} | {end} | {'**FAIL**' if c['bad'] else ''} |")
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/balance.py", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=MIN_GAMES)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--players-kind", default="random",
                    help="a registered kind (" + ", ".join(sorted(PLAYER_KINDS)) + ") or module:factory")
    ap.add_argument("--pioneer-side", choices=("unique", "any"), default="unique",
                    help="unique: every seat plays one of its two unique boards; any: the standard side too")
    ap.add_argument("--write", metavar="FILE", help="also write the Markdown report to FILE")
    args = ap.parse_args(argv)
    player_factory(args.players_kind)  # fail early on an unknown kind
    t0 = time.perf_counter()
    t = simulate(args.games, args.seed, args.procs, args.players_kind, args.pioneer_side)
    dt = time.perf_counter() - t0
    if not t["games"]:
        print("no games played", file=sys.stderr)
        return 1
    a = analyse(t)
    text = report(t, a, args)
    print(text, end="")
    print(f"{t['games'] / dt:.0f} games/s ({dt:.0f} s)", file=sys.stderr)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(text)
    failed = [p["id"] for p in a["pioneers"] if p["bad"]] + [c["id"] for c in a["cards"] if c["bad"]]
    if failed:
        print("targets failed: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
