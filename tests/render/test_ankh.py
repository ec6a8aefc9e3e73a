"""Ankh board and panel, drawn from hand-made views (and from real playouts if the engine is
there)."""

from __future__ import annotations

import copy
import importlib
import io

import pytest
from PIL import Image, ImageChops

import lang
import render
from render import ankh, common
from render.ankh import layout, pieces, words
from render.common import wrap_items
from rules.testing import mixed_option
from rules.text import msg, seat_ref
from tests.render import ankh_views as views
from tests.render.playouts import check_playout_renders
from tests.render.spy import SpyView

MAX_PNG = 500 * 1024


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _box_of_hex(view, hex_id):
    hexes = {h["id"]: h for h in view["hexes"]}
    cx, cy = layout.centre(hexes[hex_id]["row"], hexes[hex_id]["col"])
    return (cx - layout.R, cy - layout.HEX_H / 2, cx + layout.R, cy + layout.HEX_H / 2)


@pytest.mark.parametrize("name", sorted(views.SITUATIONS))
def test_board_renders_every_situation(name):
    view = views.SITUATIONS[name]()
    image = render.board("ankh", view)
    assert image.mode == "RGB"
    assert 1200 <= image.width <= 1400
    assert 1200 <= image.height <= 1600
    data = render.png(image)
    assert len(data) < MAX_PNG
    assert _decode(data).size == image.size


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_seat_count_has_its_own_table_height(seats):
    image = render.board("ankh", views.setup_view(seats))
    assert image.height == layout.table_layout(seats).height + common.band_height(image.width)


@pytest.mark.parametrize("name", ["setup_3p", "conflict", "sealed", "locust", "merged", "over"])
def test_panel_renders(name):
    view = views.private(views.SITUATIONS[name](), 1)
    image = render.panel("ankh", view)
    assert image.mode == "RGB" and 600 <= image.width <= 1400
    assert len(render.png(image)) < MAX_PNG


def test_panel_shows_the_sealed_answer():
    base = views.conflict_view()
    unsealed = render.panel("ankh", views.private(base, 3))
    cards = render.panel("ankh", views.private(base, 3, ["chariots", "drought"]))
    bid = render.panel("ankh", views.private(base, 3, 2))
    assert unsealed.size == cards.size == bid.size
    assert ImageChops.difference(unsealed, cards).getbbox() is not None
    assert ImageChops.difference(unsealed, bid).getbbox() is not None
    assert ImageChops.difference(cards, bid).getbbox() is not None
    assert words.sealed_words(base, ["chariots"])[0] == "Your sealed battle card: Chariots"
    assert words.sealed_words(base, 0)[0] == "Your sealed Plague bid: 0 followers"


def test_panel_handles_an_empty_hand_and_a_merged_seat():
    view = views.conflict_view()
    view["players"][1].update(hand=[], used=list(views.CARDS))
    render.panel("ankh", views.private(view, 1))
    merged = views.private(views.merged_view(), 1)  # seat B plays Ra's merged player
    assert merged["me"]["player"] == 4
    render.panel("ankh", merged)


def test_panel_needs_a_private_view():
    with pytest.raises(ValueError):
        render.panel("ankh", views.conflict_view())


def test_static_layers_are_built_once_and_reused():
    ankh.static_layer.cache_clear()
    ankh.region_layer.cache_clear()
    first, second = views.move_view(), views.move_view()
    second["figures"][0]["hex"] = "a1"  # dynamic change: same layers
    second["players"][0]["devotion"] = 17
    render.board("ankh", first)
    render.board("ankh", second, highlight="c4")
    info = ankh.static_layer.cache_info()
    assert info.misses == 1 and info.hits >= 1
    assert ankh.region_layer.cache_info().misses == 1
    assert ankh.region_layer.cache_info().hits >= 1
    key = ankh.static_key(first)
    assert ankh.static_layer(key, 3)[0] is ankh.static_layer(key, 3)[0]
    # the cached layers are never drawn on
    base = ankh.region_layer(key, 3, ankh.region_key(first))
    before = base.tobytes()
    render.board("ankh", views.move_view(), highlight=["to:c4", "camel:c4-d4"])
    assert base.tobytes() == before


def test_a_caravan_changes_only_the_region_layer():
    ankh.static_layer.cache_clear()
    ankh.region_layer.cache_clear()
    render.board("ankh", views.setup_view(3))
    render.board("ankh", views.caravan_view())
    assert ankh.static_layer.cache_info().misses == 1
    assert ankh.region_layer.cache_info().misses == 2
    assert ankh.static_key(views.setup_view(3)) == ankh.static_key(views.caravan_view())
    assert ankh.region_key(views.setup_view(3)) != ankh.region_key(views.caravan_view())


