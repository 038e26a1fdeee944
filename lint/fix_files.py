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
import os
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from torchlint.lint.fixes import FixOutcome, fix_text
from torchlint.lint.notebook import (
    Notebook,
    apply_to_notebook,
    is_notebook,
    map_result_diagnostics,
    parse_notebook,
)
from torchlint.lint.settings import Settings
from torchlint.lint.source import Source, SourceError, decode

if TYPE_CHECKING:
    from torchlint.lint.rule import Rule

TEMP_SUFFIX = ".torchlint-tmp"


class FileChangedError(Exception):
    """The file on disk is no longer what was read; writing would lose someone's change."""


@dataclass
class FileFix:
    path: str
    outcome: Optional[FixOutcome] = None
    error: Optional[str] = None  # could not read, encode or write; the file is untouched
    written: bool = False

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


def fix_paths(
    paths: Sequence[str],
    settings: Optional[Settings] = None,
    *,
    unsafe: Optional[bool] = None,
    write: bool = True,
    rules: Optional[Sequence[type[Rule]]] = None,
) -> list[FileFix]:
    """Fix every file in ``paths`` (read all and index them first, as check does).

    With ``write`` false nothing is written (``--diff``). A file that cannot be read, decoded,
    parsed or compiled is left alone; its reason is in ``FileFix.error`` or its lint result.
    """
    from torchlint.lint.engine import build_index

    settings = settings or Settings()
    fixes: dict[str, FileFix] = {}
    loaded: list[tuple[Source, bytes]] = []
    notebooks: dict[str, Notebook] = {}  # .ipynb: fixed through its cells' module text
    for path in paths:
        try:
            with open(path, "rb") as handle:
                data = handle.read()
            source = decode(path, data)
            if is_notebook(path):
                notebooks[path] = parse_notebook(path, source.text)
                source = notebooks[path].source
            loaded.append((source, data))
        except SourceError as exc:
            fixes[path] = FileFix(path, error=exc.message)
        except OSError as exc:
            fixes[path] = FileFix(path, error=f"cannot read: {exc.strerror or exc}")
    index = build_index([source for source, _ in loaded], settings)
    for source, data in loaded:
        outcome = fix_text(
            source.path, source.text, settings, unsafe=unsafe, index=index, rules=rules
        )
        if source.path in notebooks:
            # The fixer ran on the cells' module text; write the cells back into the JSON.
            notebook = notebooks[source.path]
            outcome.original, outcome.text = notebook.raw, apply_to_notebook(notebook, outcome.text)
            if outcome.result is not None:
                result = outcome.result
                result.diagnostics, result.errors = map_result_diagnostics(
                    notebook, result.diagnostics, result.errors
                )
                result.source = None
        fixed = FileFix(source.path, outcome=outcome)
        fixes[source.path] = fixed
        if not (write and outcome.changed):
            continue
        try:
            encoded = outcome.text.encode(source.encoding)
        except UnicodeEncodeError as exc:
            fixed.error = (
                f"fixed text cannot be encoded as {source.encoding} ({exc.reason}); not written"
            )
            continue
        try:
            write_atomic(source.path, encoded, expected=data)
            fixed.written = True
        except FileChangedError as exc:
            fixed.error = str(exc)
        except OSError as exc:
            fixed.error = f"cannot write: {exc.strerror or exc}; the file is unchanged"
    return [fixes[p] for p in paths if p in fixes]
