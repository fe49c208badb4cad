"""Optional dependencies: imported when first needed, with an error naming the extra to install.

Imported by name so that the rest of the package, and type checking, work without them. The
``ocr`` extra brings Pillow and pytesseract (screenshots), ``plots`` brings matplotlib (heat maps).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from wordsolver.errors import WordsolverError


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
