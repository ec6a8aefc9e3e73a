"""No English sentence reaches a player without going through the catalogues (issue 6, item 7).

Scans the bot, the engines and the renderers for literal strings or f-strings handed straight
to what players read: replies, refusals, message contents, embed titles and fields, button
labels, menu placeholders and options, words drawn on boards, and the texts of
``ServiceError``/``IllegalMove``. Such a text must be a ``msg(...)``/``t(...)`` instead, so it
exists in every language."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.lang.texts import ROOT

SCANNED = ("bot", "cogs", "rules", "render")
# call name -> positional argument indexes that players read
POSITIONAL = {
    "refuse": (1,),
    "reply": (1,),
    "ServiceError": (0,),
    "IllegalMove": (0,),
    "send": (0,),
    "send_message": (0,),
    "Embed": (),
    "add_field": (),
    "SelectOption": (0,),
    "Button": (),
    "Select": (),
    "text": (1,),
}  # ImageDraw.text(xy, text): words drawn on a board
KEYWORDS = {"content", "label", "placeholder", "title", "name", "value", "description", "reason"}
# keyword sinks only count on these calls (``name=`` of a command is not a player text)
KEYWORD_CALLS = {
    "send",
    "send_message",
    "edit",
    "edit_message",
    "edit_original_response",
    "Embed",
    "add_field",
    "set_footer",
    "set_author",
    "Button",
    "Select",
    "SelectOption",
    "TextInput",
    "Modal",
    "ServiceError",
    "followup",
}


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _is_english(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _words(node.value)
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(part, ast.Constant) and _words(part.value) for part in node.values)
    return False


def _words(text: str) -> bool:
    """Two letters in a row outside markdown/emoji: a word someone has to translate."""
    letters = 0
    for ch in text:
        letters = letters + 1 if ch.isalpha() else 0
        if letters >= 2:
            return True
    return False


def literal_texts(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        for index in POSITIONAL.get(name, ()):
            if len(node.args) > index and _is_english(node.args[index]):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}(...)")
        if name in KEYWORD_CALLS:
            for keyword in node.keywords:
                if keyword.arg in KEYWORDS and _is_english(keyword.value):
                    found.append(
                        f"{path.relative_to(ROOT)}:{node.lineno} {name}({keyword.arg}=...)"
                    )
    return found


def test_player_texts_go_through_the_catalogues() -> None:
    found = [
        hit
        for folder in SCANNED
        for path in sorted((ROOT / folder).rglob("*.py"))
        for hit in literal_texts(path)
    ]
    assert not found, f"{len(found)} English literals shown to players:\n" + "\n".join(found)
