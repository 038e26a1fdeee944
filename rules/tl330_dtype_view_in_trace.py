"""TL330: a tensor viewed as another dtype (`x.view(torch.int32)`), in traced code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid

from ._graph import call_targets, keyword
from .tl207_global_value_in_script import DTYPE_NAMES


class DtypeViewInTrace(Rule):
    """Flags `x.view(torch.int32)` and other views of a tensor as a dtype, in traced code.

    ## What it does
    Finds calls in code `torch.jit.trace` converts of `Tensor.view` given a dtype rather than a
    shape (`x.view(torch.int32)`, `x.view(dtype=torch.uint8)`, `x.view(other.dtype)`, a name
    bound to one of these) and of `torch.view_copy(x, dtype)`: bit casts such as reading the
    sign bit of a float (`x.view(torch.int32) < 0`) or the bytes of a tensor.

    ## Why is this bad?
    The tracer records the dtype as an int, and the recorded graph then matches no overload of
    `aten::view` (one takes a size list, the other a dtype): checked with torch 2.13, the trace
    fails at conversion ("INTERNAL ASSERT FAILED ... We don't have an op for aten::view but it
    isn't a special case"), even for a view as the tensor's own dtype. Eager, `torch.compile`
    and `torch.export` run the same code.

    ## Example
    ```python
    def sign_bits(x):
        return (x.contiguous().view(torch.int32) < 0).to(x.dtype)
    ```
    Use instead: the same value without the bit cast (`torch.signbit(x)`, `x < 0`), or
    `torch.export` / `torch.compile`.

    ## Fix safety
    No automatic fix: what replaces the bit cast depends on what it reads.
    """

    code = "TL330"
    name = "dtype-view-in-trace"
    subject = "a view of a tensor as another dtype"
    clauses = {
        "trace": (
            "torch.jit.trace fails at conversion (INTERNAL ASSERT FAILED: We don't have an op "
            "for aten::view but it isn't a special case)"
        ),
    }
    advice = (
        "compute the value without a bit cast (`torch.signbit(x)` for the sign bit), or convert "
        "with torch.export / torch.compile"
    )
    targets = ("trace",)

    VALID = [
        # A view to a shape, and the sign bit without a bit cast.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(8, 6)

                def forward(self, x):
                    z = self.proj(x)
                    flat = z.view(z.shape[0], 2, 3).view(-1, 6)
                    return torch.signbit(flat).to(z.dtype), z.view(torch.Size([z.shape[0], 6]))

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """
        ),
    ]
    INVALID = [
        # The sign bit of each feature through an int32 view, in a helper.
        Invalid(
            """
            import torch
            from torch import nn

            def sign_bits(x):
                bits = x.contiguous().view(torch.int32)
                return (bits < 0).to(x.dtype)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(8, 6)

                def forward(self, x):
                    z = self.proj(x)
                    return sign_bits(z), z

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """,
            line=5,
        ),
        # A view as another tensor's dtype, through a name.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("ref", torch.zeros(4, dtype=torch.int32))

                def forward(self, x):
                    as_int = self.ref.dtype
                    return x.view(as_int) & 1

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or "trace" not in self.ctx.targets:
            return
        func = node.func
        args = call_targets(node)
        if type(func) is cst.Attribute and func.attr.value == "view":
            dtype = keyword(node, "dtype")
            if dtype is None and len(node.args) == 1 and len(args) == 1:
                dtype = args[0]
        elif self.ctx.qualified_name(func) == "torch.view_copy":
            dtype = keyword(node, "dtype") or (args[1] if len(args) == 2 else None)
        else:
            return
        if dtype is not None and self._is_dtype(dtype):
            self.report(node)

    def _is_dtype(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """``torch.int32``, ``other.dtype``, or a name bound only to those."""
        kind = type(expr)
        if kind is cst.Attribute:
            if expr.attr.value == "dtype":  # type: ignore[attr-defined]
                return True
            name = self.ctx.qualified_name(expr)
            return name is not None and name.startswith("torch.") and name[6:] in DTYPE_NAMES
        if kind is cst.Name and depth < 3:
            bound = assignments(self.ctx.function, expr.value)  # type: ignore[attr-defined]
            return bool(bound) and all(
                value is not UNKNOWN_VALUE and size == 1 and self._is_dtype(value, depth + 1)
                for value, _, size in bound
            )
        return False
