"""The trees page's endpoints: open a tree file (or grow one), then fetch it a piece at a time.

A tree is opened once: the file is checked (every secret reached, every claim true) and laid out
(:class:`~wordsolver.tree.explore.TreeLayout`) in the server process, and kept under the hash of
its content among the few opened last. The page then asks only for the branches it shows, so a
tree of any size opens as fast as its first level. A tree the server no longer holds (it was
restarted, or opened too many others since) answers 404 and the page sends the file again.
Growing a tree is slow work for the search lane; opening one is the large lane's, since it may
load a matrix; fetching branches is the quick lane's.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import partial
from typing import Annotated, Any, cast

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import BaseModel, Field

from wordsolver.evaluation import Evaluation
from wordsolver.plans import TreePlan
from wordsolver.plumbing.digests import sha256_hex
from wordsolver.search import SearchLimit
from wordsolver.tree import DecisionTree, TreeFileError, check_tree
from wordsolver.tree.explore import LaidOutNode, TreeLayout
from wordsolver.tree.storage import parse_tree_document, tree_document, tree_from_document
from wordsolver.web import service
from wordsolver.web.api import LanesDependency
from wordsolver.web.limits import Deadline
from wordsolver.web.models import PlayRequest, Word

#: The route a tree file is sent to as the raw body (it may be larger than other bodies).
TREES_PATH = "/api/trees"
#: Trees kept open at once; the one used longest ago is dropped first.
OPEN_TREES = 8
#: Levels below a node one request may ask for.
MAX_DEPTH = 4

router = APIRouter(prefix="/api")


class TreeNodeOut(BaseModel):
    """A node as the page draws it; ``children`` are numbers, fetched when expanded."""

    number: int
    guess: str
    edge: str | None = Field(description="the feedback that led here (None at the root)")
    parent: int | None
    depth: int
    reach: int = Field(description="secrets that reach this guess")
    solves: bool = Field(description="one of them is this guess itself")
    children: list[int]


class TreeNodes(BaseModel):
    """Some nodes of an open tree, parents first."""

    tree: str
    nodes: list[TreeNodeOut]


class TreePath(TreeNodes):
    """The nodes from the root to where a secret is solved, with the children of each."""

    secret: str
    path: list[int]


class OpenedTree(TreeNodes):
    """An open tree: what it was built for, its numbers, and its first two levels."""

    game: str
    lists: str
    strategy: str
    options: dict[str, Any]
    proven: bool
    size: int
    total: int
    mean: float
    worst: int
    losses: int
    max_tries: int | None
    distribution: dict[str, int] = Field(description="guesses needed -> number of secrets")


class BuildRequest(PlayRequest):
    """Grow a strategy's tree for a built-in game (small games take seconds)."""

    words: None = Field(None, description="trees are grown for a game's own lists")


@dataclass(frozen=True, slots=True)
class OpenTree:
    """A checked tree, laid out, with the numbers the page shows."""

    key: str
    layout: TreeLayout
    summary: dict[str, Any]


class TreeStore:
    """The trees opened last, by the hash of their document; safe to use from any thread."""

    def __init__(self, capacity: int = OPEN_TREES) -> None:
        self.capacity = capacity
        self._trees: OrderedDict[str, OpenTree] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> OpenTree:
        """The open tree, or 404 when the server does not hold it (any more)."""
        with self._lock:
            tree = self._trees.get(key)
            if tree is not None:
                self._trees.move_to_end(key)
        if tree is None:
            raise HTTPException(404, f"no open tree {key}: open its file again")
        return tree

    def add(self, tree: OpenTree) -> None:
        """Keep the tree, dropping the one used longest ago when full."""
        with self._lock:
            self._trees[tree.key] = tree
            self._trees.move_to_end(tree.key)
            while len(self._trees) > self.capacity:
                self._trees.popitem(last=False)


def _store(request: Request) -> TreeStore:
    return cast(TreeStore, request.app.state.trees)


def node_json(node: LaidOutNode) -> dict[str, Any]:
    """A laid-out node as the API sends it."""
    return {
        "number": node.number,
        "guess": node.guess,
        "edge": node.edge,
        "parent": node.parent,
        "depth": node.depth,
        "reach": node.reach,
        "solves": node.solves,
        "children": node.children,
    }


