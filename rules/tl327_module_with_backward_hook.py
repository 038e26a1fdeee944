"""TL327: a submodule with a module-level backward hook called in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid

# Module methods adding a backward hook, with the back-ends that then fail on a call of the
# module (torch 2.13): compile for all three; jit.trace refuses modules with backward hooks,
# but not those with only a backward pre-hook.
BACKWARD_HOOKS = {
    "register_full_backward_hook": ("compile", "trace"),
    "register_backward_hook": ("compile", "trace"),
    "register_full_backward_pre_hook": ("compile",),
}
COMPILE_FULL = (
    "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph at the call "
    "(Module-level backwards hooks require compiled autograd)"
)
COMPILE_LEGACY = (
    "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph at the call "
    "(Unsupported: Tensor with grad_fn())"
)
TRACE = "torch.jit.trace refuses it (Modules that have backward hooks assigned can't be compiled)"
ADVICE = (
    "register the hook only where the module is not converted, or use Tensor.register_hook on "
    "its output inside forward"
)


class ModuleWithBackwardHook(Rule):
    """Flags calls in graph code of a submodule its class gives a backward hook.

    ## What it does
    Finds `self.X(...)` in graph code where the class registers a module-level backward hook
    on `self.X` (`self.X.register_full_backward_hook(...)`, `register_backward_hook`,
    `register_full_backward_pre_hook`), in `__init__` or any other method: typically gradient
    clipping or gradient logging attached to a layer.

    ## Why is this bad?
    Checked with torch 2.13: Dynamo does not trace a module's backward hooks, so calling the
    hooked module makes `torch.compile(fullgraph=True)` raise and plain `torch.compile` break
    the graph ("Module-level backwards hooks require compiled autograd"; the legacy
    `register_backward_hook` fails with "Tensor with grad_fn()"). `torch.jit.trace` refuses a
    module with backward hooks ("Modules that have backward hooks assigned can't be compiled");
    a backward pre-hook alone traces. `torch.export` accepts all three (and drops the hook).

    ## Example
    ```python
    class Block(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.fc = nn.Linear(dim, dim)
            self.fc.register_full_backward_hook(clip_grad)

        def forward(self, x):
            return torch.relu(self.fc(x)) + x
    ```
    Use instead: register the hook on the eager model only (not on the one you convert), or
    hook the tensor instead (`y = self.fc(x); y.register_hook(...)` in `forward`).

    ## Fix safety
    No automatic fix: where and when the hook runs is the model's design.
    """

    code = "TL327"
    name = "module-with-backward-hook"
    subject = "call of a submodule that has a module-level backward hook"
    clauses = {"compile": COMPILE_FULL, "trace": TRACE}
    advice = ADVICE
    targets = ("compile", "trace")

    VALID = [
        # A forward hook registered in __init__, and a tensor hook in forward.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.out = nn.Linear(4, 4)
                    self.fc.register_forward_hook(lambda m, i, o: o * 2)

                def forward(self, x):
                    h = self.fc(x)
                    if h.requires_grad:
                        h.register_hook(lambda g: g.clamp(-1, 1))
                    return self.out(h)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            def clip(module, grad_input, grad_output):
                return tuple(g.clamp(-1.0, 1.0) if g is not None else None for g in grad_input)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.fc.register_full_backward_hook(clip)

                def forward(self, x):
                    return torch.relu(self.fc(x)) + x

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """,
            line=14,
        ),
        # The legacy hook, registered by a helper method.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self._add_hooks()

                def _add_hooks(self):
                    self.fc.register_backward_hook(lambda m, gi, go: None)

                def forward(self, x):
                    return self.fc(x).relu()

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """,
            line=14,
        ),
        # A backward pre-hook only: jit.trace accepts it, compile does not.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.fc.register_full_backward_pre_hook(lambda m, go: None)

                def forward(self, x):
                    return self.fc(x).relu()

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """,
            line=11,
            backends=("compile",),
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "backward_hook" in text or "backward_pre_hook" in text

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # Per class name: attribute -> the hook methods registered on ``self.<attr>``.
        self._hooked: dict[str, dict[str, set[str]]] = {}

    def visit_Module(self, node: cst.Module) -> None:
        self._hooked = {}
        for cls in _nodes(node, cst.ClassDef):
            hooked: dict[str, set[str]] = {}
            for call in _nodes(cls, cst.Call):
                func = call.func
                if isinstance(func, cst.Attribute) and func.attr.value in BACKWARD_HOOKS:
                    attr = self_attribute(func.value)
                    if attr is not None:
                        hooked.setdefault(attr, set()).add(func.attr.value)
            if hooked:
                self._hooked.setdefault(cls.name.value, {}).update(hooked)

    def visit_Call(self, node: cst.Call) -> None:
        if not self._hooked or not self.ctx.in_graph:
            return
        info = self.ctx.function_info
        attr = self_attribute(node.func)
        if info is None or info.owner_class is None or attr is None:
            return
        hooks = self._hooked.get(info.owner_class.rsplit(".", 1)[-1], {}).get(attr)
        if not hooks:
            return
        targets = sorted({t for hook in hooks for t in BACKWARD_HOOKS[hook]})
        legacy_only = hooks == {"register_backward_hook"}
        clauses = (("compile", COMPILE_LEGACY if legacy_only else COMPILE_FULL),)
        if "trace" in targets:
            clauses = (*clauses, ("trace", TRACE))
        self.report(node, Message(self.subject, clauses, ADVICE), targets=targets)


def _nodes(node: cst.CSTNode, kind: type) -> list:
    """The nodes of type ``kind`` anywhere under ``node``."""
    found: list = []

    class _Collect(cst.CSTVisitor):
        def on_visit(self, child: cst.CSTNode) -> bool:
            if isinstance(child, kind):
                found.append(child)
            return True

    node.visit(_Collect())
    return found
