"""The engine contract every game implements (see docs/architecture.md, "The engine contract").

A game is driven through one small interface so the bot, the AI, tests, replays and
benchmarks never special-case a game:

- ``pending(state)`` lists the open ``Decision``s (several at once for sealed choices), each
  with at least one option (the zero-option law, checked by ``apply`` on every new state);
- ``apply(state, seat, option_id)`` returns a *new* state plus ``Event``s, or raises
  ``IllegalMove`` and leaves the input untouched;
- ``view(state, seat | None)`` is what one seat (or the public, ``None``) may see;
- ``dump``/``load`` convert to and from plain JSON.

Optional public-view keys the bot reads when present (a game may omit them):

- ``seat_names``: one display name per engine seat (``["Seat 1", "Botankhamun"]``), used for
  seats without a lobby seat (an official solo bot that is part of the engine);
- ``score_unit``: what ``Result.scores`` count (``"devotion"``); ``"points"`` if absent.
- ``round_label``: a ``Msg`` saying where the game stands, round and phase
  (``"Round 3/6 · Phase 3/4 · Offerings to Amun-Re"``); the turn post states it.
- ``scores``: one int per engine seat, each seat's score right now (in ``score_unit``); the
  turn post shows them on one line.
- ``score_breakdown`` (once the game is over): per engine seat, a list of ``[category, points]``
  pairs (the category a ``Msg`` of the game's scoring, e.g. ``"Pyramids"``), in the game's
  scoring order, categories worth nothing left out; the end-of-game post shows them.
- ``seat_marks``: per engine seat, how players tell it apart without colour alone:
  ``{"letter": "C", "colour": term("green"), "shape": "▲"}`` (``seat_marks(seats)``: the same
  Okabe-Ito colours, letters and shapes every board draws, ``render.common.SEAT_STYLES``).
  The bot names a seat with them: "carol (C, green ▲)".
- ``summary`` (private views only, never the public one): a list of ``Msg`` lines saying in
  plain words what only this seat knows (its hand, its sealed answer...), built from that
  seat's own view; ``/hand`` shows it (an empty list: nothing secret right now).

Nothing here does I/O or reads the clock. Randomness comes only from ``Rng``, whose
compact state lives inside the game state, so replaying the move log reproduces the game.
"""

from __future__ import annotations

import json
import pickle
from abc import ABC, abstractmethod
from collections.abc import Iterable, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict, TypeVar

from rules.text import Msg, decode, encode, msg, seat_ref, term

T = TypeVar("T")


class CommonView(TypedDict, total=False):
    """The public-view keys every game has (the module docstring says what the bot reads);
    each game's ``PublicView`` adds its own."""

    seat_marks: list[dict[str, str]]  # each seat's letter, colour and shape
    seat_labels: list[str | None]  # players' display names: added by the bot, drawn by render
    game: str
    seats: int
    phase: str
    round_label: Msg
    acting: list[int]
    turn_order: list[int]
    players: list[dict[str, Any]]
    scores: list[int]
    score_breakdown: list[list[list[str | int]]]


class IllegalMove(Exception):
    """An answer the engine does not accept; the message is meant for the player."""


class EmptyDecision(RuntimeError):
    """The zero-option law broke: an engine posed a decision that offers nothing, so neither
    its player nor an AI could ever answer it. Always an engine bug, never a player's."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer to a decision. ``id`` is short, stable and typable (``bid:thebes:6``).

    ``group``: a short player-facing label (a ``Msg``) gathering options that belong together
    (the province of a bid, the region of a hex). When a decision offers more options than a
    menu holds, the bot shows the groups first, then the options of the chosen group; options
    without a group are listed as they are (and paged when there are too many)."""

    id: str
    label: str
    detail: str = ""
    group: str = ""


@dataclass(frozen=True, slots=True)
class Decision:
    """One seat must pick one option. ``secret`` marks a sealed, simultaneous choice.

    ``advisory``: the game does not wait for this answer: it closes by itself when the
    decisions that matter are answered (a merged Ankh god's lesser seat proposing to the
    greater seat, whose answer decides). The bot gives it no deadline, no reminder and no
    timeout, and never names its seat as the one holding up the game; it may still be
    answered, by a player or an AI.

    ``reveal``: for a sealed decision, when the others learn the answer, said to the player
    who answers it (a ``Msg``); None: once every seat has answered."""

    seat: int
    key: str
    prompt: str
    options: tuple[Option, ...]
    secret: bool = False
    advisory: bool = False
    reveal: str | None = None

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    def option_ids(self) -> list[str]:
        return [opt.id for opt in self.options]


