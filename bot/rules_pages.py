"""Short rules reference pages for ``/rules <game> [topic]``.

Every statement on a page comes from the rule specification (``docs/rules/<game>.md``); each
page lists the rule ids it restates in ``rules``, and a test checks that those ids exist.
Nothing here is game logic: the engines in ``rules/`` stay the authority on what is legal.
All the texts are in this one module so the translators find them; each title is a ``term()``
and each text one ``msg()`` template, said in the user's language by ``lang.localise``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.text import Msg, msg, term


@dataclass(frozen=True, slots=True)
class Page:
    title: Msg  # a term(): the catalogues (lang/catalog/*/rules_pages.json) translate it
    text: Msg  # a msg() without parameters: one catalogue entry per page
    rules: tuple[str, ...] = ()  # rule ids (docs/rules/<game>.md) the page restates


TOPICS: dict[str, Msg] = {
    "overview": term("Overview: players, length, who wins"),
    "turn": term("Turn structure"),
    "actions": term("Actions"),
    "scoring": term("Scoring"),
}


def unknown_game(game: str, games: list[Any]) -> Msg:
    """The refusal for ``/rules <game>`` with a game that has no pages."""
    return msg("There is no rules page for '{game}'. Games: {games}.", game=game, games=games)


def unknown_topic(topic: str, title: Any, topics: list[Any]) -> Msg:
    """The refusal for a topic that the game has no page for."""
    return msg(
        "There is no topic '{topic}' for {title}. Topics: {topics}.",
        topic=topic,
        title=title,
        topics=topics,
    )


AMUNRE = {
    "overview": Page(
        term("Amun-Re — overview"),
        msg("""\
• 3–5 players. Gold is one number per player; everyone starts with 20 gold, one Theft card and \
one Architect favor card.
• Two kingdoms (Old and New) of 3 rounds each; a kingdom scoring follows rounds 3 and 6.
• After the Old Kingdom, scribes and farmers leave the board; stones and pyramids stay and \
belong to whoever owns the province next. Gold, cards and VP carry over.
• Most VP wins. Tie: most pyramids, then most stones in your provinces; still tied, a shared \
win."""),
        (
            "AMR-R001",
            "AMR-R002",
            "AMR-R003",
            "AMR-R004",
            "AMR-R008",
            "AMR-R061",
            "AMR-R064",
            "AMR-R095",
            "AMR-R080",
            "AMR-R081",
        ),
    ),
    "turn": Page(
        term("Amun-Re — turn structure"),
        msg("""\
A round has 4 phases, each finished by everyone before the next:
**1. Province auction** — N provinces are revealed; bid in turn order until every province holds \
exactly one scribe.
**2. Purchases and building** — in turn order, each player buys favor cards, then farmers, then \
stones.
**3. Offerings to Amun-Re** — everyone commits at once, in secret: gold or the Theft card.
**4. Harvest and income** — provinces pay gold.
"In turn order" starts with the start player and goes clockwise. The highest offering makes you \
the next start player."""),
        (
            "AMR-R008",
            "AMR-R009",
            "AMR-R006",
            "AMR-R011",
            "AMR-R022",
            "AMR-R026",
            "AMR-R027",
            "AMR-R038",
            "AMR-R047",
        ),
    ),
    "actions": Page(
        term("Amun-Re — actions"),
        msg("""\
