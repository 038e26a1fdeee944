"""TL101: a Python branch on a tensor condition -> ``torch.where`` or ``torch.cond`` (unsafe).

Only branches the fixer can see whole are rewritten:

- ``a if cond else b`` -> ``torch.where(cond, a, b)``;
- ``if cond: return a`` + ``else: return b`` (or a ``return b`` right after the ``if``) ->
  ``return torch.where(cond, a, b)``;
- ``if cond: y = a`` + ``else: y = b`` -> ``y = torch.where(cond, a, b)``; without the ``else``,
  ``y = torch.where(cond, a, y)`` when ``y`` already holds a tensor (a parameter, or bound
  earlier in the same block);
- where the finding does not name ``trace`` (``torch.cond`` cannot be traced), branches that
  both return a call over the same tensor names, ``return f(x, h)`` / ``return g(x, h)`` ->
  ``return torch.cond(cond, f, g, (x, h))``, so only one branch runs.

The condition must surely be a boolean tensor (a comparison with a tensor, ``.any()``,
``torch.isnan(...)``, ``not`` of one becomes ``torch.logical_not(...)``), or a comparison of
``.item()`` of a full reduction with numbers (``x.max().item() > 100`` becomes
``x.max() > 100``), and each value a tensor or a number literal. Unsafe: ``torch.where`` evaluates both branches (their cost, and errors the
untaken one would raise), and broadcasts them together, so branches of different shapes or dtypes
give a different result; ``torch.cond`` needs both branches to return the same shape and dtype.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._tensor_exprs import (
    comparison_without_item,
    has_comments,
    is_bool_tensor,
    is_number,
    siblings,
    single_small_statement,
)


class TensorConditionToWhere(Fixer):
    codes = ("TL101",)
    applicability = "unsafe"
    message = "select with `torch.where` / `torch.cond` instead of a Python branch"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test = diagnostic.node
        if not isinstance(test, cst.BaseExpression):
            return None
        owner = self.parent(test)
        if isinstance(owner, cst.IfExp) and owner.test is test:
            return self._ternary(owner)
        if isinstance(owner, cst.If) and owner.test is test:
            return self._if(owner, allow_cond="trace" not in diagnostic.targets)
        return None

    # -- the condition and the values ------------------------------------------------------
    def _condition(self, test: cst.BaseExpression) -> Optional[str]:
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            if is_bool_tensor(self, test.expression):
                torch = self.import_module("torch")
                return f"{torch}.logical_not({_bare(self, test.expression)})"
            return None
        if is_bool_tensor(self, test):
            return _bare(self, test)
        # ``x.max().item() > 100``: the same test on the 0-d tensor keeps it a tensor.
        tensor_test = comparison_without_item(self, test)
        return _bare(self, tensor_test) if tensor_test is not None else None

    def _values(self, first: cst.BaseExpression, second: cst.BaseExpression) -> bool:
        """Both a tensor or a number literal, and at least one a tensor."""
        kinds = [Kind.TENSOR if self.kind(v) == Kind.TENSOR else None for v in (first, second)]
        if Kind.TENSOR not in kinds:
            return False
        return all(
            kind == Kind.TENSOR or is_number(value) for kind, value in zip(kinds, (first, second))
        )

    def _where(self, test: cst.BaseExpression, first: cst.BaseExpression, second) -> Optional[str]:
        if not isinstance(second, cst.BaseExpression) or not self._values(first, second):
            return None
        condition = self._condition(test)
        if condition is None:
            return None
        torch = self.import_module("torch")
        return f"{torch}.where({condition}, {_bare(self, first)}, {_bare(self, second)})"

    # -- shapes of code ---------------------------------------------------------------------
    def _ternary(self, node: cst.IfExp) -> Optional[list[Replacement]]:
        if has_comments(node):
            return None
        where = self._where(node.test, node.body, node.orelse)
        return [(node, where)] if where is not None else None

    def _if(self, node: cst.If, *, allow_cond: bool) -> Optional[list[Replacement]]:
        if node.orelse is not None and not isinstance(node.orelse, cst.Else):
            return None  # elif chains are left to the author
        if not isinstance(self.parent(node), (cst.IndentedBlock, cst.Module)):
            return None  # an ``elif`` (its parent is the ``if``) or ``if c: ...`` on one line
        if has_comments(node, leading=False):
            return None
        first = single_small_statement(node.body)
        if first is None:
            return None
        removed: Optional[cst.BaseStatement] = None
        if node.orelse is not None:
            second = single_small_statement(node.orelse.body)
        else:
            second, removed = self._statement_after(node, first)
        if isinstance(first, cst.Return) and isinstance(second, cst.Return):
            if first.value is None or second.value is None:
                return None
            new = None
            if allow_cond:
                new = self._cond_call(node.test, first.value, second.value)
            if new is None:
                new = self._where(node.test, first.value, second.value)
            if new is None:
                return None
            text = f"return {new}"
        elif isinstance(first, cst.Assign):
            target = _single_name_target(first)
            if target is None:
                return None
            if node.orelse is not None:
                if not (isinstance(second, cst.Assign) and _single_name_target(second) == target):
                    return None
                new = self._where(node.test, first.value, second.value)
            elif self._holds_tensor(node, target):
                new = self._where_or_keep(node.test, first, target)
            else:
                return None
            if new is None:
                return None
            text = f"{target} = {new}"
        else:
            return None
        replacements: list[Replacement] = [(node, text)]
        if removed is not None:
            replacements.append((removed, cst.RemovalSentinel.REMOVE))
        return replacements

    def _where_or_keep(
        self, test: cst.BaseExpression, assign: cst.Assign, target: str
    ) -> Optional[str]:
        """``if c: y = a`` -> ``torch.where(c, a, y)``: ``y`` keeps its value where ``c`` is false."""
        if self.kind(assign.targets[0].target) != Kind.TENSOR:
            return None
        if self.kind(assign.value) != Kind.TENSOR:
            return None
        condition = self._condition(test)
        if condition is None:
            return None
        torch = self.import_module("torch")
        return f"{torch}.where({condition}, {_bare(self, assign.value)}, {target})"

    def _statement_after(
        self, node: cst.If, first: cst.BaseSmallStatement
    ) -> tuple[Optional[cst.BaseSmallStatement], Optional[cst.BaseStatement]]:
        """For ``if c: return a`` without ``else``: the ``return b`` right after the ``if``."""
        if not isinstance(first, cst.Return):
            return None, None
        block = siblings(self, node)
        if block is None:
            return None, None
        position = next(i for i, stmt in enumerate(block) if stmt is node)
        if position + 1 >= len(block):
            return None, None
        following = block[position + 1]
        if not isinstance(following, cst.SimpleStatementLine) or len(following.body) != 1:
            return None, None
        if has_comments(following):
            return None, None
        statement = following.body[0]
        return (statement, following) if isinstance(statement, cst.Return) else (None, None)

    def _holds_tensor(self, node: cst.If, name: str) -> bool:
        """``name`` is bound before the ``if``: a parameter, or assigned earlier in its block."""
        function = self.enclosing_function(node)
        if function is not None and any(
            param.name.value == name for param in function.params.params
        ):
            return True
        block = siblings(self, node)
        if block is None:
            return False
        for stmt in block:
            if stmt is node:
                return False
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign) and _single_name_target(small) == name:
                        return True
        return False

    def _cond_call(
        self, test: cst.BaseExpression, first: cst.BaseExpression, second: cst.BaseExpression
    ) -> Optional[str]:
        """``f(x, h)`` / ``g(x, h)`` over the same tensor names -> ``torch.cond(c, f, g, (x, h))``."""
        if not (isinstance(first, cst.Call) and isinstance(second, cst.Call)):
            return None
        operands = _plain_names(first)
        if not operands or operands != _plain_names(second):
            return None
        for call in (first, second):
            if not _callable_path(call.func) or self.kind(call) != Kind.TENSOR:
                return None
            if (self.ctx.qualified_name(call.func) or "").startswith("torch."):
                return None  # a torch op: torch.where is the simpler select
            if any(self.kind(arg.value) != Kind.TENSOR for arg in call.args):
                return None
        condition = self._condition(test)
        if condition is None:
            return None
        torch = self.import_module("torch")
        packed = ", ".join(operands) + ("," if len(operands) == 1 else "")
        return (
            f"{torch}.cond({condition}, {self.code(first.func)}, {self.code(second.func)}, "
            f"({packed}))"
        )


def _bare(fixer: Fixer, expr: cst.BaseExpression) -> str:
    """Source of ``expr`` without its own outer parentheses (it becomes a call argument)."""
    return fixer.code(expr.with_changes(lpar=(), rpar=()))


def _single_name_target(assign: cst.Assign) -> Optional[str]:
    if len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name):
        return assign.targets[0].target.value
    return None


def _plain_names(call: cst.Call) -> Optional[list[str]]:
    """The argument names of ``f(x, h)``; None for keywords, stars or other expressions."""
    names = []
    for arg in call.args:
        if arg.keyword is not None or arg.star or not isinstance(arg.value, cst.Name):
            return None
        names.append(arg.value.value)
    return names


def _callable_path(func: cst.BaseExpression) -> bool:
    """``f`` or ``self.branch``: a name or attribute chain (nothing evaluated to get it)."""
    while isinstance(func, cst.Attribute):
        func = func.value
    return isinstance(func, cst.Name)
