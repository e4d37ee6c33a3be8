"""The API's level endpoints: a random level of a size (a tier, or the deliberate mix) and
a level by id."""


from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api.answers import answers, public_answer
from puzzles.api.level_serializers import LevelSerializer, level_payload
from puzzles.api.parsing import (
    get_level,
    parse_exclude,
    parse_near,
    parse_rule,
    parse_size,
    parse_stars,
    parse_tier,
)
from puzzles.core import vocabulary as domain
from puzzles.core.step_words import rule_word, tier_word
from puzzles.levels.selectors import levels as level_selectors
from puzzles.levels.services import pools
from puzzles.play.selectors import play as play_selectors
from puzzles.ratings import matching


def pick_level(request, size: int, rule: str, tier: str, exclude: tuple[int, ...],
               stars: int = 1, near: bool = False):
    """A chosen tier's level, or for "Any" the deliberate mix (selectors.any_tier_level);
    near the player's rating when `near` (ratings.matching: within the tier if one is asked)."""
    if near:
        return matching.level_near(size, rule, player=request.player, tier=tier or None,
                                   solves=play_selectors.solves_by(request.player),
                                   exclude_ids=exclude, stars=stars)
    if tier:
        return level_selectors.random_playable_level(size, rule, tier=tier, exclude_ids=exclude,
                                                     stars=stars)
    return level_selectors.any_tier_level(size, rule, solves=play_selectors.solves_by(
        request.player), exclude_ids=exclude, stars=stars)


class RandomLevelView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("rule", str, enum=domain.Rule.values),
            OpenApiParameter("tier", str, enum=domain.Tier.values),
            OpenApiParameter("stars", int, enum=list(domain.STAR_COUNTS),
                             description="stars per row, column and region: 1 (Queens, the "
                                         "default), 2 or 3 (Star Battle)"),
            OpenApiParameter("exclude", str, description="comma-separated level ids to skip"),
            OpenApiParameter("near", str, enum=["me"],
                             description="me: a level near the player's rating, a little "
                                         "above it (easy before their first rated game); "
                                         "without a tier, in place of the mix"),
        ],
        responses=answers(LevelSerializer, 400, 404),
        operation_id="levels_random",
    )
    def get(self, request, n: str):
        size = parse_size(n)
        rule = parse_rule(request)
        stars = parse_stars(request, size)
        domain.check_star_rule(stars, rule)
        tier = parse_tier(request, size, stars)
        exclude = parse_exclude(request)
        near = parse_near(request)
        level = pick_level(request, size, rule, tier, exclude, stars, near)
        if level is None:
            kind = f"{size}×{size} {tier_word(tier) + ' ' if tier else ''}{rule_word(rule)}"
            kind += f" {stars}-star" if stars != 1 else ""
            if exclude and pick_level(request, size, rule, tier, (), stars, near) is not None:
                raise NotFound(gettext("you have played every %(kind)s level that is ready; more "
                                       "are on their way") % {"kind": kind})
            pools.request_top_up()  # the worker's locked top-up, never a run from here
            raise NotFound(gettext("no %(kind)s level is ready yet; more are being generated")
                           % {"kind": kind})
        return Response(level_payload(level))


class LevelDetailView(APIView):
    @extend_schema(responses=answers(LevelSerializer, 400, 404), operation_id="levels_detail")
    def get(self, request, n: str, level_id: int):
        # A level does not change; staff hiding it takes up to a minute to reach browsers.
        level = get_level(n, level_id)
        return public_answer(request, level_payload(level), kept_on=level, max_age=60)
