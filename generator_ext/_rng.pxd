# The engine's own PRNG (xoshiro256**, seeded by splitmix64): the same seed gives the same
# stream on every machine, unlike libc's rand().
from libc.stdint cimport uint32_t, uint64_t


cdef struct Rng:
    uint64_t s[4]


cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t splitmix64(uint64_t* x) noexcept nogil:
    cdef uint64_t z
    x[0] += <uint64_t>0x9E3779B97F4A7C15ULL
    z = x[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline void rng_seed(Rng* g, uint64_t seed) noexcept nogil:
    cdef int i
    for i in range(4):
        g.s[i] = splitmix64(&seed)


cdef inline uint64_t rng_next(Rng* g) noexcept nogil:
    cdef uint64_t result = rotl(g.s[1] * 5, 7) * 9
    cdef uint64_t t = g.s[1] << 17
    g.s[2] ^= g.s[0]
    g.s[3] ^= g.s[1]
    g.s[1] ^= g.s[2]
    g.s[0] ^= g.s[3]
    g.s[2] ^= t
    g.s[3] = rotl(g.s[3], 45)
    return result


cdef inline uint32_t rng_below(Rng* g, uint32_t bound) noexcept nogil:
    # Lemire's multiply-shift: bias below 2**-32, far under anything a level could show.
    return <uint32_t>(((rng_next(g) >> 32) * <uint64_t>bound) >> 32)


cdef inline double rng_unit(Rng* g) noexcept nogil:
    return (rng_next(g) >> 11) * (1.0 / 9007199254740992.0)


cdef inline void rng_shuffle(Rng* g, int* a, int k) noexcept nogil:
    """Fisher-Yates, last position first (the order every seed's levels depend on)."""
    cdef int i, j, t
    for i in range(k - 1, 0, -1):
        j = rng_below(g, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


cdef inline bint wins_tie(Rng* g, int* ties, bint better, bint equal) noexcept nogil:
    """Reservoir choice of the best candidate, uniform among equals: a better one always
    replaces the best so far (and the tie count restarts at 1); an equal one does with
    probability 1/ties. One draw per equal candidate, none otherwise (seeds depend on it)."""
    if better:
        ties[0] = 1
        return True
    if equal:
        ties[0] += 1
        return rng_below(g, ties[0]) == 0
    return False
