"""The games this bot hosts, each a package behind one descriptor (engine/protocol.py).

Adding a game: its package here, and one line in INSTALLED (docs/ADDING_A_GAME.md)."""

INSTALLED = (
    "games.pioneer_days",
    "games.next_station",
    "games.pyramid_poker",
    "games.ridgeline",
    "games.hexholm",
    "games.metromania",
    "games.courtyards",
)
