"""Ridgeline's content, read from ../content/*.json: the panorama (board.py) and the spirits (spirits.py).
Not a hot module: it stays pure Python, so that its file is where the data lies whatever build the hot
modules come from (engine/native.py)."""

import json
import os
from typing import Any

FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "content")


def load(name: str) -> dict[str, Any]:
    with open(os.path.join(FOLDER, name), encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


PANORAMA = load("panorama.json")
SPIRITS = load("spirits.json")
