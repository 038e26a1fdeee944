"""Jupyter notebooks: a notebook's code cells, linted as one module, findings mapped to cells.

A notebook runs its cells top to bottom in one namespace, so its code cells form one module:
later cells see earlier imports and classes. The module text puts a marker comment before each
code cell (``# torchlint-cell N``); IPython syntax the Python parser does not know (line magics
``%time``, shell escapes ``!pip``, help ``?obj``, and whole ``%%`` cell-magic cells) becomes a
placeholder statement (``pass  # torchlint-magic``) with the line's indentation, so line numbers
inside a cell stay the cell's own. Findings are reported as ``file.ipynb:cell N:line:col``:
``cell`` counts every cell of the notebook from 1 (markdown included, as they appear), and the
line is the line inside that cell.

Fixing: ``torchlint fix`` runs the usual fixer over :attr:`Notebook.text` and hands the result to
:func:`apply_to_notebook`, which splits it back at the markers, restores the magics, and rewrites
only the changed cells' ``source``: outputs, execution counts and metadata stay as they were.
"""

from __future__ import annotations

import ast
import bisect
import dataclasses
import difflib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from json.decoder import scanstring
from typing import Any, Optional

from torchlint.lint.diagnostics import Diagnostic, Edit, FileError, Fix, FrameKey
from torchlint.lint.source import Source, SourceError, decode

NOTEBOOK_SUFFIX = ".ipynb"
CELL_MARKER = "# torchlint-cell "
MAGIC_PLACEHOLDER = "pass  # torchlint-magic"
_MAGIC_PREFIXES = ("%", "!", "?")
_MARKER_LINE = re.compile(r"^# torchlint-cell (\d+)\r?\n?$")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def is_notebook(path: str) -> bool:
    return path.endswith(NOTEBOOK_SUFFIX)


@dataclass
class CodeCell:
    number: int  # 1-based position among all the notebook's cells
    marker_line: int  # 1-based line of this cell's marker in the module text
    lines: list[str]  # the cell's source lines, as written
    magic: list[bool]  # per line: replaced by a placeholder in the module text
    skipped: bool = False  # a %% cell magic or a cell that does not parse: not linted

    @property
    def first_line(self) -> int:
        return self.marker_line + 1


@dataclass
class Notebook:
    path: str
    data: dict[str, Any]
    raw: str
    cells: list[CodeCell] = field(default_factory=list)
    text: str = ""
    errors: list[FileError] = field(default_factory=list)

    @property
    def source(self) -> Source:
        return Source(path=self.path, text=self.text)

    def cell_at(self, line: int) -> Optional[CodeCell]:
        """The code cell holding module line ``line`` (None for a marker line)."""
        found = None
        for cell in self.cells:
            if cell.marker_line < line:
                found = cell
            else:
                break
        if found is None or line - found.first_line >= len(found.lines):
            return None
        return found

    def map_diagnostic(self, diagnostic: Diagnostic) -> Optional[Diagnostic]:
        """A module-text finding as a cell finding; None if it lies outside every cell."""
        cell = self.cell_at(diagnostic.line)
        if cell is None:
            return None
        offset = cell.marker_line
        end_line = diagnostic.end_line - offset
        end_column = diagnostic.end_column
        if end_line > len(cell.lines):  # a range running past the cell ends with it
            end_line = len(cell.lines)
            end_column = len(cell.lines[-1].rstrip("\r\n")) + 1
        return dataclasses.replace(
            diagnostic,
            line=diagnostic.line - offset,
            end_line=end_line,
            end_column=end_column,
            cell=cell.number,
            fix=self._map_fix(diagnostic.fix, cell),
        )

    def _map_fix(self, fix: Optional[Fix], cell: CodeCell) -> Optional[Fix]:
        """The fix in cell lines, when all its edits stay in the cell and off its magics
        (other fixes are still applied by ``torchlint fix`` through :func:`apply_to_notebook`)."""
        if fix is None:
            return None
        edits = []
        for edit in fix.edits:
            first, last = edit.line - cell.marker_line, edit.end_line - cell.marker_line
            if not (1 <= first <= len(cell.lines) and 1 <= last <= len(cell.lines)):
                return None
            if any(cell.magic[n - 1] for n in range(first, last + 1)):
                return None
            edits.append(Edit(first, edit.column, last, edit.end_column, edit.content))
        return Fix(fix.applicability, fix.message, tuple(edits))

    def code_lines(self, diagnostics: Sequence[Diagnostic]) -> dict[FrameKey, str]:
        """The code frames of cell findings: each one's line as the cell has it (magics
        included), by ``(cell, line)``."""
        cells = {cell.number: cell for cell in self.cells}
        frames: dict[FrameKey, str] = {}
        for d in diagnostics:
            cell = cells.get(d.cell) if d.cell is not None else None
            if cell is not None and 1 <= d.line <= len(cell.lines):
                frames[d.frame_key()] = cell.lines[d.line - 1].rstrip("\r\n")
        return frames

    def map_error(self, error: FileError) -> FileError:
        if error.line is None:
            return error
        cell = self.cell_at(error.line)
        if cell is None:
            return error
        return dataclasses.replace(
            error,
            message=f"cell {cell.number}: {error.message}",
            line=error.line - cell.marker_line,
        )


