"""The part of a file that a model built on demand reads: its graph functions.

A model of another file, built for its facts (``other_facts`` in ``model.py``), infers only
that file's graph functions; every other function and method is dead weight for its parse.
Such files are often big helpers outside the run (transformers' ``modeling_utils``, 270 k
characters, for a handful of graph methods), and libcst parses about four times slower than
``ast``. So the skeleton keeps each statement that is not a definition, and each function or
class that is or holds graph code; every other one (with its decorators) becomes ``pass``,
padded with empty lines so that line numbers stay.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from typing import Optional, Union

from torchlint.lint.semantic.summary import first_line
from torchlint.lint.source import python_tree, source_lines

_Definition = Union[ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef]
# Blocks whose functions the model collects with the enclosing scope's names (model._collect).
_BLOCKS = (ast.If, ast.Try, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While)


def graph_skeleton(text: str, graph_functions: Iterable[str]) -> Optional[str]:
    """``text`` with every function or class that neither is nor encloses one of ``graph_functions``
    (qualified names within the module: ``f``, ``C.forward``, ``f.<locals>.g``) replaced by
    ``pass``; None when nothing would be left out (or ``ast`` cannot read the text)."""
    enclosing = set()
    for name in graph_functions:
        parts = name.split(".")
        enclosing.update(".".join(parts[: end + 1]) for end in range(len(parts)))
    tree = python_tree(text)
    if tree is None:
        return None
    dropped: list[_Definition] = []
    _collect_dropped(tree.body, [], enclosing, dropped)
    if not dropped:
        return None
    lines = source_lines(text)
    for node in dropped:
        first = first_line(node)
        while node.decorator_list and first > 1 and not lines[first - 1].lstrip().startswith("@"):
            first -= 1  # the expression of ``@(`` starts below the ``@``
        last = node.end_lineno or node.lineno
        indent = lines[node.lineno - 1][: node.col_offset]
        lines[first - 1 : last] = [indent + "pass"] + [""] * (last - first)
    return "\n".join(lines)


def _collect_dropped(
    body: list[ast.stmt], scope: list[str], enclosing: set[str], dropped: list[_Definition]
) -> None:
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if ".".join([*scope, stmt.name]) not in enclosing:
                dropped.append(stmt)
        elif isinstance(stmt, ast.ClassDef):
            if ".".join([*scope, stmt.name]) in enclosing:
                _collect_dropped(stmt.body, [*scope, stmt.name], enclosing, dropped)
            else:
                dropped.append(stmt)
        elif isinstance(stmt, _BLOCKS) or type(stmt).__name__ == "TryStar":  # ast 3.11+
            for block in ("body", "orelse", "finalbody"):
                _collect_dropped(getattr(stmt, block, []), scope, enclosing, dropped)
            for handler in getattr(stmt, "handlers", []):
                _collect_dropped(handler.body, scope, enclosing, dropped)
