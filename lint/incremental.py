"""A libcst module kept in chunks of top-level statements, so an edit re-parses only its chunk.

The language server lints on every keystroke; a full libcst parse of a 2,000-line file costs
about a quarter of a second, and the position metadata three times more. Top-level statements
are independent in Python's grammar: once the text before a line parses as a whole module, the
tokenizer is back at column 0 with nothing open, so the rest parses the same on its own. An
:class:`IncrementalModule` splits the text into chunks at such lines (each chunk parsed as its
own module), and on an update re-parses only the chunks the edit touches, reusing the nodes of
every other chunk.

A split candidate is a line that starts at column 0 with code; a wrong candidate (a line at
column 0 inside a triple-quoted string, say) always leaves the chunk before it unterminated, so
its parse fails and the chunk is extended to the next candidate. The result is the statements a
whole-file parse gives; ``module.code`` reproduces the text exactly (tested).
"""

from __future__ import annotations

import ast
import bisect
import dataclasses
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic, Edit, FileResult, Fix
from torchlint.lint.engine import lint_module
from torchlint.lint.parser import parse
from torchlint.lint.rule import Rule
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.settings import Settings
from torchlint.lint.source import Source, SourceError

# Smallest chunk worth a parse of its own: fewer, larger chunks cost less per parse call.
MIN_CHUNK_LINES = 12
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
# Lines that continue the statement before them even though they start at column 0.
_CONTINUATIONS = ("else", "elif", "except", "finally", ")", "]", "}", "@", "#")


def split_keep_ends(text: str) -> list[str]:
    return _LINE.findall(text)


@dataclass
class Chunk:
    start_line: int  # 1-based line of the chunk's first line in the document
    lines: list[str]
    module: cst.Module

    @property
    def line_count(self) -> int:
        return len(self.lines)


def _consistent(chunks: list[Chunk]) -> bool:
    """Whether the chunks' modules agree on the default newline, and on the default indent
    where it matters (a chunk with a compound statement)."""
    newlines = {c.module.default_newline for c in chunks}
    indents = {
        c.module.default_indent
        for c in chunks
        if any(isinstance(s, cst.BaseCompoundStatement) for s in c.module.body)
    }
    return len(newlines) <= 1 and len(indents) <= 1


def _is_candidate(lines: list[str], index: int) -> bool:
    line = lines[index]
    if not line or line[0] in " \t\r\n\f" or line.startswith(_CONTINUATIONS):
        return False
    # A decorator keeps the definition it decorates in its chunk.
    previous = index - 1
    while previous >= 0 and (not lines[previous].strip() or lines[previous].startswith("#")):
        previous -= 1
    return previous < 0 or not lines[previous].startswith("@")


