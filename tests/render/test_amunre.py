"""Amun-Re board and panel, drawn from hand-made views (and from real playouts if the engine
is there)."""

from __future__ import annotations

import copy
import io
import itertools

import pytest
from PIL import Image, ImageChops

import render
from render import amunre, common
from render.amunre import layout, words
from render.amunre.seats import score_columns
from tests.render import amunre_views as views
from tests.render.playouts import check_playout_renders
from tests.render.spy import SpyView

MAX_PNG = 500 * 1024


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("phase", sorted(views.PHASE_VIEWS))
def test_board_renders_every_phase(phase):
    view = views.PHASE_VIEWS[phase]()
    image = render.board("amunre", view)
    assert image.mode == "RGB"
    assert 1200 <= image.width <= 1400
    assert 1000 <= image.height <= 1600
    data = render.png(image)
    assert len(data) < MAX_PNG
    assert _decode(data).size == image.size


@pytest.mark.parametrize("phase", sorted(views.PHASE_VIEWS))
def test_panel_renders_every_phase(phase):
    view = views.private(
        views.PHASE_VIEWS[phase](), 1, {"bribe": 2, "fixed_income": 1, "same_bank": 1}
    )
    image = render.panel("amunre", view)
    assert image.mode == "RGB" and 600 <= image.width <= 1400
    assert len(render.png(image)) < MAX_PNG


def test_panel_shows_more_rows_for_more_cards_and_handles_odd_hands():
    small = render.panel("amunre", views.private(views.auction_view(), 0, {}))
    big = render.panel("amunre", views.private_offering_view(0))
    assert big.height > small.height
    odd = views.private(
        views.offering_view(), 2, {"future_card": 1, "architect": 0}, sealed="theft+adjust"
    )
    render.panel("amunre", odd)


def test_panel_sealed_answer_is_drawn():
    sealed = render.panel("amunre", views.private_offering_view(0))
    view = views.private_offering_view(0)
    view["me"]["sealed"] = None
    unsealed = render.panel("amunre", view)
    assert sealed.size == unsealed.size
    assert ImageChops.difference(sealed, unsealed).getbbox() is not None


def test_panel_needs_a_private_view():
    with pytest.raises(ValueError):
        render.panel("amunre", views.offering_view())


def test_static_layer_is_built_once_and_reused():
    amunre.static_layer.cache_clear()
    first, second = views.auction_view(), views.auction_view()
    second["provinces"][0]["farmers"] = 2  # dynamic change: same static layer
    render.board("amunre", first)
    render.board("amunre", second, highlight="thebes")
    info = amunre.static_layer.cache_info()
    assert info.misses == 1 and info.hits >= 1
    key = amunre.static_key(first["provinces"])
    assert amunre.static_layer(key, 4, "en")[0] is amunre.static_layer(key, 4, "en")[0]
    # the cached base is never drawn on
    base = amunre.static_layer(key, 4, "en")[0]
    before = base.tobytes()
    render.board("amunre", views.auction_view())
    assert base.tobytes() == before


def test_static_key_ignores_dynamic_fields():
    a, b = views.auction_view(), views.over_view()
    assert amunre.static_key(a["provinces"]) == amunre.static_key(b["provinces"])
    hash(amunre.static_key(a["provinces"]))


def test_highlight_outlines_only_that_province():
    view = views.auction_view()
    plain = render.board("amunre", view)
    marked = render.board("amunre", view, highlight="thebes")
    box = amunre.static_layer(amunre.static_key(view["provinces"]), 4, "en")[1].boxes["thebes"]
    changed = ImageChops.difference(plain, marked).getbbox()
    assert changed is not None
    band = common.band_height(plain.width)  # the board lies under its header band
    changed = (changed[0], changed[1] - band, changed[2], changed[3] - band)
    assert box[0] - 10 <= changed[0] and changed[2] <= box[2] + 10
    assert box[1] - 10 <= changed[1] and changed[3] <= box[3] + 10
    several = render.board("amunre", view, highlight=["thebes", "memphis"])
    assert ImageChops.difference(marked, several).getbbox() is not None
    unknown = render.board("amunre", view, highlight="atlantis")
    assert ImageChops.difference(plain, unknown).getbbox() is None


def test_public_board_never_shows_private_data():
    public = views.offering_view()
    private = views.private_offering_view(0)
    private["secret_junk"] = {"deck_order": ["bribe", "architect"]}
    for province in private["provinces"]:
        province["hidden_favor_cards"] = ["bribe"]
    assert render.png(render.board("amunre", private)) == render.png(render.board("amunre", public))


def test_board_does_not_read_me():
    spy = SpyView(views.private_offering_view(1))
    spy.read = set()
    render.board("amunre", spy)
    assert "me" not in spy.read
    assert "provinces" in spy.read


def test_board_is_deterministic():
    view = views.purchase_view()
    assert render.png(render.board("amunre", view)) == render.png(
        render.board("amunre", copy.deepcopy(view))
    )


def test_dynamic_pieces_change_the_picture():
    view = views.purchase_view()
    base = render.board("amunre", view)
    for change in (
        lambda v: v["provinces"][0].update(pyramids=2),
        lambda v: v["provinces"][1].update(stones=1),
        lambda v: v["provinces"][2].update(extra_farmers=3),
        lambda v: v["players"][0].update(score=99),
        lambda v: v.update(tile=1),
    ):
        changed = copy.deepcopy(view)
        change(changed)
        assert ImageChops.difference(base, render.board("amunre", changed)).getbbox(), change


