"""Rules that look across the steps of a turn.

- B07/B08 ("any time during your turn: gain 3 Population or 3 Happiness", TEK-R228/R229) are
  offered at every point of the turn where playing them can change something: with the die
  (``modify``), at the action choice, the order of an extra action, T19, before every later
  action of the turn (``before_action``), at Thoth's section choice, at a Happiness-21 extra
  action, and at the start and the end of the turn (``turn_start``/``turn_end``). Why the
  other decisions need no offer: ``docs/notation/tekhenu.md``, "Rules followed exactly?".
- An extra action (B17..B20, TEK-R238..R241) is offered only when it can be performed,
  before or after the regular action; once declared, every later choice of the turn keeps it
  and the regular action performable (likewise a chosen God action against T19's cost).
  Both are decided by a probe: a search over the player's own choices of this
  turn on copies of the state (no hidden card is drawn: a market refresh is assumed to bring
  the same cards).
"""

from __future__ import annotations

import pickle
from dataclasses import replace

from rules.core import Decision, Event, Option, clone_state
from rules.tekhenu import machine
from rules.tekhenu.data import GOD_NAMES, WORDS
from rules.tekhenu.state import State, held_blessing, pay
from rules.tekhenu.tracks import discard_blessing, gain_happiness, gain_population
from rules.text import msg, term

ANYTIME = ("modify", "choose_action", "extra_order", "t19", "before_action", "thoth", "extra_pick")
PROBE_LIMIT = 4000  # nodes; beyond it the probe answers "no" (never reached in playouts)


# --- B07/B08 any time during the turn --------------------------------------------------------
def turn_seat(state: State) -> int | None:
    turn = state.get("turn")
    if not turn or state["phase"] != "turns":
        return None
    return turn["seat"]


def b07_options(state: State, frame: dict, made):
    if frame["k"] not in ANYTIME or isinstance(made, list):
        return made
    seat = turn_seat(state)
    if seat is None or made.seat != seat:
        return made
    card = held_blessing(state["players"][seat], "B07", "B08")
    if card is None:
        return made
    extra = (
        Option(f"bless:{card}:population", msg("Play {card}: +3 Population", card=card)),
        Option(f"bless:{card}:happiness", msg("Play {card}: +3 Happiness", card=card)),
    )
    return replace(made, options=made.options + extra)


def play_b07(state: State, seat: int, card: str, what: str, events: list[Event]) -> None:
    """TEK-R228/R229: B07/B08, any time during your turn: +3 Population or +3 Happiness."""
    discard_blessing(state, seat, card, events)
    if what == "population":
        gain_population(state, seat, 3, events)
    else:
        gain_happiness(state, seat, 3, events)


def b07_apply(state: State, frame: dict, option: str, events: list[Event]) -> bool:
    if frame["k"] not in ANYTIME or not option.startswith(("bless:B07:", "bless:B08:")):
        return False
    _b, card, what = option.split(":")
    state["stack"].append(frame)  # the same decision again, after the Blessing
    play_b07(state, frame["s"], card, what, events)
    return True


def pause_before(state: State, ctx: dict) -> bool:
    """Before a later action of the turn (an earlier one has changed the board), a held
    B07/B08 may be played: Happiness can make an Osiris or a Thoth possible, Population
    lifts the Happiness cap, the Happiness 16/19 rewards pay costs."""
    turn = state.get("turn")
    if ctx.get("paused") or not turn or turn["seat"] != ctx["s"] or not turn.get("acted"):
        return False
    if ctx["src"] in ("h21", "d23"):
        return False  # chosen at the extra_pick/extra_value decisions just before
    return held_blessing(state["players"][ctx["s"]], "B07", "B08") is not None


def before_action_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    what = (
        msg("{god} action", god=GOD_NAMES[ctx["god"]])
        if ctx.get("god")
        else msg("{res} Production", res=WORDS[ctx["res"]])
    )
    return Decision(
        ctx["s"],
        "before_action",
        msg("Before your {what}: play a Blessing?", what=what),
        (Option("go", msg("Go on")),),
    )


def before_action_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    ctx["paused"] = True
    state["stack"].append({"k": "action", "ctx": ctx})


# --- extra actions that can be performed ----------------------------------------------------
def note_start(state: State, ctx: dict, possible: bool) -> None:
    """An action of the turn starts: count the extra actions (B17..B20) and the regular one,
    the actions the turn owes once declared or chosen."""
    turn = state.get("turn")
    if not turn or turn["seat"] != ctx["s"]:
        return
    if ctx["src"] == "extra":
        turn["extra_started"] = turn.get("extra_started", 0) + 1
        if not possible:
            turn["extra_failed"] = True
    elif ctx["src"] in ("die", "anubis"):
        turn["regular_started"] = True
        if not possible:
            turn["regular_failed"] = True
    else:
        return
    if state.get("probe"):
        if not possible:
            state["probe_failed"] = True
        elif ctx["src"] == "extra":
            state["probe_ok"] = state.get("probe_ok", 0) + 1
        else:
            state["probe_regular"] = True


