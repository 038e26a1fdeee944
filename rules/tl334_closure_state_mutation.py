"""TL334: a closure that updates a `nonlocal` counter, called from graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import self_assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import walk

from .tl331_cached_property_in_graph import module_class


class ClosureStateMutation(Rule):
    """Flags graph code calling a closure that rebinds a `nonlocal` variable it reads back.

    ## What it does
    Finds calls in graph code of `self.<attr>(...)` where `__init__` stored in `<attr>` the
    result of a module-level factory function of the file that returns a nested function
    declaring `nonlocal n`, rebinding `n` (`n += 1`) and reading it (a step counter for a
    schedule, a call count). The finding is on the closure's first read of `n` after the
    update.

    ## Why is this bad?
    The closure's state lives in Python, outside the tensors: `torch.export` and
    `torch.jit.trace` run the function once, while converting, and record the value the
    counter had then as a constant. Checked with torch 2.13: the converted model repeats that
    step on every call, while eager advances it, so the results disagree from the second call
    on. (`torch.compile` guards on the value and recompiles.)

    ## Example
    ```python
    def make_scheduled_noise(base=0.1, decay=0.5):
        step = 0

        def apply(x):
            nonlocal step
            step += 1
            return x + base * decay ** step

        return apply
    ```
    Use instead: keep the counter in a buffer of the module (`self.register_buffer("step",
    torch.zeros((), dtype=torch.long))`, updated with `self.step.add_(1)`), or pass it in.

    ## Fix safety
    No automatic fix.
    """

    code = "TL334"
    name = "closure-state-mutation"
    subject = "a closure's `nonlocal` state updated from graph code"
    clauses = {
        "export": (
            "torch.export runs the update once, while converting, and records the value as a "
            "constant, so later calls disagree with eager"
        ),
        "trace": (
            "torch.jit.trace runs the update once, while converting, and records the value as "
            "a constant, so later calls disagree with eager"
        ),
    }
    advice = (
        "keep the state in a buffer of the module (`self.step.add_(1)`), or pass it in as an "
        "argument"
    )
    targets = ("export", "trace")

    VALID = [
        # The closure reads its captured values but updates nothing.
        Valid(
            """
            import torch
            from torch import nn

            def make_noise(base=0.1, decay=0.5):
                def apply(x):
                    return x + base * decay

                return apply

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.noise = make_noise()

                def forward(self, x):
                    return self.noise(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            def make_scheduled_noise(base=0.1, decay=0.5):
                step = 0

                def apply(x):
                    nonlocal step
                    step += 1
                    return x + base * decay**step

                return apply

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.noise = make_scheduled_noise()

                def forward(self, x):
                    return self.noise(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=10,
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._reported: set[int] = set()

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        attr = self_attribute(node.func)
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if attr is None or not owner:
            return
        cls = module_class(self.ctx.module, owner.rsplit(".", 1)[-1])
        init = _method(cls, "__init__") if cls is not None else None
        if init is None:
            return
        values = self_assignments(init, attr)
        if len(values) != 1 or type(values[0]) is not cst.Call:
            return
        factory = values[0].func  # type: ignore[union-attr]
        if type(factory) is not cst.Name:
            return
        function = _module_function(self.ctx.module, factory.value)
        if function is None:
            return
        for read in _stateful_reads(function):
            if id(read) not in self._reported:
                self._reported.add(id(read))
                self.report(read)


def _method(cls: cst.ClassDef, name: str) -> Optional[cst.FunctionDef]:
    for statement in cls.body.body:
        if type(statement) is cst.FunctionDef and statement.name.value == name:
            return statement
    return None


def _module_function(module: cst.Module, name: str) -> Optional[cst.FunctionDef]:
    found = [s for s in module.body if type(s) is cst.FunctionDef and s.name.value == name]
    return found[0] if len(found) == 1 else None


def _stateful_reads(factory: cst.FunctionDef) -> list[cst.CSTNode]:
    """The statements of the nested functions ``factory`` returns that read a ``nonlocal``
    variable the nested function also rebinds: the first such read after the update."""
    returned = {
        s.body[0].value.value  # type: ignore[attr-defined]
        for s in factory.body.body
        if type(s) is cst.SimpleStatementLine
        and type(s.body[0]) is cst.Return
        and type(s.body[0].value) is cst.Name  # type: ignore[attr-defined]
    }
    reads: list[cst.CSTNode] = []
    for statement in factory.body.body:
        if type(statement) is not cst.FunctionDef or statement.name.value not in returned:
            continue
        names = _nonlocal_names(statement)
        updated = False
        for inner in statement.body.body:
            rebinds = _rebinds(inner, names)
            if rebinds:
                updated = True
                continue
            if updated and _reads(inner, names):
                reads.append(inner)
                break
    return reads


def _nonlocal_names(function: cst.FunctionDef) -> set[str]:
    names: set[str] = set()
    for statement in function.body.body:
        if type(statement) is cst.SimpleStatementLine:
            for small in statement.body:
                if type(small) is cst.Nonlocal:
                    names.update(n.name.value for n in small.names)
    return names


def _rebinds(statement: cst.CSTNode, names: set[str]) -> bool:
    if type(statement) is not cst.SimpleStatementLine:
        return False
    for small in statement.body:
        if type(small) is cst.AugAssign and type(small.target) is cst.Name:
            if small.target.value in names:
                return True
        if type(small) is cst.Assign and any(
            type(t.target) is cst.Name and t.target.value in names for t in small.targets
        ):
            return True
    return False


def _reads(statement: cst.CSTNode, names: set[str]) -> bool:
    found: list[bool] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if found:
            return False
        if type(node) is cst.Name and node.value in names:  # type: ignore[attr-defined]
            found.append(True)
            return False
        return None

    walk(statement, enter, lambda node: None)
    return bool(found)
