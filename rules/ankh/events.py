"""The event track (ANKH-R049): Control Monument (R050..R052) and Camel Caravan (R053..R056).
Conflict lives in ``conflict``."""

from __future__ import annotations

from rules.ankh.board import compute_regions, edge, valid_lines
from rules.ankh.data import EVENT_LABELS, EVENT_TRACK
from rules.ankh.flow import pop, push
from rules.ankh.state import State, adjacent_hexes, ankh_reserve, name, region_land
from rules.core import Decision, Event, Option


def trigger(state: State, player: int, events: list[Event]) -> list[dict]:
    """Move the event marker one space and return the tasks of that event (ANKH-R031)."""
    state["event_pos"] += 1
    kind = EVENT_TRACK[state["event_pos"] - 1]
    seat = state["turn"]["seat"]
    events.append(Event("event", f"Event: {EVENT_LABELS[kind]}.",
                        {"event": kind, "position": state["event_pos"]}))
    if kind == "control":
        return [{"t": "control", "seat": seat, "p": player}]
    if kind == "caravan":
        return [{"t": "caravan", "seat": seat, "p": player, "line": []}]
    return [{"t": "conflict", "seat": seat, "p": player}]


# --- Control Monument -----------------------------------------------------------------
def control_targets(state: State, player: int) -> list[str]:
    if ankh_reserve(state, player) <= 0:
        return []  # ANKH-R052

    def near(h: str) -> bool:
        return any(n in state["figures"] and state["figures"][n]["owner"] == player
                   for n in adjacent_hexes(state, h))

    neutral = [h for h, m in state["monuments"].items() if m["owner"] is None]
    if neutral:  # ANKH-R050
        return sorted(h for h in neutral if near(h))
    return sorted(h for h, m in state["monuments"].items()  # ANKH-R051
                  if m["owner"] is not None and m["owner"] != player and near(h))


def control_decision(state: State, task: dict) -> list[Decision]:
    targets = control_targets(state, task["p"])
    if not targets:
        return []
    opts = [Option(f"ctl:{h}", f"Take the {state['monuments'][h]['type']} on {h}")
            for h in targets]
    opts.append(Option("skip", "Take no monument"))
    return [Decision(task["seat"], "control", f"{name(state, task['p'])}: Control Monument — "
                                              "put an ankh token on a monument.", tuple(opts))]


def apply_control(state: State, task: dict, seat: int, option_id: str,
                  events: list[Event]) -> None:
    pop(state)
    if option_id == "skip":
        return
    hex_ = option_id[4:]
    mon = state["monuments"][hex_]
    old = mon["owner"]
    mon["owner"] = task["p"]
    whose = "a neutral" if old is None else f"{name(state, old)}'s"
    events.append(Event("control", f"{name(state, task['p'])} takes {whose} {mon['type']} on "
                                   f"{hex_}.", {"hex": hex_, "from": old, "to": task["p"]},
                        seat=seat))


# --- Camel Caravan --------------------------------------------------------------------
def _camels(state: State) -> frozenset:
    return frozenset(tuple(e) for e in state["camels"])


def open_lines(state: State, line: list) -> list[frozenset]:
    chosen = {tuple(e) for e in line}
    return [ln for ln in valid_lines(_camels(state))
            if len(ln) <= state["camel_supply"] and chosen <= ln]


def caravan_decision(state: State, task: dict) -> list[Decision]:
    lines = open_lines(state, task["line"])
    if not lines:
        return []
    chosen = {tuple(e) for e in task["line"]}
    edges = sorted({e for ln in lines for e in ln} - chosen)
    opts = [Option(f"camel:{a}-{b}", f"Camel between {a} and {b}") for a, b in edges]
    if frozenset(chosen) in lines:
        opts.append(Option("done", "Finish the line here"))
    if not chosen:
        opts.append(Option("skip", "Place no camels"))
    placed = len(chosen)
    return [Decision(task["seat"], "caravan", f"{name(state, task['p'])}: Camel Caravan — "
                                              f"place a camel ({placed} placed, at most 6).",
                     tuple(opts))]


