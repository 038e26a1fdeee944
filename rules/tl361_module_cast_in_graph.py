"""TL361: a module moved or cast (`self.to(dtype)`, `self.float()`) inside graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid

# The nn.Module methods that replace every parameter and buffer through `Module._apply`
# (torch 2.13's nn.Module: the test suite checks the list against its source); `share_memory`
# and `to_empty` apply too, but are not how forward code casts a module.
APPLY_METHODS = frozenset(
    {"to", "float", "double", "half", "bfloat16", "cpu", "cuda", "xpu", "ipu", "mtia", "type"}
)
# torch.nn layers that hold parameters by default: casting one replaces its weights. Casting a
# parameter-free submodule (an activation, a pooling) replaces nothing and export passes.
PARAMETERISED_LAYERS = frozenset(
    {
        "Linear",
        "Bilinear",
        "LazyLinear",
        "Conv1d",
        "Conv2d",
        "Conv3d",
        "ConvTranspose1d",
        "ConvTranspose2d",
        "ConvTranspose3d",
        "Embedding",
        "EmbeddingBag",
        "LayerNorm",
        "GroupNorm",
        "RMSNorm",
        "BatchNorm1d",
        "BatchNorm2d",
        "BatchNorm3d",
        "SyncBatchNorm",
        "RNN",
        "LSTM",
        "GRU",
        "RNNCell",
        "LSTMCell",
        "GRUCell",
        "MultiheadAttention",
        "PReLU",
        "Transformer",
        "TransformerEncoder",
        "TransformerDecoder",
        "TransformerEncoderLayer",
        "TransformerDecoderLayer",
    }
)


class ModuleCastInGraph(Rule):
    """Flags `self.to(...)`, `self.float()` and the like called inside graph code.

    ## What it does
    Finds a call of an `nn.Module` method that moves or casts every parameter and buffer
    (`.to()`, `.float()`, `.double()`, `.half()`, `.bfloat16()`, `.cpu()`, `.cuda()`,
    `.type()`) on the module itself (`self.to(pos.dtype)`) or on a submodule that holds
    parameters (`self.proj.half()`: a layer such as `nn.Linear`, or a module class of the
    project), in graph code. A parameter-free submodule (`self.act.float()`) is not flagged.

    ## Why is this bad?
    These methods replace each parameter through `Module._apply`. Checked with torch 2.13:
    inside `torch.export` that fails (`RuntimeError: _apply(): Couldn't swap Linear.weight`),
    whatever the dtype or device asked for, the current one too. `torch.compile` and
    `torch.jit.trace` pass (the trace records none of it), and TorchScript cannot compile the
    method at all (TL209). In eager mode the call walks every parameter on every forward.

    ## Example
    ```python
    def forward(self, pos):
        self.to(pos.dtype)  # follow the caller's precision
        return self.net(pos)
    ```
    Use instead: cast the model once, before converting it (`model.double()`), and bring the
    input to the parameters' dtype in forward (`pos = pos.to(self.net[0].weight.dtype)`).

    ## Fix safety
    No automatic fix: where the cast belongs is the caller's choice.
    """

    code = "TL361"
    name = "module-cast-in-graph"
    subject = "a module moved or cast in graph code"
    clauses = {
        "export": (
            "torch.export fails (RuntimeError: _apply(): Couldn't swap the parameter, whatever "
            "the dtype or device asked for)"
        ),
    }
    advice = (
        "cast or move the model once before converting it, and bring the input to the "
        "parameters' dtype in forward"
    )
    targets = ("export",)

    VALID = [
        # The input follows the parameters' dtype: no parameter is replaced.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(3, 4)
                    self.act = nn.ReLU()

                def forward(self, pos):
                    self.act.float()
                    return self.act(self.proj(pos.to(self.proj.weight.dtype)))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3, dtype=torch.float64),)]
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
                    self.proj = nn.Linear(3, 4)

                def forward(self, pos):
                    self.to(pos.dtype)
                    return self.proj(pos).tanh()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
            line=10,
        ),
        # A submodule cast to half precision and back on every call.
        Invalid(
            """
            import torch
            from torch import nn

            class Encoder(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv1d(2, 4, 3)

                def forward(self, x):
                    return self.conv(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.encoder = Encoder()

                def forward(self, x):
                    self.encoder.float()
                    return self.encoder(x.float()).relu()

            def inputs():
                return [(torch.randn(1, 2, 8),), (torch.randn(2, 2, 11),)]
            """,
            line=18,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if (
            not self.ctx.in_graph
            or not isinstance(func, cst.Attribute)
            or func.attr.value not in APPLY_METHODS
        ):
            return
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if not owner or not self.ctx.index.is_module_class(owner):
            return
        receiver = func.value
        if isinstance(receiver, cst.Name) and receiver.value == "self":
            self.report(node)
            return
        attr = self_attribute(receiver)
        if attr is not None and self._holds_parameters(self._attribute_class(owner, attr)):
            self.report(node)

    def _attribute_class(self, owner: str, attr: str) -> Optional[str]:
        for _, _, cls in self.ctx.index.mro(owner):
            if attr in cls.attributes:
                return cls.attributes[attr]
        return None

    def _holds_parameters(self, qualname: Optional[str]) -> bool:
        """A torch.nn layer that holds parameters by default, or a module class of the project
        (which the model builds to hold some)."""
        if qualname is None or qualname.startswith("<"):
            return False
        if qualname.startswith("torch.nn."):
            return qualname.rsplit(".", 1)[-1] in PARAMETERISED_LAYERS
        return self.ctx.index.class_info(qualname) is not None and self.ctx.index.is_module_class(
            qualname
        )
