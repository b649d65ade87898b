"""A fast one-player model of Next Station's rules for the hard AI's look-ahead (search.py): one player's
line through the rest of a round, on integers and bit masks instead of the engine's JSON state.

A player's map is independent of the others' (only the cards are shared), so a seat's round is played
alone: the cards still to come, its line, its pencil power. The model follows rules/engine.py (tests/
next_station/test_station_ai.py checks it against the engine): the round ends once the 5th underground card
is answered; a switch flipped as the round's 1st or 2nd card does nothing, later it lets the next card's
section start from any station of the line; a double's second section reaches the card's symbol (after a
joker, the symbol the first one reached; the central station's: every symbol). A line counts every district
it passes through (R25: a mask of districts, each section's from the map), and makes interchanges only once
it has a section (R28). A Model plays its game's edition (rules/edition.py): in edition 1 a section adds
only its ends' districts, the departure makes interchanges from the start, and after a joker to the central
station a double's second symbol is ANY_ONLY (which only the central station matches).

Cards are ints: the symbol's code (0-3 the four symbols, 4 joker, 6 switch), plus UNDER for an underground
card. A symbol to reach is a code too: 0-3, 4 (joker: every station), 5 (edition 1's double after a joker to
the central station: only the central station); a station's own symbol is 0-3, or 5 for the central station
("any": every card reaches it)."""

import functools
from collections.abc import Sequence

from ..rules.constants import (
    ANY,
    CROSSING_POINTS,
    INTERCHANGE_POINTS,
    JOKER,
    SWITCH,
    SWITCH_IGNORED_BEFORE,
    SYMBOLS,
    TOURIST_TRACK,
    UNDERGROUNDS_PER_ROUND,
)
from ..rules.edition import central_any, needs_section, passes_count
from ..rules.maps import Map, load

J = 4            # the joker's code
ANY_ONLY = 5     # the central station's symbol ("any"): every card reaches it; to reach, only it
SW = 6           # the switch's code
UNDER = 8        # added to a card's code for an underground card
CODE = {**{s: i for i, s in enumerate(SYMBOLS)}, JOKER: J, SWITCH: SW, ANY: ANY_ONLY}
LAST = UNDERGROUNDS_PER_ROUND
IGNORED = SWITCH_IGNORED_BEFORE
ICH = tuple(INTERCHANGE_POINTS.get(min(n, 4), 0) for n in range(6))  # interchange points by colours


def card_code(card: dict) -> int:
    return CODE[card["symbol"]] + (UNDER if card["kind"] == "underground" else 0)


def tourist_points(crossed: int) -> int:
    return TOURIST_TRACK[min(crossed, len(TOURIST_TRACK) - 1)]


class Board:
    """A map's tables: by symbol code and station, the sections (to, section) reaching that symbol; by
    section, the mask of sections it closes when drawn (itself and those it crosses)."""

    def __init__(self, m: Map):
        self.m = m
        self.n = m.stations
        self.district = m.district
        self.tourist = tuple(int(t) for t in m.tourist)
        self.river = tuple(int(r) for r in m.crosses_river)
        code = tuple(CODE[s] for s in m.symbol)

        def reaches(c: int, b: int) -> bool:
            return c == J or code[b] == ANY_ONLY or code[b] == c

        self.reach = tuple(tuple(tuple((b, k) for b, k in m.neighbours[a] if reaches(c, b))
                                 for a in range(self.n)) for c in range(6))
        self.passes = tuple(sum(1 << d for d in m.passes[k]) for k in range(len(m.sections)))  # by section
        # edition 1: a section counts only its ends' districts (R25)
        self.ends = tuple((1 << m.district[a]) | (1 << m.district[b]) for a, b in m.sections)
        self.neigh = m.neighbours
        self.close = tuple((1 << k) | sum(1 << j for j in m.conflicts[k]) for k in range(len(m.sections)))
        self.section_of = m.section_of
        self.districts = 1 + max(m.district)
        self.code = tuple(4 if c == ANY_ONLY else c for c in code)  # a station's symbol: 0-3, 4 the central one


@functools.cache
def board(key: str) -> Board:
    return Board(load(key))


