"""A community level keeps the colours its maker painted with, and every sentence that names
one of its regions uses those colours: the builder's analysis, the hints, the admin's
solving steps. (The engine's own colouring once named them: "the sage region" on a board
painted gold, cobalt and aqua.)"""

import json
import re

import pytest

from generator_ext import REGION_COLORS, generate, region_colors
from puzzles.models import Level

pytestmark = pytest.mark.django_db
NAMES = [name for name, _ in REGION_COLORS]


def named_colours(text: str) -> set[str]:
    return {name for name in NAMES if re.search(rf"\b{name}\b", text)}


def post(client, url, data):
    return client.post(url, json.dumps(data), content_type="application/json")


def a_painting_the_engine_colours_otherwise(n=7):
    """A level whose regions, painted in colours 0..n-1 by their ids, the engine would
    colour differently (so a sentence from the engine's colouring names other colours)."""
    for seed in range(1, 100):
        regions = generate(n, seed=seed, tier="hard").regions
        if sorted(region_colors(regions)) != list(range(n)):
            return regions
    raise AssertionError("no such level")


def test_every_sentence_about_a_community_level_names_its_makers_colours(client,
                                                                          staff_client):
    regions = a_painting_the_engine_colours_otherwise()
    painted = set(NAMES[:len(regions)])
    texts = []
    analysis = post(client, "/api/builder/analyze/", {"regions": regions}).json()
    texts += [step["message"] for step in analysis["rating"]["steps"]]
    split = [row[:] for row in regions]
    split[0][0], split[-1][-1] = split[-1][-1], split[0][0]  # a region in two pieces
    texts += [p["message"] for p in post(client, "/api/builder/analyze/",
                                         {"regions": split}).json()["problems"]]
    published = post(client, "/api/builder/publish/", {"regions": regions}).json()
    level = Level.objects.get(id=published["id"])
    url = f"/api/levels/{level.size}/{level.id}/hint/"
    queens, crosses = [], []
    for _ in range(100):
        step = post(client, url, {"queens": queens, "crosses": crosses}).json()
        if step["technique"] is None:
            break
        texts.append(step["message"])
        queens += step["queens"]
        crosses += step["crosses"]
    admin = staff_client.get(f"/admin/puzzles/communitylevel/{level.id}/change/")
    texts.append(re.sub(r"<[^>]+>", " ", admin.content.decode()))
    spoken = set().union(*map(named_colours, texts))
    assert spoken and spoken <= painted, spoken - painted
