"""What every row uses: a client as an outsider's script is one (its own loopback address,
its cookies, http.client), a row's verdict with its figures, and the normal player who
checks a board through the edge while a flood runs."""

from __future__ import annotations

import http.client
import itertools
import json
import re
import statistics
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

P99_TARGET_MS = 300  # a normal player's check through the edge, during any flood
# This machine is shared: when other work slows even a calm check, a flood may cost the
# player at most this factor on the calm p99 measured just before it, in the same run.
CALM_FACTOR = 3
CALM_SAMPLES = 12

# Each client its own loopback address (127.0.0.0/8 is all this machine's), so the edge's
# per-address limits and the app's see as many players as there are clients.
_addresses = (f"127.{a}.{b}.{c}" for a in range(10, 250) for b in range(256)
              for c in range(1, 255))
_lock = threading.Lock()


def fresh_address() -> str:
    with _lock:
        return next(_addresses)


@dataclass
class Result:
    row: int
    attack: str
    held: bool
    figures: str
    player: dict | None = None  # the normal player's p50/p99 during a flood

    @property
    def verdict(self) -> str:
        return "held" if self.held else "NOT held"


@dataclass
class Answer:
    status: int
    headers: dict  # names in lower case
    body: bytes
    seconds: float

    def json(self):
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    @property
    def messages(self) -> list[str]:
        """The page's flash messages (templates/base.html)."""
        block = re.search(r'<div class="messages"[^>]*>(.*?)</div>', self.text, re.S)
        return re.findall(r"<li>(.*?)</li>", block.group(1), re.S) if block else []