class Line:
    """One player's line this round and their map's state: the stations (in order) and their mask, the
    stations of degree >= 2 (not ends), the closed sections (drawn or crossed by a drawn one, any colour),
    stations per district, the districts passed through (a mask), the line's points' factors, its tourist
    sites, the interchange points it makes with the earlier lines, the circled station and the pencil power
    left (None: none, or used)."""

    __slots__ = ("stations", "on", "full", "closed", "count", "dmask", "districts", "most", "crossings",
                 "tourists", "inter", "circled", "power", "sections")
    stations: list[int]
    on: int
    full: int
    closed: int
    count: list[int]
    dmask: int
    districts: int
    most: int
    crossings: int
    tourists: int
    inter: int
    circled: int | None
    power: str | None
    sections: int

    def copy(self) -> "Line":
        c = Line.__new__(Line)
        c.stations = self.stations[:]
        c.on, c.full, c.closed = self.on, self.full, self.closed
        c.count = self.count[:]
        c.dmask = self.dmask
        c.districts, c.most, c.crossings, c.tourists = self.districts, self.most, self.crossings, self.tourists
        c.inter, c.circled, c.power, c.sections = self.inter, self.circled, self.power, self.sections
        return c

    def points(self) -> int:
        return self.districts * self.most + CROSSING_POINTS * self.crossings


