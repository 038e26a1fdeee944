"""Fixing files on disk without losing a byte: read, fix, diff, and write atomically.

A file is written only when its fixed text compiles (checked by :func:`fix_text`), it is
encoded with the encoding it was read with (BOM and coding cookie kept; line endings are never
rewritten, new lines use the file's dominant ending), and its bytes on disk are still the bytes
that were read. The write goes to a temporary file in the same folder, is flushed to disk, gets
the original's permissions and is renamed over the original (``os.replace``), so an interrupted
run leaves every file either old or new.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import multiprocessing
import os
import re
import stat
import tempfile
import tokenize
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Optional

from torchlint.lint.diagnostics import Diagnostic, FileResult
from torchlint.lint.fixes import FixOutcome, fix_text
from torchlint.lint.notebook import (
    apply_to_notebook,
    is_notebook,
    map_result_diagnostics,
    parse_notebook,
    read_notebook,
)
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.settings import Settings
from torchlint.lint.source import LINE_END, SourceError, decode, line_starts, read_source

if TYPE_CHECKING:
    from torchlint.lint.rule import Rule

TEMP_SUFFIX = ".torchlint-tmp"


class FileChangedError(Exception):
    """The file on disk is no longer what was read; writing would lose someone's change."""


@dataclass
class FileFix:
    path: str
    outcome: Optional[FixOutcome] = None  # None: nothing to fix, or it could not be read
    error: Optional[str] = None  # could not read, encode or write; the file is untouched
    written: bool = False
    # What is left to report: the lint of the fixed text, or check's result when there was
    # nothing to fix.
    result: Optional[FileResult] = None

    @property
    def changed(self) -> bool:
        return self.outcome is not None and self.outcome.changed


def unified_diff(path: str, old: str, new: str) -> str:
    """A ``git diff``-style unified diff of one file (empty when nothing changed)."""
    if old == new:
        return ""
    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=f"a/{path}",
        tofile=f"b/{path}",
    )
    out = []
    for line in lines:
        if not line.endswith(("\n", "\r")):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)


