"""TL204: a zero-padded int field in an f-string -> ``str(n).zfill(width)`` (unsafe).

``f"p{i:0{self.width}d}"`` -> ``f"p{str(i).zfill(self.width)}"``, ``f"{i:03d}"`` ->
``f"{str(i).zfill(3)}"``. TorchScript compiles f-strings only without format specs (torch
2.13: Don't support formatting in JoinedStr), and its ``%`` formatting has no width; it does
compile ``str.zfill``. For an int, Python's ``0<width>d`` pads the decimal digits with zeros
after the sign to the width, which is what ``zfill`` does to ``str(n)`` (checked on torch
2.13 for negative, zero, short and long values: same text in eager and in the scripted
model). Only where the value surely is an int (an int literal, a size or rank read as it is,
``x.size(0)`` or ``len(xs)`` but no arithmetic on them, or a name the function binds only by
``for ... in range(...)``), for the spec ``0<width>d`` with a literal
width or one nested field (``0{w}d``).

Unsafe: a width that is no int or is negative raised ``ValueError`` from the format and now
pads nothing (or raises ``TypeError``).
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

PADDED = re.compile(r"0([1-9][0-9]*)d")


class ZeroPadToZfill(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "pad with `str(n).zfill(width)`, which TorchScript compiles"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        part = diagnostic.node
        if not isinstance(part, cst.FormattedStringExpression) or part.format_spec is None:
            return None
        if part.conversion is not None or part.equal is not None:
            return None
        string = self.parent(part)
        if not isinstance(string, cst.FormattedString) or string.prefix.lower() != "f":
            return None
        width = self._width(part.format_spec)
        if width is None or not self._surely_int(part.expression):
            return None
        value = self.code(part.expression).strip()
        if "\n" in value or "\\" in value:
            return None
        call = cst.parse_expression(f"str({value}).zfill({width})")
        return [(part, part.with_changes(expression=call, format_spec=None))]

    def _width(self, spec: list) -> Optional[str]:  # type: ignore[type-arg]
        """The width of a ``0<width>d`` spec: a literal, or a nested field's expression."""
        if len(spec) == 1 and isinstance(spec[0], cst.FormattedStringText):
            found = PADDED.fullmatch(spec[0].value)
            return found.group(1) if found else None
        if (
            len(spec) == 3
            and isinstance(spec[0], cst.FormattedStringText)
            and spec[0].value == "0"
            and isinstance(spec[1], cst.FormattedStringExpression)
            and spec[1].format_spec is None
            and spec[1].conversion is None
            and isinstance(spec[2], cst.FormattedStringText)
            and spec[2].value == "d"
        ):
            code = self.code(spec[1].expression).strip()
            return None if "\n" in code or "\\" in code else code
        return None

    def _surely_int(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, cst.Integer):
            return True
        if isinstance(value, (cst.Call, cst.Subscript)) and self.kind(value) in (
            Kind.SIZE,
            Kind.RANK,
        ):
            return True  # `x.size(0)`, `x.shape[1]`, `x.dim()`, `len(xs)`: no arithmetic
        if not isinstance(value, cst.Name):
            return False
        bound = assignments(self.enclosing_function(value), value.value)
        return bool(bound) and all(
            isinstance(v, cst.Call)
            and isinstance(v.func, cst.Name)
            and v.func.value == "range"
            and size == 1
            for v, _position, size in bound
        )
