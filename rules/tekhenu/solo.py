"""Botankhamun, the solo bot (TEK-R297..R342): an engine seat driven by the rules and the
seeded generator, never by a player or by ai_choice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rules.core import Event
from rules.tekhenu import actions, cards, scoring, tracks
from rules.tekhenu.data import (
    BOT_TILES,
    COLOUR_NAMES,
    DIE_RESOURCE,
    DISTRICTS,
    GOD_NAMES,
    GODS,
    HORUS_GOD,
    HORUS_VALUE,
    MARKET_HAPPINESS,
    OSIRIS_SPACES,
    PEOPLE_OSIRIS_DISTRICTS,
    PEOPLE_TEMPLE_LINE,
    PYRAMID_INDEX,
    PYRAMID_POS,
    RA_SLOT_VP,
    RESOURCE_COLOUR,
    RING,
    TEMPLE_BUILDINGS,
    TEMPLE_SIZE,
    ra_slot_for,
)
from rules.tekhenu.state import State, add_vp, die_purity, rand_below, shuffle
from rules.text import msg, term

T = TypeVar("T")

BOT_NAME = "Botankhamun"
DEBEN_FACES = {"up": term("up"), "right": term("right")}


def new_pyramid(state: State) -> None:
    """TEK-R306 / TEK-R337."""
    tiles = list(BOT_TILES)
    shuffle(state, tiles)
    state["solo"]["pyramid"] = tiles
    state["solo"]["progress"] = None
    state["solo"]["deben"] = None


def advance_progress(state: State) -> int:
    """TEK-R310: onto the base's leftmost tile, then a Deben flip each turn."""
    solo = state["solo"]
    if solo["progress"] is None:
        solo["progress"] = 0
        solo["deben"] = None
        return 0
    r, c = PYRAMID_POS[solo["progress"]]
    face = ("up", "right")[rand_below(state, 2)]
    solo["deben"] = face
    target = (r + 1, c) if face == "up" else (r, c + 1)
    if target not in PYRAMID_INDEX:  # ENG: cannot happen with 4 turns per cycle (TEK-R311)
        target = (r, c + 1) if face == "up" else (r + 1, c)
    solo["progress"] = PYRAMID_INDEX[target]
    return solo["progress"]


def eligible(state: State, god: str) -> list[tuple[str, int]]:
    return [
        (colour, value)
        for colour, value in state["sections"][god]
        if die_purity(state, god, colour) != "forbidden"
    ]


def pick_random(state: State, items: Sequence[T]) -> T:
    return items[rand_below(state, len(items))] if len(items) > 1 else items[0]


def god_tile_die(state: State, god: str) -> tuple[str, str, int] | None:
    """TEK-R315/R316: highest Pure/Tainted die; tie -> Pure; then random; empty -> the next
    section counter-clockwise."""
    for step in range(6):
        here = GODS[(RING[god] - step) % 6]
        dice = eligible(state, here)
        if not dice:
            continue
        best = max(value for _c, value in dice)
        top = [(c, v) for c, v in dice if v == best]
        pure = [(c, v) for c, v in top if die_purity(state, here, c) == "pure"]
        colour, value = pick_random(state, sorted(set(pure or top)))
        return here, colour, value
    return None


def bot_has_statue(state: State, god: str) -> bool:
    return state["bot"] in state["god_statues"][god]


def resource_tile_die(state: State, order: tuple[str, ...]) -> tuple[str, str, int] | None:
    """TEK-R317..R319."""
    colours = [RESOURCE_COLOUR[res] for res in order] + ["grey"]
    for colour in colours:
        found = [
            (god, value)
            for god in GODS
            for c, value in state["sections"][god]
            if c == colour and die_purity(state, god, c) != "forbidden"
        ]
        if not found:
            continue
        best = max(value for _g, value in found)
        gods = sorted({god for god, value in found if value == best}, key=RING.__getitem__)
        with_statue = [god for god in gods if bot_has_statue(state, god)]
        if with_statue:
            top = max(HORUS_VALUE[god] for god in with_statue)
            god = next(g for g in with_statue if HORUS_VALUE[g] == top)
        else:
            god = pick_random(state, gods)
        return god, colour, best
    return None


