"""Courtyards' fixed values: the facts of Alhambra's rules (../../../../shared/alhambra/FACTS.md, in our words)
and our house values, marked [H] (RULES.md says each). Every house value lives here and nowhere else."""

PLAYERS = (2, 6)

# ---- the buildings --------------------------------------------------------------------------------
# the six kinds in the scoring table's order (our names: words.py); tiles of each kind
KINDS = ("kiosk", "bathhouse", "colonnade", "library", "orchard", "minaret")
KIND_TILES = (7, 7, 9, 9, 11, 11)           # 54 building tiles
# the budget our own tile set keeps per kind (tilegen.py): price range, price sum, tiles with 0/1/2/3 walls
PRICE_RANGE = ((2, 8), (3, 9), (4, 10), (5, 11), (6, 12), (7, 13))
PRICE_SUM = (35, 42, 63, 72, 99, 110)
WALL_COUNTS = ((1, 2, 3, 1), (1, 2, 3, 1), (2, 2, 4, 1), (2, 2, 4, 1), (2, 4, 3, 2), (2, 4, 3, 2))
WALLS_PER_SIDE = 20                         # walls on each side direction over the 54 tiles
WELL = -1                                   # the start tile of every palace (no walls), at (0, 0)

# sides of a tile: bits of its wall mask, and the step to the neighbour across each
NORTH, EAST, SOUTH, WEST = 1, 2, 4, 8
SIDES = (NORTH, EAST, SOUTH, WEST)
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))   # by side index (y grows southwards)

# ---- the money --------------------------------------------------------------------------------------
CURRENCIES = ("amber", "jade", "coral", "slate")  # our names; market slot i is bound to currency i
VALUES = tuple(range(1, 10))
COPIES = 3                                  # each (currency, value) card, in the full deck (108 cards)
# [H] the option "short money deck": 2 copies each (72 cards), as some editions play two players; any count
SHORT_COPIES = 2
SCORING = 0                                 # a scoring card's code in the deck (a money card: 10 x currency + value)
START_MONEY = 20                            # each player is dealt money until their total reaches this
DISPLAY = 4                                 # money cards face up
MARKET = 4                                  # building slots
TAKE_LIMIT = 5                              # several cards may be taken if they add up to at most this
# the two scoring cards: shuffled into the 2nd and the 4th fifth of the deck left after the deal
SCORING_FIFTHS = (2, 4)

# ---- the scoring table: points by kind, round (1-3) and rank ------------------------------------------
POINTS = (
    ((1,), (8, 1), (16, 8, 1)),
    ((2,), (9, 2), (17, 9, 2)),
    ((3,), (10, 3), (18, 10, 3)),
    ((4,), (11, 4), (19, 11, 4)),
    ((5,), (12, 5), (20, 12, 5)),
    ((6,), (13, 6), (21, 13, 6)),
)
ROUNDS = 3
WALL_POINT = 1                              # per segment of a palace's longest outer wall, every round

# ---- two players: the neutral player (the Steward) --------------------------------------------------------
NEUTRAL_START = 6                           # tiles from the bag at the start
NEUTRAL_AFTER_FIRST = 6                     # after the first scoring round
NEUTRAL_AFTER_SECOND_SHARE = 3              # after the second: the bag's tiles divided by this, rounded down

# ---- house values --------------------------------------------------------------------------------------
# [H] a payment must need every card it uses (no card could be left out and still pay the price)
MINIMAL_PAYMENTS = True
# [H] after an exact payment the player may also end the turn instead of acting again
MAY_END_AFTER_EXACT = True
# [H] bought tiles are placed in the order they were bought, each on an empty spot or in the reserve
# [H] the starting money is dealt to one player after another, seat 1 first; each player sees only their own
# [H] among players with equally few cards and equally low totals, the earliest seat starts
# [H] the end of a turn refills the money display first (a scoring card drawn scores at once), then the market
# [H] the money deck runs out: the discards are shuffled into a new deck
# [H] a longest wall is a chain of outer wall segments joined at tile corners, each segment counted once
# (a closed ring counts all of its segments)
# [H] an end rule "refill" (the seed's): the game ends when the market cannot be refilled (it is refilled as
# far as the bag goes first); "empty" (another edition's): also as soon as the bag is empty at a turn's end
END_RULES = ("refill", "empty")
DEFAULT_END = "refill"
MONEY_DECKS = ("full", "short")
DEFAULT_MONEY = "full"
# [H] at the end the tiles awarded are placed by their receivers one after another, from the player after
# the one who played the last turn
# [H] equal totals share the win (no tie-break)
