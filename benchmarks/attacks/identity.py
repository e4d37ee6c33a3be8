"""Who the client is: sign-in lockouts, sign-up limits and enumeration, proxy headers, the
header cap, form posts through the edge, and an account's key held by another browser (rows
1, 9, 12, 13, 17, 20, 31), two browsers of one account signing in at once (row 32)."""

from __future__ import annotations

import socket
import uuid
from collections import Counter

from benchmarks.attacks.common import Client, Result, an_account, row, sign_in
from tests.support import gunicorn


def sign_up(client: Client, email: str, name: str):
    password = "correct-horse-battery-9"
    return client.form("/accounts/signup/", {"email": email, "name": name,
                                             "password1": password, "password2": password})


def a_name(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:6]}"


@row(1)
def wrong_passwords_from_one_address(stack, quick: bool) -> Result:
    email, password = an_account(stack, a_name("Victim"))
    stranger = Client(stack.url)
    tries = Counter(sign_in(stranger, f"made-up-{i}@example.com", "wrong-password").status
                    for i in range(5))
    answer = sign_in(Client(stack.url), email, password)  # the owner, from elsewhere
    signed_in = answer.status == 302
    return Result(1, "5 wrong passwords with made-up emails from one address", signed_in,
                  f"stranger's 5 tries {dict(tries)}; the real owner's sign-in from another "
                  f"address: {answer.status} ({'signed in' if signed_in else 'refused'})")


@row(9)
def sign_ups_from_many_addresses(stack, quick: bool) -> Result:
    answers = Counter()
    for i in range(20):
        answers[sign_up(Client(stack.url), f"{a_name('s')}{i}@example.com",
                        a_name("Signer")).status] += 1
    visitor = sign_up(Client(stack.url), f"{a_name('v')}@example.com", a_name("Visitor"))
    held = visitor.status == 302
    return Result(9, "20 sign-ups from 20 addresses behind the edge", held,
                  f"20 sign-ups {dict(answers)}; the 21st address's sign-up: {visitor.status}")


@row(12)
def spoofed_forwarded_for_without_a_proxy(stack, quick: bool) -> Result:
    count = 35 if quick else 60
    with gunicorn(stack.env, TRUSTED_PROXIES="0", GUNICORN_WORKERS="1") as base:
        peer = Client(base, address="127.0.0.1")
        made = Counter(
            peer.post("/api/rooms/", {"size": 6, "tier": "easy", "boards": 1, "name": "Ada"},
                      headers={"X-Forwarded-For": f"198.51.100.{i}",
                               "Origin": base}).status
            for i in range(count))
    held = made[201] <= 30
    return Result(12, "TRUSTED_PROXIES=0, spoofed X-Forwarded-For from a loopback peer", held,
                  f"{count} rooms, each naming another address: {dict(made)} "
                  "(the limit: 30 an hour per address)")


@row(13)
def sign_up_with_a_known_email(stack, quick: bool) -> Result:
    known, _ = an_account(stack, a_name("Known"))
    seen = {}
    for what, email in (("new", f"{a_name('new')}@example.com"), ("known", known)):
        client = Client(stack.url)
        answer = sign_up(client, email, a_name("Prober"))
        where = answer.headers.get("location", "")
        after = client.get(where) if answer.status == 302 else answer
        seen[what] = (answer.status, where, [m.replace(email, "<email>") for m in after.messages])
    held = seen["new"] == seen["known"] and seen["new"][0] == 302
    return Result(13, "sign up with a known email", held,
                  "; ".join(f"{what} email: {status} {where} {messages}"
                            for what, (status, where, messages) in seen.items()))


def one_header(stack, size: int) -> str:
    """A request whose one header is `size` bytes, sent in one write to the app port."""
    request = (b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * size
               + b"\r\n\r\n")
    with socket.create_connection(("127.0.0.1", stack.app_port), timeout=10) as sock:
        try:
            sock.sendall(request)
            answer = sock.recv(1024)
        except OSError as error:
            return type(error).__name__
    return answer.split(b"\r\n")[0].decode(errors="replace") or "closed"


