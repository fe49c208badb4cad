"""The compiled search core (C++), built with the package: everything else is in pyproject.toml."""

from setuptools import Extension, setup

ENGINE = "src/wordsolver/search/engine"

setup(
    ext_modules=[
        Extension(
            "wordsolver.search._engine",
            sources=[f"{ENGINE}/module.cpp"],
            depends=[
                f"{ENGINE}/{name}.hpp"
                for name in ("arena", "first", "frame", "hard", "memo", "scan", "search")
            ],
            language="c++",
            extra_compile_args=["-std=c++17", "-O3"],
        )
    ]
)
