"""TL108: the legacy ``x.new(sizes)`` -> ``x.new_empty(sizes)`` (safe).

``x.new(b, h)`` makes an uninitialised tensor of ``x``'s dtype and device with those sizes, as
``x.new_empty(b, h)`` does; ``x.new(b, h).zero_()`` is ``x.new_zeros(b, h)``. ``torch.jit.trace``
records the legacy constructor with the example's sizes, the new ones with the sizes it
follows (``x.size(0)``), and TorchScript knows only the new ones (torch 2.13). Only sizes are
taken: two or more arguments, or one that is a size or a shape (``x.new([1, 2])`` makes a
tensor of that data).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind


class LegacySizedNew(Fixer):
    codes = ("TL108",)
    applicability = "safe"
    message = "use `x.new_empty(...)` (`x.new_zeros(...)` for `.zero_()`), which trace records"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        if call.func.attr.value != "new" or not call.args:
            return None
        if any(arg.keyword is not None or arg.star for arg in call.args):
            return None
        if len(call.args) == 1 and self.kind(call.args[0].value) not in (Kind.SIZE, Kind.SHAPE):
            return None
        owner = self.code(call.func.value)
        sizes = ", ".join(self.code(arg.value) for arg in call.args)
        zeroed = self._zeroed(call)
        if zeroed is not None:
            return [(zeroed, f"{owner}.new_zeros({sizes})")]
        return [(call, f"{owner}.new_empty({sizes})")]

    def _zeroed(self, call: cst.Call) -> Optional[cst.Call]:
        """The ``x.new(...).zero_()`` call around ``call``, if that is what it is."""
        parents = self.ancestors(call)
        if len(parents) < 2:
            return None
        attribute, outer = parents[0], parents[1]
        if (
            isinstance(attribute, cst.Attribute)
            and attribute.value is call
            and attribute.attr.value == "zero_"
            and isinstance(outer, cst.Call)
            and outer.func is attribute
            and not outer.args
        ):
            return outer
        return None
