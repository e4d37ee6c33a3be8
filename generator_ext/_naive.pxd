# The seed's reject-and-retry generator, kept as the benchmark baseline.
from libc.stdint cimport int8_t

from generator_ext._plant cimport GenStats
from generator_ext._rng cimport Rng

cdef bint gen_naive(Rng* rng, int n, int rule, int min_size, int tier, long max_attempts,
                    int8_t* out, int8_t* solution, GenStats* st) noexcept nogil