class IncrementalModule:
    """The parsed module of one document, updated edit by edit."""

    def __init__(self, min_chunk_lines: int = MIN_CHUNK_LINES) -> None:
        self.min_chunk_lines = min_chunk_lines
        self.chunks: list[Chunk] = []
        self.lines: list[str] = []
        self.module: Optional[cst.Module] = None
        self.reparsed_lines = 0  # lines parsed by the last update (for tests and benchmarks)

    # -- updating --------------------------------------------------------------------------
    def update(self, text: str) -> cst.Module:
        """The module for ``text``; raises :class:`SourceError` (with document positions) when
        the text does not parse."""
        lines = split_keep_ends(text)
        if self.module is not None and lines == self.lines:
            self.reparsed_lines = 0
            return self.module
        # On a syntax error the last good state stays: the next edit is diffed against it.
        chunks = self._rechunk(lines)
        if not _consistent(chunks):
            # Blocks print with their module's default indent and newline, which libcst infers
            # per parse; chunks that disagree cannot share one module, so parse the text whole.
            chunks = [Chunk(1, lines, parse(Source(path="<document>", text="".join(lines))))]
            self.reparsed_lines = len(lines)
        self.chunks, self.lines = chunks, lines
        self.module = self._assemble()
        return self.module

    def _rechunk(self, lines: list[str]) -> list[Chunk]:
        old = self.chunks
        self.reparsed_lines = 0
        if not old:
            return self._parse_region(lines, 0, len(lines), set())
        prefix = 0
        limit = min(len(lines), len(self.lines))
        while prefix < limit and lines[prefix] == self.lines[prefix]:
            prefix += 1
        suffix = 0
        while (
            suffix < limit - prefix
            and lines[len(lines) - 1 - suffix] == self.lines[len(self.lines) - 1 - suffix]
        ):
            suffix += 1
        # Keep the chunks that end before the edit (not right against it: an indented line
        # typed there continues them) and the chunks that start after it; parse the rest.
        kept_before = [c for c in old if c.start_line - 1 + c.line_count < prefix]
        start = kept_before[-1].start_line - 1 + kept_before[-1].line_count if kept_before else 0
        shift = len(lines) - len(self.lines)
        old_suffix_start = len(self.lines) - suffix
        kept_after = {
            c.start_line - 1 + shift: c for c in old if c.start_line - 1 >= old_suffix_start
        }
        middle = self._parse_region(
            lines, start, min(kept_after, default=len(lines)), set(kept_after)
        )
        resume = middle[-1].start_line - 1 + middle[-1].line_count if middle else start
        after = []
        for new_start, chunk in sorted(kept_after.items()):
            if new_start >= resume:  # the region may have grown over some of them
                after.append(Chunk(new_start + 1, chunk.lines, chunk.module))
        return [*kept_before, *middle, *after]

    def _parse_region(
        self, lines: list[str], start: int, end: int, kept_starts: set[int]
    ) -> list[Chunk]:
        """Parse lines from ``start`` into chunks, up to ``end`` or, when the text there does
        not close, on to the next kept chunk start (or the end of the text)."""
        chunks: list[Chunk] = []
        position = start
        while position < len(lines) and not (position >= end and position in kept_starts):
            chunk = None
            for stop in self._stops(lines, position, kept_starts):
                text = "".join(lines[position:stop])
                try:
                    module = parse(Source(path="<chunk>", text=text))
                except SourceError as exc:
                    if stop < len(lines):
                        continue
                    line = exc.line + position if exc.line is not None else None
                    raise SourceError(exc.message, line, exc.column) from None
                self.reparsed_lines += stop - position
                chunk = Chunk(position + 1, lines[position:stop], module)
                break
            assert chunk is not None
            chunks.append(chunk)
            position += chunk.line_count
        return chunks

    def _stops(self, lines: list[str], position: int, kept_starts: set[int]) -> Iterator[int]:
        for index in range(position + self.min_chunk_lines, len(lines)):
            if index in kept_starts or _is_candidate(lines, index):
                yield index
        yield len(lines)

    def _assemble(self) -> cst.Module:
        """One module over every chunk's statements. Comments a chunk's parse put in its header
        or footer move to the next statement's leading lines, so the module prints the text."""
        body: list[cst.BaseStatement] = []
        pending: list[cst.EmptyLine] = []
        first = self.chunks[0].module if self.chunks else cst.Module(body=[])
        for index, chunk in enumerate(self.chunks):
            module = chunk.module
            statements = list(module.body)
            lead = [*pending, *(module.header if index else ())]
            if statements and lead:
                original = statements[0]
                statements[0] = original.with_changes(
                    leading_lines=[*lead, *original.leading_lines]
                )
                pending = []
            elif lead:
                pending = lead
            body.extend(statements)
            pending = [*pending, *module.footer]
        last = self.chunks[-1].module if self.chunks else first
        return first.with_changes(
            body=body,
            footer=pending,
            has_trailing_newline=last.has_trailing_newline,
        )


# -- linting ------------------------------------------------------------------------------------
def _shift(diagnostic: Diagnostic, lines: int) -> Diagnostic:
    if not lines:
        return diagnostic
    fix = diagnostic.fix
    if fix is not None:
        fix = Fix(
            fix.applicability,
            fix.message,
            tuple(
                Edit(e.line + lines, e.column, e.end_line + lines, e.end_column, e.content)
                for e in fix.edits
            ),
        )
    return dataclasses.replace(
        diagnostic, line=diagnostic.line + lines, end_line=diagnostic.end_line + lines, fix=fix
    )


def _map_fix(fix: Optional[Fix], origin: list[int]) -> Optional[Fix]:
    """A fix from context-text lines to document lines; None if an edit falls outside."""
    if fix is None:
        return None
    edits = []
    for e in fix.edits:
        if not (1 <= e.line <= len(origin) and 1 <= e.end_line <= len(origin)):
            return None
        edits.append(
            Edit(origin[e.line - 1], e.column, origin[e.end_line - 1], e.end_column, e.content)
        )
    return Fix(fix.applicability, fix.message, tuple(edits))


def _kept_lines(chunk: Chunk) -> list[int]:
    """0-based lines of a chunk that a partial lint keeps as context: top-level statements that
    are not definitions or blocks (imports, assignments), and file-level directives."""
    kept: set[int] = {
        n for n, line in enumerate(chunk.lines) if line.startswith("#") and "ignore-file" in line
    }
    try:
        tree = ast.parse("".join(chunk.lines))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return sorted(kept)
    for statement in tree.body:
        if not hasattr(statement, "body") and statement.end_lineno is not None:
            kept.update(range(statement.lineno - 1, statement.end_lineno))
    return sorted(kept)


