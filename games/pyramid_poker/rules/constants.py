"""Pyramid Poker's fixed values: the facts of the game help text (../RULES.md) and our house values,
marked [H]. Every house value lives here and nowhere else."""

SEATS = 2
RANKS = "23456789TJQKA"             # ace high (and low only in A-2-3-4-5)
SUITS = "SHDC"                      # spades, hearts, diamonds, clubs: never break a tie
JOKERS = ("X1", "X2")
SUPPLY = 15                         # blocks each player takes into their personal supply
HANDS = 3                           # poker hands per player
HAND_SIZE = 5                       # cards a hand holds at most
LOOK = 3                            # stock blocks a taken joker turns over
# [H] the pyramid: 30 spots in rows of 8, 7, 6, 5, 4 (row 0 the foundation); a spot of a higher row
# rests centred on two neighbours below
ROWS = (8, 7, 6, 5, 4)
# [H] game 1's first builder is drawn; each later game of a match the other player builds first
FIRST_DRAWN = True
# [H] the player who did not start the building takes first
TAKER_FIRST_IS_SECOND_BUILDER = True
# [H] a joker turned over from the stock is discarded (face up) and replaced by the next block
JOKER_IN_LOOK_REPLACED = True
# [H] a joker with fewer than LOOK blocks left shows what remains; with none it gives nothing
# [H] hands lie face up: a card is public once in a hand
# [H] a hand of fewer than 5 cards makes only pairs, two pair, three and four of a kind; a missing
# card ranks below every card (MISSING)
MISSING = 0

# the lobby's options
BLOCKS = ("blind", "open")          # "blind": the seed's rule; [H] "open": see and choose your blocks
MATCHES = ("basic", "to7", "to11")
DEFAULT_BLOCKS = "blind"
DEFAULT_MATCH = "basic"
TARGETS = {"to7": 7, "to11": 11}    # advanced scoring: play games until a player has this many points
# [H] an advanced match that reaches its target with both totals equal plays another game; it stops
# after this many games whatever the totals (then the higher total wins; equal: shared)
MAX_GAMES = 15
# [H] a basic game whose hands won are equal is a draw (a shared result)

# the hand classes, low to high (a rank key's first number); a royal flush is the ace-high straight flush
CLASSES = ("no pair", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
           "four of a kind", "straight flush")
ROYAL = "royal flush"
# advanced scoring: each hand's chart points, by class
CHART = {"royal flush": 5, "straight flush": 4, "four of a kind": 3, "full house": 2, "flush": 1,
         "straight": 1, "three of a kind": 0, "two pair": 0, "pair": 0, "no pair": -1}
WIN_TWO = 3                         # winning exactly 2 of the 3 hands
WIN_ALL = 4                         # winning all 3 (not both bonuses)
# [H] every hand lower than one pair: this more, besides each no-pair hand's own chart point
ALL_BELOW_PAIR = -1
