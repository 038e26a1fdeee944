"""TL328: an `operator.itemgetter` / `attrgetter` / `methodcaller` built outside graph code and
called in it."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid

GETTERS = frozenset({"operator.itemgetter", "operator.attrgetter", "operator.methodcaller"})


class PrebuiltOperatorGetter(Rule):
    """Flags calls in graph code of an `operator.itemgetter` / `attrgetter` / `methodcaller`
    object built outside it (`self.pick = operator.itemgetter(0, 2)` in `__init__`).

    ## What it does
    Finds calls `self.X(...)` in graph code where the class binds `self.X` to
    `operator.itemgetter(...)`, `operator.attrgetter(...)` or `operator.methodcaller(...)`,
    and calls of a module-level name bound to one: typically a selection of feature scales or
    config fields prepared once in `__init__`.

    ## Why is this bad?
    Checked with torch 2.13: Dynamo treats a getter object that comes from outside the traced
    code as an opaque user object and cannot call it: `torch.compile(fullgraph=True)` raises
    and plain `torch.compile` breaks the graph ("Unsupported method call", `call_method
    UserDefinedObjectVariable(itemgetter) __call__`). The same getter built and called inside
    `forward` (`operator.itemgetter(0, 2)(feats)`) compiles. `torch.jit.trace` and
    `torch.export` run it in Python and accept it.

    ## Example
    ```python
    class Neck(nn.Module):
        def __init__(self, keep=(0, 2, 3)):
            super().__init__()
            self.pick = operator.itemgetter(*keep)

        def forward(self, feats):
            return torch.stack(self.pick(feats)).mean(0)
    ```
    Use instead: keep the indices (`self.keep = tuple(keep)`) and index in `forward`
    (`[feats[i] for i in self.keep]`).

    ## Fix safety
    No automatic fix.
    """

    code = "TL328"
    name = "prebuilt-operator-getter"
    subject = "operator getter object built outside graph code called in it"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph "
            "(Unsupported method call: Dynamo cannot call the getter object)"
        ),
    }
    advice = "keep the indices or names and index in forward, e.g. [feats[i] for i in self.keep]"
    targets = ("compile",)

    VALID = [
        # Built and called inside forward; indices kept on the module.
        Valid(
            """
            import operator

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleList(nn.Linear(4, 4) for _ in range(3))
                    self.keep = (0, 2)

                def forward(self, x):
                    feats = [blk(x) for blk in self.blocks]
                    picked = operator.itemgetter(*self.keep)(feats)
                    return torch.stack(picked).mean(0) + feats[self.keep[0]]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import operator

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=(0, 2)):
                    super().__init__()
                    self.blocks = nn.ModuleList(nn.Linear(4, 4) for _ in range(3))
                    self.pick = operator.itemgetter(*keep)

                def forward(self, x):
                    feats = [blk(x) for blk in self.blocks]
                    return torch.stack(self.pick(feats)).mean(0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            backends=("compile",),
        ),
        # A module-level methodcaller.
        Invalid(
            """
            from operator import methodcaller

            import torch
            from torch import nn

            TOTAL = methodcaller("sum", dim=-1)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return TOTAL(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            backends=("compile",),
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "getter" in text or "methodcaller" in text

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._attrs: dict[str, set[str]] = {}  # class name -> self attributes bound to getters
        self._globals: set[str] = set()  # module-level names bound to getters

    def visit_Module(self, node: cst.Module) -> None:
        self._attrs, self._globals = {}, set()
        for statement in node.body:
            for target in self._getter_targets(statement):
                if isinstance(target, cst.Name):
                    self._globals.add(target.value)
        for cls in _classes(node):
            attrs = {
                attr
                for statement in _simple_statements(cls)
                for target in self._getter_targets(statement)
                if (attr := self_attribute(target)) is not None
            }
            if attrs:
                self._attrs.setdefault(cls.name.value, set()).update(attrs)

    def _getter_targets(self, statement: cst.CSTNode) -> list[cst.BaseExpression]:
        """The targets of ``statement`` when it assigns a getter object."""
        if not isinstance(statement, cst.SimpleStatementLine):
            return []
        targets: list[cst.BaseExpression] = []
        for small in statement.body:
            value: Optional[cst.BaseExpression] = None
            if isinstance(small, cst.Assign):
                value, names = small.value, [t.target for t in small.targets]
            elif isinstance(small, cst.AnnAssign) and small.value is not None:
                value, names = small.value, [small.target]
            if isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) in GETTERS:
                targets.extend(names)
        return targets

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        if isinstance(func, cst.Name):
            if func.value in self._globals and not _bound_locally(self.ctx.function, func.value):
                self.report(node)
            return
        attr = self_attribute(func)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return
        if attr in self._attrs.get(info.owner_class.rsplit(".", 1)[-1], ()):
            self.report(node)


def _classes(node: cst.CSTNode) -> list[cst.ClassDef]:
    found: list[cst.ClassDef] = []

    class _Collect(cst.CSTVisitor):
        def visit_ClassDef(self, cls: cst.ClassDef) -> None:
            found.append(cls)

    node.visit(_Collect())
    return found


def _simple_statements(node: cst.CSTNode) -> list[cst.SimpleStatementLine]:
    found: list[cst.SimpleStatementLine] = []

    class _Collect(cst.CSTVisitor):
        def visit_SimpleStatementLine(self, line: cst.SimpleStatementLine) -> None:
            found.append(line)

    node.visit(_Collect())
    return found


def _bound_locally(function: Optional[cst.FunctionDef], name: str) -> bool:
    """Whether ``function`` binds ``name`` (a parameter or an assignment)."""
    if function is None:
        return False
    params = function.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    every += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    if any(p.name.value == name for p in every):
        return True
    return any(
        isinstance(t.target, cst.Name) and t.target.value == name
        for line in _simple_statements(function)
        for small in line.body
        if isinstance(small, cst.Assign)
        for t in small.targets
    )
