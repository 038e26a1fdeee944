"""TL215: an `IntEnum` member used as a number -> its ``.value`` (safe).

TorchScript types an enum member as the enum, an ``IntEnum``'s too, so arithmetic, ordering,
``==`` with a number and int arguments of builtins, torch functions and tensor methods find no
overload (torch 2.13: "Arguments for call are not valid"); ``Level.FINE.value`` is an int there.
In Python an ``IntEnum`` member is an int subclass equal to its value: every int operation gives
the same result on ``Level.FINE.value`` (an int where the member gave an int already).

Only ``Cls.MEMBER`` of a class of this file whose one base is ``enum.IntEnum`` and whose member
is bound to an int literal, among the operands of the reported operation, the arguments of the
reported call, or the reported index itself. A plain ``Enum`` member has no int meaning in
Python (its arithmetic fails in eager too) and is left alone.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class IntEnumValue(Fixer):
    codes = ("TL215",)
    applicability = "safe"
    message = "use the member's `.value` (TorchScript types an IntEnum member as the enum)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if "used as a number in scripted code" not in diagnostic.message:
            return None
        if isinstance(node, cst.BinaryOperation):
            operands = [node.left, node.right]
        elif isinstance(node, cst.Comparison):
            operands = [node.left, *(c.comparator for c in node.comparisons)]
        elif isinstance(node, cst.UnaryOperation):
            operands = [node.expression]
        elif isinstance(node, cst.Call):
            operands = [a.value for a in node.args]
        else:
            operands = [node]
        members = [o for o in operands if self._int_member(o)]
        if not members:
            return None
        return [
            (m, cst.Attribute(value=m, attr=cst.Name("value")))  # type: ignore[arg-type]
            for m in members
        ]

    def _int_member(self, node: cst.BaseExpression) -> bool:
        """``Cls.MEMBER`` of a class of this file deriving from ``enum.IntEnum`` alone, the
        member bound to an int literal in the class body."""
        if not (isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name)):
            return False
        for statement in self.ctx.module.body:
            if not (
                isinstance(statement, cst.ClassDef) and statement.name.value == node.value.value
            ):
                continue
            if len(statement.bases) != 1 or self.ctx.qualified_name(statement.bases[0].value) != (
                "enum.IntEnum"
            ):
                return False
            for line in statement.body.body:
                if isinstance(line, cst.SimpleStatementLine):
                    for small in line.body:
                        if (
                            isinstance(small, cst.Assign)
                            and len(small.targets) == 1
                            and isinstance(small.targets[0].target, cst.Name)
                            and small.targets[0].target.value == node.attr.value
                        ):
                            return isinstance(small.value, cst.Integer)
            return False
        return False
