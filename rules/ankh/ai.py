"""Baseline AI: deterministic and always legal. It moves towards monuments, summons before
Conflicts, gains followers next to monuments, and plays Chariots when that can win."""

from __future__ import annotations

from rules.ankh.actions import destinations
from rules.ankh.board import HEXES, distance
from rules.ankh.data import EVENT_TRACK, UNLOCK_LEVELS
from rules.ankh.state import (
    State,
    adjacency,
    adjacent_hexes,
    figures_in,
    player_of,
    region_where,
)
from rules.core import Decision

POWER_PREFERENCE = (
    "commanding",
    "revered",
    "omnipresent",
    "inspiring",
    "resplendent",
    "temple_attunement",
    "pyramid_attunement",
    "obelisk_attunement",
    "glorious",
    "magnanimous",
    "bountiful",
    "worshipful",
)
GOD_PREFERENCE = ("ra", "amun", "isis", "anubis", "osiris")
CARD_PREFERENCE = ("chariots", "drought", "plague", "flood", "miracle", "build", "cycle")
CHEAP_CARDS = ("cycle", "build", "miracle", "flood", "plague", "drought", "chariots")


def _ids(decision: Decision) -> list[str]:
    return [o.id for o in decision.options]


def _near_monument(state: State, hex_: str, player: int, adj: dict | None = None) -> int:
    adj = adj or adjacency(state)
    mons = state["monuments"]
    return sum(1 for n in adj[hex_] if n in mons and mons[n]["owner"] in (None, player))


def _monument_distance(state: State, hex_: str, player: int) -> int:
    targets = [h for h, m in state["monuments"].items() if m["owner"] != player]
    return min((distance(hex_, t) for t in targets), default=0)


class _Spots:
    """Scores spaces for one player's figures; region counts are computed once."""

    def __init__(self, state: State, player: int) -> None:
        self.state = state
        self.player = player
        self.adj = adjacency(state)
        where = region_where(state)
        self.where = {h: where.get(h, ()) for h in HEXES}
        self.far: dict[str, float] = {}
        self.targets = [h for h, m in state["monuments"].items() if m["owner"] != player]
        self.counts: dict[str, list[int]] = {}
        for h, f in state["figures"].items():
            for region in self.where[h]:
                mine_enemy = self.counts.setdefault(region, [0, 0])
                mine_enemy[0 if f["owner"] == player else 1] += 1
        self.cache: dict[tuple[str, str], float] = {}

    def score(self, hex_: str, origin: str) -> float:
        """Next to monuments, alone in a region (to dominate it), closer to monuments."""
        key = (hex_, origin)
        if key in self.cache:
            return self.cache[key]
        state, player = self.state, self.player
        value = 2.0 * _near_monument(state, hex_, player, self.adj)
        from_regions = self.where[origin]
        for region in self.where[hex_]:
            mine, enemy = self.counts.get(region, (0, 0))
            if region in from_regions:
                mine -= 1
            if mine == 0:
                value += 3.0 if enemy == 0 else 0.5
            elif enemy and mine < enemy:
                value += 1.0  # reinforce a region where we are outnumbered
        if hex_ not in self.far:
            self.far[hex_] = 0.1 * min((distance(hex_, t) for t in self.targets), default=0)
        value -= self.far[hex_]
        self.cache[key] = value
        return value

    def best_gain(self, origin: str) -> float:
        here = self.score(origin, origin)
        best = max((self.score(d, origin) for d in destinations(self.state, origin)), default=here)
        return best - here


def _action_values(state: State, player: int) -> dict[str, float]:
    pl = state["players"][player]
    nxt = EVENT_TRACK[state["event_pos"]] if state["event_pos"] < len(EVENT_TRACK) else ""
    mine = sorted(h for h, f in state["figures"].items() if f["owner"] == player)  # float sum
    spots = _Spots(state, player)
    move = sum(max(0.0, spots.best_gain(h)) for h in mine)
    monuments = {
        m
        for h in mine
        for m in adjacent_hexes(state, h)
        if m in state["monuments"] and state["monuments"][m]["owner"] in (None, player)
    }
    followers = float(len(monuments)) + (1.0 if "revered" in pl["powers"] else 0.0)
    summon = -1.0
    if pl["warriors"] or pl["guardians"]:
        summon = 3.0 + (2.0 if nxt == "conflict" else 0.0)
    unlock = -2.0
    if pl["unlocks"] < len(UNLOCK_LEVELS) and pl["followers"] >= UNLOCK_LEVELS[pl["unlocks"]]:
        unlock = 4.0 if pl["unlocks"] < 4 else 2.5
    return {
        "act:move": move,
        "act:summon": summon,
        "act:followers": followers,
        "act:unlock": unlock,
    }


