"""Compiles the engine's Cython modules; QUEENS_DEBUG=1 turns bounds checks back on."""

import os
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

DEBUG = os.environ.get("QUEENS_DEBUG", "") not in ("", "0")
# Bit counts are the hot loops' staple: without this x86-64 compilers call a library routine
# for each one. Every x86-64 processor of the last fifteen years has the instruction.
NATIVE_POPCOUNT = ["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else []

extensions = [
    Extension(
        f"generator_ext.{name}",
        [f"generator_ext/{name}.pyx"],
        extra_compile_args=(["-O3"] if not DEBUG else ["-O0", "-g"]) + NATIVE_POPCOUNT,
    )
    for name in ("_core", "_search", "_stars", "_stars_logic", "_stars_steps", "_solver",
                 "_marks", "_deduce", "_deduce_api", "_plant", "_naive", "_grow", "_repair",
                 "_compose", "_design", "_generate")
]



class BuildOnEveryCore(build_ext):
    """The modules compiled side by side (gcc -O3 takes seconds each; one at a time the build
    took over a minute of a newcomer's `make install` and of the wheel test)."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1


setup(
    cmdclass={"build_ext": BuildOnEveryCore},
    ext_modules=cythonize(
        extensions,
        nthreads=os.cpu_count() or 1,
        compiler_directives={
            "language_level": 3,
            "boundscheck": DEBUG,
            "wraparound": DEBUG,
            "initializedcheck": DEBUG,
            "cdivision": not DEBUG,
        },
    ),
)