def _split_lines(text: str) -> list[str]:
    return _LINE.findall(text)


def _cell_source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _is_magic(line: str) -> bool:
    return line.lstrip().startswith(_MAGIC_PREFIXES)


def _placeholder(line: str) -> str:
    indent = line[: len(line) - len(line.lstrip())]
    return f"{indent}{MAGIC_PLACEHOLDER}\n"


def parse_notebook(path: str, raw: str) -> Notebook:
    """Read a notebook's JSON into its module text; raises :class:`SourceError` if it is not a
    notebook. Code cells that do not parse on their own are left out (and reported in
    ``errors``), so one broken cell does not hide the findings of the others."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise SourceError(f"not a valid notebook: {exc.msg}", exc.lineno, exc.colno) from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise SourceError("not a valid notebook: no `cells` list")
    notebook = Notebook(path=path, data=data, raw=raw)
    pieces: list[str] = []
    line = 1
    for number, cell in enumerate(data["cells"], start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        lines = _split_lines(_cell_source(cell))
        cell_magic = bool(lines) and lines[0].lstrip().startswith("%%")
        magic: list[bool] = []
        continued = False
        for text in lines:
            is_magic = cell_magic or continued or _is_magic(text)
            magic.append(is_magic)
            continued = is_magic and text.rstrip("\r\n").endswith("\\")
        if cell_magic:  # not Python at all: one unindented placeholder per line
            body = [f"{MAGIC_PLACEHOLDER}\n"] * len(lines)
        else:
            body = [_placeholder(t) if m else t for t, m in zip(lines, magic)]
        if body and not body[-1].endswith(("\n", "\r")):
            body[-1] += "\n"
        code_cell = CodeCell(number, line, lines, magic, skipped=cell_magic)
        if not cell_magic and not _parses(body):
            code_cell.skipped = True
            notebook.errors.append(
                FileError(path, f"cell {number}: syntax error; the cell is not linted")
            )
            body = [f"{MAGIC_PLACEHOLDER}\n"] * len(lines)
        pieces.append(f"{CELL_MARKER}{number}\n")
        pieces.extend(body)
        notebook.cells.append(code_cell)
        line += 1 + len(body)
    notebook.text = "".join(pieces)
    return notebook


def _parses(lines: Sequence[str]) -> bool:
    try:
        ast.parse("".join(lines))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def read_notebook(path: str) -> Notebook:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise SourceError("no such file") from None
    except OSError as exc:
        raise SourceError(f"cannot read: {exc.strerror or exc}") from None
    return parse_notebook(path, decode(path, data).text)


def map_result_diagnostics(
    notebook: Notebook, diagnostics: Sequence[Diagnostic], errors: Sequence[FileError]
) -> tuple[list[Diagnostic], list[FileError]]:
    """Findings and errors of the module text, in cell terms (plus the cells left out)."""
    mapped = [m for d in diagnostics if (m := notebook.map_diagnostic(d)) is not None]
    mapped.sort(key=Diagnostic.sort_key)
    return mapped, [*notebook.errors, *(notebook.map_error(e) for e in errors)]


def apply_to_notebook(notebook: Notebook, fixed_text: str) -> str:
    """The notebook JSON with its code cells replaced by their parts of ``fixed_text`` (the
    module text after fixes). Outputs, metadata and untouched cells stay as they were; text a
    fix put before the first cell (an import) joins the first code cell; a cell whose magic
    lines cannot be put back (a fix removed one) is left unchanged."""
    new_cells: dict[int, list[str]] = {}
    current: Optional[int] = None
    leading: list[str] = []
    for line in _split_lines(fixed_text):
        marker = _MARKER_LINE.match(line)
        if marker is not None:
            current = int(marker.group(1))
            new_cells[current] = []
        elif current is None:
            leading.append(line)
        else:
            new_cells[current].append(line)
    if leading and notebook.cells:
        first = notebook.cells[0].number
        new_cells[first] = [*leading, *new_cells.get(first, [])]
    cells = notebook.data["cells"]
    changed = False
    for cell in notebook.cells:
        if cell.skipped or cell.number not in new_cells:
            continue
        restored = _restore_magics(cell, new_cells[cell.number])
        if restored is None:
            continue
        if restored and cell.lines and not cell.lines[-1].endswith(("\n", "\r")):
            # The module text added a newline after the cell's last line; drop it again.
            restored[-1] = restored[-1].rstrip("\r\n")
        if restored == cell.lines:
            continue
        original = cells[cell.number - 1]
        text = "".join(restored)
        original["source"] = (
            _split_lines(text) if isinstance(original.get("source"), list) else text
        )
        changed = True
    if not changed:
        return notebook.raw
    return _dump_like(notebook.data, notebook.raw)


def _restore_magics(cell: CodeCell, lines: list[str]) -> Optional[list[str]]:
    magics = [text for text, is_magic in zip(cell.lines, cell.magic) if is_magic]
    restored = []
    for line in lines:
        if line.strip() == MAGIC_PLACEHOLDER:
            if not magics:
                return None
            restored.append(magics.pop(0))
        else:
            restored.append(line)
    return None if magics else restored


def _dump_like(data: dict[str, Any], raw: str) -> str:
    """JSON in the original file's style: its indentation, key order, non-ASCII kept, and its
    final newline."""
    indent_match = re.search(r"\n([ \t]+)\"", raw)
    indent: Any = indent_match.group(1) if indent_match else 1
    if isinstance(indent, str) and set(indent) == {" "}:
        indent = len(indent)
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return text + "\n" if raw.endswith("\n") else text


_BLANK = re.compile(r"[ \t\n\r]*")
_SCAN = json.JSONDecoder().scan_once


def _skip_blank(raw: str, at: int) -> int:
    match = _BLANK.match(raw, at)
    assert match is not None  # the pattern matches the empty string
    return match.end()


def _items(raw: str, at: int) -> list[tuple[Optional[str], int]]:
    """The members of the JSON object or array starting at ``at``: (key or None, offset of
    the value), each value skipped with the json module's own scanner."""
    closing = "}" if raw[at] == "{" else "]"
    items: list[tuple[Optional[str], int]] = []
    at = _skip_blank(raw, at + 1)
    if raw[at] == closing:
        return items
    while True:
        key = None
        if closing == "}":
            key, at = scanstring(raw, at + 1)
            at = _skip_blank(raw, at)
            if raw[at] != ":":
                raise ValueError("':' expected")
            at = _skip_blank(raw, at + 1)
        items.append((key, at))
        _, at = _SCAN(raw, at)
        at = _skip_blank(raw, at)
        if raw[at] == closing:
            return items
        if raw[at] != ",":
            raise ValueError("',' expected")
        at = _skip_blank(raw, at + 1)


