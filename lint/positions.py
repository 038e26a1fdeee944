"""Source positions of reported nodes, without computing positions for the whole file.

libcst's ``PositionProvider`` generates code for the whole module and costs more than twice the
parse. A finding only needs the range of one node, so this finds the statement that encloses
it, generates positions for that statement alone (a compound statement with its body cut
away), and shifts them by the statement's line (from the standard library's ``ast``, which
knows every statement's line) and indentation. Anything unusual falls back to the full
``PositionProvider``, computed once per file.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Optional

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, PositionProvider

from torchlint.lint.semantic.summary import FileSummary, statement_lines
from torchlint.lint.source import python_tree, source_lines

_MINIMAL_BODY = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[cst.Pass()])])


class _Positions(PositionProvider):
    """libcst's ``PositionProvider`` run without a ``MetadataWrapper``: resolving through a
    wrapper also walks the whole module with a batched visitor, even when no batchable
    provider is asked for, and that walk cost as much as the code generation itself."""

    def of(self, module: cst.Module) -> dict[cst.CSTNode, CodeRange]:
        self._computed = {}  # where the provider's code generation records each range
        self._gen_impl(module)
        return self._computed  # type: ignore[return-value]


def node_positions(module: cst.Module) -> dict[cst.CSTNode, CodeRange]:
    """The range of every node of ``module`` (which must hold each node once)."""
    return _Positions().of(module)


class PositionFinder:
    """``summary``: the index's summary of this very text, when there is one. Its line table of
    every statement (``FileSummary.statement_lines``) then numbers a statement's line, mapped
    for its top-level statement alone; without one, the text is parsed by ``ast`` for it."""

    def __init__(
        self, module: cst.Module, text: str, summary: Optional[FileSummary] = None
    ) -> None:
        self.module = module
        self.text = text
        self._full: Optional[dict[cst.CSTNode, CodeRange]] = None
        self._full_failed = False
        self._statement_lines: Optional[dict[int, int]] = None
        self._top_lines = summary.top_lines if summary is not None else None
        self._table = summary.statement_lines if summary is not None else None
        # Lines of statements within the top-level statements mapped so far, by the id of the
        # top-level statement (None: they did not map; the whole file is parsed).
        self._lines_within: dict[int, Optional[dict[int, int]]] = {}
        self._top_index: Optional[dict[int, tuple[int, int]]] = None
        self._local: dict[tuple[int, bool], Optional[dict[cst.CSTNode, CodeRange]]] = {}
        self._source_lines: Optional[list[str]] = None

    def position(
        self, node: cst.CSTNode, statements: Sequence[tuple[cst.CSTNode, str]]
    ) -> CodeRange:
        """Range of ``node``; ``statements`` are the statements enclosing it, innermost last,
        each with its indentation."""
        if self._full is None and statements:
            statement, indent = statements[-1]
            found = self._statement_local(node, statement, indent, statements[0][0])
            if found is not None:
                return found
        full = self._full_positions()
        if full is None:
            # Too deeply nested for libcst's (recursive) code generator: the start of the
            # innermost statement the line table knows is the best position there is.
            for statement, indent in reversed(statements):
                line = self.statement_line(statement)
                if line is not None:
                    start = CodePosition(line, len(indent))
                    return CodeRange(start, start)
            raise RecursionError("too deeply nested to find a position")
        return full[node]

    def statement_line(self, statement: cst.CSTNode) -> Optional[int]:
        """First line of a statement (its first decorator's, for a decorated definition), not
        counting the blank and comment lines before it; None if unknown."""
        if self._statement_lines is None and self._top_lines is not None:
            top = self._top_position(statement)
            if top is not None:  # a top-level statement: the summary knows its line
                return self._top_lines[top[0]]
            for lines in self._lines_within.values():
                if lines is not None and id(statement) in lines:
                    return lines[id(statement)]
        lines = self._lines()
        return lines.get(id(statement)) if lines else None

    def _full_positions(self) -> Optional[dict[cst.CSTNode, CodeRange]]:
        """Positions of every node, or None when the tree is too deep to generate code for
        (libcst then fails inside its position bookkeeping with a KeyError or IndexError)."""
        if self._full is None and not self._full_failed:
            try:
                self._full = node_positions(self.module)
            except (RecursionError, KeyError, IndexError):
                self._full_failed = True
        return self._full

    def _statement_local(
        self, node: cst.CSTNode, statement: cst.CSTNode, indent: str, top: cst.CSTNode
    ) -> Optional[CodeRange]:
        lines = self._lines_in(top)
        if lines is None or id(statement) not in lines:
            return None
        # Try the header alone first; a node outside it (the statement itself, a body block)
        # needs the whole statement generated.
        found = None
        for whole in (False, True):
            local = self._local_positions(statement, whole, indent)
            found = local.get(node) if local is not None else None
            if found is not None:
                break
        if found is None:
            return None
        first = lines[id(statement)]
        # Local line 1 is the holder ``if 1:`` when the statement is indented, then the
        # statement's leading blank and comment lines.
        shift = first - 1 - len(getattr(statement, "leading_lines", ())) - (1 if indent else 0)
        elif_offset = 0
        if isinstance(statement, cst.If) and self._source_line(first).lstrip().startswith("elif"):
            elif_offset = 2  # generated alone, an ``elif`` prints as ``if``
        return CodeRange(
            _shifted(found.start, shift, first, elif_offset, len(indent)),
            _shifted(found.end, shift, first, elif_offset, len(indent)),
        )

    def _local_positions(
        self, statement: cst.CSTNode, whole: bool, indent: str
    ) -> Optional[dict[cst.CSTNode, CodeRange]]:
        key = (id(statement), whole)
        if key not in self._local:
            replica = statement if whole else _header_only(statement)
            if indent:
                # Nest it under a one-line holder so every line gets its real indentation.
                replica = cst.If(
                    test=cst.Integer("1"), body=cst.IndentedBlock(body=[replica], indent=indent)
                )
            try:
                self._local[key] = node_positions(
                    cst.Module(body=[replica], default_indent=self.module.default_indent)
                )
            except Exception:
                self._local[key] = None
        return self._local[key]

    def _source_line(self, line: int) -> str:
        if self._source_lines is None:
            self._source_lines = source_lines(self.text)
        return self._source_lines[line - 1] if 0 < line <= len(self._source_lines) else ""

    def _lines_in(self, top: cst.CSTNode) -> Optional[dict[int, int]]:
        """First lines of the statements within the top-level statement ``top``."""
        if self._statement_lines is not None or self._top_lines is None:
            return self._lines()
        key = id(top)
        if key not in self._lines_within:
            self._lines_within[key] = self._map_top(top)
        return self._lines_within[key] or self._lines()

    def _top_position(self, statement: cst.CSTNode) -> Optional[tuple[int, int]]:
        """Index of a top-level statement's first ``ast`` statement, and how many it holds
        (``a = 1; b = 2`` is one libcst statement, two ``ast`` ones); None for others."""
        if self._top_index is None:
            self._top_index = {}
            position = 0
            for top in self.module.body:
                count = len(top.body) if isinstance(top, cst.SimpleStatementLine) else 1
                self._top_index[id(top)] = (position, count)
                position += count
            if self._top_lines is not None and position != len(self._top_lines):
                self._top_lines = None  # not the text the summary was made of
        return self._top_index.get(id(statement)) if self._top_lines is not None else None

    def _map_top(self, top: cst.CSTNode) -> Optional[dict[int, int]]:
        found = self._top_position(top)
        if found is None or self._top_lines is None or self._table is None:
            return None
        position, count = found
        table, following = self._table, position + count
        # The table's lines never decrease, and a top-level statement's lines are its own.
        start = bisect_left(table, self._top_lines[position])
        end = (
            bisect_left(table, self._top_lines[following])
            if following < len(self._top_lines)
            else len(table)
        )
        lines: dict[int, int] = {}
        try:
            if _map_block([top], table, start, lines) != end:
                return None
        except (IndexError, RecursionError):
            return None
        return lines

    def _lines(self) -> Optional[dict[int, int]]:
        if self._statement_lines is None:
            tree = python_tree(self.text)
            lines: dict[int, int] = {}
            if tree is not None:
                table = statement_lines(tree.body)
                try:
                    if _map_block(self.module.body, table, 0, lines) != len(table):
                        lines = {}
                except (IndexError, RecursionError):
                    lines = {}
            self._statement_lines = lines
        return self._statement_lines or None


def _shifted(
    position: CodePosition, shift: int, first: int, elif_offset: int, indent: int
) -> CodePosition:
    line = position.line + shift
    # Past the keyword, an ``elif`` line is two characters wider than the ``if`` generated.
    after_keyword = line == first and position.column > indent
    return CodePosition(line, position.column + elif_offset if after_keyword else position.column)


def _header_only(statement: cst.CSTNode) -> cst.CSTNode:
    """The statement with its indented bodies replaced by ``pass`` (nodes in the header keep
    their identity), so generating its positions costs only the header."""
    if isinstance(statement, cst.SimpleStatementLine) or isinstance(
        statement, (cst.Try, cst.TryStar)
    ):
        return statement
    changes: dict[str, object] = {}
    if isinstance(getattr(statement, "body", None), cst.IndentedBlock):
        changes["body"] = _MINIMAL_BODY
    if isinstance(statement, (cst.If, cst.For, cst.While)):
        changes["orelse"] = None
    return statement.with_changes(**changes) if changes else statement


def _map_block(
    statements: Sequence[cst.CSTNode], table: Sequence[int], at: int, lines: dict[int, int]
) -> int:
    """Record the first line of each libcst statement from ``table`` (``statement_lines``),
    read from ``at`` on in the same order; returns where the statements' entries end. A line
    of ``a = 1; b = 2`` is one libcst statement, two entries."""
    for statement in statements:
        lines[id(statement)] = table[at]
        if isinstance(statement, cst.SimpleStatementLine):
            at += len(statement.body)
        else:
            at = _map_children(statement, table, at + 1, lines)
    return at


def _map_suite(suite: cst.BaseSuite, table: Sequence[int], at: int, lines: dict[int, int]) -> int:
    if isinstance(suite, cst.IndentedBlock):
        return _map_block(suite.body, table, at, lines)
    return at + len(suite.body)  # ``if x: a; b``: statements on the header's line


def _map_children(
    statement: cst.CSTNode, table: Sequence[int], at: int, lines: dict[int, int]
) -> int:
    """The blocks of a compound statement, in the order of ``statement_lines``."""
    if isinstance(statement, (cst.If, cst.For, cst.While)):
        at = _map_suite(statement.body, table, at, lines)
        orelse = statement.orelse
        if isinstance(orelse, cst.If):
            return _map_block([orelse], table, at, lines)
        return _map_suite(orelse.body, table, at, lines) if orelse is not None else at
    if isinstance(statement, (cst.Try, cst.TryStar)):
        at = _map_suite(statement.body, table, at, lines)
        for handler in statement.handlers:
            at = _map_suite(handler.body, table, at, lines)
        for block in (statement.orelse, statement.finalbody):
            if block is not None:
                at = _map_suite(block.body, table, at, lines)
        return at
    if isinstance(statement, cst.Match):
        for case in statement.cases:
            at = _map_suite(case.body, table, at, lines)
        return at
    return _map_suite(statement.body, table, at, lines)  # def, class, with
