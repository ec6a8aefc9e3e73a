"""Setup (TEK-R010..R038, solo TEK-R297..R309): the board, the secret Decree choice, the
Starting-card snake draft, initiative order, Destiny cards and the setup rewards."""

from __future__ import annotations

from rules.core import Decision, Event, Option, Rng
from rules.tekhenu import cards, tracks
from rules.tekhenu.data import (
    BLESSINGS,
    BOT_MEDIUM_BUILDINGS,
    BOT_MEDIUM_PILLAR_SPACE,
    BOT_SETUP_STATUE_VALUE,
    BOT_START,
    CARD_KIND_NAMES,
    CARD_TEXT,
    DECREE_SYMBOL,
    DECREES,
    DESTINY_ANKH,
    DESTINY_GAIN,
    DESTINY_TEXT,
    DICE_IN_BOX,
    DICE_PER_SECTION_AT_SETUP,
    DICE_REMOVED,
    GODS,
    HORUS_BONUS_TILES,
    HORUS_GOD,
    MARKET_SLOTS,
    PEOPLE_SETUP_GOLD,
    PEOPLE_SPACES,
    PILLAR_IDS,
    PRINTED_HORUS_BONUSES,
    REMOVED_SMALL,
    SCORING_MARKERS,
    STARTING_CARDS_LAID,
    STARTING_GAIN,
    STARTING_GAIN_ANY,
    STARTING_INITIATIVE,
    STARTING_OSIRIS,
    STARTING_TEXT,
    TECHNOLOGIES,
    WORDS,
)
from rules.tekhenu.state import (
    State,
    card_said,
    draw_die,
    humans,
    new_player,
    rand_below,
    roll,
    seat_name,
    shuffle,
)
from rules.text import msg


def new_state(seats: int, options: dict[str, str], seed: int) -> State:
    solo = seats == 1
    n = 2 if solo else seats
    state: State = {
        "game": "tekhenu",
        "seats": seats,
        "n": n,
        "bot": 1 if solo else None,
        "options": dict(options),
        "rng": Rng.from_seed(seed).state,
        "phase": "setup",
        "flow": "setup_decrees",
        "round": 0,
        "rotations": 0,
        "maat_phases": 0,
        "scorings": 0,
        "disc_pos": 0,
        "markers": {},
        "scored": [],
        "sections": {god: [] for god in GODS},
        "bag": {},
        "horus_bonus": [],
        "god_statues": {god: [] for god in GODS},
        "people": {space: None for space in PEOPLE_SPACES},
        "people_gold": {space: PEOPLE_SETUP_GOLD for space in PEOPLE_SPACES},
        "row2_gold": 1,
        "temple": {},
        "tbuild": {},
        "osiris": {},
        "ra": [None, None, None],
        "pile": [],
        "market": [[None] * len(slots) for slots in MARKET_SLOTS],
        "market_open": [True, True, False, False],
        "decks": {},
        "discards": {"blessing": [], "technology": [], "decree": []},
        # TEK-R030: [seat, card] for each Decree returned under the deck, index = deck position
        # from the bottom; each card is known to its seat only (kept while still in the deck).
        # States stored before it existed lack it: nobody's returned Decree is known.
        "decree_bottom": [],
        "order": list(range(n)),
        "turn_idx": 0,
        "turn": None,
        "destiny_pool": sorted(DESTINY_ANKH),
        "starting_pool": [],
        "players": [new_player(bot=solo and seat == 1) for seat in range(n)],
        "stack": [],
        "sealed": {},
        "log": [],
        "final": None,
        "d23_asked": False,
        "solo": None,
    }
    # TEK-R010 / TEK-R011
    state["disc_pos"] = rand_below(state, 6)
    for marker, offset in SCORING_MARKERS:
        state["markers"][marker] = (state["disc_pos"] + offset) % 6
    # TEK-R012
    pile = list(PILLAR_IDS)
    shuffle(state, pile)
    state["pile"] = pile
    state["ra"] = [pile.pop(), pile.pop(), pile.pop()]
    # TEK-R013
    if options.get("printed_horus_bonuses") == "yes":
        state["horus_bonus"] = [dict(b) for b in PRINTED_HORUS_BONUSES]
    else:
        tiles = [dict(b) for b in HORUS_BONUS_TILES]
        shuffle(state, tiles)
        state["horus_bonus"] = tiles
    # TEK-R016..R018, TEK-R019
    removed = DICE_REMOVED[min(n, 4)]
    state["bag"] = {colour: count - removed.get(colour, 0) for colour, count in DICE_IN_BOX.items()}
    for god in GODS:
        for _ in range(DICE_PER_SECTION_AT_SETUP):
            colour = draw_die(state)
            state["sections"][god].append([colour, roll(state)])
    # TEK-R024 / TEK-R025 / TEK-R026..R028
    for kind, ids in (("blessing", BLESSINGS), ("technology", TECHNOLOGIES), ("decree", DECREES)):
        deck = [card for card in ids if not (n <= 2 and card in REMOVED_SMALL)]
        shuffle(state, deck)
        state["decks"][kind] = deck
    for section in (0, 1):
        state["market"][section] = [cards.draw_card(state, kind) for kind in MARKET_SLOTS[section]]
    # TEK-R029: 2 Decrees for every player (not the bot, TEK-R300)
    for seat in humans(state):
        state["players"][seat]["dealt"] = [state["decks"]["decree"].pop() for _ in range(2)]
    if solo:
        bot_setup(state)
    return state


