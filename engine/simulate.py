"""Offline simulator: plays complete games of any game the bot hosts, with random legal choices or its AIs.

    python -m engine.simulate [--game KEY] --players 3 --games 100 --seed 1
                              [--seats easy,hard,random] [--option sets=AC] [--log games.jsonl]

stdout (the summary) and the --log file are byte-identical for the same arguments; the timing
line (games/s) goes to stderr because it depends on the machine."""

import argparse
import json
import sys
import time

from . import registry, rng
from .protocol import Game, State


def play(game: Game, config: dict, seed: int, seats: list[str] | None,
         events: list | None = None) -> tuple[State, list[str]]:
    """One whole game: each seat at its level (None: all random), the choices of the random seats from
    a stream of their own; returns (final state, action ids)."""
    rules = game.rules
    state, evs = rules.new_game(config, seed)
    if events is not None:
        events.extend(evs)
    stream: rng.Rng = {"rng": rng.seed_state(seed * 7919 + 17)}
    actions = []
    while not rules.is_over(state):
        acts = rules.legal_actions(state)
        seat = acts[0].player
        level = seats[seat] if seats else "random"
        if level == "random":  # among every decider's actions, as the engines' own random games
            a = acts[rng.below(stream, len(acts))]
        else:
            a = game.ai.choose(game.rules.view_for(state, seat), seat, level, seed)  # (its seat's view only)
        r = rules.apply(state, a.id)
        if not r.ok:
            raise RuntimeError(f"a legal action was refused: {a.id}: {r.reason}")
        state = r.state
        actions.append(a.id)
        if events is not None:
            events.extend(r.events)
    return state, actions


def main(argv=None) -> int:
    keys = [g.key for g in registry.games()]
    ap = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=keys, default=keys[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a lobby option of the game (its choices as /play new offers them)")
    ap.add_argument("--seats", help="who plays each seat, e.g. hard,easy,random (default: all random)")
    ap.add_argument("--log", help="write every event of every game to this JSONL file")
    args = ap.parse_args(argv)
    game = registry.game(args.game)
    options = {o.key: o.default for o in game.options}
    for kv in args.option:
        k, _, v = kv.partition("=")
        opt = next((o for o in game.options if o.key == k), None)
        if opt is None or v not in {c.value for c in opt.choices}:
            ap.error(f"--option {kv}: options of {args.game} are " + "; ".join(
                f"{o.key}={'|'.join(c.value for c in o.choices)}" for o in game.options))
        options[k] = v
    low, high = game.players
    if not low <= args.players <= high:
        ap.error(f"{args.game} is for {low}-{high} players")
    seats = args.seats.split(",") if args.seats else None
    levels = {"random", *game.ai_levels}
    if seats and (len(seats) != args.players or not set(seats) <= levels):
        ap.error(f"--seats needs {args.players} levels among {', '.join(sorted(levels))}")
    config = game.rules.config(options, [f"Player {i + 1}" for i in range(args.players)])
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    wins = [0.0] * args.players
    total = total_actions = 0
    best = None
    t0 = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        events: list | None = [] if log else None
        state, actions = play(game, config, seed, seats, events)
        total_actions += len(actions)
        results = game.rules.results(state)
        winners = [r.seat for r in results if r.winner]
        for w in winners:
            wins[w] += 1 / len(winners)
        for r in results:
            total += r.total
            best = r.total if best is None else max(best, r.total)
        if log and events is not None:
            for e in events:
                log.write(json.dumps({"game": g, "seed": seed, **e}, sort_keys=True) + "\n")
    dt = time.perf_counter() - t0
    if log:
        log.close()
    n = args.games
    shown = ", ".join(f"{k} {v}" for k, v in options.items())
    print(f"{game.name} simulator: {n} games, {args.players} players, seeds {args.seed}..{args.seed + n - 1}, "
          f"{shown or 'no options'}, seats: {', '.join(seats) if seats else 'all random'}")
    print(f"actions per game: {total_actions / n:.1f}")
    print(f"average score: {total / (n * args.players):.2f} (best {best})")
    print("winners' share by seat: " + ", ".join(f"seat {i + 1} {w / n:.1%}" for i, w in enumerate(wins)))
    if log:
        print(f"events written to {args.log}")
    print(f"{n / dt:.1f} games/s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