class IncrementalLinter:
    """Lints one document edit by edit, re-linting only the top-level statements an edit touched.

    A *partial* lint re-lints the re-parsed chunks in the context of the file's imports and
    module-level assignments, and carries every other chunk's findings over from the last lint.
    It is exact for what a chunk says about itself; facts one function infers about another in
    a different chunk (the kinds of a helper's arguments at its call sites) are only as fresh as
    the last *full* lint, which the caller runs when the editor goes idle (``complete`` says
    which kind the last lint was).
    """

    def __init__(self) -> None:
        self.incremental = IncrementalModule()
        self.complete = False
        # id(chunk module) -> (module, the chunk's first line then, its findings then)
        self._by_chunk: dict[int, tuple[cst.Module, int, list[Diagnostic]]] = {}
        self._kept: dict[int, list[int]] = {}

    def lint(
        self,
        path: str,
        text: str,
        index: ProjectIndex,
        settings: Settings,
        rules: Sequence[type[Rule]],
        full: bool = False,
    ) -> FileResult:
        """Lint ``text``; raises :class:`SourceError` when it does not parse.

        A full lint first updates the file's summary in ``index``; a partial one keeps the
        summary of the last full lint (re-summarising costs more than the partial lint itself),
        so cross-file facts and graph regions are those of the last full lint until the next.
        """
        module = self.incremental.update(text)
        chunks = self.incremental.chunks
        fresh = [c for c in chunks if id(c.module) not in self._by_chunk]
        fresh_lines = sum(c.line_count for c in fresh)
        if (
            full
            or not self._by_chunk
            or path not in index.by_path
            or fresh_lines * 2 > len(self.incremental.lines)
        ):
            index.add_source(path, text)
            result = lint_module(path, Source(path=path, text=text), module, index, rules, settings)
            self.complete = True
        else:
            result = self._lint_partial(path, chunks, fresh, index, settings, rules)
            self.complete = False
        self._remember(chunks, result.diagnostics)
        return result

    def _lint_partial(
        self,
        path: str,
        chunks: list[Chunk],
        fresh: list[Chunk],
        index: ProjectIndex,
        settings: Settings,
        rules: Sequence[type[Rule]],
    ) -> FileResult:
        fresh_ids = {id(c.module) for c in fresh}
        # The context text: fresh chunks whole, other chunks' kept lines; and where each of its
        # lines is in the document.
        pieces: list[str] = []
        origin: list[int] = []  # 1-based document line of each context line
        for chunk in chunks:
            if id(chunk.module) in fresh_ids:
                numbers: Sequence[int] = range(chunk.line_count)
            else:
                numbers = self._kept[id(chunk.module)]
            for number in numbers:
                line = chunk.lines[number]
                pieces.append(line if line.endswith(("\n", "\r")) else line + "\n")
                origin.append(chunk.start_line + number)
        context = "".join(pieces)
        source = Source(path=path, text=context)
        try:
            partial = lint_module(path, source, parse(source), index, rules, settings)
        except SourceError:
            return lint_module(
                path,
                Source(path=path, text="".join(self.incremental.lines)),
                self.incremental.module or cst.Module(body=[]),
                index,
                rules,
                settings,
            )
        result = FileResult(path=path, errors=partial.errors)
        spans = [(c.start_line, c.start_line + c.line_count) for c in fresh]
        for diagnostic in partial.diagnostics:
            line = origin[diagnostic.line - 1] if diagnostic.line <= len(origin) else 0
            if not any(start <= line < end for start, end in spans):
                continue
            moved = _shift(diagnostic, line - diagnostic.line)
            moved.fix = _map_fix(diagnostic.fix, origin)
            result.diagnostics.append(moved)
        for chunk in chunks:
            if id(chunk.module) not in fresh_ids:
                _, start, found = self._by_chunk[id(chunk.module)]
                result.diagnostics.extend(_shift(d, chunk.start_line - start) for d in found)
        result.diagnostics.sort(key=Diagnostic.sort_key)
        return result

    def _remember(self, chunks: list[Chunk], diagnostics: list[Diagnostic]) -> None:
        by_chunk: dict[int, tuple[cst.Module, int, list[Diagnostic]]] = {
            id(c.module): (c.module, c.start_line, []) for c in chunks
        }
        starts = [c.start_line for c in chunks]
        for diagnostic in diagnostics:
            position = bisect.bisect_right(starts, diagnostic.line) - 1
            if position >= 0:
                by_chunk[id(chunks[position].module)][2].append(diagnostic)
        self._by_chunk = by_chunk
        # Context lines of every chunk, ready for the next partial lint.
        kept = {}
        for chunk in chunks:
            key = id(chunk.module)
            kept[key] = self._kept[key] if key in self._kept else _kept_lines(chunk)
        self._kept = kept
