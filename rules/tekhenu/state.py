"""The Tekhenu game state (a plain JSON dict) and the helpers every module shares.

Layout (all keys strings, all values plain JSON):

- ``seats`` (seats passed to new_game), ``n`` (players on the board: solo = 2), ``bot`` (bot's
  player index or None), ``options``, ``rng``;
- ``phase`` setup | turns | maat | over; ``flow`` the next automatic step; ``round``,
  ``rotations``, ``maat_phases``;
- ``disc_pos`` (ring index under the arrow), ``markers`` {id: ring index}, ``scored`` [ids];
- ``sections`` {god: [[colour, value], ...]}, ``bag`` {colour: n};
- ``horus_bonus`` [bonus per slot value 1..6], ``god_statues`` {god: [seat...]},
  ``people`` {space: seat|None}, ``people_gold`` {space: n}, ``row2_gold``;
- ``temple`` {space: [tile, rotation, owner]}, ``tbuild`` {space: seat}, ``osiris`` {space: seat};
- ``ra`` [tile|None]*3, ``pile`` [tiles, top = last];
- ``market`` [[card|None per slot] per section], ``market_open`` [bool]*4, ``decks``/``discards``
  {type: [cards, top = last]}; ``decree_bottom`` [[seat, card] by deck place from the bottom]:
  the Decrees returned at setup, each known to its seat only (absent in older stored states);
- ``order`` turn order (seats), ``turn_idx``, ``turn`` (the current turn's die and flags);
- ``players`` [per player dict, see new_player], ``stack`` (open steps, top = last),
  ``sealed`` {seat: option id} answers to the open sealed decision, ``log`` [[seat, vp, reason]].
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core import Event, Rng
from rules.tekhenu.data import (
    CARD_TEXT,
    DISC_PATTERN,
    GOD_NAMES,
    GODS,
    PIECES,
    PRODUCTION_START,
    PURITY,
    RESOURCES,
    RING,
    START,
    VP_START,
    WORDS,
)
from rules.text import Msg, encode, msg, seat_ref

State = dict[str, Any]


def new_player(bot: bool = False) -> dict[str, Any]:
    return {
        "vp": VP_START,
        "gold": 0 if bot else START["gold"],
        "scribe": 0 if bot else START["scribe"],
        "faith": 0,
        "res": {res: 0 for res in RESOURCES},
        "prod": {res: PRODUCTION_START for res in RESOURCES},
        "happiness": START["happiness"],
        "population": START["population"],
        "buildings": PIECES["buildings"],
        "pillars": PIECES["pillars"],
        "statues": PIECES["statues"],
        "statue_list": [],
        "left": [],
        "right": [],
        "below": [],
        "excess": 0,
        "faith_l": 0,
        "faith_r": 0,
        "maat": None,
        "blessings": [],
        "technologies": [],
        "decrees": [],
        "known": [],
        "revealed": None,
        "starting": [],
        "drawn": [],
        "destiny": None,
        "flags": {"h16": False, "h19": False, "h21": False},
        "bot_cards": [],
        "is_bot": bot,
    }


def seat_name(state: State, seat: int) -> str:
    if state["bot"] == seat:
        return "Botankhamun"
    return seat_ref(seat)  # the bot shows the player's name (rules.text.name_seats)


def card_said(card: str) -> Msg:
    """A card as players can read it in a public text: its code and its effect
    (``B11 “When you Produce: …”``), never the code alone."""
    return msg("{card} “{effect}”", card=card, effect=CARD_TEXT[card])


def god_name(god: str) -> str:
    return GOD_NAMES[god]


def humans(state: State) -> list[int]:
    return [seat for seat in range(state["n"]) if seat != state["bot"]]


def is_bot(state: State, seat: int) -> bool:
    return state["bot"] == seat


# --- randomness (TEK-R343) ---------------------------------------------------------------
def rng_of(state: State) -> Rng:
    return Rng(state["rng"])


def rand_below(state: State, n: int) -> int:
    rng = Rng(state["rng"])
    value = rng.randbelow(n)
    state["rng"] = rng.state
    return value


def shuffle(state: State, items: list[Any]) -> None:
    rng = Rng(state["rng"])
    rng.shuffle(items)
    state["rng"] = rng.state


# --- disc and dice (TEK-R039..R046) ------------------------------------------------------
def light_of(state: State, god: str) -> str:
    """B.1: light(god) = pattern[(ring - disc_pos) mod 6]."""
    return DISC_PATTERN[(RING[god] - state["disc_pos"]) % 6]


def purity(colour: str, light: str) -> str:
    return PURITY[colour][light]


def die_purity(state: State, god: str, colour: str) -> str:
    """TEK-R046: a function of colour and the section's current light only."""
    return PURITY[colour][light_of(state, god)]


