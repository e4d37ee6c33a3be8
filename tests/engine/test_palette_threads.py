"""Shared tables are built before any thread can see them half-made: a fresh process whose
first colourings come from many threads at once never fails (the colour-distance table was
once built lazily, and a second thread read a row not yet there: an IndexError and a 500)."""

import subprocess
import sys

FIRST_CALLS_AT_ONCE = """
import sys, threading
sys.setswitchinterval(1e-6)
from generator_ext import palette
barrier = threading.Barrier(16)
errors = []
def first_call():
    barrier.wait()
    try:
        palette.region_colors([[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]])
        palette._apart(19, 18)
    except Exception as error:
        errors.append(repr(error))
threads = [threading.Thread(target=first_call) for _ in range(16)]
for t in threads: t.start()
for t in threads: t.join()
print(errors[:1])
sys.exit(1 if errors else 0)
"""


def test_first_colourings_from_many_threads_at_once_never_fail():
    for _ in range(10):  # a race: give it several fresh processes to show itself
        result = subprocess.run([sys.executable, "-c", FIRST_CALLS_AT_ONCE],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stdout + result.stderr
