"""The compiled parts (C++), built with the package: everything else is in pyproject.toml.

The extension ``wordsolver.search._engine`` (the exact search) is compiled from
``search/engine/module.cpp`` (its headers beside it), and ``wordsolver._partition_split`` (how
guesses split the candidates) from ``partition_split.cpp``, whenever the package is installed,
editable or not; a C++17 compiler is needed (g++ or clang++), and without one the install stops
with a message that says so.
"""

import os
import shutil
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ENGINE = "src/wordsolver/search/engine"


class BuildEngine(build_ext):
    """build_ext that first checks a C++ compiler exists and says plainly when it does not."""

    def run(self) -> None:
        compiler = (os.environ.get("CXX") or sysconfig.get_config_var("CXX") or "c++").split()[0]
        if not any(shutil.which(name) for name in (compiler, "c++", "g++", "clang++")):
            raise SystemExit(
                "error: wordsolver's kernels are C++ compiled at install time, and no C++ "
                "compiler was found: install one (Debian/Ubuntu: apt-get install g++) and retry"
            )
        super().run()


setup(
    ext_modules=[
        Extension(
            "wordsolver.search._engine",
            sources=[f"{ENGINE}/module.cpp"],
            depends=sorted(str(path) for path in Path(ENGINE).glob("*.hpp")),
            language="c++",
            extra_compile_args=["-std=c++17", "-O3"],
        ),
        Extension(
            "wordsolver._partition_split",
            sources=["src/wordsolver/partition_split.cpp"],
            language="c++",
            extra_compile_args=["-std=c++17", "-O3", "-pthread"],
            extra_link_args=["-pthread"],
        ),
    ],
    cmdclass={"build_ext": BuildEngine},
)
