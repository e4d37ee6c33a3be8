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
    SYM_NONE = 5        # no symmetry: the loose family's (each cell its own image)

cdef enum:
    # The composition families (levels.FAMILIES names them, in this order).
    FAMILY_STROKES = 0  # a background, strokes and shapes under a symmetry (compose)
    FAMILY_MOTIF = 1    # the same around a motif
    FAMILY_FRAMES = 2   # concentric rings cut into arcs, a block at the centre
    FAMILY_SPIRAL = 3   # one spiral path cut into runs
    FAMILY_STRIPES = 4  # bands across the board, cut straight
    FAMILY_CROSS = 5    # a plus across the board, its four corners cut alike
    FAMILY_ISLANDS = 6  # one large background with small islands and edge strips
    FAMILY_BLOCKS = 7   # rectangles, mostly one half mirrored onto the other
    FAMILY_LOOSE = 8    # strokes and shapes under no symmetry
    FAMILIES = 9


cdef void symmetry_map(int n, int kind, int* sym) noexcept nogil
cdef bint compose(Rng* rng, int n, int kind, const int8_t* motif, int min_size,
                  int8_t* grid, int* size) noexcept nogil
cdef bint compose_family(Rng* rng, int n, int family, int kind, const int8_t* motif,
                         int min_size, int singles, int8_t* grid, int* size) noexcept nogil