def apply_caravan(state: State, task: dict, seat: int, option_id: str,
                  events: list[Event]) -> None:
    if option_id == "skip":
        pop(state)
        return
    if option_id.startswith("camel:"):
        a, b = option_id[6:].split("-")
        task["line"].append(list(edge(a, b)))
        return
    pop(state)
    place_line(state, task, [tuple(e) for e in task["line"]], events)


def place_line(state: State, task: dict, line: list[tuple[str, str]],
               events: list[Event]) -> None:
    """Put the camels down, split the region (ANKH-R054) and ask for the tokens (R055/R056)."""
    before = region_land(state)
    state["camels"] = sorted([list(e) for e in _camels(state) | set(line)])
    state["camel_supply"] -= len(line)
    comps = compute_regions(_camels(state))
    old = next(r for r in state["regions"]
               if before[r["name"]] not in comps)
    parts = sorted((c for c in comps if c < before[old["name"]]), key=lambda c: min(c))
    names = [f"{old['name']}{i + 1}" for i in range(len(parts))]
    idx = state["regions"].index(old)
    state["regions"][idx:idx + 1] = [{"name": n, "token": None, "seed": min(c)}
                                     for n, c in zip(names, parts, strict=True)]
    events.append(Event("caravan", f"{len(line)} camels split {old['name']} into "
                                   f"{' and '.join(names)}.",
                        {"camels": [list(e) for e in sorted(line)], "old": old["name"],
                         "new": names}, seat=task["seat"]))
    push(state, {"t": "keep", "seat": task["seat"], "p": task["p"], "new": names,
                 "token": old["token"]},
         {"t": "swap", "seat": task["seat"], "p": task["p"], "new": names, "pick": None})


def region_by_name(state: State, region: str) -> dict:
    return next(r for r in state["regions"] if r["name"] == region)


def keep_decision(state: State, task: dict) -> list[Decision]:
    opts = tuple(Option(f"keep:{n}", f"{n} keeps token {task['token']}") for n in task["new"])
    return [Decision(task["seat"], "caravan_keep", "Which new region keeps the old "
                                                   "conflict-order token?", opts)]


def apply_keep(state: State, task: dict, seat: int, option_id: str,
               events: list[Event]) -> None:
    pop(state)
    keep = option_id[5:]
    other = next(n for n in task["new"] if n != keep)
    region_by_name(state, keep)["token"] = task["token"]
    state["order_tokens"].sort()
    token = state["order_tokens"].pop(0)  # ANKH-R055: the lowest token in the supply
    region_by_name(state, other)["token"] = token
    events.append(Event("tokens", f"{keep} keeps token {task['token']}; {other} takes token "
                                  f"{token}.", {keep: task["token"], other: token}, seat=seat))


def swap_decision(state: State, task: dict) -> list[Decision]:
    if task["pick"] is None:
        opts = [Option(f"swap:{n}", f"Swap the token of {n}") for n in task["new"]]
        opts.append(Option("skip", "Swap nothing"))
        return [Decision(task["seat"], "caravan_swap", "Swap a new region's conflict-order "
                                                       "token with another?", tuple(opts))]
    opts = [Option(f"with:{r['name']}", f"With {r['name']} (token {r['token']})")
            for r in state["regions"] if r["name"] != task["pick"]]
    return [Decision(task["seat"], "caravan_swap_with", f"Swap {task['pick']}'s token with "
                                                        "which region?", tuple(opts))]


def apply_swap(state: State, task: dict, seat: int, option_id: str,
               events: list[Event]) -> None:
    if option_id.startswith("swap:"):
        task["pick"] = option_id[5:]
        return
    pop(state)
    if option_id == "skip":
        return
    a = region_by_name(state, task["pick"])
    b = region_by_name(state, option_id[5:])
    a["token"], b["token"] = b["token"], a["token"]  # ANKH-R056
    events.append(Event("tokens", f"{a['name']} and {b['name']} swap conflict-order tokens.",
                        {a["name"]: a["token"], b["name"]: b["token"]}, seat=seat))

