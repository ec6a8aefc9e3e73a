"""The turn (ANKH-R027..R036) and the four actions: Move Figures (R037..R040), Summon Figure
(R041/R042 with Pyramid attunement, Osiris, Ra, Apep, Anubis prisoners), Gain Followers (R043)
and Unlock Ankh Power (R044..R048)."""

from __future__ import annotations

from rules.ankh import events as event_track
from rules.ankh.board import LAND, NEIGHBORS, WATER, hex_group, within
from rules.ankh.data import (
    A_FIGURE,
    ACTION_LABELS,
    ACTIONS,
    GUARDIAN_NAMES,
    GUARDIAN_SIZE,
    GUARDIAN_SYMBOL_UNLOCKS,
    LARGE_BASES,
    MOVE_RANGE,
    POWER_NAMES,
    POWERS,
    POWERS_PER_LEVEL,
    PRISONER_RANSOM,
    SMALL_BASES,
    UNLOCK_LEVELS,
)
from rules.ankh.flow import pop, push
from rules.ankh.state import (
    State,
    adjacency,
    adjacent,
    adjacent_hexes,
    can_stand,
    decider,
    figure_label,
    has_god,
    has_power,
    name,
    player_of,
)
from rules.core import Decision, Event, Option
from rules.text import msg

BACK = "back"  # Summon: choose another figure (a step back in the menu, commits to nothing)
NAVIGATION = frozenset({BACK})


# --- turn -----------------------------------------------------------------------------
def start_turn(state: State, seat: int) -> None:
    state["turn"] = {"seat": seat, "taken": []}
    push(state, {"t": "action", "seat": seat, "n": 1, "min": -1})


def action_decision(state: State, task: dict) -> list[Decision]:
    seat = task["seat"]
    opts = []
    for row, action in enumerate(ACTIONS):
        if row <= task["min"]:
            continue  # ANKH-R033: the second action comes from a lower row
        pos, length = state["tracks"][action], state["track_len"][action]
        label = ACTION_LABELS[action]
        if pos + 1 == length:
            label = msg("{action} (triggers the event)", action=label)
        opts.append(
            Option(f"act:{action}", label, msg("marker {pos}/{length}", pos=pos + 1, length=length))
        )
    god = name(state, player_of(state, seat))
    if task["n"] == 1:
        prompt = msg("{god}: choose your first action.", god=god)
    else:
        prompt = msg("{god}: choose your second action.", god=god)
    return [Decision(seat, "action", prompt, tuple(opts))]


