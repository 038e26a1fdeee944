"""One fast traversal of a libcst tree that calls every rule's visit / leave methods.

libcst's own ``visit`` rebuilds each node's children as it goes and costs more than the parse
itself; rules only read the tree, so this walker follows the dataclass fields that hold
syntax nodes and skips whitespace, commas, parentheses and operator tokens. Rules that need an
operator read it from its parent (``node.operator``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Container, Iterator, Sequence
from typing import Optional, Union

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
            if f.name not in _SKIPPED_FIELDS
            and not f.name.startswith("whitespace")
            and f.type not in _TEXT_TYPES  # Name.value, Integer.value: text, never a node
        )
        _child_fields_cache[cls] = fields
    return fields


_TEXT_TYPES = (str, bool, int)


_is_node_type: dict[type, bool] = {}


def _is_node(value: object) -> bool:
    # libcst nodes are ABCs, and isinstance against an ABC is slow on this hot path.
    kind = type(value)
    known = _is_node_type.get(kind)
    if known is None:
        known = _is_node_type[kind] = issubclass(kind, cst.CSTNode)
    return known


def syntax_children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The child nodes that carry syntax, in source order."""
    children: list[cst.CSTNode] = []
    fields = _child_fields_cache.get(type(node))
    if fields is None:
        fields = child_fields(type(node))
    for name in fields:
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            for item in value:
                known = _is_node_type.get(type(item))
                if known is None:
                    known = _is_node(item)
                if known:
                    children.append(item)
        elif value is not None:
            known = _is_node_type.get(kind)
            if known is None:
                known = _is_node(value)
            if known:
                children.append(value)
    return children


# Every concrete node class.
NODE_TYPES = frozenset(
    value
    for value in vars(cst).values()
    if isinstance(value, type)
    and issubclass(value, cst.CSTNode)
    and not getattr(value, "__abstractmethods__", None)
)
# Nodes that never have syntax children: a walker that has nothing to do at one skips it.
LEAF_TYPES = frozenset(
    {
        cst.Name,
        cst.Integer,
        cst.Float,
        cst.Imaginary,
        cst.SimpleString,
        cst.Ellipsis,
        cst.Pass,
        cst.Break,
        cst.Continue,
    }
)


def walk(
    root: cst.CSTNode,
    on_enter: Callable[[cst.CSTNode], Optional[bool]],
    on_leave: Callable[[cst.CSTNode], None],
    silent: frozenset[type] = frozenset(),
    passed: frozenset[type] = frozenset(),
    watched: Container[int] = frozenset(),
) -> None:
    """Depth-first, in source order, without recursion (deep expressions do not overflow).

    When ``on_enter`` returns False the node's children are skipped (``on_leave`` still runs).
    Nodes of the ``silent`` types (of ``LEAF_TYPES``, which the callbacks ignore) are not
    visited: a third of a tree's nodes are names. Nodes of the ``passed`` types are walked
    through without callbacks (their children are visited), unless their id is ``watched``.
    """
    if on_enter(root) is False:
        on_leave(root)
        return
    # Each frame: a node, its children to visit, and whether on_leave is due when it ends.
    stack: list[tuple[cst.CSTNode, Iterator[cst.CSTNode], bool]] = [
        (root, iter(syntax_children(root)), True)
    ]
    while stack:
        node, children, called = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if called:
                on_leave(node)
            continue
        kind = type(child)
        if kind in silent:
            continue
        if kind in passed and id(child) not in watched:
            grandchildren = syntax_children(child)
            if grandchildren:
                stack.append((child, iter(grandchildren), False))
            continue
        if on_enter(child) is False:
            on_leave(child)
            continue
        grandchildren = syntax_children(child)
        if not grandchildren:  # a leaf (most nodes): no stack frame for it
            on_leave(child)
            continue
        stack.append((child, iter(grandchildren), True))


def own_returns(function: cst.FunctionDef) -> list[cst.Return]:
    """The ``return`` statements of ``function`` itself (not of nested functions, classes or
    lambdas)."""
    found: list[cst.Return] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if node is not function and isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        if isinstance(node, cst.Return):
            found.append(node)
        return None

    walk(function, enter, lambda node: None)
    return found


def top_level_definition(
    module: cst.Module, dotted_path: str
) -> Optional[Union[cst.FunctionDef, cst.ClassDef]]:
    """The ``def`` or ``class`` that ``dotted_path`` (``f``, ``A``, ``A.B.method``) names from
    the top of ``module``, through class bodies; None when a part is missing."""
    body: Sequence[cst.CSTNode] = module.body
    node: Optional[cst.CSTNode] = None
    for part in dotted_path.split("."):
        node = next(
            (
                n
                for n in body
                if isinstance(n, (cst.FunctionDef, cst.ClassDef)) and n.name.value == part
            ),
            None,
        )
        if node is None:
            return None
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    return node if isinstance(node, (cst.FunctionDef, cst.ClassDef)) else None
