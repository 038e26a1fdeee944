"""TL316: a module hook registered in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

# nn.Module methods that add a hook to the module's hook dicts.
HOOK_METHODS = frozenset(
    {
        "register_forward_hook",
        "register_forward_pre_hook",
        "register_full_backward_hook",
        "register_full_backward_pre_hook",
        "register_backward_hook",
        "register_state_dict_pre_hook",
        "register_state_dict_post_hook",
        "register_load_state_dict_pre_hook",
        "register_load_state_dict_post_hook",
    }
)
# The global hooks every module runs.
GLOBAL_HOOKS = frozenset(
    f"torch.nn.modules.module.register_module_{kind}"
    for kind in (
        "forward_hook",
        "forward_pre_hook",
        "full_backward_hook",
        "full_backward_pre_hook",
        "backward_hook",
        "buffer_registration_hook",
    )
)


class HookRegisteredInGraph(Rule):
    """Flags module hooks registered in graph code (`self.fc.register_forward_hook(...)`).

    ## What it does
    Finds calls that add a hook to a module in code a back-end compiles: `register_forward_hook`,
    `register_forward_pre_hook`, `register_full_backward_hook`, `register_full_backward_pre_hook`,
    `register_backward_hook` and the state-dict hooks on a module, and the global
    `torch.nn.modules.module.register_module_*_hook` functions. Typically a feature tap that
    registers hooks in `forward`, runs the model and removes them, or registers them once on
    the first call.

    `Tensor.register_hook`, `register_buffer` and `add_module` in `forward` are not flagged:
    `torch.compile(fullgraph=True)` accepts them.

    ## Why is this bad?
    Dynamo cannot trace the registration (it writes the module's hook dict and builds a
    `RemovableHandle`): `torch.compile(fullgraph=True)` raises (GB0467 "setattr() on
    unsupported type") and plain `torch.compile` breaks the graph there, on every call that
    registers. `torch.jit.trace` and `torch.export` run the registration in Python and record
    what the hook does to the tensors.

    ## Example
    ```python
    class Tap(nn.Module):
        def forward(self, x):
            feats = []
            handle = self.backbone.layer3.register_forward_hook(
                lambda m, i, o: feats.append(o)
            )
            y = self.backbone(x)
            handle.remove()
            return y, feats[0]
    ```
    Use instead: register the hook once in `__init__` (or outside the model, before compiling),
    or return the intermediate output from the submodule's `forward`.

    ## Fix safety
    No automatic fix: moving a registration to `__init__` changes when the hook runs (on every
    call, not only while `forward` holds it) and what it closes over.
    """

    code = "TL316"
    name = "hook-registered-in-graph"
    subject = "module hook registered in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (GB0467 setattr() on unsupported type) and "
            "plain torch.compile breaks the graph here"
        ),
    }
    advice = "register the hook once in __init__ or outside the compiled code"
    targets = ("compile",)

    VALID = [
        # Hooks registered in __init__; a tensor hook and a buffer registered in forward.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.feats = []
                    self.fc.register_forward_hook(lambda m, i, o: self.feats.append(o))

                def forward(self, x):
                    self.fc.weight.register_hook(lambda g: g * 2)
                    self.register_buffer("scale", torch.full((4,), 2.0))
                    return self.fc(x) * self.scale

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """
        ),
        # A hook registered by driver code, outside graph code.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.fc(x).relu()

            def capture(model, x):
                feats = []
                handle = model.fc.register_forward_hook(lambda m, i, o: feats.append(o))
                model(x)
                handle.remove()
                return feats

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

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.feats = []

                def forward(self, x):
                    handle = self.fc.register_forward_hook(lambda m, i, o: self.feats.append(o))
                    y = self.fc(x)
                    handle.remove()
                    return y * 2

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """,
            line=11,
        ),
        # Registered once, on the first call: the first call is compiled too.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.handle = None

                def forward(self, x):
                    if self.handle is None:
                        self.handle = self.fc.register_full_backward_hook(lambda m, gi, go: None)
                    return self.fc(x) * 2

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """,
            line=12,
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
                    handle = torch.nn.modules.module.register_module_forward_pre_hook(
                        lambda m, i: None
                    )
                    y = self.fc(x)
                    handle.remove()
                    return y

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """,
            line=10,
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "register_" in text

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in HOOK_METHODS:
            if self.ctx.kind(func.value) not in (Kind.TENSOR, Kind.TENSORS):
                self.report(node)
            return
        if self.ctx.qualified_name(func) in GLOBAL_HOOKS:
            self.report(node)
