"""TL337: an autograd.Function handed a module or callable that its forward runs, in traced
code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._graph import applied_autograd_forward, top_level_method


class ModuleInAutogradFunction(Rule):
    """Flags `Fn.apply(x, self.blocks)` where `Fn.forward` runs what it is given, in traced code.

    ## What it does
    Finds calls of a project `torch.autograd.Function`'s `apply` in code `torch.jit.trace`
    converts that hand the function a module, a list of modules or a callable (a function, a
    lambda over `self`) which its `forward` calls: reversible networks recomputing their blocks
    (`_ReversibleFunction.apply(x, self.blocks)`), quadratures and ODE adjoints integrating a
    network (`Quadrature.apply(f, a, b, *params)`), custom checkpointing. Tensor arguments, torch
    functions (`torch.sin`) and lambdas that use nothing of `self` are not flagged, nor a module
    the function only keeps for `backward`.

    ## Why is this bad?
    Checked with torch 2.13: `torch.jit.trace` records an autograd Function's forward as one node
    whose inputs are the tensor arguments; when the forward computes with a module's parameters
    it was not given as tensor arguments, the tracer finds values it cannot map to the node's
    inputs and fails at conversion (`RuntimeError: unordered_map::at`), even when the parameters
    are passed along as extra arguments but the module uses its own references to them.
    `torch.compile` and `torch.export` trace into the Function and run it.

    ## Example
    ```python
    class Reversible(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, blocks):
            for block in blocks:
                x = block(x)
            return x

    class Net(nn.Module):
        def forward(self, x):
            return Reversible.apply(x, self.blocks)
    ```
    Use instead: call the modules outside the Function (`self.blocks(x)` with
    `torch.utils.checkpoint` for the memory saving), or pass the parameters in as tensor
    arguments and compute with those (`torch.func.functional_call(block, params, x)`), or convert
    with torch.compile / torch.export.

    ## Fix safety
    No automatic fix: the replacement depends on what the Function's backward does.
    """

    code = "TL337"
    name = "module-in-autograd-function"
    subject = "an autograd.Function given a module or callable that its forward runs"
    clauses = {
        "trace": (
            "torch.jit.trace fails at conversion (RuntimeError: unordered_map::at) when it computes "
            "with parameters the Function does not receive as tensor arguments"
        ),
    }
    advice = (
        "call the module outside the Function (torch.utils.checkpoint saves the memory), or pass "
        "its parameters in as tensors and compute with those (torch.func.functional_call), or "
        "convert with torch.compile / torch.export"
    )
    targets = ("trace",)

    VALID = [
        # The module runs outside; the Function gets tensors and a torch function.
        Valid(
            """
            import torch
            from torch import nn

            class Scaled(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x, weight, act):
                    ctx.save_for_backward(x, weight)
                    return act(x @ weight)

                @staticmethod
                def backward(ctx, grad):
                    x, weight = ctx.saved_tensors
                    return grad @ weight.T, x.T @ grad, None

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.weight = nn.Parameter(torch.randn(4, 4))

                def forward(self, x):
                    return Scaled.apply(self.fc(x), self.weight, torch.tanh)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A module kept only for backward (recomputed there), never run by forward.
        Valid(
            """
            import torch
            from torch import nn

            class Recompute(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x, y, block):
                    ctx.block = block
                    ctx.save_for_backward(x)
                    return y.detach()

                @staticmethod
                def backward(ctx, grad):
                    (x,) = ctx.saved_tensors
                    with torch.enable_grad():
                        x = x.detach().requires_grad_()
                        out = ctx.block(x)
                    return torch.autograd.grad(out, x, grad)[0], None, None

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = nn.Linear(4, 4)

                def forward(self, x):
                    return Recompute.apply(x, self.block(x), self.block)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A classmethod forward handing its tensor and ints on to a helper (entmax style).
        Valid(
            """
            import torch
            from torch import nn
            from torch.autograd import Function

            def threshold(x, dim, k):
                top = x.topk(k, dim=dim).values
                return top.mean(dim=dim, keepdim=True)

            class Sparse(Function):
                @classmethod
                def forward(cls, ctx, x, dim=-1, k=2):
                    return torch.relu(x - threshold(x, dim, k))

                @classmethod
                def backward(cls, ctx, grad):
                    return grad, None, None

            class Model(nn.Module):
                def forward(self, x):
                    return Sparse.apply(x, -1, 2)

            def inputs():
                return [(torch.randn(2, 5),), (torch.randn(3, 5),)]
            """
        ),
    ]
    INVALID = [
        # A reversible sequence: the Function runs the blocks it is handed.
        Invalid(
            """
            import torch
            from torch import nn

            class ReversibleRun(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x, blocks):
                    with torch.no_grad():
                        for block in blocks:
                            x = block(x)
                    ctx.blocks = blocks
                    return x

                @staticmethod
                def backward(ctx, grad):
                    return grad, None

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    return ReversibleRun.apply(x, self.blocks)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=23,
        ),
        # A quadrature of a network's output, in a helper: the network runs inside the Function
        # through a staticmethod it is passed to.
        Invalid(
            """
            import torch
            from torch import nn

            class Quadrature(torch.autograd.Function):
                @staticmethod
                def forward(ctx, f, a, b):
                    return Quadrature.midpoints(f, a, b)

                @staticmethod
                def midpoints(f, a, b):
                    t = torch.linspace(0.1, 0.9, 5)
                    points = a[..., None] + (b - a)[..., None] * t
                    return f(points[..., None]).squeeze(-1).mean(-1) * (b - a)

                @staticmethod
                def backward(ctx, grad):
                    return None, None, None

            def integrate(f, a, b):
                return Quadrature.apply(f, a, b)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.net = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))

                def forward(self, x):
                    return integrate(self.net, torch.zeros_like(x), x)

            def inputs():
                return [(torch.rand(3),), (torch.rand(5),)]
            """,
            line=20,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or "trace" not in self.ctx.targets:
            return
        forward = applied_autograd_forward(self.ctx, node)
        if forward is None:
            return
        # After `ctx` (and `cls` of a classmethod forward).
        skip = 2 if any(_decorator_name(d) == "classmethod" for d in forward.decorators) else 1
        params = [p.name.value for p in forward.params.params[skip:]]
        run = _run_params(forward, params, self.ctx.module)
        for position, arg in enumerate(node.args):
            if arg.star or arg.keyword is not None:
                break
            if (
                position < len(params)
                and params[position] in run
                and self._runs_parameters(arg.value)
            ):
                self.report(node)
                return

    def _runs_parameters(self, value: cst.BaseExpression) -> bool:
        """Whether ``value`` may compute with module parameters when called: a module, a list of
        modules, a lambda over ``self``, or a callable of no known kind (a function's parameter);
        not a tensor, a number or a torch function."""
        if type(value) is cst.Lambda:
            return _mentions_self(value)
        if self.ctx.kind(value) not in (Kind.MODULE, Kind.MODULES, Kind.CONST, Kind.UNKNOWN):
            return False  # a tensor, a size: no callable (a module held on self may be CONST)
        name = self.ctx.qualified_name(value)
        return not (name and name.startswith(("torch.", "math.", "builtins.")))


def _run_params(
    forward: cst.FunctionDef, params: list[str], module: cst.Module, depth: int = 0
) -> set[str]:
    """The parameters ``forward`` runs: calls (``f(x)``), calls of their items (``for block in
    blocks: block(x)``), or hands to a function of this file that calls them
    (``Quadrature.midpoints(f, a, b)``)."""
    names = set(params)
    items: dict[str, str] = {}  # loop target -> the parameter it iterates
    run: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind is cst.For and type(node.iter) is cst.Name and node.iter.value in names:  # type: ignore[attr-defined]
            if type(node.target) is cst.Name:  # type: ignore[attr-defined]
                items[node.target.value] = node.iter.value  # type: ignore[attr-defined]
        elif kind is cst.Call:
            callee = node.func  # type: ignore[attr-defined]
            if type(callee) is cst.Name and callee.value in names:
                run.add(callee.value)
            elif type(callee) is cst.Name and callee.value in items:
                run.add(items[callee.value])
            passed = [
                (position, arg.value.value)  # type: ignore[attr-defined]
                for position, arg in enumerate(node.args)  # type: ignore[attr-defined]
                if arg.keyword is None
                and not arg.star
                and type(arg.value) is cst.Name
                and arg.value.value in names  # type: ignore[attr-defined]
            ]
            target = _local_function(module, callee) if passed and depth < 2 else None
            if target is not None:
                inner = [p.name.value for p in target.params.params]
                inner_run = _run_params(target, inner, module, depth + 1)
                run.update(
                    name
                    for position, name in passed
                    if position < len(inner) and inner[position] in inner_run
                )
        return None

    walk(forward.body, enter, lambda node: None)
    return run


def _local_function(module: cst.Module, callee: cst.BaseExpression) -> Optional[cst.FunctionDef]:
    """The function of this file a call names: ``helper`` or ``Class.method`` (a static one)."""
    if type(callee) is cst.Name:
        for statement in module.body:
            if type(statement) is cst.FunctionDef and statement.name.value == callee.value:  # type: ignore[attr-defined]
                return statement
    elif type(callee) is cst.Attribute and type(callee.value) is cst.Name:  # type: ignore[attr-defined]
        return top_level_method(module, callee.value.value, callee.attr.value)  # type: ignore[attr-defined]
    return None


def _mentions_self(node: cst.CSTNode) -> bool:
    found = False

    def enter(child: cst.CSTNode) -> None:
        nonlocal found
        if type(child) is cst.Name and child.value == "self":  # type: ignore[attr-defined]
            found = True

    walk(node, enter, lambda child: None)
    return found


def _decorator_name(decorator: cst.Decorator) -> Optional[str]:
    node = decorator.decorator
    return node.value if type(node) is cst.Name else None  # type: ignore[attr-defined]
