"""gunicorn's settings, from the environment: `gunicorn -c python:queensgame.gunicorn_conf
queensgame.wsgi` (the compose web service and the image run exactly this).

Threaded workers: a slow client (a body trickling in at a byte a second) holds one thread,
not a whole process, so a handful of them cannot stop the site."""

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
timeout = 30  # a worker whose main loop stops answering this long is replaced
graceful_timeout = 20
keepalive = 5
max_requests = 0  # never recycled by count: a recycle drops its keep-alive clients
accesslog = "-"  # stdout, the container's log
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
