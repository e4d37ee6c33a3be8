"""The production stack for the tests in this folder (tests/stack/stack.py builds it)."""

from __future__ import annotations

import os

import pytest

from tests.stack.stack import StackUnavailable, running_stack

IN_CI = os.environ.get("CI", "").lower() == "true"


_running: list = []  # the session's stack, once started: its logs go into a failure's report


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed stack test's report ends with the tail of each service's log (the stack's
    folder is deleted with it, and a 500 says nothing of its cause at the client)."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and _running:
        for log in sorted(_running[0].folder.glob("*.log")):
            tail = log.read_text(errors="replace")[-4000:]
            if tail.strip():
                report.sections.append((f"stack log {log.name}", tail))


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
    _running.append(stack)
    try:
        yield stack
    finally:
        _running.clear()
        context.__exit__(None, None, None)
