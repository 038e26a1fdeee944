"""TL402: a Python loop doing per-element tensor work one batched op would do."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import mentions_name, names_api, starts_statement
from torchlint.rules._perf import descendants, kind_of, source_of
from torchlint.rules.tl105_tensor_iteration import surely_tensor


def _names_in(node: cst.CSTNode) -> set[str]:
    return {n.value for n in [node, *descendants(node)] if isinstance(n, cst.Name)}


def _rebound(target: cst.BaseExpression) -> set[str]:
    """Names a target rebinds: ``h`` and ``h, c``; not ``out`` in ``out[i] = ...``."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return set().union(*(_rebound(el.value) for el in target.elements))
    return set()


def _accumulates(child: cst.CSTNode) -> bool:
    """``acc += v`` or ``acc = acc + v``."""
    if isinstance(child, cst.AugAssign):
        return True
    if isinstance(child, cst.Assign) and isinstance(child.value, cst.BinaryOperation):
        targets = set().union(*(_rebound(t.target) for t in child.targets))
        left = child.value.left
        return isinstance(left, cst.Name) and left.value in targets
    return False


def _recurrent(body: cst.BaseSuite) -> bool:
    """A step that feeds the next one (``h = cell(x[t], h)``): sequential, not batchable.

    Accumulation (``acc = acc + x[i]``, ``acc += x[i]``) is not a recurrence: it is a sum.
    """
    for child in descendants(body):
        if not isinstance(child, cst.Assign):
            continue
        if _accumulates(child):
            continue
        targets = set().union(*(_rebound(t.target) for t in child.targets))
        if targets & _names_in(child.value):
            return True
    return False