def test_highlight_a_hex_marks_only_that_hex():
    view = views.move_view()
    plain = render.board("ankh", view)
    for option in ("c4", "to:c4", "at:c4"):
        marked = render.board("ankh", view, highlight=option)
        changed = ImageChops.difference(plain, marked).getbbox()
        assert changed is not None, option
        band = common.band_height(plain.width)  # the board lies under its header band
        changed = (changed[0], changed[1] - band, changed[2], changed[3] - band)
        x0, y0, x1, y1 = _box_of_hex(view, "c4")
        assert x0 - 8 <= changed[0] and changed[2] <= x1 + 8
        assert y0 - 8 <= changed[1] and changed[3] <= y1 + 8
    unknown = render.board("ankh", view, highlight=["zz9", "card:flood", "skip"])
    assert ImageChops.difference(plain, unknown).getbbox() is None


def test_highlight_a_camel_edge_marks_the_shared_side():
    view = views.caravan_view()
    plain = render.board("ankh", view)
    marked = render.board("ankh", view, highlight="camel:d5-e5")
    changed = ImageChops.difference(plain, marked).getbbox()
    assert changed is not None
    a, b = _box_of_hex(view, "d5"), _box_of_hex(view, "e5")
    assert min(a[0], b[0]) <= changed[0] and changed[2] <= max(a[2], b[2])
    # reversed order names the same edge
    again = render.board("ankh", view, highlight="camel:e5-d5")
    assert ImageChops.difference(marked, again).getbbox() is None


def test_highlight_regions_aims_and_action_rows():
    view = views.caravan_view()
    plain = render.board("ankh", view)
    for option in ("keep:west1", "with:delta", "aim:g5+h5", "act:summon"):
        marked = render.board("ankh", view, highlight=option)
        assert ImageChops.difference(plain, marked).getbbox() is not None, option


def test_public_board_never_shows_private_data():
    public = views.conflict_view()
    private = views.private(views.conflict_view(), 1, ["chariots"])
    private["secret_junk"] = {"deck": ["flood"]}
    for figure in private["figures"]:
        figure["hidden"] = "junk"
    assert render.png(render.board("ankh", private)) == render.png(render.board("ankh", public))


def test_board_does_not_read_me():
    spy = SpyView(views.private(views.sealed_view(), 0, ["flood"]))
    spy.read = set()
    render.board("ankh", spy)
    assert "me" not in spy.read
    assert {"hexes", "figures", "players", "regions"} <= spy.read


def test_board_is_deterministic():
    view = views.conflict_view()
    assert render.png(render.board("ankh", view)) == render.png(
        render.board("ankh", copy.deepcopy(view))
    )


def test_dynamic_pieces_change_the_picture():
    view = views.conflict_view()
    base = render.board("ankh", view)
    changes = (
        lambda v: v["figures"].append(
            {"hex": "a8", "kind": "warrior", "owner": 0, "radiant": False, "aim": None}
        ),
        lambda v: v["monuments"][0].update(owner=2),
        lambda v: v["players"][0].update(devotion=30),
        lambda v: v["players"][2].update(followers=11),
        lambda v: v["players"][0].update(used=["miracle"]),
        lambda v: v["players"][0].update(powers=["bountiful"]),
        lambda v: v["action_tracks"][3].update(position=3),
        lambda v: v["event_track"].update(position=9),
        lambda v: v["camels"].append(["a7", "a8"]),
        lambda v: v["underworld"].append("a8"),
        lambda v: v["regions"][0].update(token=8),
        lambda v: v["conflict"]["battle"].update(winner=1),
        lambda v: v["tiebreaker"].update(face_up=False),
        lambda v: v.update(acting=[0]),
    )
    for index, change in enumerate(changes):
        changed = copy.deepcopy(view)
        change(changed)
        assert ImageChops.difference(base, render.board("ankh", changed)).getbbox(), index


def test_every_figure_kind_and_monument_is_drawn_distinctly():
    kinds = [
        "god",
        "warrior",
        "satet",
        "cat_mummy",
        "mummy",
        "apep",
        "giant_scorpion",
        "androsphinx",
    ]
    tiles = {kind: pieces.sprite(kind, 0)[0].tobytes() for kind in kinds}
    assert len(set(tiles.values())) == len(kinds)
    owners = {pieces.sprite("god", seat)[0].tobytes() for seat in range(5)}
    assert len(owners) == 5
    assert (
        pieces.sprite("warrior", 1, True)[0].tobytes() != pieces.sprite("warrior", 1)[0].tobytes()
    )
    monuments = {
        pieces.sprite(m, owner, monument=True)[0].tobytes()
        for m in ("obelisk", "temple", "pyramid")
        for owner in (None, 0, 3)
    }
    assert len(monuments) == 9