@dataclass(frozen=True, slots=True)
class Event:
    """What happened, for the log and the turn summary. ``private_to`` hides it from others."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    private_to: int | None = None

    def to_json(self) -> dict[str, Any]:
        raw = {
            "kind": self.kind,
            "text": str(self.text),
            "data": self.data,
            "seat": self.seat,
            "private_to": self.private_to,
        }
        if isinstance(self.text, Msg):
            raw["msg"] = self.text.to_json()  # to say it again in another language
        return raw

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        text = decode(raw["msg"]) if "msg" in raw else raw["text"]
        return cls(raw["kind"], text, raw.get("data", {}), raw.get("seat"), raw.get("private_to"))


COMMON_CHOICES: dict[str, Msg] = {
    "on": term("on"),
    "off": term("off"),
    "yes": term("yes"),
    "no": term("no"),
    "random": term("random"),
}


@dataclass(frozen=True, slots=True)
class Variant:
    """A named table option (solo difficulty, short game...). ``choices[0]`` is not implied:
    ``default`` says which one a new table gets. ``choice_labels``: one player-facing name
    (a ``Msg``) per choice, in the order of ``choices``; common values (on, off, yes, no,
    random) have shared names when a game gives none."""

    key: str
    label: str
    choices: tuple[str, ...]
    default: str
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"variant {self.key!r}: one label per choice")

    def choice_label(self, value: str) -> str:
        """The player-facing name of one of this option's values (``value`` itself if unknown)."""
        if value in self.choices and self.choice_labels:
            return self.choice_labels[self.choices.index(value)]
        return COMMON_CHOICES.get(value, value)

    def check(self, value: str) -> str:
        if value not in self.choices:
            raise IllegalMove(
                msg(
                    "{option}: '{value}' is not one of {choices}.",
                    option=self.label,
                    value=value,
                    choices=", ".join(self.choices),
                )
            )
        return value


@dataclass(frozen=True, slots=True)
class Result:
    """Final outcome. ``places[s]`` is seat s's place (1 = winner; equal places are shared;
    no seat in place 1 means nobody wins)."""

    scores: tuple[int, ...]
    places: tuple[int, ...]
    tiebreaks: tuple[str, ...] = ()
    details: tuple[str, ...] = ()
    """End-of-game lines that are not tie-breaks: why the game ended, what each card scored."""

    @property
    def winners(self) -> list[int]:
        return [seat for seat, place in enumerate(self.places) if place == 1]

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "places": list(self.places),
            "tiebreaks": [encode(t) for t in self.tiebreaks],
            "details": [encode(d) for d in self.details],
        }


_MASK64 = (1 << 64) - 1