def bot_setup(state: State) -> None:
    """TEK-R297..R309."""
    options = state["options"]
    bot = state["players"][1]
    bot["happiness"] = BOT_START["happiness"]
    bot["population"] = BOT_START["population"]
    difficulty = options.get("solo_difficulty", "easy")
    tiles = ["BA1", "BA2", "BA3", "BA4", "BA5", "BA6", "BA7", "BA8", "BA9", "BA10"]
    shuffle(state, tiles)
    state["solo"] = {"difficulty": difficulty, "pyramid": tiles, "progress": None, "deben": None}
    statue_values = [BOT_SETUP_STATUE_VALUE["easy"]]
    if difficulty == "hard":
        statue_values.append(BOT_SETUP_STATUE_VALUE["hard_extra"])
    for value in statue_values:
        god = HORUS_GOD[value]
        state["god_statues"][god].append(1)
        bot["statues"] -= 1
        bot["statue_list"].append([god, f"{god}:{len(state['god_statues'][god])}"])
    if difficulty in ("medium", "hard"):
        for sid in BOT_MEDIUM_BUILDINGS:
            state["osiris"][sid] = 1
            bot["buildings"] -= 1
        tile = state["pile"].pop()
        state["temple"][BOT_MEDIUM_PILLAR_SPACE] = [tile, 0, 1]
        bot["pillars"] -= 1


# --- TEK-R029/R030: keep 1 of 2 Decrees, sealed and simultaneous -----------------------------
def decree_keep_decisions(state: State, frame: dict) -> list[Decision]:
    out = []
    for seat in frame["waiting"]:
        dealt = state["players"][seat]["dealt"]
        out.append(
            Decision(
                seat,
                "decree",
                msg("Keep one of your two Decrees (secret)."),
                tuple(
                    Option(
                        f"keep:{card}",
                        msg(
                            "Keep {card} ({symbol}): {text}",
                            card=card,
                            symbol=DECREE_SYMBOL[card],
                            text=CARD_TEXT[card],
                        ),
                    )
                    for card in dealt
                ),
                secret=True,
                reveal=msg("The Decree you keep stays hidden until the final scoring."),
            )
        )
    return out


def decree_keep_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["answering"]
    state["sealed"][str(seat)] = option
    frame["waiting"].remove(seat)
    events.append(
        Event(
            "sealed",
            msg("{seat} has chosen a Decree.", seat=seat_name(state, seat)),
            {"seat": seat},
            seat=seat,
        )
    )
    events.append(
        Event(
            "decree_private",
            msg("You keep {card}.", card=option.split(":")[1]),
            {"card": option.split(":")[1]},
            seat=seat,
            private_to=seat,
        )
    )
    if frame["waiting"]:
        state["stack"].append(frame)
        return
    # All answered: the discarded cards go under the deck in seat order.
    for who in humans(state):
        player = state["players"][who]
        kept = state["sealed"][str(who)].split(":")[1]
        player["decrees"].append(kept)
        other = [card for card in player.pop("dealt") if card != kept]
        if not other:  # both dealt cards identical cannot happen; keep the list shape
            continue
        state["decks"]["decree"].insert(0, other[0])
        state.setdefault("decree_bottom", []).insert(0, [who, other[0]])
    state["sealed"] = {}
    events.append(Event("decrees", msg("Every player has kept one Decree."), {}))


# --- TEK-R031..R033: Starting-card snake draft ----------------------------------------------
def start_draft(state: State, events: list[Event]) -> None:
    pool = sorted(STARTING_INITIATIVE)
    shuffle(state, pool)
    if state["bot"] is not None:
        # TEK-R301: draw 3, keep 2 (variant: 2 random, no choice)
        drawn = pool[:3]
        if state["options"].get("solo_random_start") == "yes":
            state["players"][0]["starting"] = sorted(drawn[:2])
            events.append(
                Event(
                    "starting",
                    msg(
                        "{seat} receives {cards}.",
                        seat=seat_name(state, 0),
                        cards=", ".join(drawn[:2]),
                    ),
                    {"seat": 0, "cards": drawn[:2]},
                    seat=0,
                )
            )
            return
        state["starting_pool"] = sorted(drawn)
        state["stack"].append({"k": "draft", "seq": [0, 0], "i": 0})
        return
    laid = STARTING_CARDS_LAID[state["n"]]
    state["starting_pool"] = sorted(pool[:laid])
    first = rand_below(state, state["n"])
    forward = [(first + i) % state["n"] for i in range(state["n"])]
    seq = forward + list(reversed(forward))
    events.append(
        Event(
            "first",
            msg("{seat} is the first player of the draft.", seat=seat_name(state, first)),
            {"seat": first},
        )
    )
    state["stack"].append({"k": "draft", "seq": seq, "i": 0})