def test_latin_extended_region_names_render():
    view = views.latin_extended_view()
    accented = render.board("ankh", view)
    for region in view["regions"]:
        if region["id"] == "Łódź-żółć":
            region["id"] = "Lodz-zolc"
    plain = render.board("ankh", view)
    assert ImageChops.difference(accented, plain).getbbox() is not None


def test_hex_centres_match_the_documented_layout():
    # docs/views/ankh.md: x = 1.5*R*col, y = sqrt(3)*R*(row + 0.5*(col % 2)), plus an offset
    ox, oy = layout.centre(0, 0)
    x, y = layout.centre(3, 5)
    assert x - ox == pytest.approx(1.5 * layout.R * 5)
    assert y - oy == pytest.approx(3**0.5 * layout.R * 3.5)
    view = views.setup_view(2)
    for h in view["hexes"]:
        x0, y0, x1, y1 = _box_of_hex(view, h["id"])
        assert layout.MAP_X - 1 <= x0 and x1 <= layout.MAP_X + layout.MAP_W + 1
        assert layout.MAP_Y - 1 <= y0 and y1 <= layout.MAP_Y + layout.MAP_H + 1


def test_hand_text():
    cards = list(views.CARDS)
    assert words.hand_text(cards, []) == "in hand: all 7"
    assert words.hand_text(cards[1:], cards[:1]) == "in hand: the other 6"
    assert words.hand_text([], cards) == "in hand: none"
    assert words.hand_text(["flood"], []) == "in hand 1: Flood"


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_views_from_a_real_random_playout_render(seats):
    phases = check_playout_renders("ankh", seats, samples=10, chooser=mixed_option)
    assert "over" in phases


def test_gods_being_chosen_render():
    """Table option gods=choose: before the picks no player has a god yet."""
    engine = importlib.import_module("rules").get("ankh")
    state = engine.new_game(3, {"gods": "choose"}, 9)
    view = engine.view(state, None)
    assert [p["god"] for p in view["players"]] == [None] * 3
    assert words.player_name(view["players"][0]) == "god: choosing…"
    image = render.board("ankh", view)
    assert len(render.png(image)) < MAX_PNG
    panel = ankh.panel(engine.view(state, 0))
    assert panel.width > 0


@pytest.mark.parametrize("locale", ["pt-BR", "pl"])
def test_board_and_panel_in_other_languages(locale):
    """Words are said in the match's language; the cached layers and rows are kept apart per
    language, so an English board stays the same after a translated one."""
    view = views.conflict_view()
    english = render.png(render.board("ankh", view))
    other = render.board("ankh", view, locale=locale)
    assert other.size == render.board("ankh", view).size
    assert render.png(other) != english
    assert render.png(render.board("ankh", view, locale="en")) == english
    key = ankh.static_key(view)
    players = len(view["players"])
    assert (
        ankh.static_layer(key, players, locale)[0] is not ankh.static_layer(key, players, "en")[0]
    )
    private = views.private(view, 3, 2)
    assert render.png(render.panel("ankh", private, locale=locale)) != render.png(
        render.panel("ankh", private)
    )


def test_texts_are_translated():
    view = views.conflict_view()
    assert (
        words.sealed_words(view, ["chariots"], "pt-BR")[0]
        == "Sua Carta de Batalha secreta: Carruagens"
    )
    assert words.sealed_words(view, 1, "en")[0] == "Your sealed Plague bid: 1 follower"
    assert words.hand_text(["flood"], [], "pl") == "w ręce 1: Powódź"
    assert words.seats_text({"seats": [0, 2]}, "pt-BR") == "lugares A+C"
    assert words.player_name({"gods": ["isis", "ra"]}, "pl") == "Izyda + Ra"


def test_long_power_lists_wrap_with_a_count():
    items = [f"Power {n}" for n in range(12)]
    lines = wrap_items(items, common.font(15), 236, 2, ", ", locale="pl")
    more = [lang.t("pl", "+{n} more", n=n) for n in range(1, 12)]
    assert len(lines) == 2 and lines[-1].endswith(tuple(more)), lines


def test_the_result_line_names_the_players_not_seat_numbers() -> None:
    """Issue 12: the engine's "Anubis (Seat 1): 9 devotion" is drawn with the player's name."""
    view = {"seat_labels": ["alice 🐍", None, "carol"]}
    assert common.named_seats(view) == {0: "alice", 2: "carol"}
    text = msg("{god} ({seats}): {n} devotion", god="Anubis", seats=seat_ref(0), n=9)
    assert lang.localise(text, "en", common.named_seats(view)) == "Anubis (alice): 9 devotion"
