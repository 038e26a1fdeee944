"""TL325: a size read inside a function `torch.func.vmap` maps, in traced code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import vmap_trace_refused
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import top_level_definition, walk

VMAPS = frozenset(
    {
        "torch.func.vmap",
        "torch.vmap",
        "functorch.vmap",
        "torch._functorch.apis.vmap",
        "torch._functorch.vmap.vmap",
    }
)


class VmappedSizeInTrace(Rule):
    """Flags `vmap(fn)` in traced code when `fn` reads a tensor's size, or calls a method whose
    batching the trace records with the batch size (`x - x.mean()`, `x.flatten()`).

    ## What it does
    Finds calls of `torch.func.vmap` (`torch.vmap`, `functorch.vmap`) in code `torch.jit.trace`
    converts whose mapped function (a function of the file, a nested function, a method of the
    class given as `self.f`, or a lambda; a `vmap` of a `vmap` too) reads the size of a tensor
    it handles: `x.shape[0]`, `x.size(1)`, `x.shape` passed on (`torch.eye(pos.shape[0])`,
    `x.reshape(x.shape[0], -1)`, `x.new_zeros(x.shape)`). Also a mapped function that calls a
    tensor method whose batching the trace records with the example's batch size, from a table
    generated from torch (`benchmarks/dynamo_tables.py`, `vmap_trace_refused`: each method traced
    under `vmap` on a batch of 3 and run on a batch of 2): argument-free `x.flatten()`,
    `x.squeeze()`, `x.max()`, `x.prod()`; `x.reshape(-1)`, `x.view(-1)`; and a full reduction
    met with the sample in arithmetic (`x - x.mean()`, `x / x.norm()`, `(x - x.mean()) /
    x.std()`, `torch.sum(x)` too): its 0-d result is reshaped to the batch size to broadcast.

    ## Why is this bad?
    Under `torch.jit.trace` sizes are traced values, and `vmap` runs the mapped function on
    batched tensors: checked with torch 2.13, every use of such a size there (`torch.eye(n)`,
    `torch.arange(n)`, `reshape`, `view`, `expand`, `new_zeros`, `x * n`) fails the trace
    ("RuntimeError: Unsupported value kind: Tensor"). The methods of the table trace, but the
    trace holds the example's batch size as a constant: a later input with another batch
    size fails ("shape '[3, 1, 1]' is invalid for input of size 2") or, for `reshape(-1)`,
    gives a result of the wrong shape. The same model runs eagerly, and `torch.compile` and
    `torch.export` handle it.

    ## Example
    ```python
    def pairwise_energy(pos, charge):
        d = (pos[:, None] - pos[None]).norm(dim=-1) + torch.eye(pos.shape[0])
        return (charge[:, None] * charge[None] / d).triu(1).sum()

    class Energy(nn.Module):
        def forward(self, positions):
            return vmap(pairwise_energy, in_dims=(0, None))(positions, self.charge)
    ```
    Use instead: sizes that are constants of the module (`torch.eye(self.n_atoms)`), size-free
    operations (`torch.ones_like`, reductions with `keepdim=True` over the sample's own
    dimensions), or `torch.compile` / `torch.export`.

    ## Fix safety
    No automatic fix.
    """

    code = "TL325"
    name = "vmapped-size-in-trace"
    subject = "a size read inside a function `vmap` maps"
    clauses = {
        "trace": (
            "torch.jit.trace fails (RuntimeError: Unsupported value kind: Tensor) where the "
            "mapped function uses the size"
        ),
    }
    advice = (
        "use sizes the module knows as constants, size-free operations (`torch.ones_like`, "
        "`reshape(-1)`), or torch.compile / torch.export"
    )
    targets = ("trace",)

    VALID = [
        # Reductions that keep the sample's dimensions; a reduction returned as it is.
        Valid(
            """
            import torch
            from torch import nn
            from torch.func import vmap

            def standardise(x):
                mu = x.mean((-2, -1), keepdim=True)
                return (x - mu) / (x.std((-2, -1), keepdim=True) + 1e-5), x.sum()

            class Model(nn.Module):
                def forward(self, x):
                    return vmap(standardise)(x)

            def inputs():
                return [(torch.randn(3, 4, 6),), (torch.randn(2, 4, 6),)]
            """
        ),
        # The mapped function uses no size.
        Valid(
            """
            import torch
            from torch import nn
            from torch.func import vmap

            def energy(pos, w):
                return (pos * w + torch.ones_like(pos)).sum()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.w = nn.Parameter(torch.randn(5))

                def forward(self, x):
                    return vmap(energy, in_dims=(0, None))(x, self.w)

            def inputs():
                return [(torch.randn(3, 5),), (torch.randn(4, 5),)]
            """
        ),
    ]
    INVALID = [
        # Per-sample standardisation: the full reductions meet the sample.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.func import vmap

            def standardise(x):
                return (x - x.mean()) / (x.std() + 1e-5)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lin = nn.Linear(6, 6)

                def forward(self, x):
                    return self.lin(vmap(standardise)(x))

            def inputs():
                return [(torch.randn(3, 4, 6),), (torch.randn(2, 4, 6),)]
            """,
            line=14,
            message_contains="x.mean()",
        ),
        # The mapped function is a static method of the module, given as `self._mix`.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.func import vmap

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.q = nn.Linear(8, 8)

                @staticmethod
                def _mix(q, v):
                    w = torch.softmax(q @ q.transpose(0, 1) / q.shape[-1] ** 0.5, dim=-1)
                    return w @ v

                def forward(self, x):
                    return vmap(self._mix)(self.q(x), x)

            def inputs():
                return [(torch.randn(3, 5, 8),), (torch.randn(2, 7, 8),)]
            """,
            line=16,
        ),
        Invalid(
            """
            import torch
            from torch import nn
            from torch.func import vmap

            def pairwise(pos):
                d = (pos[:, None, :] - pos[None, :, :]).norm(dim=-1)
                return (d + torch.eye(pos.shape[0])).sum()

            class Model(nn.Module):
                def forward(self, x):
                    return vmap(pairwise)(x)

            def inputs():
                return [(torch.randn(3, 5, 3),), (torch.randn(4, 5, 3),)]
            """,
            line=11,
        ),
        # A lambda through torch.vmap.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return torch.vmap(lambda p: p.reshape(p.shape[0] * p.shape[1]))(x)

            def inputs():
                return [(torch.randn(3, 4, 5),), (torch.randn(2, 4, 5),)]
            """,
            line=6,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or "trace" not in self.ctx.targets:
            return
        if self.ctx.qualified_name(node.func) not in VMAPS or not node.args:
            return
        body = self._mapped_body(node.args[0].value)
        if body is None:
            return
        if _size_read(body):
            self.report(node)
            return
        recorded = self._batch_recorded(body)
        if recorded is not None:
            self.report(node, _batch_message(recorded))

    def _mapped_body(self, mapped: cst.BaseExpression, depth: int = 0) -> Optional[cst.CSTNode]:
        """The body of the function ``vmap`` maps, where this file defines it."""
        if depth > 3:
            return None
        if type(mapped) is cst.Lambda:
            return mapped.body  # type: ignore[attr-defined]
        if type(mapped) is cst.Call:  # vmap(vmap(f)), vmap(partial(f, ...))
            inner = mapped.args[0].value if mapped.args else None  # type: ignore[attr-defined]
            name = self.ctx.qualified_name(mapped.func)  # type: ignore[attr-defined]
            if inner is not None and name in (*VMAPS, "functools.partial"):
                return self._mapped_body(inner, depth + 1)
            return None
        if type(mapped) is cst.Name:
            function = self._function(mapped.value)  # type: ignore[attr-defined]
            return function.body if function is not None else None
        attr = self_attribute(mapped)
        if attr is not None:
            method = self._method(attr)  # `vmap(self._mix)`: a method of the class
            return method.body if method is not None else None
        return None

    def _batch_recorded(self, body: cst.CSTNode) -> Optional[str]:
        """The first call in ``body`` whose batching rule the trace records with the batch
        size, as written (``x.flatten()``, ``x.mean()`` met with ``x`` in arithmetic)."""
        tables = vmap_trace_refused()
        alone, broadcast = tables.get("alone", frozenset()), tables.get("broadcast", frozenset())
        minus_one = tables.get("minus_one", frozenset())
        found: list[str] = []

        def reduction(expr: cst.BaseExpression) -> bool:
            return _no_argument_method(self.ctx, expr) in broadcast

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if found:
                return False
            if type(node) is cst.Call and (
                _no_argument_method(self.ctx, node) in alone or _minus_one_method(node) in minus_one
            ):
                found.append(_shown(node))  # type: ignore[arg-type]
                return False
            if type(node) is cst.BinaryOperation:
                left, right = node.left, node.right  # type: ignore[attr-defined]
                for one, other in ((left, right), (right, left)):
                    if reduction(one) and _per_sample(other) and not reduction(other):
                        found.append(_shown(one))
                        return False
            return None

        walk(body, enter, lambda node: None)
        return found[0] if found else None

    def _method(self, name: str) -> Optional[cst.FunctionDef]:
        """The method ``name`` of the class the current method belongs to, in this file."""
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if not owner:
            return None
        local = owner.removeprefix(self.ctx.model.summary.module + ".")
        method = top_level_definition(self.ctx.module, f"{local}.{name}")
        return method if isinstance(method, cst.FunctionDef) else None

    def _function(self, name: str) -> Optional[cst.FunctionDef]:
        """The function of this file ``name`` refers to: one nested in the current function,
        else a module-level one."""
        scopes = []
        if self.ctx.function is not None:
            scopes.append(self.ctx.function.body)
        scopes.append(self.ctx.module)
        for scope in scopes:
            for statement in getattr(scope, "body", ()):
                if type(statement) is cst.FunctionDef and statement.name.value == name:
                    return statement
        return None


