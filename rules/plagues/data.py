"""Game data for 10 Plagues of Egypt, as Python literals.

Every value the rulebook text does not state is marked RECONSTRUCTED (pictures only); the
provenance of each value is in docs/provenance/plagues.md. Rules never hard-code these.
"""

from __future__ import annotations

from rules.text import term

# --- tiles (PLG-R002) -------------------------------------------------------------
# A tile is a string token; Province tiles carry their value: province1..province3.
CITY_TYPES = ("sphinx", "obelisk")  # PLG-R009 (TEXT)
FIELD_TYPES = ("plantation", "herd")  # PLG-R010 (TEXT)
BOARD_TYPES = ("sphinx", "obelisk", "egyptian", "plantation", "herd")
BESIDE_TYPES = ("coin", "boat", "province", "pharaoh")  # PLG-R011 (TEXT)

# (type token, min_players, count) -- counts RECONSTRUCTED, total 72 TEXT.
TILE_GROUPS: tuple[tuple[str, int, int], ...] = (
    ("sphinx", 2, 5),
    ("sphinx", 3, 1),
    ("sphinx", 4, 2),
    ("obelisk", 2, 5),
    ("obelisk", 3, 1),
    ("obelisk", 4, 2),
    ("plantation", 2, 5),
    ("plantation", 3, 1),
    ("plantation", 4, 2),
    ("herd", 2, 5),
    ("herd", 3, 1),
    ("herd", 4, 2),
    ("egyptian", 2, 8),
    ("egyptian", 3, 2),
    ("egyptian", 4, 2),
    ("coin", 2, 7),
    ("coin", 3, 2),
    ("coin", 4, 1),
    ("boat", 2, 5),
    ("boat", 3, 2),
    ("boat", 4, 1),
    ("province1", 2, 2),
    ("province2", 2, 1),
    ("province2", 3, 1),
    ("province3", 2, 2),
    ("pharaoh", 2, 3),
    ("pharaoh", 3, 1),
)

HEBREW_TILES = {1: 12, 2: 10, 3: 8}  # PLG-R005 (TEXT)
HEBREW_SPACES = 3  # PLG-R024 (TEXT)
DICE_SPACES = 6  # PLG-R056 (TEXT)

# --- province board (PLG-R012; layout RECONSTRUCTED, see part B4) -------------------
CITY_CELLS = ("c0", "c1", "c2", "c3", "c4", "c5")
FIELD_CELLS = ("f0", "f1", "f2", "f3", "f4", "f5")
CELLS = CITY_CELLS + FIELD_CELLS
LINES = (("c0", "c1", "c2"), ("c3", "c4", "c5"), ("f0", "f1", "f2"), ("f3", "f4", "f5"))
# RECONSTRUCTED positions; contents DERIVED.
BONUS_EDGES: tuple[tuple[str, str, str], ...] = (
    ("c0", "c1", "dev_city"),
    ("c1", "c2", "coin"),
    ("c3", "c4", "hebrew"),
    ("c4", "c5", "dev_field"),
    ("f0", "f1", "dev_field"),
    ("f1", "f2", "soldiers"),
    ("f3", "f4", "coin"),
    ("f4", "f5", "dev_city"),
)
SOLDIERS_BONUS = 3  # PLG-R076 (TEXT)
MAX_ANKH_TOKENS = 2  # PLG-R031 (TEXT)

# --- tracks --------------------------------------------------------------------------
DEV_LAST = 14  # RECONSTRUCTED
DEV_VP = tuple(range(1, 16))  # pos 0 = 1 VP TEXT; rest RECONSTRUCTED
NILE_LAST = 12  # RECONSTRUCTED
NILE_COINS = (2, 5, 8, 11)  # RECONSTRUCTED
NILE_OCCUPATION = 6  # RECONSTRUCTED
NILE_DIAMOND = 7  # RECONSTRUCTED
NILE_VP = {10: 4, 11: 6, 12: 8}  # RECONSTRUCTED (last 3 score: TEXT)
PROVINCE_LAST = 24  # TEXT
# one-time bonuses: space -> kind (which sits where RECONSTRUCTED, spaces TEXT)
PROVINCE_ONCE = {6: "take_hebrew", 9: "take_tile", 12: "dev2"}
PROVINCE_TWO_SA = 13  # TEXT
PROVINCE_ANKH = 21  # TEXT
PROVINCE_END_VP = 6  # TEXT (space 24)

# Hebrew column, top to bottom (order RECONSTRUCTED, contents TEXT)
HEBREW_COLUMN = ("province", "boat", "dev1", "take_tile", "discard_penalty", "dev1", "ankh")
HEBREW_RANK_VP = (18, 14, 10, 6)  # TEXT

# Discard spaces (TEXT)
DISCARD_DICE = {"A": (1, 2), "B": (3, 4)}