**Auction** — bid on a vacant space above every bid on that card (0, 1, 3, 6, 10, 15, 21, 28, \
36), at most your gold plus your favor cards. If you hold the top bid you pass. Outbid, you must \
bid on another card (Bribe lets you bid again on the same one). Protection blocks the space \
above your bid. At the end you pay your bid and take the province and its bonus.
**Purchases** — n items of one kind cost n(n+1)/2 gold (1, 3, 6, 10…). Favor cards: at most the \
highest favor symbol among your provinces. Farmers: one per free field. Stones: any number; 3 \
stones in a province become a pyramid. Architect turns 2 stones into a pyramid; Extra Farmer \
needs no field.
**Offerings** — offer 1 gold or more (favor cards count 1 each) or play Theft. Collective \
offering = all offers − 3 per Theft, ±3 per Offering Adjustment. It picks the tile: ≤2 → 1, 3–12 \
→ 2, 13–22 → 3, ≥23 → 4. Theft returns to your hand with 3 gold. Rewards by offering: 3 items, \
2, then 1 (favor card, farmer or stone).
**Harvest** — farmers × the tile's gold per farmer (1–4); gold mines always pay; caravans only \
on tiles 1 and 2. Bountiful Harvest: +1 per farmer in one province. Fixed Income: one province \
yields 8.
Any favor card can be sold for 1 gold at any time."""),
        (
            "AMR-R013",
            "AMR-R015",
            "AMR-R016",
            "AMR-R017",
            "AMR-R018",
            "AMR-R019",
            "AMR-R020",
            "AMR-R021",
            "AMR-R023",
            "AMR-R028",
            "AMR-R029",
            "AMR-R030",
            "AMR-R031",
            "AMR-R034",
            "AMR-R036",
            "AMR-R037",
            "AMR-R038",
            "AMR-R042",
            "AMR-R043",
            "AMR-R044",
            "AMR-R045",
            "AMR-R048",
            "AMR-R053",
            "AMR-R055",
            "AMR-R056",
            "AMR-R057",
            "AMR-R058",
            "AMR-R087",
        ),
    ),
    "scoring": Page(
        term("Amun-Re — scoring"),
        msg("""\
**Kingdom scoring** (after rounds 3 and 6), for your provinces:
• each temple: the tile's VP (1–4);
• +1 VP per pyramid (a double pyramid counts 2);
• +3 VP × the pyramids of your province with the fewest;
• +5 VP for the most pyramids on the west bank, and again on the east bank (at least 1; tie: \
most stones there; still tied, all of them score);
• +3 VP per yellow favor card whose condition holds (one per type).
**End of game** — favor cards left are sold for 1 gold each; gold bonus 6 / 4 / 2 VP for the \
most, second and third most gold (tied players share a place; the places they fill are void)."""),
        ("AMR-R066", "AMR-R067", "AMR-R068", "AMR-R069", "AMR-R070", "AMR-R078", "AMR-R079"),
    ),
}

ANKH = {
    "overview": Page(
        term("Ankh: Gods of Egypt — overview"),
        msg("""\
• 2–5 players; each is a god: Amun, Anubis, Isis, Osiris or Ra.
• You win at once when your devotion pawn reaches the top of the devotion track, or when you are \
the only god left after the 4th Conflict.
• Otherwise, after the last event of the track (the 5th Conflict), the most devotion wins; the \
devotion stack breaks ties.
• With 3 or more players the two lowest gods merge after the 3rd Conflict; after the 4th, gods \
still in the red section are forgotten."""),
        ("ANKH-R001", "ANKH-R158", "ANKH-R159", "ANKH-R160", "ANKH-R142", "ANKH-R155"),
    ),
    "turn": Page(
        term("Ankh: Gods of Egypt — turn structure"),
        msg("""\
A turn is 1 or 2 actions plus any event they trigger; then the next seat clockwise plays.
• The 4 action rows, top to bottom: Move Figures, Summon Figure, Gain Followers, Unlock Ankh \
Power. Taking one moves its marker 1 space right, even if it cannot be resolved.
• A marker reaching the last space triggers the next event of the event track; triggering an \
event with your first action ends your turn.
• Otherwise you take a second action on a row strictly below the first. After Unlock Ankh Power \
there is no second action.
• A seat of a merged god takes exactly 1 action per turn, from any row."""),
        (
            "ANKH-R027",
            "ANKH-R028",
            "ANKH-R029",
            "ANKH-R030",
            "ANKH-R031",
            "ANKH-R032",
            "ANKH-R033",
            "ANKH-R034",
            "ANKH-R036",
        ),
    ),
    "actions": Page(
        term("Ankh: Gods of Egypt — actions"),
        msg("""\
