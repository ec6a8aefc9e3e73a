"""Why an answer is not offered, in the player's words (``Engine.explain_refusal``).

The engine only offers legal options; this module reads the same state to say why a typed
answer is not among them: a bid not above the top bid of that province (AMR-R017), a space
blocked by Protection (AMR-R020), more than gold plus favor cards (AMR-R019), the province the
seat was just outbid on (AMR-R018/R021), purchases out of order or beyond the gold, the
province limit or the free fields (AMR-R027..R032), an offering beyond what is held
(AMR-R038), a card not held or already played this phase (AMR-R084). An id of no known kind
gets the kinds of ids valid now. None means "no better words": the generic refusal is shown.
"""

from __future__ import annotations

from rules.amunre.data import (
    ARCHITECT_STONES,
    BID_SPACES,
    FAVOR_BY_ID,
    MAX_FAVOR_PURCHASE,
    PROVINCE_BY_ID,
    purchase_cost,
)
from rules.amunre.purchase import STAGES, favor_limit
from rules.amunre.purchase import _items as purchase_items
from rules.amunre.state import (
    State,
    card_name,
    favor_available,
    free_fields,
    gold,
    hand_size,
    own_provinces,
    province_name,
    seat_name,
)
from rules.core import Decision
from rules.text import msg, term

TOP_SPACE = BID_SPACES[-1]
# The shape of each kind of option id, said when a typed id is of no kind offered now.
ID_SHAPES = {
    "bid": "bid:<province>:<value>",
    "bribe": "bribe:<value>",
    "sell": "sell:<card>",
    "pay": "pay:<card>",
    "buy": "buy:<favor|farmer|stone>:<count>",
    "architect": "architect:<province>",
    "extrafarmer": "extrafarmer:<province>",
    "farmer": "farmer:<province>",
    "stone": "stone:<province>",
    "done": "done",
    "theft": "theft",
    "offer": "offer:<gold>",
    "adjust": "adjust:+3 | adjust:-3",
    "reward": "reward:favor | reward:farmer:<province> | reward:stone:<province>",
    "collect": "collect",
    "bountiful": "bountiful:<province>",
    "fixed": "fixed:<province>",
}
STAGE_ITEMS = {"favor": term("favor cards"), "farmer": term("farmers"), "stone": term("stones")}


def explain(state: State, decision: Decision, option_id: str) -> str | None:
    head = _head(option_id)
    seat = decision.seat
    if head == "sell":
        if decision.secret:
            return msg(
                "Favor cards count 1 gold each in your offering: there is no selling "
                "while you make it."
            )
        return _card_not_playable(state, seat, option_id.partition(":")[2], verb="sell")
    if decision.key == "pay":
        if head == "pay":  # AMR-R024 / AMR-R041
            return _card_not_playable(state, seat, option_id.partition(":")[2], verb="sell")
        return msg(
            "You are {gold} short: sell favor cards to pay first ({shape}).",
            gold=gold(state["debt"]["amount"]),
            shape=ID_SHAPES["pay"],
        )
    if decision.key == "bid" and head in ("bid", "bribe"):
        return _bid(state, seat, option_id)
    if decision.key == "purchase" and head in ("buy", "architect", "extrafarmer", "done"):
        return _purchase(state, seat, option_id)
    if decision.key in ("place_farmer", "place_stone"):
        return _placing(state, seat, decision, option_id)
    if decision.key == "offering" and head in ("offer", "theft"):
        return _offering(state, seat, option_id)
    if decision.key == "adjust" and head == "adjust":
        return msg("Declare your Offering Adjustment as {shapes}.", shapes=ID_SHAPES["adjust"])
    if decision.key == "reward" and head == "reward":
        return _reward(state, seat, option_id)
    if decision.key == "reward" and head in ("architect", "extrafarmer"):
        # AMR-R052
        return msg("Architect and Extra Farmer cannot be played during the offerings.")
    if decision.key == "harvest" and head in ("bountiful", "fixed", "collect"):
        return _harvest(state, seat, option_id)
    return _unknown(decision, option_id)


def _head(option_id: str) -> str:
    return option_id.split(":", 1)[0].split("+", 1)[0]


