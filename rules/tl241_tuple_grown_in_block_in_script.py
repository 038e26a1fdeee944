"""TL241: a tuple grown inside an `if` or a loop (`shape += (1, 1)`) in scripted code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, enclosing_blocks, in_script


class TupleGrownInBlockInScript(Rule):
    """Flags `shape += (1, 1)` inside an `if` or a loop, `shape` a tuple bound before it.

    ## What it does
    Finds, in code `torch.jit.script` compiles, a name bound to a tuple display before an
    `if`, `for` or `while` (`shape = (1, -1)`) and grown inside it by a tuple display
    (`shape += (1, 1)`, `shape = shape + (1, 1)`). Growing it in straight-line code is not
    flagged: TorchScript gives the name the new type from there on.

    ## Why is this bad?
    A TorchScript tuple's type holds its length (`Tuple[int, int]`), and a name keeps one type
    across the branches of an `if` and the iterations of a loop. Checked with torch 2.13:
    `torch.jit.script` fails ("Variable 'shape' previously had type Tuple[int, int] but is now
    being assigned to a value of type Tuple[int, int, int, int]"). Eager Python builds the
    longer tuple.

    ## Example
    ```python
    def channel_view(v: Tensor, ndim: int) -> Tensor:
        shape = (1, -1)
        if ndim == 4:
            shape += (1, 1)
        return v.view(shape)
    ```
    Use instead: a list (`shape = [1, -1]`, `shape += [1, 1]`: `List[int]` has no length in
    its type), or a whole tuple in each branch that returns or uses it there.

    ## Fix safety
    No automatic fix.
    """

    code = "TL241"
    name = "tuple-grown-in-block-in-script"
    message = (
        "a tuple grown inside an `if` or a loop: torch.jit.script fails (a tuple's length is "
        "part of its type, and the name keeps one type across branches and iterations: "
        "Variable previously had type Tuple[...]); build a list instead"
    )
    targets = SCRIPT

    VALID = [
        # A list grows inside the branch: List[int] keeps its type.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    shape = [1, -1]
                    if x.dim() == 4:
                        shape += [1, 1]
                    return x.sum(0).view(shape)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(2, 3, 1, 1),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    size = (x.shape[0],)
                    for _ in range(x.dim() - 1):
                        size = size + (1,)
                    return x.mean(-1).reshape(size[:2]) if x.dim() > 1 else x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 5),)]
            """,
            line=8,
        ),
    ]

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.operator, cst.AddAssign) and isinstance(node.target, cst.Name):
            self._check(node, node.target.value, node.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        value = node.value
        if (
            len(node.targets) == 1
            and isinstance(node.targets[0].target, cst.Name)
            and isinstance(value, cst.BinaryOperation)
            and isinstance(value.operator, cst.Add)
            and isinstance(value.left, cst.Name)
            and value.left.value == node.targets[0].target.value
        ):
            self._check(node, value.left.value, value.right)

    def _check(self, node: cst.CSTNode, name: str, added: cst.BaseExpression) -> None:
        if not _tuple_display(added) or not self.ctx.in_graph or not in_script(self.ctx):
            return
        blocks = enclosing_blocks(self.ctx)
        if not blocks:
            return
        block = blocks[0]
        start = self.ctx.position(block).start.line
        if any(
            value is not UNKNOWN_VALUE
            and size == 1
            and _tuple_display(value)
            and self.ctx.position(value).start.line < start
            for value, _, size in assignments(self.ctx.function, name)
        ):
            self.report(node)


def _tuple_display(value: cst.BaseExpression) -> bool:
    """A tuple written out with at least one element and no starred one."""
    return (
        isinstance(value, cst.Tuple)
        and bool(value.elements)
        and not any(isinstance(e, cst.StarredElement) for e in value.elements)
    )
