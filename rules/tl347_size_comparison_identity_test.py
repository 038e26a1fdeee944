"""TL347: a comparison of a tensor's size tested with `is True` / `is False` in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

IDENTITY = (cst.Is, cst.IsNot)
BOOLS = ("True", "False")
# Comparisons whose result is a Python bool (a SymBool once the size is symbolic).
ORDERING = (
    cst.Equal,
    cst.NotEqual,
    cst.LessThan,
    cst.LessThanEqual,
    cst.GreaterThan,
    cst.GreaterThanEqual,
)


class SizeComparisonIdentityTest(Rule):
    """Flags `flag is False` where `flag` compares a tensor's size, in graph code.

    ## What it does
    Finds identity tests against `True` / `False` (`is False`, `is not True`) in graph code
    whose other side is a comparison of a size read from a tensor (`x.shape[-1] == 3`,
    `x.size(0) > 1`): written out, or a name the function binds only to such a comparison, or
    a `self.<attr>` the function sets to one (`self._coord_like = u.shape[-1] == self.ndim`
    then `if self._coord_like is False:`). A truth test (`if not flag:`) and `==` are not
    flagged: Dynamo evaluates them on the symbolic value.

    ## Why is this bad?
    `torch.compile` first compiles for the sizes of the first call; when a size changes it
    recompiles with the size symbolic, and the comparison is then a `SymBool`, which is not
    the `False` object: checked with torch 2.13, `flag is False` is false in the recompiled
    code whatever the sizes, so it takes the other branch. The compiled module returns other
    results than eager without an error, or, where that branch raises,
    `torch.compile(fullgraph=True)` fails ("Observed exception"). Eager compares the
    interned bools and is right; `torch.export` (static sizes by default) passes. While
    `torch.jit.trace` runs, a size is a 0-d tensor and the comparison a tensor, so the identity
    test is false there too, for every size: the trace records the other branch, and warns
    about nothing.

    ## Example
    ```python
    def forward(self, u):
        self._coord_like = u.shape[-1] == self.ndim
        if self._coord_like is False and self.ndim == 1:
            u = u.unsqueeze(-1)
        ...
    ```
    Use instead: a truth test of the comparison (`if not self._coord_like and ...`), which
    Dynamo evaluates on the symbolic size.

    ## Fix safety
    No automatic fix.
    """

    code = "TL347"
    name = "size-comparison-identity-test"
    subject = "a comparison of a tensor's size tested with `is True` / `is False`"
    clauses = {
        "compile": (
            "once a size changes between calls torch.compile recompiles with it symbolic, the "
            "comparison is a SymBool that is never the `True` / `False` object, and the "
            "compiled code takes the other branch (other results than eager, or an Observed "
            "exception under fullgraph=True where that branch raises)"
        ),
        "trace": (
            "while torch.jit.trace runs, a size is a 0-d tensor, so the comparison is a tensor, "
            "never the `True` / `False` object: the trace records the other branch than eager "
            "takes, without a TracerWarning"
        ),
    }
    advice = "test its truth instead (`if not flag:`), which follows the size"
    targets = ("compile", "trace")

    VALID = [
        # A truth test of the size comparison: Dynamo evaluates it on the symbolic size.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, u):
                    single = u.shape[-1] == 1
                    if not single:
                        return u * 2
                    return u - 1

            def inputs():
                return [(torch.randn(5),), (torch.randn(7),), (torch.randn(9),)]
            """
        ),
        # An identity test of a flag that is no size comparison.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, center: bool = False):
                    super().__init__()
                    self.center = center

                def forward(self, u):
                    if self.center is False:
                        return u * 2
                    return u - u.mean()

            def inputs():
                return [(torch.randn(5),), (torch.randn(7),), (torch.randn(9),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, u):
                    single = u.shape[-1] == 1
                    if single is False:
                        return u * 2
                    return u - 1

            def inputs():
                return [(torch.randn(5),), (torch.randn(7),), (torch.randn(9),)]
            """,
            line=7,
        ),
    ]

    def visit_Comparison(self, node: cst.Comparison) -> None:
        if not self.ctx.in_graph or len(node.comparisons) != 1:
            return
        target = node.comparisons[0]
        if not isinstance(target.operator, IDENTITY):
            return
        left, right = node.left, target.comparator
        if _bool_literal(right):
            tested = left
        elif _bool_literal(left):
            tested = right
        else:
            return
        if self._size_comparison(tested):
            self.report(node)

    def _size_comparison(self, value: cst.BaseExpression, depth: int = 0) -> bool:
        """``value`` is a comparison of a size (or names only such comparisons)."""
        if isinstance(value, cst.Comparison):
            return (
                all(isinstance(c.operator, ORDERING) for c in value.comparisons)
                and self.ctx.kind(value) is Kind.SIZE
            )
        if depth > 2 or self.ctx.function is None:
            return False
        values: list[cst.BaseExpression] = []
        if isinstance(value, cst.Name):
            bound = assignments(self.ctx.function, value.value)
            if not bound or any(v is UNKNOWN_VALUE or size != 1 for v, _, size in bound):
                return False
            values = [v for v, _, _ in bound]
        else:
            attr = self_attribute(value)
            if attr is None:
                return False
            values = _self_assignments(self.ctx.function, attr)
            if values is None:
                return False
        return bool(values) and all(self._size_comparison(v, depth + 1) for v in values)


def _bool_literal(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value in BOOLS


def _self_assignments(function: cst.FunctionDef, attr: str) -> Optional[list[cst.BaseExpression]]:
    """The values ``function`` assigns to ``self.<attr>`` with a plain ``=`` (None when it
    binds it otherwise: augmented, annotated or tuple targets)."""
    found: list[cst.BaseExpression] = []
    unsure: list[bool] = []

    class Visitor(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is function  # not into nested functions

        def visit_Assign(self, node: cst.Assign) -> None:
            for target in node.targets:
                if self_attribute(target.target) == attr:
                    found.append(node.value)
                elif isinstance(target.target, (cst.Tuple, cst.List)) and any(
                    self_attribute(e.value) == attr for e in target.target.elements
                ):
                    unsure.append(True)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            if self_attribute(node.target) == attr:
                unsure.append(True)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            if self_attribute(node.target) == attr:
                unsure.append(True)

    function.visit(Visitor())
    return None if unsure else found
