"""A finished game's decisions reviewed by the hard AI's search, from each player's own view.

A *decision* is what a player chose at one moment, as the bot offers it: a whole turn (take a die,
maybe turn it, use it: one line of actions), a whole town visit, one disaster's choices, a pioneer
board, a wagon after the die. Only moments with more than one legal choice count.

Each decision is judged on samples of what that player could not see (determinize.py, as the hard AI
does): the player's line and the search's best few lines are each played in the same samples, then
every seat plays on with the easy policy until the next day begins, and the positions are scored
(value.relative, in VP). The loss of a decision is how far its line scores below the best line, in
estimated VP; a decision within MARGIN_VP of the best counts as accurate.

Deterministic: every sample comes from a generator seeded by (game seed, move number, seat)."""

from engine import rng
from engine.coaching import summary

from ..rules.api import advance, apply, clone, legal_actions, new_game
from ..rules.constants import SIMULTANEOUS
from ..rules.scoring import breakdown
from ..rules.shape import Rng
from .determinize import determinize
from .heuristic import _still, _where, ranked
from .search import MARGIN, MAX_CANDIDATES, W_HARD, rollout

MARGIN_VP = 1.0  # [H] a decision this close to the best line (estimated VP) is accurate
ROUNDS = 16  # [H] samples per decision; each plays every compared line once
SALT = 0x5EED_4E71  # keeps the review's samples apart from the AI players' own


def seat_of(action_id: str) -> int:
    return int(action_id.split(":", 1)[0])


def _continues(stage: str, where: tuple, t: dict, seat: int) -> bool:
    """Whether the seat's decision begun at `where` (a state of stage `stage`) is still being made in t."""
    if stage == "turn":
        return _still(where, t, seat)
    if stage in SIMULTANEOUS and stage != "pioneer":
        return t["stage"] == stage and t["pending"][seat] is not None
    return False


def decisions(config: dict, seed: int, actions: list[str], seat: int | None = None) -> list[dict]:
    """Every decision of the game (of one seat, if given), in order: {"seat", "at" (index of its first
    action), "line" (its action ids), "week", "day", "stage"}. Moments with a single legal choice are left
    out. Replays the game once."""
    s, _ = new_game(config, seed)
    out: list[dict] = []
    open_: dict[int, dict] = {}  # seat -> its decision being made (simultaneous ones interleave)
    for i, aid in enumerate(actions):
        who = seat_of(aid)
        d = open_.get(who)
        if d is None:
            n = len(legal_actions(s, who))
            d = {"seat": who, "at": i, "line": [], "week": s["week"], "day": s["day"], "stage": s["stage"],
                 "where": _where(s), "choices": n}
            open_[who] = d
        d["line"].append(aid)
        r = apply(s, aid, inplace=True)
        if not r.ok:
            raise ValueError(f"action {aid!r} at {i} does not replay: {r.reason}")
        if not _continues(d["stage"], d["where"], s, who):
            del open_[who]
            if d["choices"] > 1 or len(d["line"]) > 1:
                out.append(d)
    for d in out:
        d.pop("where")
        d.pop("choices")
    return [d for d in out if seat is None or d["seat"] == seat]


def states_before(config: dict, seed: int, actions: list[str], at: set[int]) -> dict[int, dict]:
    """{i: the state just before actions[i]} for every i in `at` (one replay)."""
    s, _ = new_game(config, seed)
    out = {}
    for i, aid in enumerate(actions):
        if i in at:
            out[i] = clone(s)
        if i >= max(at, default=-1):
            break
        advance(s, aid)
    return out


def _extend(s: dict, seat: int, line: list, stage: str) -> list:
    """A one-step line of a simultaneous decision made whole: the next steps of the same decision by the
    easy ranking (a storm's overflow after the storm, say)."""
    t = clone(s)
    where = _where(t)
    for a in line:
        advance(t, a)
    out = list(line)
    while _continues(stage, where, t, seat) and len(out) < 12:
        a = ranked(t, seat, w=W_HARD)[0][0][0]
        advance(t, a)
        out.append(a)
    return out


def candidates(s: dict, seat: int, played: list[str]) -> list[list]:
    """The lines compared: the search's best few (distinct, as the hard AI prunes them) and the
    player's own. Lines are lists of Actions (ids for the played one)."""
    lines: list[list] = []
    seen: set[tuple[str, ...]] = set()
    ranked_lines = ranked(s, seat, w=W_HARD)
    top = ranked_lines[0][1]
    for line, v in ranked_lines:
        if len(lines) >= MAX_CANDIDATES or v < top - MARGIN:
            break
        if s["stage"] != "turn" and s["stage"] != "town":
            line = _extend(s, seat, line, s["stage"])
        key = tuple(a.id for a in line)
        if key not in seen:
            seen.add(key)
            lines.append(line)
    if tuple(played) not in seen:
        lines.append(list(played))
    return lines


def _play(s: dict, line: list) -> bool:
    for a in line:
        r = apply(s, a, inplace=True, trusted=not isinstance(a, str))
        if not getattr(r, "ok", True):
            return False
    return True


