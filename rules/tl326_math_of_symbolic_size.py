"""TL326: a `math` function Dynamo cannot apply to a symbolic size, called on a size."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import math_size_refused, size_refused
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import keyword


class MathOfSymbolicSize(Rule):
    """Flags `math.isqrt(n)`, `math.gcd(n, k)` and the like of a tensor's size in graph code.

    ## What it does
    Finds calls in graph code of the `math` functions torch 2.13's Dynamo cannot apply to a
    symbolic size (`math.isqrt`, `math.gcd`, `math.lcm`, `math.comb`, `math.perm`,
    `math.factorial`, `math.isclose`, `math.isnan` / `isinf` / `isfinite`) whose argument is a
    size read from a tensor (`x.shape[1]`, `x.size(0)`, arithmetic on them). The list is
    generated from torch (`benchmarks/dynamo_tables.py` compiles each `math` function on a
    size that varies between calls), not kept by hand: `math.sqrt`, `math.ceil`,
    `math.floor`, `math.log2` and the others Dynamo turns into symbolic expressions are not
    flagged. So is `fractions.Fraction(w, h)` of sizes (an aspect ratio): it reduces the
    fraction with `math.gcd`. And so are `min` / `max` / `sorted` with a `key=` that reads a
    size (`min(self.buckets, key=lambda b: abs(b - n))`: picking the table nearest the input's
    length). And so is `divmod(n, k)` of a size (framing a waveform into hops).

    ## Why is this bad?
    `torch.compile` first compiles for the sizes of the first call; when a size changes it
    recompiles with the size symbolic, and Dynamo has no symbolic form of these functions:
    `torch.compile(fullgraph=True)` then raises ("torch.* op returned non-Tensor") and plain
    `torch.compile` breaks the graph there. While `torch.jit.trace` runs, a size is a 0-d
    tensor, and `fractions.Fraction` (with one argument or two) and `math.trunc` reject it: the
    trace fails with a TypeError (generated from torch too: the table's `"trace"` entries).
    Dynamo has no handler for `min` / `max` with a key that computes on a symbolic size
    ("invalid call to builtin op handler") and cannot sort by keys that are not constants
    ("sort with non-constant keys"); while tracing, the key compares 0-d tensors in Python,
    so the trace keeps the example input's pick for every later input. Dynamo's `divmod`
    handler calls `divmod` on the symbolic size itself, which refuses it (torch 2.13:
    "Observed exception", TypeError: unsupported operand type(s) for divmod()), where `n // k`
    and `n % k` stay symbolic.

    ## Example
    ```python
    class TokenGrid(nn.Module):
        def forward(self, tokens):
            b, n, c = tokens.shape
            side = math.isqrt(n)
            return self.conv(tokens.transpose(1, 2).reshape(b, c, side, side))
    ```
    Use instead: a form Dynamo keeps symbolic (`side = int(math.sqrt(n))`, `n // k`), or a
    size the module knows as a constant (`self.side`).

    ## Fix safety
    Safe: `math.comb(n, k)` / `math.perm(n, k)` with a literal `k` of 0, 1 or 2 become the
    integer formula (`math.comb(n, 2)` -> `n * (n - 1) // 2`), the same count for every
    non-negative integer, which a size is (`fixers/math_size_formula.py`). Safe: `divmod(n, k)`
    -> `(n // k, n % k)`, the same pair for ints, where each operand is surely an int read again
    with no side effect (`fixers/repair_session31.py`). No automatic fix for the others.
    """

    code = "TL326"
    name = "math-of-symbolic-size"
    subject = "a `math` function Dynamo cannot apply to a symbolic size"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (torch.* op returned non-Tensor) once the "
            "size varies between calls (it is then symbolic)"
        ),
        # fractions.Fraction and math.trunc of a size (TRACE_CLAUSE).
        "trace": "torch.jit.trace fails (TypeError: while tracing, the size is a 0-d tensor)",
    }
    advice = "use a form Dynamo keeps symbolic (`int(math.sqrt(n))`, `n // k`) or a constant"
    targets = ("compile",)
    also_reports = ("trace",)  # fractions.Fraction, math.trunc

    VALID = [
        # The key reads no size: a fixed preference among constants (read into a local: a
        # key closing over `self` is another matter, Dynamo cannot fold it).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.widths = [4, 8, 16]
                    self.target = 7

                def forward(self, x):
                    target = self.target
                    w = min(self.widths, key=lambda v: abs(v - target))
                    return x[..., :w].sum(-1)

            def inputs():
                return [(torch.randn(2, 16),), (torch.randn(3, 16),)]
            """
        ),
        Valid(
            """
            import math

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, tokens):
                    b, n, c = tokens.shape
                    side = int(math.sqrt(n))
                    return tokens.reshape(b, side, side, c).mean((1, 2))

            def inputs():
                return [(torch.randn(2, 16, 4),), (torch.randn(1, 36, 4),)]
            """
        ),
        # The hop count and the remainder spelled with `//` and `%`: Dynamo keeps them
        # symbolic.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, wav):
                    n, rem = wav.shape[-1] // 8, wav.shape[-1] % 8
                    if rem:
                        wav = F.pad(wav, (0, 8 - rem))
                        n += 1
                    return wav.reshape(wav.shape[0], n, 8).mean(-1)

            def inputs():
                return [(torch.randn(2, 32),), (torch.randn(2, 37),)]
            """
        ),
    ]
    INVALID = [
        # `divmod` of the length: fullgraph compile raises once it varies between calls.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, wav):
                    n, rem = divmod(wav.shape[-1], 8)
                    if rem:
                        wav = F.pad(wav, (0, 8 - rem))
                        n += 1
                    return wav.reshape(wav.shape[0], n, 8).mean(-1)

            def inputs():
                return [(torch.randn(2, 32),), (torch.randn(2, 37),)]
            """,
            line=7,
            message_contains="divmod",
        ),
        # The position table nearest the input's length, picked by a keyed min.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lengths = [4, 8, 16]
                    self.tables = nn.ParameterList(nn.Parameter(torch.randn(n, 3)) for n in self.lengths)

                def forward(self, x):
                    n = x.shape[1]
                    i = min(range(len(self.lengths)), key=lambda j: abs(self.lengths[j] - n))
                    pos = F.interpolate(self.tables[i].T[None], size=n, mode="linear")[0].T
                    return x + pos

            def inputs():
                return [(torch.randn(2, 5, 3),), (torch.randn(2, 14, 3),)]
            """,
            line=13,
            backends=("compile", "trace"),
        ),
        Invalid(
            """
            import math

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, tokens):
                    b, n, c = tokens.shape
                    side = math.isqrt(n)
                    return tokens.reshape(b, side, side, c).mean((1, 2))

            def inputs():
                return [(torch.randn(2, 16, 4),), (torch.randn(1, 36, 4),)]
            """,
            line=9,
        ),
        Invalid(
            """
            from math import gcd

            import torch
            from torch import nn

            def groups_for(x, k: int):
                return gcd(x.shape[1], k)

            class Model(nn.Module):
                def forward(self, x):
                    g = groups_for(x, 8)
                    return x.reshape(x.shape[0], g, -1).sum(-1)

            def inputs():
                return [(torch.randn(2, 16),), (torch.randn(2, 12),)]
            """,
            line=7,
        ),
        # An aspect ratio of the input's sizes, picking a head.
        Invalid(
            """
            from fractions import Fraction

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.wide = nn.Linear(3, 4)
                    self.tall = nn.Linear(3, 4)

                def forward(self, img):
                    ratio = Fraction(img.shape[-1], img.shape[-2])
                    head = self.wide if ratio >= 1 else self.tall
                    return head(img.mean((2, 3)))

            def inputs():
                return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
            """,
            line=13,
            backends=("compile", "trace"),
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if name is None:
            return
        if name in KEYED_BUILTINS:
            self._keyed_by_size(node, name)
            return
        if name == "builtins.divmod":
            # A size and no number read from tensor data (whose conversion breaks first).
            kinds = [self.ctx.kind(arg.value) for arg in node.args[:2]]
            if Kind.SIZE in kinds and not any(k.data_dependent for k in kinds):
                self.report(node, DIVMOD_MESSAGE, targets=("compile",))
            return
        count = len(node.args)
        compile_min = size_refused("compile").get(name, 1 if name in math_size_refused() else 0)
        trace_min = size_refused("trace").get(name, 0)
        targets = [
            backend
            for backend, least in (("compile", compile_min), ("trace", trace_min))
            if least and count >= least
        ]
        if not targets or not any(self.ctx.kind(arg.value) is Kind.SIZE for arg in node.args):
            return
        if targets == ["compile"] and name.startswith("math."):
            self.report(node)
            return
        clauses = [(b, self.clauses["compile"]) for b in targets if b == "compile"]
        if "trace" in targets:
            clauses.append(("trace", self.clauses["trace"]))
        message = Message(f"`{name}` of a tensor's size", tuple(clauses), SIZE_ADVICE)
        self.report(node, message, targets=tuple(targets))

    def _keyed_by_size(self, node: cst.Call, name: str) -> None:
        """``min(xs, key=lambda b: abs(b - n))`` with ``n`` a size: reported."""
        key = keyword(node, "key")
        if not isinstance(key, cst.Lambda):
            return
        params = {param.name.value for param in key.params.params}
        if not any(
            leaf.value not in params and self.ctx.kind(leaf) is Kind.SIZE
            for leaf in m.findall(key.body, m.Name())
        ):
            return
        builtin = name.removeprefix("builtins.")
        refusal = KEYED_BUILTINS[name]
        message = Message(
            f"`{builtin}` with a `key=` computed from a tensor's size",
            (
                (
                    "compile",
                    f"torch.compile(fullgraph=True) raises ({refusal}) once the size varies "
                    "between calls (it is then symbolic)",
                ),
                ("trace", "torch.jit.trace keeps the example input's pick for every later input"),
            ),
            "pick with integer arithmetic, or keep one table per size the module knows",
        )
        self.report(node, message, targets=("compile", "trace"))


# The builtins whose `key=` Dynamo cannot call on a symbolic size, with the graph-break type.
KEYED_BUILTINS = {
    "builtins.min": "invalid call to builtin op handler",
    "builtins.max": "invalid call to builtin op handler",
    "builtins.sorted": "sort with non-constant keys",
}


# `divmod` of a symbolic size: Dynamo's handler calls divmod on the SymInt, which has no
# `__divmod__` (torch 2.13: "Observed exception", TypeError "unsupported operand type(s) for
# divmod(): 'int' and 'int'"); `n // k` and `n % k` stay symbolic.
DIVMOD_MESSAGE = Message(
    "`divmod()` of a tensor's size",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Observed exception: TypeError, unsupported "
            "operand type(s) for divmod()) once the size varies between calls (it is then "
            "symbolic)",
        ),
    ),
    "spell it `n // k, n % k`, which Dynamo keeps symbolic",
)


SIZE_ADVICE = "use sizes the module knows as constants, or integer arithmetic on them (`n // k`)"