def bot_turn(state: State, events: list[Event]) -> None:
    """TEK-R310..R313."""
    bot = state["bot"]
    index = advance_progress(state)
    tile = state["solo"]["pyramid"][index]
    what = BOT_TILES[tile][1]
    deben = state["solo"]["deben"]
    text = (
        msg(
            "{bot} reaches action tile {tile} (Deben: {face}).",
            bot=BOT_NAME,
            tile=tile,
            face=DEBEN_FACES[deben],
        )
        if deben
        else msg("{bot} reaches action tile {tile}.", bot=BOT_NAME, tile=tile)
    )
    events.append(
        Event(
            "bot_tile",
            text,
            {"tile": tile, "index": index, "deben": state["solo"]["deben"]},
            seat=bot,
        )
    )
    # a god tile names its god; a resource tile lists resources
    pick = god_tile_die(state, what) if isinstance(what, str) else resource_tile_die(state, what)
    if pick is None:  # ENG: only Forbidden dice left -> the highest die anywhere
        every = [(god, c, v) for god in GODS for c, v in state["sections"][god]]
        best = max(v for _g, _c, v in every)
        pick = next(d for d in every if d[2] == best)
    god, colour, value = pick
    state["sections"][god].remove([colour, value])
    state["players"][bot]["below"].append([colour, value])  # TEK-R313: beside its tiles
    events.append(
        Event(
            "take",
            msg(
                "{seat} takes the {colour} {value} from {god}.",
                seat=BOT_NAME,
                colour=COLOUR_NAMES[colour],
                value=value,
                god=GOD_NAMES[god],
            ),
            {"seat": bot, "god": god, "colour": colour, "value": value},
            seat=bot,
        )
    )
    owners = list(state["god_statues"][god])
    BOT_ACTIONS[god](state, value, colour, events)
    actions.horus_bonuses(state, bot, god, events, owners)
    # TEK-R129: "at the end of your turn, refill any empty slots of the card market" - the
    # bot's turn is a turn (its Thoth empties slots too).
    cards.refill_market(state)


# --- the bot's God actions -----------------------------------------------------------------
def bot_horus(state: State, value: int, colour: str, events: list[Event]) -> None:
    """TEK-R320..R323."""
    bot = state["bot"]
    player = state["players"][bot]
    if player["statues"] > 0:
        god = HORUS_GOD[value]
        if actions.free_god_space(state, god):
            actions.build_statue(state, bot, "god", god, events)
            return
        best, spaces = 0, []
        for space, districts in PEOPLE_OSIRIS_DISTRICTS.items():
            if state["people"][space] is not None:
                continue
            gained = newly_won(state, space, districts)
            if gained > best:
                best, spaces = gained, [space]
            elif gained == best and gained > 0:
                spaces.append(space)
        if spaces:
            space = pick_random(state, spaces)
            actions.build_statue(state, bot, "people", space, events)
            return
        free = [sp for sp in PEOPLE_TEMPLE_LINE if state["people"][sp] is None]
        if free:
            counts = {sp: bot_pillars_in_line(state, *PEOPLE_TEMPLE_LINE[sp]) for sp in free}
            top = max(counts.values())
            space = pick_random(state, [sp for sp in free if counts[sp] == top])
            actions.build_statue(state, bot, "people", space, events)
            return
    add_vp(state, bot, 3, term("bot Horus (no Statue space)"), events)


def newly_won(state: State, space: str, districts: tuple[str, ...]) -> int:
    bot = state["bot"]
    before = {d: scoring.district_winner(state, d) for d in districts}
    state["people"][space] = bot
    after = {d: scoring.district_winner(state, d) for d in districts}
    state["people"][space] = None
    return sum(1 for d in districts if after[d] == bot and before[d] != bot)


def bot_pillars_in_line(state: State, kind: str, index: int) -> int:
    return actions.pillars_in_line(state, state["bot"], kind, index)


def bot_ra(state: State, value: int, colour: str, events: list[Event]) -> None:
    """TEK-R325..R327 (PL only, Δ7)."""
    bot = state["bot"]
    slot = ra_slot_for(value)
    tile = state["ra"][slot]
    player = state["players"][bot]
    free = actions.temple_free(state)
    if tile is None or player["pillars"] <= 0 or not free:
        return  # TEK-R334
    scored = {}
    for space in free:
        _m, touching = actions.matching_edges(state, space, tile, 0)
        scored[space] = actions.buildings_in_lines(state, space) + touching + RA_SLOT_VP[slot]
    best = max(scored.values())
    top = [sp for sp in free if scored[sp] == best]
    with_building = [sp for sp in top if bot_building_in_line(state, sp)]
    top = with_building or top
    inner = [sp for sp in top if 0 < int(sp[1]) < TEMPLE_SIZE - 1 and 0 < int(sp[2]) < 4]
    space = pick_random(state, inner or top)
    state["temple"][space] = [tile, 0, bot]
    player["pillars"] -= 1
    events.append(
        Event(
            "pillar",
            msg("{seat} builds Pillar {tile} on {space}.", seat=BOT_NAME, tile=tile, space=space),
            {"seat": bot, "tile": tile, "space": space, "rotation": 0},
            seat=bot,
        )
    )
    add_vp(state, bot, best, term("bot Pillar"), events)
    actions.slide_display(state, slot)