def test_latin_extended_province_name_renders():
    view = views.latin_extended_view()
    accented = render.board("amunre", view)
    view["provinces"][5]["name"] = "Menfis Lodz aeczz"
    plain = render.board("amunre", view)
    assert ImageChops.difference(accented, plain).getbbox() is not None


def test_provinces_sharing_a_cell_do_not_overlap():
    view = views.auction_view()
    for province in view["provinces"]:
        if province["id"] in ("thebes", "sawu", "abu"):
            province["row"], province["col"] = 2, 2
    image = render.board("amunre", view)
    boxes = amunre.static_layer(amunre.static_key(view["provinces"]), 4, "en")[1].boxes
    assert len(boxes) == 15
    for a, b in itertools.combinations(boxes.values(), 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for box in boxes.values():
        assert 0 <= box[0] and box[2] <= image.width and box[3] <= image.height


def test_fixture_layout_has_lower_egypt_above_upper_egypt():
    view = views.auction_view()
    boxes = amunre.static_layer(amunre.static_key(view["provinces"]), 4, "en")[1].boxes
    lower = [boxes[p["id"]] for p in view["provinces"] if p["region"] == "lower"]
    upper = [boxes[p["id"]] for p in view["provinces"] if p["region"] == "upper"]
    assert max(b[3] for b in lower) < min(b[1] for b in upper)
    west = [boxes[p["id"]] for p in view["provinces"] if p["bank"] == "west"]
    east = [boxes[p["id"]] for p in view["provinces"] if p["bank"] == "east"]
    assert max(b[2] for b in west) < min(b[0] for b in east)


def test_sealed_option_words():
    assert words.sealed_text("offer:5+adjust") == "5 gold with Offering Adjustment"
    assert words.sealed_text("theft") == "Theft card"
    assert words.sealed_text("offer:5+adjust", "pt-BR") == "5 de ouro com Ajuste de Oferenda"
    assert words.sealed_text("offer:1", "pl") == "1 złoto"
    assert words.sealed_text("theft", "pl") == "karta Kradzieży"


def test_static_layer_is_cached_per_language():
    amunre.static_layer.cache_clear()
    view = views.auction_view()
    english = render.board("amunre", view)
    portuguese = render.board("amunre", view, locale="pt-BR")
    render.board("amunre", view, locale="pt-BR")
    info = amunre.static_layer.cache_info()
    assert info.misses == 2 and info.hits == 1
    key = amunre.static_key(view["provinces"])
    assert amunre.static_layer(key, 4, "en")[0] is not amunre.static_layer(key, 4, "pt-BR")[0]
    assert ImageChops.difference(english, portuguese).getbbox() is not None
    # the English board is the same before and after a Portuguese one
    assert render.png(render.board("amunre", view)) == render.png(english)


@pytest.mark.parametrize("locale", ["pt-BR", "pl"])
def test_board_and_panel_in_other_languages(locale):
    for make in views.PHASE_VIEWS.values():
        view = make()
        assert render.png(render.board("amunre", view, locale=locale)) != render.png(
            render.board("amunre", view)
        )
    hand = {"same_bank": 1, "master_farmers": 1, "upper_or_lower": 1, "bribe": 1}
    private = views.private(views.offering_view(), 1, hand, sealed="offer:5+adjust")
    english = render.panel("amunre", private)
    said = render.panel("amunre", private, locale=locale)
    assert said.size == english.size
    assert ImageChops.difference(english, said).getbbox() is not None


def test_scoreboard_columns_fit_their_headings():
    from render.common import font, text_advance

    for locale in ("en", "pt-BR", "pl"):
        for phase, revealed in (("offering", True), ("offering", False), ("harvest", True)):
            title = words.say(locale, words.offering_title_text(phase, revealed))
            columns = score_columns(locale, title)
            assert sum(c.width for c in columns) == layout.WIDTH - 2 * layout.MARGIN
            for column in columns:
                assert text_advance(font(15, bold=True), column.title) <= column.width - 16


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_views_from_a_real_random_playout_render(seats):
    phases = check_playout_renders("amunre", seats)
    assert "over" in phases


@pytest.mark.parametrize(
    ("locale", "said"),
    [("en", "owner: {}"), ("pt-BR", "dono: {}"), ("pl", "właściciel: {}")],
)
def test_province_owner_tag_names_the_player_beside_the_seat_token(locale, said) -> None:
    """Issue 12: an owned province's tag shows the seat's token (shape, colour, letter) and
    names the owner as the other boards do: the player's name, else "Seat B"."""
    view = views.purchase_view()
    owners = {p["owner"] for p in view["provinces"] if p.get("owner") is not None}
    assert owners
    names = ["alice", "bob", "carol", "dan", "eve"]
    with common.recording_texts() as texts:
        render.board("amunre", {**view, "seat_labels": names}, locale=locale)
    drawn = {text.text for text in texts}
    for owner in owners:
        assert said.format(names[owner]) in drawn, (owner, sorted(drawn))
    with common.recording_texts() as texts:
        render.board("amunre", view, locale=locale)
    drawn = {text.text for text in texts}
    fallback = {"en": "Seat {}", "pt-BR": "Lugar {}", "pl": "Miejsce {}"}[locale]
    for owner in owners:
        letter = common.seat_style(owner).letter
        assert said.format(fallback.format(letter)) in drawn
