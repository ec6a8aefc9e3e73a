"""Ankh: Gods of Egypt data: board, set-ups, tracks, cards, powers, guardians.

Provenance of every value: docs/provenance/ankh.md. Hex ids are ``<col letter><row digit>``
(col a..k = 0..10, row 0..9), the data's "odd-q" layout. Values the rulebook text does not give
are marked RECONSTRUCTED (with the part-B item of docs/rules/ankh.md that explains them).
"""

from __future__ import annotations

from rules.text import term

# B1: terrain of all 101 hexes (f = fertile, d = desert, w = water). RECONSTRUCTED from
# the open-source engines (jackpunt, checked against yav); the rulebook shows it only in pictures.
TERRAIN_CODES: dict[str, str] = {
    "b0": "f",
    "c0": "f",
    "d0": "f",
    "e0": "w",
    "f0": "w",
    "g0": "w",
    "h0": "w",
    "i0": "w",
    "j0": "w",
    "a1": "f",
    "b1": "f",
    "c1": "f",
    "d1": "f",
    "e1": "f",
    "f1": "f",
    "g1": "f",
    "h1": "f",
    "i1": "f",
    "j1": "f",
    "k1": "w",
    "a2": "f",
    "b2": "f",
    "c2": "f",
    "d2": "f",
    "e2": "f",
    "f2": "f",
    "g2": "f",
    "h2": "f",
    "i2": "f",
    "j2": "f",
    "k2": "f",
    "a3": "d",
    "b3": "d",
    "c3": "f",
    "d3": "f",
    "e3": "f",
    "f3": "f",
    "g3": "f",
    "h3": "f",
    "i3": "f",
    "j3": "w",
    "k3": "d",
    "a4": "d",
    "b4": "d",
    "c4": "d",
    "d4": "d",
    "e4": "f",
    "f4": "f",
    "g4": "f",
    "h4": "d",
    "i4": "d",
    "j4": "d",
    "k4": "w",
    "a5": "d",
    "b5": "d",
    "c5": "w",
    "d5": "d",
    "e5": "d",
    "f5": "f",
    "g5": "f",
    "h5": "d",
    "i5": "d",
    "j5": "d",
    "k5": "w",
    "a6": "d",
    "b6": "d",
    "c6": "w",
    "d6": "w",
    "e6": "w",
    "f6": "f",
    "g6": "f",
    "h6": "d",
    "i6": "d",
    "j6": "w",
    "k6": "w",
    "a7": "d",
    "b7": "d",
    "c7": "d",
    "d7": "d",
    "e7": "f",
    "f7": "f",
    "g7": "d",
    "h7": "d",
    "i7": "w",
    "j7": "d",
    "k7": "w",
    "a8": "d",
    "b8": "d",
    "c8": "d",
    "d8": "d",
    "e8": "f",
    "f8": "f",
    "g8": "d",
    "h8": "d",
    "i8": "d",
    "j8": "d",
    "k8": "w",
    "c9": "d",
    "e9": "f",
    "g9": "d",
    "i9": "d",
}

# B1: the 31 river edges (pairs of land hexes). RECONSTRUCTED (jackpunt = yav).
RIVER_EDGES: tuple[tuple[str, str], ...] = (
    ("b0", "a1"),
    ("a1", "b1"),
    ("b1", "a2"),
    ("b1", "b2"),
    ("j1", "j2"),
    ("j1", "k2"),
    ("b2", "c2"),
    ("c2", "c3"),
    ("d2", "c3"),
    ("d2", "d3"),
    ("h2", "h3"),
    ("h2", "i3"),
    ("i2", "j2"),
    ("i2", "i3"),
    ("d3", "e3"),
    ("e3", "e4"),
    ("f3", "e4"),
    ("f3", "f4"),
    ("f3", "g4"),
    ("g3", "h3"),
    ("g3", "g4"),
    ("f4", "g4"),
    ("f4", "g5"),
    ("f5", "g5"),
    ("f5", "f6"),
    ("f5", "g6"),
    ("f6", "e7"),
    ("e7", "f7"),
    ("f7", "e8"),
    ("e8", "f8"),
    ("f8", "e9"),
)

# The 3 initial regions (computed from the river; seed hex of each).
INITIAL_REGION_SEEDS: dict[str, str] = {"west": "f4", "east": "g4", "delta": "f3"}

