"""One fast traversal of a libcst tree that calls every rule's visit / leave methods.

libcst's own ``visit`` rebuilds each node's children as it goes and costs more than the parse
itself; rules only read the tree, so this walker follows the dataclass fields that hold
syntax nodes and skips whitespace, commas, parentheses and operator tokens. Rules that need an
operator read it from its parent (``node.operator``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

import libcst as cst

_SKIPPED_FIELDS = frozenset(
    {
        "lpar",
        "rpar",
        "comma",
        "semicolon",
        "header",
        "footer",
        "leading_lines",
        "lines_after_decorators",
        "newline",
        "equal",
        "colon",
        "star",
        "dot",
        "lbracket",
        "rbracket",
        "lbrace",
        "rbrace",
        "operator",
        "trailing_whitespace",
        "indent",
        "leading_whitespace",
        "asynchronous",
        "arrow",
        "default_comma",
    }
)
_child_fields_cache: dict[type, tuple[str, ...]] = {}


def child_fields(cls: type) -> tuple[str, ...]:
    fields = _child_fields_cache.get(cls)
    if fields is None:
        fields = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if f.name not in _SKIPPED_FIELDS and not f.name.startswith("whitespace")
        )
        _child_fields_cache[cls] = fields
    return fields


def syntax_children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The child nodes that carry syntax, in source order."""
    for name in child_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            yield value
        elif type(value) in (tuple, list):
            for item in value:
                if isinstance(item, cst.CSTNode):
                    yield item


def walk(
    root: cst.CSTNode,
    on_enter: Callable[[cst.CSTNode], None],
    on_leave: Callable[[cst.CSTNode], None],
) -> None:
    """Depth-first, in source order, without recursion (deep expressions do not overflow)."""
    on_enter(root)
    stack: list[tuple[cst.CSTNode, Iterator[cst.CSTNode]]] = [(root, syntax_children(root))]
    while stack:
        node, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            on_leave(node)
            continue
        on_enter(child)
        stack.append((child, syntax_children(child)))
