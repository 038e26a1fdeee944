"""TL346: an autograd.Function that modifies its input in place (``ctx.mark_dirty``), in
traced code."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from torchlint.lint.rule import Invalid, Rule, Valid

from ._graph import applied_autograd_forward

MARK_DIRTY = m.Call(func=m.Attribute(attr=m.Name("mark_dirty")))


class InPlaceAutogradFunction(Rule):
    """Flags `Fn.apply(x)` in traced code where `Fn.forward` calls `ctx.mark_dirty(...)`.

    ## What it does
    Finds calls of a project `torch.autograd.Function`'s `apply` in code `torch.jit.trace`
    converts, where the Function's `forward` (in the same file) marks an input as modified in
    place with `ctx.mark_dirty(...)`: memory-saving activations (`x.clamp_(lo, hi)` then
    `ctx.mark_dirty(x)`), in-place normalisation or dropout written as a Function.

    ## Why is this bad?
    Checked with torch 2.13: the tracer records such a Function as an in-place node that the
    TorchScript interpreter cannot run. With `check_trace=True` (the default) tracing fails its
    sanity checks; with `check_trace=False` it returns a module whose every call fails
    (`RuntimeError: inplace Fn not supported in the JIT`). `torch.compile`, `torch.export` and
    `torch.jit.script` run the Function as eager does.

    ## Example
    ```python
    class InplaceHardtanh(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.clamp_(-1, 1)
            ctx.mark_dirty(x)
            return x

    class Net(nn.Module):
        def forward(self, x):
            return InplaceHardtanh.apply(self.fc(x))
    ```
    Use instead: an out-of-place forward (`return x.clamp(-1, 1)`, no `mark_dirty`) for the
    traced model, or convert with torch.compile / torch.export.

    ## Fix safety
    No automatic fix: dropping the in-place write changes the memory the Function saves and
    what its backward reads.
    """

    code = "TL346"
    name = "in-place-autograd-function"
    subject = "an autograd.Function that modifies its input in place (ctx.mark_dirty)"
    clauses = {
        "trace": (
            "torch.jit.trace fails its sanity checks, and with check_trace=False the traced "
            "module fails on every call (RuntimeError: inplace ... not supported in the JIT)"
        ),
    }
    advice = (
        "compute out of place in forward (no mark_dirty) for the traced model, or convert "
        "with torch.compile / torch.export"
    )
    targets = ("trace",)

    VALID = [
        # The same activation out of place: nothing marked dirty.
        Valid(
            """
            import torch
            from torch import nn

            class Hardtanh(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x):
                    y = x.clamp(-0.5, 0.5)
                    ctx.save_for_backward(y)
                    return y

                @staticmethod
                def backward(ctx, grad):
                    (y,) = ctx.saved_tensors
                    return grad * ((y > -0.5) & (y < 0.5)).to(grad.dtype)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return x + Hardtanh.apply(self.fc(x))

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

            class InplaceHardtanh(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x):
                    x.clamp_(-0.5, 0.5)
                    ctx.mark_dirty(x)
                    ctx.save_for_backward(x)
                    return x

                @staticmethod
                def backward(ctx, grad):
                    (y,) = ctx.saved_tensors
                    return grad * ((y > -0.5) & (y < 0.5)).to(grad.dtype)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return x + InplaceHardtanh.apply(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=23,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or "trace" not in self.ctx.targets:
            return
        forward = applied_autograd_forward(self.ctx, node)
        if forward is not None and m.findall(forward, MARK_DIRTY):
            self.report(node)
