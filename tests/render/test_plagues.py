"""10 Plagues of Egypt board and panel, drawn from hand-made views (and from real playouts if
the engine is there)."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image, ImageChops

import render
from render import common, plagues
from render.plagues import layout as geometry
from render.plagues import words
from tests.render import plagues_views as views
from tests.render.playouts import check_playout_renders
from tests.render.spy import SpyView

MAX_PNG = 500 * 1024


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _diff(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    assert a.size == b.size
    return ImageChops.difference(a, b).getbbox()


def _on_board(box, image):
    """A box of the image in the coordinates of the board under its header band."""
    band = common.band_height(image.width)
    return None if box is None else (box[0], box[1] - band, box[2], box[3] - band)


def _inside(inner, outer, slack: int = 10) -> bool:
    return (
        outer[0] - slack <= inner[0]
        and outer[1] - slack <= inner[1]
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


@pytest.mark.parametrize("name", sorted(views.PHASE_VIEWS))
def test_board_renders_every_fixture(name):
    view = views.PHASE_VIEWS[name]()
    image = render.board("plagues", view)
    assert image.mode == "RGB"
    assert 1200 <= image.width <= 1400
    assert 1000 <= image.height <= 1900 + common.band_height(image.width)  # + issue 12's band
    data = render.png(image)
    assert len(data) < MAX_PNG
    assert _decode(data).size == image.size


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_seat_count_gets_one_province_board_each(seats):
    view = views.setup_view(seats)
    key = plagues.static_key(view)
    _base, layout = plagues.static_layer(key)
    assert len(layout.boards) == seats
    boxes = [(x, y, x + geometry.PB_W, y + geometry.PB_H) for x, y in layout.boards]
    for index, a in enumerate(boxes):
        assert a[2] <= geometry.WIDTH and a[3] <= layout.height
        for b in boxes[index + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    render.board("plagues", view)


def test_solo_board_shows_the_ai_die_row():
    view = views.solo_view()
    image = render.board("plagues", view)
    hidden = copy.deepcopy(view)
    for card in hidden["ai_row"]:
        card.update(value=None, revealed=False)
    assert _diff(image, render.board("plagues", hidden)) is not None


@pytest.mark.parametrize("name", sorted(views.PHASE_VIEWS))
def test_panel_renders_every_fixture(name):
    view = views.private(views.PHASE_VIEWS[name](), 0)
    image = render.panel("plagues", view)
    assert image.mode == "RGB" and 600 <= image.width <= 1400
    assert len(render.png(image)) < MAX_PNG


def test_panel_shows_the_secret_draws():
    plain = render.panel("plagues", views.private(views.solo_view(), 0))
    edfu = render.panel(
        "plagues",
        views.private(
            views.solo_view(), 0, drawn=["coin", "sphinx", "province3", "boat", "herd", "pharaoh"]
        ),
    )
    assert edfu.height > plain.height
    buto = render.panel(
        "plagues",
        views.private(
            views.picks_view(),
            1,
            drawn=["sc_flat", "sa_soldiers", "ib_dev_both"],
            buto_bottom=["tr_coin_1", "sc_lines"],
        ),
    )
    no_draw = render.panel("plagues", views.private(views.picks_view(), 1))
    assert buto.height > no_draw.height
    odd = views.private(views.crowded_view(), 0, drawn=["future_card"], buto_bottom=["??"])
    render.panel("plagues", odd)


def test_panel_needs_a_private_view():
    with pytest.raises(ValueError):
        render.panel("plagues", views.dice_view())


def test_static_layer_is_built_once_and_reused():
    plagues.static_layer.cache_clear()
    first, second = views.dice_view(), views.losses_view()
    render.board("plagues", first)
    render.board("plagues", second, highlight="tile:2")
    info = plagues.static_layer.cache_info()
    assert info.misses == 1 and info.hits >= 1
    key = plagues.static_key(first)
    assert plagues.static_layer(key)[0] is plagues.static_layer(key)[0]
    base = plagues.static_layer(key)[0]
    before = base.tobytes()
    render.board("plagues", views.crowded_view(), highlight=["c0", "tile:1"])
    assert base.tobytes() == before


def test_static_key_ignores_dynamic_fields():
    assert plagues.static_key(views.dice_view()) == plagues.static_key(views.crowded_view())
    assert plagues.static_key(views.dice_view()) != plagues.static_key(views.setup_view(2))
    assert plagues.static_key(views.dice_view()) != plagues.static_key(views.tribute_view())
    hash(plagues.static_key(views.solo_view()))


def _highlight_box(view, marks):
    plain = render.board("plagues", view)
    marked = render.board("plagues", view, highlight=marks)
    return _on_board(_diff(plain, marked), plain)


def test_highlight_outlines_a_dice_space_only():
    changed = _highlight_box(views.dice_view(), "tile:3")
    assert changed is not None
    assert _inside(changed, geometry.dice_space(3))


def test_highlight_die_and_action_marks_the_dice_space_or_pharaoh_card():
    view = views.dice_view()
    changed = _highlight_box(view, ["die:4", "die", "4", "tile"])
    assert changed is not None
    assert (
        _diff(
            render.board("plagues", view, highlight=["die:4", "tile"]),
            render.board("plagues", view, highlight=["die:4"]),
        )
        is not None
    )
    pharaoh = _highlight_box(view, ["die:2", "pharaoh"])
    assert pharaoh is not None


def test_highlight_seat_places_go_to_the_named_seat():
    view = views.dice_view()  # current seat 3 (D)
    origin = plagues.static_layer(plagues.static_key(view))[1].boards

    def board_box(s: int) -> tuple[int, int, int, int]:
        x, y = origin[s]
        return (x, y, x + geometry.PB_W, y + geometry.PB_H)

    current = _highlight_box(view, "space:c4")
    assert current is not None and _inside(current, board_box(3))
    named = _highlight_box(view, ["space:c4", "seat:1"])
    assert named is not None and _inside(named, board_box(1))
    for mark in ("recover:A", "track:city", "die:5", "f2"):
        found = _highlight_box(view, [mark, "seat:0"])
        assert found is not None and _inside(found, board_box(0)), mark


def test_highlight_unknown_marks_change_nothing():
    view = views.dice_view()
    assert _highlight_box(view, ["atlantis", "tile:9", "hebrew:7", "pick:nothing"]) is None


@pytest.mark.parametrize(
    "mark",
    [
        "tile:1",
        "tile:6",
        "hebrew:2",
        "pick:sc_bonuses",
        "sc_bonuses",
        "pharaoh:3",
        "cancel:1",
        "cancel:2",
        "token:plague",
        "swap:1:5",
        "card:sa_soldiers",
        "space:c0",
        "space:f5",
        "die:1",
        "recover:B",
        "track:field",
        "track:split",
    ],
)
def test_every_option_id_family_has_a_place_on_the_board(mark):
    """Labels match option ids: each id the engine offers outlines its place."""
    view = views.dice_view()
    assert _highlight_box(view, [mark, "seat:0"]) is not None, mark


def test_public_board_never_shows_private_data():
    public = views.dice_view()
    private = views.private(public, 2, drawn=["sc_flat", "tr_coin_1"], buto_bottom=["sa_soldiers"])
    private["secret_junk"] = {"reserve_order": ["coin", "boat"]}
    for player in private["players"]:
        player["hand_secret"] = ["sphinx"]
    assert render.png(render.board("plagues", private)) == render.png(
        render.board("plagues", public)
    )


def test_board_does_not_read_me():
    spy = SpyView(views.private(views.dice_view(), 1, drawn=["coin"]))
    spy.read = set()
    render.board("plagues", spy, highlight=["tile:1", "c0"])
    assert "me" not in spy.read
    assert {"players", "dice_spaces", "territories"} <= spy.read


def test_board_is_deterministic():
    view = views.losses_view()
    assert render.png(render.board("plagues", view)) == render.png(
        render.board("plagues", copy.deepcopy(view))
    )


def test_dynamic_pieces_change_the_picture():
    view = views.dice_view()
    base = render.board("plagues", view)
    changes = (
        lambda v: v["dice_spaces"].__setitem__(0, "boat"),
        lambda v: v.update(hebrews=[1, 1, 1]),
        lambda v: v.update(round=5),
        lambda v: v["players"][0]["city"].update(c3="obelisk"),
        lambda v: v["players"][0]["bonuses"][2].update(active=True),
        lambda v: v["players"][1]["dev"].update(city=9),
        lambda v: v["players"][1].update(nile=11),
        lambda v: v["players"][1].update(province_card=22),
        lambda v: v["players"][1].update(dice_used=[]),
        lambda v: v["players"][2]["discard"].update(B="herd"),
        lambda v: v["players"][2].update(hebrews=[1, 2, 3, 1, 2, 3, 1, 2]),
        lambda v: v["players"][3]["territory"].append(views.territory("sc_flat")),
        lambda v: v["players"][3].update(soldiers=21),
        lambda v: v["players"][3].update(score=77),
        lambda v: v["players"][3].update(penalties=3),
        lambda v: v["pharaoh_cards"][4].update(holder=1),
        lambda v: v.update(plague=views.plague("frogs")),
        lambda v: v.update(loss_card=views.loss("L3c")),
        lambda v: v.update(territories=[views.face_up("sc_flat")]),
        lambda v: v.update(acting=[0, 1]),
    )
    for change in changes:
        changed = copy.deepcopy(view)
        change(changed)
        assert _diff(base, render.board("plagues", changed)), change


def test_latin_extended_text_renders():
    view = views.latin_extended_view()
    accented = render.board("plagues", view)
    view["plague"].update(name="Morte dos primogenitos", text="Lodz: zolc gesla jazn - acao")
    plain = render.board("plagues", view)
    assert _diff(accented, plain) is not None


def test_odd_views_do_not_crash():
    view = views.crowded_view()
    view["players"][0].update(
        dev={"city": 99, "field": -3},
        nile=40,
        province_card=-1,
        markers_left=[6, 99],
        hebrews=[3] * 30,
    )
    view["players"][1]["bonuses"].append({"a": "c9", "b": "x", "kind": "mystery", "active": True})
    view["players"][2]["city"]["zz"] = "sphinx"
    view["pharaoh_cards"].append({"n": 9, "id": "?", "name": "?", "holder": None})
    view.update(
        hebrews=[1, 2, 3, 3, 2],
        round=12,
        plague=None,
        loss_card=None,
        territories=[views.face_up(c) for c in ("sc_flat", "sc_lines", "tr_coin_1", "sa_soldiers")],
    )
    assert len(render.png(render.board("plagues", view))) < MAX_PNG


def _engine():
    import rules

    return rules.get("plagues")


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_views_from_a_real_random_playout_render(seats):
    phases = check_playout_renders("plagues", seats, view_seats=lambda view: len(view["players"]))
    assert "over" in phases


PLACED = (
    "die:",
    "tile:",
    "space:",
    "hebrew:",
    "recover:",
    "slot:",
    "pick:",
    "cancel:",
    "track:",
    "swap:",
)


def test_real_option_ids_outline_their_place():
    """Labels match option ids: every placed option the engine offers outlines something."""
    engine = _engine()
    from rules.testing import random_playout

    checked = 0
    for seats in (2, 4):
        playout = random_playout(engine, seats, seed=10 + seats, keep_states=True)
        for state in playout.states[:: max(1, len(playout.states) // 25)]:
            public = engine.view(state, None)
            plain = render.board("plagues", public)
            for decision in engine.pending(state):
                if decision.seat == public.get("ai_seat"):
                    continue
                for option in decision.options:
                    if not option.id.startswith(PLACED):
                        continue
                    marks = [option.id, *option.id.split(":"), f"seat:{decision.seat}"]
                    marked = render.board("plagues", public, highlight=marks)
                    assert _diff(plain, marked) is not None, option.id
                    checked += 1
    assert checked >= 20


# --- languages -----------------------------------------------------------------------------------
LOCALES = ("pt-BR", "pl")


def test_static_layer_is_keyed_by_locale():
    view = views.dice_view()
    english = plagues.static_key(view)
    assert english == plagues.static_key(view, "en")
    portuguese = plagues.static_key(view, "pt-BR")
    assert portuguese != english and hash(portuguese) != hash(english)
    base = plagues.static_layer(english)[0]
    assert plagues.static_layer(english)[0] is base
    assert _diff(base, plagues.static_layer(portuguese)[0]) is not None
    assert (
        plagues.static_layer(plagues.static_key(view, "pl"))[1] == plagues.static_layer(english)[1]
    )  # same layout: only the words differ


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", sorted(views.PHASE_VIEWS))
def test_every_fixture_renders_in_every_language(name, locale):
    view = views.PHASE_VIEWS[name]()
    english = render.board("plagues", view)
    said = render.board("plagues", view, locale=locale)
    assert said.size == english.size and _diff(english, said) is not None
    assert len(render.png(said)) < MAX_PNG
    panel = render.panel("plagues", views.private(view, 0), locale=locale)
    assert panel.width == render.panel("plagues", views.private(view, 0)).width


@pytest.mark.parametrize("locale", LOCALES)
def test_highlights_land_on_the_same_places_in_every_language(locale):
    view = views.dice_view()
    plain = render.board("plagues", view, locale=locale)
    marked = render.board("plagues", view, highlight="tile:3", locale=locale)
    assert _inside(_on_board(_diff(plain, marked), plain), geometry.dice_space(3))


def test_words_fit_their_boxes():
    """Long Portuguese and Polish words shrink, then get an ellipsis; never wider than asked."""
    for text in ("Desenvolvimento da cidade (pts)", "Kolumna Hebrajczyków", "x" * 200):
        for width in (28, 60, 200):
            shown, fnt = words.fit(text, 14, True, width)
            assert words.text_px(fnt, shown) <= width
            assert fnt.size >= 11


def test_option_ids_made_of_english_words_only_on_english_boards():
    view = views.PHASE_VIEWS[sorted(views.PHASE_VIEWS)[0]]()
    assert words.ids_shown("en") and not words.ids_shown("pt-BR")
    assert words.option_id("tile", 3) == "tile:3"
    render.board("plagues", view, locale="pl")
