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


# The default strategy's levels (composed under a symmetry, made unique, repaired, polished;
# none of these fell back to growth) and Star Battle's: (generate's arguments, tier, regions).
DESIGNED = [
    ({'n': 8, 'seed': 11, 'tier': 'easy'}, 'easy', [
        "00000000",
        "10203333",
        "11200433",
        "12200443",
        "55505455",
        "55555555",
        "55655755",
        "66667777",
    ]),
    ({'n': 9, 'seed': 4, 'tier': 'medium', 'style': 'mirror'}, 'medium', [
        "000001111",
        "022222111",
        "222221131",
        "444222255",
        "444422225",
        "446422255",
        "666662257",
        "866688277",
        "888887777",
    ]),
    ({'n': 10, 'rule': 'classic', 'seed': 8, 'tier': 'hard', 'style': 'turn'}, 'hard', [
        "0111122222",
        "0000134425",
        "6606134225",
        "7606134425",
        "7666333225",
        "7666663285",
        "7666633385",
        "7666639388",
        "7666639998",
        "6666699888",
    ]),
    ({'n': 7, 'seed': 3, 'tier': 'expert', 'family': 'strokes'}, 'expert', [
        "0011122",
        "0013222",
        "0013222",
        "4043526",
        "4045526",
        "4045226",
        "4445222",
    ]),
    ({'n': 9, 'seed': 2, 'family': 'frames'}, 'medium', [
        "000000111",
        "022222331",
        "024444531",
        "024666531",
        "027666531",
        "027668531",
        "027775531",
        "022333331",
        "000000001",
    ]),
    ({'n': 10, 'seed': 1, 'tier': 'easy', 'family': 'islands'}, 'easy', [
        "0001110000",
        "0000000000",
        "0000000200",
        "3330000220",
        "0400555000",
        "0440000000",
        "0000006600",
        "0077706600",
        "0000000088",
        "0000099988",
    ]),
    ({'n': 9, 'seed': 5, 'tier': 'expert', 'style': 'diagonal'}, 'expert', [
        "011112222",
        "033311222",
        "033321224",
        "033322244",
        "005522224",
        "500555266",
        "555555666",
        "555756668",
        "557776688",
    ]),
    ({'n': 10, 'seed': 2, 'motif': 'heart'}, 'medium', [
        "0000111123",
        "0044144223",
        "0444444423",
        "0444444422",
        "5444444426",
        "5544444666",
        "5554446666",
        "5755486669",
        "5757788699",
        "7777888999",
    ]),
    ({'n': 10, 'seed': 1, 'stars': 2}, 'expert', [
        "9999662222",
        "9966666222",
        "9744444222",
        "9744884400",
        "7748884450",
        "7748884550",
        "3744444450",
        "3334454450",
        "3331555555",
        "3331111155",
    ]),
    ({'n': 12, 'seed': 2, 'stars': 3}, 'hard', [
        "555bbb660000",
        "55555b666000",
        "55555b666600",
        "339956666600",
        "339999688622",
        "333999988222",
        "333998888222",
        "337997888822",
        "117777748822",
        "117777a44444",
        "111777a44444",
        "111177aaa444",
    ]),
]


# Both tables as generate's keyword arguments: one test holds every golden level.
GROWN_ARGS = ("n", "rule", "seed", "strategy", "tier", "min_region_size")
CASES = [(dict(zip(GROWN_ARGS, args, strict=True)), tier, rows)
         for args, tier, rows in GOLDEN] + DESIGNED


@pytest.mark.parametrize("kwargs,tier,rows", CASES, ids=[str(case[0]) for case in CASES])
def test_golden_level(kwargs, tier, rows):
    level = generate(**kwargs)
    assert ["".join(DIGITS[g] for g in row) for row in level.regions] == rows
    assert level.tier == tier
    if "strategy" not in kwargs:  # the default, design: none of these fell back to growth
        assert not level.fallback
    stars = kwargs.get("stars", 1)
    assert count_solutions(level.regions, level.rule, stars=stars) == 1
    if kwargs.get("strategy") != "naive":  # the naive generator's levels have no tier
        assert rate(level.regions, level.rule, stars=stars).tier == tier
