"""Compiles the engine's Cython modules; QUEENS_DEBUG=1 turns bounds checks back on."""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("QUEENS_DEBUG", "") not in ("", "0")

extensions = [
    Extension(
        f"generator_ext.{name}",
        [f"generator_ext/{name}.pyx"],
        extra_compile_args=["-O3"] if not DEBUG else ["-O0", "-g"],
    )
    for name in ("_core", "_search", "_solver", "_deduce", "_generate")
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": 3,
            "boundscheck": DEBUG,
            "wraparound": DEBUG,
            "initializedcheck": DEBUG,
            "cdivision": not DEBUG,
        },
    ),
)
