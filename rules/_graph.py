"""Helpers shared by the graph-code rules (TL1xx, TL3xx): the questions the semantic model's
kinds do not answer on their own, such as "is this tensor a boolean mask?" or "does this size
come from a dimension that varies between calls?".

Everything here is syntactic and local to one function, and errs towards "not sure".
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.semantic.kinds import Kind

# Tensor methods and torch functions whose result is a boolean tensor.
BOOL_METHODS = frozenset(
    {
        "bool", "eq", "ne", "gt", "ge", "lt", "le", "isnan", "isinf", "isfinite", "isneginf",
        "isposinf", "logical_and", "logical_or", "logical_not", "logical_xor", "isclose",
        "signbit", "greater", "greater_equal", "less", "less_equal", "not_equal",
    }
)  # fmt: skip
BOOL_FUNCTIONS = frozenset(f"torch.{name}" for name in BOOL_METHODS if name != "bool")
COMPARISON_OPERATORS = (
    cst.LessThan,
    cst.LessThanEqual,
    cst.GreaterThan,
    cst.GreaterThanEqual,
    cst.Equal,
    cst.NotEqual,
)


def assignments(
    func: Optional[cst.FunctionDef], name: str
) -> list[tuple[cst.BaseExpression, int, int]]:
    """Values bound to ``name`` in ``func`` as (value, position in a tuple target, tuple size).

    Position and size are 0 and 1 for a plain ``name = value``. Augmented assignments, loop
    targets and other bindings make the list contain a ``cst.Name("?")`` placeholder, which
    no caller recognises, so "not sure" wins.
    """
    if func is None:
        return []
    entry = _ASSIGNMENTS.get(id(func))
    if entry is None or entry[0] is not func:
        if len(_ASSIGNMENTS) > 512:
            _ASSIGNMENTS.clear()
        collector = _AssignmentCollector()
        func.body.visit(collector)
        entry = _ASSIGNMENTS[id(func)] = (func, collector.found)
    return entry[1].get(name, [])


# id(function node) -> (the node, its bindings); the node is kept so its id is not reused.
_ASSIGNMENTS: dict[int, tuple[cst.FunctionDef, dict[str, list]]] = {}


UNKNOWN_VALUE = cst.Name("unknown_binding")


class _AssignmentCollector(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found: dict[str, list[tuple[cst.BaseExpression, int, int]]] = {}

    def _add(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.found.setdefault(target.value, []).append((value, 0, 1))
        elif isinstance(target, (cst.Tuple, cst.List)):
            size = len(target.elements)
            for position, element in enumerate(target.elements):
                if isinstance(element.value, cst.Name) and not isinstance(
                    element, cst.StarredElement
                ):
                    self.found.setdefault(element.value.value, []).append((value, position, size))

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._add(target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._add(node.target, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._add(node.target, UNKNOWN_VALUE)

    def visit_For(self, node: cst.For) -> None:
        self._add(node.target, UNKNOWN_VALUE)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._add(node.target, UNKNOWN_VALUE)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._add(node.target, node.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # nested functions bind their own names


def is_bool_mask(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``expr`` is surely a boolean tensor (a comparison, ``~m``, ``m & n``, ``.bool()``)."""
    if depth > 6 or ctx.kind(expr) != Kind.TENSOR:
        return False
    if isinstance(expr, cst.Comparison):
        return all(isinstance(c.operator, COMPARISON_OPERATORS) for c in expr.comparisons)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
        return is_bool_mask(ctx, expr.expression, depth + 1)
    if isinstance(expr, cst.BinaryOperation) and isinstance(
        expr.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)
    ):
        return is_bool_mask(ctx, expr.left, depth + 1) or is_bool_mask(ctx, expr.right, depth + 1)
    if isinstance(expr, cst.Call):
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in BOOL_METHODS:
            return ctx.kind(expr.func.value) == Kind.TENSOR
        return ctx.qualified_name(expr.func) in BOOL_FUNCTIONS
    if isinstance(expr, cst.Name):
        values = assignments(ctx.function, expr.value)
        return bool(values) and all(
            size == 1 and is_bool_mask(ctx, value, depth + 1) for value, _, size in values
        )
    return False


def _is_minus_one(node: cst.BaseExpression) -> bool:
    return (
        isinstance(node, cst.UnaryOperation)
        and isinstance(node.operator, cst.Minus)
        and isinstance(node.expression, cst.Integer)
        and node.expression.value == "1"
    )


def _is_shape_of_tensor(ctx: LintContext, node: cst.BaseExpression) -> bool:
    """``x.shape`` or ``x.size()`` of a tensor."""
    if isinstance(node, cst.Attribute) and node.attr.value == "shape":
        return ctx.kind(node.value) == Kind.TENSOR
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute):
        return node.func.attr.value == "size" and ctx.kind(node.func.value) == Kind.TENSOR
    return False