def draft_decision(state: State, frame: dict) -> Decision:
    seat = frame["seq"][frame["i"]]
    options = tuple(
        Option(
            f"start:{card}",
            msg(
                "{card} (initiative {initiative}): {text}",
                card=card,
                initiative=STARTING_INITIATIVE[card],
                text=STARTING_TEXT[card],
            ),
        )
        for card in state["starting_pool"]
    )
    return Decision(seat, "draft", msg("Take a Starting card."), options)


def draft_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["seq"][frame["i"]]
    card = option.split(":")[1]
    state["starting_pool"].remove(card)
    state["players"][seat]["starting"].append(card)
    events.append(
        Event(
            "starting",
            msg(
                "{seat} takes the Starting card with initiative {initiative}: {effect}.",
                seat=seat_name(state, seat),
                initiative=STARTING_INITIATIVE[card],
                effect=STARTING_TEXT[card],
            ),
            {"seat": seat, "card": card},
            seat=seat,
        )
    )
    frame["i"] += 1
    if frame["i"] < len(frame["seq"]):
        state["stack"].append(frame)
    else:
        state["starting_pool"] = []


def initiative_order(state: State) -> list[int]:
    """TEK-R034: sum of the 2 initiatives, highest first; tie -> the single highest card."""
    if state["bot"] is not None:
        return [1, 0]  # TEK-R303

    def key(seat: int) -> tuple[int, int]:
        values = [STARTING_INITIATIVE[c] for c in state["players"][seat]["starting"]]
        return (-sum(values), -max(values))

    return sorted(range(state["n"]), key=key)


# --- Destiny cards (TEK-R035, TEK-R157, TEK-R304, TEK-R336) ---------------------------------
def start_destiny(state: State, events: list[Event], setup: bool) -> None:
    state["destiny_pool"] = sorted(DESTINY_ANKH)
    for player in state["players"]:
        player["destiny"] = None
    order = list(state["order"])
    if state["bot"] is not None and order[0] == state["bot"]:
        card = ("A01", "A02")[rand_below(state, 2)]
        state["destiny_pool"].remove(card)
        state["players"][state["bot"]]["destiny"] = card
        events.append(
            Event(
                "destiny",
                msg(
                    "{seat} takes the Destiny card “{effect}” (no reward).",
                    seat=seat_name(state, state["bot"]),
                    effect=DESTINY_TEXT[card],
                ),
                {"seat": state["bot"], "card": card},
                seat=state["bot"],
            )
        )
    seats = [seat for seat in order if seat != state["bot"]]
    state["stack"].append({"k": "destiny", "seq": seats, "i": 0, "setup": setup})


def destiny_decision(state: State, frame: dict) -> Decision:
    seat = frame["seq"][frame["i"]]
    options = tuple(
        Option(
            f"destiny:{card}",
            msg(
                "{card} (Ankh {ankh}): {text}",
                card=card,
                ankh=DESTINY_ANKH[card],
                text=DESTINY_TEXT[card],
            ),
        )
        for card in state["destiny_pool"]
    )
    return Decision(seat, "destiny", msg("Choose a Destiny card."), options)


def destiny_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["seq"][frame["i"]]
    card = option.split(":")[1]
    state["destiny_pool"].remove(card)
    state["players"][seat]["destiny"] = card
    events.append(
        Event(
            "destiny",
            msg(
                "{seat} takes the Destiny card “{effect}”.",
                seat=seat_name(state, seat),
                effect=DESTINY_TEXT[card],
            ),
            {"seat": seat, "card": card},
            seat=seat,
        )
    )
    frame["i"] += 1
    if frame["i"] < len(frame["seq"]):
        state["stack"].append(frame)
    if not frame["setup"]:
        destiny_reward(state, seat, card, events)  # TEK-R157: at once


def destiny_reward(state: State, seat: int, card: str, events: list[Event]) -> None:
    if card in DESTINY_GAIN:
        tracks.gain(state, seat, dict(DESTINY_GAIN[card]), card, events)
    else:
        state["stack"].append({"k": "a03", "s": seat})


