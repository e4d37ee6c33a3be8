"""Writes: levels, generation runs, pools, daily puzzles, checks, reveals and solves."""

from __future__ import annotations

import logging
import secrets
import threading
import time
from contextlib import contextmanager
from datetime import date, datetime, timedelta

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from generator_ext import (
    Analysis,
    Fix,
    GeneratedLevel,
    analyze,
    canonical_hash,
    count_solutions,
    generate,
    hint,
    make_unique,
    rate,
    served_tiers,
)
from generator_ext.deduce import parse_cells
from generator_ext.palette import painted_colors
from puzzles import board, level_cache, likeness, selectors
from puzzles.models import (
    DailyPuzzle,
    Draft,
    FixJob,
    FixStatus,
    GenerationRun,
    Level,
    PoolTarget,
    Rule,
    RunStatus,
    Solve,
    Source,
    Tier,
)
from puzzles.text import TextRefused, clean_text

log = logging.getLogger(__name__)

SOLVE_TOKEN_SALT = "queens.solve"
SOLVE_TOKEN_MAX_AGE_S = 7 * 24 * 3600
MAX_RUN_REQUEST = 1000
DAILY_SIZES = {0: 7, 1: 8, 2: 8, 3: 9, 4: 9, 5: 10, 6: 11}  # Monday = 0
# The weekly curve players know from LinkedIn: easy on Monday, rising to hard at the weekend.
DAILY_TIERS = {0: Tier.EASY, 1: Tier.EASY, 2: Tier.MEDIUM, 3: Tier.MEDIUM, 4: Tier.MEDIUM,
               5: Tier.HARD, 6: Tier.HARD}
STARTER_SIZES = range(4, 13)
DEFAULT_POOL_TARGET = 10
# A run ends "exhausted" once its duplicates pass this floor and this multiple of its levels.
EXHAUSTED_MIN_DUPLICATES = 100
EXHAUSTED_RATIO = 2
TOP_UP_DEBOUNCE_S = 30


class ServiceError(ValueError):
    """A request the rules refuse; the message is shown to the client as is."""


def check_served_size(size: object) -> int:
    low, high = settings.QUEENS_SERVED_SIZES
    if isinstance(size, bool) or not isinstance(size, int) or not low <= size <= high:
        raise ServiceError(f"size must be an integer between {low} and {high}")
    return size


def check_rule(rule: object) -> str:
    if rule not in Rule.values:
        raise ServiceError(f"unknown rule {rule!r}; the rules are 'touch' and 'classic'")
    return rule


def check_tier(tier: object, size: int | None = None) -> str:
    """A tier name ("" for none); ServiceError for others or a tier not served at `size`."""
    if tier in ("", None):
        return ""
    if tier not in Tier.values:
        raise ServiceError(f"unknown tier {tier!r}; the tiers are {', '.join(Tier.values)}")
    if size is not None and tier not in served_tiers(size):
        raise ServiceError(f"{tier} levels are not generated at {size}×{size}")
    return tier


# ---------------------------------------------------------------- levels


def save_generated_level(generated: GeneratedLevel, min_region_size: int = 2,
                         reserved: bool = False) -> Level | None:
    """Store a level after the engine rates it again (logic that finishes it also proves the
    solution unique); None if the same puzzle is stored. A reserved level is kept for a daily,
    out of the pools."""
    regions, rule = generated.regions, generated.rule
    rating = rate(regions, rule)
    if not rating.solved_by_logic:
        if count_solutions(regions, rule, limit=2) != 1:
            raise ServiceError("the level does not have exactly one solution")
        raise ServiceError("logic alone cannot finish this level")
    try:
        with transaction.atomic():
            return Level.objects.create(
                size=len(regions),
                rule=rule,
                regions=regions,
                solution=generated.solution,
                canonical_hash=canonical_hash(regions, rule),
                tier=rating.tier,
                score=rating.score,
                min_region_size=min_region_size,
                strategy=generated.strategy,
                seed=generated.seed,
                elapsed_s=generated.elapsed_s,
                reserved=reserved,
                is_active=not reserved,
            )
    except IntegrityError:
        return None


