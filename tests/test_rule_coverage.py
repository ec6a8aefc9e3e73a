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
    loose = [line for line in path.read_text("utf-8").splitlines()
             if line.startswith(f"- **{PREFIX[game_id]}-") and not DEFINITION.match(line)]
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
    unknown = {rule_id: sorted(map(str, files)) for rule_id, files in tagged_ids().items()
               if rule_id not in known}
    assert not unknown, f"tests tagged with ids that docs/rules/ does not define: {unknown}"
