"""TL353: a `math` function that `torch.compile(fullgraph=True)` cannot apply to a number read
from tensor data."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import math_data_refused
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, parameter
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

# The float constants of `math` (arithmetic with one makes a float).
FLOAT_CONSTANTS = frozenset({"math.pi", "math.e", "math.tau", "math.inf", "math.nan"})
ADVICE = (
    "keep the number a tensor and use the torch function (`torch.exp(t)`, "
    "`torch.cos(t) ** 2`), or compute it outside the compiled code and pass it in"
)


class MathOfDataNumber(Rule):
    """Flags `math.exp(float(t))`, `math.cos(t.item()) ** 2` and the like in graph code.

    ## What it does
    Finds, in graph code, `math` functions applied to a Python float read from tensor data
    (`float(t)`, `t.item() / n`, arithmetic on them, a helper's parameter annotated `float`
    given one), where torch 2.13's `torch.compile(fullgraph=True)` refuses them. Only a float
    by its form (`float(...)`, a true division, a float literal or `math.pi` in the
    arithmetic): on an integer read from data (`int(t)`, `.item()` of an integer tensor)
    Dynamo computes `math.exp` and `math.log`, so a bare `.item()` is not flagged. Two uses, each from a
    table generated from torch (`benchmarks/dynamo_tables.py`, `math_data_refused`: every
    `math` function compiled on `float(t)` of a 0-d input, with two values its domain holds):
    the call itself (`math.exp`, `math.log`, `math.erf`, `math.fabs`, `math.isnan`,
    `math.pow`, `math.atan2`, ...), and the result of a trigonometric or hyperbolic function
    raised to a power (`math.cos(v) ** 2`, `pow(math.sin(v), 2)`, also through a local bound to
    the call: a cosine noise schedule's `alpha_bar`). `math.sqrt`, `math.cos`, `math.floor` and
    the others Dynamo keeps symbolic are not flagged on their own, nor their products.

    ## Why is this bad?
    With `fullgraph=True` Dynamo captures `float(t)` and `t.item()` as a symbolic number of
    unknown value. Checked with torch 2.13: the functions of the first kind guard on that
    value and raise ("Could not guard on data-dependent expression"); a power of a
    trigonometric function of it fails inside Dynamo (InternalTorchDynamoError:
    "'OptimizedPythonReferenceAnalysis' has no attribute 'cos'"). Plain `torch.compile`
    breaks the graph at the conversion instead (`Tensor.item()`), and `torch.export` and
    `torch.jit.trace` fail or specialise there already (TL102, TL103).

    ## Example
    ```python
    class DDIMStep(nn.Module):
        def alpha_bar(self, t: float) -> float:
            return math.cos((t / self.total + 0.008) / 1.008 * math.pi / 2) ** 2

        def forward(self, x, t):
            a_t = self.alpha_bar(float(t))
            return (x - math.sqrt(1 - a_t) * self.eps(x)) / math.sqrt(a_t)
    ```
    Use instead: keep the step a tensor (`torch.cos((t / self.total + 0.008) / 1.008 *
    math.pi / 2) ** 2`, `torch.sqrt(1 - a_t)`), or look the schedule up in a buffer computed in
    `__init__` (`self.alphas_cumprod[t]`).

    ## Fix safety
    No automatic fix: the torch function of a 0-d tensor computes in the tensor's dtype
    (float32 where `math` computed in double precision).
    """

    code = "TL353"
    name = "math-of-data-number"
    subject = "a `math` function of a number read from tensor data"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises here (Could not guard on data-dependent "
            "expression)"
        ),
    }
    advice = ADVICE
    targets = ("compile",)

    VALID = [
        # Functions Dynamo keeps symbolic, and their products; `math` of a constant.
        Valid(
            """
            import math
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, steps: int = 50):
                    super().__init__()
                    self.steps = steps
                    self.scale = math.exp(-0.5) ** 2

                def forward(self, x, t):
                    step = t.item()
                    angle = step / self.steps * math.pi / 2
                    c = math.cos(angle)
                    return x * (c * c) * math.sqrt(step + 1.0) * self.scale

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(10.0)), (torch.randn(2, 3), torch.tensor(30.0))]
            """
        ),
        # The torch functions of the tensor itself.
        Valid(
            """
            import math
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, t):
                    return x * torch.exp(-t) + torch.cos(t * math.pi / 2) ** 2

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(0.2)), (torch.randn(2, 3), torch.tensor(0.7))]
            """
        ),
    ]
    INVALID = [
        # A DDIM step: a cosine schedule of the timestep read as a Python float.
        Invalid(
            """
            import math
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, total: int = 100):
                    super().__init__()
                    self.total = total

                def alpha_bar(self, t: float) -> float:
                    c = math.cos((t / self.total + 0.008) / 1.008 * math.pi / 2)
                    return c ** 2

                def forward(self, x, t):
                    a_t = self.alpha_bar(float(t))
                    return x * math.sqrt(a_t)

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(80.0)), (torch.randn(2, 3), torch.tensor(20.0))]
            """,
            line=12,
            backends=("compile",),
            message_contains="math.cos",
        ),
        # A log-temperature read with `.item()`, halved (a float).
        Invalid(
            """
            from math import exp
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.log_tau = nn.Parameter(torch.tensor(0.5))

                def forward(self, logits):
                    tau = exp(self.log_tau.item() / 2)
                    return (logits / tau).softmax(-1)

            def inputs():
                return [(torch.randn(2, 5),), (torch.randn(3, 5),)]
            """,
            line=11,
            backends=("compile",),
            message_contains="math.exp",
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "math" in text or any(
            name.rsplit(".", 1)[-1] in text for name in math_data_refused("call")
        )

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if name == "builtins.pow" and node.args:
            self._power(node, node.args[0].value)
            return
        refusal = math_data_refused("call").get(name or "")
        if refusal is not None and self._of_data(node):
            self.report(node, _message(f"`{name}` of a number read from tensor data", refusal))

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if self.ctx.in_graph and isinstance(node.operator, cst.Power):
            self._power(node, node.left)

    def _power(self, node: cst.CSTNode, base: cst.BaseExpression) -> None:
        call = self._bound_call(base)
        if call is None:
            return
        name = self.ctx.qualified_name(call.func) or ""
        refusal = math_data_refused("power").get(name)
        if refusal is not None and self._of_data(call):
            self.report(
                node,
                _message(f"a power of `{name}` of a number read from tensor data", refusal),
            )

    def _bound_call(self, base: cst.BaseExpression) -> Optional[cst.Call]:
        """``base`` as a call: itself, or the one value a local name is bound to."""
        if isinstance(base, cst.Call):
            return base
        if isinstance(base, cst.Name) and self.ctx.function is not None:
            bound = assignments(self.ctx.function, base.value)
            if len(bound) == 1 and bound[0][0] is not UNKNOWN_VALUE and bound[0][2] == 1:
                value = bound[0][0]
                return value if isinstance(value, cst.Call) else None
        return None

    def _of_data(self, call: cst.Call) -> bool:
        """Whether an argument is a float read from tensor data. Only a float: on an integer
        one (`int(t)`, `.item()` of an integer tensor) Dynamo computes these functions."""
        return any(
            self.ctx.kind(arg.value) is Kind.DATA and self._surely_float(arg.value)
            for arg in call.args
        )

    def _surely_float(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether ``expr`` is a Python float by its form: `float(...)`, a true division, a
        float literal or `math.pi` in its arithmetic, a parameter annotated `float`, or a
        local bound once to one of those."""
        if depth > 3:
            return False
        if isinstance(expr, cst.Float):
            return True
        if isinstance(expr, cst.Call):
            return self.ctx.qualified_name(expr.func) == "builtins.float"
        if isinstance(expr, cst.BinaryOperation):
            return isinstance(expr.operator, cst.Divide) or any(
                self._surely_float(side, depth + 1) for side in (expr.left, expr.right)
            )
        if isinstance(expr, cst.UnaryOperation):
            return self._surely_float(expr.expression, depth + 1)
        if isinstance(expr, cst.Attribute):
            return self.ctx.qualified_name(expr) in FLOAT_CONSTANTS
        if isinstance(expr, cst.Name) and self.ctx.function is not None:
            param = parameter(self.ctx.function, expr.value)
            if param is not None:
                annotation = param.annotation.annotation if param.annotation else None
                return isinstance(annotation, cst.Name) and annotation.value == "float"
            bound = assignments(self.ctx.function, expr.value)
            return (
                len(bound) == 1
                and bound[0][0] is not UNKNOWN_VALUE
                and bound[0][2] == 1
                and self._surely_float(bound[0][0], depth + 1)
            )
        return False


def _message(subject: str, refusal: str) -> Message:
    return Message(
        subject,
        (("compile", f"torch.compile(fullgraph=True) raises here ({refusal})"),),
        ADVICE,
    )
