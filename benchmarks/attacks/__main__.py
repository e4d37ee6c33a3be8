"""`python -m benchmarks.attacks [--rows 1,7] [--quick]`: every row of the issue's attack
table against the stack as compose runs it; a markdown table of what held at the end."""

from __future__ import annotations

import argparse
import time
import traceback

from benchmarks.attacks import ORDER, ROWS, Result
from benchmarks.attacks.common import stock_levels
from tests.stack.stack import running_stack


def run_row(stack, number: int, quick: bool) -> Result:
    try:
        return ROWS[number](stack, quick)
    except Exception as error:  # a row that breaks is a row that did not hold
        traceback.print_exc()
        return Result(number, ROWS[number].__name__.replace("_", " "), False,
                      f"the attack broke: {type(error).__name__}: {error}"[:300])


def table(results: list[Result]) -> str:
    lines = ["| # | attack | verdict | measured | normal player's check p50 / p99 (calm p99) |",
             "|---|---|---|---|---|"]
    for result in sorted(results, key=lambda r: r.row):
        player = (f"{result.player['p50_ms']} / {result.player['p99_ms']} ms "
                  f"({result.player.get('calm_p99_ms')} ms)" if result.player else "")
        lines.append(f"| {result.row} | {result.attack} | {result.verdict} | "
                     f"{result.figures} | {player} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", default="", help="a subset, e.g. 1,7 (default: all)")
    parser.add_argument("--quick", action="store_true",
                        help="shorter waits and floods (the tests' sizes)")
    args = parser.parse_args()
    wanted = {int(n) for n in args.rows.split(",") if n.strip()} or set(ROWS)
    began = time.monotonic()
    results = []
    with running_stack() as stack:
        print(f"stack up in {time.monotonic() - began:.0f} s: edge {stack.url}, "
              f"writes {stack.app_url}", flush=True)
        stock_levels(stack)
        for number in (n for n in ORDER if n in wanted):
            started = time.monotonic()
            result = run_row(stack, number, args.quick)
            results.append(result)
            print(f"row {number:2} {result.verdict:8} ({time.monotonic() - started:.0f} s) "
                  f"{result.attack}: {result.figures}"
                  + (f"; normal player {result.player}" if result.player else ""), flush=True)
    held = sum(r.held for r in results)
    print(f"\n{held} of {len(results)} held, in {time.monotonic() - began:.0f} s\n")
    print(table(results))


if __name__ == "__main__":
    main()