# B11: scenario set-ups. RECONSTRUCTED (jackpunt's two set-ups, corrected as in B11).
# seat = scenario seat (1 = first player); owner None = neutral monument.
SCENARIOS: list[dict] = [
    {
        "id": "middle_kingdom_2p",
        "name": "Middle Kingdom",
        "players": 2,
        "camels": [],
        "regions": [
            {"name": "west", "token": 1, "seed": "f4"},
            {"name": "east", "token": 2, "seed": "g4"},
            {"name": "delta", "token": 3, "seed": "f3"},
        ],
        "monuments": [
            ("temple", "d0", None),
            ("pyramid", "f2", None),
            ("obelisk", "i1", None),
            ("obelisk", "a5", 1),
            ("pyramid", "b8", None),
            ("temple", "f6", 2),
            ("pyramid", "i5", None),
        ],
        "figures": [("warrior", "b4", 1), ("god", "b5", 1), ("warrior", "g6", 2), ("god", "g7", 2)],
    },
    {
        "id": "middle_kingdom_3p",
        "name": "Middle Kingdom",
        "players": 3,
        "camels": [],
        "regions": [
            {"name": "west", "token": 1, "seed": "f4"},
            {"name": "east", "token": 2, "seed": "g4"},
            {"name": "delta", "token": 3, "seed": "f3"},
        ],
        "monuments": [
            ("temple", "e5", 1),
            ("pyramid", "a3", None),
            ("obelisk", "c7", None),
            ("obelisk", "f6", 2),
            ("temple", "j5", None),
            ("pyramid", "h3", None),
            ("pyramid", "e2", 3),
            ("obelisk", "i1", None),
            ("temple", "f3", None),
        ],
        "figures": [
            ("god", "d4", 1),
            ("warrior", "e4", 1),
            ("god", "g7", 2),
            ("warrior", "g6", 2),
            ("god", "f2", 3),
            ("warrior", "e3", 3),
        ],
    },
    {
        "id": "middle_kingdom_4p",
        "name": "Middle Kingdom",
        "players": 4,
        "camels": [["a3", "a4"], ["b3", "a4"], ["b3", "b4"], ["b4", "c4"]],
        "regions": [
            {"name": "west_north", "token": 1, "seed": "a3"},
            {"name": "west_south", "token": 2, "seed": "a4"},
            {"name": "delta", "token": 3, "seed": "f3"},
            {"name": "east", "token": 4, "seed": "g4"},
        ],
        "monuments": [
            ("temple", "c4", 1),
            ("pyramid", "f5", None),
            ("temple", "e8", 2),
            ("pyramid", "a7", None),
            ("obelisk", "b4", None),
            ("obelisk", "f3", 3),
            ("temple", "d1", None),
            ("pyramid", "i2", None),
            ("pyramid", "h5", 4),
            ("obelisk", "i3", None),
            ("temple", "g8", None),
        ],
        "figures": [
            ("god", "b3", 1),
            ("warrior", "c3", 1),
            ("god", "d7", 2),
            ("warrior", "e7", 2),
            ("god", "f2", 3),
            ("warrior", "e3", 3),
            ("god", "h4", 4),
            ("warrior", "g5", 4),
        ],
    },
    {
        "id": "middle_kingdom_5p",
        "name": "Middle Kingdom",
        "players": 5,
        "camels": [
            ["f6", "f7"],
            ["f6", "g7"],
            ["g6", "g7"],
            ["g6", "h6"],
            ["h5", "h6"],
            ["h6", "i6"],
            ["a3", "a4"],
            ["b3", "a4"],
            ["b3", "b4"],
            ["b4", "c4"],
        ],
        "regions": [
            {"name": "west_north", "token": 1, "seed": "f4"},
            {"name": "east_north", "token": 2, "seed": "g4"},
            {"name": "east_south", "token": 3, "seed": "f7"},
            {"name": "delta", "token": 4, "seed": "f3"},
            {"name": "west_south", "token": 5, "seed": "a4"},
        ],
        "monuments": [
            ("temple", "b2", 1),
            ("pyramid", "f4", None),
            ("obelisk", "b4", None),
            ("pyramid", "b7", 5),
            ("temple", "e8", None),
            ("obelisk", "g7", None),
            ("temple", "j8", 3),
            ("pyramid", "g6", None),
            ("obelisk", "i3", 2),
            ("temple", "g1", None),
            ("pyramid", "f3", 4),
            ("temple", "c0", None),
        ],
        "figures": [
            ("god", "b3", 1),
            ("warrior", "c3", 1),
            ("god", "b6", 5),
            ("warrior", "c7", 5),
            ("warrior", "h8", 3),
            ("god", "i8", 3),
            ("god", "i4", 2),
            ("warrior", "h3", 2),
            ("god", "e3", 4),
            ("warrior", "f2", 4),
        ],
    },
    {
        "id": "old_kingdom_2p",
        "name": "Old Kingdom",
        "players": 2,
        "camels": [],
        "regions": [
            {"name": "west", "token": 1, "seed": "e4"},
            {"name": "east", "token": 2, "seed": "g4"},
            {"name": "delta", "token": 3, "seed": "f1"},
        ],
        "monuments": [
            ("obelisk", "a5", 1),
            ("temple", "e5", None),
            ("temple", "f2", None),
            ("temple", "j2", None),
            ("obelisk", "i6", 2),
            ("temple", "c8", None),
            ("temple", "g8", None),
        ],
        "figures": [("warrior", "b5", 1), ("god", "b4", 1), ("god", "h5", 2), ("warrior", "h6", 2)],
    },
    {
        "id": "old_kingdom_3p",
        "name": "Old Kingdom",
        "players": 3,
        "camels": [],
        "regions": [
            {"name": "delta", "token": 1, "seed": "f1"},
            {"name": "east", "token": 2, "seed": "g4"},
            {"name": "west", "token": 3, "seed": "e4"},
        ],
        "monuments": [
            ("obelisk", "a5", 3),
            ("temple", "b7", None),
            ("temple", "e5", None),
            ("temple", "c1", None),
            ("temple", "f1", None),
            ("obelisk", "i1", 1),
            ("temple", "j2", None),
            ("temple", "g5", None),
            ("obelisk", "f8", 2),
        ],
        "figures": [
            ("warrior", "b5", 3),
            ("god", "b4", 3),
            ("god", "h1", 1),
            ("warrior", "i2", 1),
            ("god", "f7", 2),
            ("warrior", "g8", 2),
        ],
    },
    {
        "id": "old_kingdom_4p",
        "name": "Old Kingdom",
        "players": 4,
        "camels": [["f6", "g6"], ["g6", "g7"], ["h6", "g7"], ["h6", "h7"]],
        "regions": [
            {"name": "east_south", "token": 1, "seed": "h7"},
            {"name": "west", "token": 2, "seed": "e4"},
            {"name": "delta", "token": 3, "seed": "f1"},
            {"name": "east_north", "token": 4, "seed": "g6"},
        ],
        "monuments": [
            ("obelisk", "a5", 2),
            ("temple", "c7", None),
            ("temple", "e5", None),
            ("temple", "b0", None),
            ("obelisk", "e1", 3),
            ("temple", "h1", None),
            ("temple", "j2", None),
            ("temple", "g5", None),
            ("obelisk", "j5", 4),
            ("obelisk", "f8", 1),
            ("temple", "j8", None),
        ],
        "figures": [
            ("warrior", "b5", 2),
            ("god", "b4", 2),
            ("god", "e2", 3),
            ("warrior", "f1", 3),
            ("warrior", "i5", 4),
            ("god", "j4", 4),
            ("god", "f7", 1),
            ("warrior", "g8", 1),
        ],
    },
    {
        "id": "old_kingdom_5p",
        "name": "Old Kingdom",
        "players": 5,
        "camels": [
            ["f6", "g6"],
            ["g6", "g7"],
            ["h6", "g7"],
            ["h6", "h7"],
            ["a5", "a6"],
            ["a5", "b5"],
            ["b4", "b5"],
        ],
        "regions": [
            {"name": "east_south", "token": 1, "seed": "h7"},
            {"name": "west_south", "token": 2, "seed": "a6"},
            {"name": "west_north", "token": 3, "seed": "e4"},
            {"name": "delta", "token": 4, "seed": "f1"},
            {"name": "east_north", "token": 5, "seed": "g4"},
        ],
        "monuments": [
            ("obelisk", "b4", 3),
            ("temple", "e4", None),
            ("obelisk", "a6", 2),
            ("temple", "b0", None),
            ("obelisk", "e1", 4),
            ("temple", "h1", None),
            ("temple", "j2", None),
            ("temple", "g5", None),
            ("temple", "e8", None),
            ("obelisk", "j5", 5),
            ("obelisk", "f8", 1),
            ("temple", "j8", None),
        ],
        "figures": [
            ("god", "b3", 3),
            ("warrior", "c4", 3),
            ("warrior", "b5", 2),
            ("god", "b6", 2),
            ("god", "e2", 4),
            ("warrior", "f1", 4),
            ("warrior", "i5", 5),
            ("god", "j4", 5),
            ("god", "f7", 1),
            ("warrior", "g8", 1),
        ],
    },
]

