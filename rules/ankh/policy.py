"""Ankh's ``normal``/``hard`` policy and the search's rollout policy
(``AnkhEngine.rollout_choice``, docs/ai.md).

The heuristic (``rules/ankh/ai.py``, the ``easy`` level) answers every Camel Caravan with
skip, takes the first monument offered at Control Monument and builds the first type offered.
This policy plays the heuristic everywhere else and aims those choices at Conflict devotion
(``region_values``: monument majorities per region, ANKH-R066; dominating or winning each
region, R065, R075), against the best rival's; at 3 seats before the merge (ANKH-R142) against
the god standing highest after the Conflict, devotion so far included (only that god escapes
the merge; the merged god plays on from the lesser god's devotion, R148):

- Camel Caravan: the legal line whose split gains its god the most against the best rival,
  or skip when none gains (every region is one more place to dominate or win);
- Control Monument and Build Monument: the monument (type) that gains the most;
- Summon: the space that gains the most (then the heuristic's: next to monuments);
- Unlock at level 3: Bountiful while the god is in the red section before the forgetting
  (R106: +1 on every gain, the cheapest way out of the red, R155), from 3 seats Worshipful
  as the second (R108: 2 followers for 1 devotion after each battle, 2 with Bountiful in the
  red; forgotten gods held 3-45 unspent followers), at 2 seats only with followers to spare;
- Battle cards: Miracle in a battle lost even with Chariots (strength as the rules count it,
  played cards left out), with 2 or more own warriors or guardians there to be killed
  (ANKH-R093: 1 devotion each);
- Actions: the heuristic's plan, with Gain Followers worth a fifth once the god already holds
  the followers it can still spend well (followers piled up unspent), Unlock first when it
  brings Bountiful (from 3 seats also Worshipful) to a god in the red, and an action that
  triggers a Control Monument with a monument to take or a Camel Caravan with a line that
  gains worth more.
  (The heuristic's plan adds a second action even after a first one that triggers an event
  and so ends the turn, ANKH-R032; correcting that measured weaker at 2 seats, 45-68 %
  against 100 %, so it is kept.)

Moving figures by the same devotion gain was tried and measured weaker (docs/ai.md).

It reads the state it is given: the level (``ai.levels``) passes a determinization.
"""

from __future__ import annotations

from rules.ankh import ai
from rules.ankh.board import compute_regions, edge
from rules.ankh.conflict import strength
from rules.ankh.data import (
    BUILD_COST,
    CARD_STRENGTH,
    CONFLICTS,
    DOMINATE_DEVOTION,
    EVENT_TRACK,
    FORGET_AFTER_CONFLICT,
    MERGE_AFTER_CONFLICT,
    RED_TOP,
    UNLOCK_LEVELS,
    WIN_DEVOTION,
)
from rules.ankh.events import _camels, control_targets, open_lines
from rules.ankh.state import State, active_players, figures_in, player_of, region_land
from rules.core import Decision

CONTEST_SHARE = 0.5  # a contested region: this share of the battle's reward, on average


def choose(state: State, decision: Decision) -> str:
    key = decision.key
    if key == "caravan":
        return _caravan(state, decision)
    if key == "control":
        return _control(state, decision)
    if key == "unlock":
        return _unlock(state, decision)
    if key == "build":
        return _build(state, decision)
    if key == "summon_at":
        return _summon_at(state, decision)
    if key == "action":
        return _action(state, decision)
    if key == "battle_card":
        return _battle_card(state, decision)
    return ai.choose(state, decision)


CONTROL_TRIGGER = 2.0  # an action that triggers a Control Monument with a monument to take
CARAVAN_TRIGGER = 1.0  # ... a Camel Caravan with a line that gains


def _event_value(state: State, player: int) -> float:
    """What triggering the next event is worth to ``player``: a monument to take, a caravan
    line that gains (a bonus for the Conflict's tie-breaker measured nothing)."""
    pos = state["event_pos"]
    event = EVENT_TRACK[pos] if pos < len(EVENT_TRACK) else ""
    if event == "control":
        return CONTROL_TRIGGER if control_targets(state, player) else 0.0
    if event == "caravan":
        return CARAVAN_TRIGGER if best_line(state, player, [])[1] > 0 else 0.0
    return 0.0