**Move Figures** — each of your figures may move 0–3 spaces, through anything, ending on an \
empty non-water space.
**Summon Figure** — place 1 warrior or guardian from your reserve on an empty non-water space \
adjacent to one of your figures or to a monument you control.
**Gain Followers** — 1 follower per monument (yours or neutral) adjacent to at least one of your \
figures.
**Unlock Ankh Power** — move your leftmost ankh token (levels 1, 1, 2, 2, 3, 3) onto a power of \
that level and sacrifice followers equal to the level; without enough followers nothing happens.
**Events** — Control Monument: put an ankh token on a neutral monument next to your figures. \
Camel Caravan: a line of up to 6 camels that cuts one region into two of at least 6 non-water \
spaces each. Conflict: every region is resolved (see scoring)."""),
        (
            "ANKH-R037",
            "ANKH-R038",
            "ANKH-R039",
            "ANKH-R041",
            "ANKH-R042",
            "ANKH-R043",
            "ANKH-R044",
            "ANKH-R045",
            "ANKH-R050",
            "ANKH-R053",
            "ANKH-R054",
            "ANKH-R057",
            "ANKH-R059",
        ),
    ),
    "scoring": Page(
        term("Ankh: Gods of Egypt — devotion and conflicts"),
        msg("""\
Devotion is gained in Conflict events; regions are resolved in the order of their conflict \
tokens.
**Domination** — a region whose figures are all yours: +1 devotion per monument majority you \
hold there, then +1 for dominating.
**Battle** — 2 or more players with figures: each picks a battle card in secret, all revealed at \
once. Build Monument cards, then Plague of Locusts, then majorities (+1 devotion per majority \
for each player with a figure left). Strength = 1 per figure + the card's bonus. The single \
highest wins +1 devotion and kills the enemy warriors and guardians there. A tie: the holder of \
the tie-breaker may use it to win; otherwise everybody loses and every figure but the gods \
dies."""),
        (
            "ANKH-R059",
            "ANKH-R061",
            "ANKH-R062",
            "ANKH-R065",
            "ANKH-R069",
            "ANKH-R070",
            "ANKH-R071",
            "ANKH-R072",
            "ANKH-R073",
            "ANKH-R075",
            "ANKH-R076",
            "ANKH-R077",
        ),
    ),
}