def rate_levels(levels=None, progress=None) -> dict[str, int]:
    """Rate every level again (tier and score) and deactivate those logic cannot finish, so
    pools refill with playable ones. `levels`: a queryset (a data migration passes its
    historical model's); default every level."""
    levels = Level.objects.all() if levels is None else levels
    counts = {"rated": 0, "deactivated": 0}
    for level in levels.only("id", "regions", "rule", "is_active").iterator(chunk_size=500):
        rating = rate(level.regions, level.rule)
        fields = {"tier": rating.tier, "score": rating.score}
        if not rating.solved_by_logic:
            fields["is_active"] = False
            counts["deactivated"] += level.is_active
        levels.model.objects.filter(id=level.id).update(**fields)
        counts["rated"] += 1
        if progress:
            progress(counts)
    level_cache.bump()  # the updates above send no signals
    return counts


# ---------------------------------------------------------------- generation runs


def check_run_request(size: object, rule: object, tier: object, requested: object) -> str:
    """ServiceError naming the first bad field of a run request; the checked tier."""
    check_served_size(size)
    check_rule(rule)
    tier = check_tier(tier, size)
    if (
        isinstance(requested, bool)
        or not isinstance(requested, int)
        or not 1 <= requested <= MAX_RUN_REQUEST
    ):
        raise ServiceError(f"requested must be an integer between 1 and {MAX_RUN_REQUEST}")
    return tier


def create_run(size: int, rule: str, requested: int, requested_by=None,
               tier: str = "") -> GenerationRun:
    """A queued run; its task is sent once the transaction commits."""
    tier = check_run_request(size, rule, tier, requested)
    run = GenerationRun.objects.create(
        size=size, rule=rule, tier=tier, requested=requested, requested_by=requested_by
    )
    transaction.on_commit(lambda: enqueue_run(run.id))
    return run


def enqueue_run(run_id: int) -> None:
    from puzzles.tasks import run_generation  # tasks import services

    try:
        result = run_generation.apply_async(
            args=[run_id], queue=settings.CELERY_QUEUE, retry=False
        )
    except Exception:  # broker down: the run stays queued and resume_stale_runs re-sends it
        log.warning("could not queue generation run %s", run_id, exc_info=True)
        GenerationRun.objects.filter(id=run_id).update(task_id="")  # never sent: re-send soon
        return
    GenerationRun.objects.filter(id=run_id).update(task_id=result.id)


def start_run(run_id: int) -> GenerationRun | None:
    """Mark a run running; None when it is finished, gone, or a live worker has it (a
    message delivered twice)."""
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is None or run.is_finished or is_live(run):
            return None
        now = timezone.now()
        run.status = RunStatus.RUNNING
        run.started_at = run.started_at or now
        run.heartbeat_at = now
        run.save(update_fields=["status", "started_at", "heartbeat_at"])
        return run


def _finish(run: GenerationRun, status: str, error: str = "") -> None:
    run.status = status
    run.finished_at = timezone.now()
    run.error = error
    run.save(update_fields=["status", "finished_at", "error"])


def advance_run(run_id: int, deadline: float) -> bool:
    """Make levels for a running run until it is full or the deadline passes, one level per
    transaction. True when work remains for another task."""
    while True:
        run = GenerationRun.objects.get(id=run_id)
        if run.status != RunStatus.RUNNING:
            return False
        if run.produced >= run.requested:
            with transaction.atomic():
                run = GenerationRun.objects.select_for_update().get(id=run_id)
                if run.status == RunStatus.RUNNING:
                    _finish(run, RunStatus.SUCCEEDED)
            return False
        if time.monotonic() >= deadline:
            return True
        try:  # no lock held while the engine works; it releases the GIL, so the beat goes on
            with beating(run_id):
                generated = generate(run.size, run.rule, tier=run.tier or None)
        except RuntimeError as error:  # every attempt of the engine's budget failed
            finish_exhausted(run_id, str(error))
            return False
        with transaction.atomic():
            run = GenerationRun.objects.select_for_update().get(id=run_id)
            if run.status != RunStatus.RUNNING or run.produced >= run.requested:
                continue
            if save_generated_level(generated) is None:
                run.duplicates += 1
            else:
                run.produced += 1
            run.heartbeat_at = timezone.now()
            run.save(update_fields=["produced", "duplicates", "heartbeat_at"])
            if run.duplicates > max(EXHAUSTED_MIN_DUPLICATES, EXHAUSTED_RATIO * run.produced):
                _finish(run, RunStatus.EXHAUSTED,
                        f"only {run.produced} new levels for {run.duplicates} duplicates: "
                        f"this pool has few distinct levels left")
                return False


def is_live(run: GenerationRun) -> bool:
    """A running run whose worker beat recently."""
    cutoff = timezone.now() - timedelta(seconds=settings.QUEENS_STALE_AFTER_S)
    return run.status == RunStatus.RUNNING and run.heartbeat_at is not None \
        and run.heartbeat_at >= cutoff


