"""Copies of a state: engine.data.deep (a state is JSON data; a copy shares nothing with the original)."""

from engine.data import deep

__all__ = ["deep"]
