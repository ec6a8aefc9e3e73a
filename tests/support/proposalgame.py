"""A tiny two-seat game with an advisory decision, like a merged Ankh god's proposal.

Each round seat 0 (the leader) picks a number 1-3, which scores for both seats. While it is
open, seat 1 (the adviser) may propose a number: an ``advisory`` decision, which the game
never waits for. A proposal changes nothing but seat 0's prompt; seat 0's answer closes the
round, and with it the proposal question. ``sealed=1`` makes both questions sealed.
"""

from __future__ import annotations

from typing import Any

from rules.core import Decision, Engine, Event, Option, Result, Variant

LEADER, ADVISER = 0, 1


class ProposalEngine(Engine):
    game_id = "proposal"
    title = "Proposal Duel"
    min_players = 2
    max_players = 2
    variants = (
        Variant("rounds", "Rounds", ("2", "1"), "2"),
        Variant("sealed", "Sealed", ("0", "1"), "0"),
    )

    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> dict[str, Any]:
        self.check_seats(seats)
        opts = self.normalise_options(options)
        return {
            "round": 1,
            "rounds": int(opts["rounds"]),
            "sealed": opts["sealed"] == "1",
            "proposal": None,
            "score": 0,
        }

    def pending(self, state: dict[str, Any]) -> list[Decision]:
        if state["round"] > state["rounds"]:
            return []
        picks = tuple(Option(f"pick:{n}", f"Pick {n}") for n in (1, 2, 3))
        prompt = "Pick a number"
        if state["proposal"] is not None:
            prompt += f" (seat 2 proposes {state['proposal']})"
        out = [Decision(LEADER, "pick", prompt, picks, secret=state["sealed"])]
        if state["proposal"] is None:
            out.append(
                Decision(
                    ADVISER,
                    "pick",
                    "Propose a number to seat 1",
                    picks,
                    secret=state["sealed"],
                    advisory=True,
                )
            )
        return out

    def _apply(self, state: dict[str, Any], seat: int, option_id: str) -> list[Event]:
        number = int(option_id.split(":")[1])
        if seat == ADVISER:
            state["proposal"] = number
            return [
                Event(
                    "proposal",
                    f"Seat 2 proposes {number}.",
                    seat=seat,
                    private_to=seat if state["sealed"] else None,
                )
            ]
        state["score"] += number
        state["round"] += 1
        state["proposal"] = None
        return [Event("pick", f"Seat 1 picks {number}.", seat=seat)]

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"round": state["round"], "score": state["score"]}

    def result(self, state: dict[str, Any]) -> Result | None:
        if self.pending(state):
            return None
        return Result((state["score"], state["score"]), (1, 1))

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return dict(state)

    def load(self, raw: dict[str, Any]) -> dict[str, Any]:
        return dict(raw)

    def ai_choice(self, state: dict[str, Any], seat: int) -> str:
        decision = self.decision_for(state, seat)
        assert decision is not None
        return decision.options[-1].id


PROPOSAL = ProposalEngine()