def apply_action(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    pop(state)
    action = option_id.split(":", 1)[1]
    player = player_of(state, seat)
    state["tracks"][action] += 1  # ANKH-R029
    triggered = state["tracks"][action] >= state["track_len"][action]  # ANKH-R031
    state["turn"]["taken"].append(action)
    events.append(
        Event(
            "action",
            msg("{god} takes {action}.", god=name(state, player), action=ACTION_LABELS[action]),
            {"action": action, "event": triggered},
            seat=seat,
        )
    )
    after = {
        "t": "after_action",
        "seat": seat,
        "n": task["n"],
        "action": action,
        "event": triggered,
    }
    if action == "move":
        push(state, {"t": "move", "seat": seat, "p": player, "moved": [], "sel": None}, after)
    elif action == "summon":
        push(state, new_summon(state, seat, player), after)
    elif action == "followers":
        gain_followers(state, player, events)
        push(state, after)
    else:
        push(state, *start_unlock(state, seat, player, events), after)


def after_action(state: State, task: dict, events: list[Event]) -> None:
    seat, action = task["seat"], task["action"]
    player = player_of(state, seat)
    end = {"t": "end_turn", "seat": seat}
    if task["event"]:
        # ANKH-R031/R032: resolve the event, then the marker goes back; the turn ends
        push(
            state,
            *event_track.trigger(state, player, events),
            {"t": "reset_marker", "action": action},
            end,
        )
        return
    merged = len(state["players"][player]["seats"]) > 1
    if task["n"] == 1 and action != "unlock" and not merged:  # ANKH-R033/R034/R036
        push(state, {"t": "action", "seat": seat, "n": 2, "min": ACTIONS.index(action)})
    else:
        push(state, end)


def reset_marker(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R031: after the event the marker returns to its start space."""
    state["tracks"][task["action"]] = 0


def end_turn(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R027: the next seat clockwise whose god is still in the game."""
    seats = state["seats"]
    seat = task["seat"]
    for step in range(1, seats + 1):
        nxt = (seat + step) % seats
        if not state["players"][player_of(state, nxt)]["forgotten"]:
            start_turn(state, nxt)
            return


# --- Move Figures ---------------------------------------------------------------------
def push_targets(state: State, target: str, origin: str, pushed_owner: int) -> list[str]:
    """B22: empty land spaces sharing an edge with the pushed figure's space."""
    out = []
    for n in NEIGHBORS[target]:
        if n == origin:
            ok = n in LAND and (
                n not in state["underworld"] or has_god(state, pushed_owner, "osiris")
            )
        else:
            ok = can_stand(state, n, pushed_owner)
        if ok:
            out.append(n)
    return out


def destinations(state: State, origin: str) -> list[str]:
    """ANKH-R037..R039: up to 3 spaces, through anything, ending on an empty land space."""
    fig = state["figures"][origin]
    owner = fig["owner"]
    out = []
    for h in within(origin, MOVE_RANGE):
        if h in WATER:
            continue  # ANKH-R039 / R133: never end a move on water
        if can_stand(state, h, owner):
            out.append(h)
        elif fig["kind"] == "satet" and h in state["figures"] and h not in state["monuments"]:
            enemy = state["figures"][h]  # ANKH-R130/R131
            if enemy["owner"] != owner and (
                h not in state["underworld"] or has_god(state, owner, "osiris")
            ):
                if push_targets(state, h, origin, enemy["owner"]):
                    out.append(h)
    return out


def move_decision(state: State, task: dict) -> list[Decision]:
    seat, player = task["seat"], task["p"]
    if task["sel"] is None:
        opts = [
            Option(f"fig:{h}", msg("Move {figure} on {hex}", figure=figure_label(state, f), hex=h))
            for h, f in sorted(state["figures"].items())
            if f["owner"] == player and h not in task["moved"] and destinations(state, h)
        ]
        if not opts:
            return []
        opts.append(Option("done", msg("Stop moving")))
        return [
            Decision(
                seat,
                "move",
                msg(
                    "{god}: pick a figure to move (each up to {n} spaces).",
                    n=MOVE_RANGE,
                    god=name(state, player),
                ),
                tuple(opts),
            )
        ]
    origin = task["sel"]
    opts = [
        Option(f"to:{h}", msg("To {hex}", hex=h), group=hex_group(h))
        for h in destinations(state, origin)
    ]
    opts.append(Option("stay", msg("Leave it on {hex}", hex=origin)))
    return [
        Decision(
            seat, "move_to", msg("Where does the figure on {hex} go?", hex=origin), tuple(opts)
        )
    ]


def apply_move(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    if option_id == "done":
        pop(state)
        return
    if option_id.startswith("fig:"):
        task["sel"] = option_id[4:]
        return
    origin = task["sel"]
    task["sel"] = None
    if option_id == "stay":
        task["moved"].append(origin)
        return
    dest = option_id[3:]
    fig = state["figures"].pop(origin)
    follow: list[dict] = []
    if dest in state["figures"]:  # ANKH-R130: Satet pushes the enemy figure
        pushed = state["figures"].pop(dest)
        follow.append(
            {
                "t": "push",
                "seat": seat,
                "p": task["p"],
                "hex": dest,
                "origin": origin,
                "fig": pushed,
            }
        )
    state["figures"][dest] = fig
    task["moved"].append(dest)
    events.append(
        Event(
            "move",
            msg(
                "{figure} moves {origin} → {dest}.",
                figure=figure_label(state, fig),
                origin=origin,
                dest=dest,
            ),
            {"from": origin, "to": dest},
            seat=seat,
        )
    )
    if fig["kind"] == "giant_scorpion":  # ANKH-R137
        follow.append({"t": "aim", "seat": seat, "p": task["p"], "hex": dest})
    if follow:
        push(state, *follow)


def push_decision(state: State, task: dict) -> list[Decision]:
    targets = push_targets(state, task["hex"], task["origin"], task["fig"]["owner"])
    opts = tuple(
        Option(f"push:{h}", msg("Push it to {hex}", hex=h), group=hex_group(h)) for h in targets
    )
    return [
        Decision(
            task["seat"],
            "push",
            msg(
                "Satet pushes {figure} off {hex}: where to?",
                figure=figure_label(state, task["fig"]),
                hex=task["hex"],
            ),
            opts,
        )
    ]


def apply_push(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    pop(state)
    dest = option_id[5:]
    state["figures"][dest] = task["fig"]
    events.append(
        Event(
            "push",
            msg(
                "Satet pushes {figure} to {hex}.", figure=figure_label(state, task["fig"]), hex=dest
            ),
            {"from": task["hex"], "to": dest},
            seat=seat,
        )
    )
    if task["fig"]["kind"] == "giant_scorpion":  # ANKH-R137: moved under any circumstances
        owner = task["fig"]["owner"]
        push(state, {"t": "aim", "seat": decider(state, owner), "p": owner, "hex": dest})


def aim_pairs(hex_: str) -> list[tuple[str, str]]:
    ns = NEIGHBORS[hex_]
    return sorted({(a, b) for a in ns for b in ns if a < b and b in NEIGHBORS[a]})


def aim_decision(state: State, task: dict) -> list[Decision]:
    if task["hex"] not in state["figures"]:
        return []
    opts = tuple(
        Option(f"aim:{a}+{b}", msg("Aim at {a} and {b}", a=a, b=b))
        for a, b in aim_pairs(task["hex"])
    )
    return [
        Decision(
            task["seat"], "aim", msg("Aim the Giant Scorpion's claws at 2 touching spaces."), opts
        )
    ]


def apply_aim(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    pop(state)
    a, b = option_id[4:].split("+")
    state["figures"][task["hex"]]["aim"] = [a, b]
    events.append(
        Event(
            "aim",
            msg("The Giant Scorpion on {hex} aims at {a} and {b}.", hex=task["hex"], a=a, b=b),
            {"hex": task["hex"], "aim": [a, b]},
            seat=seat,
        )
    )


# --- Summon Figure --------------------------------------------------------------------
def new_summon(state: State, seat: int, player: int) -> dict:
    pyramids = []
    if has_power(state, player, "pyramid_attunement"):  # ANKH-R103
        pyramids = sorted(
            h
            for h, m in state["monuments"].items()
            if m["owner"] == player and m["type"] == "pyramid"
        )
    return {
        "t": "summon",
        "seat": seat,
        "p": player,
        "regular": True,
        "pyramids": pyramids,
        "underworld": has_god(state, player, "osiris"),
        "piece": None,
    }


def prison_of(state: State, player: int) -> int | None:
    """The Anubis player holding one of ``player``'s warriors, if any."""
    for i, pl in enumerate(state["players"]):
        if i != player and player in pl["prisoners"]:
            return i
    return None


def summon_spaces(state: State, task: dict, kind: str) -> list[str]:
    player = task["p"]
    out: set[str] = set()
    if task["regular"]:  # ANKH-R041
        adj = adjacency(state)
        anchors = [h for h, f in state["figures"].items() if f["owner"] == player]
        anchors += [h for h, m in state["monuments"].items() if m["owner"] == player]
        for a in anchors:
            out.update(h for h in adj[a] if can_stand(state, h, player))
        if kind == "apep":  # ANKH-R132
            out.update(w for w in WATER if w not in state["figures"])
    for pyr in task["pyramids"]:
        out.update(h for h in adjacent_hexes(state, pyr) if can_stand(state, h, player))
    if task["underworld"]:  # ANKH-R121
        out.update(h for h in state["underworld"] if h not in state["figures"])
    return sorted(out)


def summon_pieces(state: State, task: dict) -> list[str]:
    pl = state["players"][task["p"]]
    pieces = []
    if pl["warriors"] > 0:
        pieces.append("warrior")
    pieces.extend(sorted(set(pl["guardians"])))
    if pl["followers"] >= PRISONER_RANSOM and prison_of(state, task["p"]) is not None:
        pieces.append("prisoner")  # ANKH-R114
    return [k for k in pieces if summon_spaces(state, task, "warrior" if k == "prisoner" else k)]


def summon_decision(state: State, task: dict) -> list[Decision]:
    seat, player = task["seat"], task["p"]
    if task["piece"] is None:
        pieces = summon_pieces(state, task)
        if not pieces:
            return []
        labels = {
            "warrior": msg("A warrior"),
            "prisoner": msg(
                "An imprisoned warrior (pay {n} {n:plural:follower|followers})", n=PRISONER_RANSOM
            ),
        }
        opts = [Option(f"pc:{k}", labels.get(k, GUARDIAN_NAMES.get(k, k))) for k in pieces]
        opts.append(Option("done", msg("Summon nothing more")))
        return [
            Decision(
                seat,
                "summon",
                msg("{god}: which figure do you summon?", god=name(state, player)),
                tuple(opts),
            )
        ]
    kind = "warrior" if task["piece"] == "prisoner" else task["piece"]
    opts = [
        Option(f"at:{h}", msg("On {hex}", hex=h), group=hex_group(h))
        for h in summon_spaces(state, task, kind)
    ]
    opts.append(Option(BACK, msg("Choose another figure")))
    return [Decision(seat, "summon_at", msg("Where do you summon it?"), tuple(opts))]


def place_summoned(
    state: State,
    seat: int,
    player: int,
    kind: str,
    hex_: str,
    events: list[Event],
    follow: list[dict],
) -> None:
    state["figures"][hex_] = {"kind": kind, "owner": player, "radiant": False, "aim": None}
    events.append(
        Event(
            "summon",
            msg(
                "{god} summons {figure} on {hex}.",
                god=name(state, player),
                figure=A_FIGURE[kind],
                hex=hex_,
            ),
            {"hex": hex_, "kind": kind, "player": player},
            seat=seat,
        )
    )
    if has_god(state, player, "ra") and state["players"][player]["suns"] > 0:
        follow.append({"t": "sun", "seat": seat, "p": player, "hex": hex_})  # ANKH-R125
    if kind == "giant_scorpion":
        follow.append({"t": "aim", "seat": seat, "p": player, "hex": hex_})  # ANKH-R137


def apply_summon(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    if option_id == "done":
        pop(state)
        return
    if option_id == BACK:
        task["piece"] = None
        return
    if option_id.startswith("pc:"):
        task["piece"] = option_id[3:]
        return
    hex_ = option_id[3:]
    player = task["p"]
    pl = state["players"][player]
    piece = task["piece"]
    task["piece"] = None
    kind = piece
    if piece == "warrior":
        pl["warriors"] -= 1
    elif piece == "prisoner":  # ANKH-R114
        jailer = prison_of(state, player)
        state["players"][jailer]["prisoners"].remove(player)
        pl["followers"] -= PRISONER_RANSOM
        state["players"][jailer]["followers"] += PRISONER_RANSOM
        kind = "warrior"
    else:
        pl["guardians"].remove(piece)
    # Which summon this was: an extra one when it qualifies (ANKH-R103, R121, R134).
    pyr = next((p for p in task["pyramids"] if adjacent(state, p, hex_)), None)
    if pyr is not None and hex_ in LAND:
        task["pyramids"].remove(pyr)
    elif task["underworld"] and hex_ in state["underworld"]:
        task["underworld"] = False
    else:
        task["regular"] = False
    follow: list[dict] = []
    place_summoned(state, seat, player, kind, hex_, events, follow)
    if not task["regular"] and not task["pyramids"] and not task["underworld"]:
        pop(state)
    if follow:
        push(state, *follow)


def sun_decision(state: State, task: dict) -> list[Decision]:
    fig = state["figures"].get(task["hex"])
    if fig is None or fig["owner"] != task["p"] or state["players"][task["p"]]["suns"] <= 0:
        return []
    return [
        Decision(
            task["seat"],
            "sun",
            msg("Attach a sun token to the figure on {hex}?", hex=task["hex"]),
            (Option("sun:yes", msg("Yes, make it Radiant")), Option("sun:no", msg("No"))),
        )
    ]


def apply_sun(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    pop(state)
    if option_id == "sun:yes":
        state["figures"][task["hex"]]["radiant"] = True
        state["players"][task["p"]]["suns"] -= 1
        events.append(
            Event(
                "sun",
                msg("The figure on {hex} is Radiant.", hex=task["hex"]),
                {"hex": task["hex"]},
                seat=seat,
            )
        )


# --- Gain Followers -------------------------------------------------------------------
def gain_followers(state: State, player: int, events: list[Event]) -> int:
    """ANKH-R043 (+ Revered ANKH-R098)."""
    count = 0
    for h, m in state["monuments"].items():
        if m["owner"] not in (None, player):
            continue
        if any(
            n in state["figures"] and state["figures"][n]["owner"] == player
            for n in adjacent_hexes(state, h)
        ):
            count += 1
    if has_power(state, player, "revered"):
        count += 1
    state["players"][player]["followers"] += count
    events.append(
        Event(
            "followers",
            msg(
                "{god} gains {count} {count:plural:follower|followers}.",
                god=name(state, player),
                count=count,
            ),
            {"player": player, "amount": count},
        )
    )
    return count


# --- Unlock Ankh Power ----------------------------------------------------------------
def start_unlock(state: State, seat: int, player: int, events: list[Event]) -> list[dict]:
    pl = state["players"][player]
    if pl["unlocks"] >= len(UNLOCK_LEVELS):
        events.append(Event("unlock", msg("No ankh token left on the dashboard: nothing happens.")))
        return []  # ANKH-R045
    level = UNLOCK_LEVELS[pl["unlocks"]]
    if pl["followers"] < level:
        events.append(
            Event(
                "unlock",
                msg(
                    "{god} has fewer than {level} {level:plural:follower|followers}: nothing "
                    "happens.",
                    god=name(state, player),
                    level=level,
                ),
            )
        )
        return []
    second = len(state["turn"]["taken"]) > 1
    return [{"t": "unlock", "seat": seat, "p": player, "level": level, "optional": second}]


def unlock_decision(state: State, task: dict) -> list[Decision]:
    pl = state["players"][task["p"]]
    level = task["level"]
    locked = [p for p in POWERS[level] if p not in pl["powers"]]
    if sum(1 for p in POWERS[level] if p in pl["powers"]) >= POWERS_PER_LEVEL:
        return []  # ANKH-R046 (cannot happen with 2 tokens per level; kept as a guard)
    opts = [
        Option(
            f"power:{p}",
            POWER_NAMES[p],
            msg("level {level}, costs {level} {level:plural:follower|followers}", level=level),
        )
        for p in locked
    ]
    if task.get("optional"):  # ANKH-R033: a second action may be declined
        opts.append(Option("skip", msg("Unlock nothing")))
    return [
        Decision(
            task["seat"],
            "unlock",
            msg(
                "Unlock a level-{level} ankh power "
                "(sacrifice {level} {level:plural:follower|followers}).",
                level=level,
            ),
            tuple(opts),
        )
    ]


def free_base(state: State, player: int, size: str) -> bool:
    """ANKH-R048: a guardian needs a free base of its size (2 large, 2 small)."""
    used = sum(
        1
        for f in state["figures"].values()
        if f["owner"] == player and GUARDIAN_SIZE.get(f["kind"]) == size
    )
    used += sum(1 for g in state["players"][player]["guardians"] if GUARDIAN_SIZE[g] == size)
    return used < (LARGE_BASES if size == "large" else SMALL_BASES)


def apply_unlock(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    pop(state)
    if option_id == "skip":
        return
    player, level = task["p"], task["level"]
    pl = state["players"][player]
    power = option_id.split(":", 1)[1]
    pl["followers"] -= level  # ANKH-R044
    pl["unlocks"] += 1
    pl["powers"].append(power)
    events.append(
        Event(
            "unlock",
            msg("{god} unlocks {power}.", god=name(state, player), power=POWER_NAMES[power]),
            {"player": player, "power": power},
            seat=seat,
        )
    )
    if pl["unlocks"] in GUARDIAN_SYMBOL_UNLOCKS:  # ANKH-R047 / B7
        card = state["guardian_cards"][str(level)]
        kind = card["kind"]
        if card["left"] > 0 and free_base(state, player, GUARDIAN_SIZE[kind]):
            card["left"] -= 1
            pl["guardians"].append(kind)
            pl["guardians"].sort()
            events.append(
                Event(
                    "guardian",
                    msg(
                        "{god} takes {guardian} into reserve.",
                        god=name(state, player),
                        guardian=A_FIGURE[kind],
                    ),
                    {"player": player, "kind": kind},
                )
            )