SIZE_METHODS = frozenset({"size"})


def _size_read(body: cst.CSTNode) -> bool:
    """Whether ``body`` reads a size of a tensor it names (``x.shape``, ``x.size(...)``),
    other than for its length (``len(x.shape)``, the rank)."""
    found: list[bool] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if found:
            return False
        if type(node) is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if type(func) is cst.Name and func.value == "len":
                return False  # the rank
            if (
                type(func) is cst.Attribute
                and func.attr.value in SIZE_METHODS
                and type(func.value) is cst.Name
            ):
                found.append(True)
                return False
        if (
            type(node) is cst.Attribute
            and node.attr.value == "shape"  # type: ignore[attr-defined]
            and type(node.value) is cst.Name  # type: ignore[attr-defined]
        ):
            found.append(True)
            return False
        return None

    walk(body, enter, lambda node: None)
    return bool(found)


def _no_argument_method(ctx, expr: cst.BaseExpression) -> Optional[str]:  # type: ignore[no-untyped-def]
    """``m`` for ``x.m()`` of a name, or ``torch.m(x)``, called with nothing else."""
    if type(expr) is not cst.Call:
        return None
    func, args = expr.func, expr.args  # type: ignore[attr-defined]
    if type(func) is not cst.Attribute:
        return None
    if not args and type(func.value) is cst.Name and ctx.qualified_name(func) is None:
        return func.attr.value
    name = ctx.qualified_name(func) or ""
    if len(args) == 1 and args[0].keyword is None and name == f"torch.{func.attr.value}":
        return func.attr.value
    return None


