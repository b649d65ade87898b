"""Offline simulator: plays complete games, with random legal choices or AI players.

    python -m engine.simulate --players 3 --games 100 --seed 1 [--seats easy,hard,random] [--log games.jsonl]

stdout (the summary) and the --log file are byte-identical for the same arguments; the timing
line (games/s) goes to stderr because it depends on the machine."""

import argparse
import json
import sys
import time
from collections.abc import Callable

from engine import rng

from .actions import Action
from .api import apply, legal_actions, new_game
from .shape import Event, Rng, StateData
from .view import public_event  # noqa: F401  (log keeps secrets: it is an offline tool)

Picker = Callable[[StateData, list[Action]], Action]  # (state, legal actions) -> the one played


def play_game(config: dict, seed: int, pick: Picker,
              events: list[Event] | None = None) -> tuple[StateData, list[str]]:
    """Plays one game, pick(state, legal actions) choosing every action; returns (state, action ids)."""
    state, evs = new_game(config, seed)
    if events is not None:
        events.extend(evs)
    actions = []
    while state["stage"] != "over":
        a = pick(state, legal_actions(state))
        r = apply(state, a, inplace=True, trusted=True)
        actions.append(a.id)
        if events is not None:
            events.extend(r.events)
    return state, actions


def random_game(config: dict, seed: int, chooser_seed: int | None = None,
                events: list[Event] | None = None) -> tuple[StateData, list[str]]:
    """Plays one game with uniformly random legal actions; returns (state, action ids).
    The choices come from a separate seeded stream so the game's own RNG is untouched."""
    stream: Rng = {"rng": rng.seed_state(seed * 7919 + 17 if chooser_seed is None else chooser_seed)}
    return play_game(config, seed, lambda _s, acts: acts[rng.below(stream, len(acts))], events)


def ai_game(config: dict, seed: int, seats: list[str],
            events: list[Event] | None = None) -> tuple[StateData, list[str]]:
    """Like random_game, but each seat plays at its level (random, easy or hard), the AIs seeded
    from the game seed; returns (state, action ids)."""
    from ..ai import choose  # the AI is only needed here

    def pick(state: StateData, acts: list[Action]) -> Action:
        seat = acts[0].player
        return choose(state, seat, seats[seat], seed=seed)
    return play_game(config, seed, pick, events)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sets", default="A,B", help="two townsfolk sets, e.g. A,B")
    ap.add_argument("--pioneers", choices=("standard", "unique"), default="standard")
    ap.add_argument("--seats", help="who plays each seat, e.g. hard,easy,random (default: all random)")
    ap.add_argument("--log", help="write every event of every game to this JSONL file")
    args = ap.parse_args(argv)
    config = {"players": args.players, "sets": args.sets.split(","), "pioneers": args.pioneers}
    seats = args.seats.split(",") if args.seats else None
    if seats and (len(seats) != args.players or not set(seats) <= {"random", "easy", "hard"}):
        ap.error(f"--seats needs {args.players} levels among random, easy, hard")
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    wins = [0.0] * args.players
    total_vp = 0
    total_actions = 0
    best = -999
    t0 = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        events: list[Event] | None = [] if log else None
        state, actions = (ai_game(config, seed, seats, events) if seats
                          else random_game(config, seed, events=events))
        total_actions += len(actions)
        winners = [r["seat"] for r in state["result"] if r["winner"]]
        for w in winners:
            wins[w] += 1 / len(winners)
        for r in state["result"]:
            total_vp += r["total"]
            best = max(best, r["total"])
        if log and events is not None:
            for e in events:
                log.write(json.dumps({"game": g, "seed": seed, **e}, sort_keys=True) + "\n")
    dt = time.perf_counter() - t0
    if log:
        log.close()
    n = args.games
    print(f"Pioneer Days simulator: {n} games, {args.players} players, seeds {args.seed}.."
          f"{args.seed + n - 1}, sets {'+'.join(config['sets'])}, {args.pioneers} pioneers, "
          f"seats: {', '.join(seats) if seats else 'all random'}")
    print(f"actions per game: {total_actions / n:.1f}")
    print(f"average score: {total_vp / (n * args.players):.2f} VP (best {best})")
    print("winners' share by seat: " + ", ".join(f"seat {i + 1} {w / n:.1%}" for i, w in enumerate(wins)))
    if log:
        print(f"events written to {args.log}")
    print(f"{n / dt:.1f} games/s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
