"""What Discord shows: message contents (embeds, texts) and components (buttons, selects) built from
a stored game. Pure functions, no I/O: cogs/ sends what these build."""
