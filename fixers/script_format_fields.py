"""Two TL209 rewrites of Python forms TorchScript reads otherwise.

- ``"{0}_{1}".format(a, b)`` -> ``"{}_{}".format(a, b)`` (safe): TorchScript's ``format``
  replaces only ``{}`` fields, in turn. Numbered fields (``{1}-{0}``, ``{0}{0}``) and named
  ones filled by keywords (``"{name}{i}".format(name=n, i=i)``) become ``{}`` with the arguments
  in field order, every argument used; the format string is unchanged otherwise. Arguments
  are reordered or repeated only when each is a name, a literal or an attribute of one (their
  evaluation order and count then do not matter); in written order any argument will do. Not
  for fields with a conversion or format spec (``{0!r}``, ``{:.2f}``), escaped braces, or
  unused arguments. Python builds the same string from either form, so eager, trace, compile
  and export are unchanged, and TorchScript now builds it too.
- ``isinstance(x, numbers.Number)`` -> ``isinstance(x, (int, float, complex))`` (``Real`` ->
  ``(int, float)``, ``Integral`` -> ``int``, ``Complex`` -> ``(int, float, complex)``, spliced
  into a tuple of types) (unsafe): the same answer for Python's numbers, bools and tensors, but
  NumPy integer scalars, ``Fraction`` and ``Decimal`` are registered ``numbers`` types that
  subclass no builtin: the test now says False for them.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.rules.tl209_unsupported_call_in_script import (
    NUMBER_ABCS,
    format_fields,
    format_literal,
)


def _pure(node: cst.BaseExpression) -> bool:
    """A name, a literal or an attribute of one: evaluating it has no effect, and twice gives
    the same."""
    if isinstance(node, cst.Attribute):
        return _pure(node.value)
    if isinstance(node, cst.UnaryOperation):
        return _pure(node.expression)
    return isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString))


class FormatFieldsInOrder(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "write `{}` fields with the arguments in field order"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        func = call.func
        text = format_literal(func.value)
        if func.attr.value != "format" or text is None:
            return None
        fields = format_fields(text)
        if not fields or any(name == "{" or spec or conv for name, spec, conv in fields):
            return None
        if any(arg.star for arg in call.args):
            return None
        positional = [a for a in call.args if a.keyword is None]
        keywords = {a.keyword.value: a for a in call.args if a.keyword is not None}
        if len(positional) + len(keywords) != len(call.args):
            return None  # a keyword before a positional argument: not Python's order anyway
        order: list[cst.Arg] = []
        automatic = 0
        for name, _, _ in fields:
            if name == "":
                if automatic >= len(positional):
                    return None
                order.append(positional[automatic])
                automatic += 1
            elif name.isdigit() and int(name) < len(positional):
                order.append(positional[int(name)])
            elif name in keywords:
                order.append(keywords[name])
            else:
                return None  # `{0.attr}`, `{0[1]}`, or a missing argument
        if {id(a) for a in order} != {id(a) for a in call.args}:
            return None  # an argument Python never reads
        if [id(a) for a in order] != [id(a) for a in call.args]:
            if not all(_pure(a.value) for a in call.args):
                return None
        quote = func.value.quote if isinstance(func.value, cst.SimpleString) else '"'  # type: ignore[union-attr]
        new_text = self._rewritten(text)
        if new_text is None or quote not in ('"', "'"):
            return None
        prefix = func.value.prefix if isinstance(func.value, cst.SimpleString) else ""  # type: ignore[union-attr]
        if "r" in prefix.lower() or "\\" in func.value.value:  # type: ignore[union-attr]
            return None  # keep escapes exactly as written: only plain literals
        literal = cst.SimpleString(f"{prefix}{quote}{new_text}{quote}")
        args = [a.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT) for a in order]
        args = [
            a.with_changes(comma=cst.MaybeSentinel.DEFAULT)
            if i == len(args) - 1
            else a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for i, a in enumerate(args)
        ]
        return [(call, call.with_changes(func=func.with_changes(value=literal), args=args))]

    @staticmethod
    def _rewritten(text: str) -> Optional[str]:
        """``text`` with every field's name dropped (``{0}`` / ``{name}`` -> ``{}``)."""
        out = []
        depth_open = False
        for char in text:
            if char == "{":
                if depth_open:
                    return None
                depth_open = True
                out.append("{")
            elif char == "}":
                if not depth_open:
                    return None
                depth_open = False
                out.append("}")
            elif not depth_open:
                out.append(char)
        return None if depth_open else "".join(out)


class NumberAbcToBuiltins(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "test the builtin number types TorchScript knows"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        if self.ctx.qualified_name(call.func) != "builtins.isinstance":
            return None
        kinds = call.args[1].value
        elements = [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
        spelled: list[str] = []
        for element in elements:
            name = self.ctx.qualified_name(element)
            if name in NUMBER_ABCS:
                spelled.extend(t for t in NUMBER_ABCS[name] if t not in spelled)
            else:
                spelled.append(self.code(element))
        text = spelled[0] if len(spelled) == 1 else f"({', '.join(spelled)})"
        return [(kinds, cst.parse_expression(text))]