COLS = "abcdefghijk"
# Neighbour offsets [d_row, d_col] for even / odd columns (map.json "coordinates").
NEIGHBORS_EVEN_COL = ((-1, 0), (-1, 1), (0, 1), (1, 0), (0, -1), (-1, -1))
NEIGHBORS_ODD_COL = ((-1, 0), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))

GODS = ("amun", "anubis", "isis", "osiris", "ra")  # ANKH-R001
GOD_NAMES = {
    "amun": term("Amun"),
    "anubis": term("Anubis"),
    "isis": term("Isis"),
    "osiris": term("Osiris"),
    "ra": term("Ra"),
}
WARRIORS_PER_GOD = 6  # ANKH-R002
ANKH_TOKENS_DASHBOARD = 6  # ANKH-R019
ANKH_TOKENS_RESERVE = 9  # ANKH-R019 / B9
START_FOLLOWERS = 1  # ANKH-R018
SUN_TOKENS = 3  # ANKH-R017
UNDERWORLD_TOKENS = 3  # ANKH-R017
PRISON_SLOTS = 3  # B8 (RECONSTRUCTED from jackpunt)
LARGE_BASES = 2  # ANKH-R002
SMALL_BASES = 2

MONUMENT_TYPES = ("obelisk", "temple", "pyramid")  # ANKH-R013
MONUMENT_SUPPLY = 10  # ANKH-R003 / B10
CAMEL_SUPPLY = 30  # ANKH-R003
ORDER_TOKENS = tuple(range(1, 9))  # ANKH-R003
MAX_CAMELS_PER_LINE = 6  # ANKH-R053
MIN_REGION_LAND = 6  # ANKH-R054

