"""What the bot benchmarks share: percentiles, a process's memory, SimCord's CDN kept out of the bot's."""

import ctypes
import ctypes.util
import gc
import os
import sys
import tempfile


def pct(xs: list[float], p: float) -> float:
    """The p-th percentile (0-100) of xs, nan when empty."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def rss_mb(pid: int | str = "self", key: str = "VmHWM") -> float:
    """A process's peak (VmHWM) or current (VmRSS) resident memory, in MB."""
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


class Uploads(dict):
    """SimCord's CDN keeps every file the bot posts, in the bot's process; on Discord they live on
    Discord's servers. Kept here as names only (the bot never downloads them back), counting the bytes."""

    size = 0

    def __setitem__(self, url: str, data: bytes) -> None:
        self.size += len(data)
        super().__setitem__(url, b"")


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                "fsmblks", "uordblks", "fordblks", "keepcost")]


def memory_parts() -> dict[str, float]:
    """Where a process's resident memory is, in MB: anonymous and file-backed pages (/proc), glibc's heap in use
    and free (mallinfo2, every arena), SQLite's own allocations, Python's objects the collector tracks
    (count, thousands). Absent figures are nan: another C library, no SQLite library loaded."""
    parts = {k: float("nan") for k in ("anon", "file", "malloc_used", "malloc_free", "malloc_mmap", "sqlite",
                                        "objects_k")}
    for key, name in (("RssAnon", "anon"), ("RssFile", "file")):
        parts[name] = rss_mb(key=key)
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallinfo2.restype = _Mallinfo2
        mi = libc.mallinfo2()
        parts.update(malloc_used=mi.uordblks / 2**20, malloc_free=mi.fordblks / 2**20, malloc_mmap=mi.hblkhd / 2**20)
    except (OSError, AttributeError):
        pass
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")
        lib.sqlite3_memory_used.restype = ctypes.c_int64
        parts["sqlite"] = lib.sqlite3_memory_used() / 2**20
    except (OSError, AttributeError):
        pass
    parts["objects_k"] = len(gc.get_objects()) / 1000
    parts.update(_obmalloc())
    return parts


def _obmalloc() -> dict[str, float]:
    """Python's small-object allocator (MB): its arenas (memory taken from the system) and the bytes in blocks
    in use, from sys._debugmallocstats, which writes to the C stderr: caught through a temporary file."""
    out: dict[str, float] = {}
    with tempfile.TemporaryFile() as tmp:
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            os.dup2(tmp.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        tmp.seek(0)
        text = tmp.read().decode(errors="replace")
    for line in text.splitlines():
        key, _, value = line.partition("=")
        value = value.strip().replace(",", "")
        if not value.isdigit():
            continue
        if "bytes/arena" in key:
            out["py_arenas"] = int(value) / 2**20
        elif key.startswith("# bytes in allocated blocks"):
            out["py_used"] = int(value) / 2**20
        elif key.startswith("# arenas highwater mark"):
            out["py_arenas_peak_n"] = int(value)
    return out
