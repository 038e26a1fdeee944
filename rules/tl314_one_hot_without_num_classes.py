"""TL314: F.one_hot without num_classes in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import call_targets, keyword

ONE_HOT = {"torch.nn.functional.one_hot"}
DATA_CLASSES_MESSAGE = Message(
    "`F.one_hot` with `num_classes` read from tensor data (`max(labels.max() + 1, n)`)",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph where "
            "the number is read",
        ),
        ("export", "torch.export fails on the data-dependent size"),
    ),
    "pass a fixed number of classes",
)


class OneHotWithoutNumClasses(Rule):
    """Flags `F.one_hot(t)` without `num_classes` (or with one read from tensor data) in graph
    code.

    ## What it does
    Finds `torch.nn.functional.one_hot` calls (and `t.one_hot` is not a method, so only the
    function) whose number of classes is missing or `-1`.

    ## Why is this bad?
    Without `num_classes`, the output width is `t.max() + 1`: a size read from the data.
    `torch.compile(fullgraph=True)` raises (GB0246 "Attempted to use
    `torch.nn.functional.one_hot` with data-dependent output shape") and plain `torch.compile`
    breaks the graph; `torch.export` fails on the data-dependent size.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, logits):
            return F.one_hot(logits.argmax(-1))
    ```
    Use instead: `F.one_hot(logits.argmax(-1), num_classes=logits.shape[-1])`.

    ## Fix safety
    Adding `num_classes` changes the output width when some classes never occur in a batch,
    which is usually the intent; the fix is unsafe for that reason.
    """

    code = "TL314"
    name = "one-hot-without-num-classes"
    subject = "`F.one_hot` without `num_classes` sizes its output from the data"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(GB0246)"
        ),
        "export": "torch.export fails on the data-dependent size",
    }
    advice = "pass num_classes"
    targets = ("compile", "export")

    VALID = [
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, logits):
                    return F.one_hot(logits.argmax(-1), num_classes=logits.shape[-1])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, classes: int = 4):
                    super().__init__()
                    self.classes = classes

                def forward(self, labels):
                    return F.one_hot(labels, self.classes).float()

            def inputs():
                return [(torch.tensor([0, 1]),), (torch.tensor([3, 2, 1]),)]
            """
        ),
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.softmax(-1)

            def targets_for(labels):
                return F.one_hot(labels)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.heads = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    out = sum(head(x) for head in self.heads)
                    return F.one_hot(out.argmax(-1), num_classes=4)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, classes: int = 4):
                    return F.one_hot(x.argmax(-1), classes)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, logits):
                    return F.one_hot(logits.argmax(-1))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, idx):
                    classes = max(idx.max() + 1, 6)
                    return F.one_hot(idx, classes).float().sum(0)[:6]

            def inputs():
                return [(torch.tensor([0, 1, 2]),), (torch.tensor([0, 7, 2]),)]
            """,
            line=8,
            message_contains="tensor data",
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or self.ctx.qualified_name(node.func) not in ONE_HOT:
            return
        classes = keyword(node, "num_classes")
        positional = call_targets(node)
        if classes is None and len(positional) >= 2:
            classes = positional[1]
        missing = classes is None or (
            isinstance(classes, cst.UnaryOperation)
            and isinstance(classes.expression, cst.Integer)
            and classes.expression.value == "1"
        )
        if missing:
            self.report(node)
        elif self.ctx.kind(classes) in (Kind.TENSOR, Kind.DATA):  # type: ignore[arg-type]
            self.report(node, DATA_CLASSES_MESSAGE)
