"""TL320: torch.cond, while_loop or a torch.compile'd function in code torch.jit.trace runs."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.dynamo_tables import COND_OPERATORS, WHILE_LOOP_OPERATORS
from torchlint.lint.rule import Invalid, Rule, Valid

COMPILE = "torch.compile"


class CompiledCallInTrace(Rule):
    """Flags `torch.cond`, `while_loop` and calls of `torch.compile`'d functions in traced code.

    ## What it does
    Finds, in graph code, calls of `torch.cond(pred, true_fn, false_fn, operands)`, of
    `torch.while_loop` (`torch._higher_order_ops.while_loop`), and of functions of the file decorated with
    `@torch.compile` (or bound to `torch.compile(fn)`).

    ## Why is this bad?
    In eager mode these operators run their branches through Dynamo, and `torch.jit.trace`
    refuses to trace Dynamo-optimized code: the trace fails ("Detected that you are using FX to
    torch.jit.trace a dynamo-optimized function. This is not supported at the moment."). They
    are what `torch.export` and `torch.compile` need for data-dependent branches, so code that
    is still traced has to keep another path for the tracer.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return torch.cond(x.sum() > 0, self.pos, self.neg, (x,))
    ```
    Use instead: `torch.where(x.sum() > 0, self.pos(x), self.neg(x))` where both branches
    are cheap, or keep `torch.cond` only under `if torch.compiler.is_compiling():` and trace the
    other path.

    ## Fix safety
    No automatic fix: `torch.where` runs both branches, which changes cost and may raise.
    """

    code = "TL320"
    name = "compiled-call-in-trace"
    subject = "a Dynamo-run operator or a torch.compile'd function in traced code"
    clauses = {
        "trace": (
            "torch.jit.trace fails here (it does not trace Dynamo-optimized functions, which "
            "these run through)"
        ),
    }
    advice = (
        "branch with torch.where where both sides are cheap, or keep this call under `if "
        "torch.compiler.is_compiling():` and give the tracer another path"
    )
    targets = ("trace",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.pos = nn.Linear(4, 4)
                    self.neg = nn.Linear(4, 4)

                def forward(self, x):
                    if torch.compiler.is_compiling():
                        return torch.cond(x.sum() > 0, self.pos, self.neg, (x,))
                    return torch.where(x.sum() > 0, self.pos(x), self.neg(x))

            def inputs():
                return [(torch.randn(3, 4) + 1,), (torch.randn(3, 4) - 1,)]
            """,
            backends=("trace",),
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.pos = nn.Linear(4, 4)
                    self.neg = nn.Linear(4, 4)

                def forward(self, x):
                    return torch.cond(x.sum() > 0, self.pos, self.neg, (x,))

            def inputs():
                return [(torch.randn(3, 4) + 1,), (torch.randn(3, 4) - 1,)]
            """,
            line=11,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            @torch.compile(backend="eager")
            def scale(t):
                return t * 2

            class Model(nn.Module):
                def forward(self, x):
                    return scale(x) + 1

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=10,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    steps = (x.abs().sum() * 2).long()
                    _, y = torch.while_loop(
                        lambda i, y: i < steps,
                        lambda i, y: (i + 1, y * 0.5),
                        (torch.zeros((), dtype=torch.int64), x),
                    )
                    return y

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func) or ""
        if name in COND_OPERATORS or name in WHILE_LOOP_OPERATORS or self._compiled(node.func):
            self.report(node)

    def _compiled(self, func: cst.BaseExpression) -> bool:
        """A function of this file decorated with ``@torch.compile`` (with or without
        arguments) or bound at module level to ``torch.compile(fn)``."""
        if not isinstance(func, cst.Name):
            return False
        for statement in self.ctx.module.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == func.value:
                return any(
                    self.ctx.qualified_name(
                        d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator
                    )
                    == COMPILE
                    for d in statement.decorators
                )
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if (
                        isinstance(small, cst.Assign)
                        and any(
                            isinstance(t.target, cst.Name) and t.target.value == func.value
                            for t in small.targets
                        )
                        and isinstance(small.value, cst.Call)
                    ):
                        return self.ctx.qualified_name(small.value.func) == COMPILE
        return False
