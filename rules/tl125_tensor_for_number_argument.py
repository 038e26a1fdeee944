"""TL125: a tensor passed where a torch operator takes a number (`torch.add(a, b, alpha=t)`)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import compile_break_reported

# The keyword arguments that every ATen schema of the operator types `Scalar` (a Python number,
# no `Tensor` overload), by operator: the coefficients of the fused arithmetic operators. Read
# from torch 2.13's `torch._C._jit_get_all_schemas()` (tests/test_s22_compile.py checks each
# entry against it); the in-place methods (`add_`, `addmm_`) share their operator's table.
NUMBER_KEYWORDS: dict[str, frozenset[str]] = {
    "add": frozenset({"alpha"}),
    "sub": frozenset({"alpha"}),
    "subtract": frozenset({"alpha"}),
    "rsub": frozenset({"alpha"}),
    "index_add": frozenset({"alpha"}),
    "addmm": frozenset({"alpha", "beta"}),
    "addmv": frozenset({"alpha", "beta"}),
    "addr": frozenset({"alpha", "beta"}),
    "addbmm": frozenset({"alpha", "beta"}),
    "baddbmm": frozenset({"alpha", "beta"}),
    "addcmul": frozenset({"value"}),
    "addcdiv": frozenset({"value"}),
}


class TensorForNumberArgument(Rule):
    """Flags a tensor passed for an operator's number coefficient (`alpha=`, `beta=`, `value=`).

    ## What it does
    Finds calls in graph code of `torch.add` / `torch.sub` (`alpha=`), `torch.addmm`,
    `addmv`, `addr`, `addbmm`, `baddbmm` (`alpha=`, `beta=`), `torch.addcmul` /
    `torch.addcdiv` (`value=`) and `index_add` (`alpha=`), as functions or tensor methods
    (in-place ones included), where the coefficient is a tensor: a buffer holding a tolerance
    (`torch.add(self.atol, y.abs(), alpha=self.rtol)`), a parameter, a computed 0-d tensor.

    ## Why is this bad?
    Every schema of these operators types the coefficient `Scalar`, a Python number: eager reads
    the number out of the 0-d tensor (a host sync on GPU). Checked with torch 2.13: Dynamo does
    the same on a fake tensor, which has no value, so plain `torch.compile` breaks the graph
    there ("Data dependent operator"). With `fullgraph=True` some of them compile and others
    raise (`sub`, `addmm`: "Could not guard on data-dependent expression"); `torch.export`
    likewise, so only the plain compile break is claimed.

    ## Example
    ```python
    class Controller(nn.Module):
        def __init__(self, atol, rtol):
            super().__init__()
            self.register_buffer("atol", torch.tensor(atol))
            self.register_buffer("rtol", torch.tensor(rtol))

        def forward(self, y):
            return torch.add(self.atol, y.abs(), alpha=self.rtol)
    ```
    Use instead: keep the coefficient a Python number (`self.rtol = float(rtol)`), or fold the
    tensor into an operand: `self.atol + self.rtol * y.abs()`.

    ## Fix safety
    No automatic fix: which of the two suits (a number fixed at construction, or a tensor that
    trains or moves with the module) is the author's choice.
    """

    code = "TL125"
    name = "tensor-for-number-argument"
    subject = "a tensor passed for a number argument of a torch operator"
    clauses = {
        "compile": (
            "plain torch.compile breaks the graph here ('Data dependent operator': Dynamo reads "
            "the number out of the tensor)"
        ),
    }
    advice = (
        "keep the coefficient a Python number, or fold the tensor into an operand "
        "(`a + t * b` for `torch.add(a, b, alpha=t)`)"
    )
    targets = ("compile",)

    VALID = [
        # A Python number, and the tensor folded into the operand.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("rtol", torch.tensor(0.3))
                    self.scale = 0.3

                def forward(self, x):
                    y = x * 2
                    return torch.add(y, x.abs(), alpha=self.scale) + y + self.rtol * x.abs()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
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
                    self.register_buffer("atol", torch.tensor(1e-3))
                    self.register_buffer("rtol", torch.tensor(0.3))

                def forward(self, x):
                    y = x * 2
                    return torch.add(self.atol, y.abs(), alpha=self.rtol)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gain = nn.Parameter(torch.tensor(0.5))

                def forward(self, x):
                    y = x.relu()
                    return y.addcmul(x, x, value=self.gain)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "alpha" in text or "beta" in text or "value" in text

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        operator = self._operator(node.func)
        if operator is None:
            return
        keywords = NUMBER_KEYWORDS[operator]
        for arg in node.args:
            if arg.keyword is None or arg.keyword.value not in keywords:
                continue
            if self.ctx.kind(arg.value) != Kind.TENSOR:
                continue
            if not compile_break_reported(self.ctx, node, (arg.value,)):
                continue
            subject = (
                f"a tensor passed as `{arg.keyword.value}=` of `{operator}`, a number argument"
            )
            self.report(
                node, Message(subject, (("compile", self.clauses["compile"]),), self.advice)
            )
            return

    def _operator(self, func: cst.BaseExpression) -> Optional[str]:
        """The operator of ``NUMBER_KEYWORDS`` a call runs: ``torch.add``, ``y.add_``."""
        name = self.ctx.qualified_name(func) or ""
        if name.startswith("torch.") and name.count(".") == 1:
            op = name[len("torch.") :]
            return op if op in NUMBER_KEYWORDS else None
        if isinstance(func, cst.Attribute) and self.ctx.kind(func.value) == Kind.TENSOR:
            op = func.attr.value
            op = op[:-1] if op.endswith("_") and not op.endswith("__") else op
            return op if op in NUMBER_KEYWORDS else None
        return None
