"""Late game: merging gods (ANKH-R142..R154), forgotten gods (R155..R157) and victory
(R158..R160), plus the final result."""

from __future__ import annotations

from rules.ankh.data import GUARDIAN_SIZE, LARGE_BASES, SMALL_BASES
from rules.ankh.state import (
    State,
    _enter_space,
    active_players,
    devotion_key,
    finish,
    is_red,
    name,
    seats_text,
)
from rules.core import Event, Result
from rules.text import Msg, decode, msg


def _remove_figures(state: State, player: int, keep_guardians: bool) -> None:
    for hex_, fig in sorted(state["figures"].items()):
        if fig["owner"] != player:
            continue
        if keep_guardians and fig["kind"] not in ("god", "warrior"):
            continue
        del state["figures"][hex_]
        if fig.get("radiant"):  # ANKH-R127 / B12: the sun goes back to Ra's dashboard
            state["players"][player]["suns"] += 1


def _destroy_monuments(state: State, player: int) -> None:
    for hex_, mon in sorted(state["monuments"].items()):
        if mon["owner"] == player:
            del state["monuments"][hex_]
            state["supply"][mon["type"]] += 1


def merge(state: State, events: list[Event]) -> None:
    """ANKH-R142..R148: the two lowest gods merge after the 3rd Conflict (3+ players)."""
    order = sorted(active_players(state), key=lambda p: devotion_key(state, p))
    if len(order) < 2:
        return
    lesser, greater = order[0], order[1]  # ANKH-R143
    low, high = state["players"][lesser], state["players"][greater]
    low_name, high_name = name(state, lesser), name(state, greater)
    _destroy_monuments(state, lesser)  # ANKH-R144
    # ANKH-R145: cards, ankh tokens, god and warriors leave; guardians change colour (B12).
    _remove_figures(state, lesser, keep_guardians=True)
    low["hand"], low["used"], low["warriors"] = [], [], 0
    # ANKH-R115: the lesser god's imprisoned warriors leave the game too.
    for pl in state["players"]:
        while lesser in pl["prisoners"]:
            pl["prisoners"].remove(lesser)
    if "anubis" in low["gods"]:
        for victim in low["prisoners"]:
            if victim == greater:
                high["warriors"] += 1
            else:
                high["prisoners"].append(victim)
        low["prisoners"] = []
    free = {"large": LARGE_BASES, "small": SMALL_BASES}
    for f in state["figures"].values():
        if f["owner"] == greater and f["kind"] in GUARDIAN_SIZE:
            free[GUARDIAN_SIZE[f["kind"]]] -= 1
    for g in high["guardians"]:
        free[GUARDIAN_SIZE[g]] -= 1
    for hex_, f in sorted(state["figures"].items()):
        if f["owner"] == lesser:
            size = GUARDIAN_SIZE[f["kind"]]
            if free[size] > 0:
                free[size] -= 1
                f["owner"] = greater
            else:
                del state["figures"][hex_]
                _return_guardian(state, f["kind"])
                if f.get("radiant"):
                    low["suns"] += 1
    for g in low["guardians"]:
        if free[GUARDIAN_SIZE[g]] > 0:
            free[GUARDIAN_SIZE[g]] -= 1
            high["guardians"].append(g)
        else:
            _return_guardian(state, g)
    high["guardians"].sort()
    low["guardians"] = []
    high["followers"] += low["followers"]  # ANKH-R146
    low["followers"] = 0
    high["suns"] += low["suns"]
    high["underworld_tokens"] += low["underworld_tokens"]
    high["amun_up"] = high["amun_up"] or low["amun_up"]
    low["suns"] = low["underworld_tokens"] = 0
    high["gods"] = high["gods"] + low["gods"]  # ANKH-R149
    high["seats"] = high["seats"] + low["seats"]  # ANKH-R150..R154
    for seat in low["seats"]:
        state["seat_player"][seat] = greater
    low["merged_into"] = greater
    low["seats"] = []
    _enter_space(state, greater, low["devotion"], "merge")  # ANKH-R148: onto the lesser pawn
    events.append(
        Event(
            "merge",
            msg(
                "{lesser}, the lesser god, merges into {greater}: {merged} is one god "
                "played by {seats} (each on their own turn, one action); in battles "
                "{partner} proposes and {decider}, the greater god's seat, decides.",
                lesser=low_name,
                greater=high_name,
                merged=name(state, greater),
                seats=seats_text(high["seats"]),
                partner=seats_text(high["seats"][1:]),
                decider=seats_text(high["seats"][:1]),
            ),
            {"lesser": lesser, "greater": greater, "seats": list(high["seats"])},
        )
    )


def _return_guardian(state: State, kind: str) -> None:
    for card in state["guardian_cards"].values():
        if card["kind"] == kind:
            card["left"] += 1