class Rng:
    """Seeded SplitMix64 generator. Its whole state is one integer (``Rng.state``).

    Kept inside a game state and serialised with it, so every draw replays exactly.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        if isinstance(seed, str):
            seed = int.from_bytes(seed.encode("utf-8")[:8].ljust(8, b"\0"), "big")
        return cls(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both inclusive."""
        return low + self.randbelow(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


def canonical_json(obj: Any) -> bytes:
    """The byte form the replay law compares: sorted keys, no whitespace."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


# (letter, colour, shape) of each seat, in seat order: render.common.SEAT_STYLES draws the
# same colour (Okabe-Ito, colour-blind safe), letter and shape (circle, square, triangle,
# diamond, hexagon).
SEAT_MARKS: tuple[tuple[str, Msg, str], ...] = (
    ("A", term("blue"), "●"),
    ("B", term("vermillion"), "■"),
    ("C", term("green"), "▲"),
    ("D", term("pink"), "◆"),
    ("E", term("orange"), "⬢"),
)


def seat_marks(seats: int) -> list[dict[str, Any]]:
    """The public view's ``seat_marks``: each seat's letter, colour (a ``Msg``) and shape."""
    return [
        {"letter": letter, "colour": colour, "shape": shape}
        for letter, colour, shape in (SEAT_MARKS[s % len(SEAT_MARKS)] for s in range(seats))
    ]


class Engine(ABC):
    """One instance per game, stateless. Subclasses implement the abstract methods.

    ``apply`` is final: it validates the answer against ``pending`` and works on a copy,
    so an illegal answer never changes the caller's state. Games implement ``_apply`` on
    that private copy.
    """

    game_id: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    variants: tuple[Variant, ...] = ()

    # --- the game's own rules -------------------------------------------------
    @abstractmethod
    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> Any: ...

    @abstractmethod
    def pending(self, state: Any) -> list[Decision]: ...

    @abstractmethod
    def _apply(self, state: Any, seat: int, option_id: str) -> list[Event]:
        """Mutate ``state`` (a private copy) for an answer already checked as offered."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def result(self, state: Any) -> Result | None: ...

    @abstractmethod
    def dump(self, state: Any) -> dict[str, Any]: ...

    @abstractmethod
    def load(self, raw: dict[str, Any]) -> Any: ...

    @abstractmethod
    def ai_choice(self, state: Any, seat: int) -> str: ...

    def sample_hidden(self, state: Any, seat: int, rng: Rng) -> Any:
        """A full, legal state that agrees with view(state, seat) and the public history, with
        everything hidden from `seat` redrawn at random from rng: other seats' hands and sealed
        answers, deck and pile order, future dice and draws (the engine's own random state).

        The input state is left untouched. What `seat` knows or can deduce stays exactly (its
        own hand and sealed answers, how many cards each hand holds, cards seen played), so
        `ai_choice(state, seat)` and `ai_choice(sample, seat)` agree: a search AI determinizes
        with it and so never peeks. Law: ``rules.testing.check_hidden_law``."""
        raise NotImplementedError(f"{self.game_id}: sample_hidden is not implemented")

    # --- shared behaviour -----------------------------------------------------
    def copy(self, state: Any) -> Any:
        """An independent copy. Games may override with something faster than load(dump())."""
        return self.load(self.dump(state))

    def decision_for(self, state: Any, seat: int) -> Decision | None:
        for decision in self.pending(state):
            if decision.seat == seat:
                return decision
        return None

    def open_decision(self, state: Any, seat: int) -> Decision:
        """``seat``'s open decision, for the AI hooks; refused when it has none."""
        decision = self.decision_for(state, seat)
        if decision is None:
            raise IllegalMove(msg("{seat} has nothing to decide.", seat=seat_ref(seat)))
        return decision

    def rollout_choice(self, state: Any, seat: int) -> str:
        """The fast policy the search AI plays for every seat inside its simulations (on
        sampled worlds only). Default: the heuristic ``ai_choice``; a game may override it with
        a policy that plays better without becoming slow (rules/<game>/policy.py). The ``easy``
        level stays ``ai_choice``."""
        return self.ai_choice(state, seat)

    def search_candidates(self, state: Any, seat: int) -> list[str]:
        """Answers of ``seat``'s open decision the search AI should compare besides the
        heuristic's, best first, from what ``seat`` may know (the search calls it on its own
        sampled world). For answers whose worth its one-step screening cannot see (sealed
        answers, bids settled later). Default: none."""
        return []

    def navigation_options(self, state: Any, decision: Decision) -> frozenset[str]:
        """Answers of ``decision`` that only step back in the game's own menus and commit to
        nothing (Ankh's Summon ``back``: choose another figure). The search AI never takes
        them as candidates: comparing them with real answers only loops back to the same
        decision. Default: none."""
        return frozenset()

    def search_world(self, state: Any, seat: int, rng: Rng) -> Any:
        """One world the search AI plays in: ``sample_hidden(state, seat, rng)``, where a game
        may then redraw the hidden answers other seats have already sealed from a plausible
        policy instead of uniformly (each from that seat's own information in the sample, so
        the search still never peeks). Default: ``sample_hidden`` unchanged."""
        return self.sample_hidden(state, seat, rng)

    def turns_left(self, state: Any, seat: int) -> int | None:
        """How many more turns ``seat`` plays, its turn now included, where the game knows it
        (a fixed number of rounds). The search AI may play its rollouts to the end then
        (``Budget.end_turns``). Default: None, not known."""
        return None

    def estimate(self, state: Any) -> list[float]:
        """Each seat's expected final standing, in the game's score unit (the search AI's
        evaluation when it cuts a rollout short). Default: the final scores once the game is
        over, else the public view's current ``scores``; games override it with the expected
        future value of what each seat holds (rules/<game>/estimate.py)."""
        result = self.result(state)
        if result is not None:
            return [float(score) for score in result.scores]
        return [float(score) for score in self.view(state, None).get("scores", ())]

    def plan_cost(self, state: Any, seat: int) -> float:
        """A second objective of ``seat`` (lower is better) that the turn planner weighs among
        answers of near-equal estimate (``Plan.tie_margin``, ai/plan.py). Default: 0, none."""
        return 0.0

    def co_seats(self, state: Any, seat: int) -> tuple[int, ...]:
        """Seats whose owners may also answer this seat's decisions (several seats playing one
        side), ``seat`` included. The move is still applied and logged as ``seat``'s. Default:
        ``(seat,)``, every seat answers only for itself (no shipped game overrides it: a merged
        Ankh god's lesser seat proposes instead, with an ``advisory`` decision)."""
        return (seat,)

    def apply(self, state: Any, seat: int, option_id: str) -> tuple[Any, list[Event]]:
        decision = self.decision_for(state, seat)
        if decision is None:
            if not self.pending(state):
                raise IllegalMove(msg("The game is over."))
            raise IllegalMove(msg("It is not your turn: nothing is waiting for your answer."))
        if decision.option(option_id) is None:
            reason = self.explain_refusal(state, decision, option_id)
            raise IllegalMove(
                reason or msg("'{option}' is not one of your current choices.", option=option_id)
            )
        new_state = self.copy(state)
        events = self._apply(new_state, seat, option_id)
        self.check_decisions(new_state)
        return new_state, events

    def check_decisions(self, state: Any) -> list[Decision]:
        """The open decisions of ``state``, after checking the zero-option law: every open
        decision offers at least one option (a step with nothing to choose is skipped or
        resolved by the engine, never posed). ``apply`` checks every state it returns; the
        bot checks a new game's first state."""
        decisions = self.pending(state)
        for decision in decisions:
            if not decision.options:
                raise EmptyDecision(
                    f"{self.game_id}: decision {decision.key!r} for seat "
                    f"{decision.seat} has no option"
                )
        return decisions

    def explain_refusal(self, state: Any, decision: Decision, option_id: str) -> str | None:
        """Why ``option_id`` is not offered in ``decision``, in the player's words, when the
        game can tell (a die already used, a full area...); None gives the generic refusal."""
        return None

    def normalise_options(self, options: dict[str, str] | None) -> dict[str, str]:
        """Fill in defaults and reject unknown or invalid table options."""
        given = dict(options or {})
        known = {variant.key: variant for variant in self.variants}
        unknown = sorted(set(given) - set(known))
        if unknown:
            offered = ", ".join(known) or term("none")
            raise IllegalMove(
                msg(
                    "Unknown table {count:plural:option|options} for {game}: {unknown}. "
                    "Its options: {offered}.",
                    count=len(unknown),
                    game=self.title,
                    unknown=", ".join(unknown),
                    offered=offered,
                )
            )
        return {
            key: variant.check(given.get(key, variant.default)) for key, variant in known.items()
        }

    def check_seats(self, seats: int) -> None:
        if not self.min_players <= seats <= self.max_players:
            raise IllegalMove(
                msg(
                    "{game} takes {low}–{high} seats, not {seats}.",
                    game=self.title,
                    low=self.min_players,
                    high=self.max_players,
                    seats=seats,
                )
            )

    # --- undo (Board Game Arena's policy) ---------------------------------------------
    hidden_zones: tuple[str, ...] = ()
    """State entries whose contents nobody sees (decks, bags, face-down piles): a move that
    changes one (a card drawn, a tile taken) reveals hidden information."""

    def rng_state(self, state: Any) -> Any:
        """The seeded generator's state; a move that changes it drew randomness."""
        raw = state if isinstance(state, dict) else self.dump(state)
        return raw.get("rng")

    def hidden_signature(self, state: Any) -> Any:
        raw = state if isinstance(state, dict) else self.dump(state)
        return [raw.get(zone) for zone in self.hidden_zones]

    def undo_barrier(self, before: Any, seat: int, after: Any, events: Iterable[Event]) -> bool:
        """True when ``seat``'s move from ``before`` to ``after`` cannot be taken back: the
        answered decision was secret, an event is private (a card drawn or shown to someone),
        randomness was drawn, a hidden zone changed, or the game ended."""
        decision = self.decision_for(before, seat)
        if decision is None or decision.secret:
            return True
        if any(event.private_to is not None for event in events):
            return True
        if self.rng_state(before) != self.rng_state(after):
            return True
        if self.hidden_signature(before) != self.hidden_signature(after):
            return True
        return not self.pending(after)

    def option_label(self, state: Any, seat: int, option_id: str) -> str:
        decision = self.decision_for(state, seat)
        opt = decision.option(option_id) if decision else None
        return opt.label if opt else option_id


def clone_state(state: Any) -> Any:
    """A deep, independent copy of plain JSON data (pickle is the fastest exact deep copy)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


class DictStateEngine(Engine):
    """An engine whose state is one plain-JSON dict tagged ``"game": game_id``: dump, load
    and copy are deep copies, and load refuses another game's state."""

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return clone_state(state)

    def load(self, raw: dict[str, Any]) -> dict[str, Any]:
        if raw.get("game") != self.game_id:
            raise ValueError(f"not a {self.title} state")
        return clone_state(raw)

    def copy(self, state: dict[str, Any]) -> dict[str, Any]:
        return clone_state(state)


def public_events(events: Iterable[Event]) -> list[Event]:
    """The events everybody may read."""
    return [event for event in events if event.private_to is None]
