"""libcst trees kept for the length of one run, so a file is parsed once, not once per use.

A model of another file built on demand (``other_facts`` in ``model.py``, for cross-file
kinds) needs that file's tree; the file's own lint needs it too, before or after. Only files
with graph code are ever asked for, so the engine keeps theirs; the oldest go past a budget
in characters of source (a tree costs about 19 bytes per character: 1 M characters keep about
20 MB of trees), least recently used first.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst


class ParsedTrees:
    def __init__(self, budget_chars: int = 1_000_000) -> None:
        self.budget_chars = budget_chars
        self._trees: dict[str, tuple[str, cst.Module]] = {}
        self._chars = 0

    def get(self, path: str, text: str) -> Optional[cst.Module]:
        """The tree of ``path`` when it was parsed from this very text."""
        entry = self._trees.get(path)
        if entry is None or entry[0] != text:
            return None
        self._trees[path] = self._trees.pop(path)  # least recently used go first
        return entry[1]

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
