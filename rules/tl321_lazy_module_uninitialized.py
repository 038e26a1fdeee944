"""TL321: a lazy torch.nn module whose parameters stay uninitialized until a forward pass."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.dynamo_tables import nn_lazy_modules
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import names_api
from torchlint.lint.walk import walk


class LazyModuleUninitialized(Rule):
    """Flags `nn.LazyLinear(...)`, `nn.LazyConv2d(...)` and the other lazy `torch.nn` modules.

    ## What it does
    Finds the construction of a lazy `torch.nn` module (the classes that derive from
    `LazyModuleMixin`, listed in `rules/dynamo_tables.json` from torch itself): `LazyLinear`,
    `LazyConv1d/2d/3d`, their transposed forms, `LazyBatchNorm*` and `LazyInstanceNorm*`. A
    constructor that runs the module itself once (`self(torch.zeros(...))` or
    `self.forward(...)` in `__init__`) initialises it, and is not flagged.

    ## Why is this bad?
    A lazy module creates its parameters at its first forward pass. Until then they are
    `UninitializedParameter`s, and torch 2.13 refuses to convert the model:
    `torch.jit.script` and `torch.jit.trace` fail ("has uninitialized parameters"), and
    `torch.export` fails ("Attempted to use an uninitialized parameter"). `torch.compile`
    runs the first call in eager mode and works. After one forward pass on an example input
    every back-end converts the model.

    ## Example
    ```python
    class Head(nn.Module):
        def __init__(self, classes: int):
            super().__init__()
            self.fc = nn.LazyLinear(classes)
    ```
    Use instead: give the input size (`nn.Linear(in_features, classes)`), or run the model
    once on an example input before converting it.

    ## Fix safety
    No automatic fix: the input size is known only to the code that calls the model.
    """

    code = "TL321"
    name = "lazy-module-uninitialized"
    subject = "lazy module: its parameters are uninitialized until its first forward pass"
    clauses = {
        "script": "torch.jit.script fails on a model that has not run yet",
        "trace": "torch.jit.trace fails on a model that has not run yet",
        "export": "torch.export fails on a model that has not run yet",
    }
    advice = (
        "give the input size (`nn.Linear(in_features, out_features)`), or run the model once on "
        "an example input before converting it"
    )
    targets = ("script", "trace", "export")
    graph_only = False

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.LazyLinear(4)
                    self(torch.zeros(1, 6))

                def forward(self, x):
                    return self.fc(x).relu()

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.LazyConv1d(3, 1)
                    self.head = nn.LazyLinear(4)

                def forward(self, x):
                    return self.head(self.conv(x).flatten(1))

            def inputs():
                return [(torch.randn(2, 5, 6),), (torch.randn(3, 5, 6),)]
            """,
            line=7,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        # Not graph-only: without this, every file would be parsed for it.
        return names_api(text, summary, nn_lazy_modules())

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.qualified_name(node.func) not in nn_lazy_modules():
            return
        if self._initialising_constructor() is not None:
            return
        self.report(node)

    def _initialising_constructor(self) -> Optional[cst.Call]:
        """A call of ``self(...)`` / ``self.forward(...)`` in the ``__init__`` building the
        module, which runs its lazy submodules once."""
        function = self.ctx.function
        if function is None or function.name.value != "__init__":
            return None
        found: list[cst.Call] = []

        def enter(node: cst.CSTNode) -> None:
            if type(node) is cst.Call:
                func = node.func  # type: ignore[attr-defined]
                if (type(func) is cst.Name and func.value == "self") or self_attribute(
                    func
                ) == "forward":
                    found.append(node)  # type: ignore[arg-type]

        walk(function.body, enter, lambda _: None)
        return found[0] if found else None