def json_lines_of_cells(raw: str) -> dict[int, list[int]]:
    """For each cell (numbered from 1, as findings number them), the line of the notebook's
    JSON text that holds each line of the cell's source: where a cell finding is in the
    ``.ipynb`` file itself, for the outputs that annotate files (GitHub, SARIF, GitLab, JUnit).
    A source written as one string puts all its lines on one JSON line. Empty when ``raw`` is
    not a notebook."""
    try:
        top = dict(_items(raw, _skip_blank(raw, 0)))
        cells_at = top["cells"]
        if raw[cells_at] != "[":
            return {}
        newlines = [match.start() for match in re.finditer("\n", raw)]
        found: dict[int, list[int]] = {}
        for number, (_, cell_at) in enumerate(_items(raw, cells_at), start=1):
            source_at = dict(_items(raw, cell_at)).get("source") if raw[cell_at] == "{" else None
            if source_at is None:
                continue
            pieces = (
                [at for _, at in _items(raw, source_at)] if raw[source_at] == "[" else [source_at]
            )
            lines: list[int] = []
            line_open = False  # the previous piece ended inside a line
            for at in pieces:
                if raw[at] != '"':
                    raise ValueError("a source piece that is no string")
                text, _ = scanstring(raw, at + 1)
                json_line = bisect.bisect_left(newlines, at) + 1
                for line in _split_lines(text):
                    if not line_open:
                        lines.append(json_line)
                    line_open = not line.endswith(("\n", "\r"))
            found[number] = lines
        return found
    except (ValueError, IndexError, KeyError, StopIteration):
        return {}


def json_lines_of_notebook(path: str) -> dict[int, list[int]]:
    """:func:`json_lines_of_cells` of the notebook at ``path`` (empty if it cannot be read)."""
    try:
        with open(path, "rb") as handle:
            return json_lines_of_cells(decode(path, handle.read()).text)
    except (OSError, SourceError):
        return {}


def cell_diff(path: str, old_raw: str, new_raw: str) -> str:
    """A unified diff of the code of the cells that differ between two versions of a notebook,
    each headed ``a/path:cell N`` (the JSON around them is not shown)."""
    try:
        old_cells = json.loads(old_raw)["cells"]
        new_cells = json.loads(new_raw)["cells"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return ""
    out: list[str] = []
    for number, (old, new) in enumerate(zip(old_cells, new_cells), start=1):
        if not (isinstance(old, dict) and isinstance(new, dict)):
            continue
        before, after = _cell_source(old), _cell_source(new)
        if before == after:
            continue
        for line in difflib.unified_diff(
            _split_lines(before),
            _split_lines(after),
            fromfile=f"a/{path}:cell {number}",
            tofile=f"b/{path}:cell {number}",
        ):
            if not line.endswith(("\n", "\r")):
                line += "\n\\ No newline at end of cell\n"
            out.append(line)
    return "".join(out)
