"""TL110: torch.tensor(...) of constant data in traced code (trace records it as a constant)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import call_targets
from .tl108_tensor_from_python_data import (
    SCALAR_CONSTRUCTORS,
    built_from_varying_data,
    followed_by_trace,
    tensor_list_data,
)

# The constructors torch.jit.trace warns about ("... results are registered as constants in the
# trace"); torch.full, torch.zeros, x.new_tensor and torch.scalar_tensor trace without a word.
WARNING_CONSTRUCTORS = {"torch.tensor", "torch.as_tensor", "torch.Tensor"}
# Constructors that warn whatever they are given (torch 2.13: "torch.from_numpy results are
# registered as constants in the trace", the same for torch.sparse_coo_tensor; torch.asarray,
# torch.frombuffer and torch.FloatTensor trace without a word: checked in
# tests/test_s23_trace.py).
ALWAYS_WARNING_CONSTRUCTORS = {"torch.from_numpy", "torch.sparse_coo_tensor"}
# autoray's numpy constructors and the torch function its torch backend runs for them (autoray
# 0.11: `array` -> torch.tensor, `asarray` -> torch.as_tensor; both warn while tracing).
AUTORAY_CONSTRUCTORS = {"array": "torch.tensor", "asarray": "torch.as_tensor"}


class TensorConstantInTrace(Rule):
    """Flags `torch.tensor(...)`, `torch.as_tensor(...)` and `torch.Tensor(...)` in traced code.

    ## What it does
    Finds the tensor constructors that `torch.jit.trace` warns about in code a trace runs
    (`forward` and what it calls, helpers included) when their data is not already flagged by
    TL108 (sizes or tensor data): literal tables, config values, `torch.tensor([])`,
    `torch.tensor(mask_value, dtype=x.dtype)`. `torch.as_tensor(u, dtype=torch.float32)` of a
    tensor is flagged too: the trace goes on from the tensor, but torch warns there all the
    same (`u.to(dtype=...)` does not). So is `torch.from_dlpack(...)` (also
    `torch.utils.dlpack.from_dlpack`): the tensor it makes is a constant of the trace, with
    no warning at all. `torch.from_numpy(...)` and `torch.sparse_coo_tensor(...)` warn
    whatever they are given, and so does autoray's `array` / `asarray` (`anp.array(data,
    like=backend)`) where it dispatches to torch (`torch.tensor` / `torch.as_tensor`): `like=`
    a tensor, `"torch"` or a backend held in a variable, or a tensor as the data. These
    findings predict the warning; whether the trace also goes wrong is the data's (a NumPy
    round trip of the input is flagged where it is made).

    ## Why is this bad?
    `torch.jit.trace` cannot see how the data was computed, so it records the tensor as a
    constant and warns on every trace: `TracerWarning: torch.tensor results are registered as
    constants in the trace`. With truly constant data the trace is right, but the warning is
    torch's notice that it cannot tell, and it buries the warnings that matter. When the data
    comes from anything that can change (a Python argument, a value computed from the input on
    some path), the trace silently reuses the example's value. Only `trace` is claimed:
    `torch.compile` and `torch.export` build these tensors in the graph.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            mask = torch.tensor(0.0, dtype=x.dtype, device=x.device)
            return torch.where(x > 0, x, mask)
    ```
    Use instead: `torch.full((), 0.0, dtype=x.dtype, device=x.device)`, `torch.zeros(...)`
    or `x.new_tensor(...)`, which trace without a warning, or build a constant table once in
    `__init__` with `self.register_buffer("table", torch.tensor([...]))`.

    ## Fix safety
    The fix rewrites `torch.tensor(<int or float literal>, ...)` to `torch.full((), <number>,
    ...)` and `torch.tensor([], ...)` to `torch.empty(0, ...)` when the only keywords are `dtype`
    and `device`: the same value, dtype and device in eager and under every back-end. It is
    safe. Left alone, as torch builds them differently: `True`/`False` (TorchScript's
    `torch.full` makes an int64 tensor of a bool, and tracing it fails), `requires_grad=`
    (TorchScript's `torch.full` and `torch.empty` reject it) and floats beyond float32's range
    (inf from `torch.tensor`, an error from `torch.full`). Other data is left for a person: a
    buffer or a tensor operation depends on where the data comes from.
    """

    code = "TL110"
    name = "tensor-constant-in-trace"
    subject = "tensor constructor in traced code"
    clauses = {
        "trace": "torch.jit.trace records its result as a constant and warns (TracerWarning)",
    }
    advice = "use torch.full / torch.zeros / x.new_tensor, or a buffer built in __init__"
    targets = ("trace",)
    severity = "warning"

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("weights", torch.tensor([1.0, 2.0, 3.0, 4.0]))

                def forward(self, x):
                    fill = torch.full((), 0.5, dtype=x.dtype, device=x.device)
                    return torch.where(x > 0, x * self.weights, fill) + x.new_tensor([1.0])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            def make_batch(rows):
                return torch.tensor(rows, dtype=torch.float32)

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.jit.is_tracing():
                        x = torch.minimum(x, torch.tensor(100.0))
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A DLPack round trip: the trace keeps the example's tensor, silently.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.utils import dlpack

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    capsule = dlpack.to_dlpack(self.fc(x).contiguous())
                    return dlpack.from_dlpack(capsule) * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=12,
            message_contains="without a warning",
        ),
        # `torch.as_tensor` of a tensor input: the trace is right, but torch warns there.
        Invalid(
            """
            import torch
            from torch import nn

            def as_points(coords: torch.Tensor) -> torch.Tensor:
                return torch.atleast_2d(torch.as_tensor(coords, dtype=torch.float32))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 2)

                def forward(self, coords):
                    return self.fc(as_points(coords))

            def inputs():
                return [(torch.randn(4, 3),), (torch.randn(2, 3),)]
            """,
            line=5,
            trace_warning=True,
            message_contains="follows the tensor",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    mask = torch.tensor(0.0, dtype=x.dtype, device=x.device)
                    return torch.where(x > 0, x, mask)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            trace_warning=True,
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    mask = torch.full((), 0.0, dtype=x.dtype, device=x.device)
                    return torch.where(x > 0, x, mask)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            def sobel_kernel(dtype):
                return torch.tensor([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]], dtype=dtype)

            class Model(nn.Module):
                def forward(self, x):
                    kernel = sobel_kernel(x.dtype)[None, None]
                    return F.conv2d(x, kernel, padding=1)

            def inputs():
                return [(torch.randn(1, 1, 5, 5),), (torch.randn(2, 1, 6, 6),)]
            """,
            line=6,
            trace_warning=True,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale: float = 2.0):
                    return x * torch.as_tensor(scale)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            trace_warning=True,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if name in DLPACK_IMPORTS:
            self.report(node, DLPACK_MESSAGE)
            return
        if name in ALWAYS_WARNING_CONSTRUCTORS:
            self.report(node, _constant_message(f"`{name}`", name))
            return
        autoray = self._autoray_constructor(name, node)
        if autoray is not None:
            self.report(
                node, _constant_message(f"autoray's `{autoray[0]}` dispatched to torch", autoray[1])
            )
            return
        if name not in WARNING_CONSTRUCTORS:
            return
        if not built_from_varying_data(self.ctx, node):
            self.report(node)
            return
        args = call_targets(node)
        if name in SCALAR_CONSTRUCTORS and args and followed_by_trace(self.ctx, args[0]):
            # `torch.tensor(n)` of a size the tracer holds as a 0-d tensor (`n = x.size(0)`):
            # TL108 leaves it, the trace computes it from each input's size, yet torch 2.13
            # warns all the same.
            self.report(node, _size_message(name))
            return
        if (
            name == "torch.as_tensor"
            and args
            and self.ctx.kind(args[0]) == Kind.TENSOR
            and not tensor_list_data(self.ctx, node)
        ):
            # `torch.as_tensor(u, dtype=torch.float32)` of a tensor: the trace goes on from `u`
            # (TL108 leaves it), but torch 2.13 warns all the same.
            self.report(node, AS_TENSOR_MESSAGE)

    def _autoray_constructor(
        self, name: Optional[str], node: cst.Call
    ) -> Optional[tuple[str, str]]:
        """``(function, torch function)`` for autoray's ``array`` / ``asarray`` (``anp.array(data,
        like=backend)``, ``do("array", data, like=...)``) that dispatches to torch: ``like=``
        a tensor, ``"torch"`` or a backend held in a variable (graph code of a torch model runs
        the torch one), or, without ``like=``, a tensor as the data."""
        if name is None or not name.startswith("autoray."):
            return None
        function = name.rpartition(".")[2]
        args = list(node.args)
        if function == "do" and args and type(args[0].value) is cst.SimpleString:
            function = args[0].value.evaluated_value  # type: ignore[attr-defined]
            args = args[1:]
        elif not name.startswith(("autoray.numpy.", "autoray.autoray.numpy.")):
            return None
        if function not in AUTORAY_CONSTRUCTORS or not args:
            return None
        like = next((a.value for a in args if a.keyword and a.keyword.value == "like"), None)
        if like is None:
            torch_like = args[0].keyword is None and self.ctx.kind(args[0].value) == Kind.TENSOR
        elif type(like) is cst.SimpleString:
            torch_like = like.evaluated_value == "torch"  # type: ignore[attr-defined]
        else:
            torch_like = type(like) in (cst.Name, cst.Attribute) and self.ctx.kind(like) in (
                Kind.TENSOR,
                Kind.CONST,
                Kind.UNKNOWN,
            )
        return (function, AUTORAY_CONSTRUCTORS[function]) if torch_like else None


