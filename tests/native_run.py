"""Plays seeded games of one game and prints what they were, byte for byte: run by test_native.py under
each build (ENGINE_BUILD=pure, then compiled), whose outputs must be equal.

    python tests/native_run.py KEY GAMES

Game g has g % (seats) more than the fewest seats, and each option's choices in turn. Per game, one
JSON line: the hash of every position on the way (its legal actions, ids and labels, and
the state after each move, as JSON), the final state, and the AIs' choices (every level, the slow ones
on a small budget) on a sample of the positions. Where the rules package has a playout step
(advance), random playouts on it are hashed the same way."""

import hashlib
import json
import os
import sys
import sysconfig

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import native, registry, rng  # noqa: E402

AI_EVERY = 11  # one position in this many has its AIs asked,
AI_ASKS = 4  # in the first positions of a game so sampled (a long match's would take minutes)
PLAYOUT = ("new_game", "legal_actions", "advance", "is_over")  # a rules package with a playout step
SLOW_BUDGET = 24  # rollouts: the slow levels' choices on a budget a test can afford


def dumps(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def one(game, config: dict, seed: int) -> dict:
    rules = game.rules
    state, _ = rules.new_game(config, seed)
    h = hashlib.sha256(dumps(state).encode())
    stream: rng.Rng = {"rng": rng.seed_state(seed * 7919 + 17)}
    choices = []
    n = 0
    while not rules.is_over(state):
        acts = rules.legal_actions(state)
        h.update(json.dumps([[a.player, a.id, a.label] for a in acts]).encode())
        if n % AI_EVERY == 0 and len(choices) < AI_ASKS * len(game.ai_levels):
            seat = acts[0].player
            for level in game.ai_levels:
                budget = SLOW_BUDGET if level in game.slow_levels else None
                choices.append(game.ai.choose(state, seat, level, seed + n, budget).id)
        a = acts[rng.below(stream, len(acts))]
        r = rules.apply(state, a.id)
        assert r.ok, a.id
        state = r.state
        h.update(dumps(state).encode())
        n += 1
    return {"seed": seed, "moves": n, "positions": h.hexdigest(), "final": dumps(state), "ai": choices}


def playouts(package, config: dict, seed: int) -> str:
    """Random games on the playout step (advance: in place, unchecked), hashed."""
    state, _ = package.new_game(config, seed)
    stream: rng.Rng = {"rng": rng.seed_state(seed + 1000)}
    h = hashlib.sha256()
    while not package.is_over(state):
        acts = package.legal_actions(state)
        package.advance(state, acts[rng.below(stream, len(acts))])
        h.update(dumps(state).encode())
    return h.hexdigest()


def main() -> None:
    key, games = sys.argv[1], int(sys.argv[2])
    game = registry.game(key)
    low, high = game.players
    home = type(game.rules).__module__.rpartition(".")[0]  # the game's package
    for g in range(games):
        players = low + g % (high - low + 1)
        # every option's choices in turn (another pairing each game)
        options = {o.key: o.choices[(g + i) % len(o.choices)].value for i, o in enumerate(game.options)}
        config = game.rules.config(options, [f"P{i + 1}" for i in range(players)])
        line = one(game, config, 100 + g)
        for name in sorted(native.PACKAGES):
            package = sys.modules[name]
            if name.startswith(home + ".") and all(hasattr(package, f) for f in PLAYOUT):
                line["playout " + name] = playouts(package, config, 100 + g)
        print(json.dumps(line, sort_keys=True))
    # last: which modules came from a compiled build (by then every hot module has been imported)
    ext = sysconfig.get_config_var("EXT_SUFFIX")
    print(json.dumps({"compiled": {name: [m for m in native.PACKAGES[name][1]
                                          if (sys.modules[f"{name}.{m}"].__file__ or "").endswith(ext)]
                                   for name in sorted(native.ACTIVE)}}))


if __name__ == "__main__":
    main()
