"""The host's services, without Discord: the game service (lobbies, seats, moves: every write to a game,
one transaction each), the outbox of what a change promises to show, the AI seats and the turn timers,
the coach's queue, results and ratings (ledger, ratings, recompute), the worker pools, settings and
shards. A game is reached only through its descriptor (engine/protocol.py, found by app/tables.py).

No Discord here: everything can be tested without a client. Writes go to the store (db/) only through
app.service.GameService."""
