"""The Conflict event (ANKH-R057..R079): tie-breaker, start-of-Conflict effects, regions in
token order, domination and battles step by step, with the battle cards (R080..R094), the
battle powers and the gods' and guardians' battle abilities."""

from __future__ import annotations

from rules.ankh import late
from rules.ankh.board import LAND, WATER, hex_group
from rules.ankh.data import (
    A_MONUMENT,
    AMUN_CARDS,
    ANUBIS_MAX_BONUS,
    BUILD_COST,
    CARD_NAMES,
    CARD_STRENGTH,
    CARDS,
    CAT_MUMMY_LOSS,
    COMMANDING_FOLLOWERS,
    DOMINATE_DEVOTION,
    EVENT_TRACK,
    FORGET_AFTER_CONFLICT,
    GLORIOUS_MARGIN,
    GLORIOUS_REWARD,
    MAGNANIMOUS_DEVOTION,
    MAGNANIMOUS_FIGURES,
    MERGE_AFTER_CONFLICT,
    MERGE_MIN_PLAYERS,
    MONUMENT_NAMES,
    MONUMENT_TYPES,
    POWER_NAMES,
    PRISON_SLOTS,
    RESPLENDENT_COUNT,
    RESPLENDENT_STRENGTH,
    TEMPLE_STRENGTH,
    WIN_DEVOTION,
    WORSHIPFUL_COST,
    WORSHIPFUL_DEVOTION,
)
from rules.ankh.flow import pop, push
from rules.ankh.state import (
    State,
    active_players,
    adjacent,
    adjacent_hexes,
    ankh_reserve,
    can_stand,
    decider,
    figure_label,
    figures_in,
    gain_devotion,
    has_god,
    has_power,
    lose_devotion,
    majorities,
    monuments_in,
    name,
    owners_in,
    region_hexes,
    region_land,
    reverse_devotion,
    take_off,
    terrain,
    to_reserve,
)
from rules.core import Decision, Event, Option
from rules.text import msg


# --- start and end of the event -------------------------------------------------------
def start_conflict(state: State, task: dict, events: list[Event]) -> None:
    holder = task["p"]
    state["tiebreaker"] = {"holder": holder, "up": True}  # ANKH-R057
    events.append(
        Event(
            "tiebreaker",
            msg("{god} takes the tie-breaker token.", god=name(state, holder)),
            {"player": holder},
        )
    )
    # ANKH-R058: start-of-Conflict effects before any region.
    for player in reverse_devotion(state, active_players(state)):
        if has_power(state, player, "omnipresent"):  # ANKH-R097
            regions = [r["name"] for r in state["regions"] if player in owners_in(state, r["name"])]
            state["players"][player]["followers"] += len(regions)
            events.append(
                Event(
                    "omnipresent",
                    msg(
                        "{power}: {god} gains {count} {count:plural:follower|followers}.",
                        power=POWER_NAMES["omnipresent"],
                        god=name(state, player),
                        count=len(regions),
                    ),
                    {"player": player, "amount": len(regions)},
                )
            )
    scorpion_strike(state, events)
    order = sorted(state["regions"], key=lambda r: r["token"])  # ANKH-R059
    state["conflict"] = {"queue": [r["name"] for r in order], "region": None, "battle": None}
    push(state, {"t": "next_region"})


def scorpion_strike(state: State, events: list[Event]) -> None:
    """ANKH-R138: monuments on aimed spaces in the Scorpion's region are destroyed."""
    for hex_, fig in sorted(state["figures"].items()):
        if fig["kind"] != "giant_scorpion" or not fig.get("aim"):
            continue
        for target in fig["aim"]:
            # "adjacent" monuments only: same region, no river or camel between (ANKH-R008)
            if target in state["monuments"] and adjacent(state, hex_, target):
                mon = state["monuments"].pop(target)
                state["supply"][mon["type"]] += 1
                events.append(
                    Event(
                        "scorpion",
                        msg(
                            "The Giant Scorpion destroys the {monument} on {hex}.",
                            monument=MONUMENT_NAMES[mon["type"]],
                            hex=target,
                        ),
                        {"hex": target},
                    )
                )


def next_region(state: State, task: dict, events: list[Event]) -> None:
    conflict = state["conflict"]
    if not conflict["queue"]:
        push(state, {"t": "conflict_end"})
        return
    region = conflict["queue"].pop(0)
    conflict["region"] = region
    owners = owners_in(state, region)
    if not owners:  # ANKH-R060
        events.append(
            Event(
                "region", msg("{region}: no figures, skipped.", region=region), {"region": region}
            )
        )
        push(state, {"t": "next_region"})
    elif len(owners) == 1:  # ANKH-R061
        dominate(state, region, owners[0], events)
        push(state, {"t": "next_region"})
    else:  # ANKH-R062
        start_battle(state, region, owners, events)


