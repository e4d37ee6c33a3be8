"""The solver releases the GIL: other Python threads run during a long count."""

import threading
import time

from generator_ext import count_solutions


def test_other_threads_progress_during_a_long_count():
    n = 11  # rows as regions: 5,296,790 touch solutions, a count of about a second
    regions = [[r] * n for r in range(n)]
    ticks = 0
    done = threading.Event()

    def tick():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    time.sleep(0.02)
    before = ticks
    started = time.perf_counter()
    result = count_solutions(regions, limit=None)
    elapsed = time.perf_counter() - started
    during = ticks - before
    done.set()
    ticker.join()
    assert result == 5296790
    # While holding the GIL the ticker could not run at all; released, it ticks about
    # once per millisecond.
    assert elapsed > 0.05
    assert during >= elapsed * 1000 * 0.2