def varying_size(
    ctx: LintContext, expr: cst.BaseExpression, depth: int = 0, last_dim_fixed: bool = True
) -> bool:
    """Whether the size ``expr`` may vary between calls (so ``torch.jit.trace`` bakes it in).

    With ``last_dim_fixed``, sizes of the last dimension (``x.shape[-1]``, ``x.size(-1)``, the
    last name of ``b, t, d = x.shape``) are taken as fixed: in arithmetic they are feature sizes
    that weights depend on. Every other size (batch, sequence, ``numel``, ``len``) may vary.
    """
    if depth > 6:
        return False
    kind = ctx.kind(expr)
    if kind not in (Kind.SIZE, Kind.SHAPE):
        return False
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1:
        index = expr.slice[0].slice
        if (
            isinstance(index, cst.Index)
            and _is_minus_one(index.value)
            and _is_shape_of_tensor(ctx, expr.value)
        ):
            return False
        return True
    if (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "size"
    ):
        args = [a.value for a in expr.args]
        return not (last_dim_fixed and len(args) == 1 and _is_minus_one(args[0]))
    if isinstance(expr, cst.BinaryOperation):
        return varying_size(ctx, expr.left, depth + 1, last_dim_fixed) or varying_size(
            ctx, expr.right, depth + 1, last_dim_fixed
        )
    if isinstance(expr, cst.UnaryOperation):
        return varying_size(ctx, expr.expression, depth + 1, last_dim_fixed)
    if isinstance(expr, cst.Comparison):
        parts = [expr.left, *(c.comparator for c in expr.comparisons)]
        return any(varying_size(ctx, part, depth + 1, last_dim_fixed) for part in parts)
    if isinstance(expr, (cst.List, cst.Tuple)):
        return any(varying_size(ctx, el.value, depth + 1, last_dim_fixed) for el in expr.elements)
    if isinstance(expr, cst.Name):
        values = assignments(ctx.function, expr.value)
        if not values:
            return True  # a parameter or global given as a size: assume it varies
        for value, position, size in values:
            if value is UNKNOWN_VALUE:
                return True
            if size > 1:
                if last_dim_fixed and _is_shape_of_tensor(ctx, value) and position == size - 1:
                    continue
                return True
            if varying_size(ctx, value, depth + 1, last_dim_fixed):
                return True
        return False
    if isinstance(expr, cst.Call):
        return any(varying_size(ctx, a.value, depth + 1, last_dim_fixed) for a in expr.args)
    return True


def is_empty_check(test: cst.BaseExpression) -> bool:
    """``n == 0``, ``n != 0``, ``n > 0``, ``n < 1``: a guard for empty inputs, which the traced
    inputs do not exercise and which leaves the result for non-empty inputs unchanged."""
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test = test.expression
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        right = target.comparator
        if isinstance(right, cst.Integer) and right.value in ("0", "1"):
            if right.value == "0":
                return isinstance(
                    target.operator, (cst.Equal, cst.NotEqual, cst.GreaterThan, cst.LessThanEqual)
                )
            return isinstance(target.operator, (cst.LessThan, cst.GreaterThanEqual))
    if isinstance(test, cst.Call) and isinstance(test.func, cst.Attribute):
        return test.func.attr.value in ("numel", "nelement")
    return False


def call_targets(node: cst.Call) -> list[cst.BaseExpression]:
    """Positional argument values of a call."""
    return [a.value for a in node.args if a.keyword is None and not a.star]


def keyword(node: cst.Call, name: str) -> Optional[cst.BaseExpression]:
    for arg in node.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def condition_parts(
    ctx: LintContext, test: cst.BaseExpression
) -> list[tuple[cst.BaseExpression, frozenset[str]]]:
    """The operands of a top-level ``and`` chain, each with the back-ends it never runs under.

    In ``not torch.jit.is_tracing() and x.shape[0] > 2`` the size test is short-circuited away
    while tracing, so it is excluded from ``trace``. Guard operands themselves are left out.
    """
    operands: list[cst.BaseExpression] = []

    def flatten(node: cst.BaseExpression) -> None:
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.And):
            flatten(node.left)
            flatten(node.right)
        else:
            operands.append(node)

    flatten(test)
    if len(operands) == 1:
        return [(test, frozenset())]
    parts = []
    excluded: frozenset[str] = frozenset()
    for operand in operands:
        guard = ctx.model.guard_targets(operand)
        if guard is not None:
            if guard[1]:  # `not is_tracing()`: the rest never runs while tracing
                excluded = excluded | guard[0]
            continue
        parts.append((operand, excluded))
    return parts
