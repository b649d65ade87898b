"""The application layer: lobbies, moves, AI and timer policies, narration, help texts.

No Discord here: everything can be tested without a client. Writes go to the store (db/) only
through app.service.GameService."""
