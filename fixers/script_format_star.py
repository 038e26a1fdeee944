"""TL204: ``"{}x{}".format(*seq)`` -> ``"{}x{}".format(seq[0], seq[1])`` (unsafe).

TorchScript cannot size a ``*`` unpacking of a list or shape in a call (torch 2.13: cannot
statically infer the expected size of a list in this context), but ``str.format`` with
positional arguments compiles. A format string literal whose fields are all a bare ``{}``
(TorchScript's ``format`` replaces nothing else: no spec, conversion or escaped brace) takes
its first ``n`` positional arguments for ``n`` fields and ignores the rest, so passing ``seq[0]`` ...
``seq[n - 1]`` formats the same text (checked on torch 2.13: ``"{}x{}".format(x.shape[-2:][0],
x.shape[-2:][1])`` scripts and gives eager's key). Only where the unpacked expression is a
name, an attribute or a subscript of those (read again for each field; no call in it but
``x.size()``), with at most four fields.

Unsafe: a sequence shorter than the fields raised ``IndexError`` from ``format`` and now raises
it from the subscript (another message), and the expression is read once per field.
"""

from __future__ import annotations

import string
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class FormatStarArgs(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "pass the fields' values by index (`seq[0], seq[1]`), which TorchScript compiles"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = self._format_call(diagnostic.node)
        if call is None:
            return None
        func = call.func
        assert isinstance(func, cst.Attribute)
        fields = _automatic_fields(func.value)
        if fields is None or not 1 <= fields <= 4:
            return None
        seq = call.args[0].value
        if not _plain(seq):
            return None
        code = self.code(seq)
        if not isinstance(seq, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)):
            code = f"({code})"
        args = ", ".join(f"{code}[{i}]" for i in range(fields))
        return [(call, f"{self.code(func)}({args})")]

    def _format_call(self, node: cst.CSTNode) -> Optional[cst.Call]:
        """The ``<literal>.format(*seq)`` call whose ``*`` the finding names."""
        for candidate in (node, self.parent(node), self.parent(self.parent(node) or node)):
            if isinstance(candidate, cst.Call):
                func = candidate.func
                if (
                    isinstance(func, cst.Attribute)
                    and func.attr.value == "format"
                    and len(candidate.args) == 1
                    and candidate.args[0].star == "*"
                    and candidate.args[0].keyword is None
                ):
                    return candidate
                return None
        return None


def _automatic_fields(literal: cst.BaseExpression) -> Optional[int]:
    """How many fields the format string has, when it is a plain string literal whose fields
    are all a bare ``{}`` (no index, name, spec or conversion) and that escapes no brace:
    TorchScript's ``format`` replaces ``{}`` alone (torch 2.13 leaves ``{:d}`` as written and
    ``{{`` doubled); None otherwise."""
    if not isinstance(literal, cst.SimpleString) or "b" in literal.prefix.lower():
        return None
    text = literal.evaluated_value
    if not isinstance(text, str) or "{{" in text or "}}" in text:
        return None
    count = 0
    try:
        for _literal, name, spec, conversion in string.Formatter().parse(text):
            if name is None:
                continue
            if name != "" or spec or conversion is not None:
                return None
            count += 1
    except ValueError:
        return None
    return count


def _plain(node: cst.BaseExpression) -> bool:
    """A name, attribute or subscript chain (int / slice indices), or ``x.size()``: an
    expression reading it again gives the same value."""
    if isinstance(node, cst.Name):
        return True
    if isinstance(node, cst.Attribute):
        return _plain(node.value)
    if isinstance(node, cst.Subscript):
        for element in node.slice:
            inner = element.slice
            if isinstance(inner, cst.Index):
                if not _literal_int(inner.value):
                    return False
            elif isinstance(inner, cst.Slice):
                bounds = (inner.lower, inner.upper, inner.step)
                if any(b is not None and not _literal_int(b) for b in bounds):
                    return False
        return _plain(node.value)
    if isinstance(node, cst.Call):
        func = node.func
        return (
            isinstance(func, cst.Attribute)
            and func.attr.value == "size"
            and not node.args
            and _plain(func.value)
        )
    return False


def _literal_int(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)