# ANKH-R028: the four action rows, top to bottom.
ACTIONS = ("move", "summon", "followers", "unlock")
ACTION_LABELS = {
    "move": term("Move Figures"),
    "summon": term("Summon Figure"),
    "followers": term("Gain Followers"),
    "unlock": term("Unlock Ankh Power"),
}
# B2: actions taken on a row until its event triggers (the triggering one included), as
# N + this offset, N = players at game start. RECONSTRUCTED (jackpunt; yav differs).
ACTION_TRACK_OFFSET = {"move": 2, "summon": 2, "followers": 2, "unlock": 1}

# B3: the event track after its start space. RECONSTRUCTED (jackpunt makeEventCont).
EVENT_TRACK = (
    "control",
    "control",
    "control",
    "conflict",
    "caravan",
    "control",
    "control",
    "conflict",
    "caravan",
    "control",
    "control",
    "conflict",
    "caravan",
    "control",
    "control",
    "conflict",
    "control",
    "conflict",
)
EVENT_LABELS = {
    "control": term("Control Monument"),
    "caravan": term("Camel Caravan"),
    "conflict": term("Conflict"),
}
# The one source of these numbers: the engine (conflict.end_conflict, late.forget) and the
# board drawing (render/ankh/) both read them (issue 11, item 13).
MERGE_AFTER_CONFLICT = 3  # ANKH-R142: the two lowest gods merge at the end of this Conflict
MERGE_MIN_PLAYERS = 3  # ANKH-R142: ... with 3 or more players
FORGET_AFTER_CONFLICT = 4  # ANKH-R155: gods still in the red section are forgotten then
CONFLICTS = EVENT_TRACK.count("conflict")  # B3: the Conflicts of a whole game (5)

# B4: devotion track 0..31; red section 0..20. RECONSTRUCTED (jackpunt); floor 0 RECONSTRUCTED.
DEVOTION_TOP = 31  # ANKH-R158: reaching it wins at once
RED_TOP = 20  # ANKH-R155: a pawn on 0..RED_TOP is in the red section (forgotten at Conflict 4)

# ANKH-R016 / B5: battle cards and strength bonuses (rulebook + both engines).
CARDS = ("plague", "cycle", "drought", "build", "flood", "chariots", "miracle")
CARD_NAMES = {
    "plague": term("Plague of Locusts"),
    "cycle": term("Cycle of Ma'at"),
    "drought": term("Drought"),
    "build": term("Build Monument"),
    "flood": term("Flood"),
    "chariots": term("Chariots"),
    "miracle": term("Miracle"),
}
CARD_STRENGTH = {
    "plague": 1,
    "cycle": 0,
    "drought": 1,
    "build": 0,
    "flood": 0,
    "chariots": 3,
    "miracle": 0,
}
BUILD_COST = 3  # ANKH-R088
AMUN_CARDS = 2  # ANKH-R109: Amun may announce this many battle cards
WIN_DEVOTION = 1  # ANKH-R075: devotion for winning a battle
DOMINATE_DEVOTION = 1  # ANKH-R065: devotion for dominating a region
MOVE_RANGE = 3  # ANKH-R037: a figure moves up to this many spaces

