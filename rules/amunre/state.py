"""The Amun-Re game state (a plain JSON dict) and the small helpers every phase shares.

Layout (all keys are strings, all values plain JSON):

- ``seats``, ``rng`` (SplitMix64 state), ``kingdom`` 1|2, ``round`` 1..6, ``phase``
  (auction | purchase | offering | harvest | over), ``start_player``, ``tile`` (None or 1..4),
  ``collective_offering``;
- ``province_cards``: the 3N cards in play (sorted; hidden, AMR-R092), ``province_deck``;
- ``favor_deck`` (list of card types, top = last; hidden) and ``favor_discard`` (type -> count);
- ``provinces``: province id -> {owner, farmers, extra_farmers, stones, pyramids};
- ``players``: per seat {gold, hand (type -> count), theft, score, provinces, played,
  known_cards}; ``known_cards`` (type -> count, public) are the cards everybody knows the seat
  still holds: its starting Architect until it discards one (AMR-R004 / AMR-R085);
- ``auction`` / ``purchase`` / ``offering`` / ``harvest``: the current phase's bookkeeping;
- ``debt``: a forced payment in progress (AMR-R024 / AMR-R041), else None;
- ``score_log``: [seat, vp, reason, kingdom] for every VP gained (AMR-R077);
- ``offer_log``: {round, seat, gold, theft, amount} for every revealed offering, the gold
  before paying (public once revealed, AMR-R040; the search AI learns offering habits from it).
"""

from __future__ import annotations

from typing import Any

from rules.amunre.data import (
    FAVOR_BY_ID,
    FAVOR_TYPES,
    PROVINCE_BY_ID,
    SELL_VALUE,
    STONES_PER_PYRAMID,
)
from rules.core import Event, Option, Rng
from rules.text import Msg, msg, seat_ref

FAVOR_ORDER = FAVOR_TYPES

State = dict[str, Any]


def seat_name(seat: int) -> Msg:
    return seat_ref(seat)  # the bot shows the player's name (rules.text.name_seats)


def card_name(card: str) -> Msg:
    return FAVOR_BY_ID[card].name


def province_name(pid: str) -> str:
    return PROVINCE_BY_ID[pid].name


def gold(amount: int) -> Msg:
    """An amount of gold as a text (a separate template for 1: Polish says "1 złoto")."""
    if amount == 1:
        return msg("1 gold")
    return msg("{n} gold", n=amount)


def turn_order(state: State, first: int | None = None) -> list[int]:
    """AMR-R006: clockwise from the current start player (or from ``first``)."""
    seats = state["seats"]
    start = state["start_player"] if first is None else first
    return [(start + i) % seats for i in range(seats)]


def hand_size(player: dict[str, Any]) -> int:
    """Favor cards in hand (the Theft card is not a favor card, AMR-R003)."""
    return sum(player["hand"].values())


def holds(player: dict[str, Any], card: str) -> bool:
    return player["hand"].get(card, 0) > 0


def can_play(player: dict[str, Any], card: str) -> bool:
    """AMR-R084: held, and no card of the same type played yet in this phase."""
    return player["hand"].get(card, 0) > 0 and card not in player["played"]


def add_card(player: dict[str, Any], card: str) -> None:
    player["hand"][card] = player["hand"].get(card, 0) + 1


def discard_card(state: State, seat: int, card: str) -> None:
    """AMR-R085: played, sold, offered and scored cards go face up to the discard pile."""
    player = state["players"][seat]
    hand = player["hand"]
    hand[card] -= 1
    if hand[card] == 0:
        del hand[card]
    # The card shown may be the known one or a drawn one: the public lower bound drops.
    _remove_one(player["known_cards"], card)
    discard = state["favor_discard"]
    discard[card] = discard.get(card, 0) + 1


def _remove_one(cards: dict[str, int], card: str) -> None:
    if cards.get(card, 0) == 0:
        return
    cards[card] -= 1
    if cards[card] == 0:
        del cards[card]


def play_card(state: State, seat: int, card: str) -> None:
    """Play a favor card: discard it and remember its type for this phase (AMR-R084)."""
    discard_card(state, seat, card)
    state["players"][seat]["played"].append(card)


def sell_card(state: State, seat: int, card: str) -> Event:
    """AMR-R087: any favor card sells for 1 gold from the reserve."""
    discard_card(state, seat, card)
    state["players"][seat]["gold"] += SELL_VALUE
    return Event(
        "sell",
        msg(
            "{seat} sells one {card} card for {gold}.",
            seat=seat_name(seat),
            card=card_name(card),
            gold=gold(SELL_VALUE),
        ),
        {"seat": seat, "card": card},
        seat=seat,
    )


