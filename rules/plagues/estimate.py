"""Each seat's expected final score, for the search AI's cut-off rollouts and its turn planner
(docs/ai.md).

The final scoring as if the game ended now (PLG-R204..PLG-R216: penalties and discards
included), minus the penalty cards a human seat can expect from the tributes still to come
(PLG-R126..PLG-R135): a tribute is paid only in full (PLG-R128..PLG-R131), so the seat's
steady income and its coin tiles (plus pharaoh card 3 this round) are spent on the coming
tributes in order, and every one left uncovered risks a penalty card, the more surely the more
coins it lacks (1 - exp(-shortfall / PENALTY_SOFTNESS)): one more coin tile or step of income
is worth something to every tribute it brings nearer, before it closes a whole gap.

For a human seat it adds what the position is worth later and the final scoring does not show
yet (``future``): development steps on the track ahead (they count once the other catches up),
boat steps towards the scoring Nile spaces, province card steps towards its bonuses, Hebrews
towards the 10 a solo human needs to score second and towards first place, Ankh symbols
against the losses still to come, the active hebrew and soldiers bonuses, special action cards
for the rounds left, and the dice not spent yet in phase 1 (soldiers and later actions). All
weights are rules of thumb in VP, not rules; the solo game's are fitted on self-play
(``SOLO_WORTHS``), a table's set by hand (``TABLE_WORTHS``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from rules.plagues.data import (
    HEBREW_RANK_VP,
    HUMAN_SECOND_HEBREW_MIN,
    LINES,
    LOSSES_BY_ROUND,
    MAX_ANKH_TOKENS,
    NILE_COINS,
    NILE_VP,
    PAPYRUS,
    PLAGUE_PENALTY,
    PROVINCE_END_VP,
    PROVINCE_LAST,
    PROVINCE_TWO_SA,
    ROUNDS,
    SA_CONDITIONS,
    SHORT_ROUNDS,
)
from rules.plagues.scoring import hebrew_points, scores, scoring_card
from rules.plagues.state import (
    State,
    ankh_symbols,
    ankh_tokens,
    bonus_active,
    city_field_tiles,
    half_filled_edges,
    income,
    is_ai,
    line_progress,
    plague_on,
    soldiers,
    tiles_on_board,
)

PENALTY_RISK = 0.6  # multiplayer: only the non-payer furthest behind takes the card (PLG-R134)
SOLO_PENALTY_RISK = 1.75  # solo: the human is the only non-payer (PLG-R295); above 1: an
# uncovered tribute also drains the coins and dice spent on the next ones (fitted, see SOLO_WORTHS)
MEMPHIS_DISCOUNT = 1  # PLG-R126: Memphis pays 1 less at every tribute
PENALTY_SOFTNESS = 3.5  # an uncovered tribute short by d coins counts as 1 - exp(-d / this)
# of a penalty, so income that closes no gap yet still counts (tuned in play, docs/ai/plagues.md)
NILE_STEP_SHARE = 0.5  # a boat step's share of the income the next Nile coin space brings
COIN_EDGE_SHARE = 0.5  # a coin bonus edge with one of its two spaces filled: this share of the
# income it brings once complete, from the next round's tribute on (docs/ai/plagues.md)

# --- the future value of a human seat's position (rules of thumb, VP) ----------------------
DEV_AHEAD_STEP = 0.45  # a step on the track ahead of the other (under 0.5: the track behind
# always gains more), up to DEV_AHEAD_MAX steps
DEV_AHEAD_MAX = 3
NILE_STEP = 0.45  # a boat step below the scoring spaces, while rounds are left
PROVINCE_STEP = 0.3  # a province card step, while rounds are left ...
PROVINCE_NEAR_END = 0.5  # ... and this share of space 24's VP, ramping up over its last 8 steps
HEBREW_RATE_AI = 2.2  # the solo AI's Hebrew sum per round (about one Hebrew of 2.2 a round)
HEBREW_SPREAD = 3.0  # how uncertain the Hebrew race is (sum points, grows with rounds left)
ANKH_LOSS_VALUE = 1.6  # one loss cancelled (a track step, a tile or 3 province steps)
HEBREW_BONUS_ROUND = 0.5  # the hebrew bonus active, per round left (cheaper Hebrews)
SOLDIERS_BONUS_ROUND = 0.3  # the soldiers bonus active, per round left (first territory pick)
EMPTY_CELL = 0.0  # an empty board space (measured: any credit here only delays placing tiles)
SA_USE = {  # one use of a special action card (PLG-R242..PLG-R249), in VP
    "sa_egyptians_boat": 0.7,
    "sa_diamond_province": 0.6,
    "sa_hebrew_income": 0.0,  # counted as income by the tribute estimate
    "sa_take_tile": 1.0,
    "sa_recover_free": 0.5,
    "sa_die_as_six": 0.3,
    "sa_soldiers": 0.2,
    "sa_swap_tiles": 0.2,
}
FIRST_PICK = 3.5102  # solo: picking the territory card before the AI (the card and the denial)
SOLDIER_SPREAD = 2.5  # how uncertain the soldier count is while dice are left
HEBREW_POINT = 0.5  # a point of Hebrew sum, while rounds are left (the race and the column)
DIE_PIP = 0.12  # an unused die in phase 1, per pip (a soldier and a later action)
DIE_ACTION = 0.6  # an unused die in phase 1: one more action this round
# --- slopes towards board thresholds several tiles away (docs/ai/plagues.md) ------------------
SCORING_SLOPE = 0.9  # share credited of a held scoring card's VP in proportion to its condition met
EDGE_HALF = 0.4  # a bonus edge with one of its two spaces filled
LINE_PART = 0.5  # a tile in a line that can still complete (3 types) towards an Ankh token
# --- solo only: how much of the Hebrew race terms count (fitted, see SOLO_WORTHS) -------------
SOLO_HEBREW_SCALE = 0.7086  # the human's projected Hebrew points (_solo_hebrew_value)
HEBREW_NOW_SCALE = 1.0291  # ... in place of its Hebrew points now
AI_HEBREW_SCALE = 0.8253  # the solo AI's projected Hebrew shift


@dataclass(frozen=True, slots=True)
class Worths:
    """The rules of thumb (VP) of ``future`` that tables and the solo game weigh apart."""

    dev_ahead_step: float = DEV_AHEAD_STEP
    nile_step: float = NILE_STEP
    province_step: float = PROVINCE_STEP
    province_near_end: float = PROVINCE_NEAR_END
    ankh_loss: float = ANKH_LOSS_VALUE
    hebrew_bonus_round: float = HEBREW_BONUS_ROUND
    soldiers_bonus_round: float = SOLDIERS_BONUS_ROUND
    empty_cell: float = EMPTY_CELL
    scoring_slope: float = SCORING_SLOPE
    edge_half: float = EDGE_HALF
    line_part: float = LINE_PART
    special_actions: float = 1.0  # a share of SA_USE
    die_pip: float = DIE_PIP
    die_action: float = DIE_ACTION
    hebrew_point: float = HEBREW_POINT


TABLE_WORTHS = Worths()
# Solo: a quarter step from the hand weights towards a ridge fit of the final margin on these
# terms over 350 `normal` solo games (seeds 5000..5349), with SOLO_PENALTY_RISK 1.75 and the
# solo-only constants above from the same step (docs/ai/plagues.md, thirteenth round).
SOLO_WORTHS = replace(
    TABLE_WORTHS,
    dev_ahead_step=0.4146,
    nile_step=0.3947,
    province_step=0.2324,
    province_near_end=0.9198,
    ankh_loss=1.424,
    hebrew_bonus_round=0.3723,
    soldiers_bonus_round=0.1745,
    empty_cell=-0.1942,
    scoring_slope=1.0462,
    edge_half=0.2782,
    line_part=0.3144,
    special_actions=0.8331,
    die_pip=0.0013,
    die_action=0.593,
    hebrew_point=0.5066,
)


def worths(state: State) -> Worths:
    return SOLO_WORTHS if state["solo"] else TABLE_WORTHS


def estimate(state: State) -> list[float]:
    now = scores(state)
    hebrews = hebrew_points(state)
    out = []
    for seat in range(len(state["players"])):
        if is_ai(state, seat):
            out.append(now[seat] + AI_HEBREW_SCALE * _ai_hebrew_shift(state, seat, hebrews))
            continue
        out.append(now[seat] - expected_penalties(state, seat) + future(state, seat, hebrews))
    return out


def rounds_left(state: State) -> float:
    """Whole rounds still to play after this one, plus what is left of this one."""
    last = SHORT_ROUNDS if state["short"] else ROUNDS
    part = {"dice": 0.8, "territories": 0.4, "plague": 0.2}.get(state["phase"], 0.0)
    return max(0.0, last - state["round"] + part)


def future(state: State, seat: int, hebrews: list[int] | None = None) -> float:
    """What the human seat's position is worth later, beyond the final scoring now."""
    player = state["players"][seat]
    left = rounds_left(state)
    if left <= 0:
        return 0.0
    fade = min(1.0, left / 3)  # long-term assets fade out in the last rounds
    w = worths(state)
    value = 0.0
    city, field = player["dev"]
    value += w.dev_ahead_step * fade * min(DEV_AHEAD_MAX, abs(city - field))
    if player["nile"] < min(NILE_VP):
        value += w.nile_step * fade * player["nile"]
    else:
        value += w.nile_step * fade * (min(NILE_VP) - 1)
    pcard = player["pcard"]
    value += w.province_step * fade * pcard
    if pcard < PROVINCE_LAST:
        near = max(0.0, 1 - (PROVINCE_LAST - pcard) / 8)
        value += PROVINCE_END_VP * fade * near * w.province_near_end
    value += _ankh_value(state, seat)
    hebrew_on = bonus_active(player, "hebrew")
    value += w.hebrew_bonus_round * left * bool(hebrew_on)
    value += w.soldiers_bonus_round * left * bool(bonus_active(player, "soldiers"))
    value += w.empty_cell * fade * (12 - tiles_on_board(player))
    value += fade * board_slopes(state, seat)
    value += w.special_actions * _special_actions(state, seat) * left
    if state["phase"] == "dice":
        unused = [v for v in range(1, 7) if v not in player["dice_used"]][:3]
        spare = 3 - len(player["dice_used"])
        value += w.die_pip * sum(unused) + w.die_action * max(0, spare)
        if state["solo"]:
            value += FIRST_PICK * _first_pick_chance(state, seat)
    if state["solo"]:
        hebrews = hebrews if hebrews is not None else hebrew_points(state)
        value += SOLO_HEBREW_SCALE * _solo_hebrew_value(state, seat, left)
        value -= HEBREW_NOW_SCALE * hebrews[seat]
    value += w.hebrew_point * fade * sum(player["hebrews"])
    return value


