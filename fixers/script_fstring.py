"""TL204: an f-string with format specs -> ``%`` formatting (unsafe).

``f"ratio {ratio:.2f} at {step}"`` -> ``"ratio %.2f at %s" % (ratio, step)``. TorchScript
compiles f-strings only without format specs, but has ``%`` formatting. Only specs that mean
the same in both languages are rewritten: an optional width and precision and one of the types
``d``, ``f``, ``e``, ``g`` (``{v:.2f}``, ``{n:5d}``);
a plain ``{v}`` becomes ``%s`` (both call ``str``). Conversions (``!r``), ``=``, nested specs,
alignment, ``rf`` strings and f-strings inside implicit concatenation are left alone.

Unsafe: the same text for numbers and 0-d tensors; ``{n:d}`` of a float raised where ``%d``
truncates it.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

# Width, precision and a type that format() and % agree on.
SPEC = re.compile(r"\d*(\.\d+)?[dfeg]")
# Places where ``"..." % (...)`` needs no brackets.
BARE = (cst.Arg, cst.Assign, cst.AnnAssign, cst.Return, cst.Assert, cst.Expr, cst.Element)


def _spec(expression: cst.FormattedStringExpression) -> Optional[str]:
    """The ``%`` directive for one ``{...}`` part, or None."""
    if expression.conversion is not None or expression.equal is not None:
        return None
    if expression.format_spec is None:
        return "%s"
    parts = expression.format_spec
    if len(parts) != 1 or not isinstance(parts[0], cst.FormattedStringText):
        return None
    spec = parts[0].value
    return f"%{spec}" if SPEC.fullmatch(spec) else None


class FormatSpecToPercent(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "format with `%` instead of f-string specs"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        part = diagnostic.node
        if not isinstance(part, cst.FormattedStringExpression) or part.format_spec is None:
            return None
        string = self.parent(part)
        if not isinstance(string, cst.FormattedString) or string.prefix.lower() != "f":
            return None
        holder = self.parent(string)
        if isinstance(holder, cst.ConcatenatedString):
            return None
        quote = string.start[len(string.prefix) :]
        template, values = "", []
        for piece in string.parts:
            if isinstance(piece, cst.FormattedStringText):
                template += piece.value.replace("%", "%%").replace("{{", "{").replace("}}", "}")
                continue
            directive = _spec(piece)
            if directive is None:
                return None
            template += directive
            values.append(self.code(piece.expression).strip())
        args = f"({values[0]},)" if len(values) == 1 else f"({', '.join(values)})"
        text = f"{quote}{template}{quote} % {args}"
        if not isinstance(holder, BARE):
            text = f"({text})"
        return [(string, cst.parse_expression(text))]