@dataclass
class Client:
    """One browser-less player: a loopback address of its own and a cookie jar."""

    base: str
    address: str = field(default_factory=fresh_address)
    cookies: dict = field(default_factory=dict)
    timeout: float = 30

    def request(self, method: str, path: str, *, body: bytes | None = None,
                headers: dict | None = None, base: str | None = None) -> Answer:
        url = urlsplit(base or self.base)
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=self.timeout,
                                                source_address=(self.address, 0))
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        began = time.monotonic()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        headers = {name.lower(): value for name, value in response.headers.items()}
        return Answer(response.status, headers, data, time.monotonic() - began)

    def get(self, path: str, **kwargs) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, data: object, **kwargs) -> Answer:
        headers = {"Content-Type": "application/json", **kwargs.pop("headers", {})}
        return self.request("POST", path, body=json.dumps(data).encode(), headers=headers,
                            **kwargs)

    def form(self, path: str, fields: dict, *, origin: str | None = None,
             page: str | None = None) -> Answer:
        """A form POST as a browser makes it: the page first (`page`, else `path`: its CSRF
        token and cookie), then the fields; `origin` is the Origin header a browser would
        send (none: a script that leaves it out, which plain http allows)."""
        page = self.get(page or path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        headers = {"Content-Type": "application/x-www-form-urlencoded",
                   "Referer": self.base + path}
        if origin:
            headers["Origin"] = origin
        fields = {"csrfmiddlewaretoken": token.group(1) if token else "", **fields}
        return self.request("POST", path, body=urlencode(fields).encode(), headers=headers)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def figures_ms(values: list[float]) -> str:
    if not values:
        return "no answers"
    return (f"p50 {1000 * statistics.median(values):.0f} ms, "
            f"p99 {1000 * percentile(values, 0.99):.0f} ms")


@contextmanager
def normal_player(stack, level: dict, every_s: float = 0.6):
    """A player checking a wrong board on `level` through the edge every `every_s` seconds
    (under the POST limit of one address) until the block ends; yields a dict that gets
    p50_ms, p99_ms, worst_ms, checks and failures (a failure or a timeout counts as 15 s)."""
    client = Client(stack.url, timeout=15)
    path = f"/api/levels/{level['size']}/{level['id']}/check/"
    client.get(f"/api/levels/{level['size']}/{level['id']}/")
    timings: list[float] = []
    failures = itertools.count()
    stop = threading.Event()

    def play() -> None:
        while not stop.is_set():
            began = time.monotonic()
            try:
                ok = client.post(path, {"queens": [[0, 0]]}).status == 200
            except OSError:
                ok = False
            timings.append(time.monotonic() - began if ok else 15.0)
            if not ok:
                next(failures)
            stop.wait(max(0.0, every_s - (time.monotonic() - began)))

    thread = threading.Thread(target=play, daemon=True)
    figures: dict = {"calm_p99_ms": round(1000 * calm_p99(
        lambda: client.post(path, {"queens": [[0, 0]]})))}
    thread.start()
    try:
        yield figures
    finally:
        stop.set()
        thread.join(timeout=20)
        figures.update(p50_ms=round(1000 * statistics.median(timings)) if timings else None,
                       p99_ms=round(1000 * percentile(timings, 0.99)) if timings else None,
                       worst_ms=round(1000 * max(timings)) if timings else None,
                       checks=len(timings), failures=next(failures))


def calm_p99(request: Callable[[], Answer], samples: int = CALM_SAMPLES) -> float:
    """The p99 in seconds of `request` before a flood starts (a failure counts as 15 s)."""
    timings = []
    for _ in range(samples):
        try:
            answer = request()
            timings.append(answer.seconds if answer.status == 200 else 15.0)
        except OSError:
            timings.append(15.0)
        time.sleep(0.1)
    return percentile(timings, 0.99)


def within_target(p99_s: float, calm_s: float) -> bool:
    """The issue's bar (p99 <= 300 ms), or, on a machine busy with other work, no worse than
    CALM_FACTOR times the calm p99 measured in the same run."""
    return p99_s <= max(P99_TARGET_MS / 1000, CALM_FACTOR * calm_s)


def player_held(player: dict) -> bool:
    return player.get("p99_ms") is not None and within_target(
        player["p99_ms"] / 1000, player.get("calm_p99_ms", 0) / 1000)


def wait_for(predicate: Callable[[], object], timeout: float, every: float = 0.5):
    """predicate()'s first truthy answer within `timeout` seconds, else None."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = predicate()
        if answer:
            return answer
        time.sleep(every)
    return None


def stock_levels(stack, sizes=range(4, 9), per_tier: int = 5) -> None:
    """Levels in the pools for the rows to play, as the worker's runs store them (on a
    machine shared with other work the worker takes minutes to fill them)."""
    stack.shell(
        "from generator_ext import generate, served_tiers\n"
        "from puzzles.levels.services.levels import save_generated_level\n"
        f"for n in {list(sizes)}:\n"
        "    for tier in served_tiers(n):\n"
        f"        for seed in range({per_tier}):\n"
        "            save_generated_level(generate(n, seed=7000 + seed, tier=tier))\n")


def a_level(stack, size: int, timeout: float = 150) -> dict:
    """A stored size×size level, through the edge (the pools fill as the stack starts)."""
    client = Client(stack.url)

    def ask():
        answer = client.get(f"/api/levels/{size}/")
        return answer.json() if answer.status == 200 else None

    level = wait_for(ask, timeout, every=1)
    if level is None:
        raise RuntimeError(f"no {size}x{size} level after {timeout} s")
    return level


def solution_of(stack, level_id: int) -> list[int]:
    """The stored solution (the attacker learns it by revealing; rows that are not about
    revealing read it from the database)."""
    import psycopg

    with psycopg.connect(stack.postgres.url) as db:
        return db.execute("SELECT solution FROM puzzles_level WHERE id = %s",
                          [level_id]).fetchone()[0]


def an_account(stack, name: str) -> tuple[str, str]:
    """An account with a verified address (the mail step is not what these rows attack):
    its email and password."""
    email, password = f"{name.lower()}@example.com", "correct-horse-battery-9"
    stack.shell(
        "from django.contrib.auth import get_user_model\n"
        "from allauth.account.models import EmailAddress\n"
        "from puzzles.players.identity import new_player_key\n"
        "from puzzles.players import services as players\n"
        f"u = get_user_model().objects.create_user({name!r}, {email!r}, {password!r})\n"
        f"EmailAddress.objects.create(user=u, email={email!r}, verified=True, primary=True)\n"
        f"players.claim_account(u, guest_key=new_player_key(), name={name!r})\n")
    return email, password


def sign_in(client: Client, email: str, password: str) -> Answer:
    return client.form("/accounts/login/", {"login": email, "password": password})


def signed_in(client: Client, email: str, password: str) -> None:
    """Sign in, or stop the row: what it attacks needs an account."""
    answer = sign_in(client, email, password)
    if answer.status != 302:
        raise RuntimeError(f"could not sign in ({answer.status}): the row needs an account")


# The rows, by number: each a function (stack, quick) -> Result; `flood` rows also run the
# normal player.
ROWS: dict[int, Callable] = {}


def row(number: int):
    def register(function: Callable) -> Callable:
        ROWS[number] = function
        return function

    return register
