"""What strikes today, by the colour of the die left in the pool (pure; for the day image and panels).

At the end of a day the one die nobody took advances the disaster marker of its colour (black: all
four); a marker that reaches TRACK_END strikes and returns to 0. After the last day of week 4 every
marker then advances once more (the final advance). `forecast(state)` works this out for every
colour still in today's pool, from the markers as they stand now. (A townsfolk taken later today
that moves a marker back can still change it.)"""

from .constants import COLOUR_TRACK, COLOURS, DAYS_PER_WEEK, DISASTERS, TRACK_END, WEEKS


def advance(tracks: dict, which) -> tuple[dict, list]:
    """The markers after advancing each disaster in `which` by one, and the disasters that strike
    (in resolution order, top to bottom), as flow._advance does it."""
    out = dict(tracks)
    struck = []
    for d in DISASTERS:
        if d in which:
            out[d] += 1
            if out[d] >= TRACK_END:
                out[d] = 0
                struck.append(d)
    return out, struck


def moved_by(colour: str) -> tuple:
    """The disasters whose markers a leftover die of this colour advances."""
    return DISASTERS if colour == "black" else (COLOUR_TRACK[colour],)


def last_day(state: dict) -> bool:
    """True on the last day of the game: the final advance follows the leftover die."""
    return state.get("week") == WEEKS and state.get("day") == DAYS_PER_WEEK


def forecast(state: dict) -> dict:
    """For each colour of die still in today's pool (stage "turn"; the die in use is not in the
    pool), the disasters that strike at the end of today if a die of that colour is the one left:

        {"tracks": {"storm": 3, ...},          # the markers now (0..TRACK_END-1)
         "last_day": bool,                     # the final advance follows today
         "left": {colour: {"now": [...],       # struck by the leftover die's advance
                           "final": [...],     # then struck by the final advance (last day only)
                           "strike": [...]}},  # both, in the order they are resolved
         "certain": colour | None}             # the one colour that can be left, if only one can

    `left` lists colours in COLOURS order (blue, red, yellow, green, black); it is empty outside
    the turn stage (no dice on the table). Works on any view of the state (nothing secret is read)."""
    tracks = {d: int(state["tracks"][d]) for d in DISASTERS}
    final = last_day(state)
    left: dict = {}
    if state.get("stage") == "turn":
        present = {c for c, _ in state.get("pool") or ()}
        for colour in COLOURS:
            if colour not in present:
                continue
            after, now = advance(tracks, moved_by(colour))
            later = advance(after, DISASTERS)[1] if final else []
            left[colour] = {"now": now, "final": later, "strike": now + later}
    return {"tracks": tracks, "last_day": final, "left": left,
            "certain": next(iter(left)) if len(left) == 1 else None}
