"""The attack suite's rows (benchmarks.attacks, issue 34) as tests on the stack: each row
must hold, and during a flood a normal player's check through the edge keeps p99 under
300 ms. The quick sizes of the suite (shorter waits and floods); `python -m
benchmarks.attacks` prints the same rows as a table."""

from __future__ import annotations

import pytest

from benchmarks.attacks import ORDER, ROWS
from benchmarks.attacks.common import stock_levels

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def stocked(stack):
    stock_levels(stack)
    return stack


@pytest.mark.parametrize("number", ORDER, ids=[f"row{n}" for n in ORDER])
def test_the_attack_holds(stocked, number):
    result = ROWS[number](stocked, quick=True)
    print(f"row {number} {result.verdict}: {result.attack}: {result.figures}"
          + (f"; normal player {result.player}" if result.player else ""))
    assert result.held, f"row {number} ({result.attack}): {result.figures} {result.player or ''}"
