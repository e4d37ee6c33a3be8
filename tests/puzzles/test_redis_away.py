"""Redis is an accelerator, not a dependency: with the test's own redis-server stopped or hung
(SIGSTOP), a signed-in player (a real allauth account and session) plays on, and signing up,
in and resetting a password answer, each in bounded time; allauth's limits still count, per
process; and what Redis missed meanwhile is not served from it once it is back."""

from __future__ import annotations

import time

import pytest
from django.test import Client

from queensgame.redis_cache import CircuitBreaker
from tests.api.test_api import post, queens_of
from tests.support import RedisServer, human_moves

pytestmark = [pytest.mark.redis, pytest.mark.django_db]
PASSWORD = "pw-123456789"
BOUND_S = 1.5  # a request while Redis is away: at most one socket timeout (0.25 s) and work


@pytest.fixture
def own_redis(tmp_path, settings):
    redis = RedisServer(tmp_path)
    redis.start()
    hung = settings.REDIS_HUNG_AFTER_S  # production's timeouts: the tests' own are longer
    settings.CACHES = {name: {**config, "LOCATION": redis.url, "OPTIONS": {
        **config["OPTIONS"], "socket_connect_timeout": hung, "socket_timeout": hung}}
        for name, config in settings.CACHES.items()}
    yield redis
    redis.stop()


