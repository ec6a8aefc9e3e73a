"""The developer loop agrees with itself: README, Makefile, CI and CONTRIBUTING.md."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = ("test", "fast", "e2e", "lint", "types", "types-core", "bench")
CORE_PACKAGES = ("rules", "render", "ai", "lang")  # `make types-core`: no Discord, no storage


def readme_test_command() -> str:
    lines = (ROOT / "README.md").read_text().splitlines()
    (command,) = [
        ln.strip() for ln in lines if ln.startswith("    python3 -m venv") and "pytest" in ln
    ]
    return command


def make_recipe(target: str) -> list[str]:
    """The recipe lines of ``target`` in the Makefile, with make's ``$$`` read as ``$``."""
    text = (ROOT / "Makefile").read_text()
    match = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", text, re.MULTILINE)
    assert match, f"no Makefile target {target!r}"
    return [ln.strip().replace("$$", "$") for ln in match.group(1).splitlines()]


def test_make_test_is_the_readme_test_command() -> None:
    assert make_recipe("test") == [readme_test_command()]


def test_ci_builds_its_own_environment_and_runs_the_readme_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert readme_test_command() in ci
    assert "mktemp -d" in ci and "export VENV" in ci
    assert not re.search(r"rm -rf\s+\.?/?\.venv", ci), "CI must not delete the developer's .venv"
    assert 'ruff" check .' in ci and 'ruff" format --check .' in ci


def test_every_target_is_in_the_makefile_and_in_contributing() -> None:
    contributing = (ROOT / "CONTRIBUTING.md").read_text()
    for target in TARGETS:
        assert make_recipe(target)
        assert f"make {target}" in contributing, target


def test_types_core_checks_the_core_packages_and_mypy_sees_them_all() -> None:
    (command,) = make_recipe("types-core")
    assert command.split()[-len(CORE_PACKAGES) :] == list(CORE_PACKAGES)
    pyproject = (ROOT / "pyproject.toml").read_text()
    files = re.search(r"^files = \[(.*)\]", pyproject, re.MULTILINE)
    assert files
    assert set(CORE_PACKAGES) <= set(re.findall(r'"(\w+)"', files.group(1)))


def test_ci_runs_make_types_after_lint() -> None:
    """CI type-checks what ``make types`` does: mypy over every package of ``[tool.mypy]``."""
    assert make_recipe("types") == ["$(PYTHON) -m mypy"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert '"$VENV/bin/python" -m mypy\n' in ci
    assert ci.index("-m mypy") > ci.index('ruff" format --check .')
