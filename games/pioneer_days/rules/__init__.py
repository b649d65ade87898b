"""Pioneer Days rules engine: pure Python, no I/O. See api.py for the contract."""

from engine import rng  # noqa: F401  (the seeded generator every game shares: engine.rng)

from .api import (
                  Action,
                  Applied,
                  Rejected,
                  advance,
                  apply,
                  clone,
                  deciders,
                  from_json,
                  is_over,
                  legal_actions,
                  new_game,
                  replay,
                  to_json,
)
from .forecast import forecast
from .view import public_event, view_for

__all__ = ["Action", "Applied", "Rejected", "advance", "apply", "clone", "deciders", "from_json", "is_over",
           "legal_actions", "new_game", "replay", "to_json", "view_for", "public_event", "forecast"]