def signed_in(email: str) -> Client:
    """A verified account signed in through allauth's own form: a real session."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(email.split("@")[0], email, PASSWORD)
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    client = Client()
    response = client.post("/accounts/login/", {"login": email, "password": PASSWORD})
    assert response.status_code == 302, response.content[:500]
    return client


def timed(call, *args, **kwargs):
    began = time.monotonic()
    response = call(*args, **kwargs)
    return response, time.monotonic() - began


def play_signed_in(client: Client, level) -> list[tuple[str, int, float]]:
    """Open the board, start, check a wrong board and the right one, solve, read /api/me/:
    (what, status, seconds) each."""
    url = f"/api/levels/{level.size}/{level.id}/"
    wrong = [[r, (c + 1) % level.size] for r, c in enumerate(level.solution)]
    seen = []

    def step(what, call, *args):
        response, taken = timed(call, *args)
        seen.append((what, response.status_code, taken))
        return response

    step("board", client.get, f"/levels/{level.id}/")
    step("start", post, client, url + "start/", {})
    step("check", post, client, url + "check/", {"queens": wrong})
    token = step("check", post, client, url + "check/", {"queens": queens_of(level)}).json()
    step("solve", post, client, url + "solves/", {
        "token": token.get("token"), "moves": human_moves(level.solution, end_s=40)})
    me = step("me", client.get, "/api/me/")
    assert me.json()["signed_in"] is True, me.json()
    return seen


@pytest.mark.parametrize("away", ["stopped", "hung"])
def test_a_signed_in_player_plays_on_while_redis_is_away(own_redis, make_level, away):
    level = make_level(size=8)
    client = signed_in(f"player-{away}@example.com")
    (own_redis.stop if away == "stopped" else own_redis.hang)()
    seen = play_signed_in(client, level)
    print(f"Redis {away}: " + ", ".join(f"{w} {s} {1000 * t:.0f} ms" for w, s, t in seen))
    assert [(w, s) for w, s, _ in seen if s >= 400] == []
    assert max(t for _, _, t in seen) < BOUND_S, seen


@pytest.mark.parametrize("away", ["stopped", "hung"])
def test_sign_up_sign_in_and_password_reset_answer_while_redis_is_away(own_redis, away):
    from allauth.account.models import EmailAddress

    signed_in("known@example.com").post("/accounts/logout/")
    (own_redis.stop if away == "stopped" else own_redis.hang)()
    client = Client()
    response, taken = timed(client.post, "/accounts/signup/", {
        "email": f"new-{away}@example.com", "password1": PASSWORD, "password2": PASSWORD,
        "name": f"New {away}"})
    assert response.status_code == 302 and taken < BOUND_S, (response.status_code, taken)
    assert EmailAddress.objects.filter(email=f"new-{away}@example.com").exists()
    response, taken = timed(Client().post, "/accounts/login/",
                            {"login": "known@example.com", "password": PASSWORD})
    assert response.status_code == 302 and taken < BOUND_S, (response.status_code, taken)
    response, taken = timed(Client().post, "/accounts/password/reset/",
                            {"email": "known@example.com"})
    assert response.status_code == 302 and taken < BOUND_S, (response.status_code, taken)


def test_allauths_sign_in_limit_still_counts_per_process_with_redis_stopped(own_redis,
                                                                             settings):
    settings.AXES_ENABLED = False  # axes counts in the database: allauth's limit alone here
    signed_in("limited@example.com").post("/accounts/logout/")
    own_redis.stop()
    answers = [Client().post("/accounts/login/", {"login": "limited@example.com",
                                                  "password": "wrong"}) for _ in range(11)]
    assert [a.status_code for a in answers] == [200] * 11
    assert b"Too many failed login attempts" not in answers[9].content
    # 10 a minute from one address (settings.ACCOUNT_RATE_LIMITS)
    assert b"Too many failed login attempts" in answers[10].content
    right = Client().post("/accounts/login/", {"login": "limited@example.com",
                                               "password": PASSWORD})
    assert right.status_code == 200 and b"Too many failed login attempts" in right.content


def test_a_session_signed_out_while_redis_hung_is_not_served_from_it_once_back(own_redis):
    client = signed_in("leaving@example.com")
    assert client.get("/api/me/").json()["signed_in"] is True  # its session now in Redis
    kept = Client()
    kept.cookies = client.cookies.__class__(client.cookies)  # a copy of the cookie (stolen)
    own_redis.hang()
    assert client.post("/accounts/logout/").status_code == 302  # deleted in the database
    own_redis.resume()
    time.sleep(CircuitBreaker().cool_down_s + 0.2)  # the circuit lets Redis be tried again
    me = kept.get("/api/me/").json()
    assert me["signed_in"] is False, me  # Redis's older copy was deleted, not believed


def test_the_level_cache_keeps_nothing_while_redis_is_away(own_redis, make_level):
    """Its change log is never answered from one process's memory: another process's change
    would go unheard, and a stale level served."""
    from puzzles.levels import cache as level_cache

    level = make_level(size=8)
    assert level_cache.current_version() is not None
    own_redis.stop()
    assert level_cache.current_version() is None
    loads = []
    for _ in range(2):
        level_cache.remembered(("test-level", level.id), lambda: loads.append(1) or level.id)
    assert len(loads) == 2  # read from the database each time, kept nowhere


@pytest.mark.django_db(transaction=True)
def test_a_race_rooms_socket_stays_open_and_in_its_room_through_a_redis_restart(
        own_redis, settings, make_level):
    import asyncio

    from puzzles.rooms import services as rooms
    from tests.api.test_rooms import connect, next_of, run, say

    layer = settings.CHANNEL_LAYERS["default"]
    settings.CHANNEL_LAYERS = {"default": {**layer, "CONFIG": {
        **layer["CONFIG"], "hosts": [{"address": own_redis.url}]}}}
    level = make_level(size=8, seed=3)
    room = rooms.create_room(host="host-key", size=8, tier=level.tier, boards=1, name="Ada")

    async def scenario():
        ada = await connect(room.code, "host-key")
        await next_of(ada, "hello")
        await next_of(ada, "state")  # its connect is done: now it waits on its channel
        own_redis.stop()
        await asyncio.sleep(1)
        own_redis.start()  # empty: the room's group is gone from it
        await asyncio.sleep(MAX_WAIT_S + 1)
        await say(ada, {"type": "ping"})
        await next_of(ada, "pong")  # the consumer is still there
        await say(ada, {"type": "start"})
        assert (await next_of(ada, "state"))["state"] == "countdown"  # its group's broadcast
        await ada.disconnect()

    from queensgame.channel_layer import MAX_WAIT_S

    run(scenario)
