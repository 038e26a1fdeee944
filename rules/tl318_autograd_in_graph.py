"""TL318: autograd run inside graph code (`torch.autograd.grad`, `Tensor.backward`)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.conditions import AUTOGRAD_ON
from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, parameter, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.driver import context_grad_mode
from torchlint.lint.semantic.kinds import Kind

GRAD_CALLS = frozenset({"torch.autograd.grad"})
# torch.autograd.functional's derivatives of a function: each runs autograd on the function's
# output (torch 2.13: fullgraph raises "Failed to convert args/kwargs to proxy", export finds a
# fake tensor among its constants, jit.trace fails).
FUNCTIONAL_CALLS = frozenset(
    f"torch.autograd.functional.{name}"
    for name in ("jacobian", "hessian", "vjp", "jvp", "hvp", "vhp")
)
# torch.func's transforms that fail when forward applies them (torch 2.13, checked each: export
# meets functorch's wrapped tensors, "attempted to apply meta conversion to view functorch
# tensor"; trace fails on the reverse-mode gradients of grad / grad_and_value / hessian /
# jacrev / vjp: "Cannot insert a Tensor that requires grad as a constant"); Dynamo traces them
# all, and vmap / jvp pass everywhere.
FUNC_TRANSFORMS: dict[str, tuple[str, ...]] = {
    "torch.func.grad": ("export", "trace"),
    "torch.func.grad_and_value": ("export", "trace"),
    "torch.func.hessian": ("export", "trace"),
    "torch.func.jacrev": ("export", "trace"),
    "torch.func.jacfwd": ("export",),
    "torch.func.vjp": ("export", "trace"),
}
FUNC_TRANSFORM_MESSAGE = Message(
    subject="a torch.func transform applied inside graph code",
    clauses=(
        ("export", "torch.export fails on the transform's wrapped (functorch) tensors"),
        ("trace", "torch.jit.trace fails on the gradients the transform computes"),
    ),
    advice=(
        "apply the transform outside the converted module (convert the function it "
        "differentiates), or write the derivative in closed form"
    ),
)
# Forward-mode AD (`fwAD.make_dual(x, v)` under `fwAD.dual_level()`): torch 2.13 traces it,
# but the traced module fails on every call ("The following operation failed in the
# TorchScript interpreter"); compile and export run it as eager does.
FORWARD_AD_CALLS = frozenset({"torch.autograd.forward_ad.make_dual"})
FORWARD_AD_MESSAGE = Message(
    subject="forward-mode AD (torch.autograd.forward_ad) inside graph code",
    clauses=(
        (
            "trace",
            "torch.jit.trace records it, but the traced module fails on every call (the "
            "TorchScript interpreter cannot run the dual-tensor operations)",
        ),
    ),
    advice="compute the Jacobian-vector product with torch.func.jvp instead, which the tracer records",
)
FUNCTIONAL_MESSAGE = Message(
    subject="torch.autograd.functional derivative inside graph code",
    clauses=(
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph "
            "(Dynamo cannot put the call in the graph: Failed to convert args/kwargs to proxy)",
        ),
        ("export", "torch.export fails (a fake tensor ends up among the exported constants)"),
        ("trace", "torch.jit.trace fails on the autograd the call runs"),
    ),
    advice="take the derivative outside the converted code, or write it in closed form",
)


class AutogradInGraph(Rule):
    """Flags `torch.autograd.grad(...)` and `t.backward()` in graph code.

    ## What it does
    Finds gradient computations that run inside the code a back-end converts: forces as the
    gradient of an energy (`torch.autograd.grad(e, pos)`), input-gradient saliency, a
    gradient penalty, or `loss.backward()` called from `forward`; and the derivatives of
    `torch.autograd.functional` (`jacobian`, `hessian`, `vjp`, `jvp`, `hvp`, `vhp`), e.g. a
    contractive penalty on an encoder's Jacobian; the `torch.func` transforms that fail there
    (`grad`, `grad_and_value`, `hessian`, `jacrev`, `vjp`: export and trace; `jacfwd`:
    export; `vmap` and `jvp` pass; `stack_module_state`, whose stacked copies are marked
    `requires_grad_()`: compile; `functional_call`, which raises while tracing: trace); forward-mode AD (`fwAD.make_dual(x, v)` under
    `fwAD.dual_level()`: trace, whose module then fails on every call); and
    `h.retain_grad()` of a tensor computed in
    graph code (Grad-CAM keeping a feature map's gradient). `torch.autograd.backward` is TL317's
    (Dynamo skips it). Also a read of the autograd graph: `h.grad_fn` (`if h.grad_fn is
    None:`, `h.grad_fn.next_functions`) of a tensor computed in graph code. And a change of
    whether a module's parameters require grad from graph code: `p.requires_grad_(False)` in a
    loop over `self.backbone.parameters()`, `self.head.requires_grad_(False)`,
    `self.fc.weight.requires_grad = False` (freezing a backbone from `forward`); and
    `t.requires_grad = ...` of any other tensor (one made in graph code, forward's input, a
    result).

    ## Why is this bad?
    Checked with torch 2.13: Dynamo does not trace autograd calls by default, so
    `torch.compile(fullgraph=True)` raises and plain `torch.compile` breaks the graph
    ("using `torch.autograd.grad` with `torch._dynamo.config.trace_autograd_ops=False`",
    "Unsupported Tensor.backward() call"). `torch.jit.trace` fails: the gradient is a tensor
    that requires grad, which it cannot record. `torch.export` fails on `backward()` and on a
    gradient with respect to an input ("We found a fake tensor in the exported program
    constant's list"); a gradient with respect to parameters only (`self.fc.weight`) exports,
    so that case does not name export. `torch.autograd.functional.jacobian` and its kin fail
    on all three: Dynamo cannot put the call in the graph ("Failed to convert args/kwargs to
    proxy"), export finds a fake tensor among its constants, and `torch.jit.trace` fails on
    the autograd the call runs. Reading `h.grad_fn` of a tensor autograd records (computed from
    parameters outside `torch.no_grad()`) makes `torch.compile(fullgraph=True)` raise
    ("Tensor with grad_fn()"); `torch.export` and
    `torch.jit.trace` run the read in Python (a leaf input's `grad_fn` is None everywhere).
    Changing `requires_grad` of a module's parameter (or a module's, or a tensor held on
    self) makes `torch.compile(fullgraph=True)` raise ("Unsupported Tensor.requires_grad_()
    call", "setattr() on Tensor.requires_grad"); export and trace pass. Setting
    `t.requires_grad` of any other tensor raises the same way ("setattr() on
    Tensor.requires_grad", with or without autograd, for `False` too). Marking a tensor that
    does not require grad as requiring it (`x.clone().requires_grad_()` of forward's input,
    `h.detach().requires_grad_()`, a new `torch.zeros_like(x).requires_grad_()`) makes it raise
    too: "Unsupported Tensor.requires_grad_() call" for forward's own input, "returning
    intermediate with requires_grad_()" for a copy or a new tensor while autograd is on (a call
    under `torch.no_grad()` passes: graph code inside `with torch.no_grad():` is not flagged,
    and where graph code sets no grad mode itself the finding's condition is
    `torch.is_grad_enabled()`, which `--mode inference` leaves out); export and trace pass;
    `requires_grad_` of a tensor computed from parameters is a no-op: all back-ends pass. `h.retain_grad()` makes `torch.compile(fullgraph=True)` raise ("Tensor.retain_grad() with
    AOTDispatcher") and plain `torch.compile` leave the function uncompiled; `torch.export`
    and `torch.jit.trace` pass (the call changes no output).

    ## Example
    ```python
    class ForceField(nn.Module):
        def forward(self, pos):
            with torch.enable_grad():
                pos = pos.detach().requires_grad_(True)
                energy = self.energy(pos).sum()
                forces = -torch.autograd.grad(energy, pos)[0]
            return energy.detach(), forces
    ```
    Use instead: compute the gradient outside the converted module (convert `self.energy`
    and differentiate the converted function), or write the derivative in closed form.

    ## Fix safety
    No automatic fix for a gradient taken in forward: where it is taken is part of the model's
    design. `h.retain_grad()` gets an unsafe fix: the call under `if not
    torch.compiler.is_compiling():` (eager, trace and TorchScript keep it; compiled code runs,
    without the tensor's `.grad`).
    """

    code = "TL318"
    name = "autograd-in-graph"
    subject = "autograd runs inside graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph "
            "(Dynamo does not trace autograd calls unless trace_autograd_ops is set)"
        ),
        "export": "torch.export fails (a fake tensor ends up among the exported constants)",
        "trace": "torch.jit.trace fails (the gradient requires grad and cannot be recorded)",
    }
    advice = "take the gradient outside the converted code, or write the derivative in closed form"
    targets = ("compile", "export", "trace")

    VALID = [
        # `requires_grad_` of a tensor computed from parameters: already recorded, a no-op.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    for p in self.fc.parameters():
                        p.requires_grad_(True)

                def forward(self, x):
                    h = self.fc(x)
                    h.requires_grad_(True)
                    return h * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            backends=("compile",),
        ),
        # retain_grad() in the training step, on the model's output: not graph code.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 2)

                def forward(self, x):
                    return self.fc(x)

            def saliency(model, x):
                out = model(x)
                out.retain_grad()
                out.sum().backward()
                return out.grad

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The grad_fn of an input the caller passes (a leaf: None on every back-end).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    if x.grad_fn is None:
                        return self.fc(x)
                    return self.fc(x.detach())

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The gradient is taken by driver code around the model, not in forward.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 1)

                def forward(self, x):
                    return self.fc(x).sum(-1)

            def forces(model, pos):
                pos = pos.detach().requires_grad_(True)
                return -torch.autograd.grad(model(pos).sum(), pos)[0]

            def inputs():
                return [(torch.randn(4, 3),), (torch.randn(6, 3),)]
            """
        ),
    ]
    INVALID = [
        # Input saliency: forward marks its own input's copy as requiring grad.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.net = nn.Linear(4, 2)

                def forward(self, x):
                    x = x.clone().requires_grad_(True)
                    return self.net(x)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=10,
            backends=("compile",),
            message_contains="while autograd is on",
        ),
        # A Jacobian-vector penalty by forward-mode AD (regularised neural ODEs).
        Invalid(
            """
            import torch
            import torch.autograd.forward_ad as fwAD
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 4))

                def forward(self, x, v):
                    with fwAD.dual_level():
                        out, jvp = fwAD.unpack_dual(self.net(fwAD.make_dual(x, v)))
                    return out, jvp.pow(2).sum(-1).mean()

            def inputs():
                return [(torch.randn(3, 4), torch.randn(3, 4)), (torch.randn(5, 4), torch.randn(5, 4))]
            """,
            line=12,
            backends=("trace",),
        ),
        # A score-matching head: the score is the gradient of a learned energy, by torch.func.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.func import grad

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.energy = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))

                def forward(self, x):
                    score = grad(lambda p: self.energy(p).sum())
                    return -score(x)

            def inputs():
                return [(torch.randn(4, 3),), (torch.randn(6, 3),)]
            """,
            line=11,
            backends=("export", "trace"),
            message_contains="torch.func transform",
        ),
        # A hypernetwork runs its target network with generated weights.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.func import functional_call

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.target = nn.Linear(4, 2)
                    self.hyper = nn.Linear(4, 10)

                def forward(self, z, x):
                    w = self.hyper(z).mean(0)
                    params = {"weight": w[:8].view(2, 4), "bias": w[8:]}
                    return functional_call(self.target, params, (x,))

            def inputs():
                return [(torch.randn(2, 4), torch.randn(3, 4)), (torch.randn(5, 4), torch.randn(1, 4))]
            """,
            line=14,
            backends=("trace",),
            message_contains="Jitted modules",
        ),
        # An ensemble's members stacked in forward for vmap.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.func import stack_module_state

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.members = nn.ModuleList(nn.Linear(4, 1) for _ in range(3))

                def forward(self, x):
                    params, _ = stack_module_state(list(self.members))
                    return x @ params["weight"].mean(0).T + params["bias"].mean(0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            backends=("compile",),
            message_contains="requires_grad_()",
        ),
        # A flow's exact divergence: the trace of the Jacobian of its dynamics, by jacrev.
        Invalid(
            """
            import torch
            import torch.func as tf
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.dynamics = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 3))

                def forward(self, z):
                    jac = tf.jacrev(lambda p: self.dynamics(p).sum(0))(z)
                    return self.dynamics(z), jac.diagonal(dim1=0, dim2=2).sum(0)

            def inputs():
                return [(torch.randn(4, 3),), (torch.randn(6, 3),)]
            """,
            line=11,
            backends=("export", "trace"),
        ),
        # A linear probe that freezes its backbone from forward.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, freeze_backbone: bool = True):
                    super().__init__()
                    self.backbone = nn.Sequential(nn.Linear(4, 8), nn.GELU())
                    self.head = nn.Linear(8, 2)
                    self.freeze_backbone = freeze_backbone

                def forward(self, x):
                    if self.freeze_backbone:
                        for p in self.backbone.parameters():
                            p.requires_grad_(False)
                    return self.head(self.backbone(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            backends=("compile",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.backbone = nn.Linear(4, 8)
                    self.head = nn.Linear(8, 2)

                def forward(self, x):
                    self.backbone.weight.requires_grad = False
                    return self.head(self.backbone(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("compile",),
        ),
        # A helper makes a tensor and sets its flag (dnc's `cuda(x, grad=False)`): Dynamo
        # refuses the setter on any tensor.
        Invalid(
            """
            import torch
            from torch import nn

            def as_float(x, grad=False):
                t = torch.FloatTensor(x.float())
                t.requires_grad = grad
                return t

            class Model(nn.Module):
                def forward(self, x):
                    return as_float(x * 2) + 1

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            backends=("compile",),
        ),
        # Grad-CAM: the last feature map keeps its gradient for a saliency map.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.features = nn.Conv2d(3, 6, 3, padding=1)
                    self.head = nn.Linear(6, 4)

                def forward(self, x):
                    fmap = self.features(x)
                    fmap.retain_grad()
                    return self.head(fmap.mean(dim=(2, 3)))

            def inputs():
                return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
            """,
            line=12,
            backends=("compile",),
            message_contains="retain_grad",
        ),
        # A branch on whether the encoder's output carries an autograd graph.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.enc = nn.Linear(4, 4)
                    self.dec = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.enc(x)
                    if h.grad_fn is None:
                        return self.dec(h)
                    return self.dec(h) + 0.1 * h

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            backends=("compile",),
            message_contains="Tensor with grad_fn()",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.energy = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))

                def forward(self, pos):
                    with torch.enable_grad():
                        pos = pos.detach().requires_grad_(True)
                        e = self.energy(pos).sum()
                        grad = torch.autograd.grad(e, pos)[0]
                    return e.detach(), -grad

            def inputs():
                return [(torch.randn(4, 3),), (torch.randn(6, 3),)]
            """,
            line=13,
        ),
        # With respect to a parameter only: export passes, compile and trace fail.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    y = self.fc(x)
                    g = torch.autograd.grad(y.sum(), self.fc.weight, retain_graph=True)[0]
                    return y + g.sum()

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            backends=("compile", "trace"),
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
                    with torch.enable_grad():
                        p = x.detach().requires_grad_(True)
                        self.fc(p).sum().backward()
                    return p.grad * x

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=12,
        ),
        # torch.autograd.functional: a contractive penalty on the encoder's Jacobian.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.autograd.functional import jacobian

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.enc = nn.Sequential(nn.Linear(5, 3), nn.Sigmoid())

                def forward(self, x):
                    z = self.enc(x)
                    jac = jacobian(self.enc, x[0], create_graph=True)
                    return z, jac.pow(2).sum()

            def inputs():
                return [(torch.randn(2, 5),), (torch.randn(4, 5),)]
            """,
            line=12,
        ),
        Invalid(
            """
            import torch
            import torch.autograd.functional as AF
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 1)

                def energy(self, v):
                    return torch.tanh(self.fc(v)).sum()

                def forward(self, x):
                    return AF.hessian(self.energy, x[0]).diagonal()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        # grad_fn too; torch.func's jacrev / vjp / hessian name no "grad"
        return any(
            word in text
            for word in (
                "grad",
                "backward",
                "torch.func",
                "autograd",
                "stack_module_state",
                "functional_call",
            )
        )

    def visit_Attribute(self, node: cst.Attribute) -> None:
        # `h.grad_fn` of a tensor computed here: Dynamo refuses to read the autograd graph.
        if node.attr.value != "grad_fn" or not self.ctx.in_graph:
            return
        if self.ctx.kind(node.value) == Kind.TENSOR and _computed(self.ctx, node.value):
            self.report(node, GRAD_FN_MESSAGE, targets=("compile",))

    def visit_Assign(self, node: cst.Assign) -> None:
        # `p.requires_grad = False` of a module's parameter in graph code.
        if not self.ctx.in_graph:
            return
        for target in node.targets:
            held = target.target
            if not (isinstance(held, cst.Attribute) and held.attr.value == "requires_grad"):
                continue
            if _module_state(self.ctx, held.value):
                self.report(node, REQUIRES_GRAD_MESSAGE, targets=("compile",))
            elif self.ctx.kind(held.value) == Kind.TENSOR:
                # `t.requires_grad = grad` of any other tensor (a new one, an input, a result):
                # Dynamo refuses the setter whatever the value and the grad mode.
                self.report(node, REQUIRES_GRAD_SET_MESSAGE, targets=("compile",))

    def _without_grad(self, expr: cst.BaseExpression, call: cst.Call) -> bool:
        """A tensor that surely does not require grad in inference: ``t.detach()``, a new
        tensor from a factory, or forward's own input (``x``, ``x.clone()``) never rebound."""
        if isinstance(expr, cst.Call):
            func = expr.func
            if isinstance(func, cst.Attribute) and func.attr.value == "detach" and not expr.args:
                return True
            if isinstance(func, cst.Attribute) and func.attr.value == "clone":
                return self._forward_input(func.value, call)
            return self.ctx.qualified_name(func) in NEW_TENSOR_FACTORIES and not any(
                arg.keyword is not None and arg.keyword.value == "requires_grad"
                for arg in expr.args
            )
        return self._forward_input(expr, call)

    def _forward_input(self, expr: cst.BaseExpression, call: cst.Call) -> bool:
        """A parameter of forward bound nowhere else than by ``call``'s own statement."""
        function = self.ctx.function
        return (
            isinstance(expr, cst.Name)
            and function is not None
            and function.name.value == "forward"
            and self.ctx.kind(expr) == Kind.TENSOR
            and parameter(function, expr.value) is not None
            and all(value is call for value, _, _ in assignments(function, expr.value))
        )

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "requires_grad_"
            and _module_state(self.ctx, func.value)
        ):
            # Freezing a backbone from forward: Dynamo does not trace the autograd flag change.
            self.report(node, REQUIRES_GRAD_MESSAGE, targets=("compile",))
            return
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "requires_grad_"
            and _asks_grad(node)
            and self._without_grad(func.value, node)
        ):
            # Forward's own input fails in any grad mode; a copy or a new tensor only while
            # autograd is on (so not under no_grad, and only conditionally where nothing says).
            grad = _grad_mode(self.ctx)
            if self._forward_input(func.value, node):
                self.report(node, REQUIRES_GRAD_INPUT_MESSAGE, targets=("compile",))
            elif grad != "off":
                condition = AUTOGRAD_ON if grad in ("default", "unknown") else None
                self.report(
                    node, REQUIRES_GRAD_COPY_MESSAGE, targets=("compile",), condition=condition
                )
            return
        if isinstance(func, cst.Attribute) and func.attr.value == "retain_grad":
            # Grad-CAM's `fmap.retain_grad()`: AOTDispatcher refuses it.
            if self.ctx.kind(func.value) == Kind.TENSOR and _computed(self.ctx, func.value):
                self.report(node, RETAIN_GRAD_MESSAGE, targets=("compile",))
            return
        if isinstance(func, cst.Attribute) and func.attr.value == "backward":
            if self.ctx.kind(func.value) == Kind.TENSOR:
                self.report(node)
            return
        name = self.ctx.qualified_name(func)
        if name in FUNCTIONAL_CALLS:
            self.report(node, FUNCTIONAL_MESSAGE)
            return
        if name in FUNC_TRANSFORMS:
            self.report(node, FUNC_TRANSFORM_MESSAGE, targets=FUNC_TRANSFORMS[name])
            return
        if name in FORWARD_AD_CALLS:
            self.report(node, FORWARD_AD_MESSAGE, targets=("trace",))
            return
        if name in FUNCTIONAL_CALL_NAMES:
            self.report(node, FUNCTIONAL_CALL_MESSAGE, targets=("trace",))
            return
        if name == "torch.func.stack_module_state":
            self.report(node, STACK_STATE_MESSAGE, targets=("compile",))
            return
        if name not in GRAD_CALLS:
            return
        inputs = [a.value for a in node.args if a.keyword is None][1:2] or [
            a.value for a in node.args if a.keyword and a.keyword.value == "inputs"
        ]
        if inputs and _parameters_only(inputs[0]):
            self.report(node, targets=["compile", "trace"])
        else:
            self.report(node)


# torch 2.13: `functional_call` raises when `torch.jit.is_tracing()` (or scripting).
FUNCTIONAL_CALL_NAMES = frozenset(
    {"torch.func.functional_call", "torch.nn.utils.stateless.functional_call"}
)
FUNCTIONAL_CALL_MESSAGE = Message(
    subject="`functional_call` in graph code",
    clauses=(
        (
            "trace",
            "torch.jit.trace fails (The stateless API can't be used with Jitted modules: "
            "functional_call raises while tracing)",
        ),
    ),
    advice="load the parameters into the module and trace it as it is",
)
# torch 2.13: stack_module_state stacks each parameter and marks the copy
# `.requires_grad_()`, which Dynamo refuses on an intermediate; export and trace record it.
STACK_STATE_MESSAGE = Message(
    subject="`torch.func.stack_module_state` in graph code",
    clauses=(
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph "
            "(returning intermediate with requires_grad_(): it marks the stacked copies as "
            "requiring grad)",
        ),
    ),
    advice="stack the members' parameters once, outside the compiled code, and pass them in",
)
REQUIRES_GRAD_MESSAGE = Message(
    subject="graph code changes whether a module's parameters require grad",
    clauses=(
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Unsupported Tensor.requires_grad_() call / "
            "setattr() on Tensor.requires_grad)",
        ),
    ),
    advice="freeze the parameters once, outside forward (in __init__ or the training setup)",
)
# torch 2.13: `t.requires_grad = False` (or True) of a tensor made in graph code, of forward's
# input or of a tensor a helper computed fails the same way, under no_grad too ("setattr() on
# Tensor.requires_grad"); export and trace run the setter.
REQUIRES_GRAD_SET_MESSAGE = Message(
    subject="graph code sets a tensor's requires_grad",
    clauses=(
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(setattr() on Tensor.requires_grad)",
        ),
    ),
    advice=(
        "set it outside the compiled code, or drop it where the tensor is made in graph code "
        "(a new tensor does not require grad)"
    ),
)
# torch 2.13: `requires_grad_()` of a tensor that does not require grad (a detached copy, a
# factory's result, forward's input or its clone) makes, while autograd is on (under no_grad
# compile passes), a new leaf Dynamo refuses ("returning
# intermediate with requires_grad_()", "Unsupported Tensor.requires_grad_() call"); of a
# tensor computed from parameters it is a no-op every back-end passes. Export and trace record it.
REQUIRES_GRAD_INPUT_MESSAGE = Message(
    subject="graph code marks forward's input as requiring grad",
    clauses=(
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph "
            "(Unsupported Tensor.requires_grad_() call), with autograd on or off",
        ),
    ),
    advice=(
        "let the caller pass an input that requires grad (`x.requires_grad_()` before the "
        "call), or keep the gradient computation outside the compiled code"
    ),
)
REQUIRES_GRAD_COPY_MESSAGE = Message(
    subject="graph code marks a copy or a new tensor as requiring grad",
    clauses=(
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph while "
            "autograd is on (returning intermediate with requires_grad_()); under "
            "torch.no_grad() it passes",
        ),
    ),
    advice=(
        "let the caller pass an input that requires grad (`x.requires_grad_()` before the "
        "call), or keep the gradient computation outside the compiled code"
    ),
)
# Torch functions whose result is a new tensor that does not require grad (unless asked).
NEW_TENSOR_FACTORIES = frozenset(
    f"torch.{name}"
    for name in (
        "zeros", "ones", "empty", "full", "rand", "randn", "randint", "arange", "linspace",
        "eye", "tensor", "zeros_like", "ones_like", "empty_like", "full_like", "rand_like",
        "randn_like",
    )
)  # fmt: skip
GRAD_FN_MESSAGE = Message(
    subject="`.grad_fn` reads the autograd graph of a tensor computed in graph code",
    clauses=(
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Tensor with grad_fn()) while autograd records",
        ),
    ),
    advice=(
        "test `torch.is_grad_enabled()` (or `h.requires_grad`), which Dynamo traces, instead "
        "of the tensor's grad_fn"
    ),
)


