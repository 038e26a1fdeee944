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

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Optional

import libcst as cst

from torchlint.lint.source import Source, SourceError, parse

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
