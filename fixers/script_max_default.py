"""TL209: ``max((f(s) for s in seqs), default=d)`` -> ``max([f(s) for s in seqs]) if len(seqs) >
0 else d`` (``min`` too) (unsafe).

TorchScript's ``max`` / ``min`` take no keyword arguments (torch 2.13: "Arguments for call are
not valid") and no generator, but compile ``max`` of a list comprehension and a conditional
expression (checked on torch 2.13: scripts, equals eager). The comprehension has one ``for``
and no filter, so it yields one value per element of ``seqs``: it is empty exactly when
``len(seqs)`` is 0, which is when Python returns the default. The iterable must be a name or an
attribute chain of names (read twice, no side effect) and the default a literal or a name.

The same for ``max(xs, default=d)`` of a name or attribute chain: ``max(xs) if len(xs) > 0
else d`` (TorchScript takes ``max`` / ``min`` of a ``List[int]`` / ``List[float]``; checked on
torch 2.13: scripts, equal eager, the default for an empty list). Not of a tensor (``max``
iterates over its rows, ``len`` is its first size).

Unsafe: ``len(seqs)`` needs a sized iterable, where the generator took any (an iterator or a
generator raises TypeError now); the list is built before ``max`` reads it.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import plain_reference

_LITERALS = (cst.Integer, cst.Float, cst.SimpleString, cst.Name)
# Parents under which a conditional expression needs no parentheses.
_BARE_PARENTS = (cst.Assign, cst.AnnAssign, cst.Return, cst.Arg)


class MaxDefaultToConditional(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "take max / min of a list comprehension, the default when the iterable is empty"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        name = self.ctx.qualified_name(call.func)
        if name not in ("builtins.max", "builtins.min"):
            return None
        values, default = call.args
        comp = values.value
        if (
            values.keyword is not None
            or values.star
            or default.keyword is None
            or default.keyword.value != "default"
            or not isinstance(default.value, _LITERALS)
        ):
            return None
        if plain_reference(comp) and self.kind(comp) not in (Kind.TENSOR, Kind.MODULES):
            values_text = seq = self.code(comp).strip()
        elif (
            isinstance(comp, (cst.GeneratorExp, cst.ListComp))
            and not comp.for_in.ifs
            and comp.for_in.inner_for_in is None
            and comp.for_in.asynchronous is None
            and plain_reference(comp.for_in.iter)
        ):
            for_in = comp.for_in
            seq = self.code(for_in.iter)
            values_text = f"[{self.code(comp.elt)} for {self.code(for_in.target)} in {seq}]"
        else:
            return None
        text = (
            f"{self.code(call.func)}({values_text}) if len({seq}) > 0 else "
            f"{self.code(default.value)}"
        )
        if not isinstance(self.parent(call), _BARE_PARENTS):
            text = f"({text})"
        return [(call, cst.parse_expression(text))]
