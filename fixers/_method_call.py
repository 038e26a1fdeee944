"""Build ``<expr>.method()`` from an expression, parenthesising it where the call would bind wrong."""

from __future__ import annotations

import libcst as cst

# Expressions a trailing ``.name`` binds to as a whole.
_ATOMS = (
    cst.Name,
    cst.Attribute,
    cst.Call,
    cst.Subscript,
    cst.List,
    cst.Tuple,
    cst.Dict,
    cst.Set,
    cst.SimpleString,
    cst.ConcatenatedString,
)


def method_call(receiver: cst.BaseExpression, method: str) -> cst.Call:
    """``receiver.method()``; ``(a + b).method()`` when ``receiver`` is not an atom."""
    if not isinstance(receiver, _ATOMS) and not receiver.lpar:
        receiver = receiver.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.Call(func=cst.Attribute(value=receiver, attr=cst.Name(method)))
