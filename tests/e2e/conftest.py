"""Fixtures for end-to-end tests against the in-process fake Discord (see fakediscord.py)."""

import pytest

from tests.e2e.fakediscord import FakeDiscord


@pytest.fixture
async def fake():
    """A running FakeDiscord; fails the test if the fake itself raised while serving it."""
    async with FakeDiscord() as f:
        yield f
        assert not f.errors, "the fake Discord raised:\n" + "\n".join(f.errors)
