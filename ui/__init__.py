"""What Discord shows, built from a stored game: a game's Messages (engine/protocol.py) as embeds and
persistent components with our custom ids (messages.py, components.py), the lobby, results, records,
the review, the slash commands' shape (commands.py) and their translations (translator.py). No I/O:
cogs/ sends what these build."""