def shaded_gods(state: State) -> list[str]:
    return [god for god in GODS if light_of(state, god) == "shaded"]


def draw_die(state: State) -> str | None:
    """Draw one die from the bag (uniform over the dice in it)."""
    bag = state["bag"]
    total = sum(bag.values())
    if total == 0:
        return None
    pick = rand_below(state, total)
    for colour in sorted(bag):
        if pick < bag[colour]:
            bag[colour] -= 1
            return colour
        pick -= bag[colour]
    raise AssertionError("unreachable")  # pragma: no cover


def roll(state: State) -> int:
    return rand_below(state, 6) + 1


def dice_on_board(player: dict[str, Any]) -> int:
    """TEK-R050: dice above and below the scales count (the bot's dice beside its tiles are
    kept in its ``below`` list)."""
    return len(player["left"]) + len(player["right"]) + len(player["below"])


# --- score and resources ------------------------------------------------------------------
def add_vp(state: State, seat: int, vp: int, reason: str, events: list[Event]) -> int:
    """TEK-R077: VP never below 0. Returns the change applied."""
    player = state["players"][seat]
    before = player["vp"]
    player["vp"] = max(0, before + vp)
    change = player["vp"] - before
    if change:
        state["log"].append([seat, change, encode(reason)])  # plain JSON: cheap state copies
        events.append(
            Event(
                "vp",
                msg(
                    "{seat} {change:+d} VP ({reason}).",
                    seat=seat_name(state, seat),
                    change=change,
                    reason=reason,
                ),
                {"seat": seat, "vp": change, "reason": reason},
                seat=seat,
            )
        )
    return change


def has_card(player: dict[str, Any], card: str) -> bool:
    return card in player["technologies"] or card in player["blessings"]


def held_blessing(player: dict[str, Any], *cards: str) -> str | None:
    for card in cards:
        if card in player["blessings"]:
            return card
    return None


def offered_blessing(player: dict[str, Any], *cards: str) -> str:
    """The held one of ``cards``, for an option that is only offered while one is held."""
    card = held_blessing(player, *cards)
    if card is None:
        raise ValueError(f"none of {cards} is held")
    return card


# --- payments (TEK-R065, TEK-R075, T10, T22) -----------------------------------------------
def payment_plan(state: State, seat: int, cost: dict[str, int]) -> dict[str, int] | None:
    """How a cost is paid, or None if it cannot be. ENG: the named resource first, then the
    T22 partner stone, then Gold (wild, TEK-R075), then Scribes as Gold (T10)."""
    player = state["players"][seat]
    have = dict(player["res"])
    gold = player["gold"]
    scribes = player["scribe"] if "T10" in player["technologies"] else 0
    t22 = "T22" in player["technologies"]
    plan: dict[str, int] = {}
    for res in RESOURCES:
        need = cost.get(res, 0)
        if need <= 0:
            continue
        use = min(need, have[res])
        have[res] -= use
        need -= use
        if use:
            plan[res] = plan.get(res, 0) + use
        if need and t22 and res in ("limestone", "granite"):
            other = "granite" if res == "limestone" else "limestone"
            spare = (
                have[other] - cost.get(other, 0)
                if RESOURCES.index(other) > RESOURCES.index(res)
                else have[other]
            )
            use = max(0, min(need, spare))
            have[other] -= use
            need -= use
            if use:
                plan[other] = plan.get(other, 0) + use
                plan["t22"] = 1
        if need:
            use = min(need, gold)
            gold -= use
            need -= use
            if use:
                plan["gold"] = plan.get("gold", 0) + use
        if need:
            use = min(need, scribes)
            scribes -= use
            need -= use
            if use:
                plan["scribe"] = plan.get("scribe", 0) + use
                plan["t10"] = 1
        if need:
            return None
    need = cost.get("gold", 0)
    if need:
        use = min(need, gold)
        need -= use
        plan["gold"] = plan.get("gold", 0) + use
        if need:
            if need > scribes:
                return None
            plan["scribe"] = plan.get("scribe", 0) + need
            plan["t10"] = 1
    need = cost.get("scribe", 0)  # a Scribe cost: Scribes first, then Gold (T10)
    if need:
        use = min(need, player["scribe"])
        need -= use
        if use:
            plan["scribe"] = use
        if need:
            if "T10" not in player["technologies"] or need > player["gold"]:
                return None
            plan["gold"] = need
            plan["t10"] = 1
    return plan


# --- the player's payment mix (T10, T22: TEK-R255, TEK-R267) ---------------------------------
PAY_KEYS = (*RESOURCES, "gold", "scribe")
PAY_CODES = {
    "papyrus": "pap",
    "bread": "bre",
    "limestone": "lim",
    "granite": "gra",
    "gold": "gold",
    "scribe": "scr",
}
STONES = ("limestone", "granite")


