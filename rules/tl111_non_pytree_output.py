"""TL111: forward returns an instance of a plain project class (export and trace fail)."""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.index import ProjectIndex


class NonPytreeOutput(Rule):
    """Flags a graph root's `return` of an instance of a plain project class.

    ## What it does
    Finds `return Output(...)` (or `return out` with `out = Output(...)`) in the `forward` of a
    module that `torch.export` or `torch.jit.trace` converts, where `Output` is a class of the
    project with no base outside the project: a `@dataclass` or a plain class holding tensors.
    Not flagged: `NamedTuple`s and other classes built on a library base (a `dict` subclass,
    transformers' `ModelOutput`, which registers itself), classes registered in their file with
    `torch.utils._pytree.register_dataclass` / `register_pytree_node`, and submodules' outputs
    that the caller takes apart (only the converted root's return is checked).

    ## Why is this bad?
    `torch.export` flattens the outputs with pytrees and fails on a type it does not know
    ("Found <class 'Output'> in output, which is not a known type"). `torch.jit.trace` returns
    only tensors and tuples, lists or dicts of them, and fails too ("Tracer cannot infer type of
    Output(...)", or "Only tensors, lists, tuples of tensors, or dictionary of tensors can be
    output from traced functions"). `torch.compile` returns the object as eager does.

    ## Example
    ```python
    @dataclass
    class Output:
        logits: torch.Tensor
        hidden: torch.Tensor

    class Net(nn.Module):
        def forward(self, x):
            h = self.body(x)
            return Output(logits=self.head(h), hidden=h)
    ```
    Use instead: a `NamedTuple`, a tuple or a dict of tensors; for export alone,
    `torch.utils._pytree.register_dataclass(Output)` after the class.

    ## Fix safety
    No automatic fix: every caller reads the output's fields.
    """

    code = "TL111"
    name = "non-pytree-output"
    subject = "forward returns an instance of a plain class"
    clauses = {
        "export": "torch.export fails (the class is not a known pytree type)",
        "trace": "torch.jit.trace fails (it outputs only tensors and tuples, lists or dicts of them)",
    }
    advice = "return a NamedTuple, a tuple or a dict of tensors"
    targets = ("export", "trace")

    VALID = [
        # A NamedTuple is a pytree and a traceable output; a submodule's dataclass output is
        # taken apart by the root, which returns tensors.
        Valid(
            """
            from dataclasses import dataclass
            from typing import NamedTuple

            import torch
            from torch import nn

            class Output(NamedTuple):
                logits: torch.Tensor
                hidden: torch.Tensor

            @dataclass
            class BlockOut:
                hidden: torch.Tensor
                gate: torch.Tensor

            class Block(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return BlockOut(hidden=h, gate=h.sigmoid())

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = Block()

                def forward(self, x):
                    out = self.block(x)
                    h = out.hidden * out.gate
                    return Output(logits=h.softmax(-1), hidden=h)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """
        ),
        # A tuple built from a helper object's fields, and a dict.
        Valid(
            """
            import torch
            from torch import nn

            class Stats:
                def __init__(self, x):
                    self.mean = x.mean(0)
                    self.std = x.std(0)

            class Model(nn.Module):
                def forward(self, x):
                    stats = Stats(x)
                    if x.shape[1] > 8:
                        return {"mean": stats.mean, "std": stats.std}
                    return (x - stats.mean) / (stats.std + 1e-5), stats.mean

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4),)]
            """,
            backends=("export",),
        ),
    ]
    INVALID = [
        # Registered as a pytree, export flattens it; trace still cannot return it.
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Output:
                logits: torch.Tensor
                hidden: torch.Tensor

            torch.export.register_dataclass(Output)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return Output(logits=h.softmax(-1), hidden=h)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=20,
            backends=("trace",),
        ),
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Output:
                logits: torch.Tensor
                hidden: torch.Tensor

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return Output(logits=h.softmax(-1), hidden=h)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=18,
        ),
        # A plain class, bound to a name first, with a project base class.
        Invalid(
            """
            import torch
            from torch import nn

            class BaseOutput:
                def __init__(self, logits):
                    self.logits = logits

            class Output(BaseOutput):
                def __init__(self, logits, hidden):
                    super().__init__(logits)
                    self.hidden = hidden

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    out = Output(h.softmax(-1), h)
                    return out

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=21,
        ),
    ]

    def visit_Return(self, node: cst.Return) -> None:
        info = self.ctx.function_info
        region = info.region if info is not None else None
        if node.value is None or region is None or region.qualname not in region.roots:
            return  # a helper's output: the root's code takes it apart
        if info.owner_class and _held_by_another_module(self.ctx.index, info.owner_class):
            return  # a submodule's output, which the module holding it takes apart
        kinds = self._instance_kinds(node.value)
        if kinds and PLAIN in kinds:
            self.report(node.value)
        elif kinds == {REGISTERED}:
            # A registered pytree export flattens; torch.jit.trace still cannot.
            self.report(node.value, targets=("trace",))

    def _instance_kinds(self, value: cst.BaseExpression) -> set[str]:
        """The kinds of project class ``value`` is an instance of on every path that binds it
        (PLAIN, REGISTERED); empty when any path gives something else."""
        if type(value) is cst.Name:
            bound = assignments(self.ctx.function, value.value)
            if not bound or any(v is UNKNOWN_VALUE or size != 1 for v, _, size in bound):
                return set()
            kinds = [self._call_kind(v) for v, _, _ in bound]
            return set(kinds) if all(kinds) else set()  # type: ignore[arg-type]
        kind = self._call_kind(value)
        return {kind} if kind else set()

    def _call_kind(self, value: cst.BaseExpression) -> Optional[str]:
        if type(value) is not cst.Call:
            return None
        name = self.ctx.qualified_name(value.func)  # type: ignore[attr-defined]
        return _class_kind(self.ctx, name) if name is not None else None


PLAIN = "plain"
REGISTERED = "registered"


def _held_by_another_module(index: ProjectIndex, owner: str) -> bool:
    """Whether some project class keeps an instance of ``owner`` as a submodule
    (``self.block = Block()``, ``nn.ModuleList([Block() ...])``)."""
    return any(
        owner in cls.attributes.values() or owner in cls.container_items.values()
        for summary in index.by_path.values()
        for cls in summary.classes.values()
    )


def _class_kind(ctx: LintContext, qualname: str) -> Optional[str]:
    """PLAIN for a project class whose bases are all project classes (or none), none of them an
    ``nn.Module``; REGISTERED when one of them is registered as a pytree in its file; None for
    anything else (not a project class, or a library base: NamedTuple, dict, Enum, ...)."""
    index = ctx.index
    if index.class_info(qualname) is None or index.is_module_class(qualname):
        return None
    kind = PLAIN
    for _, summary, cls in index.mro(qualname):
        if any(index.class_info(base) is None and base != "builtins.object" for base in cls.bases):
            return None
        text = index.texts.get(summary.path)
        if text is None and summary.path == ctx.path:
            text = ctx.source
        if text is not None and _registered(text, cls.name):
            kind = REGISTERED
    return kind


def _registered(text: str, class_name: str) -> bool:
    """Whether ``text`` makes the class a pytree node torch.export can flatten:
    ``register_dataclass(Output)``, ``pytree.register_pytree_node(Output, ...)``."""
    pattern = rf"register_(?:dataclass|pytree_node)\(\s*{re.escape(class_name)}\b"
    return re.search(pattern, text) is not None
