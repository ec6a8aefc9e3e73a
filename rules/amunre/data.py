"""Amun-Re rules data: provinces, bid spaces, offering tiles, purchase costs, favor cards.

The board and the province cards show most of these values only in pictures. Every value
that no stored source gives exactly is listed in the province's ``reconstructed`` field
(and marked RECONSTRUCTED in a comment); ``known`` names the source key of each sourced
field (sources: docs/rules/amunre.md, "Sources"; provenance: docs/data-provenance.md).
A ``known`` entry with a constraint ("fields>=5") sources only that constraint.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.text import Msg, term


@dataclass(frozen=True, slots=True)
class ProvinceData:
    """One province of the board (and its province card)."""

    id: str
    name: str
    region: str  # "upper" (Alto Egito) or "lower" (Baixo Egito)
    bank: str  # "west" or "east" of the Nile
    nile: bool  # True = on the Nile, False = border (desert) province
    immediate_favor: int  # favor cards drawn face down at the reveal (AMR-R012)
    immediate_gold: int
    immediate_stones: int  # stones put into this very province (A11 #3)
    favor_limit: int  # favor symbols: purchase limit (AMR-R029)
    gold_mine: int  # gold every harvest (AMR-R055)
    caravan: int  # gold when the tile shows a camel (AMR-R056)
    temples: int  # VP per temple = tile value at a kingdom scoring (AMR-R066)
    fields: int  # farmer spaces (AMR-R030)
    row: int  # render hint only: 0 = north (delta) .. 3 = south
    col: int  # render hint only: 0 west border, 1 west bank, 2 east bank, 3 east border
    known: tuple[str, ...]
    reconstructed: tuple[str, ...]

    @property
    def favor_symbols(self) -> int:
        """AMR-R072: favor symbols plus printed immediate favor cards."""
        return self.favor_limit + self.immediate_favor


PROVINCES: tuple[ProvinceData, ...] = (
    ProvinceData(
        "damanhur",
        term("Damanhur"),
        region="lower",
        bank="west",
        nile=False,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=1,
        gold_mine=0,
        caravan=0,
        temples=2,
        fields=2,
        row=0,
        col=0,
        known=("temples>0: SBW10",),
        # RECONSTRUCTED: every field (only "temples > 0" is sourced)
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "favor_limit",
            "gold_mine",
            "caravan",
            "temples",
            "fields",
        ),
    ),
    ProvinceData(
        "buto",
        term("Buto"),
        region="lower",
        bank="west",
        nile=True,
        immediate_favor=1,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=0,
        gold_mine=0,
        caravan=0,
        temples=0,
        fields=5,
        row=0,
        col=1,
        known=(
            "immediate: PT-S/ex",
            "favor_limit: SBW7",
            "fields>=5: PT-S/ex",
            "gold_mine: SBW9",
            "caravan: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "fields",
        ),
    ),
    ProvinceData(
        "mendes",
        term("Mendes"),
        region="lower",
        bank="east",
        nile=True,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=0,
        gold_mine=0,
        caravan=0,
        temples=0,
        fields=6,
        row=0,
        col=2,
        known=(
            "favor_limit: SBW7",
            "fields>=1: PT-S/ex",
            "gold_mine: SBW9",
            "caravan: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, immediate, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "fields",
        ),
    ),
    ProvinceData(
        "avaris",
        term("Avaris"),
        region="lower",
        bank="east",
        nile=False,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=0,
        gold_mine=0,
        caravan=8,
        temples=0,
        fields=4,
        row=0,
        col=3,
        known=(
            "favor_limit: PT-S/ex",
            "caravan in {5,8}: SBW9",
            "fields>=4: PT-S/ex",
            "gold_mine: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, immediate, caravan, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "caravan",
            "fields",
        ),
    ),
    ProvinceData(
        "faiyum",
        term("Faiyum"),
        region="lower",
        bank="west",
        nile=False,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=4,
        gold_mine=0,
        caravan=0,
        temples=0,
        fields=3,
        row=1,
        col=0,
        known=(
            "gold_mine: SBW9",
            "caravan: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: name, region, bank, nile, immediate, favor_limit, fields
        reconstructed=(
            "name",
            "region",
            "bank",
            "nile",
            "immediate",
            "favor_limit",
            "fields",
        ),
    ),
    ProvinceData(
        "memphis",
        term("Memphis"),
        region="lower",
        bank="west",
        nile=True,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=3,
        gold_mine=0,
        caravan=0,
        temples=0,
        fields=3,
        row=1,
        col=1,
        known=(
            "favor_limit: SBW7",
            "gold_mine: SBW9",
            "caravan: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, immediate, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "fields",
        ),
    ),
    ProvinceData(
        "amarna",
        term("Amarna"),
        region="lower",
        bank="east",
        nile=True,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=2,
        gold_mine=0,
        caravan=0,
        temples=2,
        fields=2,
        row=1,
        col=2,
        known=(
            "temples>0: SBW10",
            "favor_limit<=3: SBW7",
            "gold_mine: SBW9",
            "caravan: SBW9",
        ),
        # RECONSTRUCTED: region, bank, nile, immediate, favor_limit, temples, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "favor_limit",
            "temples",
            "fields",
        ),
    ),
    ProvinceData(
        "kharga",
        term("Kharga"),
        region="upper",
        bank="west",
        nile=False,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=1,
        gold_mine=0,
        caravan=5,
        temples=0,
        fields=3,
        row=2,
        col=0,
        known=(
            "caravan in {5,8}: SBW9",
            "gold_mine: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, immediate, favor_limit, caravan, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "favor_limit",
            "caravan",
            "fields",
        ),
    ),
    ProvinceData(
        "abydos",
        term("Abydos"),
        region="upper",
        bank="west",
        nile=True,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=1,
        favor_limit=1,
        gold_mine=0,
        caravan=0,
        temples=0,
        fields=4,
        row=2,
        col=1,
        known=(
            "immediate: PT-3A.1",
            "gold_mine: SBW9",
            "caravan: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, favor_limit, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "favor_limit",
            "fields",
        ),
    ),
    ProvinceData(
        "thebes",
        term("Thebes"),
        region="upper",
        bank="east",
        nile=True,
        immediate_favor=2,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=2,
        gold_mine=0,
        caravan=0,
        temples=0,
        fields=4,
        row=2,
        col=2,
        known=(
            "region: PT-3sym",
            "bank: PT-3sym",
            "nile: PT-3sym",
            "immediate: PT-3sym",
            "favor_limit: PT-3sym",
            "fields: PT-3sym",
            "gold_mine: SBW9",
            "caravan: SBW9",
            "temples: SBW10",
        ),
        # nothing RECONSTRUCTED: every field is sourced
        reconstructed=(),
    ),
    ProvinceData(
        "sawu",
        term("Sawu"),
        region="upper",
        bank="east",
        nile=False,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=1,
        gold_mine=0,
        caravan=7,
        temples=0,
        fields=1,
        row=2,
        col=3,
        known=(
            "caravan: SBW9",
            "gold_mine: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, immediate, favor_limit, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "favor_limit",
            "fields",
        ),
    ),
    ProvinceData(
        "dakhla",
        term("Dakhla"),
        region="upper",
        bank="west",
        nile=False,
        immediate_favor=1,
        immediate_gold=12,
        immediate_stones=0,
        favor_limit=1,
        gold_mine=0,
        caravan=0,
        temples=0,
        fields=2,
        row=3,
        col=0,
        known=(
            "immediate: PT-3sym",
            "gold_mine: SBW9",
            "caravan: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, favor_limit, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "favor_limit",
            "fields",
        ),
    ),
    ProvinceData(
        "edfu",
        term("Edfu"),
        region="upper",
        bank="west",
        nile=True,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=2,
        gold_mine=0,
        caravan=0,
        temples=1,
        fields=3,
        row=3,
        col=1,
        known=(
            "temples>0: SBW10",
            "favor_limit<=2: PT-3A.2",
            "gold_mine: SBW9",
            "caravan: SBW9",
        ),
        # RECONSTRUCTED: region, bank, nile, immediate, favor_limit, temples, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "favor_limit",
            "temples",
            "fields",
        ),
    ),
    ProvinceData(
        "abu",
        term("Abu"),
        region="upper",
        bank="east",
        nile=True,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=1,
        gold_mine=4,
        caravan=0,
        temples=0,
        fields=3,
        row=3,
        col=2,
        known=(
            "gold_mine in {4,8}: SBW9",
            "fields>0: SBW9",
            "caravan: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, immediate, favor_limit, gold_mine, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "favor_limit",
            "gold_mine",
            "fields",
        ),
    ),
    ProvinceData(
        "berenike",
        term("Berenike"),
        region="upper",
        bank="east",
        nile=False,
        immediate_favor=0,
        immediate_gold=0,
        immediate_stones=0,
        favor_limit=1,
        gold_mine=8,
        caravan=0,
        temples=0,
        fields=0,
        row=3,
        col=3,
        known=(
            "gold_mine in {4,8}: SBW9",
            "caravan: SBW9",
            "temples: SBW10",
        ),
        # RECONSTRUCTED: region, bank, nile, immediate, favor_limit, gold_mine, fields
        reconstructed=(
            "region",
            "bank",
            "nile",
            "immediate",
            "favor_limit",
            "gold_mine",
            "fields",
        ),
    ),
)

PROVINCE_BY_ID: dict[str, ProvinceData] = {p.id: p for p in PROVINCES}
PROVINCE_IDS: tuple[str, ...] = tuple(p.id for p in PROVINCES)

# AMR-R013 / B.2: bid spaces printed on every province card (RPG, GA).
BID_SPACES: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21, 28, 36)


@dataclass(frozen=True, slots=True)
class OfferingTile:
    """B.3: one offering tile; one printed number serves farmers and temples."""

    tile: int
    low: int | None  # inclusive; None = unbounded
    high: int | None  # inclusive; None = unbounded
    gold_per_farmer: int
    vp_per_temple: int
    camel: bool


# AMR-R044 / B.3 (PDS, PT-3A.3; the end values 1 and 4 follow PT-4).
OFFERING_TILES: tuple[OfferingTile, ...] = (
    OfferingTile(1, None, 2, gold_per_farmer=1, vp_per_temple=1, camel=True),
    OfferingTile(2, 3, 12, gold_per_farmer=2, vp_per_temple=2, camel=True),
    OfferingTile(3, 13, 22, gold_per_farmer=3, vp_per_temple=3, camel=False),
    OfferingTile(4, 23, None, gold_per_farmer=4, vp_per_temple=4, camel=False),
)
TILE_BY_NUMBER: dict[int, OfferingTile] = {t.tile: t for t in OFFERING_TILES}


def purchase_cost(count: int) -> int:
    """AMR-R028 / B.4: n items of one kind in one turn cost n(n+1)/2 (1, 3, 6, 10, ...)."""
    return count * (count + 1) // 2


# --- game constants (PT-2A, PT-S, PT-3A) ---------------------------------------------
START_GOLD = 20  # AMR-R002
PROVINCES_PER_SEAT = 3  # AMR-R005: the province deck holds 3 cards per seat
ROUNDS_PER_KINGDOM = 3  # AMR-R008
KINGDOMS = 2  # AMR-R008
STONES_PER_PYRAMID = 3  # AMR-R034
ARCHITECT_STONES = 2  # AMR-R036
MAX_FAVOR_PURCHASE = 4  # B.4: no province carries more than 4 favor symbols
THEFT_VALUE = 3  # AMR-R042 / AMR-R045: Theft counts -3 and gains 3 gold
ADJUSTMENT_VALUE = 3  # AMR-R043
REWARDS_BY_RANK: tuple[int, ...] = (3, 2)  # AMR-R048: items for rank 1 and rank 2
OTHER_RANK_REWARDS = 1  # AMR-R048: items for every lower rank
BOUNTIFUL_BONUS = 1  # AMR-R057: +1 gold per farmer
FIXED_INCOME_GOLD = 8  # AMR-R058
SELL_VALUE = 1  # AMR-R087: a favor card sells for 1 gold
PYRAMID_VP = 1  # AMR-R067
PYRAMID_SET_VP = 3  # AMR-R068
BANK_MAJORITY_VP = 5  # AMR-R069
YELLOW_VP = 3  # AMR-R070
MASTER_SCRIBES_MIN = 7  # AMR-R072
MASTER_FARMERS_MIN = 9  # AMR-R073
GOLD_BONUS_VP: tuple[int, ...] = (6, 4, 2)  # AMR-R079: gold ranks 1, 2, 3
BANKS: tuple[str, ...] = ("west", "east")


@dataclass(frozen=True, slots=True)
class FavorCard:
    """A10: one favor card type."""

    id: str
    name: Msg
    pt_name: str
    phase: str  # AMR-R083: auction | purchase | offering | harvest | scoring
    copies: int
    text: str


# A10: 39 favor cards (2+2+8+5+4+5+3+2+2+2+2+2). Theft is not a favor card (AMR-R003).
FAVOR_CARDS: tuple[FavorCard, ...] = (
    FavorCard(
        "protection",
        term("Protection"),
        "Proteção",
        "auction",
        2,
        "block the bid space directly above your bid",
    ),
    FavorCard(
        "bribe", term("Bribe"), "Suborno", "auction", 2, "bid again on the card you were outbid on"
    ),
    FavorCard(
        "architect",
        term("Architect"),
        "Arquiteto",
        "purchase",
        8,
        "turn 2 stones in one province into a pyramid",
    ),
    FavorCard(
        "extra_farmer",
        term("Extra Farmer"),
        "Camponês Extra",
        "purchase",
        5,
        "one free farmer in any own province, no field needed",
    ),
    FavorCard(
        "offering_adjust",
        term("Offering Adjustment"),
        "Ajuste de Oferenda",
        "offering",
        4,
        "+3 or -3 on the collective offering",
    ),
    FavorCard(
        "bountiful_harvest",
        term("Bountiful Harvest"),
        "Colheita Excepcional",
        "harvest",
        5,
        "+1 gold per farmer in one own province",
    ),
    FavorCard(
        "fixed_income",
        term("Fixed Income"),
        "Rendimento Fixo",
        "harvest",
        3,
        "one own province yields exactly 8 gold",
    ),
    FavorCard(
        "master_scribes",
        term("Master of Scribes"),
        "Mestre dos Escrivães",
        "scoring",
        2,
        "+3 VP with at least 7 favor bonuses in own provinces",
    ),
    FavorCard(
        "master_farmers",
        term("Master of Farmers"),
        "Mestre dos Camponeses",
        "scoring",
        2,
        "+3 VP with at least 9 farmers in own provinces",
    ),
    FavorCard(
        "same_bank",
        term("West/East Bank"),
        "Margem Oeste / Margem Leste",
        "scoring",
        2,
        "+3 VP when all own provinces lie on one bank",
    ),
    FavorCard(
        "nile_or_border",
        term("Nile or Border"),
        "Nilo ou Fronteira",
        "scoring",
        2,
        "+3 VP when all own provinces are on the Nile, or none is",
    ),
    FavorCard(
        "upper_or_lower",
        term("Upper or Lower Egypt"),
        "Alto ou Baixo Egito",
        "scoring",
        2,
        "+3 VP when all own provinces are in Upper Egypt, or all in Lower Egypt",
    ),
)
FAVOR_BY_ID: dict[str, FavorCard] = {c.id: c for c in FAVOR_CARDS}
FAVOR_TYPES: tuple[str, ...] = tuple(c.id for c in FAVOR_CARDS)
YELLOW_TYPES: tuple[str, ...] = tuple(c.id for c in FAVOR_CARDS if c.phase == "scoring")
GREEN_TYPES: tuple[str, ...] = ("bountiful_harvest", "fixed_income")
STARTING_CARD = "architect"  # AMR-R004
