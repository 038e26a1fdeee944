"""TL204: ``"s%(idx)d_ln" % {"idx": i}`` -> ``"s%d_ln" % (i,)`` (safe).

TorchScript's ``%`` formatting takes no mapping key (torch 2.13 compiles the string and fails
when it runs: "The specifier %( is not supported in TorchScript format strings") but formats
``%d`` / ``%s`` / ... from a tuple. Python formats ``%(k)d`` from ``mapping[k]`` with the same
conversion as ``%d`` of that value, so the tuple of the values in the order the keys appear gives
the same string.

Only a string literal whose every specifier is a mapping key and a conversion TorchScript has
(``d``, ``i``, ``f``, ``F``, ``e``, ``E``, ``c``, ``s``; no flag, width or precision), formatted
with a dict display of string-literal keys holding every key used, each value a name, an
attribute of one or a literal: evaluated in another order, or not at all for an unused key, they
give the same values.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import plain_reference

# `%%` or a specifier: `%(key)` and what follows up to its conversion letter.
SPECIFIER = re.compile(r"%%|%(\((?P<key>[^)]*)\))?(?P<rest>[^a-zA-Z%]*)(?P<conversion>[a-zA-Z%]?)")
CONVERSIONS = frozenset("difFeEcs")
LITERALS = (cst.Integer, cst.Float, cst.SimpleString)


class PercentMappingToTuple(Fixer):
    codes = ("TL204",)
    applicability = "safe"
    message = "format from a tuple (TorchScript's `%` takes no mapping key)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if (
            "with the specifier `%(" not in diagnostic.message
            or not isinstance(node, cst.BinaryOperation)
            or not isinstance(node.left, cst.SimpleString)
            or not isinstance(node.right, cst.Dict)
        ):
            return None
        text = node.left.evaluated_value
        if not isinstance(text, str) or "\\" in node.left.value or "b" in node.left.prefix.lower():
            return None
        values: dict[str, cst.BaseExpression] = {}
        for element in node.right.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(
                element.key, cst.SimpleString
            ):
                return None
            key = element.key.evaluated_value
            if (
                not isinstance(key, str)
                or key in values
                or not (plain_reference(element.value) or isinstance(element.value, LITERALS))
            ):
                return None
            values[key] = element.value
        used: list[str] = []
        template = ""
        at = 0
        for match in SPECIFIER.finditer(text):
            template += text[at : match.start()]
            at = match.end()
            if match.group(0) == "%%":
                template += "%%"
                continue
            key, conversion = match.group("key"), match.group("conversion")
            if key is None or match.group("rest") or conversion not in CONVERSIONS:
                return None
            if key not in values:
                return None
            used.append(key)
            template += f"%{conversion}"
        template += text[at:]
        if not used:
            return None
        quote = node.left.quote
        prefix = node.left.prefix
        if quote in template or "\n" in template:
            return None
        items = ", ".join(self.code(values[key]) for key in used)
        return [
            (node.left, cst.SimpleString(f"{prefix}{quote}{template}{quote}")),
            (node.right, cst.parse_expression(f"({items},)" if len(used) == 1 else f"({items})")),
        ]
