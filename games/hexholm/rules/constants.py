"""Hexholm's fixed values: the facts of the published game (Kingdom Builder: ../../../../shared/kingdom-builder/
FACTS.md, in our words) and our house values, marked [H]. Every house value lives here and nowhere else; RULES.md
names each by its clause."""

# ---- the board (R1-R4) --------------------------------------------------------------------------------
SIDE = 20                 # the board: 20 x 20 hexes, rows horizontal, odd rows shifted half a hex right
SECTION = 10              # four sections of 10 x 10: 0 top left, 1 top right, 2 bottom left, 3 bottom right
SECTIONS = 4
HEXES = SIDE * SIDE

# terrains, one letter each in a board's text (400 letters, row by row)
MEADOW, BADLANDS, DUNES, BLOSSOM, WOODS = "g", "c", "d", "f", "t"
LAKE, PEAKS, KEEP = "w", "m", "k"
TERRAINS = (MEADOW, BADLANDS, DUNES, BLOSSOM, WOODS)  # the five a settlement is built on (and a card shows)
# the eight locations (kinds) and their letters on a board's text
LOCATIONS = ("shrine", "granary", "well", "watchtower", "inn", "stable", "jetty", "corral")
LOCATION_LETTER = {"shrine": "S", "granary": "G", "well": "W", "watchtower": "T", "inn": "I", "stable": "B",
                   "jetty": "J", "corral": "C"}
LETTER_LOCATION = {v: k for k, v in LOCATION_LETTER.items()}
BUILD_TILES = ("shrine", "granary", "well", "watchtower", "inn")   # build one more settlement
MOVE_TILES = ("stable", "jetty", "corral")                         # move one of your settlements
TILES_PER_LOCATION = 2    # R4: each location hex starts with two tiles of its kind

# ---- components (R5-R7) --------------------------------------------------------------------------------
SETTLEMENTS = 40          # per player
CARDS_PER_TERRAIN = 5     # the terrain deck: 25 cards, reshuffled from the discards when it runs out
BUILDS = 3                # the mandatory build: three settlements on the card's terrain
PLAYERS = (2, 4)

# ---- goals (R20-R31) -----------------------------------------------------------------------------------
GOALS = ("anglers", "quarrymen", "guildfolk", "traderoad", "surveyors", "wardens", "recluses", "burghers",
         "barons", "homesteaders")
GOALS_DRAWN = 3
FIRST_GAME_GOALS = ("anglers", "traderoad", "wardens")   # the first-game setup (the published one's three)
KEEP_GOLD = 3             # per keep with one of your settlements beside it (always scored)
TRADE_GOLD = 4            # Trade Road: per keep or location linked by your settlements to another one
WARDEN_FACTOR = 2         # Wardens: per settlement in your fullest row
BARON_FIRST, BARON_SECOND = 12, 6   # Barons: per section, the most settlements and the second most
HOMESTEAD_FACTOR = 3      # Homesteaders: per settlement in your emptiest section

# ---- house values [H] ----------------------------------------------------------------------------------
# [H] R9 (FACTS open question 1): a revealed card whose terrain has no free hex left is discarded and the
# next one revealed, publicly, until one has a free hex (at most this many cards: then the build is skipped)
REDRAW_LIMIT = 25
# [H] R28 (question 2): Barons: everyone tied for the most gets the first prize, the next lower count the
# second; a player needs at least this many settlements in the section to score there
BARON_MIN = 1
# [H] R33 (question 3): equal gold shares the victory (no tie-break)
SHARED_VICTORY = True
# [H] R17, R18 (question 4): a Stable's or Jetty's "beside your settlements if possible" does not count the
# settlement being moved
MOVER_COUNTS = False
# [H] R13 (question 6): a settlement moved next to a location takes its tile, as a built one does
MOVE_TAKES_TILE = True
# [H] R8: the first player is drawn at random (the published rule: the oldest)
# [H] R12: a turn ends by itself once nothing is left to do in it (the mandatory build made and no tile
# usable); while a tile can still be used, the player ends it
AUTO_END = True
# [H] R3: each game draws 4 of the 8 location kinds, a different one per section
LOCATIONS_DRAWN = 4
# [H] R36: the first-game setup plays this board (our own, generated from this seed) and FIRST_GAME_GOALS
FIRST_GAME_SEED = 1
# [H] R35: the board of the day: the day's number from this date on is its seed (its board, goals, cards)
DAILY_EPOCH = (2026, 1, 1)
DAILY_BASE = 40_000

# ---- the section generator (R2, [H]: our budget from the published sections, FACTS.md) -------------------
TERRAIN_MIN, TERRAIN_MAX = 11, 18        # each buildable terrain's hexes in a section
LAKE_MIN, LAKE_MAX = 3, 30               # lake hexes in a section, in 1-3 blobs touching its edge
LAKE_BLOBS = (1, 3)
PEAKS_MIN, PEAKS_MAX = 0, 13             # peak hexes in 1-3 ridges
PEAK_RIDGES = (1, 3)
ONE_KEEP_SHARE = 0.75                    # a section has 1 keep and 2 location hexes, else 2 keeps and 1
SPECIALS = 3                             # keeps and location hexes per section
SPECIAL_GAP = 3                          # specials at least this many steps apart, none on a section's edge
SPECIAL_OPEN = 3                         # each special with at least this many buildable neighbours
PATCH = (3, 8)                           # terrain patches of 3-8 hexes
GENERATOR_TRIES = 400                    # a section is drawn again (its next sub-seed) until it passes