def end_conflict(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R063: tie-breaker back, Amun token up, then merge / forgetting / the end."""
    state["tiebreaker"] = {"holder": None, "up": True}
    for pl in state["players"]:
        if "amun" in pl["gods"]:
            pl["amun_up"] = True  # ANKH-R110
    state["conflict"] = None
    state["conflicts"] += 1
    events.append(
        Event(
            "conflict_end",
            msg("Conflict {n} ends.", n=state["conflicts"]),
            {"conflicts": state["conflicts"]},
        )
    )
    if state["conflicts"] == MERGE_AFTER_CONFLICT and state["seats"] >= MERGE_MIN_PLAYERS:
        late.merge(state, events)  # ANKH-R142
    elif state["conflicts"] == FORGET_AFTER_CONFLICT:
        late.forget(state, events)  # ANKH-R155
    if state["phase"] == "play" and state["event_pos"] >= len(EVENT_TRACK):
        late.final_scoring(state, events)  # ANKH-R160


# --- domination -----------------------------------------------------------------------
def ra_bonus(state: State, player: int, region: str) -> int:
    """ANKH-R126: +1 to Ra's reward with a Radiant figure of his in the region."""
    if not has_god(state, player, "ra"):
        return 0
    return int(
        any(f["owner"] == player and f.get("radiant") for f in figures_in(state, region).values())
    )


def dominate(state: State, region: str, player: int, events: list[Event]) -> None:
    """ANKH-R065: majorities first, then 1 for dominating (each one gain, ANKH-R107)."""
    events.append(
        Event(
            "dominate",
            msg("{god} dominates {region}.", god=name(state, player), region=region),
            {"region": region, "player": player},
        )
    )
    held = majorities(state, region).get(player, 0)
    gain_devotion(
        state, player, held, events, msg("monument majorities in {region}", region=region)
    )
    gain_devotion(
        state,
        player,
        DOMINATE_DEVOTION + ra_bonus(state, player, region),
        events,
        msg("dominating {region}", region=region),
    )


# --- battle ---------------------------------------------------------------------------
def start_battle(state: State, region: str, owners: list[int], events: list[Event]) -> None:
    battle = {
        "region": region,
        "participants": owners,
        "amun_two": False,
        "picks": {str(p): [] for p in owners},
        "need": {str(p): 1 for p in owners},
        "played": None,
        "bids": None,
        "strength": None,
        "winner": None,
        "killed": {str(p): 0 for p in owners},
        "cat": [],
        "counts": None,
    }
    state["conflict"]["battle"] = battle
    events.append(
        Event(
            "battle",
            msg(
                "Battle in {region}: {gods}.", region=region, gods=[name(state, p) for p in owners]
            ),
            {"region": region, "participants": owners},
        )
    )
    tasks: list[dict] = []
    movers = [
        p for p in reverse_devotion(state, owners) if has_power(state, p, "obelisk_attunement")
    ]
    if movers:  # ANKH-R100/R101
        tasks.append({"t": "obelisk", "order": movers, "turn": 0, "sel": None})
    for p in owners:
        if has_god(state, p, "amun") and state["players"][p]["amun_up"]:
            tasks.append({"t": "amun", "p": p})  # ANKH-R109 / C3
    tasks += [{"t": "cards"}, {"t": "reveal"}]
    push(state, *tasks)


def obelisk_targets(state: State, player: int, region: str) -> list[str]:
    land = region_land(state)[region]
    out: set[str] = set()
    for h, m in state["monuments"].items():
        if h in land and m["owner"] == player and m["type"] == "obelisk":
            out.update(n for n in adjacent_hexes(state, h) if can_stand(state, n, player))
    return sorted(out)


def obelisk_decision(state: State, task: dict) -> list[Decision]:
    battle = state["conflict"]["battle"]
    order = task["order"]
    for _ in range(len(order)):
        player = order[task["turn"] % len(order)]
        targets = obelisk_targets(state, player, battle["region"])
        if targets:
            break
        # ANKH-R101: a god that cannot move now is passed over, not out: another god's move
        # may free a space next to its obelisk
        task["turn"] += 1
    else:
        return []  # ANKH-R101: nobody can move (or everybody passed)
    # ANKH-R100: any of your figures, from anywhere, a figure moved before included
    figs = [h for h, f in sorted(state["figures"].items()) if f["owner"] == player]
    seat = decider(state, player)
    if task["sel"] is None:
        opts = [
            Option(
                f"fig:{h}",
                msg(
                    "Move {figure} on {hex}", figure=figure_label(state, state["figures"][h]), hex=h
                ),
            )
            for h in figs
        ]
        opts.append(Option("pass", msg("Move no more figures")))
        return [
            Decision(
                seat,
                "obelisk",
                msg(
                    "{god}: Obelisk attunement — move a figure next to your obelisk?",
                    god=name(state, player),
                ),
                tuple(opts),
            )
        ]
    opts = [Option(f"to:{h}", msg("To {hex}", hex=h), group=hex_group(h)) for h in targets]
    return [Decision(seat, "obelisk_to", msg("Next to which obelisk?"), tuple(opts))]


def apply_obelisk(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    player = task["order"][task["turn"] % len(task["order"])]
    if option_id == "pass":
        task["order"].remove(player)
        return
    if option_id.startswith("fig:"):
        task["sel"] = option_id[4:]
        return
    dest = option_id[3:]
    fig = state["figures"].pop(task["sel"])
    state["figures"][dest] = fig
    events.append(
        Event(
            "move",
            msg(
                "Obelisk attunement: {figure} {origin} → {dest}.",
                figure=figure_label(state, fig),
                origin=task["sel"],
                dest=dest,
            ),
            {"from": task["sel"], "to": dest},
        )
    )
    task["sel"] = None
    task["turn"] += 1
    if fig["kind"] == "giant_scorpion":  # ANKH-R137: moved, so it aims again
        push(state, {"t": "aim", "seat": seat, "p": player, "hex": dest})


def amun_decision(state: State, task: dict) -> list[Decision]:
    pl = state["players"][task["p"]]
    if len(pl["hand"]) < AMUN_CARDS:
        return []
    return [
        Decision(
            decider(state, task["p"]),
            "amun",
            msg("Amun: announce that you play {n} cards in this battle?", n=AMUN_CARDS),
            (
                Option("amun:two", msg("Yes, play {n} cards", n=AMUN_CARDS)),
                Option("amun:one", msg("No")),
            ),
        )
    ]


def apply_amun(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    pop(state)
    if option_id == "amun:two":
        battle = state["conflict"]["battle"]
        battle["need"][str(task["p"])] = AMUN_CARDS
        battle["amun_two"] = True
        state["players"][task["p"]]["amun_up"] = False  # ANKH-R110
        events.append(
            Event(
                "amun", msg("Amun announces {n} battle cards.", n=AMUN_CARDS), {"player": task["p"]}
            )
        )


def card_decisions(state: State, task: dict) -> list[Decision]:
    """ANKH-R069 / C1: sealed card picks, all participants at once."""
    battle = state["conflict"]["battle"]
    out = []
    for p in battle["participants"]:
        picks = battle["picks"][str(p)]
        hand = [c for c in state["players"][p]["hand"] if c not in picks]
        if len(picks) >= battle["need"][str(p)] or not hand:
            continue
        opts = tuple(Option(f"card:{c}", CARD_NAMES[c]) for c in hand)
        if picks:
            prompt = msg(
                "{god}: choose your second battle card for {region} (sealed).",
                god=name(state, p),
                region=battle["region"],
            )
        else:
            prompt = msg(
                "{god}: choose your battle card for {region} (sealed).",
                god=name(state, p),
                region=battle["region"],
            )
        out.append(Decision(decider(state, p), "battle_card", prompt, opts, secret=True))
    return out


def apply_card(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    battle = state["conflict"]["battle"]
    card = option_id[5:]
    for d in card_decisions(state, task):
        if d.seat == seat:
            player = next(p for p in battle["participants"] if decider(state, p) == seat)
            battle["picks"][str(player)].append(card)
            events.append(
                Event(
                    "card_pick",
                    msg("You pick {card}.", card=CARD_NAMES[card]),
                    {"card": card},
                    seat=seat,
                    private_to=seat,
                )
            )
            return


def reveal(state: State, task: dict, events: list[Event]) -> None:
    """All picks revealed at once; Flood pays on reveal (ANKH-R090)."""
    battle = state["conflict"]["battle"]
    region = battle["region"]
    played = {}
    for p in battle["participants"]:
        picks = battle["picks"][str(p)]
        pl = state["players"][p]
        for c in picks:
            pl["hand"].remove(c)
            pl["used"].append(c)  # ANKH-R016
        played[str(p)] = list(picks)
    battle["played"] = played
    said = None
    for p, cs in played.items():
        part = msg(
            "{god}: {cards}",
            god=name(state, int(p)),
            cards=[CARD_NAMES[c] for c in cs] if cs else msg("none"),
        )
        said = part if said is None else msg("{before}; {after}", before=said, after=part)
    events.append(Event("reveal", msg("Battle cards: {played}.", played=said), {"played": played}))
    for p in battle["participants"]:
        if "flood" in played[str(p)]:
            n = sum(
                1
                for h, f in figures_in(state, region).items()
                if f["owner"] == p and terrain(state, h) == "fertile"
            )
            state["players"][p]["followers"] += n
            events.append(
                Event(
                    "flood",
                    msg(
                        "{card}: {god} gains {count} {count:plural:follower|followers}.",
                        card=CARD_NAMES["flood"],
                        god=name(state, p),
                        count=n,
                    ),
                    {"player": p, "amount": n},
                )
            )
    tasks: list[dict] = []
    builders = [
        p for p in reverse_devotion(state, battle["participants"]) if "build" in played[str(p)]
    ]
    tasks += [{"t": "build", "p": p, "type": None} for p in builders]  # ANKH-R070
    plaguers = [
        p
        for p in reverse_devotion(state, battle["participants"])
        for c in played[str(p)]
        if c == "plague"
    ]
    for p in plaguers:  # ANKH-R071 / R084 / B13: one bid round per card
        tasks += [{"t": "bid_start", "card_of": p}]
    tasks += [{"t": "battle_majorities"}, {"t": "strength"}]
    push(state, *tasks)


# --- Build Monument -------------------------------------------------------------------
def build_spaces(state: State, region: str) -> list[str]:
    """ANKH-R088/R122: empty land, no underworld token."""
    land = region_land(state)[region]
    return sorted(
        h
        for h in land
        if h not in state["figures"]
        and h not in state["monuments"]
        and h not in state["underworld"]
    )


def build_decision(state: State, task: dict) -> list[Decision]:
    battle = state["conflict"]["battle"]
    p = task["p"]
    cost = 0 if has_power(state, p, "inspiring") else BUILD_COST  # ANKH-R096
    spaces = build_spaces(state, battle["region"])
    if state["players"][p]["followers"] < cost or ankh_reserve(state, p) <= 0 or not spaces:
        return []  # ANKH-R089
    if task["type"] is None:
        opts = [
            Option(
                f"build:{t}",
                msg("Build {monument}", monument=A_MONUMENT[t]),
                msg("costs {cost} {cost:plural:follower|followers}", cost=cost),
            )
            for t in MONUMENT_TYPES
            if state["supply"][t] > 0
        ]
        if not opts:
            return []
        opts.append(Option("skip", msg("Build nothing")))
        return [
            Decision(
                decider(state, p),
                "build",
                msg(
                    "{god}: Build Monument in {region}?",
                    god=name(state, p),
                    region=battle["region"],
                ),
                tuple(opts),
            )
        ]
    opts = [Option(f"at:{h}", msg("On {hex}", hex=h), group=hex_group(h)) for h in spaces]
    return [
        Decision(
            decider(state, p),
            "build_at",
            msg("Where does the {monument} go?", monument=MONUMENT_NAMES[task["type"]]),
            tuple(opts),
        )
    ]


def apply_build(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    if option_id.startswith("build:"):
        task["type"] = option_id[6:]
        return
    pop(state)
    if option_id == "skip":
        return
    p = task["p"]
    hex_ = option_id[3:]
    cost = 0 if has_power(state, p, "inspiring") else BUILD_COST
    state["players"][p]["followers"] -= cost
    state["supply"][task["type"]] -= 1
    state["monuments"][hex_] = {"type": task["type"], "owner": p}
    events.append(
        Event(
            "build",
            msg(
                "{god} builds {monument} on {hex}.",
                god=name(state, p),
                monument=A_MONUMENT[task["type"]],
                hex=hex_,
            ),
            {"player": p, "hex": hex_, "type": task["type"]},
        )
    )


# --- Plague of Locusts ----------------------------------------------------------------
def bid_start(state: State, task: dict, events: list[Event]) -> None:
    battle = state["conflict"]["battle"]
    bidders = [p for p in battle["participants"] if p in owners_in(state, battle["region"])]
    if not bidders:
        return
    events.append(
        Event(
            "plague",
            msg(
                "{card} ({god}): sealed follower bids.",
                card=CARD_NAMES["plague"],
                god=name(state, task["card_of"]),
            ),
            {"bidders": bidders},
        )
    )
    push(state, {"t": "bids", "bidders": bidders, "bids": {}}, {"t": "bid_reveal"})


def bid_decisions(state: State, task: dict) -> list[Decision]:
    """ANKH-R080 / C2: sealed bids of 0..followers."""
    out = []
    for p in task["bidders"]:
        if str(p) in task["bids"]:
            continue
        most = state["players"][p]["followers"]
        opts = tuple(
            Option(f"bid:{n}", msg("Bid {n} {n:plural:follower|followers}", n=n))
            for n in range(most + 1)
        )
        out.append(
            Decision(
                decider(state, p),
                "locust_bid",
                msg(
                    "{god}: {card} — bid followers (sealed).",
                    god=name(state, p),
                    card=CARD_NAMES["plague"],
                ),
                opts,
                secret=True,
            )
        )
    return out


def apply_bid(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    player = next(
        p for p in task["bidders"] if decider(state, p) == seat and str(p) not in task["bids"]
    )
    task["bids"][str(player)] = int(option_id[4:])
    events.append(
        Event(
            "bid",
            msg("You bid {n}.", n=int(option_id[4:])),
            {"bid": int(option_id[4:])},
            seat=seat,
            private_to=seat,
        )
    )
    if len(task["bids"]) == len(task["bidders"]):
        state["conflict"]["battle"]["sealed_bids"] = dict(task["bids"])
        pop(state)


def bid_reveal(state: State, task: dict, events: list[Event]) -> None:
    battle = state["conflict"]["battle"]
    # By seat, not in the order the bids came in (storage does not keep that order).
    bids = dict(sorted(battle.pop("sealed_bids").items(), key=lambda item: int(item[0])))
    battle["bids"] = bids
    for p, n in bids.items():
        state["players"][int(p)]["followers"] -= n  # ANKH-R081
    best = max(bids.values())
    top = [int(p) for p, n in bids.items() if n == best]
    spared = top[0] if len(top) == 1 else None  # ANKH-R082
    events.append(
        Event(
            "bids",
            msg(
                "Locust bids: {bids}.",
                bids=[msg("{god} {n}", god=name(state, int(p)), n=n) for p, n in bids.items()],
            ),
            {"bids": bids, "spared": spared},
        )
    )
    doomed = [
        h
        for h, f in figures_in(state, battle["region"]).items()
        if f["kind"] != "god" and f["owner"] != spared
    ]
    kill(state, doomed, events, battle, resolution=False)  # ANKH-R083: no Flood / Isis


# --- killing --------------------------------------------------------------------------
def kill(
    state: State, hexes: list[str], events: list[Event], battle: dict | None, resolution: bool
) -> None:
    """Kill figures (gods never die, ANKH-R011); push Anubis / Mummy follow-ups."""
    victims: list[int] = []
    follow: list[dict] = []
    for hex_ in sorted(hexes):
        fig = state["figures"].get(hex_)
        if fig is None or fig["kind"] == "god":
            continue
        take_off(state, hex_, events)
        owner = fig["owner"]
        events.append(
            Event(
                "kill",
                msg("{figure} on {hex} is killed.", figure=figure_label(state, fig), hex=hex_),
                {"hex": hex_, "kind": fig["kind"], "owner": owner},
            )
        )
        if battle is not None and str(owner) in battle["killed"]:
            battle["killed"][str(owner)] += 1  # for Miracle (ANKH-R093)
        if fig["kind"] == "mummy":  # ANKH-R135
            follow.append({"t": "mummy", "p": owner})
            continue
        to_reserve(state, fig)
        if fig["kind"] == "warrior":
            victims.append(owner)
        if fig["kind"] == "cat_mummy":  # ANKH-R128/R129
            if resolution and battle is not None:
                battle["cat"].append(owner)
            else:
                cat_mummy_losses(state, [owner], events)
    for jailer in active_players(state):  # ANKH-R111/R112: 1 warrior per kill moment
        if has_god(state, jailer, "anubis"):
            prey = sorted({v for v in victims if v != jailer})
            if prey and len(state["players"][jailer]["prisoners"]) < PRISON_SLOTS:
                follow.insert(0, {"t": "imprison", "p": jailer, "prey": prey})
    if follow:
        push(state, *follow)


def cat_mummy_losses(state: State, owners: list[int], events: list[Event]) -> None:
    for owner in owners:
        others = [p for p in active_players(state) if p != owner]
        for p in reverse_devotion(state, others):
            lose_devotion(state, p, CAT_MUMMY_LOSS, events, msg("a Cat Mummy was killed"))


def imprison_decision(state: State, task: dict) -> list[Decision]:
    prey = [p for p in task["prey"] if state["players"][p]["warriors"] > 0]
    if not prey or len(state["players"][task["p"]]["prisoners"]) >= PRISON_SLOTS:
        return []
    opts = [
        Option(f"jail:{p}", msg("Imprison a warrior of {god}", god=name(state, p))) for p in prey
    ]
    opts.append(Option("skip", msg("Imprison nobody")))
    return [
        Decision(
            decider(state, task["p"]),
            "imprison",
            msg("Anubis: imprison one killed warrior?"),
            tuple(opts),
        )
    ]


def apply_imprison(
    state: State, task: dict, seat: int, option_id: str, events: list[Event]
) -> None:
    pop(state)
    if option_id == "skip":
        return
    victim = int(option_id[5:])
    state["players"][victim]["warriors"] -= 1
    state["players"][task["p"]]["prisoners"].append(victim)
    events.append(
        Event(
            "imprison",
            msg("Anubis imprisons a warrior of {god}.", god=name(state, victim)),
            {"player": victim},
        )
    )


def god_hex(state: State, player: int) -> str | None:
    return next(
        (
            h
            for h, f in sorted(state["figures"].items())
            if f["owner"] == player and f["kind"] == "god"
        ),
        None,
    )


def mummy_spaces(state: State, player: int) -> list[str]:
    god = god_hex(state, player)
    if god is None:
        return []
    return sorted(h for h in adjacent_hexes(state, god) if can_stand(state, h, player))


def mummy_decision(state: State, task: dict) -> list[Decision]:
    spaces = mummy_spaces(state, task["p"])
    if not spaces:
        return []
    opts = tuple(Option(f"at:{h}", msg("On {hex}", hex=h), group=hex_group(h)) for h in spaces)
    return [
        Decision(
            decider(state, task["p"]),
            "mummy",
            msg("The Mummy returns next to your god: where?"),
            opts,
        )
    ]


def mummy_fallback(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R135: no empty space next to the god: the Mummy goes to the reserve."""
    state["players"][task["p"]]["guardians"].append("mummy")
    state["players"][task["p"]]["guardians"].sort()


def apply_mummy(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    from rules.ankh.actions import place_summoned

    pop(state)
    follow: list[dict] = []
    place_summoned(state, seat, task["p"], "mummy", option_id[3:], events, follow)  # R136
    if follow:
        push(state, *follow)


# --- majorities and Battle Resolution -------------------------------------------------
def battle_majorities(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R072: reverse devotion order, only players with a figure left (ANKH-R067)."""
    battle = state["conflict"]["battle"]
    region = battle["region"]
    held = majorities(state, region)
    present = owners_in(state, region)
    for p in reverse_devotion(state, battle["participants"]):
        if p in present and held.get(p):
            gain_devotion(
                state, p, held[p], events, msg("monument majorities in {region}", region=region)
            )


def cancelled(state: State, hex_: str, fig: dict) -> bool:
    """ANKH-R139..R141: next to an enemy Androsphinx a figure contributes nothing."""
    return any(
        n in state["figures"]
        and state["figures"][n]["kind"] == "androsphinx"
        and state["figures"][n]["owner"] != fig["owner"]
        for n in adjacent_hexes(state, hex_)
    )


def resplendent(state: State, player: int) -> bool:
    """ANKH-R099: 3+ monuments of one type anywhere."""
    counts = {t: 0 for t in MONUMENT_TYPES}
    for m in state["monuments"].values():
        if m["owner"] == player:
            counts[m["type"]] += 1
    return max(counts.values()) >= RESPLENDENT_COUNT


def strength(state: State, battle: dict, player: int) -> int:
    """ANKH-R073/R074: figures (with powers, gods, guardians) plus card bonuses."""
    region = battle["region"]
    mine = {h: f for h, f in figures_in(state, region).items() if f["owner"] == player}
    if not mine:
        return 0
    total = 0
    for h, f in mine.items():
        if cancelled(state, h, f):
            continue
        value = 1  # ANKH-R010
        if f["kind"] == "god":
            if has_power(state, player, "resplendent") and resplendent(state, player):
                value = RESPLENDENT_STRENGTH  # ANKH-R099 / B15
            if has_god(state, player, "anubis"):  # ANKH-R113
                value += min(ANUBIS_MAX_BONUS, len(state["players"][player]["prisoners"]))
        total += value
    if has_power(state, player, "temple_attunement"):  # ANKH-R102
        for h, m in monuments_in(state, region).items():
            if (
                m["owner"] == player
                and m["type"] == "temple"
                and any(n in mine for n in adjacent_hexes(state, h))
            ):
                total += TEMPLE_STRENGTH
    for card in (battle["played"] or {}).get(str(player), []):
        total += CARD_STRENGTH[card]  # B5
    return total


def compute_strength(state: State, task: dict, events: list[Event]) -> None:
    battle = state["conflict"]["battle"]
    region = battle["region"]
    present = owners_in(state, region)
    values = {str(p): strength(state, battle, p) for p in battle["participants"]}
    battle["strength"] = values
    battle["counts"] = {
        str(p): sum(1 for f in figures_in(state, region).values() if f["owner"] == p)
        for p in battle["participants"]
    }
    events.append(
        Event(
            "strength",
            msg(
                "Strength: {values}.",
                values=[msg("{god} {n}", god=name(state, int(p)), n=v) for p, v in values.items()],
            ),
            {"strength": values},
        )
    )
    contenders = [p for p in battle["participants"] if p in present]  # ANKH-R074
    best = max((values[str(p)] for p in contenders), default=None)
    top = [p for p in contenders if values[str(p)] == best]
    tb = state["tiebreaker"]
    if len(top) == 1:
        battle["winner"] = top[0]  # ANKH-R075
        push(state, {"t": "resolution"})
    elif len(top) > 1 and tb["up"] and tb["holder"] in top:  # ANKH-R076
        push(state, {"t": "tiebreak", "p": tb["holder"]}, {"t": "resolution"})
    else:
        push(state, {"t": "resolution"})  # ANKH-R077


def tiebreak_decision(state: State, task: dict) -> list[Decision]:
    return [
        Decision(
            decider(state, task["p"]),
            "tiebreak",
            msg("{god}: use the tie-breaker token to win this battle?", god=name(state, task["p"])),
            (Option("tie:use", msg("Use it and win")), Option("tie:keep", msg("Keep it"))),
        )
    ]


def apply_tiebreak(
    state: State, task: dict, seat: int, option_id: str, events: list[Event]
) -> None:
    pop(state)
    if option_id == "tie:use":
        state["conflict"]["battle"]["winner"] = task["p"]
        state["tiebreaker"]["up"] = False  # ANKH-R064
        events.append(
            Event(
                "tiebreaker",
                msg("{god} uses the tie-breaker.", god=name(state, task["p"])),
                {"player": task["p"]},
            )
        )


def resolution(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R075..R079: reward, kills, then the after-resolution effects in order (B14)."""
    battle = state["conflict"]["battle"]
    region = battle["region"]
    winner = battle["winner"]
    played = battle["played"]
    if winner is not None:
        values = battle["strength"]
        others = [values[str(p)] for p in battle["participants"] if p != winner]
        reward = WIN_DEVOTION
        if (
            has_power(state, winner, "glorious")
            and values[str(winner)] >= max(others, default=0) + GLORIOUS_MARGIN
        ):
            reward = GLORIOUS_REWARD  # ANKH-R104
        if "drought" in played[str(winner)]:  # ANKH-R087
            reward += sum(
                1
                for h, f in figures_in(state, region).items()
                if f["owner"] == winner and terrain(state, h) == "desert"
            )
        reward += ra_bonus(state, winner, region)
        events.append(
            Event(
                "win",
                msg("{god} wins the battle in {region}.", god=name(state, winner), region=region),
                {"player": winner, "region": region},
            )
        )
        gain_devotion(state, winner, reward, events, msg("winning in {region}", region=region))
        if has_power(state, winner, "commanding"):  # ANKH-R095
            state["players"][winner]["followers"] += COMMANDING_FOLLOWERS
        if state["phase"] == "over":
            return
    else:
        events.append(
            Event(
                "win",
                msg("Nobody wins the battle in {region}.", region=region),
                {"player": None, "region": region},
            )
        )
    doomed = []
    for h, f in figures_in(state, region).items():
        if f["kind"] == "god" or f["owner"] == winner:
            continue
        if "flood" in played[str(f["owner"])] and terrain(state, h) == "fertile":
            continue  # ANKH-R091
        doomed.append(h)
    after: list[dict[str, str | int | None]] = [{"t": "magnanimous"}, {"t": "cat_losses"}]
    for p in battle["participants"]:
        if p != winner and has_god(state, p, "osiris"):
            after.append({"t": "osiris", "p": p, "from": None})  # ANKH-R120
    after += [{"t": "miracle"}, {"t": "worship_start"}, {"t": "cycle"}, {"t": "battle_end"}]
    protected = [
        h
        for h in doomed
        if has_god(state, state["figures"][h]["owner"], "isis")
        and any(
            n in state["figures"] and state["figures"][n]["owner"] != state["figures"][h]["owner"]
            for n in adjacent_hexes(state, h)
        )
    ]  # ANKH-R116/R118/R119
    if protected:
        owner = state["figures"][protected[0]]["owner"]
        push(
            state,
            {"t": "isis", "p": owner, "doomed": doomed, "protected": protected, "saved": []},
            *after,
        )
    else:
        push(state, *after)
        kill(state, doomed, events, battle, resolution=True)


def isis_decision(state: State, task: dict) -> list[Decision]:
    left = [h for h in task["protected"] if h not in task["saved"]]
    opts = [Option(f"save:{h}", msg("Keep the figure on {hex} alive", hex=h)) for h in left]
    opts.append(Option("done", msg("Let the others die")))
    return [
        Decision(
            decider(state, task["p"]),
            "isis",
            msg("Isis: keep a Protected figure alive?"),
            tuple(opts),
        )
    ]


def apply_isis(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    if option_id.startswith("save:"):
        task["saved"].append(option_id[5:])
        events.append(
            Event(
                "isis",
                msg("Isis protects the figure on {hex}.", hex=option_id[5:]),
                {"hex": option_id[5:]},
            )
        )
        if len(task["saved"]) < len(task["protected"]):
            return
    pop(state)
    doomed = [h for h in task["doomed"] if h not in task["saved"]]
    kill(state, doomed, events, state["conflict"]["battle"], resolution=True)


def magnanimous(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R105: losers with 2+ figures at Battle Resolution."""
    battle = state["conflict"]["battle"]
    for p in reverse_devotion(state, battle["participants"]):
        if (
            p != battle["winner"]
            and has_power(state, p, "magnanimous")
            and battle["counts"][str(p)] >= MAGNANIMOUS_FIGURES
        ):
            gain_devotion(state, p, MAGNANIMOUS_DEVOTION, events, POWER_NAMES["magnanimous"])


def cat_losses(state: State, task: dict, events: list[Event]) -> None:
    battle = state["conflict"]["battle"]
    cat_mummy_losses(state, battle["cat"], events)  # ANKH-R129
    battle["cat"] = []


def osiris_spaces(state: State, region: str) -> list[str]:
    return sorted(
        h
        for h in region_hexes(state, region)
        if h in LAND
        and h not in WATER
        and h not in state["figures"]
        and h not in state["monuments"]
        and h not in state["underworld"]
    )


def osiris_decision(state: State, task: dict) -> list[Decision]:
    region = state["conflict"]["battle"]["region"]
    spaces = osiris_spaces(state, region)
    pl = state["players"][task["p"]]
    if not spaces:
        return []
    seat = decider(state, task["p"])
    if task["from"] is None:
        opts = []
        if pl["underworld_tokens"] > 0:
            opts += [
                Option(
                    f"uw:{h}", msg("Place an underworld token on {hex}", hex=h), group=hex_group(h)
                )
                for h in spaces
            ]
        opts += [
            Option(f"uwfrom:{h}", msg("Move the underworld token from {hex}", hex=h))
            for h in state["underworld"]
        ]
        if not opts:
            return []
        opts.append(Option("skip", msg("No underworld token")))
        return [
            Decision(seat, "osiris", msg("Osiris lost: place an underworld token?"), tuple(opts))
        ]
    opts = [Option(f"uw:{h}", msg("To {hex}", hex=h), group=hex_group(h)) for h in spaces]
    return [
        Decision(
            seat, "osiris_to", msg("Move the token from {hex} to?", hex=task["from"]), tuple(opts)
        )
    ]


def apply_osiris(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    if option_id.startswith("uwfrom:"):
        task["from"] = option_id[7:]
        return
    pop(state)
    if option_id == "skip":
        return
    hex_ = option_id[3:]
    if task["from"] is not None:
        state["underworld"].remove(task["from"])
    else:
        state["players"][task["p"]]["underworld_tokens"] -= 1
    state["underworld"].append(hex_)
    state["underworld"].sort()
    events.append(
        Event(
            "underworld",
            msg("Osiris opens a portal to the underworld on {hex}.", hex=hex_),
            {"hex": hex_},
        )
    )


def miracle(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R093/R094."""
    battle = state["conflict"]["battle"]
    for p in reverse_devotion(state, battle["participants"]):
        if "miracle" in battle["played"][str(p)]:
            gain_devotion(state, p, battle["killed"][str(p)], events, CARD_NAMES["miracle"])


def worship_start(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R108: in reverse devotion order, after Miracle."""
    battle = state["conflict"]["battle"]
    order = [
        p
        for p in reverse_devotion(state, battle["participants"])
        if has_power(state, p, "worshipful") and battle["played"][str(p)]
    ]
    push(state, *[{"t": "worship", "p": p} for p in order])


def worship_decision(state: State, task: dict) -> list[Decision]:
    if state["players"][task["p"]]["followers"] < WORSHIPFUL_COST:
        return []
    return [
        Decision(
            decider(state, task["p"]),
            "worshipful",
            msg(
                "Worshipful: sacrifice {cost} {cost:plural:follower|followers} for {gain} "
                "devotion?",
                cost=WORSHIPFUL_COST,
                gain=WORSHIPFUL_DEVOTION,
            ),
            (Option("worship:yes", msg("Yes")), Option("worship:no", msg("No"))),
        )
    ]


def apply_worship(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    pop(state)
    if option_id == "worship:yes":
        state["players"][task["p"]]["followers"] -= WORSHIPFUL_COST
        gain_devotion(state, task["p"], WORSHIPFUL_DEVOTION, events, POWER_NAMES["worshipful"])


def cycle(state: State, task: dict, events: list[Event]) -> None:
    """ANKH-R086: Cycle of Ma'at takes every used card back."""
    battle = state["conflict"]["battle"]
    for p in battle["participants"]:
        if "cycle" in battle["played"][str(p)]:
            pl = state["players"][p]
            pl["hand"] = sorted(pl["hand"] + pl["used"], key=CARDS.index)
            pl["used"] = []
            events.append(
                Event(
                    "cycle",
                    msg("{god} takes back all used cards.", god=name(state, p)),
                    {"player": p},
                )
            )


def battle_end(state: State, task: dict, events: list[Event]) -> None:
    state["conflict"]["battle"] = None
    push(state, {"t": "next_region"})
