"""Full garbage collections between clicks, not in the middle of a burst of them.

CPython starts a full collection by itself once enough objects have survived the younger
generations, wherever the program is: in a burst of clicks that is a pause of 50-150 ms for every
click waiting (bench/bot.py). The running bot (`take_over`, called by bot.main) lets CPython do it
only when it is long overdue (OVERDUE), and does it itself when it is due and the last click in
flight has been answered (`after_clicks`). Young collections run every YOUNG net allocations
instead of CPython's 700: a click's objects then die young instead of being promoted.

After a full collection the C allocator is asked to give back what it holds free (glibc's malloc_trim):
after a burst of clicks its arenas keep the pages of the burst's freed objects (state texts, payloads,
pictures' bytes) and the process grows with each burst instead of levelling off (bench/capacity.py)."""

import ctypes
import ctypes.util
import gc
import sys

YOUNG = 10_000  # net allocations between young collections (CPython: 700)
DUE = 10  # middle-generation collections after which a full one is due (CPython's own rule)
OVERDUE = 100  # ...after which CPython runs it anyway, whatever is in flight (memory stays bounded)


def take_over() -> None:
    """Process-wide: young collections less often, full ones left to after_clicks until overdue."""
    gc.set_threshold(YOUNG, gc.get_threshold()[1], OVERDUE)


def after_clicks() -> bool:
    """Called when no click is in flight any more: a full collection if one is due, then the allocator's
    free pages given back. True if it ran."""
    if gc.get_count()[2] < DUE:  # middle-generation collections since the last full one
        return False
    gc.collect()
    trim()
    return True


def _malloc_trim():
    """glibc's malloc_trim, or None (another C library, another system)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        fn = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None
    fn.argtypes, fn.restype = [ctypes.c_size_t], ctypes.c_int
    return fn


_TRIM = _malloc_trim()


def trim() -> bool:
    """Gives the allocator's free pages back to the system (a few ms at most); False where it can't."""
    if _TRIM is None:
        return False
    _TRIM(0)
    return True
