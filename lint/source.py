"""Reading a file: bytes -> text (PEP 263 coding cookie, BOM). Parsing it is ``parser.py``'s
job, so reading needs no libcst (a run whose results are all cached never imports it)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
import warnings
from dataclasses import dataclass
from typing import Optional

# Line ends as Python's tokenizer counts lines (``str.splitlines`` also splits at form feeds).
LINE_END = re.compile(r"\r\n|\r|\n")


def source_lines(text: str) -> list[str]:
    """The lines of ``text`` as Python numbers them, without their line ends."""
    return LINE_END.split(text)


def python_tree(text: str) -> Optional[ast.Module]:
    """Python's own tree of ``text`` (``ast``: nothing runs), or None where Python's parser
    refuses it or gives up; warnings about the user's code are not shown."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarnings of the user's code
            return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def line_starts(text: str) -> list[int]:
    """The offset in ``text`` where each line starts, as Python numbers lines."""
    return [0, *(match.end() for match in LINE_END.finditer(text))]


# PEP 263: a coding cookie on line 1 or 2.
_COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+", re.MULTILINE)


class SourceError(Exception):
    """A file that cannot be linted; the message is one clear line for the user."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


@dataclass
class Source:
    path: str
    text: str
    encoding: str = "utf-8"


def decode(path: str, data: bytes) -> Source:
    """Decode per PEP 263 (BOM, coding cookie, else UTF-8); binary files are refused."""
    if b"\x00" in data:
        raise SourceError("file contains a NUL byte; is it a binary file?")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        if not _COOKIE.search(b"\n".join(data.splitlines()[:2])):
            # No cookie: the first lines are simply not UTF-8; say so as for the rest of a file.
            encoding = "utf-8"
        else:
            raise SourceError(f"bad coding cookie: {exc.msg}") from None
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        reason = exc.reason if isinstance(exc, UnicodeDecodeError) else str(exc)
        raise SourceError(
            f"cannot decode as {encoding} ({reason}); add a coding cookie such as "
            "'# -*- coding: latin-1 -*-' or save the file as UTF-8"
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return Source(path=path, text=text, encoding=encoding)


def read_source(path: str) -> Source:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise SourceError("no such file") from None
    except IsADirectoryError:
        raise SourceError("is a directory") from None
    except PermissionError:
        raise SourceError("permission denied") from None
    except OSError as exc:
        raise SourceError(f"cannot read: {exc.strerror or exc}") from None
    return decode(path, data)