def bot_building_in_line(state: State, space: str) -> bool:
    r, c = int(space[1]), int(space[2])
    return (
        state["tbuild"].get(f"w{r}") == state["bot"] or state["tbuild"].get(f"s{c}") == state["bot"]
    )


def bot_hathor(state: State, value: int, colour: str, events: list[Event]) -> None:
    """TEK-R328."""
    bot = state["bot"]
    player = state["players"][bot]
    spaces = actions.open_building_spaces(state)
    if player["buildings"] > 0 and spaces:
        gains = {}
        for wid in spaces:
            kind, index, _b, _c = TEMPLE_BUILDINGS[wid]
            gains[wid] = 3 * bot_pillars_in_line(state, kind, index)
        top = max(gains.values())
        wid = pick_random(state, [w for w in spaces if gains[w] == top])
        state["tbuild"][wid] = bot
        player["buildings"] -= 1
        events.append(
            Event(
                "building",
                msg("{seat} builds on {space}.", seat=BOT_NAME, space=wid),
                {"seat": bot, "space": wid},
                seat=bot,
            )
        )
        add_vp(state, bot, top, term("bot Hathor"), events)
    tracks.gain_population(state, bot, value, events)


def bot_bastet(state: State, value: int, colour: str, events: list[Event]) -> None:
    """TEK-R329."""
    bot = state["bot"]
    player = state["players"][bot]
    for _ in range(value):
        if player["happiness"] < player["population"]:
            player["happiness"] += 1
        else:
            tracks.gain_population(state, bot, 1, events)
    events.append(
        Event(
            "happiness",
            msg(
                "{seat}: Happiness {happiness}, Population {population}.",
                seat=BOT_NAME,
                happiness=player["happiness"],
                population=player["population"],
            ),
            {"seat": bot},
            seat=bot,
        )
    )
    scribes = 2 if value <= 2 else (1 if value <= 4 else 0)
    if scribes:
        tracks.gain(state, bot, {"scribe": scribes}, term("bot Bastet"), events)


def bot_thoth(state: State, value: int, colour: str, events: list[Event]) -> None:
    """TEK-R331."""
    bot = state["bot"]
    count, _cost = actions.thoth_count(value)
    happiness = state["players"][bot]["happiness"]
    reachable = [
        sec for sec in range(4) if state["market_open"][sec] and happiness >= MARKET_HAPPINESS[sec]
    ]
    if not reachable:
        return
    section = reachable[-1]
    for _ in range(count):
        row = state["market"][section]
        pick = None
        for prefix in ("D", "T", "B"):
            pick = next((card for card in row if card and card.startswith(prefix)), None)
            if pick:
                break
        if pick is None:
            break
        cards.take_card(state, bot, section, pick, events)


def bot_osiris(state: State, value: int, colour: str, events: list[Event]) -> None:
    """TEK-R332/R333."""
    bot = state["bot"]
    player = state["players"][bot]
    if player["buildings"] <= 0 or len(state["osiris"]) >= len(OSIRIS_SPACES):
        return
    if colour == "grey":
        counts = {
            d: sum(1 for sid in state["osiris"] if OSIRIS_SPACES[sid].district == d)
            for d in DISTRICTS
        }
        district = min(DISTRICTS, key=lambda d: (counts[d], DISTRICTS.index(d)))
    else:
        district = DIE_RESOURCE[colour]
    row = value
    for _ in range(6):
        for step in range(4):
            d = DISTRICTS[(DISTRICTS.index(district) + step) % 4]
            sid = f"o{row}_{d}"
            if sid not in state["osiris"]:
                state["osiris"][sid] = bot
                player["buildings"] -= 1
                if row == 2:
                    state["row2_gold"] = 0  # TEK-R314: Gold the bot would take is discarded
                events.append(
                    Event(
                        "building",
                        msg("{seat} builds on {space}.", seat=BOT_NAME, space=sid),
                        {"seat": bot, "space": sid},
                        seat=bot,
                    )
                )
                return
        row = row - 1 if row > 1 else 6


BOT_ACTIONS = {
    "horus": bot_horus,
    "ra": bot_ra,
    "hathor": bot_hathor,
    "bastet": bot_bastet,
    "thoth": bot_thoth,
    "osiris": bot_osiris,
}