@contextmanager
def beating(run_id: int):
    """Refresh a running run's heartbeat from a thread every QUEENS_HEARTBEAT_S while the
    block runs: one level can take longer than the stale window, and a live run must not
    look dead."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.QUEENS_HEARTBEAT_S):
                GenerationRun.objects.filter(id=run_id, status=RunStatus.RUNNING).update(
                    heartbeat_at=timezone.now())
        except Exception:  # a missed beat only risks a re-send, which is safe
            log.warning("heartbeat of run %s failed", run_id, exc_info=True)
        finally:
            connection.close()  # the thread's own connection

    thread = threading.Thread(target=beat, name=f"heartbeat-{run_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def requeue_run(run_id: int) -> bool:
    """Hand a running run to a fresh task: queued again (its message waits in the broker),
    so a long queue does not make it look dead."""
    handed = GenerationRun.objects.filter(id=run_id, status=RunStatus.RUNNING).update(
        status=RunStatus.QUEUED, heartbeat_at=timezone.now())
    if handed:
        enqueue_run(run_id)
    return bool(handed)


def finish_exhausted(run_id: int, reason: str) -> None:
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is not None and not run.is_finished:
            _finish(run, RunStatus.EXHAUSTED, reason[:2000])


def fail_run(run_id: int, error: str) -> None:
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is not None and not run.is_finished:
            _finish(run, RunStatus.FAILED, error[:2000])


def cancel_run(run_id: int) -> bool:
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is None or run.is_finished:
            return False
        _finish(run, RunStatus.CANCELLED)
        return True


def execute_run(run_id: int) -> str:
    """The body of the run_generation task: safe to deliver twice, resumable at any point."""
    if start_run(run_id) is None:
        return "finished"
    try:
        more = advance_run(run_id, time.monotonic() + settings.QUEENS_TASK_SLICE_S)
    except Exception as error:  # an engine or database error fails the run, not the worker
        log.exception("generation run %s failed", run_id)
        fail_run(run_id, f"{type(error).__name__}: {error}")
        return "failed"
    if more and requeue_run(run_id):
        return "continued"
    return "done"


def resume_stale_runs() -> list[int]:
    """Re-send the runs no worker has: running ones whose heartbeat stopped (a killed
    worker), queued ones never sent (the broker was down), and queued ones whose message
    waited so long it was likely lost (a broker restarted without its data)."""
    now = timezone.now()
    dead = now - timedelta(seconds=settings.QUEENS_STALE_AFTER_S)
    lost = now - timedelta(seconds=settings.QUEENS_QUEUED_STALE_S)

    def not_since(cutoff):  # heartbeat_at also marks a send: one re-send per window
        return Q(heartbeat_at__isnull=True) | Q(heartbeat_at__lt=cutoff)

    stale_filter = (
        Q(status=RunStatus.RUNNING, heartbeat_at__lt=dead)
        | Q(not_since(dead), status=RunStatus.QUEUED, task_id="", created_at__lt=dead)
        | Q(not_since(lost), status=RunStatus.QUEUED, created_at__lt=lost)
    )
    resent = []
    for run_id in GenerationRun.objects.filter(stale_filter).values_list("id", flat=True):
        # Claim it in one UPDATE: of two beat ticks at once, one re-sends. Queued again, so
        # it is not re-sent while its message waits behind others.
        if GenerationRun.objects.filter(stale_filter, id=run_id).update(
                status=RunStatus.QUEUED, heartbeat_at=now):
            enqueue_run(run_id)
            resent.append(run_id)
    return resent


# ---------------------------------------------------------------- pools


def ensure_pool_targets(sizes=None, rule: str = Rule.TOUCH,
                        target: int = DEFAULT_POOL_TARGET) -> int:
    """A pool target for every served (size, tier) pair; returns how many were created."""
    low, high = settings.QUEENS_SERVED_SIZES
    created = 0
    for size in sizes or range(low, high + 1):
        for tier in served_tiers(size):
            created += PoolTarget.objects.get_or_create(
                size=size, rule=rule, tier=tier, defaults={"target": target}
            )[1]
    return created


def top_up_pools(target_ids=None) -> list[GenerationRun]:
    """The one top-up path: for each enabled pool (of `target_ids`, default all) below its
    target with no run queued or running, one run for exactly the deficit. The pool's row
    lock makes two top-ups at once queue one run; a target that fails is logged and never
    stops the others."""
    created = []
    targets = PoolTarget.objects.filter(enabled=True)
    if target_ids is not None:
        targets = targets.filter(id__in=target_ids)
    for target_id in targets.values_list("id", flat=True):
        try:
            with transaction.atomic():
                target = PoolTarget.objects.select_for_update().get(id=target_id)
                if selectors.pool_has_active_run(target.size, target.rule, target.tier):
                    continue
                deficit = target.target - selectors.active_levels(
                    target.size, target.rule, target.tier
                ).count()
                if deficit > 0:
                    created.append(create_run(target.size, target.rule,
                                              min(deficit, MAX_RUN_REQUEST), tier=target.tier))
        except Exception:
            log.exception("top-up of pool target %s failed", target_id)
    return created


def request_top_up() -> bool:
    """Ask the worker to run the top-up soon (a player found a pool empty). Creates nothing
    itself, and asks at most once per TOP_UP_DEBOUNCE_S; False when it did not ask."""
    from puzzles.tasks import top_up_pools as top_up_task  # tasks import services

    try:
        if not cache.add("queens:top-up-requested", 1, TOP_UP_DEBOUNCE_S):
            return False
        top_up_task.apply_async(queue=settings.CELERY_QUEUE, retry=False)
    except Exception:  # cache or broker down: beat's periodic top-up comes anyway
        log.warning("could not ask for a pool top-up", exc_info=True)
        return False
    return True


def generate_levels(size: int, count: int, rule: str = Rule.TOUCH, seed: int | None = None,
                    progress=None, tier: str = "") -> tuple[int, int]:
    """Make and store `count` new levels here and now: (produced, duplicates)."""
    check_served_size(size)
    check_rule(rule)
    tier = check_tier(tier, size)
    produced = duplicates = 0
    next_seed = seed
    while produced < count:
        generated = generate(size, rule, seed=next_seed, tier=tier or None)
        if save_generated_level(generated) is None:
            duplicates += 1
        else:
            produced += 1
        if next_seed is not None:
            next_seed += 1
        if progress:
            progress(produced, duplicates)
        if duplicates > 50 + 10 * count:
            raise ServiceError(f"too many duplicates at size {size}: the pool looks exhausted")
    return produced, duplicates


# ---------------------------------------------------------------- daily puzzle


def daily_number(day: date) -> int:
    number = (day - settings.QUEENS_DAILY_EPOCH).days + 1
    if number < 1:
        raise ServiceError(f"there are no daily puzzles before {settings.QUEENS_DAILY_EPOCH}")
    return number


def ensure_daily(day: date) -> DailyPuzzle | None:
    """That day's puzzle, assigned if it has none yet: a level of the reserve (levels no route
    has served), or one made for it now with a secret seed and kept in the reserve. Its size
    follows the weekday, its tier the weekly curve. Never a level of the public pools: anyone
    could collect those and name tomorrow's daily by the one that vanished."""
    existing = selectors.daily_for(day)
    if existing:
        return existing
    number = daily_number(day)
    size = DAILY_SIZES[day.weekday()]
    tier = DAILY_TIERS[day.weekday()]
    try:
        with transaction.atomic():
            level = selectors.reserved_level(size, tier) or reserve_new_level(size, tier)
            return DailyPuzzle.objects.create(date=day, level=level, number=number)
    except IntegrityError:  # another process assigned that day (or took that level) first
        return selectors.daily_for(day)