PLAGUES = {
    "overview": Page(
        term("10 Plagues of Egypt — overview"),
        msg("""\
• 2–4 players, or 1 player against the AI (solo).
• The game ends at the end of the round in which the tile reserve is down to 0–2 tiles, or after \
round 10 (round 8 with the `short` option).
• The highest total wins; ties go to the player further ahead on the province card, then on the \
Nile; still tied, a shared win."""),
        ("PLG-R001", "PLG-R200", "PLG-R201", "PLG-R202", "PLG-R215"),
    ),
    "turn": Page(
        term("10 Plagues of Egypt — turn structure"),
        msg("""\
A round has 3 phases:
**1. Dice** — in turn order, each player turns one unused die card and acts with its value; 3 \
times around.
**2. Territories** — soldiers = your 3 unused die values + bonuses. Most soldiers plays first \
(ties: province card, boat, tiles on board, Hebrews). In that order, each takes 1 of the 3 open \
territory cards (with 4 players the last takes none and advances the province card 2).
**3. Plague** — pay the tribute in turn order; of the players who cannot pay, the one furthest \
behind takes the plague card as a −3 VP penalty. Then everyone resolves the loss card; enough \
Ankh symbols cancel one loss.
After rounds 3, 6 and 9 Moses helps whoever is furthest behind."""),
        (
            "PLG-R043",
            "PLG-R044",
            "PLG-R050",
            "PLG-R051",
            "PLG-R117",
            "PLG-R119",
            "PLG-R120",
            "PLG-R121",
            "PLG-R124",
            "PLG-R127",
            "PLG-R133",
            "PLG-R134",
            "PLG-R136",
            "PLG-R138",
            "PLG-R192",
            "PLG-R193",
        ),
    ),
    "actions": Page(
        term("10 Plagues of Egypt — die actions"),
        msg("""\
**Take a tile** — a die of value k takes the tile on dice space k; the tiles to its right slide \
left and space 6 is refilled. Sphinx and obelisk go to your city, plantation and herd to your \
field, an egyptian to either; a boat tile moves your boat 1, a Province tile your province card, \
coin and Pharaoh tiles are kept.
**Take a pharaoh card** — a die of value k takes pharaoh card k, if nobody took it this round.
**Free a Hebrew** — value v needs a die ≥ 2v (≥ v with an active Hebrew bonus); it goes in your \
Hebrew column and gives that space's bonus.
**Recover a discarded tile** — discard space A takes a 1 or 2, space B a 3 or 4.
You may also turn a die and do nothing. Filling spaces around a bonus icon activates it; a line \
of 3 different tiles earns an Ankh token."""),
        (
            "PLG-R057",
            "PLG-R058",
            "PLG-R060",
            "PLG-R064",
            "PLG-R065",
            "PLG-R066",
            "PLG-R067",
            "PLG-R068",
            "PLG-R088",
            "PLG-R098",
            "PLG-R099",
            "PLG-R101",
            "PLG-R113",
            "PLG-R114",
            "PLG-R055",
            "PLG-R070",
            "PLG-R078",
            "PLG-R079",
        ),
    ),
    "scoring": Page(
        term("10 Plagues of Egypt — scoring"),
        msg("""\
• Development: the VP of your track that is further behind.
• Nile: the VP of your boat's space (only the last 3 spaces score).
• 1 VP per tile on or beside your board (not coin tiles); 2 VP per Pharaoh tile.
• 2 VP per trade card; scoring cards score their formula.
• 6 VP if your province card is on 24.
• Hebrews, by the sum of their values: 18 / 14 / 10 / 6 VP; tied players share the mean.
• −3 VP per penalty card, −2 VP per tile in your discard."""),
        (
            "PLG-R204",
            "PLG-R205",
            "PLG-R206",
            "PLG-R207",
            "PLG-R208",
            "PLG-R209",
            "PLG-R210",
            "PLG-R211",
            "PLG-R213",
            "PLG-R214",
        ),
    ),
}