def _constant_message(subject: str, torch_name: str) -> Message:
    short = torch_name.rpartition(".")[2]
    return Message(
        f"{subject} in traced code",
        (
            (
                "trace",
                "torch.jit.trace records its result as a constant and warns (TracerWarning: "
                f"torch.{short} results are registered as constants in the trace)",
            ),
        ),
        "build the tensor before tracing (a buffer made in __init__), or with tensor "
        "operations the trace records",
        frozenset({"trace"}),
    )


# A tensor made from a DLPack capsule (or an object with `__dlpack__`): the tracer records no
# op for the round trip, only the example's tensor, without a warning (torch 2.13).
DLPACK_IMPORTS = frozenset({"torch.from_dlpack", "torch.utils.dlpack.from_dlpack"})
DLPACK_MESSAGE = Message(
    "`from_dlpack` in traced code",
    (
        (
            "trace",
            "torch.jit.trace records the tensor it makes as a constant, without a warning: "
            "every later input gets the example's values",
        ),
    ),
    "keep the tensor in torch (the round trip through DLPack gives the same tensor back), or "
    "hand it to the other library outside the traced forward",
)


def _size_message(torch_name: str) -> Message:
    short = torch_name.rpartition(".")[2]
    return Message(
        f"`torch.{short}` of a size in traced code",
        (
            (
                "trace",
                f"torch.jit.trace warns (TracerWarning: torch.{short} results are registered "
                "as constants in the trace), though the trace computes it from each input's size",
            ),
        ),
        "make it with `torch.scalar_tensor(n, device=x.device)` or `torch.full((), n)`, which "
        "the trace records without a warning",
        frozenset({"trace"}),
    )


AS_TENSOR_MESSAGE = Message(
    "`torch.as_tensor` of a tensor in traced code",
    (
        (
            "trace",
            "torch.jit.trace warns (TracerWarning: results are registered as constants), though "
            "the trace follows the tensor",
        ),
    ),
    "convert the tensor itself (`u.to(dtype=torch.float32)`), or call `torch.as_tensor` "
    "before tracing, where the input may be a list",
    frozenset({"trace"}),
)
