"""TL115: Python needs a concrete int from tensor data (range, list indexing, sorted)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import parameter_data_only

# Python containers: indexing one by a symbolic integer needs its value.
SEQUENCE_KINDS = (Kind.CONST, Kind.DATA, Kind.TENSORS, Kind.MODULES)
# Constructors that guard on each number they are given (torch 2.13 export: `torch.tensor`
# records data-dependent numbers, these fail).
GUARDING_CONSTRUCTORS = frozenset(
    {
        "torch.as_tensor",
        "torch.Tensor",
        "torch.FloatTensor",
        "torch.DoubleTensor",
        "torch.HalfTensor",
        "torch.LongTensor",
        "torch.IntTensor",
        "torch.BoolTensor",
    }
)
RANGE_MESSAGE = Message(
    "a loop bounded by a number read from tensor data",
    (
        ("export", "torch.export fails (GuardOnDataDependentSymNode): the value is symbolic there"),
        (
            "trace",
            "torch.jit.trace unrolls the loop for the example input's count (the number is a "
            "constant there), so inputs with another count compute a different result",
        ),
    ),
    "bound loops by sizes and mask what the data excludes, or script the loop",
)
CONVERSION_MESSAGE = Message(
    "`int()` / `float()` of a number read from tensor data",
    (("export", "torch.export fails (GuardOnDataDependentSymNode): the value is symbolic there"),),
    "keep it a tensor (`t.float()`, `t.long()`), or use the number as it is",
)
CONSTRUCTOR_MESSAGE = Message(
    "tensor built from numbers read from tensor data with a constructor that guards on them",
    (
        (
            "export",
            "torch.export fails (GuardOnDataDependentSymNode); `torch.tensor(values)` records them",
        ),
    ),
    "use `torch.tensor(values)`, or better keep the tensor they came from",
)


# Parsers of text that need the number a str() holds (torch 2.13 export: str() of a value read
# from tensor data is the symbol's name, 'zuf0').
TEXT_PARSERS = frozenset(
    {"builtins.float", "builtins.int", "decimal.Decimal", "fractions.Fraction"}
)
TEXT_MESSAGE = Message(
    "the text of a number read from tensor data, parsed back",
    (
        (
            "export",
            "torch.export fails: there the value is symbolic and `str()` gives the symbol's "
            "name (`'zuf0'`), which does not parse as a number",
        ),
    ),
    "compute with the number itself (`round(v, 2)`), or keep it a tensor",
)
MIN_MAX_MESSAGE = Message(
    "Python `max()` / `min()` of a number read from tensor data and a float",
    (
        (
            "export",
            "torch.export fails (GuardOnDataDependentSymNode: Could not guard on data-dependent "
            "expression): picking the winner compares the symbolic value",
        ),
    ),
    "clamp the tensor before reading it (`t.clamp(min=1e-8)`, `torch.maximum`), or keep the "
    "number a tensor",
)
FORMAT_MESSAGE = Message(
    "a number read from tensor data formatted with a format spec",
    (
        (
            "export",
            "torch.export fails (TypeError: unsupported format string passed to "
            "SymFloat.__format__): the value is symbolic there",
        ),
    ),
    "compute with the number itself (`round(v, 2)`), or format it outside the exported code",
)


class PythonIntFromData(Rule):
    """Flags Python code that needs a concrete integer read from tensor data.

    ## What it does
    Finds values read from tensor data (`t.item()`, `t.tolist()` and what is computed from
    them) where Python needs their value: `range(n)`, `sorted(values)`, indexing a Python list,
    tuple or `ModuleList` (`scales[k]`, `self.experts[k]`), repeating a list (`[0] * n`), and
    indexing a tensor with a Python list of them (`x[idx.tolist()]`). Indexing a tensor with one
    such value (`x[k]`) and slicing (`x[:n]`) are not flagged: export keeps them symbolic.
    It also finds them turned back into a tensor by `torch.as_tensor`, `torch.Tensor`,
    `torch.FloatTensor` (and the other legacy types) or `t.new_tensor`
    (`torch.as_tensor([float(v) for v in lengths.tolist()])`): torch 2.13 export fails there
    for int and float values alike, while `torch.tensor(values)` records them; and `int(v)` /
    `float(v)` of such a number (`[float(v) for v in t.tolist()]`, `int(n)` with
    `n = t.max().item()`), which guards on it. And the text of such a number: `str(v)` /
    `repr(v)` parsed back by `float`, `int`, `decimal.Decimal` or `fractions.Fraction`
    (rounding through text: `Decimal(str(v)).quantize(...)`), and an f-string with a format spec
    (`f"{v:.2f}"`): torch 2.13 export holds the value as a symbol whose `str()` is its name
    (`'zuf0'`, which does not parse: ValueError) and whose `__format__` refuses a spec
    (TypeError).

    ## Why is this bad?
    `torch.export` runs `forward` on fake tensors: a value read from their data is a symbolic
    integer with no value, so Python code that must know it fails
    (`GuardOnDataDependentSymNode: Could not extract specialized integer from data-dependent
    expression`, or "Could not guard on data-dependent expression" for `sorted`).
    `torch.jit.trace` bakes the value in where it is read (TL103, TL104), and unrolls a loop
    `range(n)` bounds for the example's count, so `range(n)` claims trace too: inputs with
    another count compute a different result (not where the number comes from parameters and
    buffers alone, the same for every input).

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x, lengths):
            out = []
            for i in range(lengths.max().item()):
                out.append(self.step(x[:, i]))
            return torch.stack(out, 1)
    ```
    Use instead: a loop bound from a size (`range(x.shape[1])`) and a mask for the lengths,
    or tensor operations (`torch.sort`, `torch.index_select`, `torch.gather`).

    ## Fix safety
    A safe fix for the constructors, where the values are surely a Python list or number (a
    list display or comprehension, `.tolist()`, `.item()`, a name bound only to those):
    `torch.as_tensor(values, ...)` -> `torch.tensor(values, ...)`, `torch.Tensor(values)` ->
    `torch.tensor(values, dtype=torch.get_default_dtype())`, `torch.FloatTensor(values)` ->
    `torch.tensor(values, dtype=torch.float32)` (and the other legacy types), and
    `t.new_tensor(values)` -> `torch.tensor(values, dtype=t.dtype, device=t.device)` for a
    name `t`. Each copies the Python values into a new tensor of the same dtype and device
    (`as_tensor` shares memory only with tensors and arrays, never with a list); torch 2.13
    exports the result. The other cases have no automatic fix.
    """

    code = "TL115"
    name = "python-int-from-data"
    subject = "Python needs a concrete int read from tensor data"
    clauses = {
        "export": ("torch.export fails (GuardOnDataDependentSymNode): the value is symbolic there"),
        # Only `range(n)` (RANGE_MESSAGE) names trace.
        "trace": (
            "torch.jit.trace unrolls the loop for the example input's count (the number is a "
            "constant there), so inputs with another count compute a different result"
        ),
    }
    advice = "bound loops by sizes and use tensor operations (torch.sort, index_select, gather)"
    targets = ("export",)
    also_reports = ("trace",)  # `range(n)` of a number from data: the trace unrolls the loop

    VALID = [
        # `torch.tensor` records numbers read from data (the fixed form of the constructors).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask):
                    lengths = torch.tensor(mask.sum(-1).tolist())
                    return x.sum(1) / lengths.clamp(min=1.0).unsqueeze(-1)

            def inputs():
                m1 = torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
                return [(torch.randn(2, 3, 4), m1), (torch.randn(2, 3, 4), torch.ones(2, 3))]
            """,
            backends=("export",),
        ),
        # One value indexes a tensor or slices it; sizes bound the loop; `enumerate` over the
        # values needs none of them.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    k = lengths[0].item()
                    out = x[k] + x[: lengths[1].item()].sum(0)
                    for i in range(x.shape[0]):
                        out = out + x[i]
                    for i, n in enumerate(lengths.tolist()):
                        out = out + x[i] * n
                    return out

            def inputs():
                return [(torch.randn(4, 2), torch.tensor([1, 3])), (torch.randn(4, 2), torch.tensor([2, 2]))]
            """
        ),
    ]
    INVALID = [
        # A floor on a scale read from the data, with Python's max.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    peak = x.abs().amax().item()
                    return x / max(peak, 1e-6)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4) * 10,)]
            """,
            line=7,
            backends=("export",),
            message_contains="`max()` / `min()`",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask):
                    h = x * mask.unsqueeze(-1)
                    lengths = torch.as_tensor(mask.sum(-1).tolist())
                    return h.sum(1) / lengths.clamp(min=1.0).unsqueeze(-1)

            def inputs():
                m1 = torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
                return [(torch.randn(2, 3, 4), m1), (torch.randn(2, 3, 4), torch.ones(2, 3))]
            """,
            line=7,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x, mask):
                        h = x * mask.unsqueeze(-1)
                        lengths = torch.tensor(mask.sum(-1).tolist())
                        return h.sum(1) / lengths.clamp(min=1.0).unsqueeze(-1)

                def inputs():
                    m1 = torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
                    return [(torch.randn(2, 3, 4), m1), (torch.randn(2, 3, 4), torch.ones(2, 3))]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask):
                    weights = [float(v) for v in mask.sum(-1).tolist()]
                    return x * torch.tensor(weights).unsqueeze(-1)

            def inputs():
                m1 = torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
                return [(torch.randn(2, 3), m1), (torch.randn(2, 3), torch.ones(2, 3))]
            """,
            line=6,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, counts):
                    n = counts.long().tolist()
                    return x / x.new_tensor(n).unsqueeze(-1)

            def inputs():
                return [(torch.randn(2, 3), torch.tensor([1.0, 2.0])), (torch.randn(2, 3), torch.tensor([3.0, 4.0]))]
            """,
            line=7,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x, counts):
                        n = counts.long().tolist()
                        return x / torch.tensor(n, dtype=x.dtype, device=x.device).unsqueeze(-1)

                def inputs():
                    return [(torch.randn(2, 3), torch.tensor([1.0, 2.0])), (torch.randn(2, 3), torch.tensor([3.0, 4.0]))]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    out = x[:1]
                    for i in range(lengths.max().item()):
                        out = out + x[i : i + 1]
                    return out

            def inputs():
                return [(torch.randn(4, 2), torch.tensor([1, 3])), (torch.randn(4, 2), torch.tensor([2, 2]))]
            """,
            line=7,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = (1.0, 2.0, 3.0, 4.0)

                def forward(self, x, level):
                    return x * self.scales[level.item()]

            def inputs():
                return [(torch.randn(4, 2), torch.tensor(1)), (torch.randn(4, 2), torch.tensor(2))]
            """,
            line=10,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, idx):
                    rows = idx.tolist()
                    return x[rows] * sorted(rows)[0]

            def inputs():
                return [(torch.randn(4, 2), torch.tensor([1, 3])), (torch.randn(4, 2), torch.tensor([2, 2]))]
            """,
            line=7,
        ),
        # A peak rounded through its text, in a helper: export parses the symbol's name.
        Invalid(
            """
            import torch
            from torch import nn

            def rounded(value):
                return float(str(round(value, 2)))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    peak = h.abs().amax().item()
                    return h / rounded(peak + 1.0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=5,
            backends=("export",),
        ),
        # A format spec on a number read from tensor data.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    peak = h.abs().amax().item()
                    return h / float(f"{peak + 1.0:.2f}")

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            backends=("export",),
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.qualified_name(node.func)
        if node.args and not node.args[0].keyword and not node.args[0].star:
            if name in GUARDING_CONSTRUCTORS or _new_tensor_method(self.ctx, node.func):
                values = node.args[0].value
                if self.ctx.kind(values) == Kind.DATA or _holds_data(self.ctx, values):
                    self.report(node, CONSTRUCTOR_MESSAGE)
                    return
        if name in ("builtins.int", "builtins.float") and len(node.args) == 1:
            value = node.args[0].value
            # `int(t.item())` is TL103's, `int(t)` of a tensor TL102's.
            if self.ctx.kind(value) == Kind.DATA and not _reads_tensor(value):
                self.report(node, CONVERSION_MESSAGE)
                return
        if name in TEXT_PARSERS and node.args and _text_of_data(self.ctx, node.args[0].value):
            self.report(node, TEXT_MESSAGE)
            return
        if name == "builtins.range":
            args = [a.value for a in node.args if not a.star]
            data = [a for a in args if self.ctx.kind(a) == Kind.DATA]
            if data and all(parameter_data_only(self.ctx, a) for a in data):
                self.report(node)  # the same count for every input: the unrolled trace is right
            elif data:
                self.report(node, RANGE_MESSAGE, targets=("export", "trace"))
        elif name in ("builtins.max", "builtins.min") and len(node.args) >= 2:
            # `max(t.item(), 1e-8)`: a float compared (export takes a symbolic max of ints:
            # `max(t.item() - 3, 0)` exports); `max(float(t), 1.0)` is the conversion's finding.
            args = [a.value for a in node.args if a.keyword is None and not a.star]
            data = [
                a
                for a in args
                if self.ctx.kind(a) == Kind.DATA
                and self.ctx.qualified_name(a.func if isinstance(a, cst.Call) else a)
                not in ("builtins.int", "builtins.float")
            ]
            if data and any(isinstance(a, cst.Float) for a in args):
                self.report(node, MIN_MAX_MESSAGE)
        elif name == "builtins.sorted" and node.args:
            if _holds_data(self.ctx, node.args[0].value):
                self.report(node)

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> None:
        # f"{v:.2f}" of a number read from tensor data: SymFloat.__format__ refuses the spec.
        if node.format_spec and self.ctx.kind(node.expression) == Kind.DATA:
            if not _reads_tensor(node.expression):
                self.report(node, FORMAT_MESSAGE)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if len(node.slice) != 1 or type(node.slice[0].slice) is not cst.Index:
            return
        index = node.slice[0].slice.value  # type: ignore[attr-defined]
        receiver = self.ctx.kind(node.value)
        if receiver == Kind.TENSOR:
            if _data_list(self.ctx, index):
                self.report(node)
        elif receiver in SEQUENCE_KINDS and self.ctx.kind(index) == Kind.DATA:
            self.report(node)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        # `[0] * n`: a list repeated a data-dependent number of times.
        if type(node.operator) is not cst.Multiply:
            return
        for seq, count in ((node.left, node.right), (node.right, node.left)):
            if type(seq) is cst.List and self.ctx.kind(count) == Kind.DATA:
                self.report(node)
                return


def _reads_tensor(expr: cst.BaseExpression) -> bool:
    """``t.item()`` / ``t.tolist()`` itself."""
    return (
        type(expr) is cst.Call
        and type(expr.func) is cst.Attribute  # type: ignore[attr-defined]
        and expr.func.attr.value in ("item", "tolist")  # type: ignore[attr-defined]
    )


def _new_tensor_method(ctx: LintContext, func: cst.BaseExpression) -> bool:
    """``t.new_tensor`` of a tensor ``t``."""
    return (
        type(func) is cst.Attribute
        and func.attr.value == "new_tensor"  # type: ignore[attr-defined]
        and ctx.kind(func.value) == Kind.TENSOR  # type: ignore[attr-defined]
    )


def _holds_data(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """A list of values read from tensor data: ``t.tolist()``, a literal holding one, or a
    name bound only to those."""
    if type(expr) in (cst.List, cst.Tuple):
        return any(ctx.kind(el.value) == Kind.DATA for el in expr.elements)  # type: ignore[attr-defined]
    return _data_list(ctx, expr)


def _data_list(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    kind = type(expr)
    if kind in (cst.List, cst.Tuple):
        return any(ctx.kind(el.value) == Kind.DATA for el in expr.elements)  # type: ignore[attr-defined]
    if kind is cst.Call:
        func = expr.func  # type: ignore[attr-defined]
        return (
            type(func) is cst.Attribute
            and func.attr.value == "tolist"
            and ctx.kind(func.value) == Kind.TENSOR
        )
    if kind is cst.Name and depth < 4:
        bound = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        return bool(bound) and all(
            value is not UNKNOWN_VALUE and size == 1 and _data_list(ctx, value, depth + 1)
            for value, _, size in bound
        )
    return False


def _text_of_data(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """``str(v)`` / ``repr(v)`` of a number read from tensor data (not of a tensor)."""
    if type(expr) is not cst.Call or len(expr.args) != 1:  # type: ignore[attr-defined]
        return False
    if ctx.qualified_name(expr.func) not in ("builtins.str", "builtins.repr"):  # type: ignore[attr-defined]
        return False
    value = expr.args[0].value  # type: ignore[attr-defined]
    return ctx.kind(value) == Kind.DATA and not _reads_tensor(value)
