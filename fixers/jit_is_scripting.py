"""TL505: drop the branch that ``torch.jit.is_scripting()`` / ``torch.jit.is_tracing()`` keeps
for TorchScript (unsafe).

``is_scripting()`` is False everywhere but inside TorchScript: in eager Python, under
``torch.jit.trace``, ``torch.compile`` (Dynamo folds it to False) and ``torch.export``. Folding
it to False (``if torch.jit.is_scripting(): A else: B`` -> ``B``; ``x and not
torch.jit.is_scripting()`` -> ``x`` in a test) keeps what those four run; only TorchScript
changes, since it then compiles the code the guard kept from it (timm's ``fast_norm``: autocast
calls TorchScript rejects). ``is_tracing()`` is likewise False everywhere but under
``torch.jit.trace``. So the fix is unsafe (whoever scripts or traces the code, a library's users
included, sees the change), and it is offered only where no back-end the project uses for this
code would see it: not in a function the project scripts (traces, for ``is_tracing``), where the
fold would hand that back-end code it cannot convert and new findings.

``torch.compiler.is_compiling()`` is no replacement: it is True under torch.compile and
torch.export, where ``is_scripting()`` was False, so there the other branch would run.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, NewCode, Replacement

# Expression nodes whose evaluation calls nothing (so dropping one drops no side effect).
_INERT = (
    cst.Name,
    cst.Attribute,
    cst.Integer,
    cst.Float,
    cst.SimpleString,
    cst.Comparison,
    cst.UnaryOperation,
    cst.BooleanOperation,
)


def _inert(expr: cst.CSTNode) -> bool:
    if not isinstance(expr, _INERT):
        return False
    return all(_inert(child) for child in expr.children if isinstance(child, cst.BaseExpression))


class _Fold:
    """Folds one guard call to False in the code around it."""

    def __init__(self, fixer: Fixer) -> None:
        self.fixer = fixer

    def replacements(self, call: cst.Call) -> Optional[list[Replacement]]:
        node: cst.BaseExpression = call
        value = False
        while True:
            parent = self.fixer.parent(node)
            if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
                node, value = parent, not value
                continue
            if isinstance(parent, cst.BooleanOperation):
                other = parent.right if parent.left is node else parent.left
                keeps_other = value == isinstance(parent.operator, cst.And)
                if keeps_other:
                    # ``x and True`` / ``x or False`` have the truth of ``x`` (not its value).
                    if not self._truth_only(parent):
                        return None
                    if not other.lpar and parent.lpar:
                        other = other.with_changes(lpar=parent.lpar, rpar=parent.rpar)
                    return [(parent, other)]
                if parent.right is node and not _inert(other):
                    return None  # ``f() and False``: f() would no longer run
                node = parent  # ``False and f()`` never ran f()
                continue
            if isinstance(parent, cst.If) and parent.test is node:
                return self._if(parent, value)
            if isinstance(parent, cst.Assert) and parent.test is node and value:
                return self._assert_true(parent)
            if isinstance(parent, cst.IfExp) and parent.test is node:
                kept = parent.body if value else parent.orelse
                if not kept.lpar and parent.lpar:
                    kept = kept.with_changes(lpar=parent.lpar, rpar=parent.rpar)
                return [(parent, kept)]
            return [(node, cst.Name("True" if value else "False"))]

    def _truth_only(self, expr: cst.BaseExpression) -> bool:
        """Whether only the truth of ``expr`` matters: it is (part of) a test."""
        node = expr
        while True:
            parent = self.fixer.parent(node)
            if isinstance(parent, cst.BooleanOperation) or (
                isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not)
            ):
                if isinstance(parent, cst.BooleanOperation) and not self._truth_only(parent):
                    return False
                node = parent
                continue
            return isinstance(parent, (cst.If, cst.While, cst.IfExp, cst.Assert)) and (
                getattr(parent, "test", None) is node
            )

    def _assert_true(self, statement: cst.Assert) -> Optional[list[Replacement]]:
        """``assert True, msg`` checks nothing: the statement goes."""
        line = self.fixer.parent(statement)
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        return self._remove(line)

    def _remove(self, stmt: cst.BaseStatement) -> list[Replacement]:
        block = self.fixer.parent(stmt)
        if isinstance(block, (cst.IndentedBlock, cst.Module)) and len(block.body) > 1:
            return [(stmt, cst.RemovalSentinel.REMOVE)]
        return [(stmt, cst.SimpleStatementLine(body=[cst.Pass()]))]

    def _if(self, stmt: cst.If, value: bool) -> Optional[list[Replacement]]:
        holder = self.fixer.parent(stmt)
        if isinstance(holder, cst.If) and holder.orelse is stmt:  # an ``elif``
            if value:
                return [(stmt, cst.Else(body=stmt.body))]
            if stmt.orelse is None:
                return [(stmt, cst.RemovalSentinel.REMOVE)]
            return [(stmt, stmt.orelse)]
        kept: list[cst.BaseStatement]
        if value:
            kept = _statements(stmt.body)
        elif isinstance(stmt.orelse, cst.If):
            kept = [stmt.orelse]
        elif isinstance(stmt.orelse, cst.Else):
            kept = _statements(stmt.orelse.body)
        else:
            kept = []
        if not kept:
            return self._remove(stmt)
        first = kept[0]
        kept[0] = first.with_changes(leading_lines=[*stmt.leading_lines, *first.leading_lines])
        new: NewCode = kept[0] if len(kept) == 1 else cst.FlattenSentinel(kept)
        return [(stmt, new)]


def _statements(body: cst.BaseSuite) -> list[cst.BaseStatement]:
    if isinstance(body, cst.SimpleStatementSuite):
        # ``if c: x = 1  # note``: the line keeps its comment.
        return [
            cst.SimpleStatementLine(
                body=list(body.body), trailing_whitespace=body.trailing_whitespace
            )
        ]
    assert isinstance(body, cst.IndentedBlock)
    return list(body.body)


def _guard_call(fixer: Fixer, diagnostic: Diagnostic, api: str) -> Optional[cst.Call]:
    node = diagnostic.node
    if fixer.ctx.qualified_name(node) != api:
        return None
    call = fixer.parent(node)
    if not isinstance(call, cst.Call) or call.func is not node or call.args:
        return None
    return call


def _reached_by(fixer: Fixer, node: cst.CSTNode, backend: str) -> bool:
    """Whether ``backend`` compiles the code at ``node`` (as far as the project shows)."""
    model = fixer.ctx.model
    for ancestor in fixer.ancestors(node):
        if isinstance(ancestor, cst.FunctionDef):
            info = model.function_info(ancestor)
            if info is None:
                return True  # not sure
            if info.region is not None:
                return backend in info.region.targets
    return False


class _DropGuardedBranch(Fixer):
    """Shared by the two fixers below (no ``codes`` of its own, so not registered)."""

    applicability = "unsafe"
    api = ""
    backend = ""

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = _guard_call(self, diagnostic, self.api)
        if call is None or _reached_by(self, call, self.backend):
            return None
        return _Fold(self).replacements(call)


class DropScriptOnlyBranch(_DropGuardedBranch):
    codes = ("TL505",)
    api = "torch.jit.is_scripting"
    backend = "script"
    message = (
        "drop the TorchScript-only branch: `torch.jit.is_scripting()` is False in eager, trace, "
        "torch.compile and torch.export, which run the same code; TorchScript then compiles "
        "the code the guard kept from it"
    )


class DropTraceOnlyBranch(_DropGuardedBranch):
    codes = ("TL505",)
    api = "torch.jit.is_tracing"
    backend = "trace"
    message = (
        "drop the torch.jit.trace-only branch: `torch.jit.is_tracing()` is False in eager, "
        "TorchScript, torch.compile and torch.export, which run the same code; torch.jit.trace "
        "then records the code the guard kept from it"
    )