def pay_sources(key: str, techs: list[str]) -> tuple[str, ...]:
    """What may pay one unit of a ``key`` cost: the named token, T22's other stone, Gold
    (TEK-R075), Scribes as Gold (T10); a Scribe cost: Scribes, Gold (T10)."""
    t10 = "T10" in techs
    if key == "scribe":
        return ("scribe", "gold") if t10 else ("scribe",)
    if key == "gold":
        return ("gold", "scribe") if t10 else ("gold",)
    found = [key]
    if "T22" in techs and key in STONES:
        found.append(STONES[1 - STONES.index(key)])
    found.append("gold")
    if t10:
        found.append("scribe")
    return tuple(found)


def mix_flags(cost: dict[str, int], mix: dict[str, int]) -> dict[str, int]:
    """The T10/T22 substitutions a payment mix makes (each earns +1 VP once in a turn)."""
    flags = {}
    if any(mix.get(stone, 0) > cost.get(stone, 0) for stone in STONES):
        flags["t22"] = 1
    if mix.get("gold", 0) > cost.get("gold", 0) if cost.get("scribe") else mix.get("scribe", 0) > 0:
        flags["t10"] = 1
    return flags


def payment_mixes(state: State, seat: int, cost: dict[str, int]) -> list[dict[str, int]]:
    """Every way to pay ``cost`` that can matter, the default plan first. A mix that pays a
    Gold where a Papyrus or Bread (or, without T22, a stone) of the cost stays unspent is left
    out: the kept Gold can do all the token could (docs/notation/tekhenu.md, TEK-R075)."""
    player = state["players"][seat]
    techs = player["technologies"]
    default = payment_plan(state, seat, cost)
    if default is None:
        return []
    plain = {k: v for k, v in default.items() if k in PAY_KEYS}
    if "T10" not in techs and "T22" not in techs:
        return [plain]
    left = (*(player["res"][k] for k in RESOURCES), player["gold"], player["scribe"])
    found = _mixes(left, "T10" in techs, "T22" in techs, tuple(cost.get(k, 0) for k in PAY_KEYS))
    mixes = [dict((k, n) for k, n in zip(PAY_KEYS, mix, strict=True) if n) for mix in found]
    return [plain] + [mix for mix in mixes if mix != plain]