RETAIN_GRAD_MESSAGE = Message(
    subject="`.retain_grad()` of a tensor computed in graph code",
    clauses=(
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Tensor.retain_grad() with AOTDispatcher) "
            "and plain torch.compile leaves the function uncompiled",
        ),
    ),
    advice=(
        "keep the intermediate with a forward hook outside the compiled code, or call "
        "retain_grad() on the model's output in the training step"
    ),
)


def _grad_mode(ctx) -> str:  # type: ignore[no-untyped-def]
    """The grad mode graph code sets around the current node: ``"off"`` inside ``with
    torch.no_grad():`` (or inference_mode, ``set_grad_enabled(False)``, or such a decorator of
    the function), ``"on"`` inside ``torch.enable_grad()``, ``"unknown"`` under a computed
    ``set_grad_enabled(flag)``, ``"default"`` when it sets none (the caller's mode holds)."""
    for statement in reversed(ctx.statements):
        if isinstance(statement, cst.FunctionDef):
            contexts = [d.decorator for d in statement.decorators]
        elif isinstance(statement, cst.With):
            contexts = [item.item for item in statement.items]
        else:
            continue
        for context in contexts:
            mode = context_grad_mode(context, ctx.qualified_name)
            if mode is not None:
                return mode
        if isinstance(statement, cst.FunctionDef):
            break
    return "default"


