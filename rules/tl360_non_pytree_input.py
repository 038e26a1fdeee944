"""TL360: a converted module's forward takes an instance of a plain project class (a dataclass
batch object): torch.export and torch.jit.trace cannot take it apart."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid

from ._graph import held_by_another_module
from .tl111_non_pytree_output import DICT, PLAIN, REGISTERED, REGISTERED_DICT, SEQUENCE, _class_kind

# The back-ends that fail on an input of each kind, checked with torch 2.13 (export
# non-strict, trace strict and not): what TL111's table says of a returned instance, except
# that a plain dict is a valid trace input.
FAILS: dict[str, tuple[str, ...]] = {
    PLAIN: ("export", "trace"),
    REGISTERED: ("trace",),
    DICT: ("export", "trace"),
    REGISTERED_DICT: ("trace",),
    SEQUENCE: ("export",),
}
CLAUSES = {
    "export": (
        "torch.export fails (Unsupported input type: export takes only pytree containers of "
        "tensors and Python constants; a dataclass registered with "
        "`torch.export.register_dataclass` passes)"
    ),
    "trace": "torch.jit.trace fails (it cannot infer the type of the input)",
}


class NonPytreeInput(Rule):
    """Flags a converted module's `forward` parameter annotated with a plain project class.

    ## What it does
    Finds a parameter of the `forward` of a module that is converted whole (no project module
    holds it as a submodule) annotated with a class of the project that torch cannot take
    apart: a `@dataclass` or a plain class (`data: GraphBatch`), or a subclass of `dict`,
    `OrderedDict`, `list` or `tuple`. A plain `dict`, a `NamedTuple` and a class registered as
    a pytree in its file (`torch.export.register_dataclass(GraphBatch)`) are not flagged for
    export; trace still fails on a registered class (and hands `forward` a `NamedTuple` as a
    plain tuple). A submodule's `forward` is not flagged:
    its caller hands it the object, and only the converted module's own inputs matter.

    ## Why is this bad?
    Checked with torch 2.13: `torch.export.export(model, (batch,))` raises `ValueError:
    Unsupported input type <class 'GraphBatch'>. Export only supports pytree containers of
    basic types`, for a dataclass, a plain class and a `dict`, `list` or `tuple` subclass;
    `torch.jit.trace(model, (batch,))` raises `RuntimeError: Tracer cannot infer type` for a
    dataclass (registered or not) and refuses a plain class or a `dict` subclass likewise
    (`strict=False` too). A plain `dict` of tensors passes both.

    ## Example
    ```python
    @dataclass
    class GraphBatch:
        x: torch.Tensor
        edge_index: torch.Tensor

    class Model(nn.Module):
        def forward(self, data: GraphBatch) -> torch.Tensor:
            return self.conv(data.x, data.edge_index)
    ```
    Use instead: take the tensors as arguments (`def forward(self, x, edge_index)`) and unpack
    the batch at the call; for export alone, `torch.export.register_dataclass(GraphBatch)`.

    ## Fix safety
    No automatic fix: the callers change with the signature.
    """

    code = "TL360"
    name = "non-pytree-input"
    subject = "forward takes an instance of a class torch cannot take apart"
    clauses = CLAUSES
    advice = "take the tensors as arguments and unpack the object at the call"
    targets = ("export", "trace")

    VALID = [
        # A dict of tensors: both take it apart.
        Valid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, batch: Dict[str, torch.Tensor]):
                    return self.proj(batch["x"]) * batch["mask"]

            def inputs():
                return [
                    ({"x": torch.randn(2, 4), "mask": torch.ones(2, 4)},),
                    ({"x": torch.randn(3, 4), "mask": torch.zeros(3, 4)},),
                ]
            """
        ),
        # A submodule takes the object: the converted module's own input is a tensor.
        Valid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Feats:
                h: torch.Tensor
                scale: float

            class Head(nn.Module):
                def forward(self, feats: Feats):
                    return feats.h * feats.scale

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = Head()

                def forward(self, x):
                    return self.head(Feats(x + 1, 2.0))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Batch:
                tokens: torch.Tensor
                lengths: torch.Tensor

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.embed = nn.Embedding(10, 4)

                def forward(self, batch: Batch):
                    h = self.embed(batch.tokens)
                    return h.sum(1) / batch.lengths.unsqueeze(-1)

            def inputs():
                torch.manual_seed(0)
                return [
                    (Batch(torch.randint(0, 10, (2, 5)), torch.tensor([5.0, 3.0])),),
                    (Batch(torch.randint(0, 10, (2, 5)), torch.tensor([4.0, 2.0])),),
                ]
            """,
            line=16,
        ),
        # A registered dataclass: export takes it apart, trace still cannot.
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Pair:
                left: torch.Tensor
                right: torch.Tensor

            torch.export.register_dataclass(Pair)

            class Model(nn.Module):
                def forward(self, pair: Pair):
                    return pair.left - pair.right

            def inputs():
                return [
                    (Pair(torch.randn(2, 3), torch.randn(2, 3)),),
                    (Pair(torch.randn(4, 3), torch.randn(4, 3)),),
                ]
            """,
            line=14,
            backends=("trace",),
        ),
    ]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        region = info.region if info is not None else None
        if (
            info is None
            or region is None
            or node.name.value != "forward"
            or not info.owner_class
            or region.qualname not in region.roots
            or region.qualname in self.ctx.index.library_api
            or held_by_another_module(self.ctx.index, info.owner_class)
        ):
            return
        for param in node.params.params[1:]:
            if param.annotation is None:
                continue
            kind = self._annotated_kind(param.annotation.annotation)
            if kind is None:
                continue
            failing = FAILS[kind]
            message = Message(
                f"`{param.name.value}` is an instance of a class torch cannot take apart "
                "(a dataclass, a plain class or a container subclass), and it is an input of "
                "the converted module",
                tuple((target, CLAUSES[target]) for target in failing),
                self.advice,
            )
            self.report(param, message, targets=failing)

    def _annotated_kind(self, annotation: cst.BaseExpression) -> Optional[str]:
        if not isinstance(annotation, (cst.Name, cst.Attribute)):
            return None
        qualname = self.ctx.qualified_name(annotation)
        if qualname is None:
            return None
        kind = _class_kind(self.ctx, qualname)
        return kind if kind in FAILS else None
