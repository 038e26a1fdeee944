"""Reading a file: bytes -> text (PEP 263 coding cookie, BOM) -> one libcst parse."""

from __future__ import annotations

import ast
import io
import re
import tokenize
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Optional

import libcst as cst

# Line ends as Python's tokenizer counts lines (``str.splitlines`` also splits at form feeds).
LINE_END = re.compile(r"\r\n|\r|\n")


def source_lines(text: str) -> list[str]:
    """The lines of ``text`` as Python numbers them, without their line ends."""
    return LINE_END.split(text)


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


def parse(source: Source, python_valid: bool = False) -> cst.Module:
    """libcst's tree of ``source``. ``python_valid``: Python's own parser already accepted this
    text (the index summarised it), so its verdict need not be asked again (a second ``ast``
    parse costs a quarter of the libcst one)."""
    python_error = None if python_valid else _python_syntax_error(source.text)
    if python_valid:
        _refuse_long_boolean_chains(source.text)
    try:
        with _parser_output_unchecked():
            return cst.parse_module(source.text)
    except cst.ParserSyntaxError as exc:
        line, column, message = exc.raw_line, exc.raw_column + 1, exc.message
        # libcst's tokenizer errors carry no position; Python's own parser (ast: nothing runs)
        # usually names the line and column, in the words Python users know.
        if python_error is not None and python_error.lineno:
            line, column = python_error.lineno, python_error.offset or 1
            message = python_error.msg
        raise SourceError(f"syntax error: {message}", line, column) from None
    except RecursionError:
        raise SourceError("too deeply nested to parse") from None
    except (ValueError, MemoryError) as exc:
        raise SourceError(f"cannot parse: {exc}") from None


# Every libcst node checks its own fields when it is built (``CSTNode.__post_init__``): a
# sixth of a parse's time, spent proving that the parser's own output is well formed. libcst's
# source says as much ("avoid validating the tree when parsing a file"). Nodes the rules or
# fixers build are still checked: the hook is put back after each parse, always to libcst's
# own (a parse in another thread can at worst see checks switched on).
_VALIDATE_NODE = cst.CSTNode.__post_init__


def _skip_validation(node: cst.CSTNode) -> None:
    return None


@contextmanager
def _parser_output_unchecked() -> Iterator[None]:
    cst.CSTNode.__post_init__ = _skip_validation  # type: ignore[method-assign]
    try:
        yield
    finally:
        cst.CSTNode.__post_init__ = _VALIDATE_NODE  # type: ignore[method-assign]


# Limits of Python's parser that hold in every Python version. libcst's parser does not enforce
# them (and takes minutes on such input), so the file is refused before libcst sees it.
_ALWAYS_INVALID = ("too many nested parentheses",)


def _python_syntax_error(text: str) -> Optional[SyntaxError]:
    """Python's own verdict (``ast``: nothing runs): None when it parses, else its SyntaxError.

    Other syntax errors are left to libcst, which parses newer syntax (PEP 695 on 3.11)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarnings of the user's code
            tree = ast.parse(text)
    except SyntaxError as error:
        if error.msg in _ALWAYS_INVALID:
            raise SourceError(f"syntax error: {error.msg}", error.lineno, error.offset) from None
        return error
    except (RecursionError, MemoryError):
        raise SourceError("too deeply nested to parse") from None
    except ValueError:
        return None
    _refuse_long_boolean_chains(text, tree)
    return None


def _refuse_long_boolean_chains(text: str, tree: Optional[ast.Module] = None) -> None:
    """``a and b and ...`` is flat for Python but one nested node per operand for libcst, whose
    native parser overflows its stack (the process dies, nothing raises) at a few thousand
    operands: such a chain is refused here. Costs one regex scan for ordinary files."""
    if len(_BOOLEAN_OPERATOR.findall(text)) > MAX_BOOLEAN_OPERANDS:
        if tree is None:
            try:
                tree = ast.parse(text)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return
        for node in ast.walk(tree):
            if isinstance(node, ast.BoolOp) and len(node.values) > MAX_BOOLEAN_OPERANDS:
                raise SourceError(
                    f"too deeply nested to parse: {len(node.values)} operands of one "
                    f"`and`/`or` (at most {MAX_BOOLEAN_OPERANDS})",
                    node.lineno,
                    node.col_offset + 1,
                )


_BOOLEAN_OPERATOR = re.compile(r"\b(?:and|or)\b")
MAX_BOOLEAN_OPERANDS = 2500
