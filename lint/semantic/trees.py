"""libcst trees kept for the length of one run, so a file is parsed once, not once per use.

A model of another file built on demand (``other_facts`` in ``model.py``, for cross-file
kinds) needs that file's tree; when that file is linted later in the run, its lint takes the
same tree. (A file linted first needs no model built on demand: its own model's facts stay in
the index.) The oldest go past a budget in characters of source (a tree costs about 26 bytes
per character: 1 M characters keep about 26 MB of trees), least recently used first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    import libcst as cst


class ParsedTrees:
    def __init__(self, budget_chars: int = 1_000_000, to_lint: Iterable[str] = ()) -> None:
        self.budget_chars = budget_chars
        # The files the run lints later: a model of one of them parses its whole text, for
        # its lint to take (a model of any other file parses only its graph functions).
        self.to_lint = frozenset(to_lint)
        self._trees: dict[str, tuple[str, cst.Module]] = {}
        self._chars = 0

    def get(self, path: str, text: str) -> Optional[cst.Module]:
        """The tree of ``path`` when it was parsed from this very text."""
        entry = self._trees.get(path)
        if entry is None or entry[0] != text:
            return None
        self._trees[path] = self._trees.pop(path)  # least recently used go first
        return entry[1]

    def take(self, path: str, text: str) -> Optional[cst.Module]:
        """The tree of ``path`` for its own lint, its last use: it is kept no longer."""
        found = self.get(path, text)
        if found is not None:
            self._chars -= len(self._trees.pop(path)[0])
        return found

    def put(self, path: str, text: str, module: cst.Module) -> None:
        previous = self._trees.pop(path, None)
        if previous is not None:
            self._chars -= len(previous[0])
        if len(text) > self.budget_chars:
            return
        self._trees[path] = (text, module)
        self._chars += len(text)
        while self._chars > self.budget_chars:
            oldest = next(iter(self._trees))
            self._chars -= len(self._trees.pop(oldest)[0])
