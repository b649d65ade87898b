"""Next Station's fixed values: the facts of the published game (../../../../shared/next-station/FACTS.md, in our
words) and our house values, marked [H]. Every house value lives here and nowhere else."""

ROUNDS = 4
SIZE = 10                       # the map: stations on a SIZE x SIZE lattice
SYMBOLS = ("circle", "triangle", "square", "pentagon")
ANY = "any"                     # the central station: every card reaches it
JOKER = "joker"
SWITCH = "switch"
# the 11 station cards, shuffled at the start of every round: 5 underground, 6 street
UNDERGROUND = (*SYMBOLS, JOKER)
STREET = (*SYMBOLS, JOKER, SWITCH)
UNDERGROUNDS_PER_ROUND = 5      # the 5th underground card flipped ends the round (once everyone answered it)
SWITCH_IGNORED_BEFORE = 3       # a switch flipped as a round's 1st or 2nd card does nothing
COLOURS = ("blue", "pink", "green", "orange")  # the four pencils, one underground line each
# a line's points: districts visited x most stations in one district + this per river crossing
CROSSING_POINTS = 2
# the tourist track: the leftmost uncrossed circle, by circles crossed (at most 10 in a game)
TOURIST_TRACK = (0, 1, 2, 4, 6, 8, 11, 14, 17, 21, 25)
INTERCHANGE_POINTS = {2: 2, 3: 5, 4: 9}  # a station on lines of 2, 3 or 4 different colours
# [H] the departure station is a station of its line, for both factors of the line's points
DEPARTURE_COUNTS = True
# a line counts every district it passes through, with a station there or not (R25); [H] the geometry:
# rules/maps.py passed()
# shared objectives: 2 of these 5 drawn at the start; each met gives every player who meets it this much
OBJECTIVES = ("interchanges", "every_district", "every_tourist", "whole_centre", "crossings")
OBJECTIVES_DRAWN = 2
OBJECTIVE_POINTS = 10
OBJECTIVE_INTERCHANGES = 8      # at least 8 interchange stations
OBJECTIVE_CROSSINGS = 6         # at least 6 river crossings in the whole network
# pencil powers: one per pencil for the whole game, each usable once per round, optional
POWERS = ("double", "joker", "switch", "circle")
# a double's second section reaches a station of the card's symbol; after a joker, of the symbol the first
# section reached; [H] the central station's "?" is every symbol: after a joker to it, any station
# [H] the circle may be put on any station of this round's line, at any of its decisions of that round and
# after its last card, before it is scored
# solo: the total less this per module in play, read in these bands (names: show.py)
SOLO_MODULE_PENALTY = 10
SOLO_BANDS = (90, 105, 120, 135, 150)  # under 91, 91-105, 106-120, 121-135, 136-150, over 150
PLAYERS = (1, 4)
# [H] the pencils' places around the table: with 2 or 3 players the unused pencils lie between them,
# and each round a player takes the pencil on their right (the seeds' rule)
SLOTS = {1: (0,), 2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
