"""TL306: NumPy functions on tensors or their data in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import numpy_number_refused, numpy_traced
from torchlint.lint.graph_queries import assignments, module_alias
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import in_raise_statement, parameter_data_only

# NumPy functions whose output shape depends on the data: Dynamo traces them as the torch op
# (torch 2.13: np.bincount, np.unique, np.nonzero, np.flatnonzero break plain compile with
# 'Dynamic shape operator').
DATA_DEPENDENT_SHAPES = frozenset(
    {"bincount", "unique", "nonzero", "flatnonzero", "argwhere", "compress", "extract"}
)
DATA_DEPENDENT_MESSAGE = Message(
    "NumPy call on tensor data in graph code, with an output shape that depends on the data",
    (
        (
            "compile",
            "plain torch.compile, which traces it as the torch operation, breaks the graph here "
            "(Dynamic shape operator)",
        ),
        ("export", "torch.export fails on the tensor-to-array conversion"),
        ("trace", "torch.jit.trace bakes the array in as a constant"),
    ),
    "use the torch function and keep the shape static (`torch.bincount(x, minlength=n)` "
    "still has a data-dependent size; a one-hot sum with a fixed length has not)",
)


# NumPy on a number read out of a tensor (`np.log(x.item())`): torch 2.13's fullgraph hands
# NumPy a symbolic float ("UnsupportedFakeTensorException"), export fails ("loop of ufunc does
# not support argument 0 of type SymFloat"); the trace took the number at `.item()` (TL103).
READ_NUMBER_MESSAGE = Message(
    "NumPy call on a number read from tensor data in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (NumPy is handed the symbolic number: "
            "UnsupportedFakeTensorException)",
        ),
        ("export", "torch.export fails (NumPy cannot take the symbolic number)"),
    ),
    "use the torch function on the 0-d tensor instead of reading the number out "
    "(`torch.log(t)` for `np.log(t.item())`)",
)

# NumPy calls that make a callable, whose calls run NumPy code (no torch._numpy twin).
NUMPY_CALLABLES = frozenset({"numpy.vectorize", "numpy.frompyfunc", "numpy.poly1d"})


# `x.shape`, `x.ndim`, `x.size(...)`, `x.dim()`: what `_sizes_only` reads of a tensor.
SIZE_READ = m.Attribute(attr=m.Name("shape") | m.Name("ndim")) | m.Call(
    func=m.Attribute(attr=m.Name("size") | m.Name("dim"))
)


class NumpyInGraph(Rule):
    """Flags `np.*` calls on tensors or NumPy arrays made from tensors in graph code.

    ## What it does
    Finds NumPy functions applied to tensor values in graph code: `np.exp(x.numpy())`,
    `np.clip(arr, ...)` where `arr` came from a tensor, `np.sum(x)`. NumPy on constants and
    config values (`np.sqrt(self.dim)`, `np.pi`) is not flagged, unless the function is one
    `torch._numpy` lacks (`np.polynomial.legendre.leggauss(n)`, `np.nanmean(vals)`: the
    generated `numpy_number_refused` table calls each on Python numbers in compiled code),
    which is flagged for compile alone: "Attempted to call function marked as skipped" (export
    and trace run it in Python on the same numbers every call).

    A NumPy function `torch._numpy` does not implement (`np.unravel_index`, `np.interp`: the
    list is `rules/dynamo_tables.json`, generated from torch by `benchmarks/dynamo_tables.py`)
    is flagged for compile too, and so is one whose output shape depends on the data
    (`np.bincount`, `np.unique`, `np.nonzero`, `np.flatnonzero`, `np.argwhere`: traced as the
    torch operation, they break plain compile as TL107's operations do). NumPy on a number
    read out of a tensor (`np.log(x.norm().item())`, and NumPy results computed from such
    numbers) is flagged for compile and export only.

    ## Why is this bad?
    `torch.compile` traces NumPy code into torch operations, but `torch.export` (non-strict)
    fails on the tensor-to-array conversion (".numpy() is not supported for tensor
    subclasses"), and `torch.jit.trace` records the array as a constant of the example input,
    so later inputs silently reuse it. Trace is not claimed where the array is made from
    parameters and buffers alone (`np.linalg.norm(self.weight.detach())`, through a local bound
    once to one): that constant is the same for every input. On a number read out with
    `.item()`, `torch.compile(fullgraph=True)` hands NumPy a symbolic float and raises
    (UnsupportedFakeTensorException), and `torch.export` fails ("loop of ufunc does not support
    argument 0 of type SymFloat"); the trace took the number at `.item()` (TL103).

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return torch.as_tensor(np.exp(x.numpy()))
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return torch.exp(x)
    ```

    ## Fix safety
    Unsafe: `torch.as_tensor(np.F(t.numpy(), ...))` becomes `torch.F(t, ...)` for the NumPy
    functions in the fixer's table (element-wise math, `clip`, `sum`/`mean`/`max`/`min`/`std`/
    `var`/`argmax`/`argmin` with `axis`/`keepdims`/`ddof`); results can differ in the last bits,
    and integer tensors can get another dtype. Other NumPy code is left for a person.
    """

    code = "TL306"
    name = "numpy-in-graph"
    subject = "NumPy call on tensor data in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises here (Dynamo traces NumPy through "
            "torch._numpy, which has no such function), and plain torch.compile breaks the graph"
        ),
        "export": "torch.export fails on the tensor-to-array conversion",
        "trace": "torch.jit.trace bakes the array in as a constant",
    }
    advice = "use the torch function"
    targets = ("export", "trace")
    also_reports = ("compile",)  # NumPy functions torch._numpy lacks

    VALID = [
        Valid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim: int = 4):
                    super().__init__()
                    self.scale = float(np.sqrt(dim))

                def forward(self, x):
                    return x / self.scale * np.pi

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x / float(np.sqrt(x.shape[-1]))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.softmax(-1)

            def predict(model, x):
                probs = model(x).detach().numpy()
                return np.argmax(probs, axis=-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("table", torch.from_numpy(np.linspace(0, 1, 4)).float())
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x) + self.table
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
                        self.hist = np.histogram(x.detach().numpy(), bins=4)
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            backends=("export",),
        ),
    ]
    INVALID = [
        # An annealing schedule from the inputs' diameter, read out with .item().
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    diameter = (x.max(dim=0)[0] - x.min(dim=0)[0]).norm().item()
                    steps = np.arange(np.log(diameter), np.log(0.05), np.log(0.5))
                    return x / float(np.exp(steps[-1]))

            def inputs():
                return [(torch.randn(8, 3),), (torch.randn(5, 3) * 4,)]
            """,
            line=8,
            backends=("compile", "export"),
            message_contains="number read from tensor data",
        ),
        # A data-dependent shape: traced as torch.bincount, plain compile breaks there.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    counts = np.bincount((h.detach().numpy() > 0).astype(np.int64).ravel())
                    return h * torch.as_tensor(counts).sum()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            backends=("compile", "export", "trace"),
            message_contains="depends on the data",
        ),
        # A function torch._numpy lacks: Dynamo cannot trace it, compile fails too.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    y = x * 2
                    r, c = np.unravel_index(np.argmax(y.numpy()), y.shape)
                    return y[r] + c

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
            backends=("compile", "export", "trace"),
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return torch.as_tensor(np.tanh(x.numpy())) * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        # A NumPy callable made at module level (`np.vectorize`): Dynamo skips NumPy's code.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            def _gain(v):
                return 0.5 if v < 0.0 else 2.0

            gain = np.vectorize(_gain, otypes=[np.float32])

            class Model(nn.Module):
                def forward(self, x):
                    return x * torch.from_numpy(gain(x.detach().numpy()))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            backends=("compile", "export"),
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._within_reported: set[int] = set()  # calls inside a reported NumPy call

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self._numpy_made(node.func) or self.ctx.qualified_name(node.func) or ""
        if not name.startswith("numpy.") or name.startswith("numpy.random."):
            return
        if id(node) in self._within_reported:
            return
        kinds = [self.ctx.kind(arg.value) for arg in node.args]
        if Kind.DATA in kinds and not {Kind.TENSOR, Kind.NDARRAY} & set(kinds):
            # `np.log(x.item())`: under fullgraph and export the number is symbolic.
            self.report(node, READ_NUMBER_MESSAGE, targets=("compile", "export"))
            pending: list[cst.CSTNode] = [arg.value for arg in node.args]
            while pending:  # one finding for `np.arange(np.log(d), ...)`: the outer call
                inner = pending.pop()
                self._within_reported.add(id(inner))
                pending.extend(inner.children)
            return
        if not {Kind.TENSOR, Kind.NDARRAY} & set(kinds):
            # `np.polynomial.legendre.leggauss(n)`: a function torch._numpy lacks, on numbers.
            refusal = numpy_number_refused().get(name[len("numpy.") :])
            if refusal is not None and not in_raise_statement(self.ctx):
                clause = (
                    f"torch.compile(fullgraph=True) raises ({refusal}: Dynamo traces NumPy "
                    "through torch._numpy, which has no such function) and plain torch.compile "
                    "breaks the graph here"
                )
                message = Message(
                    f"`{name}` is a NumPy function Dynamo cannot trace, called in graph code",
                    (("compile", clause),),
                    "call it outside the compiled code (in __init__, or cached at module level) "
                    "and pass its result in",
                )
                self.report(node, message, targets=("compile",))
            return
        if any(kind in (Kind.TENSOR, Kind.NDARRAY) for kind in kinds):
            function = name[len("numpy.") :]
            # `np.argwhere(np.equal(x.shape[2:], size))`: an array made here from sizes alone.
            # torch.export specializes the sizes (static shapes by default), so NumPy gets
            # plain ints and the exported program keeps the example's answer, which is right
            # for every input of the exported shapes (torch 2.13); the tracer sees the sizes
            # as tensors and still warns (Converting a tensor to a NumPy array).
            sizes_only = all(self._sizes_only(arg.value) for arg in node.args) and any(
                m.findall(arg.value, SIZE_READ) for arg in node.args
            )
            if function in DATA_DEPENDENT_SHAPES:
                targets = ("compile", "trace") if sizes_only else ("compile", "export", "trace")
                self.report(node, DATA_DEPENDENT_MESSAGE, targets=targets)
            else:
                targets = ["export", "trace"]
                if function not in numpy_traced():
                    targets.insert(0, "compile")
                tensors = [
                    a.value
                    for a in node.args
                    if self.ctx.kind(a.value) in (Kind.TENSOR, Kind.NDARRAY)
                ]
                if all(parameter_data_only(self.ctx, t) for t in tensors):
                    # `np.linalg.norm(self.weight.detach())`: the same array for every input,
                    # so the constant the trace keeps is right.
                    targets.remove("trace")
                if sizes_only:
                    targets.remove("export")
                self.report(node, targets=tuple(targets))

    def _sizes_only(self, expr: cst.BaseExpression) -> bool:
        """Whether ``expr`` reads no tensor but its sizes: literals, names that are no tensor
        or array, `x.shape` / `x.size()` / `x.ndim` / `x.dim()` of a tensor, and NumPy calls,
        comparisons, operators, subscripts and tuples of those."""
        kind = self.ctx.kind(expr)
        if isinstance(expr, cst.Attribute) and expr.attr.value in ("shape", "ndim"):
            return self.ctx.kind(expr.value) == Kind.TENSOR
        if isinstance(expr, cst.Call):
            func = expr.func
            if isinstance(func, cst.Attribute) and func.attr.value in ("size", "dim"):
                return self.ctx.kind(func.value) == Kind.TENSOR and all(
                    self._sizes_only(a.value) for a in expr.args
                )
            called = self.ctx.qualified_name(func) or ""
            return called.startswith("numpy.") and all(self._sizes_only(a.value) for a in expr.args)
        if isinstance(expr, cst.Subscript):
            return self._sizes_only(expr.value) and all(
                not m.findall(s, m.Name() | m.Attribute() | m.Call()) for s in expr.slice
            )
        if isinstance(expr, cst.Comparison):
            return self._sizes_only(expr.left) and all(
                self._sizes_only(c.comparator) for c in expr.comparisons
            )
        if isinstance(expr, cst.BinaryOperation):
            return self._sizes_only(expr.left) and self._sizes_only(expr.right)
        if isinstance(expr, (cst.Tuple, cst.List)):
            return all(
                isinstance(e, cst.Element) and self._sizes_only(e.value) for e in expr.elements
            )
        if isinstance(expr, cst.Name):
            # A name of no known kind passes (`size`, a parameter given a list of ints, or of
            # tensors only under `torch._C._get_tracing_state()`): the call reads sizes too.
            return kind not in (Kind.TENSOR, Kind.TENSORS, Kind.NDARRAY, Kind.DATA)
        return isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString))

    def _numpy_made(self, func: cst.BaseExpression) -> Optional[str]:
        """``numpy.vectorize`` for a call of a name the module, or the function once, binds to
        ``np.vectorize(f)`` (``np.frompyfunc``, ``np.poly1d``): a NumPy callable."""
        if type(func) is not cst.Name:
            return None
        value = module_alias(self.ctx.module, func.value)
        if value is None and self.ctx.function is not None:
            bound = assignments(self.ctx.function, func.value)
            if len(bound) == 1 and bound[0][2] == 1:
                value = bound[0][0]
        if type(value) is not cst.Call:
            return None
        name = self.ctx.qualified_name(value.func)
        return name if name in NUMPY_CALLABLES else None