def _unknown(decision: Decision, option_id: str) -> str:
    """An id of a kind not offered now: the kinds that are."""
    shapes = list(dict.fromkeys(ID_SHAPES.get(_head(opt.id), opt.id) for opt in decision.options))
    return msg(
        "'{option}' is not a choice now. Choices now: {shapes}.",
        option=option_id,
        shapes=", ".join(shapes),
    )


def _number(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _card_not_playable(state: State, seat: int, card: str, verb: str = "play") -> str | None:
    """AMR-R084: a favor card not held, or its type already played this phase."""
    if card not in FAVOR_BY_ID:
        known = ", ".join(sorted(FAVOR_BY_ID))
        return msg("There is no favor card '{card}'. The cards: {known}.", card=card, known=known)
    player = state["players"][seat]
    if player["hand"].get(card, 0) == 0:
        return msg("You hold no {card} card.", card=card_name(card))
    if verb == "play" and card in player["played"]:
        return msg(
            "You already played one {card} card in this phase: one card of each type per phase.",
            card=card_name(card),
        )
    return None


def _province(state: State, seat: int, pid: str) -> str | None:
    """A province id that is not one of the seat's own provinces."""
    if pid not in PROVINCE_BY_ID:
        return msg("There is no province '{province}'.", province=pid)
    if pid not in own_provinces(state, seat):
        mine = [province_name(p) for p in own_provinces(state, seat)]
        if not mine:
            return msg(
                "{province} is not yours, and you own no province yet.", province=province_name(pid)
            )
        return msg(
            "{province} is not yours. Your provinces: {mine}.",
            province=province_name(pid),
            mine=mine,
        )
    return None


# --- phase 1: the auction -----------------------------------------------------------------
def _bid(state: State, seat: int, option_id: str) -> str | None:
    auction = state["auction"]
    player = state["players"][seat]
    action, _, extra = option_id.partition("+")
    parts = action.split(":")
    protect = extra == "protect"
    if extra and not protect:
        return msg("Only Protection can go with a bid: add '+protect', or nothing.")
    outbid_on = auction["scribe"][seat]
    cards_played = 0
    if parts[0] == "bribe":
        # AMR-R021: Bribe bids again on the province the seat was just outbid on.
        if outbid_on is None:
            return msg(
                "Bribe lets you bid again on the province you were just outbid on, and "
                "you have not been outbid."
            )
        why = _card_not_playable(state, seat, "bribe")
        if why:
            return why
        if len(parts) != 2:
            return msg("Play Bribe as {shape}.", shape=ID_SHAPES["bribe"])
        pid, raw = outbid_on, parts[1]
        cards_played = 1
    else:
        if len(parts) != 3:
            return msg(
                "Bid as {shape}, for example bid:{province}:{value}.",
                shape=ID_SHAPES["bid"],
                province=auction["revealed"][0],
                value=BID_SPACES[1],
            )
        pid, raw = parts[1], parts[2]
    on_auction = [province_name(p) for p in auction["revealed"]]
    if pid not in PROVINCE_BY_ID:
        return msg(
            "There is no province '{province}'. On auction: {provinces}.",
            province=pid,
            provinces=on_auction,
        )
    if pid not in auction["revealed"]:
        owner = state["provinces"][pid]["owner"]
        if owner is not None:
            return msg(
                "{province} already belongs to {seat}. On auction: {provinces}.",
                province=province_name(pid),
                seat=seat_name(owner),
                provinces=on_auction,
            )
        return msg(
            "{province} is not on auction this round. On auction: {provinces}.",
            province=province_name(pid),
            provinces=on_auction,
        )
    if parts[0] == "bid" and pid == outbid_on:
        # AMR-R018
        return msg(
            "You were outbid on {province}: bid on another province (only Bribe lets "
            "you bid there again).",
            province=province_name(pid),
        )
    value = _number(raw)
    if value not in BID_SPACES:
        # AMR-R013
        return msg(
            "{value} is not a bid space: the spaces are {spaces}.",
            value=raw,
            spaces=", ".join(str(v) for v in BID_SPACES),
        )
    top = auction["bids"][pid]
    blocked = auction["blocked"][pid]
    floor = top[1] if top is not None else -1
    above = [v for v in BID_SPACES if v > floor and v not in blocked]
    lowest = above[0] if above else None
    if top is not None and value <= top[1]:
        # AMR-R017
        if top[0] == seat:
            return msg("You already hold the top bid on {province}.", province=province_name(pid))
        if lowest is None:
            return msg(
                "{province} already has a bid of {top}, the highest space.",
                province=province_name(pid),
                top=top[1],
            )
        return msg(
            "{province} already has a bid of {top}: bid {lowest} or more.",
            province=province_name(pid),
            top=top[1],
            lowest=lowest,
        )
    if value in blocked:
        # AMR-R020
        return msg(
            "Space {value} on {province} is blocked by Protection: bid {lowest} or more.",
            value=value,
            province=province_name(pid),
            lowest=next((v for v in above if v > value), TOP_SPACE),
        )
    if protect:
        why = _card_not_playable(state, seat, "protection")
        if why:
            return why
        if value == TOP_SPACE:
            return msg("Protection cannot go with a bid on the top space ({top}).", top=TOP_SPACE)
        cards_played += 1
    # AMR-R019: gold plus favor cards, 1 each; a card played with the bid does not count.
    budget = player["gold"] + hand_size(player) - cards_played
    if value > budget:
        if cards_played:
            return msg(
                "You can bid at most {most} ({gold} plus your other favor cards, 1 "
                "each; the card you play with the bid does not count): {value} is too "
                "much.",
                most=budget,
                gold=gold(player["gold"]),
                value=value,
            )
        return msg(
            "You can bid at most {most} ({gold} plus {cards} "
            "{cards:plural:favor card|favor cards}, 1 each): {value} is too much.",
            most=budget,
            gold=gold(player["gold"]),
            cards=hand_size(player),
            value=value,
        )
    return None


# --- phase 2: purchases and building -------------------------------------------------------
def _purchase(state: State, seat: int, option_id: str) -> str | None:
    player = state["players"][seat]
    parts = option_id.split(":")
    if parts[0] == "architect" or parts[0] == "extrafarmer":
        card = "architect" if parts[0] == "architect" else "extra_farmer"
        why = _card_not_playable(state, seat, card)
        if why:
            return why
        if len(parts) != 2:
            return msg("Play it as {shape}.", shape=ID_SHAPES[parts[0]])
        why = _province(state, seat, parts[1])
        if why:
            return why
        stones = state["provinces"][parts[1]]["stones"]
        if card == "architect" and stones != ARCHITECT_STONES:
            # AMR-R036
            return msg(
                "Architect needs exactly {need} stones in the province: {province} has {n}.",
                need=ARCHITECT_STONES,
                province=province_name(parts[1]),
                n=stones,
            )
        return None
    if parts[0] != "buy" or len(parts) != 3 or parts[1] not in STAGE_ITEMS:
        return msg("Buy as {shape}.", shape=ID_SHAPES["buy"])
    kind, count = parts[1], _number(parts[2])
    purchase = state["purchase"]
    if STAGES.index(kind) < STAGES.index(purchase["stage"]):
        # AMR-R027
        return msg(
            "Favor cards, then farmers, then stones: you are past buying {items} this turn.",
            items=STAGE_ITEMS[kind],
        )
    if count is None or count < 1:
        return msg("Buy at least 1, or end your purchases with 'done'.")
    if kind == "favor":
        limit = favor_limit(state, seat)
        if limit == 0:
            # AMR-R029
            return msg("None of your provinces lets you buy favor cards.")
        most = min(limit, MAX_FAVOR_PURCHASE)
        if count > most:
            return msg(
                "Your provinces let you buy at most {n} {n:plural:favor card|favor cards} "
                "a turn (the highest limit among them).",
                n=most,
            )
        if count > favor_available(state):
            return msg(
                "Only {n} {n:plural:favor card is|favor cards are} left to draw.",
                n=favor_available(state),
            )
    if kind == "farmer":
        free = sum(free_fields(state, pid) for pid in own_provinces(state, seat))
        if count > free:
            # AMR-R030
            return msg(
                "Your provinces have {n} free {n:plural:field|fields}: you cannot place {count} "
                "{count:plural:farmer|farmers}.",
                n=free,
                count=count,
            )
    cost = purchase_cost(count)
    if cost > player["gold"]:
        # AMR-R028 / AMR-R032
        if hand_size(player):
            return msg(
                "{items} cost {cost}, and you have {gold}: sell favor cards first (1 "
                "gold each) or buy fewer.",
                items=purchase_items(kind, count),
                cost=gold(cost),
                gold=gold(player["gold"]),
            )
        return msg(
            "{items} cost {cost}, and you have {gold}.",
            items=purchase_items(kind, count),
            cost=gold(cost),
            gold=gold(player["gold"]),
        )
    return None


def _placing(state: State, seat: int, decision: Decision, option_id: str) -> str | None:
    kind = decision.key.split("_", 1)[1]
    left = state["purchase"]["placing"]["left"]
    head, _, pid = option_id.partition(":")
    if head != kind:
        if kind == "farmer":
            return msg("Place your farmers first ({left} left): farmer:<province>.", left=left)
        return msg("Place your stones first ({left} left): stone:<province>.", left=left)
    why = _province(state, seat, pid)
    if why:
        return why
    if kind == "farmer" and free_fields(state, pid) == 0:
        # AMR-R030
        return msg("{province} has no free field for a farmer.", province=province_name(pid))
    return None


# --- phase 3: offerings ---------------------------------------------------------------------
def _offering(state: State, seat: int, option_id: str) -> str | None:
    player = state["players"][seat]
    action, _, extra = option_id.partition("+")
    adjust = extra == "adjust"
    if extra and not adjust:
        return msg(
            "Only an Offering Adjustment can go with an offering: add '+adjust', or nothing."
        )
    if adjust:
        why = _card_not_playable(state, seat, "offering_adjust")
        if why:
            return why
    if action == "theft":
        if not player["theft"]:
            return msg("Your Theft card is not in your hand.")
        return None
    amount = _number(action.split(":", 1)[1]) if ":" in action else None
    if amount is None or amount < 1:
        # AMR-R038
        return msg("An offering is at least 1 gold; or offer your Theft card.")
    most = player["gold"] + hand_size(player) - (1 if adjust else 0)
    if amount > most:
        if adjust:
            return msg(
                "You can offer at most {most}: your gold and your favor cards (1 each), "
                "but not the Offering Adjustment you attach.",
                most=gold(most),
            )
        return msg(
            "You can offer at most {most} ({gold} plus {cards} "
            "{cards:plural:favor card|favor cards}, 1 each).",
            most=gold(most),
            gold=gold(player["gold"]),
            cards=hand_size(player),
        )
    return None


def _reward(state: State, seat: int, option_id: str) -> str | None:
    parts = option_id.split(":")
    if parts[1:2] == ["favor"]:
        if not favor_available(state):
            return msg("No favor cards are left to draw.")
        return None
    if len(parts) != 3 or parts[1] not in ("farmer", "stone"):
        return msg("Choose a reward as {shapes}.", shapes=ID_SHAPES["reward"])
    why = _province(state, seat, parts[2])
    if why:
        return why
    if parts[1] == "farmer" and free_fields(state, parts[2]) == 0:
        # AMR-R050
        return msg("{province} has no free field for a farmer.", province=province_name(parts[2]))
    return None


# --- phase 4: harvest -------------------------------------------------------------------------
def _harvest(state: State, seat: int, option_id: str) -> str | None:
    named: list[str] = []
    for part in option_id.split("+"):
        head, _, pid = part.partition(":")
        if head == "collect":
            return msg("'collect' stands alone: collect, or play green cards.")
        card = "bountiful_harvest" if head == "bountiful" else "fixed_income"
        why = _card_not_playable(state, seat, card)
        if why:
            return why
        why = _province(state, seat, pid)
        if why:
            return why
        named.append(pid)
    if len(named) == 2 and named[0] == named[1]:
        # AMR-R059
        return msg("Bountiful Harvest and Fixed Income must name two different provinces.")
    return None
