"""Health endpoints for orchestrators: /healthz (the process answers) and /readyz (the
database answers, every migration is applied, the broker is reachable, and a message goes
round the channel layer the race rooms' WebSockets use)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.http import JsonResponse


def healthz(request):
    return JsonResponse({"status": "ok"})


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return "ok"


def check_migrations() -> str:
    executor = MigrationExecutor(connection)
    pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return "ok" if not pending else f"{len(pending)} migration(s) not applied"


def check_broker() -> str:
    if settings.CELERY_BROKER_URL.startswith("redis"):
        import redis

        client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_connect_timeout=1,
                                      socket_timeout=1)
        client.ping()
        return "ok"
    folder = Path(settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"])
    return "ok" if folder.is_dir() else f"broker folder {folder} is missing"


def broker_unreachable() -> bool:
    """True while the broker is unreachable: no generation run can be queued or worked."""
    try:
        return check_broker() != "ok"
    except Exception:
        return True


def check_channel_layer() -> str:
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    async def round_trip() -> str:
        layer = get_channel_layer()
        channel = await layer.new_channel("readyz.")
        await layer.send(channel, {"type": "readyz"})
        got = await asyncio.wait_for(layer.receive(channel), timeout=2)
        return "ok" if got.get("type") == "readyz" else "the channel layer lost a message"

    return async_to_sync(round_trip)()


CHECKS = {"database": check_database, "migrations": check_migrations, "broker": check_broker,
          "channel_layer": check_channel_layer}


def readyz(request):
    results = {}
    for name, check in CHECKS.items():
        try:
            results[name] = check()
        except Exception as error:  # any failure means "not ready", with its reason
            results[name] = f"{type(error).__name__}: {error}"
    ready = all(value == "ok" for value in results.values())
    return JsonResponse({"status": "ok" if ready else "unavailable", "checks": results},
                        status=200 if ready else 503)
