"""The web app: every game in the browser, served locally (``wordsolver serve``).

A thin adapter like the CLI: :mod:`~wordsolver.web.api` parses requests into the models of
:mod:`~wordsolver.web.models`, :mod:`~wordsolver.web.service` calls the library, and the page in
``static/`` uses only that JSON API. Needs the ``web`` extra (FastAPI and uvicorn).
"""

from wordsolver.web.app import WebSettings, create_app

__all__ = ["WebSettings", "create_app"]
