"""TL319: a `with` block over a context manager Dynamo cannot trace."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid

# Context managers torch 2.13's Dynamo refuses to enter (each checked with fullgraph=True):
# thread locks are C objects ("Unsupported method call"), contextlib's redirections are
# "unsupported contextlib.* API", fork_rng and the back-end switches (`cudnn.flags`,
# `mkldnn.flags`, the deprecated `cuda.sdp_kernel`) return a non-tensor from a torch op.
UNTRACEABLE = frozenset(
    {
        "threading.Lock",
        "threading.RLock",
        "threading.Semaphore",
        "threading.BoundedSemaphore",
        "threading.Condition",
        "contextlib.redirect_stdout",
        "contextlib.redirect_stderr",
        "torch.random.fork_rng",
        "torch.backends.cudnn.flags",
        "torch.backends.mkldnn.flags",
        "torch.backends.cuda.sdp_kernel",
    }
)
# Entered through `ExitStack.enter_context`, torch's context managers (grad modes, autocast,
# record_function, sdpa_kernel) and `contextlib.nullcontext` stop Dynamo too (torch 2.13:
# their `__enter__` is skipped, or the object's attributes cannot be set or deleted); a class
# of the project with `__enter__`, a project `@contextmanager` and `contextlib.suppress` pass.
ENTER_CONTEXT_MESSAGE = Message(
    "a torch context manager entered through `ExitStack.enter_context`",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Dynamo cannot run its `__enter__` called from "
            "ExitStack) and plain torch.compile leaves the whole function uncompiled (it runs "
            "eagerly)",
        ),
    ),
    "enter it with a `with` statement (`with torch.set_grad_enabled(not freeze):`)",
)


class UntraceableContextManager(Rule):
    """Flags `with` blocks in graph code over context managers Dynamo cannot enter.

    ## What it does
    Finds `with` statements in graph code whose context manager is a thread lock
    (`threading.Lock`, `RLock`, `Semaphore`, `BoundedSemaphore`, `Condition`, called in
    place or stored on `self` in `__init__`), `contextlib.redirect_stdout` /
    `redirect_stderr`, or `torch.random.fork_rng`. Context managers Dynamo supports are not
    flagged: `torch.no_grad`, `enable_grad`, `inference_mode`, `autocast`,
    `contextlib.nullcontext`, `warnings.catch_warnings`, `torch.profiler.record_function`,
    and `@contextmanager` functions of the project. It also finds torch's context managers
    (and `contextlib.nullcontext`) entered through `contextlib.ExitStack.enter_context`,
    which Dynamo cannot trace even where it supports the same manager in a `with` statement.

    ## Why is this bad?
    Checked with torch 2.13: Dynamo cannot run the object's `__enter__`, so
    `torch.compile(fullgraph=True)` raises (GB0142) and plain `torch.compile`, which cannot
    resume inside the `with`, leaves the whole function uncompiled: it runs eagerly, with no
    speed-up. `torch.jit.trace` and `torch.export` run it in Python and pass.

    ## Example
    ```python
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 8)
            self._lock = threading.Lock()
            self.calls = 0

        def forward(self, x):
            with self._lock:
                self.calls += 1
            return self.fc(x)
    ```
    Use instead: keep the bookkeeping outside the compiled module (in the caller that holds
    the lock), or put it under `if not torch.compiler.is_compiling():`.

    ## Fix safety
    No automatic fix: dropping a lock changes what other threads see.
    """

    code = "TL319"
    name = "untraceable-context-manager"
    subject = "`with` over a context manager Dynamo cannot trace"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (GB0142 unsupported context manager) and "
            "plain torch.compile leaves the whole function uncompiled (it runs eagerly)"
        ),
    }
    advice = "keep it outside the compiled code, or under `if not torch.compiler.is_compiling():`"
    targets = ("compile",)

    VALID = [
        # The supported way to pick an attention kernel.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn
            from torch.nn.attention import SDPBackend, sdpa_kernel

            class Model(nn.Module):
                def forward(self, q, k, v):
                    with sdpa_kernel(SDPBackend.MATH):
                        return F.scaled_dot_product_attention(q, k, v)

            def inputs():
                return [
                    (torch.randn(1, 2, 3, 4), torch.randn(1, 2, 3, 4), torch.randn(1, 2, 3, 4)),
                    (torch.randn(2, 2, 5, 4), torch.randn(2, 2, 5, 4), torch.randn(2, 2, 5, 4)),
                ]
            """
        ),
        Valid(
            """
            import contextlib
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    with torch.no_grad(), contextlib.nullcontext():
                        y = self.fc(x)
                    return y

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """
        ),
    ]
    INVALID = [
        # cuDNN switched off around a sampling op (a grid_sample known to differ under cuDNN).
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn
            from torch.backends import cudnn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.offsets = nn.Linear(2, 2)

                def forward(self, img, grid):
                    with cudnn.flags(enabled=False, benchmark=False):
                        out = F.grid_sample(img, grid + self.offsets(grid), align_corners=False)
                    return out

            def inputs():
                return [
                    (torch.randn(1, 2, 5, 5), torch.rand(1, 3, 3, 2) * 2 - 1),
                    (torch.randn(2, 2, 6, 6), torch.rand(2, 4, 4, 2) * 2 - 1),
                ]
            """,
            line=12,
        ),
        Invalid(
            """
            import threading
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self._lock = threading.Lock()
                    self.calls = 0

                def forward(self, x):
                    with self._lock:
                        self.calls += 1
                    return self.fc(x).relu()

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=13,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    with torch.random.fork_rng():
                        y = self.fc(x)
                    return y

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=10,
        ),
        Invalid(
            """
            import contextlib
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, freeze_backbone: bool = True):
                    super().__init__()
                    self.backbone = nn.Linear(4, 4)
                    self.head = nn.Linear(4, 2)
                    self.freeze_backbone = freeze_backbone

                def forward(self, x):
                    x = x * 2
                    with contextlib.ExitStack() as stack:
                        if self.freeze_backbone:
                            stack.enter_context(torch.no_grad())
                        feats = self.backbone(x)
                    return self.head(feats)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=16,
            message_contains="enter_context",
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "with " in text or "enter_context" in text

    def visit_With(self, node: cst.With) -> None:
        if not self.ctx.in_graph:
            return
        for item in node.items:
            if self._untraceable(item.item):
                self.report(item.item)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if (
            self.ctx.in_graph
            and isinstance(func, cst.Attribute)
            and func.attr.value == "enter_context"
            and len(node.args) == 1
            and isinstance(node.args[0].value, cst.Call)
        ):
            entered = self.ctx.qualified_name(node.args[0].value.func) or ""
            if entered.startswith("torch.") or entered == "contextlib.nullcontext":
                self.report(node, ENTER_CONTEXT_MESSAGE)

    def _untraceable(self, manager: cst.BaseExpression) -> bool:
        if isinstance(manager, cst.Call):
            return self.ctx.qualified_name(manager.func) in UNTRACEABLE
        return self._stored_class(manager) in UNTRACEABLE

    def _stored_class(self, manager: cst.BaseExpression) -> Optional[str]:
        """The class ``self.<attr>`` was built from in ``__init__`` (``threading.Lock``)."""
        attr = self_attribute(manager)
        info = self.ctx.function_info
        if attr is None or info is None or not info.owner_class:
            return None
        return self.ctx.index.attribute_marker(info.owner_class, attr)
