"""One libcst parse of a source, refusing first what would hang or crash libcst's parser."""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Optional

import libcst as cst

from torchlint.lint.source import Source, SourceError, python_tree


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
    operands: such a chain is refused here. Ordinary files cost two substring counts (each
    ``and`` / ``or`` word is such a substring, so they bound the words)."""
    if text.count("and") + text.count("or") <= MAX_BOOLEAN_OPERANDS:
        return
    if len(_BOOLEAN_OPERATOR.findall(text)) <= MAX_BOOLEAN_OPERANDS:
        return
    tree = tree if tree is not None else python_tree(text)
    if tree is None:
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
