"""Fixtures of the shim section files (the backend fixture is tests/conftest.py's)."""

import pytest

import arraykit


@pytest.fixture
def enabled(xp):
    """``xp`` with the opt-in array object on (operators, indexing, conversions)."""
    name = xp.__name__.rsplit(".", 1)[1]
    with arraykit.array_objects(name):
        yield xp
