"""TL208: ``if cond: continue`` / ``break`` in a loop over a module container -> ``if not``.

``for i, layer in enumerate(self.layers): if i in skip: continue; x = layer(x)`` ->
``for i, layer in enumerate(self.layers): if not (i in skip): x = layer(x)``. TorchScript
unrolls a loop over a ``ModuleList`` and supports no ``continue`` in it; the statements after
the test run exactly when ``continue`` did not skip them, so eager runs the same code.

Safe. Left alone: a ``continue`` that is not the whole body of an ``if`` without ``elif`` /
``else`` standing directly in the loop body, and a loop body with another ``break`` /
``continue``.

``if cond: ...; break`` standing last in such a loop's body -> a flag (``done = False`` before
the loop, the body under ``if not done:``, ``done = True`` for the ``break``): safe where the
loop variables are not read after the loop and the loop has no ``else`` (see ``BreakToFlag``).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk

from ._shared import fresh_name


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


def _loop_of(
    fixer: Fixer, branch: Optional[cst.CSTNode]
) -> Optional[tuple[cst.IndentedBlock, cst.For]]:
    """The body and the ``for`` loop ``branch`` (an ``if`` without ``elif`` / ``else``) stands
    directly in, where that body holds one ``break`` / ``continue``."""
    if not isinstance(branch, cst.If) or branch.orelse is not None:
        return None
    block = fixer.parent(branch)
    loop = fixer.parent(block) if block is not None else None
    if not isinstance(block, cst.IndentedBlock) or not isinstance(loop, cst.For):
        return None
    if loop.body is not block or _jumps(block) != 1:
        return None
    return block, loop


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
        found = _loop_of(self, branch)
        if found is None:
            return None
        block, loop = found
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


def _loop_names(target: cst.BaseExpression) -> Optional[set[str]]:
    """The names a ``for`` target binds (a name, or a tuple / list of names), else None."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        names: set[str] = set()
        for element in target.elements:
            inner = _loop_names(element.value)
            if inner is None:
                return None
            names |= inner
        return names
    return None


class BreakToFlag(Fixer):
    """``if cond: ...; break`` standing last in the body of a loop over a module container
    -> a flag: ``done = False`` before the loop, the body under ``if not done:``, and ``done =
    True`` for the ``break``. The modules after the exit are still iterated but nothing runs
    for them, so the same statements run as in eager; the loop variables, which now end on the
    last module, may not be read after the loop (no fix then), nor may the loop have an
    ``else``. Safe."""

    codes = ("TL208",)
    applicability = "safe"
    message = "skip the rest of the loop with a flag instead of `break`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        jump = diagnostic.node
        if not isinstance(jump, cst.Break):
            return None
        line = self.parent(jump)
        suite = self.parent(line) if line is not None else None
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if not isinstance(suite, cst.IndentedBlock) or suite.body[-1] is not line:
            return None
        branch = self.parent(suite)
        found = _loop_of(self, branch)
        if found is None or found[1].orelse is not None or found[0].body[-1] is not branch:
            return None
        block, loop = found
        assert isinstance(branch, cst.If)
        targets = _loop_names(loop.target)
        function = self.enclosing_function(loop)
        if targets is None or function is None or self._read_after(function, loop, targets):
            return None
        flag = fresh_name(self, loop, "done", "stopped")
        kept = list(suite.body[:-1])
        set_flag = cst.parse_statement(f"{flag} = True\n")
        new_branch = branch.with_changes(body=suite.with_changes(body=[*kept, set_flag]))
        guarded = cst.If(
            test=cst.parse_expression(f"not {flag}"),
            body=cst.IndentedBlock(body=[*block.body[:-1], new_branch]),
        )
        new_loop = loop.with_changes(body=block.with_changes(body=[guarded]))
        start = cst.parse_statement(f"{flag} = False\n").with_changes(
            leading_lines=loop.leading_lines
        )
        new_loop = new_loop.with_changes(leading_lines=[])
        return [(loop, cst.FlattenSentinel([start, new_loop]))]

    @staticmethod
    def _read_after(function: cst.FunctionDef, loop: cst.For, names: set[str]) -> bool:
        """Whether ``function`` spells any of ``names`` outside ``loop``."""
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if child is loop:
                return False
            if isinstance(child, cst.Name) and child.value in names:
                found = True
            return None

        walk(function.body, enter, lambda child: None)
        return found
