"""TL209: ``dict.fromkeys(keys, v)`` -> ``{k: v for k in keys}`` (safe).

TorchScript looks up no attribute on the class ``dict`` (torch 2.13: "attribute lookup is not
defined on dict") and compiles a dict comprehension. Python's ``dict.fromkeys(keys, v)`` maps
each key of ``keys``, in order, to ``v`` (``None`` without it); the comprehension does the same
with ``v`` evaluated per key, which is the same object for the literals rewritten here (a
number, a string, a bool, ``None``), and ``keys`` is evaluated once, in the enclosing scope,
either way. A duplicate key keeps its first position in both.

Left alone: a value that is not such a literal (a list or a call would be shared by every key in
``fromkeys`` and made per key in the comprehension), ``OrderedDict.fromkeys``, keywords and
``*args``.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import fresh_name


def _literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return not isinstance(node, cst.SimpleString) or "b" not in node.prefix.lower()
    return isinstance(node, cst.Name) and node.value in ("True", "False", "None")


class DictFromkeysComprehension(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "build the dict with a comprehension (TorchScript has no `dict.fromkeys`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            "`dict.fromkeys(...)`" not in diagnostic.message
            or not isinstance(call, cst.Call)
            or not 1 <= len(call.args) <= 2
            or any(a.keyword is not None or a.star for a in call.args)
        ):
            return None
        keys = call.args[0].value
        value = call.args[1].value if len(call.args) == 2 else cst.Name("None")
        if not _literal(value):
            return None
        key = fresh_name(self, call, "k", "key")
        code = cst.Module([]).code_for_node
        text = f"{{{key}: {code(value)} for {key} in {code(keys)}}}"
        return [(call, cst.parse_expression(text))]