class TinyTensorLoop(Rule):
    """Flags Python loops that index one element of a tensor per iteration.

    ## What it does
    Finds `for` loops over a tensor's rows (`for row in x:`, `for i in range(x.size(0)):` /
    `range(len(x))` / `range(x.shape[0])` with `x[i]` in the body) and Python `sum(...)` over a
    tensor's elements, in driver code and in graph code alike. The finding is on the loop (or on
    the `sum` call), and the message names the batched replacement: `x.sum(0)` for a Python
    sum, one batched op instead of append-then-`torch.stack`, and broadcasting,
    `torch.cumsum`, `scatter_add` or `torch.vmap` otherwise. Loops over modules
    (`for layer in self.layers:`), over lists of tensors, and recurrences whose step feeds the
    next (`h = cell(x[:, t], h)`: sequential by nature) are not flagged, nor loops over values
    that are tensors only by assumption: a submodule's output (often a tuple of feature maps),
    a graph root's parameter (often a list), a loaded checkpoint (a dict). The iterated value
    must be a tensor on the code's own evidence: a torch result, tensor arithmetic, a buffer,
    a parameter annotated as a tensor or a helper's parameter that callers pass tensors to.

    ## Why is this bad?
    Each iteration launches several tiny kernels (index, op, accumulate), each with a fixed
    dispatch cost of microseconds on CPU and a kernel launch on CUDA, so the loop costs
    O(rows) launches where one batched op costs one. Under `torch.compile` the loop is unrolled
    (long compile, graph per size) and under `torch.jit.trace` it is baked for one size.

    Measured by `benchmarks/performance_rules.py` (torch 2.13 CPU build, 1 thread on a shared
    2-core machine under load, median of 9 runs; peak memory is the growth of the process's
    peak resident set during one run; ratios moved by up to ~2x between runs on this busy
    machine; no GPU was available for a CUDA column):

    | pattern (flagged vs fixed) | flagged | fixed | ratio |
    |---|---|---|---|
    | Python sum over 2048 rows vs (x * w).sum(0), time | 39.11 ms | 0.03 ms | 1264.65x |
    | Python sum over 2048 rows vs (x * w).sum(0), peak memory | 0.6 MiB | 0.5 MiB | 1.31x |
    | append 2048 normalised rows + stack vs batched, time | 72.60 ms | 0.08 ms | 942.04x |
    | append 2048 normalised rows + stack vs batched, peak memory | 2.8 MiB | 0.5 MiB | 5.55x |

    On a 2-core CPU the flagged form ran 1264.7 times slower than the fix.

    ## Example
    ```python
    total = torch.zeros(x.size(1))
    for i in range(x.size(0)):
        total += x[i] * w
    ```
    Use instead:
    ```python
    total = (x * w).sum(0)
    ```

    ## Fix safety
    Replacing a Python sum of rows by `x.sum(0)` and append-then-stack by one batched op is
    unsafe: floating-point summation order changes (results differ in the last bits), and the
    batched form needs the whole intermediate in memory at once.
    """

    code = "TL402"
    name = "tiny-tensor-loop"
    message = "Python loop over a tensor's elements: use one batched op"
    severity = "warning"
    graph_only = False
    targets = ()

    VALID = [
        # A submodule's output may be a tuple: each element is a feature map, not a row.
        Valid(
            """
            import torch
            from torch import nn

            class Down(nn.Module):
                def forward(self, x):
                    return x * 2, (x, x + 1)

            def make_block(name: str) -> nn.Module:
                return {"down": Down}[name]()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleList([make_block("down") for _ in range(2)])

                def forward(self, x):
                    outs = [x]
                    for block in self.blocks:
                        x, skips = block(x)
                        for skip in skips:
                            outs.append(skip)
                    return torch.cat(outs, 1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A loop over a few modules: one big op per iteration, nothing to batch.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x)
                    return x
            """,
            runtime=False,
        ),
        # A loop over batches from a loader, not over a tensor's elements.
        Valid(
            """
            import torch

            def train(model, loader, optimizer):
                for x, y in loader:
                    model(x).sum().backward()
                    optimizer.step()
            """,
            runtime=False,
        ),
        Valid(
            """
            import torch

            def total(x: torch.Tensor) -> torch.Tensor:
                return x.sum(0)
            """,
            runtime=False,
        ),
        # A recurrence: each step needs the previous h, so there is nothing to batch.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cell = nn.GRUCell(4, 4)

                def forward(self, x):
                    h = torch.zeros(x.size(0), 4)
                    outs = []
                    for t in range(x.size(1)):
                        h = self.cell(x[:, t], h)
                        outs.append(h)
                    return torch.stack(outs, dim=1)
            """,
            runtime=False,
        ),
        # range(n) over a plain int, indexing a list: not tensor elements.
        Valid(
            """
            def mean_of(values: list, n: int):
                acc = 0.0
                for i in range(n):
                    acc += values[i]
                return acc / n
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def weighted(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
                total = torch.zeros(x.size(1))
                for i in range(x.size(0)):
                    total += x[i] * w
                return total
            """,
            line=5,
            message_contains="x.sum(0)",
            runtime=False,
            fixed="""
                import torch

                def weighted(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
                    total = torch.zeros(x.size(1))
                    total += (x * w).sum(0)
                    return total
            """,
        ),
        Invalid(
            """
            import torch

            def normalise(x: torch.Tensor) -> torch.Tensor:
                rows = []
                for row in x:
                    rows.append(row / row.norm())
                return torch.stack(rows)
            """,
            line=5,
            message_contains="torch.stack",
            runtime=False,
        ),
        Invalid(
            """
            import torch

            def total(x: torch.Tensor):
                return sum(x[i] for i in range(len(x)))
            """,
            line=4,
            message_contains="x.sum(0)",
            runtime=False,
            fixed="""
                import torch

                def total(x: torch.Tensor):
                    return x.sum(0)
            """,
        ),
        # In graph code too: a per-row loop in forward.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    out = torch.zeros_like(x)
                    for i in range(x.shape[0]):
                        out[i] = x[i].cumsum(0)
                    return out
            """,
            line=7,
            runtime=False,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return (
            starts_statement(text, "for")
            or mentions_name(text, "sum")
            or names_api(text, summary, ("builtins.sum",))
        )

    def visit_For(self, node: cst.For) -> None:
        tensor = self._element_loop(node)
        if tensor is None or _recurrent(node.body):
            return
        self.report(node, self._message(node, tensor))

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.qualified_name(node.func) != "builtins.sum" or not node.args:
            return
        first = node.args[0].value
        tensor: Optional[str] = None
        if (
            isinstance(first, (cst.GeneratorExp, cst.ListComp))
            and first.for_in.inner_for_in is None
        ):
            tensor = self._iterated_tensor(first.for_in.iter, first.for_in.target, first.elt)
        elif self._surely_tensor(first):
            tensor = source_of(self.ctx, first)
        if tensor is not None:
            self.report(
                node,
                f"Python `sum` over the elements of `{tensor}` launches one add per element: "
                f"use `{tensor}.sum(0)`",
            )

    # -- which loops iterate a tensor's elements -----------------------------------------------
    def _element_loop(self, node: cst.For) -> Optional[str]:
        return self._iterated_tensor(node.iter, node.target, node.body)

    def _iterated_tensor(
        self, iterable: cst.BaseExpression, target: cst.BaseExpression, body: cst.CSTNode
    ) -> Optional[str]:
        """The source of the tensor whose elements the loop visits, or None."""
        if (
            isinstance(iterable, cst.Call)
            and self.ctx.qualified_name(iterable.func) == "builtins.enumerate"
            and iterable.args
        ):
            iterable = iterable.args[0].value
            if isinstance(target, cst.Tuple) and len(target.elements) == 2:
                target = target.elements[1].value
        if not isinstance(target, cst.Name):
            return None
        if self._surely_tensor(iterable):
            return source_of(self.ctx, iterable)
        size_of = self._range_over_size(iterable)
        if size_of is None:
            return None
        tensor_text = source_of(self.ctx, size_of)
        for child in [body, *descendants(body)]:
            if (
                isinstance(child, cst.Subscript)
                and source_of(self.ctx, child.value) == tensor_text
                and any(
                    isinstance(el.slice, cst.Index)
                    and isinstance(el.slice.value, cst.Name)
                    and el.slice.value.value == target.value
                    for el in child.slice
                )
            ):
                return tensor_text
        return None

    def _surely_tensor(self, value: cst.BaseExpression) -> bool:
        """A tensor on the code's own evidence: a submodule's output, a loaded checkpoint or a
        graph root's parameter may be a tuple, a dict or a list of tensors, whose elements are
        big operations each."""
        return surely_tensor(self.ctx, value, kind_of=lambda node: kind_of(self.ctx, node))

    def _range_over_size(self, iterable: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """``range(x.size(0))``, ``range(len(x))``, ``range(x.shape[0])``: the tensor ``x``."""
        if not (
            isinstance(iterable, cst.Call)
            and self.ctx.qualified_name(iterable.func) == "builtins.range"
            and len(iterable.args) == 1
        ):
            return None
        stop = iterable.args[0].value
        tensor: Optional[cst.BaseExpression] = None
        torch_only = False  # x.size(0) / x.numel() are torch spellings; numpy has .size / .shape
        if (
            isinstance(stop, cst.Call)
            and isinstance(stop.func, cst.Attribute)
            and stop.func.attr.value in ("size", "numel")
        ):
            tensor, torch_only = stop.func.value, True
        elif isinstance(stop, cst.Subscript):
            inner = stop.value
            if isinstance(inner, cst.Attribute) and inner.attr.value == "shape":
                tensor = inner.value
        elif (
            isinstance(stop, cst.Call)
            and self.ctx.qualified_name(stop.func) == "builtins.len"
            and stop.args
        ):
            tensor = stop.args[0].value
        if tensor is None:
            return None
        kind = kind_of(self.ctx, tensor)
        if kind == Kind.TENSOR or (torch_only and kind == Kind.UNKNOWN):
            return tensor
        return None

    # -- messages -------------------------------------------------------------------------
    def _message(self, node: cst.For, tensor: str) -> str:
        body_nodes = list(descendants(node.body))
        appended = {
            child.func.value.value
            for child in body_nodes
            if isinstance(child, cst.Call)
            and isinstance(child.func, cst.Attribute)
            and child.func.attr.value == "append"
            and isinstance(child.func.value, cst.Name)
        }
        if appended and self._stacked_later(appended):
            return (
                f"loop over the elements of `{tensor}` appends per-element tensors to stack later "
                f"(one tiny op per element, then torch.stack): compute the batched result on "
                f"`{tensor}` directly (broadcasting or `torch.vmap`)"
            )
        if any(_accumulates(child) for child in body_nodes):
            return (
                f"loop over the elements of `{tensor}` accumulates a Python sum (one tiny op per "
                f"element): use `{tensor}.sum(0)` or a batched reduction"
            )
        return (
            f"loop over the elements of `{tensor}` runs one tiny op per element: use one batched "
            "op (broadcasting, `torch.cumsum`, `scatter_add`, `torch.vmap`)"
        )

    def _stacked_later(self, names: set[str]) -> bool:
        scope = self.ctx.function if self.ctx.function is not None else self.ctx.module
        for child in descendants(scope):
            if isinstance(child, cst.Call) and self.ctx.qualified_name(child.func) in (
                "torch.stack",
                "torch.cat",
                "torch.concat",
                "torch.vstack",
                "torch.hstack",
            ):
                for arg in child.args[:1]:
                    if isinstance(arg.value, cst.Name) and arg.value.value in names:
                        return True
        return False
