"""TL103: ``t.max().item()`` used only in arithmetic with tensors -> ``t.max().detach()`` (unsafe).

The value stays a 0-d tensor, so no host copy and no constant baked into a trace. It is only
rewritten when the reasoning is local and sure:

- ``.item()`` is taken of a full reduction (``x.sum()``, ``x.abs().max()``, ``torch.mean(x)``),
  so the tensor is 0-d and broadcasts exactly like the number did;
- every use of the number (the call itself, or the one name it is assigned to, bound nowhere
  else in the function) is arithmetic (``+ - * / // % **``, unary minus) with number literals
  or constants that ends in arithmetic with a tensor, so the result was a tensor already.

``.detach()`` keeps what ``.item()`` did for autograd: no gradient flows through the value.
Unsafe, because results can differ: Python does the scalar-only part of the arithmetic in
double precision, the 0-d tensor in its own dtype (last-bit differences); a float64 or float16
0-d tensor combined with an integer tensor gives its own dtype where a Python float gave the
default dtype; on CUDA, division by a Python number is a multiplication by its reciprocal, by a
0-d tensor a true division; and a 0-d CUDA tensor cannot meet a CPU tensor, which a number can.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import scope_of, single_assigned_name, variable_uses
from ._tensor_exprs import ARITHMETIC, is_full_reduction, is_number


class ItemToTensor(Fixer):
    codes = ("TL103",)
    applicability = "unsafe"
    message = (
        "keep the 0-d tensor: `.detach()` instead of `.item()` (arithmetic runs in the tensor's "
        "dtype, not in double; a float64/float16 value with an integer tensor keeps its dtype)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        if call.args or not is_full_reduction(self, call.func.value):
            return None
        target = single_assigned_name(self, call)
        if target is None:
            uses: list[cst.CSTNode] = [call]
        else:
            function = self.enclosing_function(call)
            if function is None or len(assignments(function, target.value)) != 1:
                return None
            uses = [
                use
                for use in variable_uses(self, scope_of(self, call), target.value)
                if use is not target
            ]
            if not uses:
                return None
        if not all(self._ends_in_tensor_arithmetic(use) for use in uses):
            return None
        return [(call, call.with_changes(func=call.func.with_changes(attr=cst.Name("detach"))))]

    def _ends_in_tensor_arithmetic(self, use: cst.CSTNode) -> bool:
        """Climb arithmetic with numbers until an operation with a tensor operand."""
        current = use
        for _ in range(32):
            parent = self.parent(current)
            if isinstance(parent, cst.UnaryOperation) and isinstance(
                parent.operator, (cst.Minus, cst.Plus)
            ):
                current = parent
                continue
            if not (
                isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, ARITHMETIC)
            ):
                return False
            other = parent.right if parent.left is current else parent.left
            if self.kind(other) == Kind.TENSOR:
                return True
            if not (is_number(other) or self.kind(other) == Kind.CONST):
                return False
            current = parent
        return False