def reserve_new_level(size: int, tier: str) -> Level:
    """A fresh level for the daily reserve: never in a pool, served by no route until its
    day. The seed is secret (a seed anyone could derive would let them make it too)."""
    for _ in range(20):  # a duplicate of a stored level is drawn again
        generated = generate(size, Rule.TOUCH, seed=secrets.randbelow(2 ** 63), tier=tier)
        level = save_generated_level(generated, reserved=True)
        if level is not None:
            return level
    raise ServiceError(f"no new {size}×{size} {tier} level could be made for the daily")


# ---------------------------------------------------------------- play


OPENED_TOKEN_SALT = "queens.opened"
# An opening time older than this is not believed (a page left open for days starts anew).
OPENED_MAX_AGE_S = 24 * 3600
# One address's solves of one level that may count in its rankings: a family or a classroom
# behind one address is a few players; thirty fresh cookies are one.
RANKED_SOLVES_PER_ADDRESS = 5


def opening_token(level: Level) -> str:
    """The moment a page showed this level, signed: the first move sends it back, so the
    solving time starts at the opening while the GET itself writes nothing."""
    return signing.dumps({"l": level.id, "t": int(time.time())}, salt=OPENED_TOKEN_SALT)


def opened_at(level: Level, token: object) -> datetime:
    """The opening time a token carries for this level; now if it carries none we believe."""
    now = timezone.now()
    if not isinstance(token, str) or not token:
        return now
    try:
        claim = signing.loads(token, salt=OPENED_TOKEN_SALT, max_age=OPENED_MAX_AGE_S)
    except signing.BadSignature:
        return now
    if not isinstance(claim, dict) or claim.get("l") != level.id \
            or not isinstance(claim.get("t"), int):
        return now
    return min(now, datetime.fromtimestamp(claim["t"], tz=timezone.get_current_timezone()))


