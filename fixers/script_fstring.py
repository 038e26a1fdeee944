"""TL204: an f-string with format specs -> ``%`` formatting (unsafe).

``f"ratio {ratio:f} at {step}"`` -> ``"ratio %f at %s" % (ratio, step)``. TorchScript
compiles f-strings only without format specs, but has ``%`` formatting, whose conversions are
``%d``, ``%i``, ``%f``, ``%F``, ``%e``, ``%E``, ``%c`` and ``%s`` with no flag, width or
precision (torch 2.13 compiles ``"%.2f" % v`` and fails when it runs: The specifier %. is not
supported in TorchScript format strings). Only the specs that mean the same in both languages
and that TorchScript formats are rewritten: the bare types ``d``, ``f``, ``F``, ``e``, ``E``
(``{v:f}``, ``{n:d}``); a plain ``{v}`` becomes ``%s`` (both call ``str``). A width or
precision (``{v:.2f}``, ``{n:5d}``) is left alone. Conversions (``!r``), ``=``, nested specs,
alignment, ``rf`` strings and f-strings inside implicit concatenation are left alone.

Unsafe: the same text for numbers and 0-d tensors; ``{n:d}`` of a float raised where ``%d``
truncates it.

The ``=`` specifier: ``f"{depth=}"`` -> ``f"depth={depth}"`` (torch 2.13: "Don't support
conversion in JoinedStr" for ``=`` as for ``!r``; the plain field scripts). Python writes the
field's text as typed (spaces and ``=`` included) and then, with no format spec and no
conversion, ``repr`` of the value; the plain field writes ``str``, which is the same text for
ints, floats, bools, ``None`` and tensors, not for a str (quotes). With a format spec Python
formats the value as the plain field does. Safe where the value surely is a number or a tensor
(a size, a rank, a tensor, a number literal) or there is a format spec; unsafe otherwise (a str
value loses its quotes). A field with a conversion (``!r``, ``!s``) is left alone (TorchScript
has none).
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

# A type that format() and TorchScript's % agree on, with no width or precision (which
# TorchScript's % lacks).
SPEC = re.compile(r"[dfFeE]")
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


# Kinds whose ``str`` and ``repr`` write the same text (ints, tensors).
_REPR_IS_STR = (Kind.SIZE, Kind.RANK, Kind.TENSOR)


class _DebugEqualsToText(Fixer):
    """``{value=}`` -> the text Python writes before the value, then ``{value}``."""

    message = "write the `=` field's text and a plain field"
    surely_same = True

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        part = diagnostic.node
        if (
            not isinstance(part, cst.FormattedStringExpression)
            or part.equal is None
            or part.conversion is not None
        ):
            return None
        string = self.parent(part)
        if not isinstance(string, cst.FormattedString) or "r" in string.prefix.lower():
            return None
        expression = part.expression
        same = part.format_spec is not None or self._repr_is_str(expression)
        if same != self.surely_same:
            return None
        typed = (
            self.code(part.whitespace_before_expression)
            + self.code(expression)
            + self.code(part.whitespace_after_expression)
            + self.code(part.equal.whitespace_before)
            + "="
            + self.code(part.equal.whitespace_after)
        )
        if "\\" in typed or "\n" in typed:
            return None
        text = cst.FormattedStringText(typed.replace("{", "{{").replace("}", "}}"))
        # ``{ {1: 2}[k]}``: a brace right after ``{`` would read as an escaped ``{{``.
        before = " " if self.code(expression).startswith("{") else ""
        field = part.with_changes(
            equal=None,
            whitespace_before_expression=cst.SimpleWhitespace(before),
            whitespace_after_expression=cst.SimpleWhitespace(""),
        )
        return [(part, cst.FlattenSentinel([text, field]))]

    def _repr_is_str(self, expression: cst.BaseExpression) -> bool:
        if isinstance(expression, (cst.Integer, cst.Float)):
            return True
        return self.kind(expression) in _REPR_IS_STR


class DebugEqualsToText(_DebugEqualsToText):
    codes = ("TL204",)
    applicability = "safe"


class DebugEqualsToTextUnsafe(_DebugEqualsToText):
    codes = ("TL204",)
    applicability = "unsafe"
    surely_same = False
