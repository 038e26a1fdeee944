"""TL213: ``if x is None: continue`` in a loop, then uses of ``x`` -> the rest of the loop body
under ``if x is not None:``.

``for kind, stride in self.specs: if stride is None: continue; x = F.max_pool2d(x, stride)``
-> ``for kind, stride in self.specs: if stride is not None: x = F.max_pool2d(x, stride)``.
TorchScript refines an Optional only under a ``None`` test that guards the use or after one
that returns or raises, not after one that ``continue``s (torch 2.13: Arguments for call are
not valid; isIntList() INTERNAL ASSERT FAILED for ``F.max_pool2d``); under ``if x is not
None:`` it is refined (checked on torch 2.13: scripts and equals eager).

Only for an ``if x is None:`` (``None is x`` too) whose whole body is ``continue``, with no
``elif`` / ``else``, standing directly in the body of the loop that holds the flagged use, and
no other ``continue`` or ``break`` of that loop after it (nested loops keep theirs).

Safe: the statements after the test ran exactly when ``continue`` did not skip them, that is
when ``x`` is not None; they now run under that test, nothing else changes.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk


def _none_continue(stmt: cst.CSTNode) -> Optional[str]:
    """The name ``x`` of ``if x is None: continue`` (no elif / else), else None."""
    if not isinstance(stmt, cst.If) or stmt.orelse is not None:
        return None
    test = stmt.test
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    if not isinstance(test.comparisons[0].operator, cst.Is):
        return None
    sides = [test.left, test.comparisons[0].comparator]
    names = [s for s in sides if isinstance(s, cst.Name) and s.value != "None"]
    nones = [s for s in sides if isinstance(s, cst.Name) and s.value == "None"]
    if len(names) != 1 or len(nones) != 1:
        return None
    body = stmt.body
    if not isinstance(body, cst.IndentedBlock) or len(body.body) != 1:
        return None
    line = body.body[0]
    if not (
        isinstance(line, cst.SimpleStatementLine)
        and len(line.body) == 1
        and isinstance(line.body[0], cst.Continue)
    ):
        return None
    return names[0].value


def _jumps(statements: list[cst.BaseStatement]) -> bool:
    """Whether a ``continue`` / ``break`` of the enclosing loop stands in ``statements``."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if isinstance(node, (cst.For, cst.While, cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        if isinstance(node, (cst.Continue, cst.Break)):
            found = True
        return None

    for statement in statements:
        walk(statement, enter, lambda node: None)
    return found


class ContinueToNotNone(Fixer):
    codes = ("TL213",)
    applicability = "safe"
    message = "run the rest of the loop body under `if x is not None:`, which TorchScript refines"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        use = diagnostic.node
        if use is None:
            return None
        loop = next((a for a in self.ancestors(use) if isinstance(a, (cst.For, cst.While))), None)
        if loop is None or not isinstance(loop.body, cst.IndentedBlock) or loop.orelse is not None:
            return None
        body = list(loop.body.body)
        for at, stmt in enumerate(body):
            name = _none_continue(stmt)
            if name is None:
                continue
            rest = body[at + 1 :]
            if not rest or _jumps(rest):
                return None
            code = self.ctx.module.code_for_node(use)
            if name not in code:
                continue
            guarded = cst.If(
                test=cst.parse_expression(f"{name} is not None"),
                body=cst.IndentedBlock(body=rest),
                leading_lines=stmt.leading_lines,
            )
            new_body = loop.body.with_changes(body=[*body[:at], guarded])
            return [(loop, loop.with_changes(body=new_body))]
        return None
