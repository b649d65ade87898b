"""Undergrounders' fixed values: the facts of the published game (Metromania: ../../../../shared/metromania/FACTS.md,
in our words) and our house values, marked [H]. Every house value lives here and nowhere else (RULES.md
says each with its clause)."""

PLAYERS = (2, 4)
LINES = 2                       # each player digs two lines: 0 solid, 1 striped
TUNNELS = 18                    # a line's tunnels at most, its start and end spaces included
DIG = 3                         # tunnels a turn, when digging
STATIONS = 30                   # the neutral stations of the supply
# the building phase ends when this many lines are completed or blocked (by player count)
LINES_TO_END = {2: 3, 3: 4, 4: 5}
# the destination markers: a letter and a kind each; each letter twice, of two different kinds
RES, COM, ENT = "R", "C", "E"   # residential, commercial, entertainment
KINDS = (RES, COM, ENT)
LETTERS = ("A", "B", "C", "D", "E", "F")
MARKERS = (("A", RES), ("A", COM), ("B", COM), ("B", ENT), ("C", ENT), ("C", RES),
           ("D", RES), ("D", COM), ("E", ENT), ("E", COM), ("F", RES), ("F", ENT))
# the "No Corruption" variant's fixed sets (3 and 4 players), as the rules list them
FIXED = {
    4: ((("A", RES), ("B", COM), ("C", ENT)),
        (("D", RES), ("A", COM), ("E", ENT)),
        (("F", RES), ("E", COM), ("B", ENT)),
        (("C", RES), ("D", COM), ("F", ENT))),
    3: ((("A", RES), ("D", RES), ("B", COM), ("C", ENT)),
        (("C", RES), ("A", COM), ("E", COM), ("F", ENT)),
        (("F", RES), ("D", COM), ("B", ENT), ("E", ENT))),
    # [H] two players: one marker of each letter each (the rules' "left and right" sets are the board's:
    # ours give each player two markers of each kind)
    2: ((("A", RES), ("B", COM), ("C", ENT), ("D", COM), ("E", ENT), ("F", RES)),
        (("A", COM), ("B", ENT), ("C", RES), ("D", RES), ("E", COM), ("F", ENT))),
}
# scoring
TRIP_POINTS = 3                 # each player with a line on a fastest route of a lettered trip
MARKER_BONUS = 3                # ... and this more for having placed one of the trip's markers
PARK_POINTS = 5                 # each player with a line on a fastest route from the park to the lake
INQUIRY_OTHERS = 6              # an impossible trip: everyone not guilty gains this (the latest rules)
INQUIRY_GUILTY = -6             # ... or, with the classic penalty option, the guilty lose this instead
HOP_MINUTES = 1                 # a trip's minutes from a station to the next along a line
CHANGE_MINUTES = 3              # ... and to change lines at a station
# [H] a trip's route and "touching": a station touches the cells that meet either end of its side
# (rules/geometry.py touch); a trip starts and ends at a station touching its marker (or the park, the lake)

# ---- the city (ours: rules/city.py makes it from a seed) ---------------------------------------------
SIDE = 5                        # [H] the hexagonal city's side, in small triangles: 6 * SIDE^2 cells
AREAS_PER_SECTOR = 1            # [H] destination areas of each kind in each of the six sectors
PARK_CELLS = 3                  # [H] the park's cells (one sector), and the lake's (the opposite sector)
# [H] each side of the hexagon, along its five edge cells: an end space, a start space, a plain cell, a start
# space, an end space (every side alike: 12 start and 12 end spaces, each start 13 tunnels from an end)
RIM = "XS.SX"
CITY_TRIES = 400                # [H] draws of a seed's city before the generator gives up (never seen)

# ---- house rules -------------------------------------------------------------------------------------
# [H] acute angle: a line may not wind around one corner of the grid through 5 cells in a row (a bend of
# 120 degrees, leaving an angle of 60), unless a station sits on a side of one of the 3 middle cells
ACUTE_CELLS = 5
# [H] a second line starts on a far side (not the first line's start side nor a side next to it);
# when every start space there is taken, on any free start space (as for ends)
FAR = 2                         # sides at least this far round the hexagon from the start side
# [H] a dig stops short of 3 tunnels only when no further tunnel can be placed (not "the most possible")
# [H] once the supply of stations is empty, lines join and split without a station
# [H] a line completed in a dig: its free station is placed after the dig's last tunnel
# [H] the station points of a player with one finished line: they lose half, rounded down
# [H] the generator counts areas as passable when it checks that every start reaches an end (a line may
# enter an area with a marker of its kind)
DAILY_BASE = 30_000             # [H] the seed of the city of the day: this plus the days since 2026-01-01
