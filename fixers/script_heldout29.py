"""Rewrites for script findings from the heldout29 probe batch (issue #23).

``IntBitCountAsBinaryDigits`` (TL209, safe): ``n.bit_count()`` of an int -> ``bin(n).count("1")``.
TorchScript's int has no ``bit_count`` (torch 2.13: 'int' object has no attribute or method);
it compiles ``bin`` and ``str.count``. Eager is unchanged: both count the ones of ``abs(n)``
(``bin(-5)`` is ``'-0b101'``). torch.compile and export treat both alike: a constant folds,
a dynamic size fails either way.

``MathExp2AsPower`` (TL209, unsafe): ``math.exp2(e)`` -> ``2.0 ** (e)``. TorchScript binds no
``math.exp2``; it compiles a float power. Unsafe: ``pow(2.0, e)`` and C's ``exp2`` may differ
in the last bit for a non-integral ``e`` (about 1 in 1000 draws); ``math.exp2`` of an int
argument too large raised OverflowError where the power does too.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import fresh_name
from ._tensor_exprs import has_comments


def _call_at(fixer: Fixer, node: cst.CSTNode) -> Optional[cst.Call]:
    """The call a finding points at: the node itself, or the call whose callee it is."""
    if isinstance(node, cst.Call):
        return node
    parent = fixer.parent(node)
    if isinstance(parent, cst.Attribute):
        parent = fixer.parent(parent)
    return parent if isinstance(parent, cst.Call) else None


class IntBitCountAsBinaryDigits(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = 'count the ones of `bin(n)`: `bin(n).count("1")`'

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "the int method `.bit_count()`" not in diagnostic.message:
            return None
        call = _call_at(self, diagnostic.node)
        if (
            call is None
            or call.args
            or not isinstance(call.func, cst.Attribute)
            or call.func.attr.value != "bit_count"
            or has_comments(call)
        ):
            return None
        receiver = self.code(call.func.value).strip()
        new = cst.parse_expression(f'bin({receiver}).count("1")')
        return [(call, new.with_changes(lpar=call.lpar, rpar=call.rpar))]


class MathExp2AsPower(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "write `math.exp2(e)` as the float power `2.0 ** (e)`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "`math.exp2`" not in diagnostic.message:
            return None
        call = _call_at(self, diagnostic.node)
        if (
            call is None
            or self.ctx.qualified_name(call.func) != "math.exp2"
            or len(call.args) != 1
            or call.args[0].star
            or call.args[0].keyword
            or has_comments(call)
        ):
            return None
        exponent = self.code(call.args[0].value).strip()
        power = cst.parse_expression(f"(2.0 ** ({exponent}))")
        parens = {"lpar": call.lpar, "rpar": call.rpar} if call.lpar else {}
        return [(call, power.with_changes(**parens))]


# The `.get` default TL215 names and the value type of the dict (`List[int]`).
_GET_DEFAULT = re.compile(
    r"the `\.get` default `(\[\]|list\(\))` for a dict of `([A-Za-z]+\[[a-z]+\])` values"
)
_BUILTIN_GENERIC = {"List": "list"}


class TypedEmptyGetDefault(Fixer):
    """``d.get(k, [])`` of a ``Dict[str, List[int]]`` -> ``empty_dims: list[int] = []`` on the
    line before and ``d.get(k, empty_dims)`` (safe). TorchScript types an empty list nothing
    annotates as ``List[Tensor]`` and ``aten::get`` wants the dict's value type exactly (torch
    2.13: Arguments for call are not valid); an annotated local is typed as annotated. Eager is
    unchanged: a fresh empty list each time the line runs, as the display made (a local's
    annotation is not evaluated at run time). Only where the line is a statement of a block
    and the call is in no lambda or comprehension (which would share the one list)."""

    codes = ("TL215",)
    applicability = "safe"
    message = "bind the empty default to a local annotated with the dict's value type"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _GET_DEFAULT.search(diagnostic.message)
        head, _, item = found.group(2).partition("[") if found else ("", "", "")
        if found is None or head not in _BUILTIN_GENERIC:
            return None
        arg = diagnostic.node
        if not isinstance(arg, cst.Arg) or arg.keyword is not None or arg.star:
            return None
        default = arg.value
        line: Optional[cst.CSTNode] = None
        for ancestor in self.ancestors(arg):
            if isinstance(ancestor, (cst.Lambda, cst.BaseComp)):
                return None
            if isinstance(ancestor, cst.SimpleStatementLine):
                line = ancestor
                break
        if line is None or not isinstance(self.parent(line), cst.IndentedBlock):
            return None
        call = self.parent(arg)
        receiver = (
            call.func.value
            if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
            else None
        )
        base = receiver.attr.value if isinstance(receiver, cst.Attribute) else "value"
        name = fresh_name(self, line, f"empty_{base.strip('_').split('_')[-1]}")
        annotation = f"{_BUILTIN_GENERIC[head]}[{item}"
        declaration = cst.parse_statement(f"{name}: {annotation} = {self.code(default).strip()}\n")
        declaration = declaration.with_changes(leading_lines=line.leading_lines)
        moved = line.deep_replace(default, cst.Name(name))
        assert isinstance(moved, cst.SimpleStatementLine)
        moved = moved.with_changes(leading_lines=[])
        return [(line, cst.FlattenSentinel([declaration, moved]))]