RED_POWER_UNLOCK = 6.0  # Unlock's value when it brings a red power (the heuristic: 2.5 so late)
RED_POWERS = ("bountiful", "worshipful")  # level-3 powers that lift a god out of the red
WORSHIPFUL_FIRST_SEATS = 3  # at 2 seats Worshipful first measured 2 points weaker (+0/-4 of 200)


def _worshipful_first(state: State) -> bool:
    """From 3 seats Worshipful comes before Glorious and counts as a red power (ANKH-R108)."""
    return state["seats"] >= WORSHIPFUL_FIRST_SEATS


def _red_powers(state: State) -> tuple[str, ...]:
    """The level-3 powers worth an early Unlock in the red: Worshipful too from 3 seats."""
    return RED_POWERS if _worshipful_first(state) else RED_POWERS[:1]


def _red_power_next(state: State, player: int) -> bool:
    """The next unlock is a level-3 one, the god is in the red before the forgetting and
    lacks Bountiful or Worshipful (ANKH-R106, R108, R155)."""
    pl = state["players"][player]
    return (
        pl["unlocks"] < len(UNLOCK_LEVELS)
        and UNLOCK_LEVELS[pl["unlocks"]] == 3
        and any(power not in pl["powers"] for power in _red_powers(state))
        and _red_before_forgetting(state, player)
    )


def _red_before_forgetting(state: State, player: int) -> bool:
    """The god is in the red section and the forgetting is still to come (ANKH-R155)."""
    in_red = state["players"][player]["devotion"] <= RED_TOP
    return in_red and state["conflicts"] < FORGET_AFTER_CONFLICT


SPARE_FOLLOWERS_SHARE = 0.2  # Gain Followers' value once the god has all it can spend well
WORSHIP_FOLLOWERS = 6  # at 2 seats Worshipful is the second level-3 power with this many


def _follower_need(state: State, player: int) -> int:
    """Followers the god can still spend well: the unlocks left, a Build Monument, and two
    per Worshipful sacrifice in the Conflicts left."""
    pl = state["players"][player]
    need = sum(UNLOCK_LEVELS[pl["unlocks"] :]) + BUILD_COST
    if "worshipful" in pl["powers"]:
        need += 2 * 3 * (CONFLICTS - state["conflicts"])
    return need


def _action(state: State, decision: Decision) -> str:
    """The heuristic's action plan, with Gain Followers worth little once the god holds all
    the followers it can still spend well (they piled up to 30-50 unspent, issue 13)."""
    ids = decision.option_ids()
    player = player_of(state, decision.seat)
    value = ai._action_values(state, player)  # noqa: SLF001
    pl = state["players"][player]
    if pl["followers"] >= _follower_need(state, player):
        value["act:followers"] *= SPARE_FOLLOWERS_SHARE
    if _red_power_next(state, player) and pl["followers"] >= UNLOCK_LEVELS[pl["unlocks"]]:
        value["act:unlock"] = max(value["act:unlock"], RED_POWER_UNLOCK)
    first = len(state["turn"]["taken"]) == 0 and len(state["players"][player]["seats"]) == 1
    for i in ids:
        action = i[4:]
        if state["tracks"][action] + 1 >= state["track_len"][action]:  # ANKH-R031
            value[i] += _event_value(state, player)  # it triggers the next event

    def plan(i: str) -> float:
        if not first or i == "act:unlock":
            return value[i]
        below = ids[ids.index(i) + 1 :]
        return value[i] + max((value[b] for b in below), default=0.0)

    return max(ids, key=lambda i: (plan(i), -ids.index(i)))


MIRACLE_MIN_KILLS = 2  # own warriors and guardians to lose, for Miracle in a lost battle


