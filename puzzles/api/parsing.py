"""What every API endpoint shares in reading a request: the size, rule, stars, tier and
excluded ids of a query, a level by its size and id, and a JSON body through its serializer."""


from django.utils.translation import gettext
from rest_framework.exceptions import NotFound, ParseError

from puzzles.core import vocabulary as domain
from puzzles.levels.selectors import levels as level_selectors


def parse_size(raw: str) -> int:
    return domain.parse_size(raw)  # a ServiceError is a 400 with its sentence


def parse_rule(request) -> str:
    return domain.check_rule(request.query_params.get("rule", domain.Rule.TOUCH))


def parse_stars(request, size: int) -> int:
    return domain.parse_stars(request.query_params.get("stars"), size)


def parse_tier(request, size: int, stars: int = 1) -> str:
    return domain.check_tier(request.query_params.get("tier", ""), size, stars)


def parse_near(request) -> bool:
    """`near=me`: a level near the player's rating (ratings.matching); absent, none asked."""
    values = request.query_params.getlist("near")
    if not values:
        return False
    if values != ["me"]:  # one value: a repeated near (near=you&near=me) is no "me" either
        raise ParseError(gettext('near takes one value, "me": a level near your rating'))
    return True


def parse_exclude(request) -> tuple[int, ...]:
    raw = request.query_params.get("exclude", "").strip()
    if not raw:
        return ()
    try:
        ids = tuple(int(part) for part in raw.split(","))
    except ValueError:
        raise ParseError("exclude must be comma-separated level ids, like exclude=1,2") from None
    if len(ids) > 500:
        raise ParseError("exclude takes at most 500 level ids")
    return ids


def get_level(n: str, level_id: int):
    size = parse_size(n)
    level = level_selectors.level_by_id(level_id)
    if level is None or level.size != size:
        raise NotFound(gettext("there is no %(size)s×%(size)s level with id %(id)s")
                       % {"size": size, "id": level_id})
    return level


def body(request, serializer_class) -> dict:
    if not isinstance(request.data, dict):
        raise ParseError("the request body must be a JSON object")
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