@row(17)
def one_huge_header(stack, quick: bool) -> Result:
    answers = {size: one_header(stack, size) for size in (17 * 1024, 200 * 1024)}
    held = all(" 200 " not in answer for answer in answers.values())
    return Result(17, "a single 17-200 KB header straight to the app port", held,
                  "; ".join(f"{size // 1024} KB: {answer}" for size, answer in answers.items()))


@row(20)
def form_post_through_the_edge(stack, quick: bool) -> Result:
    client = Client(stack.url)
    origin = f"http://{stack.edge_host}:{stack.port}"  # what a browser sends on this port
    answer = client.form("/i18n/setlang/", {"language": "en", "next": "/"}, origin=origin,
                         page="/how-to-play/")
    return Result(20, "form POSTs through the edge on a port other than 80",
                  answer.status != 403,
                  f"set-language form with Origin {origin}: {answer.status}")


def verified(stack, email: str) -> None:
    """The mail's confirmation link followed (on whichever device: it signs that one in)."""
    stack.shell("from allauth.account.models import EmailAddress\n"
                f"EmailAddress.objects.filter(email={email!r}).update(verified=True)\n")


@row(31)
def an_accounts_key_in_another_browser(stack, quick: bool) -> Result:
    """The outside attacker's find (issue 37's sign-in): a sign-up gave the account the
    guest's key, which other browsers may hold as their cookie: the laptop that signed up
    (its mail confirmed on a phone) and any device joined to it by a sync code. Each went on
    as the account with no password: its name and export, deleting it, and a sign-in there to
    another account took the first account's history along."""
    from benchmarks.attacks.common import a_level

    def csrf(client: Client) -> dict:
        if "csrftoken" not in client.cookies:
            client.get("/accounts/login/")
        return {"X-CSRFToken": client.cookies.get("csrftoken", "")}

    def me(client: Client) -> dict:
        return client.get("/api/me/").json()

    level = a_level(stack, 6)
    start = f"/api/levels/6/{level['id']}/start/"
    laptop, synced = Client(stack.url), Client(stack.url)
    laptop.post(start, {}, headers=csrf(laptop))
    code = laptop.post("/api/sync/code/", {}, headers=csrf(laptop)).json()["code"]
    joined = synced.post("/api/sync/join/", {"code": code}, headers=csrf(synced)).status
    name = a_name("Lap")
    email = f"{name.lower()}@example.com"
    signed_up = sign_up(laptop, email, name).status  # the mail is not confirmed yet
    verified(stack, email)
    phone = Client(stack.url)
    phone_in = sign_in(phone, email, "correct-horse-battery-9").status
    seen = {"laptop": me(laptop).get("name"), "synced": me(synced).get("name")}
    exported = len(laptop.get("/api/me/export/").json().get("solves", []))
    other_email, password = an_account(stack, a_name("Oth"))
    sign_in(laptop, other_email, password)  # someone else's account, on the laptop
    deleted = synced.request("DELETE", "/api/me/", headers=csrf(synced)).status
    after = me(phone)
    after["played"] = len(phone.get("/api/me/export/").json().get("solves", []))
    # An account made before accounts took fresh keys (its key is a browser's guest key):
    # that browser signs in to another account.
    older = Client(stack.url)
    older.post(start, {}, headers=csrf(older))
    key = older.cookies["queens_player"].strip('"').split(":")[0]
    stack.shell("from django.contrib.auth import get_user_model\n"
                "from puzzles.models import Player\n"
                f"u = get_user_model().objects.create_user({a_name('old')!r})\n"
                f"Player.objects.create(key={key!r}, user=u, name={a_name('Old')!r})\n")
    sign_in(older, other_email, password)
    kept = int(stack.shell("from puzzles.models import Solve\n"
                           f"print(Solve.objects.filter(player={key!r}).count())\n").split()[-1])
    held = (not any(seen.values()) and exported == 0 and after.get("name") == name
            and after["played"] == 1 and kept == 1)
    return Result(31, "a browser holding an account's key as its guest cookie (the laptop "
                  "whose sign-up was confirmed on a phone; a device synced before it)", held,
                  f"sign-up {signed_up}, sync join {joined}, phone sign-in {phone_in}; as "
                  f"guests, the names they saw: {seen}, the laptop's export: {exported} "
                  f"solves; then another account signed in on the laptop and the synced "
                  f"device deleted its 'me' ({deleted}): the account on the phone has name "
                  f"{after.get('name')!r} and {after['played']} plays (1 before); an "
                  f"older account on a browser's key, that browser signed in elsewhere: "
                  f"{kept} of its 1 solve kept")