def extras_pending(state: State) -> bool:
    """Is an extra action declared and not started, or a regular God action chosen (so that
    T19 or an extra action first could still spoil it) and not started?"""
    turn = state.get("turn")
    if not turn or turn.get("extra_failed") or turn.get("regular_failed"):
        return False
    if turn.get("extras") and turn.get("extra_started", 0) < len(turn["extras"]):
        return True
    return turn.get("action") in GOD_NAMES and not turn.get("regular_started")


def probe_ids(frame: dict, decision: Decision) -> list[str]:
    ids = [
        opt.id for opt in decision.options if opt.id != "pass" and not opt.id.startswith("extra:")
    ]
    if frame["k"] == "ra_rot":
        return ids[:1]  # the rotation changes VP only, never what can be done next
    if frame["k"] in ("modify", "extra_order"):
        ids.sort(key=lambda i: i not in ("done", "extra_first"))  # the short paths first
    return ids


def answer(state: State, option: str) -> State:
    """A probe copy of ``state`` after ``option`` (a market refresh is paid, its section is
    kept: no hidden card is drawn)."""
    child = clone_state(state)
    child["probe"] = True
    frame = child["stack"].pop()
    events: list[Event] = []
    if frame["k"] == "thoth" and option.startswith("refresh:"):
        pay(child, frame["ctx"]["s"], {"papyrus": 1}, term("refresh"), events)
        frame["refreshed"].append(int(option.split(":")[1]) - 1)
        child["stack"].append(frame)
    else:
        machine.apply(child, frame, option, events)
    machine.advance(child, events)
    for player in child["players"]:  # the order of a hand never matters: fewer probe states
        for cards in ("blessings", "technologies", "decrees"):
            player[cards].sort()
    return child


_CACHE: dict[bytes, bool] = {}


def performable(state: State) -> bool:
    """Is there a sequence of this player's own choices in which every declared extra action
    and the regular action are performed (the regular action is not a pass)? (Cached: the
    same state is asked about by every call of ``pending``.)"""
    key = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
    if key not in _CACHE:
        if len(_CACHE) > 256:
            _CACHE.clear()
        _CACHE[key] = _performable(state)
    return _CACHE[key]


def _performable(state: State) -> bool:
    seen: set[bytes] = set()

    def search(here: State) -> bool:
        if here.get("probe_failed"):
            return False
        if here["probe_ok"] >= needed and (here.get("probe_regular") or not regular):
            return True
        turn = here.get("turn")
        if not turn or not turn.get("probed"):
            return False  # the turn is over (a new turn has no mark)
        if here["phase"] != "turns" or not here["stack"] or len(seen) > PROBE_LIMIT:
            return False
        key = pickle.dumps(here, pickle.HIGHEST_PROTOCOL)
        if key in seen:
            return False
        seen.add(key)
        frame = here["stack"][-1]
        decision = machine.decisions(here, frame)[0]
        if decision.seat != turn["seat"]:
            return False
        return any(search(answer(here, option)) for option in probe_ids(frame, decision))

    turn = state.get("turn")
    if not turn or turn.get("extra_failed") or turn.get("regular_failed"):
        return False
    needed = len(turn["extras"]) - turn.get("extra_started", 0)
    regular = not turn.get("regular_started")  # the regular action is owed too
    probe = clone_state(state)
    probe["probe"] = True
    probe["probe_ok"] = 0  # extra actions started and possible, counted by start_action
    probe["turn"]["probed"] = True
    return search(probe)


def possible_after(state: State, frame: dict, option: str) -> bool:
    """Would the turn still let every declared extra action be performed after ``option``
    at the decision ``frame`` (on top of the stack)?"""
    del frame
    return performable(answer(state, option))


def keep_extras_possible(state: State, frame: dict, made):
    """Once an extra action is declared (or the regular God action chosen), offer only the
    choices that keep the actions the turn owes performable."""
    if state.get("probe") or isinstance(made, list) or not extras_pending(state):
        return made
    if made.seat != state["turn"]["seat"]:
        return made
    kept = tuple(
        opt
        for opt in made.options
        if opt.id.startswith("extra:") or possible_after(state, frame, opt.id)
    )
    return replace(made, options=kept) if kept else made
