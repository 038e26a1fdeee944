"""TL326: ``math.comb(n, k)`` / ``math.perm(n, k)`` of a size, ``k`` a literal 0, 1 or 2 -> the
integer formula (safe).

``math.comb(n, 2)`` -> ``n * (n - 1) // 2``, ``math.perm(n, 2)`` -> ``n * (n - 1)``, ``k = 1``
-> ``n``, ``k = 0`` -> ``1``: Dynamo has no symbolic form of ``math.comb`` / ``math.perm``
(torch 2.13: fullgraph raises "torch.* op returned non-Tensor" once the size varies), while
integer arithmetic on a size stays symbolic, and the tracer records it. The same numbers for
every non-negative integer ``n``, which a size is (``math.comb`` refuses negatives and
floats; the finding is only made on sizes). Pair counts of feature-interaction models
(``math.comb(num_fields, 2)``) are the common case. Other ``k`` are left alone.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

FORMULAS = {
    ("math.comb", 0): "1",
    ("math.comb", 1): "{n}",
    ("math.comb", 2): "{n} * ({n} - 1) // 2",
    ("math.perm", 0): "1",
    ("math.perm", 1): "{n}",
    ("math.perm", 2): "{n} * ({n} - 1)",
}
ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer)


class CombinationsAsFormula(Fixer):
    codes = ("TL326",)
    applicability = "safe"
    message = "write the count as integer arithmetic on the size, which stays symbolic"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        if any(a.keyword is not None or a.star for a in call.args):
            return None
        n, k = (a.value for a in call.args)
        if not isinstance(k, cst.Integer) or not isinstance(n, ATOMS):
            return None
        formula = FORMULAS.get((self.ctx.qualified_name(call.func) or "", int(k.value)))
        if formula is None:
            return None
        expression = cst.parse_expression(formula.format(n=self.code(n)))
        parent = self.parent(call)
        standalone = isinstance(parent, (cst.Assign, cst.AnnAssign, cst.Arg, cst.Return))
        if call.lpar or (isinstance(expression, cst.BinaryOperation) and not standalone):
            # `2 * math.comb(n, 2)`: the formula keeps its own parentheses there.
            expression = expression.with_changes(
                lpar=call.lpar or [cst.LeftParen()], rpar=call.rpar or [cst.RightParen()]
            )
        return [(call, expression)]