def start_play(level: Level, player: str, address: str = "", opened: object = None) -> Solve:
    """The player's row for this level, made on their first move, check or hint (never on a
    GET): one play per player. Its opening time comes from the page's signed token."""
    solve = Solve.objects.filter(level=level, player=player).first()
    if solve is not None:
        return solve
    try:
        with transaction.atomic():
            return Solve.objects.create(level=level, player=player, address=address,
                                        opened_at=opened_at(level, opened))
    except IntegrityError:  # the same player's first two requests at once
        return Solve.objects.get(level=level, player=player)


def check_queens(level: Level, queens_value: object, player: str, address: str = "",
                 opened: object = None) -> dict:
    """Conflicts on the player's queens; the solution and a solve token only when solved.
    The token carries the time the server measured since the player opened the level."""
    queens = parse_cells(queens_value, level.size, "queens")
    if len(queens) > level.size:  # the answer lists every pair in conflict: keep it small
        raise ServiceError(f"a {level.size}×{level.size} board holds {level.size} queens at "
                           f"most; this check has {len(queens)}")
    result = {
        "solved": board.is_exact_solution(queens, level.solution),
        "conflicts": board.find_conflicts(level.regions, queens, level.rule),
    }
    solve = start_play(level, player, address, opened)
    if result["solved"]:
        now = timezone.now()
        if solve.solved_at is None:
            Solve.objects.filter(id=solve.id, solved_at__isnull=True).update(solved_at=now)
        seconds = max(0, int((now - (solve.opened_at or now)).total_seconds()))
        result["solution"] = level.solution
        result["seconds"] = seconds
        result["token"] = signing.dumps({"l": level.id, "p": player, "s": seconds},
                                        salt=SOLVE_TOKEN_SALT)
    return result


def reveal_solution(level: Level, player: str, address: str = "",
                    opened: object = None) -> list[int]:
    """The solution; the level counts as revealed for this player, never as solved."""
    solve = start_play(level, player, address, opened)
    if not solve.revealed and solve.seconds is None:
        Solve.objects.filter(id=solve.id).update(revealed=True)
    return level.solution


def give_hint(level: Level, player: str, queens_value: object, crosses_value: object,
              address: str = "", opened: object = None) -> dict:
    """The engine's next step from the player's own board, counted for that player and level
    when it teaches something (a step or a mistake); the solution never leaves here."""
    step = hint(level.regions, level.rule, queens_value, crosses_value,  # checks the marks
                colors=level.colors())
    if step is None:
        queens = parse_cells(queens_value, level.size, "queens")
        solved = board.is_exact_solution(queens, level.solution)
        return {
            "technique": None,
            "message": "The board is solved." if solved else (
                "No technique finds a next step from these marks."),
            "queens": [], "crosses": [], "because": [], "mistake": False,
        }
    solve = start_play(level, player, address, opened)
    Solve.objects.filter(id=solve.id).update(hints=F("hints") + 1)
    return step_payload(step)


def step_payload(step) -> dict:
    """A deduction step as the API shows it (hints, and the builder's solving steps)."""
    return {"technique": step.technique, "message": step.message, "queens": step.queens,
            "crosses": step.crosses, "because": step.because, "mistake": step.mistake}


