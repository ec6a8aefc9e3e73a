"""Persistent components for decisions. Each carries its whole state in its custom id
(``discord.ui.DynamicItem``), so a button posted before a restart still works after it.

Custom ids:
- ``scarab:<match>:<seq>:<option_id>``  a button answering one option;
- ``scarab:pick:<match>:<seq>``         a select menu answering with its chosen value;
- ``scarab:private:<match>:<seq>``      "Choose privately": opens an ephemeral menu;
- ``scarab:seat:<match>:<seat>:<seq>``  one seat's select menu when several seats answer public
  decisions at the same time (one menu per seat on the same message); only that seat's owner
  (or a co-owner: a seat playing the same side, ``Engine.co_seats``) may use it;
- ``scarab:step:<match>:<seat|->:<seq>:<path>``  a further step of a menu with more options
  than one select holds (``cogs.picker``: a group or a page, ``path`` its place in the tree);
  shown only to the player who opened it (ephemeral), or in place in a DM / private menu.

Any select entry whose value starts with ``~p:`` opens a step (``cogs.picker.BRANCH``); the
step is rebuilt from the decision that is current, after checking it is still the one (seq)
and the caller may answer it, so it works after a restart too.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import ServiceError, reason
from bot.model import NOT_SEATED
from cogs.common import (
    MAX_BUTTONS,
    MAX_LABEL,
    MAX_SELECT,
    MAX_SELECT_TEXT,
    NOT_CURRENT,
    bot_of,
    clip,
    game_title,
    lang_of,
    meta_text,
    panel_file,
    refuse,
    seat_label,
    seat_name,
)
from cogs.guard import GuardedItem, refusal
from cogs.ids import ID
from cogs.picker import (
    BACK,
    BRANCH,
    Branch,
    Node,
    branch_path,
    entry_value,
    level,
    parse_path,
    path_text,
    trail,
    tree,
)
from cogs.undo import UndoButton
from lang import ENGLISH, localise, t
from rules.core import seat_marks
from rules.text import msg

if TYPE_CHECKING:
    from bot.model import PendingDecision

log = logging.getLogger(__name__)

MORE_VALUE = "~more"
CUSTOM_ID_MAX = 100
MAX_ROWS = 5  # action rows per message
_MATCH = ID  # match ids are numbers (cogs.ids); "lobby", "private", "pick" can never match
CHOOSE = msg("Choose…")
TOO_MANY = msg(
    "There are more choices than a menu can hold: type `/play` and start typing to filter them all."
)


def option_custom_id(match: int, seq: int, option_id: str) -> str:
    return f"scarab:{match}:{seq}:{option_id}"


def step_custom_id(match: int, seat: int | None, seq: int, path: tuple[int, ...]) -> str:
    where = "-" if seat is None else str(seat)
    return f"scarab:step:{match}:{where}:{seq}:{path_text(path)}"


def is_private(interaction: discord.Interaction) -> bool:
    """A DM, or an ephemeral message: only the caller sees it, so it may change in place."""
    return interaction.guild_id is None or (
        interaction.message is not None and interaction.message.flags.ephemeral
    )


# --------------------------------------------------------------------------- submitting


async def submit_choice(
    interaction: discord.Interaction,
    match: int,
    seq: int,
    option_id: str,
    label: str,
    *,
    seat: int | None = None,
) -> None:
    """Answer a decision from a component: defer, submit, confirm privately, announce.
    ``seat``: the seat whose own menu was used (the caller's, or one they co-own)."""
    bot = bot_of(interaction)
    private = is_private(interaction)
    await interaction.response.defer()
    try:
        turn = await bot.service.submit(
            match, interaction.user.id, option_id, decision_seq=seq, for_seat=seat
        )
    except ServiceError as exc:
        await refuse(interaction, await refusal(interaction, exc))
        return
    if private:
        # A DM / ephemeral menu becomes a receipt, without components.
        mine = next((m for m in turn.moves if m.actor == str(interaction.user.id)), None)
        loc = await lang_of(interaction)
        receipt = (
            t(loc, "✅ Sealed: **{choice}**. It stays hidden until the reveal.", choice=label)
            if mine is None or mine.secret
            else t(loc, "✅ Played: **{choice}**.", choice=label)
        )
        try:
            await interaction.edit_original_response(
                content=receipt, view=None, attachments=[], embed=None
            )
            if mine is not None and interaction.guild_id is None:  # the DM menu is settled
                await bot.service.store.dm_menu_settled(match, mine.seat, seq, interaction.user.id)
        except discord.HTTPException:
            log.warning("could not turn the sealed menu into a receipt", exc_info=True)
    await bot.announcer.announce(turn)


def one_choice_select(
    custom_id: str, placeholder: str, options: list[discord.SelectOption] | None
) -> discord.ui.Select:
    """A select answered with one option (a "…" stand-in keeps an empty one valid)."""
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=clip(placeholder, 150),
        options=options or [discord.SelectOption(label="…", value=MORE_VALUE)],
        min_values=1,
        max_values=1,
    )


class DecisionButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"scarab:(?P<match>{_MATCH}):(?P<seq>{ID})"
    r":(?P<option>.+)",
):
    def __init__(
        self,
        match: int,
        seq: int,
        option_id: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        self.match = match
        self.seq = seq
        self.option_id = option_id
        super().__init__(
            discord.ui.Button(
                label=clip(label or option_id, MAX_LABEL),
                style=style,
                custom_id=option_custom_id(match, seq, option_id),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecisionButton:
        return cls(
            int(match["match"]),
            int(match["seq"]),
            match["option"],
            getattr(item, "label", None) or "",
        )

    async def run(self, interaction: discord.Interaction) -> None:
        await submit_choice(
            interaction, self.match, self.seq, self.option_id, self.item.label or self.option_id
        )


class DecisionSelect(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"scarab:pick:(?P<match>{_MATCH}):(?P<seq>{ID})",
):
    def __init__(
        self,
        match: int,
        seq: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = CHOOSE,
    ) -> None:
        self.match = match
        self.seq = seq
        super().__init__(one_choice_select(f"scarab:pick:{match}:{seq}", placeholder, options))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecisionSelect:
        return cls(int(match["match"]), int(match["seq"]), list(getattr(item, "options", ())))

    async def run(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values:
            await refuse(interaction, msg("Pick one entry from the menu."))
            return
        await choose(interaction, self.item, self.match, None, self.seq)


async def choose(
    interaction: discord.Interaction,
    select: discord.ui.Select,
    match: int,
    seat: int | None,
    seq: int,
) -> None:
    """One entry chosen in a decision menu: an option is submitted, a group or page opens
    the next step."""
    value = select.values[0] if select.values else MORE_VALUE
    if value == MORE_VALUE:  # a menu posted before steps existed
        await refuse(interaction, TOO_MANY)
        return
    path = branch_path(value)
    if path is not None:
        await open_step(interaction, match, seat, seq, path)
        return
    label = next((o.label for o in select.options if o.value == value), value)
    await submit_choice(interaction, match, seq, value, label, seat=seat)


class SeatDecisionSelect(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"scarab:seat:(?P<match>{_MATCH}):(?P<seat>{ID})"
    rf":(?P<seq>{ID})",
):
    """One seat's menu among several open public decisions; refuses everyone but its owner
    and co-owners (seats sharing it, ``Engine.co_seats``)."""

    def __init__(
        self,
        match: int,
        seat: int,
        seq: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = CHOOSE,
    ) -> None:
        self.match = match
        self.seat = seat
        self.seq = seq
        super().__init__(
            one_choice_select(f"scarab:seat:{match}:{seat}:{seq}", placeholder, options)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SeatDecisionSelect:
        return cls(
            int(match["match"]),
            int(match["seat"]),
            int(match["seq"]),
            list(getattr(item, "options", ())),
        )

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            info = await bot.service.get_match(self.match)
            owners = await bot.service.co_seats(self.match, self.seat)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        owner = info.seat_of(interaction.user.id)
        if owner is None:
            await refuse(interaction, NOT_SEATED)
            return
        if owner != self.seat and owner not in owners:
            await refuse(
                interaction,
                msg(
                    "This menu is for {seat}: only its owner may answer "
                    "it. Use your own menu, or `/play`.",
                    seat=seat_name(info, self.seat),
                ),
            )
            return
        await choose(interaction, self.item, self.match, self.seat, self.seq)


class StepSelect(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"scarab:step:(?P<match>{_MATCH}):(?P<seat>{ID}|-)"
    rf":(?P<seq>{ID}):(?P<path>[0-9.]{{0,23}})",
):
    """One step of a menu too long for one select: a group's options, or a page."""

    def __init__(
        self,
        match: int,
        seat: int | None,
        seq: int,
        path: tuple[int, ...],
        options: list[discord.SelectOption] | None = None,
        placeholder: str = CHOOSE,
    ) -> None:
        self.match = match
        self.seat = seat
        self.seq = seq
        super().__init__(
            one_choice_select(step_custom_id(match, seat, seq, path), placeholder, options)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepSelect:
        seat = None if match["seat"] == "-" else int(match["seat"])
        path = parse_path(match["path"]) or ()
        options = list(getattr(item, "options", ()))
        return cls(int(match["match"]), seat, int(match["seq"]), path, options)

    async def run(self, interaction: discord.Interaction) -> None:
        await choose(interaction, self.item, self.match, self.seat, self.seq)


async def step_decision(
    interaction: discord.Interaction, match: int, seat: int | None, seq: int
) -> PendingDecision:
    """The open decision a menu step belongs to, if the caller may answer it; raises
    ``ServiceError`` (no longer current, not their turn...) otherwise."""
    service = bot_of(interaction).service
    user = interaction.user.id
    turn = await service.snapshot(match)
    for pending in turn.pending:
        if pending.seq == seq and seat in (None, pending.seat) and user in pending.owner_ids:
            return pending
    if turn.pending_for(user) is not None:
        raise ServiceError(NOT_CURRENT)
    raise await service.turn_refusal(match, user)


async def open_step(
    interaction: discord.Interaction,
    match: int,
    seat: int | None,
    seq: int,
    path: tuple[int, ...],
) -> None:
    """Show the entries at ``path`` of a decision's menu: in place when only the caller sees
    the menu (DM, ephemeral), else in a message only the caller sees."""
    in_place = is_private(interaction)
    await interaction.response.defer(ephemeral=True, thinking=not in_place)
    try:
        pending = await step_decision(interaction, match, seat, seq)
    except ServiceError as exc:
        await refuse(interaction, await refusal(interaction, exc))
        return
    nodes = level(pending.options, path)
    if nodes is None:
        await refuse(interaction, NOT_CURRENT)
        return
    loc = await lang_of(interaction)
    turn = await bot_of(interaction).service.snapshot(match)
    labels = menu_labels(turn.match, turn.view)
    view = step_view(match, seat, seq, path, nodes, pending, loc, labels)
    if in_place:
        await interaction.edit_original_response(view=view)
        return
    await interaction.followup.send(
        step_heading(pending, path, loc, labels), view=view, ephemeral=True
    )


def step_heading(
    pending: PendingDecision, path: tuple[int, ...], loc: str, seats: dict[int, str] | None = None
) -> str:
    """The prompt (naming seats by ``seats``) and the groups or pages chosen so far."""
    steps = " › ".join(localise(label, loc) for label in trail(pending.options, path))
    return clip(f"{localise(pending.decision.prompt, loc, seats)}\n**{steps}**", 2000)


class PrivateChoiceButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"scarab:private:(?P<match>{_MATCH}):(?P<seq>{ID})",
):
    def __init__(self, match: int, seq: int, loc: str = ENGLISH) -> None:
        self.match = match
        self.seq = seq
        super().__init__(
            discord.ui.Button(
                label=t(loc, "Choose privately"),
                emoji="🔒",
                style=discord.ButtonStyle.secondary,
                custom_id=f"scarab:private:{match}:{seq}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PrivateChoiceButton:
        return cls(int(match["match"]), int(match["seq"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await open_private_menu(interaction, self.match, self.seq)


async def open_private_menu(interaction: discord.Interaction, match: int, seq: int | None) -> None:
    """Show the caller's own sealed decision in an ephemeral message."""
    bot = bot_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        info = await bot.service.get_match(match)
        if info.seat_of(interaction.user.id) is None:
            await refuse(interaction, NOT_SEATED)
            return
        pending = await bot.service.pending_for(match, interaction.user.id)
        if pending is None:  # why: not their turn (whose it is), or their sealed answer is in
            why = await bot.service.turn_refusal(match, interaction.user.id)
            await refuse(interaction, await refusal(interaction, why))
            return
        if seq is not None and pending.seq != seq:
            await refuse(interaction, NOT_CURRENT)
            return
        private_view = await bot.service.private_view(match, interaction.user.id)
    except ServiceError as exc:
        await refuse(interaction, reason(exc))
        return
    decision = pending
    loc = await lang_of(interaction)
    file = await panel_file(
        info.game_id, private_view, locale=loc, meta=meta_text(info.id, info.version)
    )
    view = decision_view(info.id, decision, loc, menu_labels(info))
    text = t(
        loc,
        "🔒 **{game} — match #{id}**: {prompt}\nOnly you can see this.",
        game=game_title(info.game_id),
        id=info.id,
        prompt=decision.decision.prompt,
    )
    kwargs: dict[str, Any] = {"ephemeral": True}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    await interaction.followup.send(text, **kwargs)


# --------------------------------------------------------------------------- building views


def decision_view(
    match: int, decision: PendingDecision, loc: str = ENGLISH, seats: dict[int, str] | None = None
) -> discord.ui.View | None:
    """Components for one open decision: buttons (≤ 5), a select (≤ 25), else the first 24
    plus a pointer to ``/play``. ``decision`` is a ``bot.service.PendingDecision``; labels are
    said in ``loc``, the menu's prompt naming seats by ``seats`` (``menu_labels``)."""
    options = list(decision.options)
    if not options:
        return None
    view = discord.ui.View(timeout=None)
    fits = [o for o in options if len(option_custom_id(match, decision.seq, o.id)) <= CUSTOM_ID_MAX]
    if len(options) <= MAX_BUTTONS and len(fits) == len(options):
        for opt in options:
            view.add_item(DecisionButton(match, decision.seq, opt.id, localise(opt.label, loc)))
        return view
    view.add_item(
        DecisionSelect(
            match,
            decision.seq,
            select_options(options, loc),
            placeholder=localise(decision.decision.prompt, loc, seats),
        )
    )
    return view


def menu_labels(info: Any, view: dict[str, Any] | None = None) -> dict[int, str]:
    """Each seat's label for a menu's placeholder, "carol (C, green ▲)": names and seat marks,
    never a mention (a placeholder does not show one)."""
    marks = view if view and view.get("seat_marks") else {"seat_marks": seat_marks(info.seat_count)}
    return {s: seat_label(info, s, marks, mention=False) for s in range(info.seat_count)}


def select_options(options: list[Any], loc: str = ENGLISH) -> list[discord.SelectOption]:
    """The top level of a decision's menu (said in ``loc``): its options when they fit one
    select, else its groups or pages (``cogs.picker``), each opening a further step."""
    return menu_entries(tree(options), (), loc)


def menu_entries(
    nodes: tuple[Node, ...], path: tuple[int, ...], loc: str = ENGLISH
) -> list[discord.SelectOption]:
    """Select entries for one level of a menu; below the top, "Back" comes first."""
    entries = []
    if path:
        entries.append(
            discord.SelectOption(label=localise(BACK, loc), value=BRANCH + path_text(path[:-1]))
        )
    for index, node in enumerate(nodes):
        label = localise(node.label or getattr(node, "id", ""), loc)
        detail = localise(node.detail, loc) if node.detail else None
        if isinstance(node, Branch):
            label = f"▸ {label}"
        entries.append(
            discord.SelectOption(
                label=clip(label, MAX_SELECT_TEXT),
                value=entry_value(node, path, index),
                description=clip(detail, MAX_SELECT_TEXT) if detail else None,
            )
        )
    return entries[:MAX_SELECT]


def step_view(
    match: int,
    seat: int | None,
    seq: int,
    path: tuple[int, ...],
    nodes: tuple[Node, ...],
    pending: PendingDecision,
    loc: str = ENGLISH,
    seats: dict[int, str] | None = None,
) -> discord.ui.View:
    """One step of a long menu: the entries at ``path`` (and "Back"); the prompt names seats
    by ``seats`` (``menu_labels``)."""
    view = discord.ui.View(timeout=None)
    steps = " › ".join(localise(label, loc) for label in trail(pending.options, path))
    placeholder = steps or localise(pending.decision.prompt, loc, seats)
    entries = menu_entries(nodes, path, loc)
    view.add_item(StepSelect(match, seat, seq, path, entries, placeholder=placeholder))
    return view


def seats_view(
    info: Any, decisions: list[PendingDecision], rows: int = MAX_ROWS, loc: str = ENGLISH
) -> tuple[discord.ui.View, list[PendingDecision]]:
    """Several seats answer public decisions at once: one labelled menu per seat, up to
    ``rows`` of them (said in ``loc``). Returns the view and the decisions that did not fit
    (they use /play)."""
    view = discord.ui.View(timeout=None)
    fitted = [d for d in decisions if d.options][:rows]
    labels = menu_labels(info)  # placeholders show no mentions
    for d in fitted:
        prompt = localise(d.decision.prompt, loc, labels)
        name = localise(labels.get(d.seat) or seat_name(info, d.seat), loc)
        placeholder = prompt if prompt.startswith(name) else f"{name}: {prompt}"
        view.add_item(
            SeatDecisionSelect(
                info.id,
                d.seat,
                d.seq,
                select_options(list(d.options), loc),
                placeholder=placeholder,
            )
        )
    return view, [d for d in decisions if d not in fitted]


def sealed_view(match: int, seq: int, loc: str = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PrivateChoiceButton(match, seq, loc))
    return view


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    DecisionButton,
    DecisionSelect,
    SeatDecisionSelect,
    StepSelect,
    PrivateChoiceButton,
    UndoButton,
)