class Model:
    """What stays fixed through one seat's round: the board, the interchange points each station would add
    (by the colours of the earlier lines there), the game's edition and what it says: the districts each
    section passes through (R25), whether a line makes interchanges only once it has a section (R28)."""

    def __init__(self, b: Board, gain: Sequence[int], ed: int):
        self.b = b
        self.gain = gain
        self.ed = ed
        self.passes = b.passes if passes_count(ed) else b.ends
        self.needs_section = needs_section(ed)

    # ---- a line from the engine's state ---------------------------------------------------------------
    @staticmethod
    def of_player(b: Board, p: dict, powers: dict, ed: int) -> tuple["Model", Line]:
        colour = p["colour"]
        colours = [0] * b.n
        for c, ln in p["lines"].items():
            if c != colour and (ln["sections"] or not needs_section(ed)):  # (R28)
                for s in set(ln["stations"]):
                    colours[s] += 1
        gain = tuple(ICH[n + 1] - ICH[n] for n in colours)
        model = Model(b, gain, ed)
        line = Line.__new__(Line)
        ln = p["lines"][colour]
        closed = 0
        for other in p["lines"].values():
            for k in other["sections"]:
                closed |= b.close[k]
        line.closed = closed
        line.stations = list(ln["stations"])
        line.on = 0
        for s in line.stations:
            line.on |= 1 << s
        degree: dict[int, int] = {}
        for k in ln["sections"]:
            for s in b.m.sections[k]:
                degree[s] = degree.get(s, 0) + 1
        line.full = sum(1 << s for s, d in degree.items() if d >= 2)
        line.count = [0] * b.districts
        for s in line.stations:
            line.count[b.district[s]] += 1
        line.circled = p["circled"]
        if line.circled is not None:
            line.count[b.district[line.circled]] += 1
        line.dmask = sum(1 << d for d, x in enumerate(line.count) if x)
        for k in ln["sections"]:
            line.dmask |= model.passes[k]
        line.districts = line.dmask.bit_count()
        line.most = max(line.count)
        line.crossings = sum(b.river[k] for k in ln["sections"])
        line.tourists = sum(b.tourist[s] for s in line.stations)
        line.inter = sum(gain[s] for s in line.stations) if ln["sections"] or not model.needs_section else 0
        line.power = powers.get(colour) if powers and not p["power_used"] else None
        line.sections = len(ln["sections"])
        return model, line

    @staticmethod
    def fresh(b: Board, p: dict, colour: str, powers: dict, ed: int) -> tuple["Model", Line]:
        """A round's start with `colour` (the solo pencil choice)."""
        q = {**p, "colour": colour, "circled": None, "power_used": False,
             "lines": {**p["lines"], colour: {"stations": [b.m.departures[colour]], "sections": []}}}
        return Model.of_player(b, q, powers, ed)

    def start(self, departure: int, closed: int, power: str | None) -> Line:
        """A new line at its departure, on a map whose closed sections are `closed`."""
        b = self.b
        line = Line.__new__(Line)
        line.stations = [departure]
        line.on, line.full, line.closed = 1 << departure, 0, closed
        line.count = [0] * b.districts
        line.count[b.district[departure]] = 1
        line.dmask = 1 << b.district[departure]
        line.districts, line.most, line.crossings = 1, 1, 0
        line.tourists = b.tourist[departure]
        line.inter = 0 if self.needs_section else self.gain[departure]  # (R28: once a section leaves it)
        line.circled, line.power, line.sections = None, power, 0
        return line

    # ---- the rules on a Line ----------------------------------------------------------------------------
    def moves(self, line: Line, symbol: int, branch: bool) -> list[tuple[int, int, int]]:
        """(from, to, section) of the sections the line may draw to `symbol` (engine.sections_from)."""
        reach = self.b.reach[symbol]
        on, closed = line.on, line.closed
        out = []
        if branch or not line.sections:
            starts = line.stations
        else:
            full = line.full
            starts = [s for s in line.stations if not (full >> s) & 1]
        for a in starts:
            for b, k in reach[a]:
                if not (on >> b) & 1 and not (closed >> k) & 1:
                    out.append((a, b, k))
        return out

    def draw(self, line: Line, a: int, b: int, k: int) -> None:
        bd = self.b
        line.stations.append(b)
        line.on |= 1 << b
        if line.sections:
            line.full |= 1 << a
        elif self.needs_section:
            line.inter += self.gain[line.stations[0]]  # (the departure: gone through from now on)
        line.sections += 1
        line.closed |= bd.close[k]
        d = bd.district[b]
        c = line.count[d] + 1
        line.count[d] = c
        line.dmask |= self.passes[k]
        line.districts = line.dmask.bit_count()
        if c > line.most:
            line.most = c
        line.crossings += bd.river[k]
        line.tourists += bd.tourist[b]
        line.inter += self.gain[b]

    def circle(self, line: Line, station: int) -> None:
        line.circled = station
        line.power = None
        d = self.b.district[station]
        line.count[d] += 1
        if line.count[d] > line.most:
            line.most = line.count[d]

    def gain_of(self, line: Line, a: int, b: int, k: int) -> int:
        """What drawing a→b adds to the line's points."""
        bd = self.b
        c = line.count[bd.district[b]] + 1
        districts = (line.dmask | self.passes[k]).bit_count()
        most = c if c > line.most else line.most
        return districts * most - line.districts * line.most + CROSSING_POINTS * bd.river[k]

    def ahead(self, line: Line, a: int, b: int, k: int, odds: Sequence[float], tourist: float = 0.0) -> float:
        """The next card's best points, on average over its symbol (odds: by code 0-4, the chance of each),
        once a→b (section k) is drawn; b < 0: nothing drawn."""
        bd = self.b
        count = line.count
        if b >= 0:
            closed = line.closed | bd.close[k]
            on = line.on | (1 << b)
            full = line.full | ((1 << a) if line.sections else 0)
            db = bd.district[b]
            cb = count[db] + 1
            dmask = line.dmask | self.passes[k]
            most = cb if cb > line.most else line.most
            ends = [s for s in line.stations if not (full >> s) & 1]
            ends.append(b)
        else:
            closed, on, full, db = line.closed, line.on, line.full, -1
            dmask, most = line.dmask, line.most
            ends = [s for s in line.stations if not (full >> s) & 1] if line.sections else line.stations
        base = dmask.bit_count() * most
        best = [-1.0, -1.0, -1.0, -1.0, -1.0]
        neigh, district, river, code, gain, tour = bd.neigh, bd.district, bd.river, bd.code, self.gain, bd.tourist
        passes = self.passes
        for e in ends:
            for t, j in neigh[e]:
                if (on >> t) & 1 or (closed >> j) & 1:
                    continue
                dt = district[t]
                c = count[dt] + (dt == db) + 1
                g = (dmask | passes[j]).bit_count() * (c if c > most else most) - base + 2 * river[j] + gain[t] + \
                    tourist * tour[t]
                sym = code[t]
                if g > best[sym]:
                    best[sym] = g
        anyg = best[4]
        top = max(best)
        out = odds[4] * top if top > 0 else 0.0
        for sym in range(4):
            g = best[sym] if best[sym] > anyg else anyg
            if g > 0:
                out += odds[sym] * g
        return out

    def room(self, line: Line, b: int, k: int) -> int:
        """Sections still open from b once a→b (section k) is drawn."""
        closed = line.closed | self.b.close[k]
        on = line.on
        return sum(1 for t, j in self.b.neigh[b] if not (on >> t) & 1 and not (closed >> j) & 1)


def second_symbol(card: int, b: int, bd: Board, ed: int) -> int:
    """The double's second symbol after a first section to b for this card (engine.double_symbol: after a
    joker, the symbol b has; the central station's is every symbol, edition 1's ANY_ONLY)."""
    code = card & 7
    if code == J:
        return bd.code[b] if central_any(ed) else CODE[bd.m.symbol[b]]  # (4 or 5 for the central station)
    return code
