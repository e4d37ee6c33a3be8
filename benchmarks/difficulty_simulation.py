"""Difficulty measured by players, proven without any: `python -m benchmarks.difficulty_simulation`.

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

The hidden truth is the level's log seconds for an average player; a player's skill is in the
same units. --quick finishes within 10 minutes on two cores."""

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
    hidden: float  # log seconds an average player takes
    truth: float = 0.0  # hidden against the board's yardstick: what a rating measures
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
    from puzzles.ratings import scale

    made, seed = [], 1000
    while len(made) < count:
        size = sizes[len(made) % len(sizes)]
        seed += 1
        level = level_service.save_generated_level(generate(size, seed=seed))
        if level is None:  # a copy of one stored already
            continue
        hidden = human_log_seconds(rate(level.regions, level.rule), size) + rng.gauss(
            0, LEVEL_NOISE)
        made.append(SimLevel(level.id, size, level.tier, list(level.solution), hidden,
                             hidden - math.log(scale.yardstick_seconds(size=size))))
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
        if done in CHECKPOINTS or done == per_level:
            ratings = dict(LevelRating.objects.filter(
                level_id__in=[lv.id for lv in levels]).values_list("level_id", "rating"))
            rho = spearman([ratings[lv.id] for lv in levels], [lv.truth for lv in levels])
            rows.append((done, rho, len(ratings)))
            print(f"  {done:>2} solves per level: rating against hidden Spearman {rho:.3f}",
                  flush=True)
    return rows


TIER_ORDER = {"easy": 0, "medium": 1, "hard": 2, "expert": 3}


def model_against_tier() -> dict | None:
    """The learned model trained through the site's own service on the settled levels; its
    held-out figures against the cold start (the tier and the board) on the same levels."""
    from puzzles.ratings.level_predictions import predict_new_levels
    from puzzles.ratings.training import train_difficulty_model

    while predict_new_levels():  # every level's features (the beat's sweep, run to the end)
        pass
    model, why = train_difficulty_model()
    if model is None:
        print(f"  no model: {why}", flush=True)
        return None
    print(f"  {model.version}: trained on {model.trained_on}, {model.verdict}", flush=True)
    return {"version": model.version, "in_service": model.in_service, **model.metrics}


def percentiles(values: dict) -> dict:
    """Each key's rank among the values as a share in [0, 1]."""
    ordered = sorted(values, key=values.get)
    return {key: rank / max(len(ordered) - 1, 1) for rank, key in enumerate(ordered)}


BAND = 0.25  # a level is in a player's band when its hidden rank is within this of theirs