def board_slopes(state: State, seat: int) -> float:
    """Credit for progress towards board thresholds several tiles away: held scoring cards whose
    condition is partly met, bonus edges half filled, lines on their way to an Ankh token."""
    player = state["players"][seat]
    w = worths(state)
    value = 0.0
    for card in player["terr"]:
        progress = _scoring_progress(player, card["id"])
        if progress is not None:
            full, share = progress
            now = scoring_card(state, seat, card["id"])
            value += w.scoring_slope * max(0.0, full * share - now)
    value += w.edge_half * half_filled_edges(player)
    room = MAX_ANKH_TOKENS - ankh_tokens(state, seat)
    partial = sorted((line_progress(player, line) for line in LINES), reverse=True)
    value += w.line_part * sum(partial[: max(0, room)])
    return value


def _scoring_progress(player: dict, cid: str) -> tuple[int, float] | None:
    """A threshold scoring card's full VP and the share of its condition met (PLG-R257..R264)."""
    if cid == "sc_lines":
        filled = sorted((line_progress(player, line) for line in LINES), reverse=True)
        return 6, sum(filled[:2]) / 6
    if cid == "sc_city_field":
        city, field = city_field_tiles(player)
        return 5, (min(3, city) + min(3, field)) / 6
    if cid == "sc_bonuses":
        kinds = ("coin", "soldiers", "hebrew")
        return 5, sum(1 for kind in kinds if bonus_active(player, kind)) / 3
    return None


