# Level generators. "naive" is the seed's reject-and-retry algorithm, kept as the baseline
# (_naive); "fast" grows regions around a planted solution (_plant) while the techniques of
# the tier still solve it, or "unique" while the solution stays the only one (_grow), and
# repairs what growth left (_repair). This module picks the strategy and the tier.
from libc.stdint cimport int8_t, uint64_t

from generator_ext._core cimport MAX_N, Board
from generator_ext._design cimport gen_designed
from generator_ext._deduce cimport T_ELIMINATION, TIER_EXPERT, logic_tier, tier_technique
from generator_ext._grow cimport fill_leftovers, grow_regions, polish
from generator_ext._naive cimport gen_naive
from generator_ext._plant cimport FULL_COUNT_BUDGET, JUDGED_OUT_LIMIT, GenStats, ask_judge
from generator_ext._plant cimport plant_seeds, relabel
from generator_ext._repair cimport repair_logic, repair_regions
from generator_ext._rng cimport Rng, rng_below, rng_seed
from generator_ext._search cimport count_board

# The strategies, by the codes levels.py passes (STRATEGY_* for Python).
cdef int NAIVE = 0, FAST = 1, UNIQUE = 2, DESIGN = 3
STRATEGY_NAIVE, STRATEGY_FAST, STRATEGY_UNIQUE, STRATEGY_DESIGN = NAIVE, FAST, UNIQUE, DESIGN


cdef bint gen_grown(Rng* rng, int n, int rule, int min_size, int tier, long max_attempts,
                    bint unique, void* judge, int8_t* out, int8_t* solution,
                    GenStats* st) noexcept nogil:
    """Grow regions around a planted solution, repair what growth left, and keep the level
    when logic solves it at the tier asked (any tier for `unique` with tier 0).

    unique ("unique", and expert levels): growth keeps the planted solution the only one and
    the repair removes other solutions. Otherwise ("fast", tiers 1 easy .. 3 hard): growth
    keeps the techniques of the tier solving the map and the repair finishes the job.
    A judge (not NULL) sees each polished map of the tier, as gen_designed's does."""
    cdef Board b
    cdef int8_t q[MAX_N]
    cdef int size[MAX_N]
    cdef int got
    cdef bint aborted
    cdef int verdict
    cdef int level = tier_technique(tier)
    # Growth checks every cell, so it stays with techniques 1-5 even for expert levels; the
    # repair then makes contradiction (6) finish what growth left.
    cdef int grow_level = 0 if unique else (level if level < T_ELIMINATION else T_ELIMINATION)
    while ((max_attempts <= 0 or st.attempts < max_attempts)
           and st.judged_out < JUDGED_OUT_LIMIT):
        st.attempts += 1
        plant_seeds(rng, n, rule, &b, q, size)
        grow_regions(rng, &b, size, grow_level, st)
        fill_leftovers(rng, &b, size, st)
        if unique:
            if not repair_regions(rng, &b, q, size, min_size, st):
                continue
            # The growth keeps the planted solution the only one; recount to be sure.
            if count_board(&b, 2, FULL_COUNT_BUDGET, NULL, &aborted) != 1 or aborted:
                st.aborts += aborted
                continue
        elif not repair_logic(rng, &b, q, size, min_size, level, st):
            continue
        got = logic_tier(&b)
        if got == 0 or (tier and got != tier):
            st.tier_misses += 1
            continue
        polish(rng, &b, q, size, min_size, got, st)
        verdict = ask_judge(judge, n, b.region, q, got, st)
        if verdict < 0:
            return False
        if verdict == 0:
            continue
        st.tier_found = got
        relabel(n, b.region, q, out, solution)
        return True
    return False


