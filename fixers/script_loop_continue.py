"""TL208: ``if cond: continue`` in a loop over a module container -> the rest under ``if not``.

``for i, layer in enumerate(self.layers): if i in skip: continue; x = layer(x)`` ->
``for i, layer in enumerate(self.layers): if not (i in skip): x = layer(x)``. TorchScript
unrolls a loop over a ``ModuleList`` and supports no ``continue`` in it; the statements after
the test run exactly when ``continue`` did not skip them, so eager runs the same code.

Safe. Left alone: a ``continue`` that is not the whole body of an ``if`` without ``elif`` /
``else`` standing directly in the loop body, a loop body with another ``break`` / ``continue``,
and ``break``.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk


def _jumps(body: cst.CSTNode) -> int:
    """``break`` / ``continue`` statements of this loop body (nested loops left out)."""
    count = 0

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal count
        if isinstance(child, (cst.For, cst.While, cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if isinstance(child, (cst.Break, cst.Continue)):
            count += 1
        return None

    walk(body, enter, lambda child: None)
    return count


def _negated(test: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(test, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or test.lpar:
        return cst.UnaryOperation(cst.Not(), test)
    return cst.UnaryOperation(
        cst.Not(), test.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    )


class ContinueToNegatedTest(Fixer):
    codes = ("TL208",)
    applicability = "safe"
    message = "run the rest of the loop body under `if not ...:` instead of `continue`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        jump = diagnostic.node
        if not isinstance(jump, cst.Continue):
            return None
        line = self.parent(jump)
        suite = self.parent(line) if line is not None else None
        if isinstance(line, cst.SimpleStatementLine) and isinstance(suite, cst.IndentedBlock):
            branch = self.parent(suite)
        elif isinstance(line, cst.SimpleStatementSuite):
            suite, branch = line, self.parent(line)
        else:
            return None
        if len(suite.body) != 1 or (
            isinstance(line, cst.SimpleStatementLine) and len(line.body) != 1
        ):
            return None
        if isinstance(line, cst.SimpleStatementSuite) and len(line.body) != 1:
            return None
        if not isinstance(branch, cst.If) or branch.orelse is not None:
            return None
        block = self.parent(branch)
        loop = self.parent(block) if block is not None else None
        if not isinstance(block, cst.IndentedBlock) or not isinstance(loop, cst.For):
            return None
        if loop.body is not block or _jumps(block) != 1:
            return None
        position = next(i for i, s in enumerate(block.body) if s is branch)
        rest = list(block.body[position + 1 :])
        if not rest:
            return None
        guarded = cst.If(
            test=_negated(branch.test),
            body=cst.IndentedBlock(body=rest),
            leading_lines=branch.leading_lines,
        )
        body = block.with_changes(body=[*block.body[:position], guarded])
        return [(loop, loop.with_changes(body=body))]
