"""Print / logging / warnings calls in graph code: guard them (safe) or remove them (unsafe)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

SIDE_EFFECT_CODES = ("TL301", "TL302", "TL303")


def _call_statement(fixer: Fixer, call: cst.CSTNode) -> Optional[tuple[cst.Expr, cst.CSTNode]]:
    """The expression statement that is exactly this call, and the line or suite holding it."""
    if not isinstance(call, cst.Call):
        return None
    expr = fixer.parent(call)
    if not isinstance(expr, cst.Expr) or expr.value is not call:
        return None
    holder = fixer.parent(expr)
    if not isinstance(holder, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
        return None
    return expr, holder


class GuardSideEffect(Fixer):
    """``print(x)`` -> ``if not torch.compiler.is_compiling():\\n    print(x)``.

    Eager runs keep the output; compiled code skips the call. Only a call that is a statement of
    its own line in an indented block is guarded.
    """

    codes = SIDE_EFFECT_CODES
    applicability = "safe"
    message = "guard the call with `if not torch.compiler.is_compiling():`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _call_statement(self, diagnostic.node)
        if found is None:
            return None
        _, line = found
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if not isinstance(self.parent(line), cst.IndentedBlock):
            return None
        torch = self.import_module("torch")
        guarded = cst.If(
            test=cst.parse_expression(f"not {torch}.compiler.is_compiling()"),
            body=cst.IndentedBlock(body=[line.with_changes(leading_lines=())]),
            leading_lines=line.leading_lines,
        )
        return [(line, guarded)]


class RemoveSideEffect(Fixer):
    """Remove the call where it shares a line with other statements (``a = f(x); print(a)`` or
    ``if c: print(x)``), which a guard cannot wrap without restructuring. Unsafe: the output goes."""

    codes = SIDE_EFFECT_CODES
    applicability = "unsafe"
    message = "remove the call"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _call_statement(self, diagnostic.node)
        if found is None:
            return None
        expr, holder = found
        assert isinstance(holder, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
        if len(holder.body) > 1:
            rest = [s for s in holder.body if s is not expr]
            # The statement now last must not keep a dangling ``;``.
            rest[-1] = rest[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
            return [(holder, holder.with_changes(body=rest))]
        if isinstance(holder, cst.SimpleStatementSuite):
            return [(expr, cst.Pass())]
        return None
