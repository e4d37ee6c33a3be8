"""The options every Celery task of the site shares: acknowledged after it ran, re-queued when
its worker dies, no result kept (each task is safe to run twice)."""

TASK_OPTIONS = {"acks_late": True, "reject_on_worker_lost": True, "ignore_result": True}