def _asks_grad(call: cst.Call) -> bool:
    """``requires_grad_()`` or ``requires_grad_(True)``."""
    if not call.args:
        return True
    value = call.args[0].value
    return len(call.args) == 1 and isinstance(value, cst.Name) and value.value == "True"


def _computed(ctx, expr: cst.BaseExpression, depth: int = 0) -> bool:  # type: ignore[no-untyped-def]
    """``expr`` is the result of an operation in this function (a call, arithmetic, or a name
    bound only to those), not a parameter the caller passes, whose grad_fn may be None."""
    kind = type(expr)
    if kind in (cst.Call, cst.BinaryOperation):
        return True
    if kind is cst.Name and depth < 3:
        bound = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        return bool(bound) and all(
            value is not UNKNOWN_VALUE and size == 1 and _computed(ctx, value, depth + 1)
            for value, _, size in bound
        )
    return False


PARAMETER_ITERATORS = frozenset({"parameters", "named_parameters", "buffers", "named_buffers"})


def _module_state(ctx, expr: cst.BaseExpression) -> bool:  # type: ignore[no-untyped-def]
    """A module (``self.backbone``), a tensor it holds (``self.fc.weight``, ``self.scale``),
    or the variable of a loop over ``<module>.parameters()``: leaves autograd does not record,
    unlike a tensor computed in graph code."""
    kind = ctx.kind(expr)
    if kind in (Kind.MODULE, Kind.MODULES):
        return True
    if kind == Kind.TENSOR and (
        self_attribute(expr) is not None
        or (isinstance(expr, cst.Attribute) and self_attribute(expr.value) is not None)
    ):
        return True
    if not isinstance(expr, cst.Name) or ctx.function is None:
        return False
    for loop in _loops(ctx.function):
        iterated = loop.iter
        if not (
            isinstance(iterated, cst.Call)
            and isinstance(iterated.func, cst.Attribute)
            and iterated.func.attr.value in PARAMETER_ITERATORS
        ):
            continue
        target = loop.target
        names = [target] if isinstance(target, cst.Name) else []
        if isinstance(target, cst.Tuple) and target.elements:
            names = [target.elements[-1].value]
        if any(isinstance(n, cst.Name) and n.value == expr.value for n in names):
            return True
    return False


def _loops(function: cst.FunctionDef) -> list[cst.For]:
    found: list[cst.For] = []

    class Loops(cst.CSTVisitor):
        def visit_For(self, node: cst.For) -> None:
            found.append(node)

    function.visit(Loops())
    return found


def _parameters_only(inputs: cst.BaseExpression) -> bool:
    """``self.fc.weight`` / ``[self.a, self.b]`` / ``list(self.parameters())``: gradients
    with respect to module state, which export accepts."""
    items = (
        [e.value for e in inputs.elements]
        if isinstance(inputs, (cst.List, cst.Tuple))
        else [inputs]
    )
    return bool(items) and all(
        self_attribute(item) is not None
        or (isinstance(item, cst.Attribute) and self_attribute(item.value) is not None)
        for item in items
    )
