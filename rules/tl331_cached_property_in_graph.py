"""TL331: a `functools.cached_property` of the module read in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid

CACHED_PROPERTIES = frozenset({"functools.cached_property"})
PARTIAL_METHODS = frozenset({"functools.partialmethod"})


class CachedPropertyInGraph(Rule):
    """Flags `self.<name>` reads in graph code where the class makes `<name>` a `cached_property`.

    ## What it does
    Finds reads in graph code of `self.<name>` where `<name>` is defined with
    `@functools.cached_property` by the class of the method, or by a base class of the same
    file: a rotary embedding's `inv_freq` or a mask computed on first use and kept.

    Also `self.<name>` where the class body binds `<name> = functools.partialmethod(...)`
    (two public methods made from one routine with a keyword fixed:
    `encode_query = partialmethod(_encode, side="query")`).

    ## Why is this bad?
    On Python 3.11 and older, `cached_property.__get__` takes a lock (`with self.lock:`) before
    it fills the cache, and Dynamo cannot enter it: checked with torch 2.13 on Python 3.11,
    `torch.compile(fullgraph=True)` raises ("Unsupported context manager"), on every call,
    even once the value is cached (plain `torch.compile` reports no graph break for it).
    Python 3.12 dropped the lock. `torch.export` and `torch.jit.trace` run the
    property in Python.

    Dynamo cannot bind a `partialmethod` either: checked with torch 2.13 on Python 3.11,
    `partialmethod.__get__` raises an AttributeError inside Dynamo, and
    `torch.compile(fullgraph=True)` raises ("Observed exception"); `torch.export` passes.

    ## Example
    ```python
    class Rotary(nn.Module):
        @cached_property
        def inv_freq(self):
            return 1.0 / (self.base ** (torch.arange(0, self.dim, 2).float() / self.dim))

        def forward(self, x):
            return torch.outer(torch.arange(x.shape[1]).float(), self.inv_freq)
    ```
    Use instead: compute the value in `__init__` and keep it as a buffer
    (`self.register_buffer("inv_freq", ..., persistent=False)`), or a plain `@property`.
    For a `partialmethod`, call the routine with the keyword (`self._encode(x, side="query")`),
    or define the method with `def`.

    ## Fix safety
    No automatic fix.
    """

    code = "TL331"
    name = "cached-property-in-graph"
    subject = "a `functools.cached_property` read in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (Unsupported context manager: on Python 3.11 "
            "and older the property takes a lock)"
        ),
    }
    advice = (
        "compute the value in `__init__` and keep it as a buffer "
        '(`self.register_buffer("name", value, persistent=False)`), or use a plain `@property`'
    )
    targets = ("compile",)

    VALID = [
        # The value is a buffer made in __init__, and a plain property.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim: int = 8):
                    super().__init__()
                    self.dim = dim
                    inv = 1.0 / (10000.0 ** (torch.arange(0, dim, 2).float() / dim))
                    self.register_buffer("inv_freq", inv, persistent=False)

                @property
                def half(self):
                    return self.dim // 2

                def forward(self, x):
                    t = torch.arange(x.shape[1], dtype=torch.float32)
                    return torch.outer(t, self.inv_freq)[:, : self.half] + x[0, :, : self.half]

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(2, 7, 8),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            from functools import cached_property

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim: int = 8):
                    super().__init__()
                    self.dim = dim

                @cached_property
                def inv_freq(self):
                    return 1.0 / (10000.0 ** (torch.arange(0, self.dim, 2).float() / self.dim))

                def forward(self, x):
                    t = torch.arange(x.shape[1], dtype=torch.float32)
                    return torch.outer(t, self.inv_freq) + x[0, :, :4]

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(2, 7, 8),)]
            """,
            line=17,
        ),
        # Two public methods made from one routine with `partialmethod`, read in forward.
        Invalid(
            """
            import functools

            import torch
            from torch import nn

            class Pool(nn.Module):
                def _pool(self, x, op: str = "mean"):
                    return x.amax(1) if op == "max" else x.mean(1)

                max_pool = functools.partialmethod(_pool, op="max")

            class Model(Pool):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 2)

                def forward(self, x):
                    return self.fc(self.max_pool(x))

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """,
            line=18,
            backends=("compile",),
            message_contains="partialmethod",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._cached: dict[str, frozenset[str]] = {}

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if not self.ctx.in_graph or type(node.value) is not cst.Name:
            return
        attr = self_attribute(node)
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if attr is None or not owner:
            return
        if attr in self._cached_of(owner):
            self.report(node)
        elif attr in self._cached_of(owner, PARTIAL_METHODS):
            self.report(node, PARTIAL_METHOD_MESSAGE)

    def _cached_of(self, owner: str, makers: frozenset[str] = CACHED_PROPERTIES) -> frozenset[str]:
        key = f"{owner}|{min(makers)}"
        if key not in self._cached:
            self._cached[key] = frozenset(self._collect(owner.rsplit(".", 1)[-1], 0, makers))
        return self._cached[key]

    def _collect(self, owner: str, depth: int, makers: frozenset[str]) -> set[str]:
        """The cached properties (with ``PARTIAL_METHODS``: the partial methods) class
        ``owner`` of this file defines or inherits from a base class of this file."""
        cls = module_class(self.ctx.module, owner)
        if cls is None or depth > 4:
            return set()
        found: set[str] = set()
        for statement in cls.body.body:
            if type(statement) is cst.FunctionDef and any(
                self.ctx.qualified_name(d.decorator) in makers for d in statement.decorators
            ):
                found.add(statement.name.value)
            if type(statement) is not cst.SimpleStatementLine:
                continue
            for small in statement.body:
                # `encode_query = partialmethod(_encode, side="query")` in the class body.
                if type(small) is not cst.Assign or type(small.value) is not cst.Call:
                    continue
                if self.ctx.qualified_name(small.value.func) not in makers:
                    continue
                for target in small.targets:
                    if type(target.target) is cst.Name:
                        found.add(target.target.value)
        for base in cls.bases:
            if type(base.value) is cst.Name:
                found |= self._collect(base.value.value, depth + 1, makers)
        return found


PARTIAL_METHOD_MESSAGE = Message(
    "a `functools.partialmethod` of the class read in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Observed exception: `partialmethod.__get__` "
            "raises an AttributeError inside Dynamo, Python 3.11)",
        ),
    ),
    'call the routine with the keyword (`self._encode(x, side="query")`), or define the '
    "method with `def`",
)


def module_class(module: cst.Module, name: str) -> Optional[cst.ClassDef]:
    """The class ``name`` defined at the top level of ``module``."""
    for statement in module.body:
        if type(statement) is cst.ClassDef and statement.name.value == name:
            return statement
    return None