def record_solve(level: Level, player: str, token: object) -> dict:
    """Record a solve. Its time is the one the server measured (in the token of the solving
    check) and its hints the server's count; the client states neither."""
    if not isinstance(token, str) or not token:
        raise ServiceError("token must be the token from a solving check")
    try:
        claim = signing.loads(token, salt=SOLVE_TOKEN_SALT, max_age=SOLVE_TOKEN_MAX_AGE_S)
    except signing.BadSignature as error:
        raise ServiceError("the solve token is not valid") from error
    if claim.get("l") != level.id or claim.get("p") != player:
        raise ServiceError("the solve token belongs to another level or player")
    seconds = claim.get("s")
    if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds < 0:
        raise ServiceError("the solve token carries no time; check the solution again")
    with transaction.atomic():
        solve, _ = Solve.objects.select_for_update().get_or_create(level=level, player=player)
        if solve.revealed:
            raise ServiceError("this level was revealed, so it cannot count as solved")
        if solve.seconds is not None:
            raise ServiceError("this solve is already recorded")
        solve.seconds = seconds
        solve.ranked = seconds >= selectors.plausible_floor(level.size) and (
            not solve.address or Solve.objects.filter(
                level=level, address=solve.address, ranked=True).count()
            < RANKED_SOLVES_PER_ADDRESS)
        solve.save(update_fields=["seconds", "ranked"])
    return {**selectors.solve_ranking(level, seconds), "seconds": seconds, "hints": solve.hints,
            "ranked": solve.ranked}


# ---------------------------------------------------------------- the level builder

BUILDER_SIZES = (4, 16)
MAX_DRAFTS_PER_PLAYER = 50
TEXT_LIMITS = {"title": 60, "maker_name": 40}


def check_painting(regions: object, *, allow_unpainted: bool) -> list[list[int]]:
    """A painted board the builder accepts: a square list of integer rows, 4 to 16 wide,
    cells -1 (unpainted, if allowed) or a region 0..n-1. The engine checks the rest."""
    low, high = BUILDER_SIZES
    if not isinstance(regions, list) or not all(isinstance(row, list) for row in regions):
        raise ServiceError("regions must be a list of rows, each a list of region numbers")
    n = len(regions)
    if not low <= n <= high:
        raise ServiceError(f"the builder makes boards of {low}×{low} to {high}×{high}, "
                           f"not {n} rows")
    for r, row in enumerate(regions):
        if len(row) != n:
            raise ServiceError(f"row {r + 1} has {len(row)} cells; a {n}×{n} board needs {n}")
        for value in row:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ServiceError(f"row {r + 1} holds {value!r}, not a region number")
            if not (-1 if allow_unpainted else 0) <= value < n:
                raise ServiceError(f"row {r + 1} holds region {value}; a {n}×{n} board has "
                                   f"regions 0 to {n - 1}"
                                   + (" (and -1 for unpainted)" if allow_unpainted else ""))
    return regions


def check_text(field: str, value: object) -> str:
    """A title or maker name as it will be shown: plain text that cannot spoof (puzzles.text),
    within its limit; refused rather than stored otherwise (pages escape everything anyway)."""
    if value in (None, ""):
        return ""
    if not isinstance(value, str):
        raise ServiceError(f"{field} must be text")
    try:
        return clean_text(field, value, TEXT_LIMITS[field])
    except TextRefused as error:
        raise ServiceError(str(error)) from None


STORED_LEVEL_REFUSAL = ("this board is one of the site's levels, so the builder will not "
                        "solve it for you: play it instead (once you have solved or revealed "
                        "it, the builder shows it too)")


def may_see_solution(level: Level, player: str) -> bool:
    """The player made this level, or has solved or revealed it and it is out for everyone."""
    if level.source == Source.COMMUNITY and level.maker == player:
        return True
    if level.hidden or not selectors.is_out(level):
        return False
    return Solve.objects.filter(level=level, player=player).filter(
        Q(revealed=True) | Q(solved_at__isnull=False)).exists()


def refuse_stored_level(regions: list[list[int]], rule: str, player: str) -> Level | None:
    """A finished painting that is a stored level (under any symmetry or relabelling) is
    refused, unless the player may already see its solution: then that level. The builder
    never hands out a level's solution, id or a daily before its day this way."""
    if any(-1 in row for row in regions):
        return None  # unfinished: the analysis reports problems, never a solution
    try:
        digest = canonical_hash(regions, rule)
    except ValueError:
        return None  # not a valid map: the analysis says why
    level = Level.objects.filter(canonical_hash=digest).select_related("daily").first()
    if level is None:
        return None
    if level.hidden and level.source == Source.COMMUNITY:
        raise ServiceError("this board was taken down by the moderators")
    if may_see_solution(level, player):
        return level
    raise ServiceError(STORED_LEVEL_REFUSAL)


