"""Optional dependencies: imported when first needed, with an error naming the extra to install.

Imported by name so that the rest of the package, and type checking, work without them. The
``ocr`` extra brings Pillow and pytesseract (screenshots), ``plots`` matplotlib (figures, heat
maps and study charts), ``notebook`` pandas, tqdm, ipywidgets and matplotlib (results as
DataFrames, progress bars, figures), ``web`` FastAPI and uvicorn (``serve``), ``weights``
wordfreq (secret weights by word frequency). This is the one place that says so.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from wordsolver.errors import WordsolverError


def available(module: str) -> bool:
    """Whether ``module`` can be imported (without importing it).

    >>> available("json"), available("no_such_module_here")
    (True, False)
    """
    return importlib.util.find_spec(module) is not None


def require(module: str, purpose: str, extra: str) -> ModuleType:
    """Import ``module`` or raise an error saying what needs it and which extra installs it.

    >>> require("json", "reading JSON", "none").__name__
    'json'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        raise WordsolverError(
            f"{purpose} needs the Python package {top!r}: pip install 'wordsolver[{extra}]'"
        ) from None