# --- papyrus (B3): index 0 = round 1 ---------------------------------------------------
PAPYRUS = {
    # round 3 = 3 and round 9 = 8 TEXT; rest RECONSTRUCTED
    "normal": {
        "tribute": (1, 2, 3, 3, 4, 5, 6, 7, 8, 9),
        # rounds 5-8 = 2 TEXT; rest RECONSTRUCTED
        "ankh_needed": (1, 1, 1, 1, 2, 2, 2, 2, 3, 3),
    },
    # RECONSTRUCTED
    "advanced": {
        "tribute": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        "ankh_needed": (1, 1, 1, 2, 2, 2, 3, 3, 3, 3),
    },
}
LOSSES_BY_ROUND = (1, 1, 2, 2, 2, 3, 3, 3, 3, 3)  # TEXT
ROUNDS = 10
SHORT_ROUNDS = 8
MOSES_ROUNDS = (3, 6, 9)
MOSES_ROUNDS_SHORT = (3, 6)
RESERVE_END = 2  # PLG-R200: 0, 1 or 2 tiles left

# --- cards ----------------------------------------------------------------------------
PHARAOH_CARDS = {  # TEXT
    1: ("ph_development", term("Development +1 (or pay 1 coin for +2)")),
    2: ("ph_soldiers", term("+5 soldiers")),
    3: ("ph_coin", term("1 coin")),
    4: ("ph_province", term("Province card +3")),
    5: ("ph_ankh", term("1 Ankh symbol")),
    6: ("ph_boat", term("Boat +2")),
}
FLIES_CARDS = (1, 2, 4, 5, 6)

# Plagues: id -> (English name, timing, text). Effects TEXT; names/timings RECONSTRUCTED.
PLAGUES = {
    "blood": (term("Water into blood"), "immediate", term("Every boat moves back 1.")),
    "frogs": (term("Frogs"), "immediate", term("Every province card moves back 2.")),
    "lice": (term("Lice"), "phase1", term("No hebrew bonus this round.")),
    "flies": (term("Flies"), "phase1", term("Pharaoh cards 1, 2, 4, 5, 6 also cost 1 coin tile.")),
    "livestock": (
        term("Livestock pestilence"),
        "round",
        term("Special action and trade cards cannot be used this round."),
    ),
    "boils": (term("Boils"), "phase2", term("The soldiers bonus does not count this round.")),
    "hail": (term("Hail"), "phase3", term("Coin bonuses do not count this round.")),
    "locusts": (term("Locusts"), "phase3", term("Tribute +1 this round.")),
    "darkness": (
        term("Darkness"),
        "phase2",
        term("No territory picks; the 3 cards are discarded."),
    ),
    "firstborn": (
        term("Death of the firstborn"),
        "phase3",
        term("1 active Ankh symbol fewer in phase 3."),
    ),
}
PLAGUE_PENALTY = 3

# Loss cards (contents RECONSTRUCTED). A part is a tuple of alternatives; an alternative is
# (kind, arg): boat n | dev track | province n | egyptian | one_of types | both types.
LOSS_CARDS = {
    "L1a": ((("dev", "city"), ("boat", 1)),),
    "L1b": ((("dev", "field"), ("province", 3)),),
    "L2a": ((("boat", 1),), (("one_of", ("sphinx", "obelisk")),)),
    "L2b": ((("dev", "field"),), (("one_of", ("plantation", "herd")),)),
    "L2c": ((("province", 3),), (("egyptian", None),)),
    "L3a": ((("dev", "city"),), (("boat", 2),), (("egyptian", None),)),
    "L3b": ((("dev", "field"),), (("province", 3),), (("both", ("sphinx", "plantation")),)),
    "L3c": (
        (("boat", 1),),
        (("one_of", ("sphinx", "obelisk")),),
        (("one_of", ("plantation", "herd")),),
    ),
    "L3d": ((("dev", "city"),), (("dev", "field"),), (("both", ("obelisk", "herd")),)),
    "L3e": ((("province", 3),), (("boat", 2),), (("egyptian", None),)),
}

