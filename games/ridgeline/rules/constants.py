"""Ridgeline's fixed values: the facts of the rules (../RULES.md) and our house values, marked [H]. Every
house value lives here and nowhere else; the panorama's and the spirits' own numbers are content, in
../content/*.json (rules/board.py, rules/spirits.py read them)."""

SEATS = 2
QUEUE = 6                # the queue's columns at the start, each a face-down tile under a face-up one
HAND = 3                 # tiles in a hand: dealt at the start, refilled to
RAINBOWS = 12            # rainbow (joker) tiles in the supply
# [H] the first player of game 1 is drawn; each later game of a match the other player begins
FIRST_DRAWN = True
# [H] a tile that captured nothing goes face up into the leftmost empty queue column, else a new column
# at the right (the queue may grow past QUEUE columns)
QUEUE_LEFTMOST = True
# [H] capturing is compulsory: a tile that can capture captures one of the tiles it matches
# [H] the tile turned up from the deck by a second chance may capture the tile just played (it lies face
# up in the queue by then)
# [H] a rainbow goes on an empty spot orthogonally next to one of your pieces (tiles or rainbows); with
# none in your panorama, on an empty spot of the bottom row
# [H] a rainbow that must move and has no spot left goes back to the supply
# [H] with no rainbow left in the supply, a failed second chance gives nothing
# [H] rainbows join areas, squares and beacon paths, and fill rows and columns, but score 0 themselves
# [H] the spirit sits on the square completed this turn with the fewest rainbows (then the lowest, then
# the leftmost): no click
# [H] your hand is refilled to HAND at the start of your turn (from the same face-down deck: only when
# you see the tile changes), so that a move can be taken back before anything new is seen
REFILL_AT_START = True
# [H] beacons: the top tile of columns 2-9 is a beacon, 1 star when a path of your pieces joins it to
# your bottom row, +1 when both summit beacons are lit (the same most, 9, as the original's 1.5-star
# fires, in whole stars): content/panorama.json
# [H] the curse (the Raven): its holder at the end loses its stars (content/spirits.json: -1); it is
# never face up; beginner mode leaves it out
# [H] the head start: the player who did not begin the game scores this many stars more (the first player
# won 58.9 % of 2,000 games of easy against easy without it: BALANCE.md)
HEAD_START = 3
# [H] ties: the most spirits in the panorama, then the fewer rainbows, then shared
# [H] a match adds up the stars of its games (the same tie-breaks on the sums)
MATCH_GAMES = ("1", "2", "3")
DEFAULT_GAMES = "1"
DEALS = ("random", "daily")
DEFAULT_DEAL = "random"
# [H] the deal of the day is one whole game with the curse, the same deal on every server
DAILY_GAMES = 1
# [H] the story's chapters end when the deck falls to each of these counts (a picture for the channel),
# and with each game
LEGS = (20, 10, 0)
