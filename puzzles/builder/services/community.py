"""Community levels: publishing a finished board, the maker's drafts, and moderation."""

from __future__ import annotations

from contextlib import nullcontext

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from generator_ext import canonical_hash
from puzzles.builder.models import Draft
from puzzles.builder.services import jobs as builder_jobs
from puzzles.builder.services import painting as builder
from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.core.vocabulary import Kind, Source
from puzzles.levels import cache_invalidation as level_changes
from puzzles.levels.models import Level
from puzzles.levels.services.levels import store_community_trap

MAX_DRAFTS_PER_PLAYER = 50


def publish_level(*, player: str, regions: object, rule: object, title: object = "",
                  maker_name: object = "", draft_key: str | None = None,
                  stars: object = 1, address: str = "", trap: bool = False) -> tuple[Level, bool]:
    """Store a finished board as a community level: (level, True), or (the stored level,
    False) when the same puzzle exists. It enters no pool and no daily until staff promote
    it. The player's draft it came from, if named, links to it. With `trap`, a board logic
    proves has no solution is stored as a trap for "Solvable?" (issue 40), listed on no
    page; promoted, it joins the mode."""
    level, created = _publish(player=player, regions=regions, rule=rule, title=title,
                              maker_name=maker_name, stars=stars, address=address, trap=trap)
    if draft_key:
        Draft.objects.filter(player=player, key=draft_key).update(level=level)
    return level, created


def _publish(*, player, regions, rule, title, maker_name, stars,
             address, trap=False) -> tuple[Level, bool]:
    rule = domain.check_rule(rule)
    stars = builder.check_builder_stars(stars, rule)
    regions = domain.check_painting(regions, allow_unpainted=False)
    title = domain.check_text("title", title)
    maker_name = domain.check_text("maker_name", maker_name)
    # The cheap checks first: a stored level or a near copy costs no analysis.
    existing = builder.refuse_stored_level(regions, rule=rule, player=player, stars=stars)
    if existing is not None:  # the player has played it: a link to it, not a copy
        return existing, False
    builder.refuse_near_copy(regions, player=player)
    builder.refuse_modes_board(regions, player=player)
    # A k-star analysis is past the web's bound: one at a time per address (publishing is
    # also counted per address, a few an hour).
    with builder_jobs.costly_turn(address or player) if builder.is_costly(regions, stars) \
            else nullcontext():
        analysis = builder.analyzed(regions, rule=rule, stars=stars)
    if analysis.problems:
        raise ServiceError(analysis.problems[0].message)
    if trap:
        if not builder.is_trap(analysis):
            raise ServiceError(gettext("only a board that logic proves has no solution is "
                                       "a trap"))
        level, created = store_community_trap(regions, rule, maker=player, title=title,
                                              maker_name=maker_name)
        return (level, True) if created else (_published_before(level), False)
    if analysis.solution_count != 1:
        raise ServiceError(gettext("this board has no solution; only a unique board is a level")
                           if analysis.solution_count == 0 else
                           gettext("this board has more than one solution; only a unique board "
                                   "is a level"))
    if not analysis.rating.solved_by_logic:
        raise ServiceError(gettext("logic alone cannot finish this board; try Make it unique"))
    digest = canonical_hash(regions, rule, stars)
    try:
        with transaction.atomic():
            level = Level.objects.create(
                size=len(regions), rule=rule, stars=stars, regions=regions,
                solution=analysis.solutions[0],
                canonical_hash=digest, tier=analysis.rating.tier, score=analysis.rating.score,
                min_region_size=1, strategy="builder", seed=0, is_active=False,
                source=Source.COMMUNITY, maker=player, title=title, maker_name=maker_name)
    except IntegrityError:  # the same board published at the same moment, or one of
        # "Solvable?"'s
        return _published_before(Level.all_kinds.get(canonical_hash=digest)), False
    return level, True


def _published_before(stored: Level) -> Level:
    """The stored board a publish met: a community one (its link), or one of "Solvable?"'s
    boards, which no route shows: refused with one sentence, whichever kind it is."""
    if stored.source != Source.COMMUNITY and stored.kind != Kind.LEVEL:
        raise ServiceError(gettext("this board cannot be published"))
    return stored


def save_draft(*, player: str, key: str | None, regions: object, rule: object,
               title: object = "", maker_name: object = "", stars: object = 1) -> Draft:
    """Create or update one of the player's drafts (a draft of another player is not found)."""
    rule = domain.check_rule(rule)
    stars = builder.check_builder_stars(stars, rule)
    regions = domain.check_painting(regions, allow_unpainted=True)
    fields = {"size": len(regions), "rule": rule, "stars": stars, "regions": regions,
              "title": domain.check_text("title", title),
              "maker_name": domain.check_text("maker_name", maker_name)}
    if key is None:
        if Draft.objects.filter(player=player).count() >= MAX_DRAFTS_PER_PLAYER:
            raise ServiceError(gettext("you have %(count)s drafts; delete one first")
                               % {"count": MAX_DRAFTS_PER_PLAYER})
        return Draft.objects.create(player=player, **fields)
    draft = Draft.objects.filter(player=player, key=key).first()
    if draft is None:
        raise Draft.DoesNotExist(f"you have no draft {key}")
    for name, value in fields.items():
        setattr(draft, name, value)
    draft.save()
    return draft


def delete_draft(*, player: str, key: str) -> bool:
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
    # Every kind: a promoted community trap joins "Solvable?" (issue 40).
    levels = Level.all_kinds.filter(id__in=level_ids, source=Source.COMMUNITY)
    touched = list(levels.only("id", "size", "rule"))
    changed = levels.update(**fields)
    level_changes.forget_levels(touched)  # an update sends no signal: one change for the batch
    return changed
