"""TL333: a nested tensor built from a list of tensors in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import nested_refused
from torchlint.lint.rule import Invalid, Rule, Valid

from ._graph import keyword


class NestedTensorInGraph(Rule):
    """Flags `torch.nested.nested_tensor(pieces)` and `as_nested_tensor` in graph code.

    ## What it does
    Finds the `torch.nested` constructors that build a nested tensor from a list of tensors
    (ragged sequences, segments of a packed batch) in graph code. The list comes from
    `benchmarks/dynamo_tables.py`, which asks torch which `torch.nested` functions both
    `torch.compile(fullgraph=True)` and `torch.export` refuse (`rules/dynamo_tables.json`).

    ## Why is this bad?
    Checked with torch 2.13: the default (strided) layout is built by
    `aten._nested_tensor_from_tensor_list`, which has no fake-tensor kernel:
    `torch.compile(fullgraph=True)` raises ("Operator does not support running with fake
    tensors") and `torch.export` fails ("UnsupportedOperatorException:
    aten._nested_tensor_from_tensor_list.default"). With `layout=torch.jagged`, Dynamo breaks
    on a data-dependent operator, export fails ("Unable to cast NotImplemented to Tensor") and
    `torch.jit.trace` fails too. `torch.jit.trace` runs the strided constructor in eager.

    ## Example
    ```python
    def forward(self, packed, lengths):
        segs = list(self.proj(packed).split(lengths.tolist()))
        nt = torch.nested.nested_tensor(segs)
        return torch.stack([s.mean(0) for s in nt.unbind()])
    ```
    Use instead: a padded batch and a mask (`pad_sequence` then a masked mean), or segment
    ids and a scatter-add (`torch.zeros(n, d).index_add_(0, seg_ids, h) / counts`).

    ## Fix safety
    No automatic fix.
    """

    code = "TL333"
    name = "nested-tensor-in-graph"
    subject = "a nested tensor built in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (Operator does not support running with fake "
            "tensors)"
        ),
        "export": (
            "torch.export fails (UnsupportedOperatorException: "
            "aten._nested_tensor_from_tensor_list.default)"
        ),
        "trace": "torch.jit.trace fails on the jagged layout",
    }
    advice = (
        "pad the pieces and use a mask, or reduce per segment with a scatter-add over segment ids"
    )
    targets = ("compile", "export")
    also_reports = ("trace",)  # layout=torch.jagged

    VALID = [
        # Segment means with a scatter-add over segment ids.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, packed, seg_ids):
                    h = self.proj(packed)
                    sums = torch.zeros(3, 4).index_add_(0, seg_ids, h)
                    counts = torch.zeros(3).index_add_(0, seg_ids, torch.ones_like(seg_ids, dtype=h.dtype))
                    return sums / counts.clamp(min=1).unsqueeze(-1)

            def inputs():
                return [
                    (torch.randn(5, 4), torch.tensor([0, 0, 1, 2, 2])),
                    (torch.randn(6, 4), torch.tensor([0, 1, 1, 1, 2, 2])),
                ]
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
                    self.proj = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.proj(x)
                    nt = torch.nested.nested_tensor([h[:1], h[1:]])
                    return torch.stack([s.mean(0) for s in nt.unbind()])

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.proj(x)
                    nt = torch.nested.as_nested_tensor([h[:2], h[2:]], layout=torch.jagged)
                    return torch.stack([s.mean(0) for s in nt.unbind()])

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            backends=("compile", "export", "trace"),
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        refused = nested_refused().get(name or "")
        if refused is None:
            return
        layout = keyword(node, "layout")
        if layout is not None and self.ctx.qualified_name(layout) == "torch.jagged":
            message = Message(
                f"`{name}(..., layout=torch.jagged)` builds a nested tensor in graph code",
                (
                    ("compile", "torch.compile breaks the graph (Data dependent operator)"),
                    ("export", "torch.export fails (Unable to cast NotImplemented to Tensor)"),
                    ("trace", "torch.jit.trace fails (Unsupported value kind: Tensor)"),
                ),
                self.advice,
            )
            self.report(node, message, targets=("compile", "export", "trace"))
            return
        message = Message(
            f"`{name}` builds a nested tensor in graph code",
            (
                ("compile", f"torch.compile(fullgraph=True) raises ({refused['compile']})"),
                ("export", f"torch.export fails ({refused['export']})"),
            ),
            self.advice,
        )
        self.report(node, message, targets=("compile", "export"))