def _battle_card(state: State, decision: Decision) -> str:
    """Miracle in a battle lost even with Chariots (ANKH-R092: +3 strength) and at least 2 own
    warriors or guardians there to be killed (R093: 1 devotion each, where the heuristic plays
    Cycle of Ma'at or Build Monument); else the heuristic's card. Strength is the rules' own
    (R073/R074) with every played card left out: the others' are sealed."""
    player = player_of(state, decision.seat)
    battle = {**state["conflict"]["battle"], "played": {}}
    rivals = [strength(state, battle, p) for p in battle["participants"] if p != player]
    lost = strength(state, battle, player) + CARD_STRENGTH["chariots"] <= max(rivals, default=0)
    figures = figures_in(state, battle["region"]).values()
    killable = sum(1 for f in figures if f["owner"] == player and f["kind"] != "god")
    if "card:miracle" in decision.option_ids() and lost and killable >= MIRACLE_MIN_KILLS:
        return "card:miracle"
    return ai.choose(state, decision)


def _summon_at(state: State, decision: Decision) -> str:
    """Summon where the new figure gains the most Conflict devotion (a region to dominate, a
    battle to tip), then next to the most monuments (the heuristic's rule)."""
    player = player_of(state, decision.seat)
    figures = state["figures"]
    fig = {"kind": "warrior", "owner": player, "radiant": False, "aim": None}
    base = ai.choose(state, decision)
    regions = tuple(region_land(state).values())
    best, gain = base, float("-inf")
    for oid in decision.option_ids():
        if not oid.startswith("at:"):
            continue
        h = oid[3:]
        view = {**state, "figures": {**figures, h: fig}}
        value = _advantage(region_values(view, regions), player, state)
        value += 0.01 * ai._near_monument(state, h, player)  # noqa: SLF001
        if value > gain + 1e-9:
            best, gain = oid, value
    return best


def _board_advantage(state: State, player: int, monuments: dict | None = None) -> float:
    """``player``'s Conflict devotion over the best rival on the board as it stands (or with
    ``monuments`` in place of the board's)."""
    view = state if monuments is None else {**state, "monuments": monuments}
    return _advantage(region_values(view, tuple(region_land(state).values())), player, state)


def _control(state: State, decision: Decision) -> str:
    """Control Monument: the monument whose token gains the most majority devotion."""
    player = player_of(state, decision.seat)
    mons = state["monuments"]
    best, gain = "skip", float("-inf")
    for oid in decision.option_ids():
        if not oid.startswith("ctl:"):
            continue
        h = oid[4:]
        after = _board_advantage(state, player, {**mons, h: {**mons[h], "owner": player}})
        if after > gain + 1e-9:
            best, gain = oid, after
    return best


def _unlock(state: State, decision: Decision) -> str:
    """The heuristic's order, but Bountiful first at level 3 while it can still lift the god
    out of the red section before the forgetting (ANKH-R106, R155), and from 3 seats
    Worshipful before Glorious and the rest (ANKH-R108: followers turn into devotion)."""
    ids = decision.option_ids()
    player = player_of(state, decision.seat)
    if _red_before_forgetting(state, player) and "power:bountiful" in ids:
        return "power:bountiful"
    pl = state["players"][player]
    spare = pl["followers"] - UNLOCK_LEVELS[pl["unlocks"]] >= WORSHIP_FOLLOWERS  # after paying
    if "power:worshipful" in ids and (_worshipful_first(state) or spare):
        return "power:worshipful"
    return ai.choose(state, decision)


def _build(state: State, decision: Decision) -> str:
    """Build Monument: the type that gains the most majority devotion in the battle's region."""
    player = player_of(state, decision.seat)
    region = state["conflict"]["battle"]["region"]
    spaces = [h for h in region_land(state)[region] if h not in state["figures"]]
    spaces = [h for h in spaces if h not in state["monuments"] and h not in state["underworld"]]
    if not spaces:
        return ai.choose(state, decision)
    mons = state["monuments"]
    base = _board_advantage(state, player)
    best, gain = "skip", 0.0
    for oid in decision.option_ids():
        if not oid.startswith("build:"):
            continue
        new = {**mons, spaces[0]: {"type": oid[6:], "owner": player}}
        after = _board_advantage(state, player, new) - base
        if after > gain + 1e-9:
            best, gain = oid, after
    return best if best != "skip" else ai.choose(state, decision)


