"""The production stack for the tests in this folder (tests/stack/stack.py builds it)."""

from __future__ import annotations

import os

import pytest

from tests.stack.stack import StackUnavailable, running_stack

IN_CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def stack():
    try:
        context = running_stack()
        stack = context.__enter__()
    except StackUnavailable as missing:
        message = f"!!! {missing}: the production stack tests are SKIPPED"
        if IN_CI:
            pytest.fail(message.replace("SKIPPED", "required under CI"))
        pytest.skip(message)
    try:
        yield stack
    finally:
        context.__exit__(None, None, None)