TEKHENU = {
    "overview": Page(
        term("Tekhenu: Obelisk of the Sun — overview"),
        msg("""\
• 1–4 players (solo against Botankhamun).
• 16 rounds = 8 Rotations of the obelisk disc = 4 Maat phases = 2 Scorings.
• Most VP wins; tie: most Scribes, then earlier in turn order."""),
        ("TEK-R047", "TEK-R175"),
    ),
    "turn": Page(
        term("Tekhenu: Obelisk of the Sun — turn structure"),
        msg("""\
Each round every player takes one turn, in turn-order track order:
• Take exactly one die from around the disc, Pure or Tainted (never Forbidden). Pure goes on the \
left pan of your scales, Tainted on the right.
• Then one action: the God action of the die's section, or Resource Production by its colour \
(never with a grey die).
• Scribes: each changes the die's value by 1 or 2 (within 1–6). Anubis: 2 Scribes take any die \
for any action; it goes below the scales.
• After the last player's turn, if he has 2 or 4 dice, the disc rotates; when everyone holds 4 \
dice a Maat phase follows. Turn order changes only in Maat phases."""),
        (
            "TEK-R048",
            "TEK-R060",
            "TEK-R061",
            "TEK-R062",
            "TEK-R063",
            "TEK-R064",
            "TEK-R067",
            "TEK-R068",
            "TEK-R070",
            "TEK-R072",
            "TEK-R049",
            "TEK-R052",
            "TEK-R056",
        ),
    ),
    "actions": Page(
        term("Tekhenu: Obelisk of the Sun — actions"),
        msg("""\
**Horus** — build your leftmost Statue, paying Granite: for a god (the die value picks the god) \
or for the people.
**Ra** — build a Pillar from the display (die 5–6 left, 3–4 centre, 1–2 right), paying its cost, \
on any empty Temple Complex space; score VP for Buildings in its row and column and matching \
edges.
**Hathor** — build a Building around the Temple Complex, paying the Bread printed there; your \
Population rises by the die value.
**Bastet** — pay 2 Papyrus; Happiness rises by the die value (never above Population); die 1–2 \
gives 2 Scribes, 3–4 one.
**Thoth** — die 1–2: 1 card free; 3–4: 2 Papyrus for 2 cards; 5–6: 3 Papyrus for 3 cards, all \
from one market section your Happiness reaches.
**Osiris** — build a workshop or quarry in the row of the die value, free; Happiness −1.
**Production** — yellow Papyrus, brown Bread, white Limestone, black Granite: as many as the die \
value; beyond your Production marker the excess goes on the right pan.
Gold can pay for any one resource."""),
        (
            "TEK-R078",
            "TEK-R079",
            "TEK-R080",
            "TEK-R085",
            "TEK-R089",
            "TEK-R090",
            "TEK-R091",
            "TEK-R092",
            "TEK-R093",
            "TEK-R101",
            "TEK-R107",
            "TEK-R111",
            "TEK-R112",
            "TEK-R113",
            "TEK-R122",
            "TEK-R123",
            "TEK-R124",
            "TEK-R125",
            "TEK-R126",
            "TEK-R132",
            "TEK-R133",
            "TEK-R145",
            "TEK-R146",
            "TEK-R147",
            "TEK-R075",
        ),
    ),
    "scoring": Page(
        term("Tekhenu: Obelisk of the Sun — scoring"),
        msg("""\
**Maat phase** — balance = left-pan dice − right-pan dice − excess tokens; Faith moves it ±1 \
each. A balance of −3 to −5 costs 1 VP, −6 to −8 2 VP, −9 or less 3 VP. New turn order: closest \
to 0 first.
**Scoring** (Maat phases 2 and 4):
• each Osiris district: 3 VP for the most Buildings + Statues;
• 1 VP per own Building and Statue around the Temple Complex;
• each Pillar: 1 VP per own Building and Statue in its row and column;
• Statues built 1/2/3/4/5/6 → 1/3/6/10/15/21 VP;
• Happiness 9 → 3, 13 → 6, 16 → 9, 19 → 12, 21 → 15 VP;
• 2 VP per Production marker on 6; the VP icons showing on your building row;
• pay the Bread showing on your building row, or lose 3 VP per Bread.
**End** — at most 3 Decrees score, no two with the same symbol; 3 VP to the first in turn order \
(2 VP to the second with 3 or more players)."""),
        (
            "TEK-R149",
            "TEK-R150",
            "TEK-R152",
            "TEK-R153",
            "TEK-R155",
            "TEK-R159",
            "TEK-R162",
            "TEK-R163",
            "TEK-R164",
            "TEK-R165",
            "TEK-R166",
            "TEK-R167",
            "TEK-R168",
            "TEK-R171",
            "TEK-R173",
            "TEK-R174",
        ),
    ),
}

PAGES: dict[str, dict[str, Page]] = {
    "amunre": AMUNRE,
    "ankh": ANKH,
    "plagues": PLAGUES,
    "tekhenu": TEKHENU,
}


def page(game_id: str, topic: str) -> Page | None:
    return PAGES.get(game_id, {}).get(topic)


def topics(game_id: str) -> list[str]:
    return list(PAGES.get(game_id, {}))