@row(32)
def one_account_signed_in_by_two_browsers_at_once(stack, quick: bool) -> Result:
    """Two browsers of one account, whose guests played the same levels, sign in at the same
    moment: both merges give the account those levels' plays (the outside attacker's find: a
    sign-in was a 500 now and then, its browser left signed out)."""
    import json
    import re
    import threading
    from urllib.parse import urlencode

    pairs = 8 if quick else 16
    names = [a_name("Twin") for _ in range(pairs)]
    accounts = [an_account(stack, name) for name in names]
    browsers = [(Client(stack.url), Client(stack.url)) for _ in range(pairs)]
    bodies = []
    for (email, password), pair in zip(accounts, browsers, strict=True):
        for browser in pair:
            page = browser.get("/accounts/login/")
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
            bodies.append(urlencode({"csrfmiddlewaretoken": token, "login": email,
                                     "password": password}).encode())
    # Each guest has played the same levels, 30 of them if there are (made here: the edge's
    # POST rate would make 30 starts a browser take a minute), so each merge moves them all.
    guests = [b.cookies["queens_player"].strip('"').split(":")[0]
              for pair in browsers for b in pair]
    played = int(stack.shell(
        "from puzzles.models import Level, Solve\n"
        "levels = list(Level.objects.order_by('id')[:30])\n"
        f"for key in {json.dumps(guests)}:\n"
        "    Solve.objects.bulk_create([Solve(level=l, player=key) for l in levels])\n"
        "print(len(levels))\n").split()[-1])
    statuses: Counter = Counter()
    signed_out = 0

    def sign_in_now(browser: Client, body: bytes, together: threading.Barrier) -> None:
        together.wait()
        statuses[browser.request("POST", "/accounts/login/", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": stack.url + "/accounts/login/"}).status] += 1

    for k, pair in enumerate(browsers):
        together = threading.Barrier(2)
        threads = [threading.Thread(target=sign_in_now, args=(browser, body, together))
                   for browser, body in zip(pair, bodies[2 * k:2 * k + 2], strict=True)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        signed_out += sum(not b.get("/api/me/").json()["signed_in"] for b in pair)
    plays = stack.shell("from puzzles.models import Player, Solve\n"
                        f"keys = Player.objects.filter(name__in={names!r}).values('key')\n"
                        "print(Solve.objects.filter(player__in=keys).count(),"
                        f" Solve.objects.filter(player__in={guests!r}).count())\n").split()[-2:]
    kept, left = map(int, plays)
    return Result(32, "two browsers of one account, their guests having played the same "
                  f"{played} levels, sign in at the same moment ({pairs} accounts)",
                  set(statuses) == {302} and not signed_out and kept == played * pairs and not left,
                  f"sign-ins {dict(statuses)}; browsers left signed out: {signed_out}; the "
                  f"accounts' plays {kept} ({played} each: {played * pairs}), left on guest keys "
                  f"{left}")
