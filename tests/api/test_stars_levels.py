"""Star Battle through the API: `?stars=` picks a k-star level, its JSON says "stars", checks
and hints work for k stars per unit, bad star counts are 400s, and the solution stays on the
server until the level is solved or revealed."""

import json

import pytest

from puzzles.play.board_check import solution_cells

pytestmark = pytest.mark.django_db


def post(client, url, data=None):
    return client.post(url, json.dumps(data or {}), content_type="application/json")


def stars_of(level):
    return [list(cell) for cell in sorted(solution_cells(level.solution))]


def test_a_2_star_level_is_picked_by_stars_and_says_so(client, make_level):
    one = make_level(10, seed=2)
    two = make_level(10, seed=3, stars=2)
    for _ in range(5):
        data = client.get("/api/levels/10/?stars=2").json()
        assert data["id"] == two.id and data["stars"] == 2 and "solution" not in data
        assert client.get("/api/levels/10/").json()["id"] == one.id  # 1★ by default
    detail = client.get(f"/api/levels/10/{two.id}/").json()
    assert detail["stars"] == 2 and json.dumps(two.solution) not in json.dumps(detail)


# (size, the query, what the 400 says)
BAD_STAR_REQUESTS = [
    (10, {"stars": 4}, "stars must be 1, 2 or 3"),
    (10, {"stars": "two"}, "stars must be 1, 2 or 3"),
    (10, {"stars": 2, "rule": "classic"}, "touch rule only"),
    (12, {"stars": 3, "tier": "easy"}, "easy 3-star levels are not generated at 12×12"),
    (16, {"stars": 2}, "2-star levels are served at 8×8 to 12×12"),  # a size not served
]


@pytest.mark.parametrize("size, query, message", BAD_STAR_REQUESTS)
def test_bad_star_requests_are_400s(client, size, query, message):
    response = client.get(f"/api/levels/{size}/", query)
    assert response.status_code == 400 and message in response.json()["detail"], response.json()


def test_checking_k_stars_finds_crowded_units_and_solves_with_the_whole_solution(client,
                                                                                 make_level):
    level = make_level(10, seed=3, stars=2)
    url = f"/api/levels/10/{level.id}/"
    stars = stars_of(level)
    row0 = [cell for cell in stars if cell[0] == 0]
    far = next([0, c] for c in range(10) if all(abs(c - s[1]) > 1 for s in row0))
    crowded = post(client, url + "check/", {"queens": [*row0, far]}).json()
    assert not crowded["solved"] and "solution" not in crowded
    assert {"kind": "row", "cells": sorted([*row0, far])} in crowded["conflicts"]
    short = post(client, url + "check/", {"queens": stars[:-1]}).json()
    assert not short["solved"] and "solution" not in short
    too_many = post(client, url + "check/", {"queens": [[r, c] for r in range(10)
                                                        for c in range(3)]})
    assert too_many.status_code == 400 and "holds 20 stars at most" in too_many.text
    solved = post(client, url + "check/", {"queens": stars}).json()
    assert solved["solved"] and solved["solution"] == level.solution and not solved["conflicts"]


def test_hints_lead_a_2_star_level_to_its_solution_without_giving_it_away(client, make_level):
    level = make_level(10, seed=4, stars=2)
    url = f"/api/levels/10/{level.id}/"
    answer = set(map(tuple, stars_of(level)))
    stars, crosses = set(), set()
    for _ in range(400):
        step = post(client, url + "hint/", {"queens": sorted(map(list, stars)),
                                            "crosses": sorted(map(list, crosses))}).json()
        assert "solution" not in step
        if not step.get("technique"):
            break
        assert step["technique"] != "mistake"
        stars |= set(map(tuple, step["queens"]))
        crosses |= set(map(tuple, step["crosses"])) - stars
        assert stars <= answer and not crosses & answer  # every step agrees with the solution
    assert stars == answer


def test_a_wrong_star_gets_a_mistake_hint(client, make_level):
    level = make_level(10, seed=5, stars=2)
    wrong = next([r, c] for r in range(10) for c in range(10)
                 if (r, c) not in solution_cells(level.solution))
    step = post(client, f"/api/levels/10/{level.id}/hint/", {"queens": [wrong],
                                                             "crosses": []}).json()
    assert step["technique"] == "mistake" and step["because"] == [wrong]


def test_reveal_gives_the_k_star_solution(client, make_level):
    level = make_level(8, seed=6, stars=2)
    answer = post(client, f"/api/levels/8/{level.id}/reveal/").json()
    assert answer["solution"] == level.solution and all(len(cols) == 2 for cols in
                                                         answer["solution"])
