"""Menus for decisions with more options than one select holds (Discord: 25 entries).

The options of a decision form a tree that is rebuilt the same way from the decision alone, so
a menu step only needs the path to its level (``"3.1"``: the 4th entry, then its 2nd):

- up to 25 options: one level, the options themselves;
- more, with ``Option.group`` labels: the groups first (a group of one is its option), then
  the options of the chosen group;
- no groups, or more groups than a menu holds, or a group larger than a menu: pages of
  consecutive entries ("1–25", "26–50"...), pages of pages if ever needed.

Levels below the top keep one entry free for "Back". Pure: no Discord here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.core import Option
from rules.text import msg

MENU_ROOM = 25  # entries in one select
SUB_ROOM = MENU_ROOM - 1  # a level below the top also shows "Back"
BRANCH = "~p:"  # select value that opens a level: "~p:3.1"; "~p:" is the top
BACK = msg("⬅ Back")
MAX_DEPTH = 8  # path levels a custom id may carry (far more than any decision needs)


@dataclass(frozen=True, slots=True)
class Branch:
    """A group or page: a label and the entries it opens."""

    label: str
    entries: tuple[Node, ...]
    detail: str = ""

    def options(self) -> list[Option]:
        found: list[Option] = []
        for entry in self.entries:
            found += entry.options() if isinstance(entry, Branch) else [entry]
        return found


Node = Option | Branch


def tree(options: Sequence[Option], room: int = MENU_ROOM) -> tuple[Node, ...]:
    """The entries of one level for ``options`` (at most ``room``)."""
    if len(options) <= room:
        return tuple(options)
    nodes = _grouped(options)
    if len(nodes) == 1:  # one group: nothing to choose between
        nodes = list(options)
    return _paged(nodes, room)


def _grouped(options: Sequence[Option]) -> list[Node]:
    """Options gathered by ``group`` (in order of first appearance); ungrouped ones alone."""
    members: dict[str, list[Option]] = {}
    order: list[Option | str] = []
    for opt in options:
        if not opt.group:
            order.append(opt)
        elif opt.group not in members:
            members[opt.group] = [opt]
            order.append(opt.group)
        else:
            members[opt.group].append(opt)
    nodes: list[Node] = []
    for item in order:
        if isinstance(item, Option):
            nodes.append(item)
        elif len(members[item]) == 1:
            nodes.append(members[item][0])
        else:
            group = members[item]
            nodes.append(Branch(item, _paged(group, SUB_ROOM), _span(group)))
    return nodes


def _paged(nodes: Sequence[Node], room: int) -> tuple[Node, ...]:
    """``nodes`` in pages of ``SUB_ROOM`` until one level holds them (``room``)."""
    while len(nodes) > room:
        pages: list[Node] = []
        first = 1
        for start in range(0, len(nodes), SUB_ROOM):
            chunk = tuple(nodes[start : start + SUB_ROOM])
            count = sum(len(n.options()) if isinstance(n, Branch) else 1 for n in chunk)
            leaves = [o for n in chunk for o in (n.options() if isinstance(n, Branch) else [n])]
            label = msg("{first}–{last}", first=first, last=first + count - 1)
            pages.append(Branch(label, chunk, _span(leaves)))
            first += count
        nodes = pages
    return tuple(nodes)


def _span(options: Sequence[Option]) -> str:
    """What a group or page holds, first to last: "Bid 1 on Thebes … Bid 9 on Giza"."""
    if len(options) == 1:
        return options[0].label
    return msg("{first} … {last}", first=options[0].label, last=options[-1].label)


def parse_path(text: str) -> tuple[int, ...] | None:
    """``"3.1"`` -> (3, 1); ``""`` -> (); None for anything else."""
    if text == "":
        return ()
    parts = text.split(".")
    if len(parts) > MAX_DEPTH or not all(p.isdigit() and len(p) <= 2 for p in parts):
        return None
    return tuple(int(p) for p in parts)


def path_text(path: tuple[int, ...]) -> str:
    return ".".join(str(i) for i in path)


def level(options: Sequence[Option], path: tuple[int, ...]) -> tuple[Node, ...] | None:
    """The entries shown at ``path`` (None when the path leads nowhere: stale or forged)."""
    nodes = tree(options)
    for index in path:
        if not 0 <= index < len(nodes) or not isinstance(nodes[index], Branch):
            return None
        nodes = nodes[index].entries  # type: ignore[union-attr]
    return nodes


def trail(options: Sequence[Option], path: tuple[int, ...]) -> list[str]:
    """The labels of the groups and pages along ``path`` (for the step's heading)."""
    labels: list[str] = []
    nodes = tree(options)
    for index in path:
        if not 0 <= index < len(nodes) or not isinstance(nodes[index], Branch):
            break
        labels.append(nodes[index].label)
        nodes = nodes[index].entries  # type: ignore[union-attr]
    return labels


def entry_value(node: Node, path: tuple[int, ...], index: int) -> str:
    """A select value: the option's id, or the branch to open."""
    if isinstance(node, Branch):
        return BRANCH + path_text((*path, index))
    return node.id


def branch_path(value: str) -> tuple[int, ...] | None:
    """The path a select value opens, or None when it is an option id."""
    if not value.startswith(BRANCH):
        return None
    return parse_path(value[len(BRANCH) :])


def path_of(options: Sequence[Option], option_id: str) -> tuple[int, ...] | None:
    """The path of the level that lists ``option_id`` (``()``: the top), or None."""
    todo: list[tuple[tuple[int, ...], tuple[Node, ...]]] = [((), tree(options))]
    while todo:
        path, nodes = todo.pop()
        for index, node in enumerate(nodes):
            if isinstance(node, Branch):
                todo.append(((*path, index), node.entries))
            elif node.id == option_id:
                return path
    return None
