"""Redis is an accelerator, not a dependency, on the stack (nginx, gunicorn with DEBUG=0,
the worker and beat): with its redis-server stopped, then hung (SIGSTOP), a signed-in player
(a real allauth account, its session cookie) opens a board, starts, checks, solves and reads
/api/me/ without a 500 and in bounded time; sign-up, sign-in and a password reset answer;
and the worker survives Redis's restart and works on afterwards, with no restart of its own."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from queensgame.redis_cache import CircuitBreaker
from tests.stack.test_stack import solution_of, wait_for_level
from tests.support import human_moves, wait_until

pytestmark = pytest.mark.redis
PASSWORD = "pw-123456789"
BOUND_S = 2.0  # one request while Redis is away: a socket timeout (0.25 s) at most, and work


class Browser:
    """Cookies kept, CSRF token sent, like a browser through the edge."""

    def __init__(self, stack):
        self.stack = stack
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar),
                                                  _NoRedirect())

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def request(self, path: str, *, form: dict | None = None, body: dict | None = None):
        """(status, seconds, text) of a GET, a form POST or a JSON POST (no redirects)."""
        headers, data = {}, None
        if form is not None:
            data = urllib.parse.urlencode({**form, "csrfmiddlewaretoken":
                                           self.cookie("csrftoken") or ""}).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if data is not None:
            headers["X-CSRFToken"] = self.cookie("csrftoken") or ""
            headers["Referer"] = self.stack.url + path
        request = urllib.request.Request(self.stack.url + path, data=data, headers=headers)
        began = time.monotonic()
        try:
            with self.opener.open(request, timeout=10) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode(errors="replace")
        return status, time.monotonic() - began, text

    def form(self, path: str, fields: dict):
        self.request(path)  # the form's page first: its CSRF cookie
        return self.request(path, form=fields)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the 302 itself is the answer


def an_account(stack, email: str) -> None:
    """A verified account, made as an operator would (the setup's own manage.py)."""
    stack.run_once(
        "python manage.py shell -c \""
        "from django.contrib.auth import get_user_model; "
        "from allauth.account.models import EmailAddress; "
        f"u = get_user_model().objects.create_user('{email.split('@')[0]}', '{email}', "
        f"'{PASSWORD}'); "
        f"EmailAddress.objects.create(user=u, email='{email}', verified=True, primary=True)\"")


def signed_in(stack, email: str) -> Browser:
    an_account(stack, email)
    browser = Browser(stack)
    status, _, text = browser.form("/accounts/login/", {"login": email, "password": PASSWORD})
    assert status == 302, text[:500]
    status, _, text = browser.request("/api/me/")
    assert status == 200 and json.loads(text)["signed_in"] is True, text
    return browser


def play(browser: Browser, level: dict, solution: list[int]) -> list[tuple[str, int, float]]:
    """Open the board, start, check a wrong board and the right one, solve, read /api/me/."""
    size, url = level["size"], f"/api/levels/{level['size']}/{level['id']}/"
    seen = []

    def step(what, path, **kwargs) -> dict:
        status, taken, text = browser.request(path, **kwargs)
        seen.append((what, status, round(taken, 3)))
        return json.loads(text) if status < 300 and path.startswith("/api/") else {}

    step("board", f"/levels/{level['id']}/")
    step("start", url + "start/", body={})
    step("check", url + "check/", body={"queens": [[r, (c + 1) % size]
                                                   for r, c in enumerate(solution)]})
    token = step("check", url + "check/",
                 body={"queens": [[r, c] for r, c in enumerate(solution)]}).get("token")
    step("solve", url + "solves/", body={"token": token,
                                         "moves": human_moves(solution, end_s=40)})
    assert step("me", "/api/me/").get("signed_in") is True, seen
    return seen


def two_levels(stack) -> list[dict]:
    """Two levels of the 6x6 pool, each to be solved once."""
    first = wait_for_level(stack, 6)
    for _ in range(50):
        other = wait_for_level(stack, 6)
        if other["id"] != first["id"]:
            return [first, other]
    raise AssertionError("the 6x6 pool holds one level only")


def test_a_signed_in_player_plays_on_with_redis_stopped_and_hung(stack):
    player = signed_in(stack, "stack-player@example.com")
    report = {}
    for away, level in zip(("stopped", "hung"), two_levels(stack), strict=True):
        solution = solution_of(stack, level["id"])
        if away == "stopped":
            stack.redis.stop()
        else:
            os.kill(stack.redis.process.pid, signal.SIGSTOP)
        try:
            report[away] = seen = play(player, level, solution)
        finally:
            if away == "stopped":
                stack.redis.start()
            else:
                os.kill(stack.redis.process.pid, signal.SIGCONT)
        assert [(w, s) for w, s, _ in seen if s >= 400] == [], (away, seen)
        assert max(t for _, _, t in seen) < BOUND_S, (away, seen)
        stack.wait_ready(timeout=30)
        time.sleep(CircuitBreaker().cool_down_s + 0.5)
    print("a signed-in player with Redis away: " + json.dumps(report))


def test_sign_up_sign_in_and_a_password_reset_answer_with_redis_stopped(stack):
    an_account(stack, "stack-known@example.com")
    stack.redis.stop()
    try:
        answers = {
            "sign-up": Browser(stack).form("/accounts/signup/", {
                "email": "stack-new@example.com", "password1": PASSWORD,
                "password2": PASSWORD, "name": "Stack New"}),
            "sign-in": Browser(stack).form("/accounts/login/", {
                "login": "stack-known@example.com", "password": PASSWORD}),
            "reset": Browser(stack).form("/accounts/password/reset/",
                                         {"email": "stack-known@example.com"}),
        }
    finally:
        stack.redis.start()
    print("Redis stopped: " + json.dumps({k: [s, round(t, 3)] for k, (s, t, _) in
                                          answers.items()}))
    for what, (status, taken, text) in answers.items():
        assert status == 302 and taken < BOUND_S, (what, status, taken, text[:300])
    stack.wait_ready(timeout=30)
    time.sleep(CircuitBreaker().cool_down_s + 0.5)


def test_the_worker_survives_a_redis_restart_and_works_on(stack):
    """The worker takes tasks sent after the restart, as the same process (compose's restart
    policy is not what brings it back), and it tries to reconnect without a limit (Celery's
    default gives up after 100 tries and exits). Beat sends resume_stale_runs every 15 s, but
    a worker busy filling pools may reach it late: any task received after the restart and
    done shows it works on."""
    wait_for_level(stack, 6)
    worker = stack.processes["worker"]
    restarts = dict(stack.restarts)
    for pause_s in (0.5, 5.0):
        stack.redis.stop()
        time.sleep(pause_s)
        stack.redis.start()
    retries = re.findall(r"Trying again in .*\((\d+/\w+)\)", stack.log("worker"))
    assert retries and not any(r.endswith("/100") for r in retries), retries
    mark = len(stack.log("worker"))

    def done_since_restart() -> bool:
        log = stack.log("worker")[mark:]
        received = set(re.findall(r"Task [\w.]+\[([^\]]+)\] received", log))
        return bool(received & set(re.findall(r"Task [\w.]+\[([^\]]+)\] succeeded", log)))

    assert wait_until(done_since_restart, 60, interval=1), stack.log("worker")[-3000:]
    assert stack.processes["worker"] is worker and worker.poll() is None
    assert stack.restarts == restarts, stack.log("worker")[-3000:]
    stack.wait_ready(timeout=30)
