"""generate(): argument checks, seeds, tiers and the GeneratedLevel record around the
compiled core."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from generator_ext._core import check_size, rule_code
from generator_ext._generate import (
    STRATEGY_FAST,
    STRATEGY_NAIVE,
    STRATEGY_UNIQUE,
    generate_raw,
)
from generator_ext.deduce import TIERS

STRATEGIES = {"naive": STRATEGY_NAIVE, "fast": STRATEGY_FAST, "unique": STRATEGY_UNIQUE}
MAX_SEED = 2**63 - 1  # seeds fit the Level.seed column (a signed 64-bit integer)
# Every attempt of ours is bounded by node budgets, and so is their number; the seed's naive
# algorithm retries until it succeeds, as it always did (one attempt is one cheap count).
DEFAULT_MAX_ATTEMPTS = 10_000

# The (size, tier) pairs generate() serves, inclusive ranges of n. Outside them a tier is
# either impossible (4×4 boards cannot need group confinement or contradiction) or too rare
# to find within the budget (expert past 16 costs seconds a level): ValueError.
SERVED_SIZES = {"easy": (4, 32), "medium": (5, 32), "hard": (4, 32), "expert": (6, 16)}
# Untargeted generation draws its tier with these weights (easy, medium, hard, expert),
# close to the mix of archived LinkedIn levels: about 30 % easy, 20 % medium, 50 % hard.
UNTARGETED_WEIGHTS = {"easy": 30, "medium": 20, "hard": 47, "expert": 3}


@dataclass(frozen=True)
class GeneratedLevel:
    regions: list[list[int]]
    solution: list[int]
    rule: str
    seed: int
    strategy: str
    attempts: int
    elapsed_s: float
    tier: str | None = None  # the rated tier (None: the naive baseline, unrated)

    @property
    def size(self) -> int:
        return len(self.regions)


def serves(n: int, tier: str) -> bool:
    """Does generate() serve this size and tier?"""
    low, high = SERVED_SIZES[tier]
    return low <= n <= high


def served_tiers(n: int) -> list[str]:
    return [tier for tier in TIERS if serves(n, tier)]


def _check_seed(seed: object) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer between 0 and 2**63-1 or None, not {seed!r}")
    return seed


def _check_tier(n: int, tier: object) -> int:
    """The engine's tier code (0: none asked); ValueError for unknown or unserved tiers."""
    if tier is None:
        return 0
    if tier not in TIERS:
        raise ValueError(f"unknown tier {tier!r}; the tiers are {', '.join(TIERS)}")
    if not serves(n, tier):
        low, high = SERVED_SIZES[tier]
        raise ValueError(
            f"{tier} levels are not generated at {n}×{n}; they are served for sizes "
            f"{low} to {high}"
        )
    return TIERS.index(tier) + 1


def generate(
    n: int,
    rule: str = "touch",
    seed: int | None = None,
    strategy: str = "fast",
    min_region_size: int = 2,
    max_attempts: int | None = None,
    tier: str | None = None,
) -> GeneratedLevel:
    """A level with exactly one solution and connected regions of at least min_region_size
    cells that the deduction engine solves, of the asked tier (or of a tier drawn from
    UNTARGETED_WEIGHTS). The same arguments give the same level on every run and machine.

    strategy "fast" grows regions while logic still solves the map; "unique" grows them while
    the solution stays unique and rates the result; "naive" is the seed's algorithm, kept as
    the benchmark baseline (unrated unless a tier is asked)."""
    check_size(n)
    code = rule_code(rule)
    if strategy not in STRATEGIES:
        raise ValueError(
            f"unknown strategy {strategy!r}; the strategies are {', '.join(map(repr, STRATEGIES))}"
        )
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
    tier_code = _check_tier(n, tier)
    seed = _check_seed(seed)
    weights = [UNTARGETED_WEIGHTS[t] if serves(n, t) else 0 for t in TIERS]
    started = time.perf_counter()
    regions, solution, stats = generate_raw(
        n, code, seed, STRATEGIES[strategy], min_region_size,
        max_attempts or (0 if strategy == "naive" else DEFAULT_MAX_ATTEMPTS), tier_code, weights,
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
        tier=TIERS[stats["tier"] - 1] if stats["tier"] else None,
    )