def _first_pick_chance(state: State, seat: int) -> float:
    """Solo, phase 1: the chance the human out-soldiers the AI (PLG-R119): the dice it keeps
    if it spends its lowest ones on the actions left, against the AI's count."""
    player = state["players"][seat]
    unused = sorted(v for v in range(1, 7) if v not in player["dice_used"])
    spare = max(0, 3 - len(player["dice_used"]))
    mine = soldiers(state, seat) - sum(unused[:spare])
    margin = mine - soldiers(state, state["ai"]) + 0.5
    return 1.0 / (1.0 + math.exp(-margin / SOLDIER_SPREAD))


def _special_actions(state: State, seat: int) -> float:
    """A round's worth of the seat's special action cards whose condition holds now (PLG-R228:
    1 a round, 2 from province space 13 on)."""
    player = state["players"][seat]
    uses = sorted(
        (SA_USE.get(card["id"], 0.0) for card in player["terr"] if _sa_ready(state, seat, card)),
        reverse=True,
    )
    return sum(uses[: 2 if player["pcard"] >= PROVINCE_TWO_SA else 1])


def _sa_ready(state: State, seat: int, card: dict) -> bool:
    cid = card["id"]
    if cid not in SA_CONDITIONS:
        return cid in SA_USE
    need = SA_CONDITIONS[cid]
    player = state["players"][seat]
    if cid == "sa_egyptians_boat":
        return sum(1 for t in player["cells"].values() if t == "egyptian") >= need
    if cid == "sa_diamond_province":
        return player["nile"] >= need
    if cid == "sa_hebrew_income":
        return len(player["hebrews"]) >= need
    if cid == "sa_soldiers":
        return player["pcard"] >= need
    return ankh_symbols(state, seat, card5=False) >= need


