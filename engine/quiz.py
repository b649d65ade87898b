"""What every game's coach needs for "What would you do?" (engine/protocol.py Quiz): which choices to ask
about and in what order. The order is a fixed shuffle, so the best choice is not always first and the same
question always looks the same (after a restart too)."""

import hashlib
from collections.abc import Mapping, Sequence

ASKED = 4  # choices in a question: the played one, the best one and the next best


def pick(worth: Mapping[str, float], played: str, best: str, most: int = ASKED) -> list[str]:
    """The keys to ask about: the best, the played one, then the next best by worth."""
    keys = [best] + ([played] if played != best else [])
    for k in sorted(worth, key=lambda k: (-worth[k], k)):
        if len(keys) >= most:
            break
        if k not in keys:
            keys.append(k)
    return keys


def order(keys: Sequence[str], salt: str) -> list[int]:
    """The indexes of `keys` in a shuffled order fixed by `salt` (a game and a decision)."""
    def mix(i: int) -> str:
        return hashlib.sha256(f"{salt}|{keys[i]}".encode()).hexdigest()
    return sorted(range(len(keys)), key=mix)
