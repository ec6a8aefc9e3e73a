"""The Amun-Re engine: the phases in order, driven through the rules.core contract."""

from __future__ import annotations

from typing import Any

from rules.amunre import (
    ai,
    auction,
    estimate,
    harvest,
    offering,
    purchase,
    refusals,
    scoring,
    setup,
)
from rules.amunre.data import KINGDOMS, ROUNDS_PER_KINGDOM, SELL_VALUE
from rules.amunre.state import (
    State,
    card_name,
    discard_card,
    gold,
    pay_options,
    seat_name,
    sell_card,
)
from rules.amunre.view import build_view
from rules.core import Decision, DictStateEngine, Event, IllegalMove, Result, Rng, seat_marks
from rules.text import msg, term


class AmunReEngine(DictStateEngine):
    game_id = "amunre"
    title = term("Amun-Re")
    min_players = 3  # AMR-R001
    max_players = 5
    hidden_zones = ("province_deck", "favor_deck")  # face-down decks: drawing one is no undo
    variants = ()

    # --- setup ---------------------------------------------------------------------
    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> State:
        self.check_seats(seats)  # AMR-R001
        self.normalise_options(options)
        state = setup.new_state(seats, seed)
        auction.start_auction(state, [])
        return state

    def load(self, raw: dict[str, Any]) -> State:
        state = super().load(raw)
        setup.fill_known_cards(state)  # states stored before known_cards existed
        state.setdefault("offer_log", [])  # states stored before the log existed
        return state

    # --- decisions -----------------------------------------------------------------
    def pending(self, state: State) -> list[Decision]:
        phase = state["phase"]
        if phase == "over":
            return []
        debt = state["debt"]
        if debt is not None:
            seat = debt["seat"]
            prompt = msg(
                "{seat}: you are {gold} short — sell favor cards (1 gold each) to pay.",
                seat=seat_name(seat),
                gold=gold(debt["amount"]),
            )
            return [Decision(seat, "pay", prompt, tuple(pay_options(state, seat)))]
        if phase == "auction":
            return [auction.bid_decision(state)]
        if phase == "purchase":
            return [purchase.purchase_decision(state)]
        if phase == "offering":
            return offering.offering_decisions(state)
        return harvest.harvest_decisions(state)

    def _apply(self, state: State, seat: int, option_id: str) -> list[Event]:
        events: list[Event] = []
        if option_id.startswith("sell:"):
            # AMR-R087: selling never ends the decision.
            events.append(sell_card(state, seat, option_id.split(":", 1)[1]))
            return events
        phase = state["phase"]
        if state["debt"] is not None:
            self._apply_payment(state, seat, option_id, events)
        elif phase == "auction":
            auction.apply_bid(state, seat, option_id, events)
        elif phase == "purchase":
            purchase.apply_purchase(state, seat, option_id, events)
        elif phase == "offering":
            if state["offering"]["revealed"] is None:
                offering.apply_sealed(state, seat, option_id, events)
            elif option_id.startswith("adjust:"):
                offering.apply_adjust(state, seat, option_id, events)
            else:
                offering.apply_reward(state, seat, option_id, events)
        elif phase == "harvest":
            harvest.apply_harvest(state, seat, option_id, events)
        else:  # pragma: no cover - apply() refuses answers once the game is over
            raise IllegalMove(msg("The game is over."))
        self._progress(state, events)
        return events

    def _apply_payment(self, state: State, seat: int, option_id: str, events: list[Event]) -> None:
        """AMR-R024 / AMR-R041: one favor card sold (AMR-R087) covers 1 gold of the
        shortfall."""
        debt = state["debt"]
        card = option_id.split(":", 1)[1]
        discard_card(state, seat, card)
        debt["amount"] -= 1
        events.append(
            Event(
                "pay",
                msg(
                    "{seat} sells one {card} card for {gold} and pays it.",
                    seat=seat_name(seat),
                    card=card_name(card),
                    gold=gold(SELL_VALUE),
                ),
                {"seat": seat, "card": card},
                seat=seat,
            )
        )
        if debt["amount"] > 0 and state["players"][seat]["hand"]:
            return
        state["debt"] = None
        if debt["kind"] == "bid":
            auction.finish_settlement(state, seat, events)

    def _progress(self, state: State, events: list[Event]) -> None:
        """Run every automatic step until a decision is open or the game is over."""
        while state["phase"] != "over" and state["debt"] is None:
            phase = state["phase"]
            if phase == "auction":
                if auction.advance_auction(state, events):
                    return
                purchase.start_purchases(state, events)
            elif phase == "purchase":
                if purchase.advance_purchases(state, events):
                    return
                offering.start_offerings(state, events)
            elif phase == "offering":
                if offering.advance_offerings(state, events):
                    return
                harvest.start_harvest(state, events)
            else:
                if harvest.advance_harvest(state, events):
                    return
                self._end_round(state, events)

    def _end_round(self, state: State, events: list[Event]) -> None:
        """AMR-R008 / AMR-R061 / AMR-R065: a kingdom scoring after rounds 3 and 6."""
        if state["round"] % ROUNDS_PER_KINGDOM == 0:
            scoring.kingdom_scoring(state, events)
            if state["round"] == ROUNDS_PER_KINGDOM * KINGDOMS:
                scoring.end_game(state, events)
                return
            scoring.end_old_kingdom(state, events)
        state["round"] += 1
        auction.start_auction(state, events)

    def explain_refusal(self, state: State, decision: Decision, option_id: str) -> str | None:
        return refusals.explain(state, decision, option_id)

    # --- views and results -----------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        acting = sorted({decision.seat for decision in self.pending(state)})
        seats, first = state["seats"], state["start_player"]
        order = [(first + n) % seats for n in range(seats)]  # AMR-R014: clockwise from it
        view = build_view(state, seat, acting)
        return {**view, "seat_marks": seat_marks(seats), "turn_order": order}

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        return scoring.final_result(state)

    def estimate(self, state: State) -> list[float]:
        if state["phase"] == "over":
            return super().estimate(state)
        return estimate.estimate(state)  # the search AI's evaluation (docs/ai.md)

    def ai_choice(self, state: State, seat: int) -> str:
        decision = self.open_decision(state, seat)
        return ai.choose(state, decision)

    def search_candidates(self, state: State, seat: int) -> list[str]:
        from rules.amunre.policy import candidates  # the search's candidates (docs/ai.md)

        decision = self.open_decision(state, seat)
        return candidates(state, decision)

    def rollout_choice(self, state: State, seat: int) -> str:
        from rules.amunre.policy import rollout_offer

        decision = self.open_decision(state, seat)
        if decision.key == "offering":  # each seat's learnt offering habits (docs/ai/amunre.md)
            return rollout_offer(state, decision)
        return ai.choose(state, decision)

    def search_world(self, state: State, seat: int, rng: Rng) -> State:
        from rules.amunre.policy import reseal_others

        return reseal_others(self.sample_hidden(state, seat, rng), seat, rng)

    def sample_hidden(self, state: State, seat: int, rng: Rng) -> State:
        from rules.amunre.hidden import sample_hidden  # issue 13 item 2: the AI never peeks

        return sample_hidden(state, seat, rng)


ENGINE = AmunReEngine()