def write_atomic(path: str, data: bytes, expected: Optional[bytes] = None) -> None:
    """Replace ``path``'s content with ``data`` atomically; refuse if it no longer holds ``expected``.

    A symlink is followed (the target is rewritten, the link stays). Permissions are kept;
    ownership too where the process may set it.
    """
    real = os.path.realpath(path)
    if expected is not None:
        with open(real, "rb") as handle:
            if handle.read() != expected:
                raise FileChangedError(f"{path} changed on disk since it was read; not written")
    info = os.stat(real)
    folder = os.path.dirname(real) or "."
    fd, temp = tempfile.mkstemp(
        dir=folder, prefix=f".{os.path.basename(real)}.", suffix=TEMP_SUFFIX
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, stat.S_IMODE(info.st_mode))
        if hasattr(os, "chown") and (info.st_uid, info.st_gid) != (os.getuid(), os.getgid()):
            with contextlib.suppress(OSError):
                os.chown(temp, info.st_uid, info.st_gid)
        os.replace(temp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    """Make the rename itself durable (POSIX); best effort elsewhere."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _applies(diagnostic: Diagnostic, allow_unsafe: bool) -> bool:
    fix = diagnostic.fix
    return fix is not None and (allow_unsafe or fix.applicability == "safe")


def fix_paths(
    paths: Sequence[str],
    settings: Optional[Settings] = None,
    *,
    unsafe: Optional[bool] = None,
    write: bool = True,
    rules: Optional[Sequence[type[Rule]]] = None,
    jobs: int = 1,
    cache_dir: Optional[str] = None,
    progress: Optional[Callable[[str, bool], None]] = None,
) -> list[FileFix]:
    """Fix every file in ``paths``; one :class:`FileFix` per path, whose ``result`` is what is
    left to report. ``progress`` follows the lint pass (see :func:`lint_files`).

    The check pipeline (:func:`lint_files`: in ``jobs`` processes, through the cache in
    ``cache_dir``) lints every file once; only the files with a fix to apply are then read
    again and fixed round by round (:func:`fix_text`), against an index of every file, as
    check sees them. With ``write`` false nothing is written (``--diff``). A file that cannot
    be read, decoded, parsed or compiled is left alone; its reason is in ``FileFix.error`` or
    in its result.
    """
    from torchlint.lint.run import lint_files

    settings = settings or Settings()
    allow_unsafe = settings.unsafe_fixes if unsafe is None else unsafe
    # A file whose size and modification time are the same after the lint still holds the
    # text linted: its fixing starts from the lint's fixes instead of linting it again.
    before = {path: _stamp(path) for path in paths}
    fixes = {
        result.path: FileFix(result.path, result=result)
        for result in lint_files(
            paths, settings, rules, jobs=jobs, cache_dir=cache_dir, progress=progress
        )
    }
    todo = [
        item.path
        for item in fixes.values()
        if item.result is not None
        and any(_applies(d, allow_unsafe) for d in item.result.diagnostics)
    ]
    if todo:
        index = project_index(paths, settings, cache_dir)
        global _FIXING
        _FIXING = (index, settings, allow_unsafe, rules, before, fixes)
        try:
            with contextlib.ExitStack() as stack:
                if jobs > 1 and len(todo) >= 2 * jobs and _can_fork():
                    pool = stack.enter_context(multiprocessing.get_context("fork").Pool(jobs))
                    done: Iterable[tuple[FileFix, bytes, str]] = pool.imap(_fix_one, todo)
                else:
                    done = map(_fix_one, todo)
                # Each file is written as soon as it is fixed.
                for fixed, data, encoding in done:
                    fixes[fixed.path] = fixed
                    if write and fixed.changed and fixed.error is None:
                        _write(fixed, data, encoding)
        finally:
            _FIXING = None
    return [fixes[p] for p in paths if p in fixes]


# The index, settings, whether unsafe fixes apply and the rules of the current fix run,
# inherited by forked workers instead of being sent to them.
_FIXING: Optional[tuple] = None


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def project_index(
    paths: Sequence[str], settings: Settings, cache_dir: Optional[str]
) -> ProjectIndex:
    """Every file of the run in one index, with the rest of their projects as context (as
    ``lint_files`` indexes them), so a fixed file is linted again with the cross-file facts
    check found: summaries from the cache where it has them."""
    from torchlint.lint.cache import LintCache, content_hash
    from torchlint.lint.discovery import project_files
    from torchlint.lint.run import index_context

    index = ProjectIndex(script_all_modules=settings.script_all_modules)
    cache = LintCache(cache_dir) if cache_dir else None
    if cache is not None:
        index.summarizer = cache.summarizer
    for path in paths:
        try:
            source = read_notebook(path).source if is_notebook(path) else read_source(path)
        except SourceError:
            continue
        entry = cache.load(path, content_hash(source.text)) if cache is not None else None
        if (
            entry is not None
            and entry.summary.path == source.path
            and index.add_cached(entry.summary)
        ):
            continue
        index.add_source(source.path, source.text)
    index_context(index, project_files(paths, settings))
    return index


def _fix_one(path: str) -> tuple[FileFix, bytes, str]:
    """Read and fix one file of the current run: the fix, and the bytes and encoding read
    (a write checks that the file still holds those bytes)."""
    assert _FIXING is not None
    index, settings, allow_unsafe, rules, before, linted = _FIXING
    stamp = _stamp(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        source = decode(path, data)
        notebook = parse_notebook(path, source.text) if is_notebook(path) else None
    except SourceError as exc:
        return FileFix(path, error=exc.message), b"", ""
    except OSError as exc:
        return FileFix(path, error=f"cannot read: {exc.strerror or exc}"), b"", ""
    text = notebook.source.text if notebook is not None else source.text
    first = None
    if notebook is None and stamp is not None and stamp == before.get(path) == _stamp(path):
        first = linted[path].result  # (a notebook's findings are in cell terms)
    outcome = fix_text(
        path, text, settings, unsafe=allow_unsafe, index=index, rules=rules, first=first
    )
    result = outcome.result
    if notebook is not None:
        # The fixer ran on the cells' module text; write the cells back into the JSON.
        outcome.original, outcome.text = notebook.raw, apply_to_notebook(notebook, outcome.text)
        if result is not None:
            result.diagnostics, result.errors = map_result_diagnostics(
                notebook, result.diagnostics, result.errors
            )
            result.cell_mapped = True
    if result is not None:
        # Only what a report shows travels back from a worker: no tree, no full text.
        result.keep_code_lines()
        result.module = None
        for diagnostic in result.diagnostics:
            diagnostic.node = None
    return FileFix(path, outcome=outcome, result=result), data, source.encoding


def _stamp(path: str) -> Optional[tuple[int, int]]:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns


def _write(fixed: FileFix, data: bytes, encoding: str) -> None:
    assert fixed.outcome is not None
    try:
        encoded = fixed.outcome.text.encode(encoding)
    except UnicodeEncodeError as exc:
        fixed.error = f"fixed text cannot be encoded as {encoding} ({exc.reason}); not written"
        return
    try:
        write_atomic(fixed.path, encoded, expected=data)
        fixed.written = True
    except FileChangedError as exc:
        fixed.error = str(exc)
    except OSError as exc:
        fixed.error = f"cannot write: {exc.strerror or exc}; the file is unchanged"


# -- check --add-noqa ------------------------------------------------------------------------------
# The codes of a noqa comment, to merge new ones into (the syntax of suppressions.py).
_NOQA_CODES = re.compile(r"#\s*(?i:noqa)\s*:\s*(?P<codes>[A-Z]+[0-9]*(?:\s*,\s*[A-Z]+[0-9]*)*)")


@dataclass
class NoqaOutcome:
    path: str
    added: int = 0  # lines given a directive (or new codes in theirs)
    skipped: list[int] = field(default_factory=list)  # lines a comment cannot end
    error: Optional[str] = None
    written: bool = False


def add_noqa_text(text: str, codes_by_line: dict[int, set[str]]) -> tuple[str, int, list[int]]:
    """Add ``# noqa: CODE, ...`` to the end of each line of ``codes_by_line``: the codes go into
    a ``# noqa: ...`` comment already on the line, else a new comment goes after the line's
    code (and its comment). A line that ends inside a string or in a backslash continuation
    cannot take a comment and is skipped. Returns the new text, how many lines changed, and the
    lines skipped."""
    # Python's tokenizer splits lines at "\n" only; one "\n" per line end keeps every line's
    # number and columns.
    normalized = LINE_END.sub("\n", text)
    ends: set[int] = set()  # lines whose end is the end of a logical or a bracketed line
    comments: dict[int, tuple[int, str]] = {}
    for token in tokenize.generate_tokens(io.StringIO(normalized).readline):
        if token.type in (tokenize.NEWLINE, tokenize.NL):
            ends.add(token.start[0])
        elif token.type == tokenize.COMMENT:
            comments[token.start[0]] = (token.start[1], token.string)
    starts = line_starts(text)
    pieces: list[str] = []
    position = 0
    added = 0
    skipped: list[int] = []
    for line in sorted(codes_by_line):
        if line not in ends or line > len(starts):
            skipped.append(line)
            continue
        start = starts[line - 1]
        line_end = LINE_END.search(text, start)
        content = text[start : line_end.start() if line_end else len(text)]
        comment = comments.get(line)
        match = _NOQA_CODES.search(comment[1]) if comment is not None else None
        if comment is not None and match is not None:
            present = {c.strip() for c in match.group("codes").split(",")}
            new = sorted(codes_by_line[line] - present)
            if not new:
                continue
            at = resume = start + comment[0] + match.end("codes")
            insert = "".join(f", {code}" for code in new)
        else:
            at = start + len(content.rstrip(" \t"))
            resume = start + len(content)  # the line's trailing blanks are dropped
            insert = "  # noqa: " + ", ".join(sorted(codes_by_line[line]))
        pieces.append(text[position:at])
        pieces.append(insert)
        position = resume
        added += 1
    pieces.append(text[position:])
    return "".join(pieces), added, skipped


def add_noqa_paths(results: Sequence[FileResult]) -> list[NoqaOutcome]:
    """Add noqa directives for the findings of ``results`` (a lint run's) to their files, each
    written atomically. A file whose lines with findings are no longer what was linted is left
    alone. TL001 (a directive that suppresses nothing) gets none: that would hide nothing."""
    from torchlint.lint.source import source_lines
    from torchlint.lint.suppressions import UNUSED_SUPPRESSION_CODE

    outcomes = []
    for result in results:
        codes: dict[int, set[str]] = {}
        for diagnostic in result.diagnostics:
            if diagnostic.code != UNUSED_SUPPRESSION_CODE:
                codes.setdefault(diagnostic.line, set()).add(diagnostic.code)
        if not codes:
            continue
        outcome = NoqaOutcome(result.path)
        outcomes.append(outcome)
        if is_notebook(result.path):
            outcome.error = "--add-noqa does not edit notebooks; nothing added"
            continue
        try:
            with open(result.path, "rb") as handle:
                data = handle.read()
            source = decode(result.path, data)
        except (OSError, SourceError) as exc:
            outcome.error = f"cannot read back: {getattr(exc, 'message', exc)}; nothing added"
            continue
        lines = source_lines(source.text)
        framed = result.code_lines()
        if any(
            line > len(lines) or (line in framed and framed[line] != lines[line - 1])
            for line in codes
        ):
            outcome.error = "changed on disk since it was linted; nothing added"
            continue
        try:
            text, outcome.added, outcome.skipped = add_noqa_text(source.text, codes)
        except (tokenize.TokenError, SyntaxError) as exc:
            outcome.error = f"cannot tokenize ({exc}); nothing added"
            continue
        if not outcome.added:
            continue
        try:
            write_atomic(result.path, text.encode(source.encoding), expected=data)
            outcome.written = True
        except FileChangedError as exc:
            outcome.error, outcome.added = str(exc), 0
        except (OSError, UnicodeEncodeError) as exc:
            outcome.error, outcome.added = f"cannot write: {exc}; the file is unchanged", 0
    return outcomes