def favor_available(state: State) -> int:
    """Cards that can still be drawn: the deck plus the discard pile (AMR-R086)."""
    return len(state["favor_deck"]) + sum(state["favor_discard"].values())


def draw_favor(state: State) -> str | None:
    """AMR-R086: draw the top card; an empty deck is rebuilt from the shuffled discard pile;
    with both empty nothing is drawn."""
    deck = state["favor_deck"]
    if not deck:
        discard = state["favor_discard"]
        if not discard:
            return None
        deck.extend(card for card in sorted(discard) for _ in range(discard[card]))
        discard.clear()
        rng = Rng(state["rng"])
        rng.shuffle(deck)
        state["rng"] = rng.state
    return deck.pop()


def give_favor_cards(state: State, seat: int, count: int) -> list[str]:
    """Draw up to ``count`` cards into a seat's hand; returns the types drawn."""
    drawn = []
    for _ in range(count):
        card = draw_favor(state)
        if card is None:
            break
        add_card(state["players"][seat], card)
        drawn.append(card)
    return drawn


def drawn_events(seat: int, drawn: list[str], source: Msg) -> list[Event]:
    """Public: how many cards; private: which ones (AMR-R091). ``source`` says where from."""
    if not drawn:
        return []
    count = len(drawn)
    if count == 1:
        text = msg("{seat} draws 1 favor card ({source}).", seat=seat_name(seat), source=source)
    else:
        text = msg(
            "{seat} draws {count} favor cards ({source}).",
            seat=seat_name(seat),
            count=count,
            source=source,
        )
    public = Event("draw", text, {"seat": seat, "count": count}, seat=seat)
    private = Event(
        "draw_private",
        msg("You draw: {cards}.", cards=[card_name(card) for card in drawn]),
        {"cards": list(drawn)},
        seat=seat,
        private_to=seat,
    )
    return [public, private]


def place_stones(state: State, pid: str, count: int) -> int:
    """AMR-R031 / AMR-R034 / AMR-R035: stones go into a province; every 3 become a pyramid
    at once. Returns how many pyramids were built."""
    prov = state["provinces"][pid]
    prov["stones"] += count
    built = prov["stones"] // STONES_PER_PYRAMID
    prov["stones"] -= built * STONES_PER_PYRAMID
    prov["pyramids"] += built
    return built


def own_provinces(state: State, seat: int) -> list[str]:
    return state["players"][seat]["provinces"]


def free_fields(state: State, pid: str) -> int:
    """AMR-R030 / AMR-R037: fields minus farmers on fields (Extra Farmers use no field)."""
    return PROVINCE_BY_ID[pid].fields - state["provinces"][pid]["farmers"]


def farmer_count(state: State, pid: str) -> int:
    """AMR-R054: every farmer counts, Extra Farmers included."""
    prov = state["provinces"][pid]
    return prov["farmers"] + prov["extra_farmers"]


def add_score(state: State, seat: int, vp: int, reason: Msg, events: list[Event]) -> None:
    """AMR-R077: VP go onto the track at once; every gain is logged (the log and the event
    data keep the English reason as plain JSON; the event text says it in every language)."""
    if vp == 0:
        return
    state["players"][seat]["score"] += vp
    state["score_log"].append([seat, vp, str(reason), state["kingdom"]])
    events.append(
        Event(
            "score",
            msg("{seat} scores {vp} VP ({reason}).", seat=seat_name(seat), vp=vp, reason=reason),
            {"seat": seat, "vp": vp, "reason": str(reason)},
            seat=seat,
        )
    )


def start_phase(state: State, phase: str) -> None:
    """AMR-R009: a new phase for everybody; AMR-R084 counts card types per phase."""
    state["phase"] = phase
    for player in state["players"]:
        player["played"] = []


def sell_options(state: State, seat: int) -> list[Option]:
    """AMR-R087: ``sell:<type>`` in every non-secret decision of the owning seat."""
    hand = state["players"][seat]["hand"]
    return [
        Option(
            f"sell:{card}",
            msg("Sell one {card} card for {gold}", card=card_name(card), gold=gold(SELL_VALUE)),
        )
        for card in FAVOR_ORDER
        if hand.get(card, 0) > 0
    ]


def pay_options(state: State, seat: int) -> list[Option]:
    """AMR-R024 / AMR-R041 with AMR-R087: sell one favor card of a type and pay its gold at
    once (one act: the card is discarded, the shortfall drops by its 1 gold)."""
    hand = state["players"][seat]["hand"]
    return [
        Option(
            f"pay:{card}",
            msg(
                "Sell one {card} card for {gold} and pay it",
                card=card_name(card),
                gold=gold(SELL_VALUE),
            ),
        )
        for card in FAVOR_ORDER
        if hand.get(card, 0) > 0
    ]
