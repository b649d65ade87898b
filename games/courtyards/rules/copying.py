"""Copies of a state: engine.data.deep (a state is JSON data; a copy shares nothing with the original)."""

from collections.abc import Mapping
from typing import Any

from engine.data import deep

__all__ = ["clone", "deep"]


def clone(state: Mapping[str, Any]) -> dict:
    return dict(deep(dict(state)))
