"""Golden levels: fixed (arguments) → regions. The engine's own PRNG and budgets that count
nodes, never seconds, make these the same on every machine; a change of the PRNG or of the
algorithm fails here, and must then be made on purpose (it changes what every stored seed
means)."""

import pytest

from generator_ext import count_solutions, generate, rate

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"

# ((n, rule, seed, strategy, tier, min_region_size), tier of the level, regions)
GOLDEN = [
    ((6, "touch", 7, "fast", None, 2), "medium", [
        "011111",
        "011111",
        "022211",
        "333211",
        "444515",
        "444555",
    ]),
    ((8, "touch", 42, "fast", "easy", 2), "easy", [
        "01112222",
        "00112222",
        "31111442",
        "33111444",
        "11115566",
        "77775566",
        "77777767",
        "77777777",
    ]),
    ((9, "classic", 3, "fast", "hard", 2), "hard", [
        "011111222",
        "033114422",
        "003314444",
        "333333444",
        "333334444",
        "553334444",
        "556677788",
        "555677777",
        "555777777",
    ]),
    ((10, "touch", 1, "fast", "medium", 2), "medium", [
        "0001112222",
        "1001112222",
        "1001332222",
        "1441132222",
        "1411132325",
        "1113333355",
        "1167733855",
        "1169777855",
        "1169977855",
        "1111175555",
    ]),
    ((7, "touch", 5, "fast", "expert", 2), "expert", [
        "0001111",
        "2000111",
        "2345551",
        "2344111",
        "2341111",
        "2241166",
        "1111666",
    ]),
    ((12, "touch", 9223372036854775807, "fast", None, 2), "hard", [
        "000000111222",
        "000000011222",
        "000300011422",
        "550300111442",
        "650330111422",
        "666330011422",
        "666630011472",
        "666638119472",
        "888888119a72",
        "888888199a77",
        "88b888117a77",
        "bbb888117777",
    ]),
    ((9, "touch", 99, "unique", None, 2), "medium", [
        "001121133",
        "041121553",
        "441111553",
        "411113333",
        "411666637",
        "411666677",
        "666666677",
        "686677777",
        "688777777",
    ]),
    ((8, "touch", 1234, "naive", None, 1), None, [
        "00000000",
        "00000010",
        "00022211",
        "00222233",
        "40222222",
        "40056666",
        "40055666",
        "40777666",
    ]),
]


@pytest.mark.parametrize("args,tier,rows", GOLDEN, ids=[str(g[0]) for g in GOLDEN])
def test_golden_level(args, tier, rows):
    n, rule, seed, strategy, asked, min_size = args
    level = generate(n, rule, seed=seed, strategy=strategy, tier=asked, min_region_size=min_size)
    assert ["".join(DIGITS[g] for g in row) for row in level.regions] == rows
    assert level.tier == tier
    assert count_solutions(level.regions, rule) == 1
    if strategy != "naive":
        assert rate(level.regions, rule).tier == tier
