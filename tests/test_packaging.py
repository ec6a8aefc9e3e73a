"""What an install ships: every package the bot runs is in the distribution (a wheel, the
Docker image), not only importable from a source checkout."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent
NOT_SHIPPED = {"tests", "tools"}  # the test suite; developer tools (tools/guide.py)


def source_packages() -> set[str]:
    return {
        path.name
        for path in ROOT.iterdir()
        if (path / "__init__.py").is_file() and path.name not in NOT_SHIPPED
    }


def test_every_package_of_the_source_is_in_the_distribution() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    shipped = set(find_packages(where=str(ROOT), include=include))
    assert source_packages() <= shipped, source_packages() - shipped
    assert not shipped & NOT_SHIPPED


def test_the_image_copies_every_package() -> None:
    copied = set(re.findall(r"^COPY (\w+) \1$", (ROOT / "Dockerfile").read_text(), re.M))
    assert source_packages() <= copied, source_packages() - copied