@lru_cache(maxsize=4096)
def _mixes(
    left: tuple[int, ...], t10: bool, t22: bool, cost: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """The mixes of ``payment_mixes`` as count tuples over PAY_KEYS (a pure function of the
    holdings, the cards and the cost: cached, since every option label asks it)."""
    techs = [card for card, held in (("T10", t10), ("T22", t22)) if held]
    need = dict(zip(PAY_KEYS, cost, strict=True))
    have = dict(zip(PAY_KEYS, left, strict=True))
    keys = [k for k in PAY_KEYS if need[k] > 0]
    found: set[tuple[int, ...]] = set()

    def spread(
        owed: int, sources: tuple[str, ...], at: int, spent: dict[str, int], rest: list[str]
    ) -> None:
        if owed == 0:
            split(rest, spent)
            return
        if at == len(sources):
            return
        source = sources[at]
        room = have[source] - spent.get(source, 0)
        for use in range(min(owed, room), -1, -1):
            spent[source] = spent.get(source, 0) + use
            spread(owed - use, sources, at + 1, spent, rest)
            spent[source] -= use

    def split(rest: list[str], spent: dict[str, int]) -> None:
        if not rest:
            found.add(tuple(spent.get(k, 0) for k in PAY_KEYS))
            return
        spread(need[rest[0]], pay_sources(rest[0], techs), 0, spent, rest[1:])

    split(keys, {})
    wild_for = [k for k in RESOURCES if k not in STONES or not t22]
    gold = PAY_KEYS.index("gold")

    def dominated(mix: tuple[int, ...]) -> bool:
        # The same payment with one token of the cost instead of one Gold (TEK-R075).
        if not mix[gold]:
            return False
        for res in wild_for:
            at = PAY_KEYS.index(res)
            if need[res] and mix[at] < need[res]:
                other = list(mix)
                other[gold] -= 1
                other[at] += 1
                if tuple(other) in found:
                    return True
        return False

    return tuple(mix for mix in sorted(found, reverse=True) if not dominated(mix))


def mix_code(mix: dict[str, int]) -> str:
    """``{"granite": 1, "gold": 1}`` -> ``1gra+1gold`` (the id of a payment option)."""
    return "+".join(f"{mix[k]}{PAY_CODES[k]}" for k in PAY_KEYS if mix.get(k))


def mix_vp(state: State, seat: int, cost: dict[str, int], mix: dict[str, int]) -> list[str]:
    """The cards whose +1 VP this mix earns now (once in the payer's turn)."""
    turn = state.get("turn")
    if turn is None or turn.get("seat") != seat:
        return []
    return [
        card
        for flag, card in (("t22", "T22"), ("t10", "T10"))
        if mix_flags(cost, mix).get(flag) and not turn.get(flag)
    ]


def settle(state: State, seat: int, cost: dict[str, int]) -> dict[str, int] | None:
    """The plan of one payment: the mix the player chose at the payment step (queued in
    ``state["pay_queue"]`` by rules/tekhenu/payment.py, in the order of the payments) or the
    default plan. A dry run (``state["pay_probe"]``) records every payment and its mixes."""
    if "pay_probe" in state:
        state["pay_probe"].append([seat, dict(cost), payment_mixes(state, seat, cost)])
    queue = state.get("pay_queue")
    chosen = None
    if queue:
        chosen = queue.pop(0)
        if not queue:
            del state["pay_queue"]
    if chosen is None:
        return payment_plan(state, seat, cost)
    if chosen not in payment_mixes(state, seat, cost):  # pragma: no cover - dry run = real run
        raise AssertionError(f"payment {chosen} no longer possible for {cost}")
    return {**chosen, **mix_flags(cost, chosen)}


def can_pay(state: State, seat: int, cost: dict[str, int]) -> bool:
    return payment_plan(state, seat, cost) is not None


def pay(state: State, seat: int, cost: dict[str, int], reason: str, events: list[Event]) -> None:
    plan = settle(state, seat, cost)
    if plan is None:  # pragma: no cover - legality is checked before
        raise AssertionError(f"cannot pay {cost}")
    player = state["players"][seat]
    parts = []
    for key, amount in plan.items():
        if key in RESOURCES:
            player["res"][key] -= amount
        elif key == "gold":
            player["gold"] -= amount
        elif key == "scribe":
            player["scribe"] -= amount
        else:
            continue
        parts.append(msg("{amount} {what}", amount=amount, what=WORDS[key]))
    if parts:
        events.append(
            Event(
                "pay",
                msg(
                    "{seat} pays {goods} ({reason}).",
                    seat=seat_name(state, seat),
                    goods=parts,
                    reason=reason,
                ),
                {"seat": seat, "paid": plan},
                seat=seat,
            )
        )
    turn = state.get("turn")
    for flag, card in (("t10", "T10"), ("t22", "T22")):
        if plan.get(flag) and turn is not None and turn.get("seat") == seat and not turn.get(flag):
            turn[flag] = True
            add_vp(state, seat, 1, card, events)  # T10/T22: +1 VP once per turn


def scribe_budget(state: State, seat: int) -> int:
    """Scribes available to spend; T10 lets Gold stand in for Scribes."""
    player = state["players"][seat]
    extra = player["gold"] if "T10" in player["technologies"] else 0
    return player["scribe"] + extra


def pay_scribes(state: State, seat: int, count: int, reason: str, events: list[Event]) -> None:
    player = state["players"][seat]
    plan = settle(state, seat, {"scribe": count})  # Scribes first, then Gold (T10)
    if plan is None:  # pragma: no cover - legality is checked before
        raise AssertionError(f"cannot pay {count} Scribes")
    player["scribe"] -= plan.get("scribe", 0)
    if plan.get("gold"):
        player["gold"] -= plan["gold"]  # T10
        turn = state.get("turn")
        if turn is not None and turn.get("seat") == seat and not turn.get("t10"):
            turn["t10"] = True
            add_vp(state, seat, 1, "T10", events)
    text = (
        msg(
            "{seat} spends {count} {count:plural:Scribe|Scribes} ({reason}).",
            seat=seat_name(state, seat),
            count=count,
            reason=reason,
        )
        if count > 1
        else msg(
            "{seat} spends {count} Scribe ({reason}).",
            seat=seat_name(state, seat),
            count=count,
            reason=reason,
        )
    )
    events.append(Event("scribes", text, {"seat": seat, "count": count}, seat=seat))


def balance(player: dict[str, Any]) -> int:
    """TEK-R149 (+ TEK-R150 Faith on the pans)."""
    return (
        sum(value for _c, value in player["left"])
        - sum(value for _c, value in player["right"])
        - player["excess"]
        + player["faith_l"]
        - player["faith_r"]
    )


def turn_order_index(state: State, seat: int) -> int:
    return state["order"].index(seat)


def open_sections(state: State) -> list[int]:
    return [index for index, is_open in enumerate(state["market_open"]) if is_open]


def semicolons(parts: list[Any]) -> Any:
    """Texts joined with "; " (a template without words: every language keeps it)."""
    if not parts:
        return ""
    text = parts[0]
    for part in parts[1:]:
        text = msg("{first}; {then}", first=text, then=part)
    return text
