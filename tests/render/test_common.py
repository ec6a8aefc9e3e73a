"""Shared render helpers: fonts with Latin Extended glyphs, seat tokens, PNG encoding."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image, ImageDraw

import render
from render import common


def _tofu() -> bytes:
    fnt = common.font(24)
    return bytes(fnt.getmask("\U000f0000"))  # a private-use code point: no glyph, .notdef box


@pytest.mark.parametrize("bold", [False, True])
def test_font_has_portuguese_and_polish_glyphs(bold):
    fnt = common.font(24, bold)
    tofu = _tofu()
    for char in "êãçõáéíóúàâôÊÃÇŁłóźżąęćńśĄĘĆŃŚŹŻ":
        mask = fnt.getmask(char)
        assert mask.getbbox() is not None, f"{char!r} draws nothing"
        assert bytes(mask) != tofu, f"{char!r} renders as tofu"
    # accented letters differ from their base letters
    assert bytes(fnt.getmask("ê")) != bytes(fnt.getmask("e"))
    assert bytes(fnt.getmask("ł")) != bytes(fnt.getmask("l"))
    assert bytes(fnt.getmask("ż")) != bytes(fnt.getmask("z"))


def test_font_is_cached():
    assert common.font(18) is common.font(18)
    assert common.font(18, bold=True) is not common.font(18)


def test_symbols_used_on_boards_have_glyphs():
    tofu = _tofu()
    fnt = common.font(24, bold=True)
    for char in "✓★▶☥…×↑↓−±≥·":
        assert bytes(fnt.getmask(char)) != tofu, char


def _token(seat: int, mode: str = "RGB") -> Image.Image:
    image = Image.new("RGB", (60, 60), (245, 236, 214))
    common.seat_token(ImageDraw.Draw(image), (30, 30), seat, size=36)
    return image.convert(mode)


def test_seat_styles_differ_by_letter_shape_and_colour():
    styles = common.SEAT_STYLES
    assert len(styles) == 5
    assert len({s.letter for s in styles}) == 5
    assert [s.letter for s in styles] == list("ABCDE")
    assert len({s.shape for s in styles}) == 5
    assert len({s.colour for s in styles}) == 5


def test_seat_tokens_differ_without_colour():
    """Seen in greyscale (no hue at all), every pair of tokens still differs in shape/letter."""
    tokens = [_token(seat, "L") for seat in range(5)]
    for a, b in itertools.combinations(range(5), 2):
        assert tokens[a].tobytes() != tokens[b].tobytes(), (a, b)
    # the shapes themselves differ: compare the silhouettes (token vs background)
    silhouettes = [t.point(lambda v: 255 if v < 200 else 0).tobytes() for t in tokens]
    assert len(set(silhouettes)) == 5


def test_token_letter_contrasts_with_fill():
    for style in common.SEAT_STYLES:
        ink = common.text_on(style.colour)
        assert abs(common.luminance(ink) - common.luminance(style.colour)) > 0.3


def test_cached_text_draw_matches_pillow():
    fnt = common.font(20, bold=True)
    plain = Image.new("RGB", (300, 60), (250, 240, 220))
    cached = plain.copy()
    ImageDraw.Draw(plain).text((10, 30), "Mênfis Łódź", font=fnt, fill=(20, 20, 20), anchor="lm")
    common.canvas_draw(cached).text(
        (10, 30), "Mênfis Łódź", font=fnt, fill=(20, 20, 20), anchor="lm"
    )
    diff = sum(abs(a - b) for a, b in zip(plain.tobytes(), cached.tobytes(), strict=True))
    assert plain.getbbox() is not None
    assert diff / (300 * 60 * 3) < 2  # same glyphs, at most sub-pixel placement differences


def test_wrap_items_keeps_items_whole_and_counts_the_rest():
    fnt = common.font(16)
    items = [f"Card number {i}" for i in range(30)]
    lines = common.wrap_items(items, fnt, 300, max_lines=2)
    assert len(lines) == 2
    assert lines[-1].endswith("more")
    assert all(fnt.getlength(line) <= 300 for line in lines)
    assert common.wrap_items([], fnt, 300) == []


def test_fit_text_ellipsis():
    fnt = common.font(16)
    assert common.fit_text("short", fnt, 300) == "short"
    cut = common.fit_text("a very long province name indeed", fnt, 80)
    assert cut.endswith("…") and fnt.getlength(cut) <= 80


def test_table_draws_text_and_callables():
    image = Image.new("RGB", (400, 200), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    seen = []
    bottom = common.draw_table(
        draw,
        (10, 10),
        [common.Column("A", 100), common.Column("B", 100, "right")],
        [["x", lambda d, box: seen.append(box)], [None, "y"]],
        row_height=30,
    )
    assert bottom == 10 + 30 + 2 * 30
    assert seen == [(110, 40, 210, 70)]


def test_png_is_a_palette_png_and_keeps_size():
    image = Image.new("RGB", (320, 200), (200, 180, 120))
    ImageDraw.Draw(image).text((10, 10), "Amun-Re ąę", font=common.font(20), fill=(0, 0, 0))
    data = render.png(image)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == (320, 200) and decoded.mode == "P"


def test_unknown_game_has_no_renderer():
    with pytest.raises(KeyError):
        render.board("no_such_game", {})
    with pytest.raises(KeyError):
        render.renderer("../etc")


# --- cached text drawing gives Pillow's own pixels ------------------------------------------
CACHED_TEXT_SAMPLES = (
    "VP",
    "Latest VP: Seat 1 +3, Seat 2 +1",
    "Tekhenu: Obelisco do Sol",
    "Żółć gęślą jaźń",
    "Ação de Anúbis — Hórus",
    "  two  spaces ",
    "Wapień ×2, Chleb ×3",
    "T",
    "Tava ya",
)


@pytest.mark.parametrize("anchor", ["la", "ma", "ra", "lm", "mm", "ls", "lt", "mb"])
def test_cached_text_matches_pillow(anchor: str) -> None:
    from PIL import ImageChops

    from render.common import canvas_draw, font

    for size, bold in ((14, False), (22, True)):
        fnt = font(size, bold)
        for text in CACHED_TEXT_SAMPLES:
            ours = Image.new("RGB", (420, 60), (250, 245, 230))
            theirs = ours.copy()
            canvas_draw(ours).text((210, 30), text, fill=(20, 30, 90), font=fnt, anchor=anchor)
            ImageDraw.Draw(theirs).text((210, 30), text, fill=(20, 30, 90), font=fnt, anchor=anchor)
            diff = ImageChops.difference(ours, theirs).getbbox()
            assert diff is None, (text, anchor, size, diff)


def test_ordinal_is_said_in_every_language() -> None:
    assert [common.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]
    assert common.ordinal(2, "pt-BR") == "2º"
    assert common.ordinal(3, "pl") == "3."