def generate_raw(int n, int rule, uint64_t seed, int strategy, int min_size, long max_attempts,
                 int tier=0, weights=None, int style=-1, motif=None, int family=0,
                 int singles_rate=0, bint patient=False, judge=None):
    """(regions, solution, stats) for checked arguments; regions None past max_attempts.
    tier 0 draws one from `weights` (easy, medium, hard, expert) with the level's own PRNG
    (the fast and design strategies); the naive strategy with tier 0 is the seed's, unrated.
    The design strategy composes in the family (FAMILY_*), the strokes and motif ones under
    the style's symmetries (-1: any), around the motif (None, or the row-major indices of its
    cells, which stay one region as drawn); an easy or medium level gets one-cell regions
    (one, now and then two) in singles_rate percent of the draws. A patient call composes
    up to max_attempts; the others fall back to growth (stats["fallback"]).

    judge (None, or a callable (regions, tier code) -> bool) is asked of each polished
    candidate of the tier; False abandons that attempt (stats["judged_out"]). The design
    strategy compares as many candidates as without a judge, the best the judge kept; growth
    returns its first kept, up to JUDGED_OUT_LIMIT turned down. None kept: no level, and
    no growth in the composition's stead. What the judge raises, this raises."""
    cdef Rng rng
    cdef GenStats st
    cdef int8_t out[MAX_N * MAX_N]
    cdef int8_t solution[MAX_N]
    cdef bint ok
    cdef int8_t motif_mask[MAX_N * MAX_N]
    cdef int8_t* motif_ptr = NULL
    cdef void* asking = NULL
    asker = None
    if judge is not None:
        asker = _Asker(judge)
        asking = <void*>asker
    st.attempts = 0
    st.checks = 0
    st.refusals = 0
    st.nodes = 0
    st.aborts = 0
    st.accept_nodes = 0
    st.repair_steps = 0
    st.leftovers = 0
    st.fail_undersized = 0
    st.fail_nomove = 0
    st.fail_steps = 0
    st.tier_misses = 0
    st.polish_moves = 0
    st.no_solution = 0
    st.undersized = 0
    st.not_unique = 0
    st.not_logical = 0
    st.judged_out = 0
    st.fallback = 0
    st.tier_found = 0
    cdef int w[4]
    cdef int i, total = 0, pick, singles = 0
    cdef Rng draw
    if motif is not None:
        for i in range(n * n):
            motif_mask[i] = 0
        for i in motif:
            motif_mask[i] = 1
        motif_ptr = motif_mask
    rng_seed(&rng, seed)
    if (strategy == FAST or strategy == DESIGN) and tier == 0:
        for i in range(4):
            w[i] = weights[i]
            total += w[i]
        # A stream of its own that also depends on n, so one seed's tier differs by size.
        rng_seed(&draw, seed ^ (<uint64_t>n * <uint64_t>0x9E3779B97F4A7C15ULL))
        pick = rng_below(&draw, total)
        tier = 1
        while pick >= w[tier - 1]:
            pick -= w[tier - 1]
            tier += 1
    if strategy == DESIGN and singles_rate > 0 and (tier == 1 or tier == 2):
        # Given queens: a stream of their own, so the tier's and the level's draws stay.
        rng_seed(&draw, seed ^ (<uint64_t>n * <uint64_t>0xD1B54A32D192ED03ULL))
        if <int>rng_below(&draw, 100) < singles_rate:
            singles = 2 if rng_below(&draw, 4) == 0 else 1
    with nogil:
        if strategy == NAIVE:
            ok = gen_naive(&rng, n, rule, min_size, tier, max_attempts, out, solution, &st)
        elif strategy == DESIGN:
            ok = gen_designed(&rng, n, rule, min_size, tier, max_attempts, style, family,
                              singles, motif_ptr, patient, asking, out, solution, &st)
            # A size or seed the compositions do not suit still gets a level, grown (not
            # one whose candidates the judge turned down: growth would be judged alike).
            if not ok and not patient and st.judged_out == 0 and not (
                    asking != NULL and _raised(asking)):
                st.fallback = 1
                ok = gen_grown(&rng, n, rule, min_size, tier, max_attempts, tier == TIER_EXPERT,
                               asking, out, solution, &st)
        else:
            # Growth checked by contradiction would cost n² hypotheses a cell, so expert
            # levels come from unique growth, kept when they need technique 6.
            ok = gen_grown(&rng, n, rule, min_size, tier, max_attempts,
                           strategy == UNIQUE or tier == TIER_EXPERT, asking, out, solution,
                           &st)
    stats = {"attempts": st.attempts, "checks": st.checks, "refusals": st.refusals,
             "nodes": st.nodes, "aborts": st.aborts,
             "accept_nodes": st.accept_nodes, "repair_steps": st.repair_steps,
             "leftovers": st.leftovers, "fail_undersized": st.fail_undersized,
             "fail_nomove": st.fail_nomove, "fail_steps": st.fail_steps,
             "tier_misses": st.tier_misses, "polish_moves": st.polish_moves,
             "no_solution": st.no_solution, "undersized": st.undersized,
             "not_unique": st.not_unique, "not_logical": st.not_logical,
             "fallback": st.fallback, "judged_out": st.judged_out}
    stats["tier"] = st.tier_found
    if asker is not None and asker.error is not None:
        raise asker.error
    if not ok:
        return None, None, stats
    regions = [[out[r * n + c] for c in range(n)] for r in range(n)]
    return regions, [solution[r] for r in range(n)], stats


class _Asker:
    """A judge as ask_judge calls it, under the GIL: 1 keep, 0 abandon, -1 it raised (the
    error kept for generate_raw to raise once the engine has stopped; a judge's answer
    other than True or False is a TypeError)."""

    def __init__(self, judge):
        self.judge = judge
        self.error = None

    def __call__(self, regions, tier):
        try:
            verdict = self.judge(regions, tier)
            if verdict is not True and verdict is not False:
                raise TypeError(f"a judge answers True or False, not {verdict!r}")
        except BaseException as error:
            self.error = error
            return -1
        return 1 if verdict else 0


cdef bint _raised(void* asking) noexcept nogil:
    with gil:
        return (<object>asking).error is not None