def adaptive_any(levels: list[SimLevel], size: int, newcomers: int, rounds: int,
                 rng: random.Random) -> dict:
    """New players ask "Any" near them (?near=me) round after round and solve what they are
    served; how often the level's hidden difficulty rank lies within BAND of the player's
    skill rank, against a uniform pick from the same levels."""
    at_size = {lv.id: lv for lv in levels if lv.size == size}
    level_rank = percentiles({i: lv.hidden for i, lv in at_size.items()})
    players = [Player(100_000 + n, rng.gauss(0, SKILL_SPREAD)) for n in range(newcomers)]
    # The skill rank among the newcomers, hardest-working first: a skilled player is matched
    # with hard levels (a high hidden time), so rank by skill upwards.
    skill_rank = percentiles({p.number: p.skill for p in players})
    by_round: list[list[bool]] = [[] for _ in range(rounds)]
    firsts: list[float] = []
    matched: list[tuple[float, float]] = []
    ranks_by_round = {half: [[] for _ in range(rounds)] for half in ("skilled", "others")}
    for player in players:
        played: list[int] = []  # as the page asks: never a level it has played
        for turn in range(rounds):
            answer = player.client.get(f"/api/levels/{size}/?near=me&exclude="
                                       + ",".join(map(str, played)))
            if answer.status_code != 200:
                break
            level = at_size.get(answer.json()["id"])
            if level is None:
                break
            played.append(level.id)
            if turn == 0:
                firsts.append(level_rank[level.id])
            by_round[turn].append(abs(level_rank[level.id] - skill_rank[player.number]) <= BAND)
            half = "skilled" if skill_rank[player.number] >= 0.5 else "others"
            ranks_by_round[half][turn].append(level_rank[level.id])
            if turn >= rounds // 2:
                matched.append((player.skill, level.hidden))
            seconds, mistakes = drawn_seconds(level, player, rng)
            player.solve(level, seconds, mistakes=mistakes)
    uniform = statistics.mean(
        sum(abs(rank - skill_rank[p.number]) <= BAND for rank in level_rank.values())
        / len(level_rank) for p in players)
    late = [hit for turn in by_round[rounds // 2:] for hit in turn]
    from puzzles.models import PlayerRating

    rated = dict(PlayerRating.objects.filter(player__in=[p.key() for p in players])
                 .values_list("player", "rating"))
    known = [(rated[p.key()], p.skill) for p in players if p.key() in rated]
    return {"by_round": [statistics.mean(turn) if turn else None for turn in by_round],
            "late": statistics.mean(late) if late else None, "uniform": uniform,
            "first_rank": statistics.mean(firsts) if firsts else None,
            "climb": {half: [statistics.mean(r) if r else None for r in turns]
                      for half, turns in ranks_by_round.items()},
            "matched": spearman(*zip(*matched, strict=True)) if len(matched) > 2 else None,
            "ratings": spearman(*zip(*known, strict=True)) if len(known) > 2 else None,
            "levels": len(at_size)}


def banded_generation(size: int, count: int) -> dict:
    """A run of `count` levels with a band over the middle third of the model's predictions
    at this size, beside an unbanded run: candidates rejected, seconds a stored level, and
    whether every stored level's prediction lies in the band."""
    from django.db.models import Max

    from puzzles.levels.services import runs
    from puzzles.models import Level
    from puzzles.ratings.models import LevelPrediction
    from puzzles.ratings.prediction import predicted_all

    ratings = sorted(LevelPrediction.objects.filter(
        level__size=size, model__in_service=True).values_list("rating", flat=True))
    if len(ratings) < 3:
        return {}
    low, high = int(ratings[len(ratings) // 3]), int(ratings[2 * len(ratings) // 3]) + 1
    figures = {"band": (low, high)}
    for name, ends in (("plain", {}), ("banded", {"rating_min": low, "rating_max": high})):
        run = runs.create_run(size=size, rule="touch", requested=count, send=False, **ends)
        since, started = Level.objects.aggregate(last=Max("id"))["last"], time.perf_counter()
        run = runs.run_here(run.id, seed=4242)
        seconds = time.perf_counter() - started
        stored = list(Level.objects.filter(size=size, id__gt=since))  # the run's own
        inside = [low <= p.rating < high for p in predicted_all(stored).values()]
        figures[name] = {"stored": run.produced, "rejected": run.rejected,
                         "per_level_s": seconds / max(run.produced, 1),
                         "in_band": sum(inside), "checked": len(inside)}
    return figures


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer levels and players")
    parser.add_argument("--levels", type=int, help="levels of each of the two sizes")
    parser.add_argument("--solves", type=int, default=30, help="ranked solves per level")
    parser.add_argument("--newcomers", type=int, help="new players who ask for Any")
    parser.add_argument("--rounds", type=int, default=10, help="levels each newcomer plays")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    per_size = args.levels or (30 if args.quick else 80)
    newcomers = args.newcomers or (24 if args.quick else 60)
    rng = random.Random(args.seed)
    started = time.monotonic()
    with local_stack("sim", ALLOWED_HOSTS="testserver") as env:
        os.environ.update(env)
        import django

        django.setup()
        print(f"levels: {per_size} of 7x7 and of 8x8; the human model prices each engine "
              f"step", flush=True)
        levels = make_levels(2 * per_size, range(7, 9), rng)
        players = [Player(n, rng.gauss(0, SKILL_SPREAD)) for n in range(3 * args.solves + 40)]
        print(f"ratings: {args.solves} ranked solves per level by {len(players)} players",
              flush=True)
        rows = convergence(levels, players, args.solves, rng)
        print("model: trained on the settled levels through the site's service", flush=True)
        model = model_against_tier()
        print(f"adaptive Any: {newcomers} new players, {args.rounds} levels each at 8x8",
              flush=True)
        adaptive = adaptive_any(levels, 8, newcomers, args.rounds, rng)
        print("band-targeted generation: 8x8 runs with and without a band", flush=True)
        banded = banded_generation(8, 6 if args.quick else 15) if model else {}
    tier_rho = spearman([TIER_ORDER.get(lv.tier, 1) for lv in levels],
                        [lv.truth for lv in levels])
    print()
    print(f"Figures ({time.monotonic() - started:.0f} s, seed {args.seed}, {len(levels)} "
          f"levels):")
    reached = next((done for done, rho, _ in rows if rho >= 0.9), None)
    print("- level ratings against the hidden difficulty, Spearman by ranked solves per "
          "level: " + ", ".join(f"{done}: {rho:.2f}" for done, rho, _ in rows)
          + f"; 0.9 reached at {reached or 'none within ' + str(args.solves)} "
          f"(the tier alone: {tier_rho:.2f})")
    if model:
        for target in ("seconds", "rating"):
            figures = model[target]
            print(f"- {target} on {model['held_out']} held-out levels, Spearman: model "
                  f"{figures['model']['spearman']:.2f} against the tier's cold start "
                  f"{figures['cold_start']['spearman']:.2f}; mean absolute error "
                  f"{figures['model']['mae']:.3f} against {figures['cold_start']['mae']:.3f}"
                  + (" (log10)" if target == "seconds" else " (points)"))
    else:
        print("- model: none trained (too few settled levels)")
    shares = ", ".join("-" if share is None else f"{share:.0%}"
                       for share in adaptive["by_round"])
    print(f"- adaptive Any (?near=me) at 8x8, {adaptive['levels']} levels: served within "
          f"the player's band (hidden rank within {BAND}) by round: {shares}; from round "
          f"{args.rounds // 2 + 1} on {adaptive['late']:.0%} against {adaptive['uniform']:.0%} "
          f"for a uniform pick; a newcomer's first level at hidden rank "
          f"{adaptive['first_rank']:.2f} (0 easiest); from round {args.rounds // 2 + 1} on, "
          f"Spearman of the player's skill and the served level's hidden difficulty "
          f"{adaptive['matched']:.2f}; newcomers' ratings against their skills "
          f"{adaptive['ratings']:.2f}")
    climb = adaptive["climb"]
    print("- the served level's mean hidden rank by round, the more skilled half of the "
          "newcomers: " + ", ".join("-" if r is None else f"{r:.2f}" for r in climb["skilled"])
          + "; the other half: " + ", ".join("-" if r is None else f"{r:.2f}"
                                             for r in climb["others"]))
    if banded:
        plain, band = banded["plain"], banded["banded"]
        low, high = banded["band"]
        share = band["rejected"] / max(band["rejected"] + band["stored"], 1)
        ratio = band["per_level_s"] / max(plain["per_level_s"], 1e-9)
        print(f"- band-targeted generation at 8x8, band {low}-{high} (the middle third of the "
              f"model's predictions): {band['rejected']} candidates rejected for "
              f"{band['stored']} stored ({share:.0%} rejection), {band['per_level_s']:.2f} s a "
              f"stored level against {plain['per_level_s']:.2f} s unbanded ({ratio:.1f}x); "
              f"{band['in_band']} of {band['checked']} stored levels predicted in the band "
              f"(unbanded: {plain['in_band']} of {plain['checked']})")
    else:
        print("- band-targeted generation: no model in service to judge with")


if __name__ == "__main__":
    main()