# Territory cards: id -> dict. Effects TEXT; counts of immediate/trade and trade requirements
# RECONSTRUCTED.
TERRITORIES: dict[str, dict] = {
    "ib_dev_city": {"cat": "immediate", "name": term("City development +1")},
    "ib_dev_field": {"cat": "immediate", "name": term("Field development +1")},
    "ib_dev_both": {"cat": "immediate", "name": term("Both developments +1")},
    "ib_province_2": {"cat": "immediate", "name": term("Province card +2")},
    "ib_province_3": {"cat": "immediate", "name": term("Province card +3")},
    "ib_nile_1": {"cat": "immediate", "name": term("Boat +1")},
    "ib_nile_2": {"cat": "immediate", "name": term("Boat +2")},
    "sa_egyptians_boat": {"cat": "special_action", "name": term("2 egyptians: boat +1")},
    "sa_die_as_six": {"cat": "special_action", "name": term("Die 4 or 5 takes pharaoh card 6")},
    "sa_diamond_province": {
        "cat": "special_action",
        "name": term("Boat on the diamond: province +2"),
    },
    "sa_swap_tiles": {"cat": "special_action", "name": term("1 Ankh: swap two dice-space tiles")},
    "sa_hebrew_income": {"cat": "special_action", "name": term("4 Hebrews: +2 coins this tribute")},
    "sa_recover_free": {"cat": "special_action", "name": term("2 Ankh: recover a tile for free")},
    "sa_soldiers": {"cat": "special_action", "name": term("Province 10+: +2 soldiers")},
    "sa_take_tile": {"cat": "special_action", "name": term("3 Ankh: take any tile")},
    "tr_coin_1": {
        "cat": "trade",
        "name": term("Boat + Province: +1 coin income"),
        "requires": ("boat", "province"),
        "use": "permanent",
    },
    "tr_coin_2": {
        "cat": "trade",
        "name": term("Plantation + herd: +1 coin income"),
        "requires": ("plantation", "herd"),
        "use": "permanent",
    },
    "tr_soldier": {
        "cat": "trade",
        "name": term("Sphinx + obelisk: +1 soldier"),
        "requires": ("sphinx", "obelisk"),
        "use": "permanent",
    },
    "tr_development": {
        "cat": "trade",
        "name": term("Sphinx + plantation: pay 1, development +2"),
        "requires": ("sphinx", "plantation"),
        "use": "single",
    },
    "tr_take_tile": {
        "cat": "trade",
        "name": term("Obelisk + herd: pay 1, take any tile"),
        "requires": ("obelisk", "herd"),
        "use": "single",
    },
    "tr_skip_tribute": {
        "cat": "trade",
        "name": term("Egyptian + boat: pay 1, skip the tribute"),
        "requires": ("egyptian", "boat"),
        "use": "single",
    },
    "tr_discard_penalty": {
        "cat": "trade",
        "name": term("Egyptian + Province: pay 1, drop a penalty"),
        "requires": ("egyptian", "province"),
        "use": "single",
    },
    "sc_flat": {"cat": "scoring", "name": term("4 VP")},
    "sc_lines": {"cat": "scoring", "name": term("3 VP per complete line (max 2)")},
    "sc_egyptians": {"cat": "scoring", "name": term("2 VP per egyptian (max 3)")},
    "sc_city_field": {"cat": "scoring", "name": term("5 VP: 3+ tiles in city and in field")},
    "sc_hebrew_pairs": {"cat": "scoring", "name": term("1 VP per pair of Hebrews (max 6)")},
    "sc_empty_discard": {"cat": "scoring", "name": term("5 VP: empty discard")},
    "sc_bonuses": {
        "cat": "scoring",
        "name": term("5 VP: coin, soldiers and hebrew bonuses active"),
    },
    "sc_ankh": {"cat": "scoring", "name": term("1 VP per active Ankh symbol")},
}
SA_CONDITIONS = {  # TEXT
    "sa_egyptians_boat": 2,
    "sa_diamond_province": NILE_DIAMOND,
    "sa_swap_tiles": 1,
    "sa_hebrew_income": 4,
    "sa_recover_free": 2,
    "sa_soldiers": 10,
    "sa_take_tile": 3,
}
TRADE_VP = 2
SC_FLAT = 4

PROVINCES = ("abydos", "buto", "memphis", "edfu")
PROVINCE_NAMES = {
    "abydos": term("Abydos"),
    "buto": term("Buto"),
    "memphis": term("Memphis"),
    "edfu": term("Edfu"),
}
EDFU_DIE = 3  # TEXT
EDFU_DRAW = 6  # TEXT
BUTO_DRAW = 2  # TEXT
TERRITORY_ROW = 3  # TEXT
FOUR_PLAYER_LAST_PROVINCE = 2  # PLG-R124 (TEXT)

# Start bonuses by turn position (TEXT): province n | boat n | egyptian
START_BONUS = (("province", 1), ("province", 2), ("boat", 1), ("egyptian", None))

# --- solo (solo.json) ------------------------------------------------------------------
AI_ACTION = {1: "pharaoh", 2: "pharaoh", 3: "tile", 4: "tile", 5: "hebrew", 6: "hebrew"}
AI_DEV_START = 1  # TEXT
AI_TERRITORY_ORDER = ("scoring", "trade", "immediate")  # TEXT
AI_NO_HEBREW_BONUS = ("discard_penalty", "ankh")  # RECONSTRUCTED
HUMAN_SECOND_HEBREW_MIN = 10  # TEXT