def analyzed(regions: list[list[int]], rule: str) -> Analysis:
    """The engine's analysis of a painting, its regions named by their paint; a board past
    its search budget is refused with its sentence."""
    try:
        return analyze(regions, rule, colors=painted_colors(len(regions)))
    except ValueError as error:
        raise ServiceError(str(error)) from None


def refuse_near_copy(regions: list[list[int]], rule: str, analysis: Analysis,
                     player: str) -> None:
    """A painting a few cells away from a stored level, with the same solution, is refused
    like the level itself (it would hand that solution out), unless the player may see it."""
    for solution in analysis.solutions or []:
        for level in Level.objects.filter(solution_key=likeness.solution_key(solution, rule),
                                          size=len(regions), rule=rule).select_related("daily"):
            if likeness.is_near(regions, solution, level.regions, level.solution) \
                    and not may_see_solution(level, player):
                raise ServiceError(STORED_LEVEL_REFUSAL)


def analyze_painting(regions: object, rule: object, player: str) -> Analysis:
    regions, rule = check_painting(regions, allow_unpainted=True), check_rule(rule)
    refuse_stored_level(regions, rule, player)
    analysis = analyzed(regions, rule)
    refuse_near_copy(regions, rule, analysis, player)
    return analysis


class Busy(ServiceError):
    """The work is refused for now (a queue is full); the client may retry shortly."""


# Make it unique runs on the builder's own worker queue: at most this many requests wait
# (beyond, a 503 asks to retry), and one older than FIX_EXPIRY_S when a worker reaches it is
# dropped (its page gave up polling long ago).
MAX_PENDING_FIXES = 32
FIX_EXPIRY_S = 60


def check_fixable(regions: object, rule: object, player: str) -> Analysis:
    """The analysis of a painting a fix may be asked for, refused at once when it cannot be
    fixed (the worker then never sees a board it would refuse)."""
    analysis = analyze_painting(regions, rule, player)
    if analysis.problems:
        raise ServiceError(analysis.problems[0].message + " Finish painting first.")
    return analysis


def request_fix(player: str, regions: object, rule: object) -> FixJob:
    """Queue a Make it unique for the builder's worker; the page polls the job by its key. A
    player has one fix in the queue at a time."""
    rule = check_fixable(regions, rule, player).rule  # the painting is checked in place
    pending = FixJob.objects.filter(status__in=(FixStatus.QUEUED, FixStatus.RUNNING),
                                    created_at__gte=timezone.now() - timedelta(
                                        seconds=FIX_EXPIRY_S))
    if pending.filter(player=player).exists():
        raise Busy("your last Make it unique is still being worked on; wait for it")
    if pending.count() >= MAX_PENDING_FIXES:
        raise Busy("many boards are being fixed right now; try again in a few seconds")
    job = FixJob.objects.create(player=player, rule=rule, regions=regions)
    transaction.on_commit(lambda: enqueue_fix(job.id))
    return job


def enqueue_fix(job_id: int) -> None:
    from puzzles.tasks import work_on_fix  # tasks import services

    try:
        work_on_fix.apply_async(args=[job_id], queue=settings.CELERY_BUILDER_QUEUE,
                                retry=False)
    except Exception as error:  # the broker is down: the page hears it at once
        log.warning("could not queue fix %s", job_id, exc_info=True)
        _end_fix(job_id, FixStatus.FAILED, error=f"the fix could not be queued ({error}); "
                                                 "try again in a moment")


def _end_fix(job_id: int, status: str, result: dict | None = None, error: str = "") -> None:
    FixJob.objects.filter(id=job_id).update(status=status, result=result, error=error[:2000],
                                            finished_at=timezone.now())


def execute_fix(job_id: int) -> str:
    """The body of the work_on_fix task: safe to deliver twice (only a queued job is taken),
    and a job its page has long given up on is dropped."""
    claimed = FixJob.objects.filter(id=job_id, status=FixStatus.QUEUED).update(
        status=FixStatus.RUNNING)
    if not claimed:
        return "taken"
    job = FixJob.objects.get(id=job_id)
    if (timezone.now() - job.created_at).total_seconds() > FIX_EXPIRY_S:
        _end_fix(job_id, FixStatus.FAILED, error="the fix waited too long; ask again")
        return "expired"
    try:
        fix = propose_fix(job.regions, job.rule, job.player)
    except ValueError as error:  # ServiceError or the engine's own refusal: a sentence
        _end_fix(job_id, FixStatus.FAILED, error=str(error))
        return "failed"
    except Exception:  # a runaway search stopped by its time limit, or a bug: never a hang
        log.exception("fix %s failed", job_id)
        _end_fix(job_id, FixStatus.FAILED, error="the search for a fix failed; try again")
        return "failed"
    _end_fix(job_id, FixStatus.DONE, result={"regions": fix.regions, "moved": fix.moved,
                                             "tier": fix.rating.tier,
                                             "score": fix.rating.score})
    return "done"


