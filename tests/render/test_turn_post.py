"""Issue 12 (render side): the turn post tells the truth at a glance, on every screen.

Item 1: a board or panel PNG may carry a ``scarab`` text chunk (``match=<id>;version=<n>``).
Item 2: the last change is outlined in every language.
Item 5: every board opens with a header band (game, round/phase, whose turn, every score) in
text >= 30 px for a 1320 px board; ``focus`` draws the region in play at most 720 px wide with
words >= 18 px (tags of one or two letters >= 14 px).
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

import render
import rules
from render import common
from rules.testing import random_playout

GAMES = ("amunre", "ankh", "plagues", "tekhenu")
LOCALES = ("en", "pt-BR", "pl")


def playout(game: str, seed: int = 5):
    engine = rules.get(game)
    return engine, random_playout(engine, engine.max_players, seed, keep_states=True)


def sampled_views(game: str, count: int = 8) -> list[dict]:
    engine, played = playout(game)
    states = played.states[:: max(1, len(played.states) // count)] + [played.state]
    return [engine.view(state, None) for state in states]


# --- item 1: the PNG says which match version it shows -----------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_board_and_panel_png_carry_the_match_version(game):
    engine, played = playout(game)
    state = played.states[len(played.states) // 2]
    board = render.png(render.board(game, engine.view(state, None)), meta=render.meta_text(41, 17))
    panel = render.png(render.panel(game, engine.view(state, 0)), meta=render.meta_text(41, 17))
    for data in (board, panel):
        assert render.png_meta(data) == {"match": "41", "version": "17"}
        assert Image.open(__import__("io").BytesIO(data)).text["scarab"] == "match=41;version=17"


def test_png_without_meta_has_no_chunk_and_the_same_pixels():
    image = Image.new("RGB", (40, 30), (200, 10, 10))
    plain, tagged = render.png(image), render.png(image, meta=render.meta_text(1, 2))
    assert render.png_meta(plain) == {}
    assert len(tagged) > len(plain)
    a, b = (Image.open(__import__("io").BytesIO(d)).convert("RGB") for d in (plain, tagged))
    assert ImageChops.difference(a, b).getbbox() is None


# --- item 2: the highlight is drawn in every language -------------------------------------------
def _marks(seat: int, option_id: str) -> list[str]:
    """What the announcer outlines for one public move (cogs/announce.highlight_of)."""
    return sorted({f"seat:{seat}", option_id, *(p for p in option_id.split(":") if p)})


@pytest.mark.parametrize("game", GAMES)
def test_the_last_move_is_outlined_in_every_language(game):
    engine, played = playout(game)
    outlined = {locale: 0 for locale in LOCALES}
    moves = list(enumerate(played.log))[:: max(1, len(played.log) // 12)][:12]
    for index, (seat, option_id) in moves:
        view = engine.view(played.states[index + 1], None)
        for locale in LOCALES:
            plain = render.board(game, view, locale=locale)
            marked = render.board(game, view, highlight=_marks(seat, option_id), locale=locale)
            outlined[locale] += ImageChops.difference(plain, marked).getbbox() is not None
    assert outlined["en"] > 0
    assert outlined["en"] == outlined["pt-BR"] == outlined["pl"], outlined


# --- item 5: the header band ---------------------------------------------------------------------
def _band_texts(game: str, view: dict, locale: str) -> tuple[Image.Image, list[tuple]]:
    drawn: list[tuple] = []
    original = common.CachedTextDraw.text

    def spy(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
        drawn.append((self.canvas.size, xy[1], str(text), font.size if font else 0))
        return original(self, xy, text, fill, font, anchor, *args, **kwargs)

    common.CachedTextDraw.text = spy
    try:
        image = render.board(game, view, locale=locale)
    finally:
        common.CachedTextDraw.text = original
    band = common.band_height(image.width)
    # a seat's letter inside its token (size x 0.52) is left out: colour and shape say it too
    letters = {style.letter for style in common.SEAT_STYLES}
    return image, [
        d
        for d in drawn
        if d[0] == image.size
        and d[1] < band
        and not (d[2] in letters and d[3] < common.band_sizes(image.width)[1])
    ]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_header_band_reads_on_a_phone(game, locale):
    for view in sampled_views(game, 4):
        image, texts = _band_texts(game, view, locale)
        minimum = common.BAND_TEXT_PX * image.width / common.BAND_WIDTH
        assert texts, "no header band"
        assert min(size for *_rest, size in texts) >= minimum
        # at a phone's 360 px the band's smallest text is still ~8 px
        assert min(size for *_rest, size in texts) * 360 / image.width >= 8
        assert not [text for _c, _y, text, _s in texts if "…" in text]
        band = render.renderer(game).header_band(view, locale)
        drawn = {text for _c, _y, text, _s in texts}
        assert band.title in drawn
        assert band.status in drawn or f"{band.status} · {band.detail}" in drawn
        for _seat, score in band.scores:
            assert str(score) in drawn
        players = view.get("players") or []
        assert len(band.scores) == len([p for p in players if p.get("merged_into") is None])


def test_band_scales_with_the_board_width():
    assert common.band_sizes(1320)[1] == 30
    assert common.band_sizes(1360)[1] >= 30
    assert common.band_height(1360) >= common.BAND_H


# --- item 5: the focus image ---------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_focus_shows_the_region_in_play_readable_on_a_phone(game):
    module = render.renderer(game)
    seen: set[str] = set()
    for view in sampled_views(game, 10):
        step = f"{view.get('phase')}/{view.get('step')}"
        if step in seen:
            continue
        seen.add(step)
        with common.recording_texts() as texts:
            image = render.focus(game, view)
        assert image.width <= common.FOCUS_MAX_W
        assert len(render.png(image)) < 500 * 1024
        scale = image.info["scarab.focus_scale"]
        board = render.board(game, view)
        canvas = (board.width, board.height - common.band_height(board.width))
        boxes = _boxes(module, view)
        word = common.smallest_text(texts, boxes, canvas)
        tag = common.smallest_text(texts, boxes, canvas, words=False)
        if word:
            assert word * scale >= common.FOCUS_TEXT_PX - 0.01, (step, word, scale)
        if tag:
            assert tag * scale >= min(common.FOCUS_TAG_PX, tag * common.FOCUS_MAX_SCALE) - 0.01


def _boxes(module, view):
    if module.__name__.endswith("plagues"):
        from render.plagues.board import board_places

        _image, places, layout = board_places(view, None, "en")
        return module.focus_boxes(view, places, layout)
    return module.focus_boxes(view)


def test_focus_follows_the_decision():
    from tests.render import tekhenu_views as views

    take = render.renderer("tekhenu").focus_boxes({**views.with_seats(4), "step": "take"})
    market = render.renderer("tekhenu").focus_boxes({**views.with_seats(4), "step": "thoth"})
    assert take != market and len(take) == 6 and len(market) == 4
