"""The secrecy property, checked on random games (used by tests/test_secrets.py and bench/secrecy_run.py).

After every action of a random game, for every viewer (each seat and the public):
1. taint: every gold token carries a unique value (SENTINEL * (i + 1) + nuggets), so any copy of a
   token's value can be recognised; no value the viewer never held, and no pioneer board dealt to
   another seat (unless that seat has openly chosen it), appears in view_for(state, viewer), in any
   public_event(event, viewer), or (for the public) in the narration text of the public events;
2. twin: the same action applied to a twin state whose hidden values differ (other seats' gold
   values, wherever they are recorded) gives the same view_for and the same public events and
   narration (so nothing derived from a hidden value leaks either).
Before the game is over; the game_over event is the final reveal (every token scores) and is
exempt from the gold check.

images(): the public table (and each seat's own wagon) rendered from a state and from a twin that
differs in every hidden value (other seats' gold, the bags, deck orders, dealt boards, rng, seed)
must be byte-identical."""

import itertools
import json
import re

import games.pioneer_days.rules as engine
from engine import rng
from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK

SENTINEL = 1_000_000
SHIFT = 500  # twin values: a sentinel + SHIFT is no sentinel (nuggets are 1..3)
PAIRS = ["".join(p) for p in itertools.combinations("ABCDE", 2)]
NUMBER = re.compile(r"[1-9][0-9]{6,}")  # a number >= 10**6 (the taint); twice as fast to scan as \d{7,}
# narration may name cards whose names contain a pioneer's name ("Horse Doctor", "Army Scout"):
# those are removed from a text before looking for pioneer names
OTHER_NAMES = sorted({c["name"] for t in (TOWNSFOLK, EQUIPMENT, TOWNS) for c in t.values()}, key=len,
                     reverse=True)


def _narrate():
    try:
        from games.pioneer_days import narrate
    except ImportError:  # the narration's older home
        from cogs import narrate
    return narrate


