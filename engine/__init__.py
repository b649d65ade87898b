"""The game protocol and what every game's rules share (the seeded generator, replay, records)."""
