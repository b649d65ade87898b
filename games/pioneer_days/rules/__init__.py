"""Pioneer Days rules engine: pure Python, no I/O. See api.py for the contract."""

from engine import native

# the hot modules a compiled build replaces (engine/native.py: only when asked, and only one built
# for these sources); everything else, and the reference, is the pure Python here
NATIVE = ("constants", "cards", "dice", "effects", "decisions", "flow", "turn", "scoring", "copying", "api")
native.use(__name__, __path__, NATIVE)

from engine import rng  # noqa: F401, E402  (the seeded generator every game shares: engine.rng)

from .api import (  # noqa: E402  (after native.use: it decides where they come from)
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
from .forecast import forecast  # noqa: E402
from .view import public_event, view_for  # noqa: E402

__all__ = ["Action", "Applied", "Rejected", "advance", "apply", "clone", "deciders", "from_json", "is_over",
           "legal_actions", "new_game", "replay", "to_json", "view_for", "public_event", "forecast"]