def a03_decision(state: State, frame: dict) -> Decision:
    return Decision(
        frame["s"],
        "a03",
        msg("Destiny card: gain 1 Population or 1 Happiness?"),
        (Option("population", msg("+1 Population")), Option("happiness", msg("+1 Happiness"))),
    )


def a03_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    if option == "population":
        tracks.gain_population(state, frame["s"], 1, events)
    else:
        tracks.gain_happiness(state, frame["s"], 1, events)


# --- setup rewards (TEK-R036/R037, TEK-R182..R197) -------------------------------------------
def start_rewards(state: State) -> None:
    for seat in reversed([s for s in state["order"] if s != state["bot"]]):
        player = state["players"][seat]
        state["stack"].append(
            {"k": "rewards", "s": seat, "left": sorted(player["starting"] + [player["destiny"]])}
        )


def rewards_decision(state: State, frame: dict) -> Decision:
    options = []
    for card in frame["left"]:
        text = STARTING_TEXT.get(card) or DESTINY_TEXT[card]
        options.append(Option(f"use:{card}", msg("{card}: {text}", card=card, text=text)))
    return Decision(
        frame["s"], "rewards", msg("Resolve your setup cards: which one next?"), tuple(options)
    )


def rewards_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["s"]
    card = option.split(":")[1]
    frame["left"].remove(card)
    if frame["left"]:
        state["stack"].append(frame)
    if card.startswith("A"):
        destiny_reward(state, seat, card, events)
        return
    if card in STARTING_GAIN:
        tracks.gain(state, seat, dict(STARTING_GAIN[card]), card, events)
    elif card in STARTING_GAIN_ANY:
        count, kinds = STARTING_GAIN_ANY[card]
        state["stack"].append(
            {"k": "gain_any", "s": seat, "left": count, "kinds": list(kinds), "card": card}
        )
    elif card in STARTING_OSIRIS:
        value, districts = STARTING_OSIRIS[card]
        ctx = {
            "s": seat,
            "god": "osiris",
            "v": value,
            "src": "card",
            "nohap": True,
            "districts": list(districts),
        }
        state["stack"].append({"k": "action", "ctx": ctx})
    else:  # S05 / S06
        kind = "technology" if card == "S05" else "blessing"
        drawn = [c for c in (cards.draw_card(state, kind), cards.draw_card(state, kind)) if c]
        state["players"][seat]["drawn"] = drawn
        events.append(
            Event(
                "draw",
                msg(
                    "{seat} draws 2 {kind} cards ({card}).",
                    seat=seat_name(state, seat),
                    kind=CARD_KIND_NAMES[kind],
                    card=card,
                ),
                {"seat": seat},
                seat=seat,
            )
        )
        events.append(
            Event(
                "draw_private",
                msg("You draw {cards}.", cards=", ".join(drawn)),
                {"cards": drawn},
                seat=seat,
                private_to=seat,
            )
        )
        if drawn:
            state["stack"].append({"k": "draw_keep", "s": seat, "kind": kind})
    state["players"][seat]["starting"] = [
        c for c in state["players"][seat]["starting"] if c != card
    ]


def gain_any_decision(state: State, frame: dict) -> Decision:
    return Decision(
        frame["s"],
        "gain_any",
        msg("{card}: choose a resource ({left} left).", card=frame["card"], left=frame["left"]),
        tuple(Option(f"gain:{res}", msg("+1 {res}", res=WORDS[res])) for res in frame["kinds"]),
    )


def gain_any_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    tracks.gain(state, frame["s"], {option.split(":")[1]: 1}, frame["card"], events)
    frame["left"] -= 1
    if frame["left"]:
        state["stack"].append(frame)


def draw_keep_decision(state: State, frame: dict) -> Decision:
    drawn = state["players"][frame["s"]]["drawn"]
    return Decision(
        frame["s"],
        "draw_keep",
        msg("Keep one of the {kind} cards you drew.", kind=CARD_KIND_NAMES[frame["kind"]]),
        tuple(Option(f"keep:{card}", msg("{card}", card=card)) for card in dict.fromkeys(drawn)),
    )


def draw_keep_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    """TEK-R186/R187: keep 1 face up, the other back into the deck, shuffled."""
    seat = frame["s"]
    player = state["players"][seat]
    card = option.split(":")[1]
    drawn = player["drawn"]
    drawn.remove(card)
    player["technologies" if frame["kind"] == "technology" else "blessings"].append(card)
    deck = state["decks"][frame["kind"]]
    deck.extend(drawn)
    shuffle(state, deck)
    player["drawn"] = []
    events.append(
        Event(
            "keep",
            msg("{seat} keeps {card}.", seat=seat_name(state, seat), card=card_said(card)),
            {"seat": seat, "card": card},
            seat=seat,
        )
    )
