"""TL230: a Python bool (or int, float) on the left of an operator whose right operand is a
tensor, in scripted code."""

from __future__ import annotations

import functools
from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import parameter, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.rules._script import SCRIPT, in_script, inferred_tensor_parameter

# libcst's binary and comparison operators, by the Python spelling the generated table uses.
OPERATORS = {
    cst.Add: "+", cst.Subtract: "-", cst.Multiply: "*", cst.Divide: "/", cst.FloorDivide: "//",
    cst.Modulo: "%", cst.Power: "**", cst.MatrixMultiply: "@", cst.BitAnd: "&", cst.BitOr: "|",
    cst.BitXor: "^", cst.LeftShift: "<<", cst.RightShift: ">>", cst.Equal: "==",
    cst.NotEqual: "!=", cst.LessThan: "<", cst.LessThanEqual: "<=", cst.GreaterThan: ">",
    cst.GreaterThanEqual: ">=",
}  # fmt: skip
NUMBER_TYPES = {bool: "bool", int: "int", float: "float"}


@functools.cache
def _failing() -> dict[str, frozenset[str]]:
    """Per number type, the operators whose scripted ``n OP tensor`` fails or differs (the
    generated table, see ``benchmarks/torchscript_tables.py``: ``number_tensor_operators``)."""
    table = torchscript_table().get("number_tensor_operators", {})
    return {kind: frozenset(ops) for kind, ops in table.items()}


class NumberOperatorTensorInScript(Rule):
    """Flags `flag * t` where `flag` is a Python bool and `t` a tensor, in scripted code.

    ## What it does
    Finds a binary operator or comparison in code `torch.jit.script` compiles whose left
    operand is a Python number and whose right operand is a tensor, for the operators
    TorchScript compiles to a number operation: with a `bool` on the left, `+ * / // & | ^ <<
    >>` and the comparisons; with an `int`, `// & | ^ << >>`; with a `float`, `//` and `%`
    (the generated table `number_tensor_operators`, asked of torch per version). A number is
    a parameter annotated `bool` / `int` / `float` or defaulting to such a literal, a module
    attribute its constructor sets from one (`self.use_shift = use_shift`), or a literal.
    The tensor is a value the semantic model knows is a tensor (a parameter, an
    `nn.Parameter`, a torch result). `t * flag` (the tensor on the left) is not flagged.

    ## Why is this bad?
    Checked with torch 2.13: `torch.jit.script` compiles `flag * t` as `aten::mul(int(flag),
    int(t))`, a product of two ints, and the scripted model fails when the line runs (The
    following operation failed in the TorchScript interpreter ... Cannot input a tensor of
    dimension other than 0 as a scalar argument; Cannot input a tensor that requires grad as
    a scalar argument), where Python dispatches to the tensor's `__rmul__`.

    ## Example
    ```python
    def forward(self, x):
        return self.fc(x) + self.use_shift * self.shift
    ```
    Use instead: the tensor on the left, `self.shift * self.use_shift`, or
    `self.shift * float(self.use_shift)`.

    ## Fix safety
    No automatic fix: swapping the operands is the same value only for the commutative
    operators.
    """

    code = "TL230"
    name = "number-operator-tensor-in-script"
    message = "a Python number on the left of an operator with a tensor in scripted code"
    targets = SCRIPT

    VALID = [
        # The tensor on the left, and an int on the left of `*`, which TorchScript dispatches
        # to the tensor.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, use_shift: bool = True, scale: int = 2):
                    super().__init__()
                    self.use_shift = use_shift
                    self.scale = scale
                    self.shift = nn.Parameter(torch.ones(3))

                def forward(self, x):
                    return x + self.shift * self.use_shift + self.scale * x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            def gate(x: torch.Tensor, keep: bool = True):
                return x + keep * torch.sigmoid(x)

            class Model(nn.Module):
                def forward(self, x):
                    return gate(x, True)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
        ),
    ]

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        self._check(node, node.left, node.operator, node.right)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        if len(node.comparisons) == 1:
            target = node.comparisons[0]
            self._check(node, node.left, target.operator, target.comparator)

    def _check(
        self,
        node: cst.BaseExpression,
        left: cst.BaseExpression,
        operator: cst.CSTNode,
        right: cst.BaseExpression,
    ) -> None:
        spelling = OPERATORS.get(type(operator))
        if spelling is None or not self.ctx.in_graph:
            return
        kind = self._number_type(left)
        if kind is None or spelling not in _failing().get(kind, ()):
            return
        if not in_script(self.ctx) or not self._tensor(right):
            return
        code = self.ctx.module.code_for_node
        self.report(
            node,
            f"`{code(left)} {spelling} {code(right)}`: a Python {kind} on the left of `{spelling}` "
            "with a tensor on the right; TorchScript compiles it as an operation on two "
            f"numbers (`{kind}` and the tensor read as a scalar), which fails when the line "
            "runs (torch 2.13: Cannot input a tensor of dimension other than 0 as a scalar "
            "argument; that requires grad as a scalar argument) where Python calls the "
            f"tensor's reflected operator; put the tensor on the left"
            + (" or convert the number (`float(...)`)" if kind == "bool" else ""),
        )

    def _tensor(self, value: cst.BaseExpression) -> bool:
        return self.ctx.kind(value) is Kind.TENSOR or inferred_tensor_parameter(self.ctx, value)

    def _number_type(self, value: cst.BaseExpression) -> Optional[str]:
        """``bool`` / ``int`` / ``float`` for a value TorchScript types as that Python number."""
        if isinstance(value, cst.Integer):
            return "int"
        if isinstance(value, cst.Float):
            return "float"
        if isinstance(value, cst.Name):
            if value.value in ("True", "False"):
                return "bool"
            return _parameter_type(parameter(self.ctx.function, value.value))
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or not info.owner_class:
            return None
        for _, _, cls in self.ctx.index.mro(info.owner_class):
            if attr in cls.settings:
                _, position, default = cls.settings[attr]
                # A setting of a number parameter, set nowhere else (position >= 0).
                return NUMBER_TYPES.get(type(default)) if position >= 0 else None
        return None


def _parameter_type(param: Optional[cst.Param]) -> Optional[str]:
    """The number type of a parameter annotated ``bool`` / ``int`` / ``float`` or, unannotated,
    defaulting to such a literal; None for any other."""
    if param is None:
        return None
    if param.annotation is not None:
        annotation = param.annotation.annotation
        if isinstance(annotation, cst.Name) and annotation.value in NUMBER_TYPES.values():
            return annotation.value
        return None
    default = param.default
    if isinstance(default, cst.Integer):
        return "int"
    if isinstance(default, cst.Float):
        return "float"
    if isinstance(default, cst.Name) and default.value in ("True", "False"):
        return "bool"
    return None
