# Repair: local search on a full map until it is unique, or until the techniques up to a
# level solve it; and the level builder's fix, which is that repair kept close to a painting.
# Also the steps _design's repairs take alike: feeding small regions, the second solution's
# queens to move, the undecided cells.
from libc.stdint cimport int8_t, uint32_t

from generator_ext._core cimport Board
from generator_ext._plant cimport GenStats
from generator_ext._rng cimport Rng

# What the repairs here and _design's share: moves evaluated per step, and how far a move's
# count of solutions goes (3 means "two or more left"; an abandoned count reads as 3).
cdef enum:
    REPAIR_SAMPLE = 8
    REPAIR_EVAL_LIMIT = 3
    REPAIR_EVAL_NODES = 3000

cdef bint repair_regions(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                         GenStats* st) noexcept nogil
cdef bint repair_logic(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                       int level, GenStats* st) noexcept nogil
cdef int feed_undersized(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                         uint32_t closed) noexcept nogil
cdef int second_solution(Board* b, const int8_t* q, int* cells, GenStats* st) noexcept nogil
cdef int undecided_cells(int n, const uint32_t* undecided, const int8_t* q,
                         int* cells) noexcept nogil
