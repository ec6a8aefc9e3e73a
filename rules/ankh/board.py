"""The board: hexes, neighbours, regions and adjacency (ANKH-R004..R008), camel lines."""

from __future__ import annotations

from functools import lru_cache

from rules.ankh.data import (
    COLS,
    MAX_CAMELS_PER_LINE,
    MIN_REGION_LAND,
    NEIGHBORS_EVEN_COL,
    NEIGHBORS_ODD_COL,
    RIVER_EDGES,
    TERRAIN_CODES,
)
from rules.text import Msg, msg

TERRAIN = {h: {"f": "fertile", "d": "desert", "w": "water"}[c] for h, c in TERRAIN_CODES.items()}
HEXES = tuple(sorted(TERRAIN, key=lambda h: (int(h[1:]), COLS.index(h[0]))))
LAND = frozenset(h for h in HEXES if TERRAIN[h] != "water")
WATER = frozenset(h for h in HEXES if TERRAIN[h] == "water")


def hex_id(row: int, col: int) -> str:
    return f"{COLS[col]}{row}"


def hex_group(hex_: str) -> Msg:
    """The board column of a hex (``d4`` -> "Column d"): how long lists of hexes are grouped
    in menus (``Option.group``)."""
    return msg("Column {column}", column=hex_[0])


def row_col(hex_: str) -> tuple[int, int]:
    return int(hex_[1:]), COLS.index(hex_[0])


def _raw_neighbors(hex_: str) -> list[tuple[int, int]]:
    row, col = row_col(hex_)
    deltas = NEIGHBORS_ODD_COL if col % 2 else NEIGHBORS_EVEN_COL
    return [(row + dr, col + dc) for dr, dc in deltas]


def _on_board(row: int, col: int) -> str | None:
    if 0 <= col < len(COLS) and row >= 0:
        h = f"{COLS[col]}{row}"
        if h in TERRAIN:
            return h
    return None


NEIGHBORS: dict[str, tuple[str, ...]] = {
    h: tuple(n for n in (_on_board(r, c) for r, c in _raw_neighbors(h)) if n) for h in HEXES
}


