# Growth: regions grown cell by cell around a planted solution while a property holds
# (unique, or solved by the techniques up to a level), and the polish toward a designed look.
from libc.stdint cimport int8_t, uint32_t

from generator_ext._core cimport Board
from generator_ext._plant cimport GenStats
from generator_ext._rng cimport Rng

cdef int compactness(int n, const int8_t* grid, int cell, int g) noexcept nogil
cdef bint adds_no_solution(Board* b, int cell, GenStats* st) noexcept nogil
cdef bint try_cell(Board* b, int cell, int g, int* size, uint32_t* refused, int level,
                   GenStats* st) noexcept nogil
cdef int smallest_neighbour(Rng* rng, int n, const int8_t* grid, const int* size, int cell,
                            uint32_t closed) noexcept nogil
cdef bint join_smallest(Rng* rng, Board* b, int* size, uint32_t closed, bint first_only,
                        GenStats* st) noexcept nogil
cdef void grow_regions(Rng* rng, Board* b, int* size, int level, GenStats* st) noexcept nogil
cdef void fill_leftovers(Rng* rng, Board* b, int* size, GenStats* st) noexcept nogil
cdef void polish(Rng* rng, Board* b, const int8_t* q, int* size, int min_size, int tier,
                 GenStats* st) noexcept nogil
