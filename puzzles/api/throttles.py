"""The API's rate limits, counted atomically (puzzles.core.rate_limits): POSTs per client
address, the builder's strokes per address, fixes and publishes per player and per address.
The address is puzzles.players.identity.client_address (TRUSTED_PROXIES says how many
proxies to believe)."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import BaseThrottle

from puzzles.core import rate_limits as limits
from puzzles.players.identity import client_address


class CountedThrottle(BaseThrottle):
    """Each of `scopes` is a (rate name, whose count) pair; a request over any limit is
    refused, and `wait` says how long until that window ends. Only POSTs count unless
    `methods` says otherwise."""

    scopes: tuple[tuple[str, str], ...] = ()
    methods: tuple[str, ...] = ("POST",)
    # Rates by name; tests may replace this on a class.
    THROTTLE_RATES = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]

    def allow_request(self, request, view) -> bool:
        if request.method not in self.methods:
            return True
        self._wait = 0.0
        allowed = True
        for rate_name, whose in self.scopes:
            rate = limits.Rate.parse(self.THROTTLE_RATES[rate_name])
            who = request.player if whose == "player" else client_address(request)
            ok, wait = limits.hit(rate_name, who, rate)
            if not ok:
                allowed, self._wait = False, max(self._wait, wait)
        return allowed

    def wait(self) -> float:
        return max(1.0, self._wait)


class PostThrottle(CountedThrottle):
    """Checks, hints, reveals and solves, and a player's own writes (renaming, hiding,
    deleting, unfollowing): every write per client address, one count for all of them."""

    scopes = (("anon_post", "address"),)
    methods = ("POST", "PUT", "PATCH", "DELETE")


class BuilderThrottle(CountedThrottle):
    """Painting sends an analysis per stroke: a rate of its own, per client address."""

    scopes = (("builder", "address"),)
    methods = ("POST", "PUT", "DELETE")


class FixThrottle(CountedThrottle):
    """Make it unique costs a worker's search: per player and per address."""

    scopes = (("fix", "player"), ("fix_address", "address"))


class MotifThrottle(FixThrottle):
    """The builder's motif start is a GET that runs a generation in the web process: it
    counts against the fix's limits (a throttle that counted only POSTs let it flood)."""

    methods = ("GET",)


class PublishThrottle(CountedThrottle):
    """Publishing, per player (the cookie) and per address (dropping the cookie makes a new
    player, not a new address)."""

    scopes = (("publish", "player"), ("publish_address", "address"))


class SyncCodeThrottle(CountedThrottle):
    """Showing a sync code, per player and per address."""

    scopes = (("sync_code", "player"), ("sync_code", "address"))


class SyncJoinThrottle(CountedThrottle):
    """Entering a sync code: few tries per address and per player, so guessing one of
    31**8 codes in its ten minutes is hopeless."""

    scopes = (("sync_join", "address"), ("sync_join", "player"))


class RoomCreateThrottle(CountedThrottle):
    """A room deals levels from the pool when it starts: made per client address."""

    scopes = (("room_create", "address"),)