def forget(state: State, events: list[Event]) -> None:
    """ANKH-R155..R157: every god still in the red section is forgotten."""
    forgotten = [p for p in active_players(state) if is_red(state, p)]
    for p in forgotten:
        pl = state["players"][p]
        _remove_figures(state, p, keep_guardians=False)  # ANKH-R156 / B25
        _destroy_monuments(state, p)
        pl["followers"] = 0
        pl["warriors"] = 0
        pl["guardians"] = []
        for other in state["players"]:  # ANKH-R115
            while p in other["prisoners"]:
                other["prisoners"].remove(p)
        if "anubis" in pl["gods"]:
            for victim in pl["prisoners"]:
                if not state["players"][victim]["forgotten"] and victim not in forgotten:
                    state["players"][victim]["warriors"] += 1
            pl["prisoners"] = []
        if "osiris" in pl["gods"]:  # ANKH-R124
            state["underworld"] = []
            pl["underworld_tokens"] = 0
        pl["forgotten"] = True
        events.append(
            Event("forgotten", msg("{god} is forgotten.", god=name(state, p)), {"player": p})
        )
    left = active_players(state)
    if not left:  # ANKH-R157 / B26
        finish(state, [], events, msg("every god is forgotten: Egypt turns atheist, nobody wins"))
    elif len(left) == 1:  # ANKH-R159
        finish(state, left, events, msg("{god} is the only god left", god=name(state, left[0])))


def final_scoring(state: State, events: list[Event]) -> None:
    """ANKH-R160: most devotion wins; the devotion stack breaks ties."""
    best = max(active_players(state), key=lambda p: devotion_key(state, p))
    finish(
        state,
        [best],
        events,
        msg("{god} has the most devotion after the last Conflict", god=name(state, best)),
    )


def gods_summary(state: State, players: list[int]) -> Msg:
    """Every god at the end: who played it, its devotion, merged or forgotten."""
    said: Msg | None = None
    for p in players:
        pl = state["players"][p]
        merged, forgotten = len(pl["seats"]) > 1, pl["forgotten"]
        who = {"god": name(state, p), "seats": seats_text(pl["seats"]), "devotion": pl["devotion"]}
        if merged and forgotten:
            text = msg("{god} ({seats}): {devotion} devotion, merged, forgotten", **who)
        elif merged:
            text = msg("{god} ({seats}): {devotion} devotion, merged", **who)
        elif forgotten:
            text = msg("{god} ({seats}): {devotion} devotion, forgotten", **who)
        else:
            text = msg("{god} ({seats}): {devotion} devotion", **who)
        said = text if said is None else msg("{before}; {after}", before=said, after=text)
    return msg("Gods: {gods}.", gods=said if said is not None else "")


def final_result(state: State) -> Result:
    seats = state["seats"]
    scores = tuple(state["players"][state["seat_player"][s]]["devotion"] for s in range(seats))
    winners = state["winners"] or []
    if not winners:
        return Result(
            scores,
            tuple([seats] * seats),
            (),
            (
                msg("Every god was forgotten: there is no winner."),
                gods_summary(state, sorted(set(state["seat_player"]))),
            ),
        )

    def rank_key(player: int) -> tuple:
        pl = state["players"][player]
        return (player in winners, not pl["forgotten"], pl["devotion"], pl["stack"])

    players = sorted({state["seat_player"][s] for s in range(seats)}, key=rank_key, reverse=True)
    place_of = {}
    above = 0
    for p in players:  # competition ranking by seats
        place_of[p] = above + 1
        above += sum(1 for s in range(seats) if state["seat_player"][s] == p)
    places = tuple(place_of[state["seat_player"][s]] for s in range(seats))
    details = [decode(state["end_reason"])] if state["end_reason"] else []
    details.append(gods_summary(state, players))
    if any(len(state["players"][p]["seats"]) > 1 for p in players):
        details.append(msg("Merged seats share their god's place."))
    return Result(scores, places, tuple(devotion_ties(state, players)), tuple(details))


def devotion_ties(state: State, players: list[int]) -> list[Msg]:
    """ANKH-R160: gods (in ranking order) tied on devotion are ranked by the devotion stack."""
    groups: dict[tuple[bool, int], list[int]] = {}
    for p in players:
        pl = state["players"][p]
        groups.setdefault((pl["forgotten"], pl["devotion"]), []).append(p)
    return [
        msg(
            "Tied on {devotion} devotion, the devotion stack decides (higher pawn ranks "
            "first): {gods}.",
            devotion=devotion,
            gods=[name(state, p) for p in group],
        )
        for (_, devotion), group in groups.items()
        if len(group) > 1
    ]
