"""TL305: ``random.random()`` whose value only scales tensors -> ``random.uniform(0.0, 1.0)``.

``random.uniform(a, b)`` is ``a + (b - a) * random.random()`` in CPython's ``random`` module, so
with ``0.0, 1.0`` it draws the very same number from the same generator: eager results, seeded
or not, stay bit for bit. torch.compile skips ``random.random`` (a graph break, GB0007) but
replays ``random.uniform`` at run time with the values eager would draw, so the compiled model
keeps drawing. Only where the draw is an operand of arithmetic with a tensor (``x * random.random()``, or a
name bound once to the draw and used only so): Dynamo rejects Python arithmetic on the
replayed draw (``0.5 + random.uniform(...)``), and a draw that reaches a Python test
(``if random.random() < p``) would become a data-dependent branch.
Unsafe: torch.export and torch.jit.trace still record the value drawn while converting (TL305
stays for them), and what torch.compile replays depends on its guards.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._tensor_exprs import ARITHMETIC, name_reads


class RandomToUniform(Fixer):
    codes = ("TL305",)
    applicability = "unsafe"
    message = (
        "draw with `random.uniform(0.0, 1.0)` (the same number from the same generator), "
        "which torch.compile replays; torch.export and torch.jit.trace still record one value"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)  # ``from random import random``: no
            and not call.args
            and self.ctx.qualified_name(call.func) == "random.random"
            and self._scales_tensors(call)
        ):
            return None
        module = self.code(call.func.value)
        return [(call, f"{module}.uniform(0.0, 1.0)")]

    def _scales_tensors(self, node: cst.CSTNode, depth: int = 0) -> bool:
        """Whether the value of ``node`` is only ever an operand of arithmetic with a tensor
        (``x * draw``): Dynamo takes a replayed draw there, not in Python arithmetic."""
        parent = self.parent(node)
        if isinstance(parent, cst.BinaryOperation):
            return isinstance(parent.operator, ARITHMETIC) and self.kind(parent) == Kind.TENSOR
        target = _assigned_name(node, parent)
        if target is None or depth > 0:
            return False
        function = self.enclosing_function(node)
        uses = name_reads(function, target) if function is not None else []
        return (
            len(assignments(function, target)) == 1
            and bool(uses)
            and all(self._scales_tensors(use, depth + 1) for use in uses)
        )


def _assigned_name(value: cst.CSTNode, statement: Optional[cst.CSTNode]) -> Optional[str]:
    """``n`` for ``n = value`` (one plain target)."""
    if (
        isinstance(statement, cst.Assign)
        and statement.value is value
        and len(statement.targets) == 1
        and isinstance(statement.targets[0].target, cst.Name)
    ):
        return statement.targets[0].target.value
    return None