def _choose_action(state: State, decision: Decision, player: int) -> str:
    ids = _ids(decision)
    value = _action_values(state, player)
    first = len(state["turn"]["taken"]) == 0 and len(state["players"][player]["seats"]) == 1

    def plan(i: str) -> float:
        if not first or i == "act:unlock":
            return value[i]
        below = ids[ids.index(i) + 1 :]
        return value[i] + max((value[b] for b in below), default=0.0)

    return max(ids, key=lambda i: (plan(i), -ids.index(i)))


def _choose_card(state: State, decision: Decision, player: int) -> str:
    ids = [i[5:] for i in _ids(decision)]
    battle = state["conflict"]["battle"]
    region = battle["region"]
    figs = figures_in(state, region)
    mine = sum(1 for f in figs.values() if f["owner"] == player)
    enemy: dict[int, int] = {}
    for f in figs.values():
        if f["owner"] != player:
            enemy[f["owner"]] = enemy.get(f["owner"], 0) + 1
    best_enemy = max(enemy.values(), default=0)
    if "chariots" in ids and mine + 3 > best_enemy:
        return "card:chariots"  # a strong card when it can win
    if mine + 1 > best_enemy + 3 or mine + 3 <= best_enemy:
        cheap = [c for c in CHEAP_CARDS if c in ids]
        return f"card:{cheap[0]}"
    pref = [c for c in CARD_PREFERENCE if c in ids]
    return f"card:{pref[0]}"


def choose(state: State, decision: Decision) -> str:
    ids = _ids(decision)
    key = decision.key
    if key == "god":
        return min(ids, key=lambda i: GOD_PREFERENCE.index(i[4:]))
    if key == "guardian":
        return ids[0]
    player = player_of(state, decision.seat)
    task = state["stack"][-1]
    if key == "action":
        return _choose_action(state, decision, player)
    if key == "move":
        spots = _Spots(state, player)
        best, gain = "done", 0.0
        for i in ids:
            if i.startswith("fig:"):
                g = spots.best_gain(i[4:])
                if g > gain:
                    best, gain = i, g
        return best
    if key == "move_to":
        spots = _Spots(state, player)
        origin = task["sel"]
        here = spots.score(origin, origin)
        dests = [i for i in ids if i.startswith("to:")]
        scored = max(dests, key=lambda i: (spots.score(i[3:], origin), -ids.index(i)), default=None)
        if scored and spots.score(scored[3:], origin) > here:
            return scored
        return "stay"
    if key == "summon":
        return next((i for i in ids if i.startswith("pc:")), "done")
    if key in ("summon_at", "mummy", "build_at", "obelisk_to", "osiris_to"):
        places = [i for i in ids if i.startswith(("at:", "to:", "uw:"))]
        return max(
            places, key=lambda i: (_near_monument(state, i.split(":")[1], player), -ids.index(i))
        )
    if key == "unlock":
        powers = [i for i in ids if i.startswith("power:")]
        return min(powers, key=lambda i: POWER_PREFERENCE.index(i[6:])) if powers else "skip"
    if key == "battle_card":
        return _choose_card(state, decision, player)
    if key == "locust_bid":
        most = len(ids) - 1
        return f"bid:{most // 2}"
    if key == "amun":
        return "amun:two" if len(state["players"][player]["hand"]) >= 4 else "amun:one"
    if key in ("caravan", "caravan_swap", "obelisk"):
        return (
            "skip"
            if "skip" in ids
            else ("pass" if "pass" in ids else ("done" if "done" in ids else ids[0]))
        )
    if key == "isis":
        return ids[0]
    if key == "worshipful":
        return "worship:yes"
    if key == "tiebreak":
        return "tie:use"
    if key == "sun":
        return "sun:yes"
    if key == "aim":

        def hurt(option: str) -> int:
            score = 0
            for h in option[4:].split("+"):
                mon = state["monuments"].get(h)
                if mon is not None:
                    score += -2 if mon["owner"] == player else 1
            return score

        return max(ids, key=lambda i: (hurt(i), -ids.index(i)))
    return ids[0]
