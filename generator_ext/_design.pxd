# The design-led generator: compositions made unique and logic-solvable with as few broken
# cells as it takes, the best of several kept by the design score.
from libc.stdint cimport int8_t, uint32_t

from generator_ext._core cimport Board
from generator_ext._plant cimport GenStats
from generator_ext._rng cimport Rng

cdef double design_value(int n, const int8_t* grid, bint symmetry_only=*) noexcept nogil
cdef bint gen_designed(Rng* rng, int n, int rule, int min_size, int tier, long max_attempts,
                       int style, int family, int singles, const int8_t* motif,
                       bint patient, void* judge, int8_t* out, int8_t* solution,
                       GenStats* st) noexcept nogil
