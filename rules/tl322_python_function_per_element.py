"""TL322: a Python function run on every element of a tensor (`Tensor.apply_`, `map_`)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.summary import FileSummary

# The tensor methods that call a Python callable once per element, in place (CPU tensors).
ELEMENTWISE_CALLABLE_METHODS = frozenset({"apply_", "map_", "map2_"})


class PythonFunctionPerElement(Rule):
    """Flags `t.apply_(fn)`, `t.map_(other, fn)` and `t.map2_(a, b, fn)` in graph code.

    ## What it does
    Finds calls in graph code of the tensor methods that run a Python callable on each
    element of a tensor, in place: `Tensor.apply_(fn)`, `Tensor.map_(other, fn)` and
    `Tensor.map2_(a, b, fn)`, whatever the callable (a lambda, a function of the file, a
    builtin such as `abs`), on a tensor of the graph code.

    ## Why is this bad?
    None of the back-ends can record a Python function run element by element. Checked with
    torch 2.13: `torch.compile(fullgraph=True)` raises ("Failed to convert args/kwargs to
    proxy": a Python callable is no graph input) and plain `torch.compile` breaks the graph
    there; `torch.export` fails (it traces with fake tensors, which have no elements to call
    the function on: "Cannot access data pointer of Tensor", ".map_ is not supported for
    tensor subclasses"); `torch.jit.trace` runs the function on the example input but does not
    record it, so the trace leaves it out and later calls disagree with eager. It is also
    slow: one Python call per element, on CPU only.

    ## Example
    ```python
    def soft_bucket(v: float) -> float:
        return -1.0 if v < -1.0 else 1.0 if v > 1.0 else v * 0.5

    class Model(nn.Module):
        def forward(self, x):
            h = self.proj(x).detach().clone()
            h.apply_(soft_bucket)
            return self.out(h)
    ```
    Use instead: the same function written with tensor operations, which every back-end
    records: `h = torch.where(h.abs() > 1.0, h.sign(), h * 0.5)`; `map_(other, fn)` becomes an
    operation of the two tensors (`torch.maximum(h, other)`).

    ## Fix safety
    No automatic fix: the callable has to be rewritten as tensor operations.
    """

    code = "TL322"
    name = "python-function-per-element"
    subject = "a Python function run on every element of a tensor"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (Failed to convert args/kwargs to proxy) and "
            "plain torch.compile breaks the graph here"
        ),
        "export": ("torch.export fails: its fake tensors have no elements to call the function on"),
        "trace": (
            "torch.jit.trace does not record the call: the trace leaves it out, so later calls "
            "disagree with eager"
        ),
    }
    advice = "write the function with tensor operations (`torch.where`, `clamp`, `maximum`)"
    targets = ("compile", "export", "trace")

    VALID = [
        # The same clipping written with tensor operations.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return torch.where(h.abs() > 1.0, h.sign(), h * 0.5)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4) * 3,)]
            """
        ),
        # nn.Module.apply (a function per submodule), and apply_ in __init__ (not graph code).
        Valid(
            """
            import torch
            from torch import nn

            def init_weights(m):
                if isinstance(m, nn.Linear):
                    nn.init.zeros_(m.bias)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.net = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
                    self.net.apply(init_weights)
                    scale = torch.linspace(-2.0, 2.0, 4)
                    scale.apply_(lambda v: min(max(v, -1.0), 1.0))
                    self.register_buffer("scale", scale)

                def forward(self, x):
                    return self.net(x) * self.scale

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

            def soft_bucket(v: float) -> float:
                return -1.0 if v < -1.0 else 1.0 if v > 1.0 else v * 0.5

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x).detach().clone()
                    h.apply_(soft_bucket)
                    return h * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4) * 3,)]
            """,
            line=14,
        ),
        # map_ of two tensors, in a helper.
        Invalid(
            """
            import torch
            from torch import nn

            def elementwise_max(a, b):
                out = a.clone()
                out.map_(b, lambda u, v: u if u > v else v)
                return out

            class Model(nn.Module):
                def forward(self, x, y):
                    return elementwise_max(x, y) + 1

            def inputs():
                return [
                    (torch.randn(2, 4), torch.randn(2, 4)),
                    (torch.randn(2, 4), torch.randn(2, 4)),
                ]
            """,
            line=6,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return "apply_(" in text or "map_(" in text or "map2_(" in text

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if (
            self.ctx.in_graph
            and type(func) is cst.Attribute
            and func.attr.value in ELEMENTWISE_CALLABLE_METHODS
            and node.args
            and self.ctx.kind(func.value) is Kind.TENSOR
        ):
            self.report(node)