def _minus_one_method(call: cst.Call) -> Optional[str]:
    """``m`` for ``x.m(-1)`` of a name."""
    func, args = call.func, call.args
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name or len(args) != 1:
        return None
    value = args[0].value
    if (
        args[0].keyword is None
        and type(value) is cst.UnaryOperation
        and isinstance(value.operator, cst.Minus)
        and type(value.expression) is cst.Integer
        and value.expression.value == "1"
    ):
        return func.attr.value
    return None


def _per_sample(expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` reads a local value of the mapped function (a bare name: not a number
    alone, nor an attribute such as ``self.scale`` or ``math.pi``)."""
    found: list[bool] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.Name and not found:
            found.append(True)
        return False if found or type(node) is cst.Attribute else None

    walk(expr, enter, lambda node: None)
    return bool(found)


def _shown(call: cst.BaseExpression) -> str:
    return cst.Module([]).code_for_node(call)


def _batch_message(call: str) -> Message:
    return Message(
        f"`{call}` inside a function `vmap` maps, in traced code",
        (
            (
                "trace",
                "torch.jit.trace records the example's batch size in vmap's batching of it, "
                "so a later input with another batch size fails (RuntimeError: shape '[...]' "
                "is invalid for input of size ...) or gives a result of the wrong shape",
            ),
        ),
        "reduce with `keepdim=True` over the sample's own dimensions "
        "(`x.mean((-2, -1), keepdim=True)`), or use torch.compile / torch.export",
    )