def edge(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


RIVER = frozenset(edge(a, b) for a, b in RIVER_EDGES)


def _cube(hex_: str) -> tuple[int, int, int]:
    row, col = row_col(hex_)
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


CUBE = {h: _cube(h) for h in HEXES}


def distance(a: str, b: str) -> int:
    ax, ay, az = CUBE[a]
    bx, by, bz = CUBE[b]
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


@lru_cache(maxsize=512)
def within(hex_: str, steps: int) -> tuple[str, ...]:
    """Board hexes reachable in at most ``steps`` steps over the board (ANKH-R038)."""
    seen = {hex_}
    frontier = [hex_]
    for _ in range(steps):
        nxt = []
        for h in frontier:
            for n in NEIGHBORS[h]:
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    seen.discard(hex_)
    return tuple(sorted(seen))


@lru_cache(maxsize=256)
def compute_regions(camels: frozenset) -> tuple[frozenset, ...]:
    """Land hexes grouped into regions: flood fill with river and camel edges blocked."""
    blocked = RIVER | camels
    left = set(LAND)
    out = []
    for start in HEXES:
        if start not in left:
            continue
        comp = {start}
        stack = [start]
        left.discard(start)
        while stack:
            h = stack.pop()
            for n in NEIGHBORS[h]:
                if n in left and edge(h, n) not in blocked:
                    left.discard(n)
                    comp.add(n)
                    stack.append(n)
        out.append(frozenset(comp))
    return tuple(out)


def water_regions(region_land: dict[str, frozenset]) -> dict[str, frozenset]:
    """ANKH-R007: a water hex belongs to every region holding one of its land neighbours."""
    out = {}
    for w in WATER:
        names = set()
        for n in NEIGHBORS[w]:
            for name, land in region_land.items():
                if n in land:
                    names.add(name)
        out[w] = frozenset(names)
    return out


# --- camel lines (ANKH-R053/R054) ------------------------------------------------------
@lru_cache(maxsize=1024)
def _vertices_of_edge(a: str, b: str) -> tuple[frozenset, frozenset]:
    """The two corner points of the edge between a and b, each named by its three hexes
    (off-board hexes by their raw coordinates)."""
    ra = {(r, c) for r, c in _raw_neighbors(a)}
    rb = {(r, c) for r, c in _raw_neighbors(b)}
    common = sorted(ra & rb)
    pa, pb = row_col(a), row_col(b)
    v1 = frozenset((pa, pb, common[0]))
    v2 = frozenset((pa, pb, common[1]))
    return v1, v2


def candidate_edges(camels: frozenset) -> list[tuple[str, str]]:
    """Edges a camel may stand on: between two land hexes of one region, no river, no camel."""
    regions = compute_regions(camels)
    where = {h: i for i, reg in enumerate(regions) for h in reg}
    out = []
    for a in sorted(LAND):
        for b in NEIGHBORS[a]:
            if a < b and b in LAND:
                e = (a, b)
                if e in RIVER or e in camels or where[a] != where[b]:
                    continue
                out.append(e)
    return out


@lru_cache(maxsize=1)
def _static_anchors() -> frozenset:
    """Corner points on a river, a water space or the outer map edge."""
    anchors = set()
    for a in HEXES:
        for r, c in _raw_neighbors(a):
            b = _on_board(r, c)
            if b is None:
                pa = row_col(a)
                ra = set(_raw_neighbors(a))
                for r2, c2 in ra & set(_raw_neighbors_rc(r, c)):
                    anchors.add(frozenset((pa, (r, c), (r2, c2))))
                continue
            if a < b and (edge(a, b) in RIVER or a in WATER or b in WATER):
                anchors.update(_vertices_of_edge(a, b))
    return frozenset(anchors)


def _anchor_vertices(camels: frozenset) -> set:
    """Corner points a line may start or end on: touching a river, water, a camel or the edge."""
    anchors = set(_static_anchors())
    for a, b in camels:
        anchors.update(_vertices_of_edge(a, b))
    return anchors


def _raw_neighbors_rc(row: int, col: int) -> list[tuple[int, int]]:
    deltas = NEIGHBORS_ODD_COL if col % 2 else NEIGHBORS_EVEN_COL
    return [(row + dr, col + dc) for dr, dc in deltas]


@lru_cache(maxsize=64)
def valid_lines(camels: frozenset, min_land: int = MIN_REGION_LAND) -> tuple[frozenset, ...]:
    """Every legal camel line (a set of edges) for the current camels (ANKH-R053/R054).
    ``min_land`` lowers the 6-space minimum (only to explain a refused camel)."""
    regions = compute_regions(camels)
    cands = candidate_edges(camels)
    anchors = _anchor_vertices(camels)
    by_vertex: dict[frozenset, list[tuple[tuple[str, str], frozenset]]] = {}
    for e in cands:
        v1, v2 = _vertices_of_edge(*e)
        by_vertex.setdefault(v1, []).append((e, v2))
        by_vertex.setdefault(v2, []).append((e, v1))
    found: set[frozenset] = set()
    checked: dict[frozenset, bool] = {}
    region_of = {h: reg for reg in regions for h in reg}
    base_blocked = RIVER | camels

    def fill(start: str, land: frozenset, cut: frozenset) -> set:
        comp = {start}
        stack = [start]
        while stack:
            h = stack.pop()
            for n in NEIGHBORS[h]:
                if n in land and n not in comp:
                    e = edge(h, n)
                    if e not in base_blocked and e not in cut:
                        comp.add(n)
                        stack.append(n)
        return comp

    def ok(line: frozenset) -> bool:
        """The line cuts its region into exactly two parts of >= 6 land hexes."""
        if line not in checked:
            a = next(iter(line))[0]
            land = region_of[a]
            first = fill(a, land, line)
            good = False
            if len(first) < len(land):
                rest = land - first
                second = fill(next(iter(sorted(rest))), land, line)
                good = len(second) == len(rest) and len(first) >= min_land and len(rest) >= min_land
            checked[line] = good
        return checked[line]

    def walk(v: frozenset, path: list, visited: set) -> None:
        for e, w in by_vertex.get(v, ()):
            if e in path or w in visited:
                continue
            path.append(e)
            if w in anchors:
                line = frozenset(path)
                if line not in found and ok(line):
                    found.add(line)
            elif len(path) < MAX_CAMELS_PER_LINE:
                visited.add(w)
                walk(w, path, visited)
                visited.discard(w)
            path.pop()

    for v in sorted(anchors & set(by_vertex), key=lambda s: sorted(s)):
        walk(v, [], {v})
    return tuple(sorted(found, key=lambda s: sorted(s)))
