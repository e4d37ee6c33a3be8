# Compositions: near-symmetric region layouts (a background, strokes, shapes and motifs)
# drawn before any queen is placed, for the design-led generator.
from libc.stdint cimport int8_t

from generator_ext._core cimport MAX_N
from generator_ext._rng cimport Rng

cdef enum:
    # The symmetries a composition is laid out under (the "style" picks among them).
    SYM_MIRROR = 0      # left-right mirror
    SYM_FLIP = 1        # top-bottom mirror
    SYM_DIAGONAL = 2    # flip across the main diagonal
    SYM_ANTIDIAGONAL = 3
    SYM_TURN = 4        # half turn
    SYM_KINDS = 5


cdef void symmetry_map(int n, int kind, int* sym) noexcept nogil
cdef bint compose(Rng* rng, int n, int kind, const int8_t* motif, int min_size,
                  int8_t* grid, int* size) noexcept nogil
