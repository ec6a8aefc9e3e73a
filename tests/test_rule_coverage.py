"""The rule specification in docs/rules/ and the tests agree, for every game.

Every game in rules.ENGINES has `docs/rules/<game>.md`; every id defined there (one line
`- **TEK-R045** ...` each, each id once) has at least one tagged test under tests/ (a
`@pytest.mark.rule("TEK-R045")` or the id in a test's docstring); every id a test is tagged with is
defined there. Nothing here skips: a missing specification file is a failure.
Run the tests of one rule with `pytest --rule TEK-R045`.
"""

from __future__ import annotations

from collections import Counter

import pytest

import rules
from tests.support.rulespec import (
    DEFINITION,
    PREFIX,
    SPEC_DIR,
    all_defined_ids,
    defined_ids,
    spec_path,
    tagged_ids,
)

GAMES = sorted(set(rules.ENGINES) | set(PREFIX))


def test_every_engine_has_a_specification() -> None:
    missing = [g for g in sorted(rules.ENGINES) if not spec_path(g).exists()]
    assert not missing, f"no docs/rules/<game>.md for {missing}"
    assert set(rules.ENGINES) <= set(PREFIX), "new game: add its prefix to rulespec.PREFIX"
    stray = sorted(p.stem for p in SPEC_DIR.glob("*.md") if p.stem not in rules.ENGINES)
    assert not stray, f"docs/rules/ files for no engine: {stray}"


@pytest.mark.parametrize("game_id", GAMES)
def test_specification_ids_are_well_formed(game_id: str) -> None:
    path = spec_path(game_id)
    assert path.exists(), f"{path} is missing: the specification must be in the repository"
    ids = defined_ids(game_id)
    assert ids, f"{path} defines no rule id"
    twice = sorted(rule_id for rule_id, n in Counter(ids).items() if n > 1)
    assert not twice, f"defined more than once in {path.name}: {twice}"
    foreign = [rule_id for rule_id in ids if not rule_id.startswith(PREFIX[game_id] + "-R")]
    assert not foreign, f"ids of another prefix in {path.name}: {foreign}"
    # an id-looking bullet that the definition pattern does not accept is a typo
    loose = [
        line
        for line in path.read_text("utf-8").splitlines()
        if line.startswith(f"- **{PREFIX[game_id]}-") and not DEFINITION.match(line)
    ]
    assert not loose, loose


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_has_a_tagged_test(game_id: str) -> None:
    path = spec_path(game_id)
    assert path.exists(), f"{path} is missing: the specification must be in the repository"
    tagged = tagged_ids()
    untested = sorted(set(defined_ids(game_id)) - set(tagged))
    assert not untested, f"ids in docs/rules/{game_id}.md with no tagged test: {untested}"


def test_every_tag_names_a_real_rule() -> None:
    known = all_defined_ids()
    unknown = {
        rule_id: sorted(map(str, files))
        for rule_id, files in tagged_ids().items()
        if rule_id not in known
    }
    assert not unknown, f"tests tagged with ids that docs/rules/ does not define: {unknown}"


# --------------------------------------------------------------------------- pytest --rule


class _Mark:
    def __init__(self, *args: str) -> None:
        self.args = args


class _Item:
    def __init__(self, name: str, marks: tuple[str, ...] = (), doc: str | None = None) -> None:
        self.name, self._marks = name, marks

        def function() -> None: ...

        function.__doc__ = doc
        self.function = function

    def iter_markers(self, name: str):
        return iter([_Mark(rule_id) for rule_id in self._marks] if name == "rule" else [])


class _Config:
    def __init__(self, rules_wanted: list[str]) -> None:
        self.rules_wanted, self.deselected = rules_wanted, []

        class _Hook:
            @staticmethod
            def pytest_deselected(items) -> None:
                self.deselected.extend(items)

        self.hook = _Hook()

    def getoption(self, name: str):
        assert name == "rule"
        return self.rules_wanted


def _select(rules_wanted: list[str], items: list[_Item]) -> tuple[list[str], list[str]]:
    from tests.conftest import pytest_collection_modifyitems

    config = _Config(rules_wanted)
    pytest_collection_modifyitems(config, items)  # type: ignore[arg-type]
    return [i.name for i in items], [i.name for i in config.deselected]


def test_the_rule_option_keeps_only_the_tests_of_that_rule() -> None:
    items = [
        _Item("marked", ("TEK-R140",)),
        _Item("other", ("TEK-R141",)),
        _Item("docstring", doc="Osiris row 5 (TEK-R140)."),
        _Item("untagged"),
    ]
    assert _select(["TEK-R140"], items) == (["marked", "docstring"], ["other", "untagged"])
    items = [_Item("a", ("TEK-R140",)), _Item("b", ("AMR-R058",)), _Item("c")]
    assert _select(["tek-r140", "AMR-R058"], items) == (["a", "b"], ["c"])
    items = [_Item("a", ("TEK-R140",))]
    assert _select([], items) == (["a"], [])


def test_the_rule_option_refuses_an_id_the_specification_does_not_define() -> None:
    for wrong in ("TEK-R999", "XYZ-R001", "TEK140"):
        with pytest.raises(pytest.UsageError):
            _select([wrong], [_Item("a", ("TEK-R140",))])
