"""A script's ways to a recorded solve it did not earn, each refused: a token of another
level (of the same size, or sent to another size's address), another player's token, a
forged one, the same solve twice, and a solve with no solving check at all."""

import pytest
from django.test import Client

from puzzles.models import Solve
from tests.api.test_api import post, queens_of

pytestmark = pytest.mark.django_db


def solving_token(client, level) -> str:
    answer = post(client, f"/api/levels/{level.size}/{level.id}/check/",
                  {"queens": queens_of(level)}).json()
    assert answer["solved"]
    return answer["token"]


def test_a_solve_needs_its_own_levels_and_players_token_and_counts_once(make_level):
    level, other = make_level(6, seed=1), make_level(6, seed=2)
    alice, mallory = Client(REMOTE_ADDR="10.1.0.1"), Client(REMOTE_ADDR="10.1.0.2")
    token = solving_token(alice, level)
    url = f"/api/levels/6/{level.id}/solves/"
    refusals = {
        "another level": (alice, f"/api/levels/6/{other.id}/solves/", {"token": token}),
        "another player": (mallory, url, {"token": token}),
        "forged": (mallory, url, {"token": token[:-2] + "xx", "seconds": 1}),
        "no check": (mallory, f"/api/levels/6/{other.id}/solves/", {"seconds": 1}),
        "another size": (alice, f"/api/levels/7/{level.id}/solves/", {"token": token}),
    }
    for why, (client, address, data) in refusals.items():
        answer = post(client, address, data)
        assert answer.status_code in (400, 404), (why, answer.status_code, answer.content)
    assert not Solve.objects.filter(seconds__isnull=False).exists()
    first = post(alice, url, {"token": token, "seconds": 0, "hints": 0})
    assert first.status_code == 201 and first.json()["seconds"] >= 0
    again = post(alice, url, {"token": token})
    assert again.status_code == 400 and "already recorded" in again.json()["detail"]
    assert Solve.objects.filter(seconds__isnull=False).count() == 1
