"""gunicorn's settings, from the environment: `gunicorn -c python:queensgame.gunicorn_conf
queensgame.asgi` (the compose web service and the image run exactly this).

The worker is uvicorn's (queensgame.server.QueensWorker): an asyncio loop per process holds
every connection, so idle and slow clients cost memory, not threads, and a request deadline
closes them; Django runs on GUNICORN_THREADS threads per process (queensgame/asgi.py)."""

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
worker_class = "queensgame.server.QueensWorker"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
backlog = 4096
timeout = 30  # a worker whose loop stops answering this long is replaced
graceful_timeout = 20
keepalive = 5
max_requests = 0  # never recycled by count: a recycle drops its keep-alive clients
accesslog = "-"  # stdout, the container's log
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'

# A pool that should yield the cores to another one on the same machine (compose's writes
# to its reads) runs its workers at a lower CPU priority: 0 (none) to 19.
worker_niceness = int(os.environ.get("GUNICORN_NICE", "0"))


def post_fork(server, worker):
    if worker_niceness:
        os.nice(worker_niceness)