# ANKH-R095..R108: the 12 ankh powers by level.
POWERS = {
    1: ("commanding", "inspiring", "omnipresent", "revered"),
    2: ("resplendent", "obelisk_attunement", "temple_attunement", "pyramid_attunement"),
    3: ("glorious", "magnanimous", "bountiful", "worshipful"),
}
POWER_NAMES = {
    "commanding": term("Commanding"),
    "inspiring": term("Inspiring"),
    "omnipresent": term("Omnipresent"),
    "revered": term("Revered"),
    "resplendent": term("Resplendent"),
    "obelisk_attunement": term("Obelisk Attunement"),
    "temple_attunement": term("Temple Attunement"),
    "pyramid_attunement": term("Pyramid Attunement"),
    "glorious": term("Glorious"),
    "magnanimous": term("Magnanimous"),
    "bountiful": term("Bountiful"),
    "worshipful": term("Worshipful"),
}
POWER_LEVEL = {p: lvl for lvl, names in POWERS.items() for p in names}
POWERS_PER_LEVEL = 2  # ANKH-R046
# ANKH-R044: level of the 1st..6th dashboard token.
UNLOCK_LEVELS = (1, 1, 2, 2, 3, 3)
# B7: the 2nd, 4th and 5th unlock uncover a guardian symbol. RECONSTRUCTED (jackpunt).
GUARDIAN_SYMBOL_UNLOCKS = (2, 4, 5)
COMMANDING_FOLLOWERS = 3  # B17
GLORIOUS_MARGIN = 3  # ANKH-R104
GLORIOUS_REWARD = 3
MAGNANIMOUS_DEVOTION = 2  # ANKH-R105
MAGNANIMOUS_FIGURES = 2  # ANKH-R105: losing with at least this many figures
WORSHIPFUL_COST = 2  # ANKH-R108
WORSHIPFUL_DEVOTION = 1
CAT_MUMMY_LOSS = 1  # ANKH-R128: devotion every other player loses
RESPLENDENT_COUNT = 3  # ANKH-R099
RESPLENDENT_STRENGTH = 3
TEMPLE_STRENGTH = 2  # ANKH-R102
ANUBIS_MAX_BONUS = 3  # ANKH-R113
PRISONER_RANSOM = 1  # ANKH-R114: followers paid to Anubis to summon an imprisoned warrior

# B6: guardians by level and base size (rulebook; Mummy small per the rulebook).
GUARDIANS = {1: ("satet", "cat_mummy"), 2: ("mummy", "apep"), 3: ("giant_scorpion", "androsphinx")}
GUARDIAN_LEVEL = {g: lvl for lvl, names in GUARDIANS.items() for g in names}
GUARDIAN_SIZE = {
    "satet": "small",
    "cat_mummy": "small",
    "mummy": "small",
    "apep": "large",
    "giant_scorpion": "large",
    "androsphinx": "large",
}
GUARDIAN_NAMES = {
    "satet": term("Satet"),
    "cat_mummy": term("Cat Mummy"),
    "mummy": term("Mummy"),
    "apep": term("Apep"),
    "giant_scorpion": term("Giant Scorpion"),
    "androsphinx": term("Androsphinx"),
}


# How the texts name monuments and figures (with the article English puts before them).
MONUMENT_NAMES = {"obelisk": term("obelisk"), "temple": term("temple"), "pyramid": term("pyramid")}
A_MONUMENT = {
    "obelisk": term("an obelisk"),
    "temple": term("a temple"),
    "pyramid": term("a pyramid"),
}
A_FIGURE = {
    "warrior": term("a warrior"),
    "satet": term("a Satet"),
    "cat_mummy": term("a Cat Mummy"),
    "mummy": term("a Mummy"),
    "apep": term("an Apep"),
    "giant_scorpion": term("a Giant Scorpion"),
    "androsphinx": term("an Androsphinx"),
}
SCENARIO_TITLES = {"middle_kingdom": term("Middle Kingdom"), "old_kingdom": term("Old Kingdom")}


def guardian_minis(kind: str, players: int) -> int:
    """ANKH-R025: minis of a chosen guardian type for the player count."""
    if players == 2:
        return 1
    if players == 3:
        return 2
    return 3 if GUARDIAN_SIZE[kind] == "small" else 2
