"""generate(): argument checks, seeds and the GeneratedLevel record around the compiled core."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from generator_ext._core import check_size, rule_code
from generator_ext._generate import STRATEGY_FAST, STRATEGY_NAIVE, generate_raw

STRATEGIES = {"naive": STRATEGY_NAIVE, "fast": STRATEGY_FAST}
MAX_SEED = 2**64 - 1


@dataclass(frozen=True)
class GeneratedLevel:
    regions: list[list[int]]
    solution: list[int]
    rule: str
    seed: int
    strategy: str
    attempts: int
    elapsed_s: float

    @property
    def size(self) -> int:
        return len(self.regions)


def _check_seed(seed: object) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer between 0 and 2**64-1 or None, not {seed!r}")
    return seed


def generate(
    n: int,
    rule: str = "touch",
    seed: int | None = None,
    strategy: str = "fast",
    min_region_size: int = 2,
    max_attempts: int | None = None,
) -> GeneratedLevel:
    """A level with exactly one solution, connected regions of at least min_region_size cells.

    The same arguments and seed give the same level on every run and machine."""
    check_size(n)
    code = rule_code(rule)
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; the strategies are 'fast' and 'naive'")
    if (
        isinstance(min_region_size, bool)
        or not isinstance(min_region_size, int)
        or not 1 <= min_region_size <= n
    ):
        raise ValueError(f"min_region_size must be an integer between 1 and {n}")
    if max_attempts is not None and (
        isinstance(max_attempts, bool) or not isinstance(max_attempts, int) or max_attempts < 1
    ):
        raise ValueError("max_attempts must be a positive integer or None")
    seed = _check_seed(seed)
    started = time.perf_counter()
    regions, solution, stats = generate_raw(
        n, code, seed, STRATEGIES[strategy], min_region_size, max_attempts or 0
    )
    elapsed = time.perf_counter() - started
    if regions is None:
        raise RuntimeError(
            f"no {n}×{n} level found in {stats['attempts']} attempts "
            f"(strategy {strategy!r}, seed {seed})"
        )
    return GeneratedLevel(
        regions=regions,
        solution=solution,
        rule=rule,
        seed=seed,
        strategy=strategy,
        attempts=stats["attempts"],
        elapsed_s=elapsed,
    )
