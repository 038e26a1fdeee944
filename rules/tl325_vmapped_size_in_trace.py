"""TL325: a size read inside a function `torch.func.vmap` maps, in traced code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

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
    """Flags `vmap(fn)` in traced code when `fn` reads a tensor's size.

    ## What it does
    Finds calls of `torch.func.vmap` (`torch.vmap`, `functorch.vmap`) in code `torch.jit.trace`
    converts whose mapped function (a function of the file, a nested function, a method of the
    class given as `self.f`, or a lambda; a `vmap` of a `vmap` too) reads the size of a tensor
    it handles: `x.shape[0]`, `x.size(1)`, `x.shape` passed on (`torch.eye(pos.shape[0])`,
    `x.reshape(x.shape[0], -1)`, `x.new_zeros(x.shape)`).

    ## Why is this bad?
    Under `torch.jit.trace` sizes are traced values, and `vmap` runs the mapped function on
    batched tensors: checked with torch 2.13, every use of such a size there (`torch.eye(n)`,
    `torch.arange(n)`, `reshape`, `view`, `expand`, `new_zeros`, `x * n`) fails the trace
    ("RuntimeError: Unsupported value kind: Tensor"). The same model runs eagerly,
    and `torch.compile` and `torch.export` handle it.

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
    operations (`torch.ones_like`, `x.flatten()`, `-1` in `reshape`), or `torch.compile` /
    `torch.export`.

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
        if self._reads_size(node.args[0].value):
            self.report(node)

    def _reads_size(self, mapped: cst.BaseExpression, depth: int = 0) -> bool:
        if depth > 3:
            return False
        if type(mapped) is cst.Lambda:
            return _size_read(mapped.body)  # type: ignore[attr-defined]
        if type(mapped) is cst.Call:  # vmap(vmap(f)), vmap(partial(f, ...))
            inner = mapped.args[0].value if mapped.args else None  # type: ignore[attr-defined]
            name = self.ctx.qualified_name(mapped.func)  # type: ignore[attr-defined]
            if inner is not None and name in (*VMAPS, "functools.partial"):
                return self._reads_size(inner, depth + 1)
            return False
        if type(mapped) is cst.Name:
            function = self._function(mapped.value)  # type: ignore[attr-defined]
            return function is not None and _size_read(function.body)
        attr = self_attribute(mapped)
        if attr is not None:
            method = self._method(attr)  # `vmap(self._mix)`: a method of the class
            return method is not None and _size_read(method.body)
        return False

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