def propose_fix(regions: object, rule: object, player: str, seed: int = 0) -> Fix:
    analysis = check_fixable(regions, rule, player)
    fix = make_unique(regions, analysis.rule, seed=seed)
    if fix is None:
        if analysis.solution_count == 0:
            raise ServiceError("this board has no solution, and no small change was found "
                               "that gives it exactly one; repaint so that a placement works")
        raise ServiceError("no small change was found that leaves exactly one solution")
    return fix


def publish_level(player: str, regions: object, rule: object, title: object = "",
                  maker_name: object = "", draft_key: str | None = None) -> tuple[Level, bool]:
    """Store a finished board as a community level: (level, True), or (the stored level,
    False) when the same puzzle exists. It enters no pool and no daily until staff promote
    it. The player's draft it came from, if named, links to it."""
    level, created = _publish(player, regions, rule, title, maker_name)
    if draft_key:
        Draft.objects.filter(player=player, key=draft_key).update(level=level)
    return level, created


def _publish(player, regions, rule, title, maker_name) -> tuple[Level, bool]:
    rule = check_rule(rule)
    regions = check_painting(regions, allow_unpainted=False)
    title, maker_name = check_text("title", title), check_text("maker_name", maker_name)
    analysis = analyzed(regions, rule)
    if analysis.problems:
        raise ServiceError(analysis.problems[0].message)
    if analysis.solution_count != 1:
        raise ServiceError("this board has " + ("no solution" if analysis.solution_count == 0
                           else "more than one solution") + "; only a unique board is a level")
    if not analysis.rating.solved_by_logic:
        raise ServiceError("logic alone cannot finish this board; try Make it unique")
    existing = refuse_stored_level(regions, rule, player)
    if existing is not None:  # the player has played it: a link to it, not a copy
        return existing, False
    refuse_near_copy(regions, rule, analysis, player)
    digest = canonical_hash(regions, rule)
    try:
        with transaction.atomic():
            level = Level.objects.create(
                size=len(regions), rule=rule, regions=regions, solution=analysis.solutions[0],
                canonical_hash=digest, tier=analysis.rating.tier, score=analysis.rating.score,
                min_region_size=1, strategy="builder", seed=0, is_active=False,
                source=Source.COMMUNITY, maker=player, title=title, maker_name=maker_name)
    except IntegrityError:  # the same board published at the same moment
        return Level.objects.get(canonical_hash=digest), False
    return level, True


def save_draft(player: str, key: str | None, regions: object, rule: object,
               title: object = "", maker_name: object = "") -> Draft:
    """Create or update one of the player's drafts (a draft of another player is not found)."""
    rule = check_rule(rule)
    regions = check_painting(regions, allow_unpainted=True)
    fields = {"size": len(regions), "rule": rule, "regions": regions,
              "title": check_text("title", title),
              "maker_name": check_text("maker_name", maker_name)}
    if key is None:
        if Draft.objects.filter(player=player).count() >= MAX_DRAFTS_PER_PLAYER:
            raise ServiceError(f"you have {MAX_DRAFTS_PER_PLAYER} drafts; delete one first")
        return Draft.objects.create(player=player, **fields)
    draft = Draft.objects.filter(player=player, key=key).first()
    if draft is None:
        raise Draft.DoesNotExist(f"you have no draft {key}")
    for name, value in fields.items():
        setattr(draft, name, value)
    draft.save()
    return draft


def delete_draft(player: str, key: str) -> bool:
    return Draft.objects.filter(player=player, key=key).delete()[0] > 0


def moderate_levels(level_ids, *, hidden: bool | None = None,
                    promoted: bool | None = None) -> int:
    """Staff: hide or show community levels, promote them into the pools or take them out.
    Generated levels are not moderated here."""
    fields = {}
    if hidden is not None:
        fields["hidden"] = hidden
        if hidden:
            fields["is_active"] = False
    if promoted is not None:
        fields["is_active"] = promoted
    changed = Level.objects.filter(id__in=level_ids, source=Source.COMMUNITY).update(**fields)
    level_cache.bump()  # an update sends no signal
    return changed
