"""The project's rule specification, `docs/rules/<game>.md`, and the rule ids tests are tagged with.

A rule id is defined by a line `- **TEK-R045** ...` in `docs/rules/<game>.md`. A test covers an id
when it carries `@pytest.mark.rule("TEK-R045")` (on the function, its class or the module's
`pytestmark`) or names the id in its docstring. The coverage test (tests/test_rule_coverage.py)
reads the test files statically; `pytest --rule ID` (tests/conftest.py) asks the collected items.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC_DIR = ROOT / "docs" / "rules"
TESTS = ROOT / "tests"
PREFIX = {"amunre": "AMR", "ankh": "ANKH", "plagues": "PLG", "tekhenu": "TEK"}
ANY_ID = re.compile(r"\b(?:AMR|ANKH|PLG|TEK)-R\d{3}\b")
DEFINITION = re.compile(r"^- \*\*([A-Z]+-R\d{3})\*\*\s+\S")


def spec_path(game_id: str) -> Path:
    return SPEC_DIR / f"{game_id}.md"


def defined_ids(game_id: str) -> list[str]:
    """The ids defined in docs/rules/<game>.md, in file order (duplicates kept, for the test).

    A missing file raises FileNotFoundError: the specification must be in the repository."""
    ids = []
    for line in spec_path(game_id).read_text("utf-8").splitlines():
        match = DEFINITION.match(line)
        if match:
            ids.append(match.group(1))
    return ids


def all_defined_ids() -> set[str]:
    return {
        rule_id
        for game_id in PREFIX
        if spec_path(game_id).exists()
        for rule_id in defined_ids(game_id)
    }


def _rule_marker_args(node: ast.AST) -> Iterator[str]:
    """String arguments of every `<...>.mark.rule(...)` call inside node."""
    for call in ast.walk(node):
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "rule"
            and isinstance(call.func.value, ast.Attribute)
            and call.func.value.attr == "mark"
        ):
            for arg in call.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield arg.value


def _test_functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        is_function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if is_function and node.name.startswith("test"):
            yield node


def tags_in_source(source: str) -> tuple[set[str], set[str]]:
    """(marker arguments, ids named in test docstrings) of one test module."""
    tree = ast.parse(source)
    markers = set(_rule_marker_args(tree))
    docstrings: set[str] = set()
    for function in _test_functions(tree):
        docstrings |= set(ANY_ID.findall(ast.get_docstring(function) or ""))
    return markers, docstrings


def test_files() -> list[Path]:
    return sorted(path for path in TESTS.rglob("test_*.py"))


def tagged_ids() -> dict[str, set[Path]]:
    """Every id a test is tagged with (marker argument or test docstring) → the files tagging it."""
    found: dict[str, set[Path]] = {}
    for path in test_files():
        markers, docstrings = tags_in_source(path.read_text("utf-8"))
        for rule_id in markers | docstrings:
            found.setdefault(rule_id, set()).add(path.relative_to(ROOT))
    return found


def item_rule_ids(item) -> set[str]:
    """The ids one collected pytest item is tagged with: its `rule` markers and its docstring."""
    ids = {arg for mark in item.iter_markers("rule") for arg in mark.args if isinstance(arg, str)}
    function = getattr(item, "function", None)
    ids |= set(ANY_ID.findall(getattr(function, "__doc__", None) or ""))
    return ids