def evaluate(state: dict, seat: int, played: list[str], seed: int, rounds: int = ROUNDS) -> dict:
    """One decision: {"loss", "best" (ids of the best line), "scores" (mean per line), "lines"}.
    `state` is the real state before the decision; only the seat's view of it is used."""
    gen: Rng = {"rng": rng.seed_state((seed ^ SALT) * 1000003 + state["seq"] * 31 + seat)}
    lines = candidates(determinize(state, seat, gen), seat, played)
    ids = [[a if isinstance(a, str) else a.id for a in line] for line in lines]
    mine = ids.index(list(played)) if list(played) in ids else len(ids) - 1
    totals = [0.0] * len(lines)
    used = 0
    for _ in range(rounds if len(lines) > 1 else 0):
        det = determinize(state, seat, gen)
        roll = rng.below(gen, 1 << 62)
        scores = []
        for line in lines:
            s = clone(det)
            if not _play(s, line):
                break  # the played line is not possible in this sample: leave the sample out
            scores.append(rollout(s, seat, {"rng": rng.seed_state(roll)}))
        if len(scores) == len(lines):
            totals = [t + x for t, x in zip(totals, scores, strict=True)]
            used += 1
    means = [t / used for t in totals] if used else [0.0] * len(lines)
    best = max(range(len(lines)), key=lambda i: (means[i], i == mine))
    return {"loss": round(max(0.0, means[best] - means[mine]), 3), "best": ids[best], "played": list(played),
            "scores": [round(m, 3) for m in means], "lines": ids, "samples": used}


def evaluate_some(config: dict, seed: int, actions: list[str], seat: int, todo: list[dict],
                  rounds: int = ROUNDS) -> list[dict]:
    """Some of the seat's decisions (items of decisions()) evaluated, with one replay: the bot hands a
    review to its workers a few decisions at a time, to show progress and keep the AI seats' moves going."""
    before = states_before(config, seed, actions, {d["at"] for d in todo})
    return [{**d, **evaluate(before[d["at"]], seat, d["line"], seed, rounds)} for d in todo]


def review(config: dict, seed: int, actions: list[str], seat: int, rounds: int = ROUNDS,
           progress=None) -> dict:
    """Every decision of `seat` evaluated, with the summary (see summarize). progress(done, total) is
    called after each decision."""
    todo = decisions(config, seed, actions, seat)
    before = states_before(config, seed, actions, {d["at"] for d in todo})
    out = []
    for k, d in enumerate(todo):
        ev = evaluate(before[d["at"]], seat, d["line"], seed, rounds)
        out.append({**d, **ev})
        if progress is not None:
            progress(k + 1, len(todo))
    return finish(config, seed, actions, seat, out)


def finish(config: dict, seed: int, actions: list[str], seat: int, evaluated: list[dict]) -> dict:
    """The review from its evaluated decisions: the summary, the VP curve, and for each of the costliest
    decisions the events of what was played and of the line preferred (to narrate them in any language;
    the game is over, so nothing in them is secret any more)."""
    out = summarize(evaluated, seat)
    costly = [d for d in evaluated if d["at"] in out["costliest"]]
    before = states_before(config, seed, actions, {d["at"] for d in costly})
    for d in costly:
        others = _others(before[d["at"]], actions, d["at"], seat)
        d["played_events"] = _events(before[d["at"]], d["played"], seat, others)
        d["best_events"] = _events(before[d["at"]], d["best"], seat, others)
    out["curve"] = curve(config, seed, actions)
    return out


def _others(state: dict, actions: list[str], at: int, seat: int) -> list[str]:
    """The other seats' actions of the same stage from `at` on (a town visit or a disaster is decided by
    everyone at once, and settled only when the last one has decided)."""
    s, out = clone(state), []
    where = (s["week"], s["day"], s["stage"])
    for aid in actions[at:]:
        if (s["week"], s["day"], s["stage"]) != where:
            break
        if not aid.startswith(f"{seat}:"):
            out.append(aid)
        advance(s, aid)
    return out


def _events(state: dict, line: list[str], seat: int, others: list[str]) -> list[dict]:
    """The seat's own events when `line` is played from `state`, the others deciding as they did (what
    happens to them left out)."""
    s, out = clone(state), []
    for aid in [*line, *others]:
        r = apply(s, aid, inplace=True)
        if not r.ok:
            if aid in line:
                break
            continue
        out += [m for m in (_own(e, seat) for e in r.events) if m is not None]
    return out


def _own(e: dict, seat: int) -> dict | None:
    """The part of an event about `seat`: the event itself, or one settling everyone at once (a disaster,
    a town visit) cut down to that seat's entry; None when it is not about the seat."""
    if e.get("seat") == seat:
        return e
    mine = [p for p in e.get("players") or [] if isinstance(p, dict) and p.get("seat") == seat]
    if e.get("seat") is None and mine and e["type"] in ("disaster_triggered", "town_visited"):
        return {**e, "players": mine}
    return None


def summarize(evaluated: list[dict], seat: int) -> dict:
    """accuracy (share of decisions within MARGIN_VP of the best), mean loss, the three costliest."""
    return {**summary(seat, evaluated, MARGIN_VP, [], 0),
            "rounds": max((d["samples"] for d in evaluated), default=0)}


def curve(config: dict, seed: int, actions: list[str]) -> list[dict]:
    """Each player's VP (final scoring, gold at its value: the game is over) at the end of every day:
    [{"week", "day", "vp": [per seat]}]."""
    s, _ = new_game(config, seed)
    out = []
    day = (s["week"], s["day"])
    for aid in actions:
        advance(s, aid)
        now = (s["week"], s["day"])
        if now != day and day[0] > 0 or s["stage"] == "over":
            out.append({"week": day[0], "day": day[1],
                        "vp": [breakdown(s, p["seat"])["total"] for p in s["players"]]})
        day = now
    if out and len(out) > 1 and out[-1]["week"] == out[-2]["week"] and out[-1]["day"] == out[-2]["day"]:
        out.pop(-2)  # the last day's end and the game's end are the same moment
    return out


__all__ = ["MARGIN_VP", "ROUNDS", "decisions", "evaluate", "review", "summarize", "curve"]