def _hebrew_win_chance(state: State, seat: int, left: float) -> float:
    """The solo human's chance to end first on Hebrews, from the sums now and the AI's rate."""
    mine = sum(state["players"][seat]["hebrews"])
    theirs = sum(state["players"][state["ai"]]["hebrews"])
    margin = mine - theirs - HEBREW_RATE_AI * left * 0.5
    return 1.0 / (1.0 + math.exp(-margin / (HEBREW_SPREAD + left)))


def _solo_hebrew_value(state: State, seat: int, left: float) -> float:
    """PLG-R300: second place scores only with a sum of 10; the sum is a ramp towards it."""
    mine = sum(state["players"][seat]["hebrews"])
    first, second = HEBREW_RANK_VP[0], HEBREW_RANK_VP[1]
    win = _hebrew_win_chance(state, seat, left)
    reach = min(1.0, mine / HUMAN_SECOND_HEBREW_MIN)
    return win * first + (1 - win) * second * reach**1.5


def _ai_hebrew_shift(state: State, seat: int, hebrews: list[int]) -> float:
    """The solo AI's Hebrew points as the human's chance of first place projects them."""
    if not state["solo"]:
        return 0.0
    human = 1 - seat
    left = rounds_left(state)
    win = _hebrew_win_chance(state, human, left)
    projected = (1 - win) * HEBREW_RANK_VP[0] + win * HEBREW_RANK_VP[1]
    return projected - hebrews[seat]


def _ankh_value(state: State, seat: int) -> float:
    """A loss cancelled in every coming round whose papyrus the Ankh symbols meet."""
    mode = "advanced" if state["advanced"] else "normal"
    last = SHORT_ROUNDS if state["short"] else ROUNDS
    symbols = ankh_symbols(state, seat, card5=False)
    start = state["round"] + (0 if state["phase"] != "over" else 1)
    loss = worths(state).ankh_loss
    value = 0.0
    for r in range(start, last + 1):
        if symbols >= PAPYRUS[mode]["ankh_needed"][r - 1] and LOSSES_BY_ROUND[r - 1]:
            value += loss
    return value


def expected_penalties(
    state: State, seat: int, *, coins: int = 0, steady: int = 0, nile: int = 0
) -> float:
    """The expected penalty (VP) from the coming tributes; ``coins``, ``steady`` and ``nile``
    ask what if the seat had that many more coin tiles, income or boat steps."""
    player = state["players"][seat]
    steady += income(state, seat) + (MEMPHIS_DISCOUNT if player["province"] == "memphis" else 0)
    steady += sum(1 for space in NILE_COINS if player["nile"] < space <= player["nile"] + nile)
    once = 2 * bool(player.get("hebrew_income"))  # this round only (PLG-R246)
    later = 2 * _hebrew_income_ready(player)  # sa_hebrew_income in the rounds after this
    left: float = coins + player["kept"].count("coin") + (state["pharaoh"][2] == seat)
    # A coin edge counts before it completes only in solo, where every shortfall is a card
    # (PLG-R295); at multiplayer tables it cost VP (docs/ai/plagues.md, eighth round).
    share = COIN_EDGE_SHARE if state["solo"] else 0.0
    edges = half_filled_edges(player, "coin") * share  # from the next tribute on
    if plague_on(state, seat, "hail"):  # PLG-R181: no coin bonus at this round's tribute only
        edges += bonus_active(player, "coin")
    dues = list(coming_tributes(state))
    if dues and player.get("paid") is not None:
        dues = dues[1:]  # this round's tribute is settled
    uncovered = 0.0
    for i, due in enumerate(dues):
        rising = _nile_income(player["nile"] + nile, i) + later + edges if i else once
        gap = max(0, due - steady + once - rising)
        if gap <= left:
            left -= gap
            continue
        uncovered += 1 - math.exp(-(gap - left) / PENALTY_SOFTNESS)
    risk = SOLO_PENALTY_RISK if state["solo"] else PENALTY_RISK
    return risk * PLAGUE_PENALTY * uncovered


def _hebrew_income_ready(player: dict) -> bool:
    """sa_hebrew_income (PLG-R246) will give 2 coins at the coming tributes: held, 4 Hebrews."""
    return len(player["hebrews"]) >= 4 and any(
        card["id"] == "sa_hebrew_income" for card in player["terr"]
    )


def _nile_income(position: int, rounds_ahead: int) -> float:
    """The income the boat's progress towards the next Nile coin space is worth later."""
    ahead = [space for space in NILE_COINS if space > position]
    if not ahead:
        return 0.0
    done = 1 - (ahead[0] - position) / 3
    return NILE_STEP_SHARE * done * min(1, rounds_ahead)


def coming_tributes(state: State) -> tuple[int, ...]:
    """The tributes of this round and the rounds after it."""
    mode = "advanced" if state["advanced"] else "normal"
    last = SHORT_ROUNDS if state["short"] else ROUNDS
    return PAPYRUS[mode]["tribute"][state["round"] - 1 : last]
