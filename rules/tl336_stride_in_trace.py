"""TL336: `as_strided` with strides read from `.stride()` and sizes that outgrow them, in traced
code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import walk

from ._graph import call_targets, keyword

# (tensor's name, dimension) read by an expression.
Dims = set[tuple[str, int]]


class StrideInTrace(Rule):
    """Flags `x.as_strided(size, stride)` with strides from `x.stride()`, sizes from a later dim.

    ## What it does
    Finds `as_strided` calls (the method, or `torch.as_strided(x, size, stride)`) in code
    `torch.jit.trace` converts where the stride argument uses `x.stride()` (`x.stride(0)`,
    `sb, sn = x.stride()`) and the size argument uses a size of a later dimension of the same
    tensor (`x.shape[1]`, `b, n = x.shape`, arithmetic on it): framing a signal into
    overlapping windows (`(b, count, win)` with strides `(sb, hop * sn, sn)`), sliding
    patches.

    ## Why is this bad?
    While tracing, sizes are traced values but `x.stride()` gives plain ints, which the trace
    records as constants. The stride of a dimension is the product of the later dimensions'
    sizes (for a contiguous tensor), so when a later size differs from the example input's,
    the recorded stride is stale while the recorded sizes follow the input: checked with
    torch 2.13, the traced model reads the wrong elements and disagrees with eager (or fails
    out of bounds). A stride used with sizes of its own or earlier dimensions only (the batch)
    is not flagged: nothing there says a later dimension varies, and while none does the
    recorded stride stays right.

    ## Example
    ```python
    def frame(signal, win, hop):
        b, n = signal.shape
        sb, sn = signal.stride()
        return signal.as_strided((b, 1 + (n - win) // hop, win), (sb, hop * sn, sn))
    ```
    Use instead: `signal.unfold(-1, win, hop)` (the same windows, traced from the sizes), or
    torch.export / torch.compile.

    ## Fix safety
    No automatic fix.
    """

    code = "TL336"
    name = "stride-in-trace"
    subject = "`as_strided` with strides read from `.stride()`"
    clauses = {
        "trace": (
            "torch.jit.trace records the example input's strides as constants but follows its "
            "sizes, so an input whose later dimension differs is read with stale strides and "
            "disagrees with eager"
        ),
    }
    advice = "use `x.unfold(dim, size, step)`, which the trace records from the sizes"
    targets = ("trace",)

    VALID = [
        # The same windows with unfold; and a stride only used with the batch size.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(8, 6)

                def forward(self, wav):
                    frames = wav.unfold(-1, 8, 4)
                    rows = wav.as_strided((wav.shape[0], 8), (wav.stride(0), 1))
                    return self.proj(frames).relu().mean(1) + self.proj(rows)

            def inputs():
                return [(torch.randn(2, 32),), (torch.randn(3, 32),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            def frame(signal, win: int, hop: int):
                b, n = signal.shape
                count = 1 + (n - win) // hop
                sb, sn = signal.stride()
                return signal.as_strided((b, count, win), (sb, hop * sn, sn))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(8, 6)

                def forward(self, wav):
                    return self.proj(frame(wav, 8, 4)).relu().mean(1)

            def inputs():
                return [(torch.randn(2, 32),), (torch.randn(3, 40),)]
            """,
            line=8,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or "trace" not in self.ctx.targets:
            return
        func = node.func
        args = call_targets(node)
        if type(func) is cst.Attribute and func.attr.value == "as_strided":
            size, stride = args[0:1], args[1:2]
        elif self.ctx.qualified_name(func) == "torch.as_strided":
            size, stride = args[1:2], args[2:3]
        else:
            return
        size_expr = size[0] if size else keyword(node, "size")
        stride_expr = stride[0] if stride else keyword(node, "stride")
        if size_expr is None or stride_expr is None:
            return
        strides = self._dims(stride_expr, "stride", 0)
        if not strides:
            return
        sizes = self._dims(size_expr, "size", 0)
        if any(o == owner and j > i for owner, i in strides for o, j in sizes):
            self.report(node)

    def _dims(self, expr: cst.BaseExpression, what: str, depth: int) -> Dims:
        """The (tensor, dimension) pairs whose sizes (``what="size"``) or strides
        (``"stride"``) ``expr`` reads, through names bound in this function."""
        found: Dims = set()
        if depth > 5:
            return found

        def enter(node: cst.CSTNode) -> Optional[bool]:
            read = _read(node, what)
            if read is not None:
                found.add(read)
                return False
            if type(node) is cst.Name:
                for value, position, count in assignments(self.ctx.function, node.value):  # type: ignore[attr-defined]
                    if value is UNKNOWN_VALUE:
                        continue
                    whole = _whole(value, what)
                    if whole is not None and count > 1:
                        found.add((whole, position))
                    elif count == 1:
                        found.update(self._dims(value, what, depth + 1))
                return False
            return None

        walk(expr, enter, lambda node: None)
        return found


def _owner(node: cst.BaseExpression) -> Optional[str]:
    return node.value if type(node) is cst.Name else None  # type: ignore[attr-defined]


def _whole(value: cst.BaseExpression, what: str) -> Optional[str]:
    """The tensor whose whole shape (``x.shape``, ``x.size()``) or strides (``x.stride()``)
    ``value`` is."""
    if what == "size" and type(value) is cst.Attribute and value.attr.value == "shape":  # type: ignore[attr-defined]
        return _owner(value.value)  # type: ignore[attr-defined]
    if type(value) is cst.Call and type(value.func) is cst.Attribute and not value.args:  # type: ignore[attr-defined]
        method = value.func.attr.value  # type: ignore[attr-defined]
        if method == what:
            return _owner(value.func.value)  # type: ignore[attr-defined]
    return None


def _read(node: cst.CSTNode, what: str) -> Optional[tuple[str, int]]:
    """``x.stride(1)`` / ``x.size(1)`` / ``x.shape[1]`` / ``x.stride()[1]``: (x, 1), for a
    non-negative literal dimension."""
    if type(node) is cst.Call and type(node.func) is cst.Attribute:  # type: ignore[attr-defined]
        if node.func.attr.value == what and len(node.args) == 1:  # type: ignore[attr-defined]
            dim = node.args[0].value  # type: ignore[attr-defined]
            owner = _owner(node.func.value)  # type: ignore[attr-defined]
            if owner is not None and type(dim) is cst.Integer:
                return owner, int(dim.value)
        return None
    if type(node) is cst.Subscript and len(node.slice) == 1:  # type: ignore[attr-defined]
        index = node.slice[0].slice  # type: ignore[attr-defined]
        whole = _whole(node.value, what)  # type: ignore[attr-defined]
        if whole is not None and type(index) is cst.Index and type(index.value) is cst.Integer:
            return whole, int(index.value.value)
    return None