def config_of(i: int) -> dict:
    """Game i: every set pair, 2-4 players, unique pioneers."""
    return {"players": 2 + (i // len(PAIRS)) % 3, "sets": list(PAIRS[i % len(PAIRS)]), "pioneers": "unique"}


def taint(s: dict) -> None:
    """Gives every token in the bag a unique value (before any is drawn)."""
    assert all(not p["gold"] for p in s["players"])
    s["gold_bag"] = [SENTINEL * (i + 1) + v for i, v in enumerate(s["gold_bag"])]


class Leak(AssertionError):
    pass


BOARD = re.compile(r'"(P\d+)"')
PIONEER_NAME = re.compile("|".join(rf"\b{re.escape(c['name'])}\b" for c in PIONEERS.values()))


def _values(obj) -> tuple[set, set]:
    """(sentinel-sized numbers, pioneer board ids) anywhere in obj, keys and texts included."""
    text = json.dumps(obj, separators=(",", ":"))
    return {int(m) for m in NUMBER.findall(text)}, set(BOARD.findall(text))


def _secret_gold(events: list, n: int) -> list[set]:
    """Per seat, the token values shown to it in its own events (drawn and maybe gone at once)."""
    out: list[set] = [set() for _ in range(n)]

    def walk(x):
        if isinstance(x, dict):
            seat = x.get("seat")
            if seat.__class__ is int and 0 <= seat < n and isinstance(x.get("secret"), dict):
                out[seat].update(x["secret"].get("gold", []))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(events)
    return out


class Game:
    """One tainted random game, with the knowledge each seat may have."""

    def __init__(self, config: dict, seed: int, chooser: int):
        self.s, events = engine.new_game(config, seed)
        taint(self.s)
        self.n = config["players"]
        self.names = [p["name"] for p in self.s["players"]]
        self.tokens = set(self.s["gold_bag"])
        self.known = {seat: set() for seat in range(self.n)}
        self.dealt = {p["seat"]: set(p["boards"]) for p in self.s["players"]}
        self.stream = {"rng": rng.seed_state(chooser)}
        self.steps = 0
        self.checked_events = 0
        self.check_events(events, exempt=False)

    # ---- what a viewer may not see ---------------------------------------------------------
    def forbidden_gold(self, viewer) -> set:
        return self.tokens - (self.known[viewer] if viewer is not None else set())

    def forbidden_boards(self, viewer) -> set:
        out = set()
        for p in self.s["players"]:
            if p["seat"] == viewer:
                continue
            chosen = {p["pioneer"]} if p["side"] == "unique" else set()
            out |= self.dealt[p["seat"]] - chosen
        return out

    def viewers(self):
        return list(range(self.n)) + [None]

    def _check(self, obj, viewer, what: str, gold: bool = True) -> None:
        ints, strs = _values(obj)
        bad = (ints & self.forbidden_gold(viewer)) if gold else set()
        boards = strs & self.forbidden_boards(viewer)
        if bad or boards:
            raise Leak(f"{what} for viewer {viewer} at seq {self.s['seq']}: gold values "
                       f"{sorted(bad)[:5]} boards {sorted(boards)}")

    def check_text(self, text: str, what: str) -> None:
        bad = {int(m) for m in NUMBER.findall(text)} & self.forbidden_gold(None)
        boards = set()
        if PIONEER_NAME.search(text):
            for name in OTHER_NAMES:
                text = text.replace(name, "")
            boards = {b for b in self.forbidden_boards(None)
                      if re.search(rf"\b{re.escape(PIONEERS[b]['name'])}\b", text)}
        if bad or boards:
            raise Leak(f"{what} at seq {self.s['seq']}: {text!r} shows {sorted(bad)} {sorted(boards)}")

    def check_events(self, events: list, exempt: bool, seen: dict | None = None) -> None:
        """seen: {viewer: [public_event(e, viewer) for e in events]} already made (by the twin check)."""
        for seat, gold in enumerate(_secret_gold(events, self.n)):
            self.known[seat] |= gold
        exempted = [exempt and e["type"] == "game_over" for e in events]
        seen = seen or {}
        public: list = []
        for viewer in self.viewers():
            shown = seen.get(viewer) or [engine.public_event(e, viewer) for e in events]
            kept = [e for e, x in zip(shown, exempted, strict=True) if not x]
            # one scan of all of them; on a leak, the events one by one to name the culprit
            try:
                self._check(kept, viewer, "events")
                if len(kept) < len(shown):
                    self._check(shown, viewer, "events", gold=False)
            except Leak:
                for e, x in zip(shown, exempted, strict=True):
                    self._check(e, viewer, f"event {e['type']}", gold=not x)
                raise
            if viewer is None:
                public = kept
        narrate = _narrate()
        for line in narrate.lines(public, self.names):
            self.check_text(line, "narration")
        self.check_text(narrate.action_line(public, self.names), "action line")
        self.checked_events += len(events)

    def check_views(self, seen: dict | None = None) -> None:
        """seen: {viewer: view_for(state, viewer)} already made (by the twin check)."""
        if self.s["stage"] == "over":
            return  # the final reveal
        for viewer in self.viewers():
            view = seen[viewer] if seen and viewer in seen else engine.view_for(self.s, viewer)
            self._check(view, viewer, "view_for")

    # ---- one step ----------------------------------------------------------------------------
    def step(self, twin_viewer=None, twin: bool = True) -> None:
        acts = engine.legal_actions(self.s)
        a = acts[rng.below(self.stream, len(acts))]
        r = engine.apply(self.s, a, trusted=True)
        events, views = self.check_twin(r, a, twin_viewer) if twin else ({}, {})
        self.s = r.state
        for p in self.s["players"]:
            self.known[p["seat"]] |= set(p["gold"])
        self.check_events(r.events, exempt=self.s["stage"] == "over", seen=events)
        self.check_views(views)
        self.steps += 1

    def check_twin(self, r1, a, viewer) -> tuple[dict, dict]:
        """The same action from a twin whose other seats' gold values differ: the viewer sees the
        same events, narration and view afterwards. r1: the action applied to the game itself.
        Returns what the viewer was shown ({viewer: events}, {viewer: view}) for the other checks."""
        t = perturb_gold(self.s, viewer, lambda v: v + SHIFT)
        a2 = twin_action(self.s, a.id, viewer, lambda v: v + SHIFT)
        r2 = engine.apply(t, a2)
        if not r2.ok:
            raise Leak(f"twin rejected {a2}: {r2.reason}")
        shown = [engine.public_event(e, viewer) for e in r1.events]
        e1 = shown
        e2 = [engine.public_event(e, viewer) for e in r2.events]
        over = r1.state["stage"] == "over"
        if over:  # the final reveal shows every token
            e1 = [e for e in e1 if e["type"] != "game_over"]
            e2 = [e for e in e2 if e["type"] != "game_over"]
        if e1 != e2:
            raise Leak(f"events differ for viewer {viewer} at seq {self.s['seq']} ({a.id}): "
                       f"{_first_difference(e1, e2)}")
        if viewer is None:
            narrate = _narrate()
            if narrate.lines(e1, self.names) != narrate.lines(e2, self.names):
                raise Leak(f"narration differs at seq {self.s['seq']}")
        if over:
            return {viewer: shown}, {}
        view = engine.view_for(r1.state, viewer)
        if view != engine.view_for(r2.state, viewer):
            raise Leak(f"view_for differs for viewer {viewer} after {a.id}")
        return {viewer: shown}, {viewer: view}


def _first_difference(a, b) -> str:
    ja, jb = json.dumps(a, sort_keys=True), json.dumps(b, sort_keys=True)
    i = next((k for k, (x, y) in enumerate(zip(ja, jb, strict=False)) if x != y), min(len(ja), len(jb)))
    return f"...{ja[max(0, i - 80):i + 40]} vs ...{jb[max(0, i - 80):i + 40]}"


# ---- twins -----------------------------------------------------------------------------------
def perturb_gold(s: dict, viewer, f) -> dict:
    """A copy where every gold value of a seat other than `viewer` is mapped by f: in the players'
    wagons and in every record of that seat (trigger and town-visit records, ...)."""
    t = engine.clone(s)
    for p in t["players"]:
        if p["seat"] != viewer:
            p["gold"] = [f(v) for v in p["gold"]]

    def walk(x):
        if isinstance(x, dict):
            sec = x.get("secret")
            if isinstance(sec, dict) and sec.get("seat") != viewer and "gold" in sec:
                sec["gold"] = [f(v) for v in sec["gold"]]
            for k, v in x.items():
                if k != "players":
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(t)
    return t


def twin_action(s: dict, action_id: str, viewer, f) -> str:
    """The action id in the twin: a gold token named by value is renamed for a non-viewer."""
    seat, _, body = action_id.partition(":")
    parts = body.split(":")
    if int(seat) != viewer and len(parts) == 3 and parts[0] in ("drop", "lose") and parts[1] == "gold":
        parts[2] = str(f(int(parts[2])))
    return f"{seat}:{':'.join(parts)}"


def hidden_twin(s: dict, viewer) -> dict:
    """A copy differing in everything `viewer` may not see: other seats' gold values (a value
    map 1->2->3->1), the gold bag, every deck order, the dice bag order, other seats' dealt boards
    (an openly chosen pioneer stays), the rng and the seed."""
    cycle = {1: 2, 2: 3, 3: 1}
    t = perturb_gold(s, viewer, lambda v: cycle.get(v, v))
    t["gold_bag"] = [cycle.get(v, v) for v in reversed(t["gold_bag"])]
    for k in ("townsfolk_deck", "equip_deck", "town_deck", "bag"):
        t[k] = list(reversed(t[k]))
    if len(set(t["bag"])) > 1 and t["bag"] == s["bag"]:
        t["bag"] = t["bag"][1:] + t["bag"][:1]
    t["rng"] = rng.seed_state(987654321)
    t["seed"] = s["seed"] + 1
    others = [p for p in t["players"] if p["seat"] != viewer and s["stage"] != "over"]
    spare = [b for b in PIONEERS if not any(b in p["boards"] for p in t["players"])]
    loose = [b for p in others for b in p["boards"] if not (p["side"] == "unique" and b == p["pioneer"])]
    pool = list(reversed(spare + loose))
    for p in others:
        keep = [b for b in p["boards"] if p["side"] == "unique" and b == p["pioneer"]]
        p["boards"] = keep + [pool.pop(0) for _ in range(len(p["boards"]) - len(keep))]
    return t


def images(s: dict) -> int:
    """The public table and day image and each seat's wagon, from s and from hidden twins: byte-identical.
    Returns the number of images compared."""
    import games.pioneer_days.pictures as render
    n = 0
    twin = hidden_twin(s, None)
    if render.table_png(twin) != render.table_png(s):
        raise Leak(f"public table differs at seq {s['seq']}")
    if render.day_png(twin, ["Week 1, day 2 begins"]) != render.day_png(s, ["Week 1, day 2 begins"]):
        raise Leak(f"public day image differs at seq {s['seq']}")
    n += 2
    for seat in range(len(s["players"])):
        t = hidden_twin(s, seat)
        if seat == s["seq"] % len(s["players"]):  # the table as drawn for one seat ("YOU")
            if render.table_png(t, seat) != render.table_png(s, seat):
                raise Leak(f"table for seat {seat} differs at seq {s['seq']}")
            n += 1
        if render.wagon_png(t, seat) != render.wagon_png(s, seat):
            raise Leak(f"wagon of seat {seat} differs at seq {s['seq']}")
        n += 1
    return n


def play(i: int, seed: int, twin_every: int = 1) -> dict:
    """Plays tainted random game i to the end, checking after every action (the twin check on
    every twin_every-th action, viewers in turn). Returns counts; raises Leak on a leak."""
    g = Game(config_of(i), seed, chooser=seed * 7919 + 17)
    g.check_views()
    viewers = g.viewers()
    while g.s["stage"] != "over":
        k = g.steps
        g.step(viewers[(k // twin_every) % len(viewers)], twin=k % twin_every == 0)
    return {"games": 1, "actions": g.steps, "events": g.checked_events}