def region_values(state: State, regions: tuple[frozenset, ...]) -> dict[int, float]:
    """Each god's devotion from one Conflict over ``regions`` if nothing moved: majorities,
    plus dominating a region held alone, plus a share of the battle where contested."""
    figures, monuments = state["figures"], state["monuments"]
    out: dict[int, float] = {}
    for land in regions:
        counts: dict[int, int] = {}
        for h in land:
            f = figures.get(h)
            if f is not None:
                counts[f["owner"]] = counts.get(f["owner"], 0) + 1
        if not counts:
            continue
        kinds: dict[str, dict[int, int]] = {}
        for h in land:
            m = monuments.get(h)
            if m is not None and m["owner"] is not None:
                per = kinds.setdefault(m["type"], {})
                per[m["owner"]] = per.get(m["owner"], 0) + 1
        for per in kinds.values():
            best = max(per.values())
            leaders = [p for p, n in per.items() if n == best]
            if len(leaders) == 1 and leaders[0] in counts:
                out[leaders[0]] = out.get(leaders[0], 0.0) + 1.0
        if len(counts) == 1:
            (owner,) = counts
            out[owner] = out.get(owner, 0.0) + DOMINATE_DEVOTION
            continue
        total = sum(counts.values())
        for owner, n in counts.items():
            out[owner] = out.get(owner, 0.0) + WIN_DEVOTION * CONTEST_SHARE * 2 * n / total
    return out


def _advantage(values: dict[int, float], player: int, state: State) -> float:
    """``player``'s Conflict devotion over the best rival's; before the merge at 3 seats
    (ANKH-R142) with the devotion so far added, so against the god standing highest after the
    Conflict: the two lowest gods merge, and a merged god plays on from the lesser's devotion
    (R148)."""
    if _merge_race(state):
        devotion = {p: state["players"][p]["devotion"] for p in active_players(state)}
        values = {p: devotion.get(p, 0) + values.get(p, 0.0) for p in {*devotion, *values}}
    others = [v for p, v in values.items() if p != player]
    return values.get(player, 0.0) - max(others, default=0.0)


MERGE_RACE_SEATS = 3  # the seat count where the merge race measured stronger


def _merge_race(state: State) -> bool:
    """3 seats before the merge Conflict's end: only the god standing highest escapes the
    merge. (From 4 seats, against the leader measured 1.5 points weaker, +7/-10 of 200.)"""
    return state["seats"] == MERGE_RACE_SEATS and state["conflicts"] < MERGE_AFTER_CONFLICT


def best_line(state: State, player: int, chosen: list) -> tuple[frozenset | None, float]:
    """The open line (containing ``chosen``) that most improves ``player``'s Conflict
    devotion over the best rival, and that improvement (negative if every line loses)."""
    camels = _camels(state)
    base = _advantage(region_values(state, compute_regions(camels)), player, state)
    best: frozenset | None = None
    gain = float("-inf")
    for line in open_lines(state, chosen):
        after = _advantage(region_values(state, compute_regions(camels | line)), player, state)
        if after - base > gain + 1e-9:
            best, gain = line, after - base
    return best, gain


def _caravan(state: State, decision: Decision) -> str:
    ids = decision.option_ids()
    task = state["stack"][-1]
    player = player_of(state, decision.seat)
    chosen = [tuple(e) for e in task["line"]]
    line, gain = best_line(state, player, chosen)
    if line is None or (not chosen and gain <= 0):
        return "skip" if "skip" in ids else ("done" if "done" in ids else ids[0])
    missing = sorted(line - {edge(*e) for e in chosen})
    if not missing:
        return "done" if "done" in ids else ids[0]
    a, b = missing[0]
    option = f"camel:{a}-{b}"
    return option if option in ids else ids[0]
