"""libcst trees kept for the length of one run, so a file is parsed once, not once per use.

A model of another file built on demand (``other_facts`` in ``model.py``, for cross-file
kinds) needs that file's tree; when that file is linted later in the run, its lint takes the
same tree. (A file linted first needs no model built on demand: its own model's facts stay in
the index.) The trees are held within a budget in characters of source (a tree costs about 26
bytes per character: 1 M characters keep about 26 MB of trees). The run's lint order is known,
so the trees kept are those whose lints come soonest (the tree needed furthest ahead goes
first, as in Belady's cache), and a model whose tree could not be kept until its lint parses
only the file's graph functions instead (``skeleton.py``): on the whole transformers tree,
105 of 121 whole-file parses for models were parsed again by their lints a thousand files
later.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    import libcst as cst


class ParsedTrees:
    def __init__(self, budget_chars: int = 1_000_000, lint_order: Iterable[str] = ()) -> None:
        self.budget_chars = budget_chars
        # The place of each file the run lints, in lint order; and the place of the file being
        # linted now (a tree whose lint is past is never taken).
        self.places = {path: place for place, path in enumerate(lint_order)}
        self.now = 0
        self._trees: dict[str, tuple[str, cst.Module]] = {}
        self._chars = 0

    def keeps(self, path: str, chars: int) -> bool:
        """Whether a tree of ``path`` (``chars`` characters of source) would be kept until the
        file's lint takes it: the trees of the lints that come sooner leave room for it."""
        place = self.places.get(path)
        if place is None or place < self.now or chars > self.budget_chars:
            return False
        sooner = sum(len(text) for p, (text, _) in self._trees.items() if self._place(p) < place)
        return sooner + chars <= self.budget_chars

    def get(self, path: str, text: str) -> Optional[cst.Module]:
        """The tree of ``path`` when it was parsed from this very text."""
        entry = self._trees.get(path)
        if entry is None or entry[0] != text:
            return None
        return entry[1]

    def take(self, path: str, text: str) -> Optional[cst.Module]:
        """The tree of ``path`` for its own lint, its last use: it is kept no longer."""
        self.now = max(self.now, self.places.get(path, self.now))
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
        for passed in [p for p in self._trees if self._place(p) < self.now]:
            self._chars -= len(self._trees.pop(passed)[0])  # linted (in another worker)
        self._trees[path] = (text, module)
        self._chars += len(text)
        while self._chars > self.budget_chars:
            furthest = max(self._trees, key=self._place)
            self._chars -= len(self._trees.pop(furthest)[0])

    def _place(self, path: str) -> float:
        """A tree's place in the lint order; a file the run does not lint comes last."""
        return self.places.get(path, float("inf"))
