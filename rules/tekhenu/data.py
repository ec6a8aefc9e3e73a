"""Tekhenu board and card data (docs/rules/tekhenu.md, part B; sources: docs/provenance/tekhenu.md).

Every value the rulebook shows only in a picture is marked RECONSTRUCTED; the rest is TEXT.
A correction is a data edit here, never a code edit.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.text import term

# --- gods and the obelisk disc (TEK-R001, TEK-R039; B.1) ------------------------------------
# Ring order TEXT (quick-guide numbering 1..6, opposites +3); clockwise direction RECONSTRUCTED.
GODS = ("horus", "ra", "hathor", "bastet", "thoth", "osiris")
GOD_NAMES = {
    "horus": term("Horus"),
    "ra": term("Ra"),
    "hathor": term("Hathor"),
    "bastet": term("Bastet"),
    "thoth": term("Thoth"),
    "osiris": term("Osiris"),
}
RING = {god: index for index, god in enumerate(GODS)}
OPPOSITE = {god: GODS[(index + 3) % 6] for index, god in enumerate(GODS)}  # TEXT (B19/B20)
ADJACENT = {god: (GODS[(index - 1) % 6], GODS[(index + 1) % 6]) for index, god in enumerate(GODS)}
# RECONSTRUCTED: light at ring offset k clockwise from the section the arrow points to.
DISC_PATTERN = ("sunny", "sunny", "shaded", "dark", "dark", "shaded")
LIGHTS = ("sunny", "shaded", "dark")

# --- dice (TEK-R006, TEK-R016..R018, TEK-R040..R045; B.2) --------------------------------
COLOURS = ("white", "black", "yellow", "brown", "grey")
PURITY = {  # TEXT
    "white": {"sunny": "pure", "shaded": "tainted", "dark": "forbidden"},
    "yellow": {"sunny": "tainted", "shaded": "pure", "dark": "forbidden"},
    "brown": {"sunny": "forbidden", "shaded": "pure", "dark": "tainted"},
    "black": {"sunny": "forbidden", "shaded": "tainted", "dark": "pure"},
    "grey": {"sunny": "tainted", "shaded": "tainted", "dark": "tainted"},
}
DIE_RESOURCE = {"yellow": "papyrus", "brown": "bread", "white": "limestone", "black": "granite"}
RESOURCE_COLOUR = {res: colour for colour, res in DIE_RESOURCE.items()}
DICE_IN_BOX = {"white": 6, "black": 6, "yellow": 6, "brown": 6, "grey": 2}  # RECONSTRUCTED split
DICE_REMOVED = {  # TEXT
    4: {},
    3: {"grey": 2},
    2: {"yellow": 1, "brown": 1, "white": 1, "black": 1},
}
DICE_PER_SECTION_AT_SETUP = 3  # TEXT

# --- scoring markers (TEK-R011; B.3, TEXT) ---------------------------------------------------
SCORING_MARKERS = (("I", 4), ("II", 2))  # id, sections clockwise from the arrow at setup

# --- resources ----------------------------------------------------------------------------
RESOURCES = ("papyrus", "bread", "limestone", "granite")

# --- Horus track (TEK-R080, TEK-R013; B.4) -------------------------------------------------
# RECONSTRUCTED: slot value -> god, printed bonus, Botankhamun's bonus.
HORUS_SLOTS = (
    (1, "osiris", {"papyrus": 1}, {"scribe": 1}),
    (2, "horus", {"bread": 1}, {"scribe": 1}),
    (3, "ra", {"limestone": 1}, {"vp": 1}),
    (4, "hathor", {"gold": 1}, {"vp": 1}),
    (5, "bastet", {"granite": 1}, {"scribe": 1, "vp": 1}),
    (6, "thoth", {"scribe": 1}, {"scribe": 1, "vp": 1}),
)
HORUS_GOD = {value: god for value, god, _printed, _bot in HORUS_SLOTS}
HORUS_VALUE = {god: value for value, god, _printed, _bot in HORUS_SLOTS}
BOT_HORUS_BONUS = {god: bot for _value, god, _printed, bot in HORUS_SLOTS}
PRINTED_HORUS_BONUSES = tuple(printed for _v, _g, printed, _b in HORUS_SLOTS)
HORUS_BONUS_TILES = PRINTED_HORUS_BONUSES  # RECONSTRUCTED: the 6 tiles = the 6 printed bonuses

# --- statue spaces (TEK-R081, TEK-R085; B.5) -----------------------------------------------
GOD_STATUE_SPACES = {4: 3, 3: 2, 2: 1}  # TEXT
PEOPLE_SPACES = ("pt_e2", "pt_n2", "po_work", "po_quar")  # ids/placement RECONSTRUCTED
PEOPLE_TEMPLE_LINE = {"pt_e2": ("row", 2), "pt_n2": ("col", 2)}  # RECONSTRUCTED
PEOPLE_OSIRIS_DISTRICTS = {"po_work": ("papyrus", "bread"), "po_quar": ("limestone", "granite")}
PEOPLE_SETUP_GOLD = 1  # TEXT

# --- Temple Complex (TEK-R089..R095; B.6) ---------------------------------------------------
TEMPLE_SIZE = 5
# RECONSTRUCTED rewards, row by row (examples 1 limestone, 2 granite, 3 faith are TEXT).
TEMPLE_REWARDS = (
    ({"faith": 3}, {"papyrus": 2}, {"granite": 2}, {"bread": 2}, {"faith": 3}),
    ({"limestone": 2}, {"granite": 1}, {"papyrus": 1}, {"limestone": 1}, {"granite": 2}),
    ({"bread": 2}, {"gold": 1}, {"vp": 2}, {"gold": 1}, {"papyrus": 2}),
    ({"granite": 2}, {"limestone": 1}, {"bread": 1}, {"granite": 1}, {"limestone": 2}),
    ({"faith": 3}, {"bread": 2}, {"limestone": 2}, {"papyrus": 2}, {"faith": 3}),
)
TEMPLE_SPACES = tuple(f"t{r}{c}" for r in range(TEMPLE_SIZE) for c in range(TEMPLE_SIZE))
CORNERS = ("t00", "t04", "t40", "t44")
# RECONSTRUCTED border colours; N/S by column 0-4, E/W by row 0-4.
BORDER = {
    "N": ("blue", "red", "green", "red", "blue"),
    "E": ("green", "blue", "red", "blue", "green"),
    "S": ("blue", "red", "green", "red", "blue"),
    "W": ("green", "blue", "red", "blue", "green"),
}
SIDES = ("N", "E", "S", "W")

# --- temple building spaces (TEK-R101, TEK-R103; B.7), RECONSTRUCTED -------------------------
# id -> (line kind, index, Bread cost, seat counts where the space is closed)
TEMPLE_BUILDINGS = {
    "w0": ("row", 0, 2, (1, 2)),
    "w1": ("row", 1, 3, ()),
    "w2": ("row", 2, 4, ()),
    "w3": ("row", 3, 3, ()),
    "w4": ("row", 4, 2, (1, 2, 3)),
    "s0": ("col", 0, 2, (1, 2)),
    "s1": ("col", 1, 3, ()),
    "s2": ("col", 2, 4, ()),
    "s3": ("col", 3, 3, ()),
    "s4": ("col", 4, 2, (1, 2, 3)),
}

# --- Ra display (TEK-R090, TEK-R096; B.9) ------------------------------------------------
RA_SLOTS = ("left", "centre", "right")
RA_SLOT_VP = (1, 2, 3)  # values TEXT, assignment RECONSTRUCTED


def ra_slot_for(value: int) -> int:
    """TEK-R090 (TEXT): 5-6 -> left, 3-4 -> centre, 1-2 -> right."""
    return 0 if value >= 5 else (1 if value >= 3 else 2)


# --- Osiris area (TEK-R132..R143; B.8) ---------------------------------------------------
DISTRICTS = ("papyrus", "bread", "limestone", "granite")  # TEXT
DISTRICT_KIND = {
    "papyrus": "workshop",
    "bread": "workshop",
    "limestone": "quarry",
    "granite": "quarry",
}
PAIR_PARTNER = {
    "papyrus": "bread",
    "bread": "papyrus",
    "limestone": "granite",
    "granite": "limestone",
}  # RECONSTRUCTED row-3 second resource
CROSS_PARTNER = {
    "papyrus": "limestone",
    "bread": "granite",
    "limestone": "papyrus",
    "granite": "bread",
}  # RECONSTRUCTED row-4 second resource
OSIRIS_ROWS = 6


class OsirisSpace(NamedTuple):
    id: str
    district: str
    row: int
    production: dict[str, int]
    production_any: int
    tokens: dict[str, int]


def _osiris_space(row: int, district: str) -> OsirisSpace:
    partner = {3: PAIR_PARTNER, 4: CROSS_PARTNER}.get(row)
    production = {district: 2 if row >= 5 else 1}
    if partner:
        production[partner[district]] = 1
    tokens = {district: 2 if row >= 5 else 1}
    if row == 4:
        tokens["gold"] = 1
    return OsirisSpace(
        f"o{row}_{district}", district, row, production, 1 if row == 6 else 0, tokens
    )


OSIRIS_SPACES = {
    space.id: space
    for space in (
        _osiris_space(row, district) for row in range(1, OSIRIS_ROWS + 1) for district in DISTRICTS
    )
}

# --- tracks (B.13..B.15) -------------------------------------------------------------------
POPULACE_MAX = 21  # RECONSTRUCTED range 0..21
TRIANGLES = (9, 13, 16, 19, 21)  # TEXT
MARKET_UNLOCK = {9: 2, 13: 3}  # TEXT: Population 9 opens section 3 (index 2), 13 opens 4
HAPPINESS_REWARDS = {16: "gold", 19: "scribe", 21: "extra_action"}  # TEXT
PRODUCTION_START = 2  # TEXT
PRODUCTION_MAX = 6  # TEXT
PRODUCTION_MAX_VP = 2  # TEXT
VP_START = 10  # TEXT
STATUE_VP = (0, 1, 3, 6, 10, 15, 21)  # TEXT (Δ1)
MAAT_LOSS = ((-9, 3), (-6, 2), (-3, 1))  # TEXT: balance <= k -> lose VP

# --- card market (TEK-R026..R028, TEK-R122; B.16) ----------------------------------------
MARKET_SLOTS = (  # slot types TEXT, left-to-right order RECONSTRUCTED
    ("blessing", "blessing", "technology"),
    ("blessing", "blessing", "technology", "technology"),
    ("blessing", "technology", "technology", "decree"),
    ("blessing", "technology", "decree", "decree"),
)
MARKET_HAPPINESS = (1, 5, 9, 13)  # TEXT

# --- player board (TEK-R002, TEK-R020..R023; B.11, B.12) -----------------------------------
PIECES = {"buildings": 10, "pillars": 8, "statues": 6}  # TEXT
START = {"gold": 1, "scribe": 1, "happiness": 2, "population": 5}  # TEXT
BUILDING_ROW_BREAD = (1, 0, 1, 0, 1, 0, 1, 0, 1, 0)  # RECONSTRUCTED, k-th building taken
BUILDING_ROW_VP = (0, 1, 0, 2, 0, 3, 0, 4, 0, 5)  # RECONSTRUCTED
STATUE_GRANITE = (1, 1, 2, 2, 3, 3)  # RECONSTRUCTED, k-th statue built


# --- pillar tiles (TEK-R270..R296; B.10) -------------------------------------------------
class PillarTile(NamedTuple):
    id: str
    light: str  # TEXT
    ability: str  # TEXT
    params: dict[str, Any]
    limestone: int  # RECONSTRUCTED
    granite: int  # RECONSTRUCTED
    edges: tuple[str, str, str, str]  # RECONSTRUCTED: N, E, S, W at rotation 0


_DOUBLE = {"kinds": ["papyrus", "bread", "limestone", "granite", "gold", "faith"]}
PILLARS = {
    tile.id: tile
    for tile in (
        PillarTile(
            "P01",
            "sunny",
            "population",
            {"population": 3},
            2,
            1,
            ("green", "green", "blue", "green"),
        ),
        PillarTile("P02", "dark", "scribe", {"scribe": 1}, 1, 2, ("red", "green", "blue", "green")),
        PillarTile(
            "P03", "shaded", "happiness", {"happiness": 2}, 2, 1, ("blue", "red", "blue", "blue")
        ),
        PillarTile("P04", "sunny", "edge_bonus", {"vp": 1}, 1, 2, ("blue", "red", "red", "blue")),
        PillarTile("P05", "dark", "edge_bonus", {"vp": 1}, 2, 1, ("green", "green", "blue", "red")),
        PillarTile(
            "P06", "shaded", "building_bonus", {"vp": 1}, 1, 2, ("green", "green", "green", "red")
        ),
        PillarTile("P07", "sunny", "vp", {"vp": 1}, 2, 0, ("blue", "red", "blue", "red")),
        PillarTile("P08", "shaded", "vp", {"vp": 1}, 1, 1, ("blue", "blue", "green", "green")),
        PillarTile("P09", "dark", "vp", {"vp": 1}, 0, 2, ("blue", "green", "red", "blue")),
        PillarTile("P10", "dark", "thoth", {"value": 1}, 2, 2, ("blue", "green", "green", "red")),
        PillarTile("P11", "sunny", "thoth", {"value": 1}, 2, 2, ("red", "blue", "red", "green")),
        PillarTile(
            "P12", "shaded", "horus", {"values": [1, 2, 3]}, 1, 3, ("green", "green", "red", "blue")
        ),
        PillarTile(
            "P13", "sunny", "decree", {"draw": 1}, 3, 1, ("green", "blue", "green", "green")
        ),
        PillarTile("P14", "dark", "decree", {"draw": 1}, 1, 3, ("blue", "green", "red", "red")),
        PillarTile(
            "P15", "shaded", "osiris", {"value": 3}, 3, 1, ("green", "red", "blue", "green")
        ),
        PillarTile("P16", "shaded", "gold", {"gold": 2}, 2, 1, ("red", "red", "green", "blue")),
        PillarTile("P17", "sunny", "gold", {"gold": 2}, 1, 2, ("blue", "blue", "green", "blue")),
        PillarTile("P18", "dark", "gold", {"gold": 2}, 2, 1, ("blue", "green", "blue", "blue")),
        PillarTile(
            "P19", "sunny", "double_reward", _DOUBLE, 2, 2, ("blue", "red", "blue", "green")
        ),
        PillarTile(
            "P20", "shaded", "double_reward", _DOUBLE, 2, 2, ("red", "green", "blue", "red")
        ),
        PillarTile("P21", "dark", "double_reward", _DOUBLE, 2, 2, ("green", "blue", "red", "red")),
        PillarTile("P22", "none", "none", {}, 2, 0, ("green", "red", "blue", "blue")),
        PillarTile("P23", "none", "none", {}, 1, 1, ("red", "red", "blue", "green")),
        PillarTile("P24", "none", "none", {}, 0, 2, ("red", "green", "green", "green")),
        PillarTile("P25", "none", "none", {}, 2, 0, ("red", "green", "red", "green")),
        PillarTile("P26", "none", "none", {}, 1, 1, ("blue", "red", "green", "red")),
        PillarTile("P27", "none", "none", {}, 0, 2, ("green", "blue", "red", "green")),
    )
}
PILLAR_IDS = tuple(PILLARS)

# --- cards (TEK-R182..R269, all TEXT) ------------------------------------------------------
STARTING_INITIATIVE = {f"S{n:02d}": n for n in range(1, 13)}
STARTING_TEXT = {
    "S01": term("Osiris action with value 5, no Happiness loss"),
    "S02": term("Osiris action with value 3 (quarries), no Happiness loss"),
    "S03": term("Osiris action with value 3 (workshops), no Happiness loss"),
    "S04": term("Gain any 5 resources"),
    "S05": term("Draw 2 Technologies, keep 1"),
    "S06": term("Draw 2 Blessings, keep 1"),
    "S07": term("Gain 2 Scribes and 1 Gold"),
    "S08": term("Gain 1 Papyrus, 1 Bread, 1 Limestone, 1 Granite"),
    "S09": term("Gain 3 Limestone/Granite"),
    "S10": term("Gain 3 Bread/Papyrus"),
    "S11": term("Gain 3 Population and 2 Happiness"),
    "S12": term("Gain 2 Gold"),
}
STARTING_GAIN = {
    "S07": {"scribe": 2, "gold": 1},
    "S08": {"papyrus": 1, "bread": 1, "limestone": 1, "granite": 1},
    "S11": {"population": 3, "happiness": 2},
    "S12": {"gold": 2},
}
STARTING_GAIN_ANY = {
    "S04": (5, RESOURCES),
    "S09": (3, ("limestone", "granite")),
    "S10": (3, ("bread", "papyrus")),
}
STARTING_OSIRIS = {
    "S01": (5, DISTRICTS),
    "S02": (3, ("limestone", "granite")),
    "S03": (3, ("papyrus", "bread")),
}
STARTING_CARDS_LAID = {2: 5, 3: 7, 4: 9}  # TEXT

DESTINY_ANKH = {"A01": 0, "A02": 1, "A03": 2, "A04": 3}  # TEXT
DESTINY_GAIN = {"A01": {"scribe": 1}, "A02": {"gold": 1}, "A04": {"faith": 1}}
DESTINY_TEXT = {
    "A01": term("Gain 1 Scribe"),
    "A02": term("Gain 1 Gold"),
    "A03": term("Gain 1 Population or 1 Happiness"),
    "A04": term("Gain 1 Faith"),
}
T15_ANKH = 5  # TEXT
BOT_ANKH = 4  # TEXT

DECREE_SYMBOL = {  # TEXT (PT letters)
    "D01": "A",
    "D02": "A",
    "D03": "A",
    "D04": "B",
    "D05": "B",
    "D06": "B",
    "D07": "C",
    "D08": "C",
    "D09": "D",
    "D10": "D",
    "D11": "D",
    "D12": "E",
    "D13": "E",
    "D14": "E",
    "D15": "E",
    "D16": "F",
    "D17": "F",
    "D18": "F",
    "D19": "F",
    "D20": "G",
    "D21": "G",
    "D22": "G",
    "D23": "H",
    "D24": "H",
}
DECREES = tuple(DECREE_SYMBOL)
BLESSINGS = tuple(f"B{n:02d}" for n in range(1, 25))
TECHNOLOGIES = tuple(f"T{n:02d}" for n in range(1, 25))
REMOVED_SMALL = ("T16", "D20")  # TEK-R024: removed with N <= 2
D04_VP_PER_TRIANGLE = 3  # Δ2 (PL prints 4)
D08_CAP = 20  # TEXT
T13_ADJUST = 1  # Δ4 (PT says 1 or 2)

CARD_TEXT = {
    "B01": term("When you Produce: also gain 4 Limestone"),
    "B02": term("When you Produce: also gain 4 Granite"),
    "B03": term("When you Produce: also gain 4 Bread"),
    "B04": term("When you Produce: also gain 4 Papyrus"),
    "B05": term("When you Produce: also gain 3 Gold"),
    "B06": term("When you Produce: also gain 2 Scribes"),
    "B07": term("Your turn: gain 3 Population or 3 Happiness"),
    "B08": term("Your turn: gain 3 Population or 3 Happiness"),
    "B09": term("Taking a die: turn it to any face"),
    "B10": term("Taking a die: turn it to any face"),
    "B11": term("Taking a die: treat it as another colour, may adjust by 1"),
    "B12": term("Taking a die: treat it as another colour, may adjust by 1"),
    "B13": term("Ra/Horus: pay no Limestone/Granite"),
    "B14": term("Ra/Horus: pay no Limestone/Granite"),
    "B15": term("Bastet/Hathor: pay no Papyrus/Bread"),
    "B16": term("Bastet/Hathor: pay no Papyrus/Bread"),
    "B17": term("Taking a die: 1 Scribe for the adjacent God action too"),
    "B18": term("Taking a die: 1 Scribe for the adjacent God action too"),
    "B19": term("Taking a die: 1 Happiness + 1 Population for the opposite God action too"),
    "B20": term("Taking a die: 1 Happiness + 1 Population for the opposite God action too"),
    "B21": term("When you Produce: produce twice"),
    "B22": term("When you Produce: produce twice"),
    "B23": term("Start of turn: a free Anubis action"),
    "B24": term("Start of turn: a free Anubis action"),
    "T01": term("Osiris: +2 VP"),
    "T02": term("Ra: +2 VP"),
    "T03": term("Thoth: +2 VP"),
    "T04": term("Horus: +2 VP and 1 Granite"),
    "T05": term("Hathor: +2 VP per own aligned Pillar"),
    "T06": term("Bastet: +2 VP, +1 Population, +1 Happiness"),
    "T07": term("Horus bonus received: +1 Granite"),
    "T08": term("Forbidden dice may be taken"),
    "T09": term("Pillar abilities always fire"),
    "T10": term("Gold and Scribes interchangeable"),
    "T11": term("Action with a die of value 1: +2 VP"),
    "T12": term("Produce: +1 VP per excess token"),
    "T13": term("Produce: adjust the die by 1, +1 token"),
    "T14": term("God action: adjust the die by 1 or 2"),
    "T15": term("Maat: +2 Faith; Ankh 5"),
    "T16": term("After Maat: 1st +2 VP, last +1 Gold"),
    "T17": term("Produce Bread: +2 VP; pay no Bread at Scoring"),
    "T18": term("Take a Pure die: +1 VP"),
    "T19": term("Tainted die for a God action: 1 Scribe to Produce first"),
    "T20": term("Thoth: +1 Papyrus"),
    "T21": term("Hathor: +1 Bread"),
    "T22": term("Limestone and Granite interchangeable"),
    "T23": term("Anubis action: +3 VP"),
    "T24": term("Play a Blessing: +1 Gold"),
    "D01": term("3 VP per Technology"),
    "D02": term("4 VP per distinct Decree symbol"),
    "D03": term("Pay 2 Gold: score another Decree twice"),
    "D04": term("3 VP per Population triangle"),
    "D05": term("4 VP per Happiness triangle"),
    "D06": term("Happiness minus the lowest Happiness"),
    "D07": term("3 VP per Scribe"),
    "D08": term("2 VP per Gold, 1 VP per resource (max 20)"),
    "D09": term("3 VP per quarry"),
    "D10": term("3 VP per workshop"),
    "D11": term("2 VP per Osiris Building"),
    "D12": term("3 VP per Temple Building"),
    "D13": term("3 VP per Pillar"),
    "D14": term("2 VP per Statue + 2 per Temple Building"),
    "D15": term("2 VP per Pillar + 2 per Temple Building"),
    "D16": term("4 VP per god Statue"),
    "D17": term("2 VP per Statue + 2 per Pillar"),
    "D18": term("3 VP per Statue"),
    "D19": term("5 VP per people Statue"),
    "D20": term("10 VP if 1st in turn order, 5 if 2nd"),
    "D21": term("1 VP per Building built"),
    "D22": term("Half the pips of your Pure dice"),
    "D23": term("Before the final Scoring: one free action"),
    "D24": term("Score the Temple Complex again"),
}

# --- solo (TEK-R297..R342; B.17..B.19) -------------------------------------------------
# tile -> ("god", the god) or ("resource", the resources in the order the bot looks for them)
BOT_TILES: dict[str, tuple[str, str | tuple[str, ...]]] = {  # RECONSTRUCTED
    "BA1": ("god", "horus"),
    "BA2": ("god", "ra"),
    "BA3": ("god", "hathor"),
    "BA4": ("god", "bastet"),
    "BA5": ("god", "thoth"),
    "BA6": ("god", "osiris"),
    "BA7": ("resource", ("granite", "limestone", "bread", "papyrus")),
    "BA8": ("resource", ("papyrus", "bread", "limestone", "granite")),
    "BA9": ("resource", ("limestone", "granite", "papyrus", "bread")),
    "BA10": ("resource", ("bread", "papyrus", "granite", "limestone")),
}
PYRAMID_ROWS = (4, 3, 2, 1)  # TEXT
# RECONSTRUCTED indexing: position (r, c) -> dealt index (base first, left to right).
PYRAMID_INDEX = {}
_index = 0
for _r, _width in enumerate(PYRAMID_ROWS):
    for _c in range(_width):
        PYRAMID_INDEX[(_r, _c)] = _index
        _index += 1
PYRAMID_POS = {index: pos for pos, index in PYRAMID_INDEX.items()}
BOT_START = {"happiness": 4, "population": 7, "vp": 10}  # TEXT (vp ENG)
BOT_SETUP_STATUE_VALUE = {"easy": 1, "hard_extra": 6}  # RECONSTRUCTED
BOT_MEDIUM_BUILDINGS = ("o5_bread", "o5_granite")  # districts TEXT, row RECONSTRUCTED
BOT_MEDIUM_PILLAR_SPACE = "t22"  # TEXT
BOT_MAAT_BALANCE = {1: 3, 2: 2, 3: 1, 4: 1}  # TEXT
BOT_BLESSING_VP = 2  # TEXT
BOT_TECHNOLOGY_VP = 2  # TEXT
BOT_DECREE_VP = 4  # TEXT
BOT_DECREE_VP_CHALLENGE = 8  # TEXT
BOT_SCRIBES_PER_VP = 2  # TEXT

ROUNDS = 16  # TEK-R047
ROTATIONS = 8
MAAT_PHASES = 4

# --- words the engine's texts show (ids stay plain; these are said in every language) ---------
WORDS = {  # goods, as event texts name them
    "papyrus": term("papyrus"),
    "bread": term("bread"),
    "limestone": term("limestone"),
    "granite": term("granite"),
    "gold": term("gold"),
    "scribe": term("scribe"),
    "faith": term("faith"),
}
COLOUR_NAMES = {
    "white": term("white"),
    "black": term("black"),
    "yellow": term("yellow"),
    "brown": term("brown"),
    "grey": term("grey"),
}
PURITY_NAMES = {"pure": term("pure"), "tainted": term("tainted"), "forbidden": term("forbidden")}
LIGHT_NAMES = {"sunny": term("sunny"), "shaded": term("shaded"), "dark": term("dark")}
RA_SLOT_REASONS = {
    "left": term("Pillar from the left slot"),
    "centre": term("Pillar from the centre slot"),
    "right": term("Pillar from the right slot"),
}
CARD_KIND_NAMES = {"technology": term("technology"), "blessing": term("blessing")}
PIECE_NAMES = {
    "buildings": term("Buildings"),
    "pillars": term("Pillars"),
    "statues": term("Statues"),
}