def open_document(document: dict[str, Any], name: str, deadline: Deadline) -> OpenTree:
    """Check and lay out a tree document for its built-in game and list set."""
    recorded = document["game"]
    game, lists = recorded.get("name"), recorded.get("lists")
    if lists == "custom" or not isinstance(game, str) or not isinstance(lists, str):
        raise TreeFileError(
            f"{name}: made for its own word lists; the web page opens trees of built-in games"
        )
    matrix = service.builtin_matrix(game, lists)
    tree = tree_from_document(document, matrix, name)
    check_tree(tree, document)
    deadline.check()
    canonical = json.dumps(document, sort_keys=True, ensure_ascii=False).encode()
    return OpenTree(sha256_hex(canonical)[:16], TreeLayout.of(tree), _summary(tree))


def _summary(tree: DecisionTree) -> dict[str, Any]:
    numbers = Evaluation.of_tree(tree).to_json()
    return {
        "game": numbers["game"],
        "lists": tree.matrix.game.lists,
        "strategy": tree.strategy,
        "options": tree.options,
        "proven": tree.proven,
        "size": tree.size,
        **{key: numbers[key] for key in ("total", "mean", "worst", "losses", "max_tries")},
        "distribution": numbers["distribution"],
    }


def _opened(store: TreeStore, tree: OpenTree) -> dict[str, Any]:
    store.add(tree)
    nodes = tree.layout.below(0, 1)
    return {"tree": tree.key, **tree.summary, "nodes": [node_json(node) for node in nodes]}


def _open_bytes(data: bytes, deadline: Deadline) -> OpenTree:
    return open_document(parse_tree_document(data, "the tree file"), "the tree file", deadline)


def grow_document(request: BuildRequest, deadline: Deadline) -> dict[str, Any]:
    """Build the request's strategy's tree (the exact search's within the time left, for a
    strategy that builds it so) and return it as a tree file's document."""
    player = service.player_for(request, deadline)
    plan = TreePlan(player.strategy, player.options, SearchLimit(seconds=deadline.remaining()))
    tree = plan.tree(player.matrix, progress=deadline.check, proof_progress=deadline.check)
    return tree_document(tree)


@router.post(
    TREES_PATH.removeprefix("/api"),
    response_model=OpenedTree,
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"type": "object"}}},
        }
    },
)
async def open_tree(request: Request, lanes: LanesDependency) -> dict[str, Any]:
    """Open a tree file sent as the raw body (made by ``wordsolver tree build``)."""
    data = await request.body()
    if not data:
        raise HTTPException(400, "send the tree file itself as the request body")
    tree = await lanes.large.run(partial(_open_bytes, data))
    return _opened(_store(request), tree)


@router.post("/trees/build", response_model=OpenedTree)
async def build_tree(
    body: BuildRequest, request: Request, lanes: LanesDependency
) -> dict[str, Any]:
    """Grow a strategy's tree (``wordsolver tree build``) and open it."""
    document = await lanes.search.run(partial(grow_document, body))
    tree = await lanes.large.run(partial(open_document, document, "the grown tree"))
    return _opened(_store(request), tree)


TreeKey = Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]


@router.get("/trees/{tree}/nodes/{node}", response_model=TreeNodes)
def tree_nodes(
    tree: TreeKey,
    node: int,
    request: Request,
    depth: Annotated[int, Query(ge=0, le=MAX_DEPTH)] = 1,
) -> dict[str, Any]:
    """A node of an open tree and its descendants ``depth`` levels down."""
    opened = _store(request).get(tree)
    return {"tree": tree, "nodes": [node_json(n) for n in opened.layout.below(node, depth)]}


@router.get("/trees/{tree}/path", response_model=TreePath)
def tree_path(tree: TreeKey, request: Request, secret: Annotated[Word, Query()]) -> dict[str, Any]:
    """How the tree solves a secret: the path to it, with the children of every node on it."""
    opened = _store(request).get(tree)
    word = secret.strip().lower()
    path = opened.layout.path_to(word)
    seen: dict[int, LaidOutNode] = {}
    for number in path:
        for laid in opened.layout.below(number, 1):
            seen.setdefault(laid.number, laid)
    return {
        "tree": tree,
        "secret": word,
        "path": path,
        "nodes": [node_json(n) for n in seen.values()],
    }
