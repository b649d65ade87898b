"""What the bot benchmarks share: percentiles, a process's memory, SimCord's CDN kept out of the bot's."""


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
