"""TL332: `t.as_subclass(cls)` in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import call_targets
from .tl331_cached_property_in_graph import module_class

TENSOR_CLASSES = frozenset({"torch.Tensor"})


class AsSubclassInGraph(Rule):
    """Flags `t.as_subclass(Sub)` and `t.as_subclass(torch.Tensor)` in graph code.

    ## What it does
    Finds `t.as_subclass(Sub)` in graph code where `Sub` is a class of the file deriving from
    `torch.Tensor` (a marker subclass, often with a `__torch_function__` that passes calls
    on), and `t.as_subclass(torch.Tensor)`, which turns such a tensor back into a plain one.

    ## Why is this bad?
    Checked with torch 2.13: `torch.export` traces with fake tensors, and `as_subclass` tries
    to give the fake tensor's storage a second Python object: export fails ("Creating a new
    Tensor subclass Sub but the raw Tensor object is already associated to a python object of
    type FakeTensor"); for `as_subclass(torch.Tensor)` the result is a fake tensor export then
    finds among the program's constants. `torch.compile(fullgraph=True)` raises on
    `as_subclass(torch.Tensor)` ("Argument of `as_subclass` must be a non-dispatcher-style
    tensor subclass") and plain `torch.compile` breaks the graph there; it traces
    `as_subclass(Sub)`. `torch.jit.trace` records plain tensors.

    ## Example
    ```python
    class Calibrated(torch.Tensor):
        pass

    class Head(nn.Module):
        def forward(self, x):
            feats = self.calib(x).as_subclass(Calibrated)
            return self.head(feats.tanh()).as_subclass(torch.Tensor)
    ```
    Use instead: keep the marker outside the converted model (wrap its inputs or outputs in
    the caller), or a plain tensor with the information carried beside it; a subclass that
    must live inside a graph has to be a traceable wrapper subclass
    (`__tensor_flatten__` / `__tensor_unflatten__`).

    ## Fix safety
    No automatic fix.
    """

    code = "TL332"
    name = "as-subclass-in-graph"
    subject = "`as_subclass` in graph code"
    clauses = {
        "export": (
            "torch.export fails (Creating a new Tensor subclass ... but the raw Tensor object is "
            "already associated to a python object of type FakeTensor)"
        ),
        "compile": (
            "torch.compile(fullgraph=True) raises (Argument of `as_subclass` must be a "
            "non-dispatcher-style tensor subclass) and plain torch.compile breaks the graph here"
        ),
    }
    advice = (
        "keep the subclass outside the converted model (wrap inputs or outputs in the caller), "
        "or make it a traceable wrapper subclass (`__tensor_flatten__` / `__tensor_unflatten__`)"
    )
    targets = ("export", "compile")

    VALID = [
        # The marker subclass is applied by the caller, outside the model.
        Valid(
            """
            import torch
            from torch import nn

            class Calibrated(torch.Tensor):
                pass

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.fc(x).tanh()

            def calibrated(model, x):
                return model(x).as_subclass(Calibrated)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Calibrated(torch.Tensor):
                @classmethod
                def __torch_function__(cls, func, types, args=(), kwargs=None):
                    return super().__torch_function__(func, types, args, kwargs or {})

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.calib = nn.Linear(4, 4)
                    self.head = nn.Linear(4, 3)

                def forward(self, x):
                    feats = self.calib(x).as_subclass(Calibrated)
                    return self.head(feats.tanh())

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=16,
            backends=("export",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.fc(x).as_subclass(torch.Tensor)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            backends=("export", "compile"),
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        if type(func) is cst.Attribute and self._subclass_constructor(node, func):
            name = self.ctx.function_info.owner_class.rpartition(".")[2]  # type: ignore[union-attr]
            message = Message(
                f"a tensor of the subclass `{name}` made in graph code",
                (("export", self.clauses["export"]),),
                self.advice,
            )
            self.report(node, message, targets=("export",))
            return
        if type(func) is not cst.Attribute or func.attr.value != "as_subclass":
            return
        args = call_targets(node)
        if len(args) != 1 or self.ctx.kind(func.value) != Kind.TENSOR:
            return
        cls = args[0]
        name = self.ctx.qualified_name(cls)
        if name in TENSOR_CLASSES:
            message = Message(
                "`as_subclass(torch.Tensor)` in graph code",
                (("export", PLAIN_EXPORT_CLAUSE), ("compile", self.clauses["compile"])),
                self.advice,
            )
            self.report(node, message, targets=("export", "compile"))
        elif type(cls) is cst.Name and self._tensor_subclass(cls.value, 0):
            message = Message(
                f"`as_subclass({cls.value})` in graph code",
                (("export", self.clauses["export"]),),
                self.advice,
            )
            self.report(node, message, targets=("export",))

    def _subclass_constructor(self, node: cst.Call, func: cst.Attribute) -> bool:
        """In the ``__new__`` of a ``torch.Tensor`` subclass, a call that makes the tensor of
        ``cls``: ``super().__new__(cls, ...)``, ``torch.Tensor.__new__(cls, ...)``,
        ``torch.Tensor._make_subclass(cls, t)``, ``t.as_subclass(cls)`` (checked with torch
        2.13: each fails torch.export, with a tensor or with sizes; ``_make_wrapper_subclass``,
        a traceable wrapper's, is not one of them)."""
        info = self.ctx.function_info
        if info is None or info.node.name.value != "__new__" or not info.owner_class:
            return False
        params = info.node.params.params
        if not params:
            return False
        cls = params[0].name.value
        method = func.attr.value
        if method == "as_subclass":
            made = call_targets(node)
            ok = len(made) == 1 and type(made[0]) is cst.Name and made[0].value == cls
        elif method in ("__new__", "_make_subclass"):
            receiver = func.value
            is_super = (
                type(receiver) is cst.Call
                and type(receiver.func) is cst.Name
                and receiver.func.value == "super"
                and method == "__new__"
            )
            # `cls._make_subclass(cls, t)`: the class itself, a subclass of torch.Tensor (the
            # check below), inherits torch.Tensor's `_make_subclass`.
            own = (
                type(receiver) is cst.Name and receiver.value == cls and method == "_make_subclass"
            )
            if not (is_super or own) and self.ctx.qualified_name(receiver) not in TENSOR_CLASSES:
                return False
            first = node.args[0] if node.args else None
            ok = (
                first is not None
                and first.keyword is None
                and not first.star
                and type(first.value) is cst.Name
                and first.value.value == cls
            )
        else:
            return False
        return ok and any(
            base in TENSOR_CLASSES
            for _, _, summary in self.ctx.index.mro(info.owner_class)
            for base in summary.bases
        )

    def _tensor_subclass(self, name: str, depth: int) -> bool:
        """``name`` is a class of this file deriving from ``torch.Tensor``."""
        cls = module_class(self.ctx.module, name)
        if cls is None or depth > 4:
            return False
        for base in cls.bases:
            if self.ctx.qualified_name(base.value) in TENSOR_CLASSES:
                return True
            if type(base.value) is cst.Name and self._tensor_subclass(base.value.value, depth + 1):
                return True
        return False


PLAIN_EXPORT_CLAUSE = (
    "torch.export fails (the result is a fake tensor it finds among the exported program's "
    "constants)"
)
