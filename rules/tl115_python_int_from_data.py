"""TL115: Python needs a concrete int from tensor data (range, list indexing, sorted)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

# Python containers: indexing one by a symbolic integer needs its value.
SEQUENCE_KINDS = (Kind.CONST, Kind.DATA, Kind.TENSORS, Kind.MODULES)


class PythonIntFromData(Rule):
    """Flags Python code that needs a concrete integer read from tensor data.

    ## What it does
    Finds values read from tensor data (`t.item()`, `t.tolist()` and what is computed from
    them) where Python needs their value: `range(n)`, `sorted(values)`, indexing a Python list,
    tuple or `ModuleList` (`scales[k]`, `self.experts[k]`), repeating a list (`[0] * n`), and
    indexing a tensor with a Python list of them (`x[idx.tolist()]`). Indexing a tensor with one
    such value (`x[k]`) and slicing (`x[:n]`) are not flagged: export keeps them symbolic.

    ## Why is this bad?
    `torch.export` runs `forward` on fake tensors: a value read from their data is a symbolic
    integer with no value, so Python code that must know it fails
    (`GuardOnDataDependentSymNode: Could not extract specialized integer from data-dependent
    expression`, or "Could not guard on data-dependent expression" for `sorted`).
    `torch.jit.trace` bakes the value in where it is read (TL103, TL104).

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x, lengths):
            out = []
            for i in range(lengths.max().item()):
                out.append(self.step(x[:, i]))
            return torch.stack(out, 1)
    ```
    Use instead: a loop bound from a size (`range(x.shape[1])`) and a mask for the lengths,
    or tensor operations (`torch.sort`, `torch.index_select`, `torch.gather`).

    ## Fix safety
    No automatic fix.
    """

    code = "TL115"
    name = "python-int-from-data"
    subject = "Python needs a concrete int read from tensor data"
    clauses = {
        "export": ("torch.export fails (GuardOnDataDependentSymNode): the value is symbolic there"),
    }
    advice = "bound loops by sizes and use tensor operations (torch.sort, index_select, gather)"
    targets = ("export",)

    VALID = [
        # One value indexes a tensor or slices it; sizes bound the loop; `enumerate` over the
        # values needs none of them.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    k = lengths[0].item()
                    out = x[k] + x[: lengths[1].item()].sum(0)
                    for i in range(x.shape[0]):
                        out = out + x[i]
                    for i, n in enumerate(lengths.tolist()):
                        out = out + x[i] * n
                    return out

            def inputs():
                return [(torch.randn(4, 2), torch.tensor([1, 3])), (torch.randn(4, 2), torch.tensor([2, 2]))]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    out = x[:1]
                    for i in range(lengths.max().item()):
                        out = out + x[i : i + 1]
                    return out

            def inputs():
                return [(torch.randn(4, 2), torch.tensor([1, 3])), (torch.randn(4, 2), torch.tensor([2, 2]))]
            """,
            line=7,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = (1.0, 2.0, 3.0, 4.0)

                def forward(self, x, level):
                    return x * self.scales[level.item()]

            def inputs():
                return [(torch.randn(4, 2), torch.tensor(1)), (torch.randn(4, 2), torch.tensor(2))]
            """,
            line=10,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, idx):
                    rows = idx.tolist()
                    return x[rows] * sorted(rows)[0]

            def inputs():
                return [(torch.randn(4, 2), torch.tensor([1, 3])), (torch.randn(4, 2), torch.tensor([2, 2]))]
            """,
            line=7,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.qualified_name(node.func)
        if name == "builtins.range":
            args = [a.value for a in node.args if not a.star]
            if any(self.ctx.kind(a) == Kind.DATA for a in args):
                self.report(node)
        elif name == "builtins.sorted" and node.args:
            if _holds_data(self.ctx, node.args[0].value):
                self.report(node)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if len(node.slice) != 1 or type(node.slice[0].slice) is not cst.Index:
            return
        index = node.slice[0].slice.value  # type: ignore[attr-defined]
        receiver = self.ctx.kind(node.value)
        if receiver == Kind.TENSOR:
            if _data_list(self.ctx, index):
                self.report(node)
        elif receiver in SEQUENCE_KINDS and self.ctx.kind(index) == Kind.DATA:
            self.report(node)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        # `[0] * n`: a list repeated a data-dependent number of times.
        if type(node.operator) is not cst.Multiply:
            return
        for seq, count in ((node.left, node.right), (node.right, node.left)):
            if type(seq) is cst.List and self.ctx.kind(count) == Kind.DATA:
                self.report(node)
                return


def _holds_data(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """A list of values read from tensor data: ``t.tolist()``, a literal holding one, or a
    name bound only to those."""
    if type(expr) in (cst.List, cst.Tuple):
        return any(ctx.kind(el.value) == Kind.DATA for el in expr.elements)  # type: ignore[attr-defined]
    return _data_list(ctx, expr)


def _data_list(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    kind = type(expr)
    if kind in (cst.List, cst.Tuple):
        return any(ctx.kind(el.value) == Kind.DATA for el in expr.elements)  # type: ignore[attr-defined]
    if kind is cst.Call:
        func = expr.func  # type: ignore[attr-defined]
        return (
            type(func) is cst.Attribute
            and func.attr.value == "tolist"
            and ctx.kind(func.value) == Kind.TENSOR
        )
    if kind is cst.Name and depth < 4:
        bound = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        return bool(bound) and all(
            value is not UNKNOWN_VALUE and size == 1 and _data_list(ctx, value, depth + 1)
            for value, _, size in bound
        )
    return False
