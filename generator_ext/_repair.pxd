# Repair: local search on a full map until it is unique, or until the techniques up to a
# level solve it; and the level builder's fix, which is that repair kept close to a painting.
from libc.stdint cimport int8_t

from generator_ext._core cimport Board
from generator_ext._plant cimport GenStats
from generator_ext._rng cimport Rng

cdef bint repair_regions(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                         GenStats* st) noexcept nogil
cdef bint repair_logic(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                       int level, GenStats* st) noexcept nogil
