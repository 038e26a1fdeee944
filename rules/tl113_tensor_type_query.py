"""TL113: type(tensor) / tensor.__class__ in graph code (export sees a fake tensor class)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

NAME_ATTRIBUTES = frozenset({"__name__", "__qualname__", "__module__"})
TENSOR_CLASSES = frozenset({"torch.Tensor", "torch.nn.Parameter", "torch.nn.parameter.Parameter"})
# Classes a tensor's class never is: builtins and torch's packed sequence (a NamedTuple).
NON_TENSOR_CLASSES = frozenset(
    {
        *(
            f"builtins.{name}"
            for name in ("list", "tuple", "dict", "set", "int", "float", "bool", "str")
        ),
        "torch.nn.utils.rnn.PackedSequence",
        "torch.nn.utils.rnn.PackedSequence_",
    }
)


class TensorTypeQuery(Rule):
    """Flags `type(x)` and `x.__class__` of a tensor in graph code.

    ## What it does
    Finds `type(t)` and `t.__class__` (or their `__name__`) where `t` is a tensor (an input,
    an intermediate, a parameter), compared or used as a lookup key in code `torch.export`
    converts: `type(x).__name__ == "Tensor"`, `type(x) is torch.Tensor`,
    `x.__class__.__name__ in NAMES`, `HANDLERS[type(x)]`. Not flagged: `type(x)` in an error
    message, a class compared with classes no tensor has (`type(x) is PackedSequence`,
    `type(x) in (list, tuple)`, a project class not derived from `torch.Tensor`: False for a
    fake tensor as for a real one), and `isinstance(x, torch.Tensor)` (fake tensors are `Tensor` subclasses, so it
    holds under export too).

    ## Why is this bad?
    `torch.export` (non-strict, the default) runs `forward` in Python on fake tensors, whose
    class is not `torch.Tensor` (nor `Parameter`), so `type(x)` names another class there: a
    branch or a string built on it takes another path than eager, and the exported program
    silently keeps that path. `torch.compile` and `torch.jit.trace` see the real class.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            if type(x).__name__ == "Tensor":
                return self.fast(x)
            return self.slow(x)
    ```
    Use instead: `isinstance(x, torch.Tensor)`, or decide outside the model.

    ## Fix safety
    Unsafe: a comparison of a tensor's class with `torch.Tensor` (or of its `__name__` with
    `"Tensor"`) becomes `isinstance(x, torch.Tensor)`, which also accepts a Parameter or a tensor
    subclass the test excluded. Other class tests are left for a person.
    """

    code = "TL113"
    name = "tensor-type-query"
    subject = "`type()` of a tensor in graph code"
    clauses = {
        "export": (
            "torch.export runs forward on fake tensors, whose class differs, so the exported "
            "program silently takes another path than eager"
        ),
    }
    advice = "use isinstance(x, torch.Tensor)"
    targets = ("export",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norm = nn.LayerNorm(4)

                def forward(self, x):
                    if x.dim() > 3:
                        raise TypeError(f"expected a 2-d or 3-d {type(x).__name__}")
                    if isinstance(x, torch.Tensor) and type(self.norm).__name__ == "LayerNorm":
                        return self.norm(x) * 2
                    return x

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

            class Model(nn.Module):
                def forward(self, x):
                    if type(x).__name__ == "Tensor":
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=6,
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
                    h = self.fc(x)
                    scale = 2.0 if h.__class__ is torch.Tensor else 1.0
                    return h * scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=11,
        ),
    ]

    def visit_Comparison(self, node: cst.Comparison) -> None:
        operands = (node.left, *(c.comparator for c in node.comparisons))
        for operand in operands:
            if self._tensor_type(operand):
                if type(operand) is not cst.Attribute or operand.attr.value == "__class__":  # type: ignore[attr-defined]
                    others = [other for other in operands if other is not operand]
                    if others and all(self._other_class(other) for other in others):
                        return  # `type(x) is PackedSequence`: False for a fake tensor too
                self.report(operand)
                return

    def _other_class(self, expr: cst.BaseExpression) -> bool:
        """Whether ``expr`` names a class that is no tensor class (``PackedSequence``,
        ``list``, ``np.ndarray``, a project class not derived from ``torch.Tensor``): the
        class of a real tensor and of export's fake one both differ from it."""
        if type(expr) in (cst.Tuple, cst.List, cst.Set):
            return all(
                type(e) is cst.Element and self._other_class(e.value)
                for e in expr.elements  # type: ignore[attr-defined]
            )
        name = self.ctx.qualified_name(expr)
        if name is None:
            return False
        if name in NON_TENSOR_CLASSES or name.startswith("numpy."):
            return True
        if _torch_nn_class(name):
            return True  # `type(w) == nn.ParameterList`: a module container, never a tensor
        index = self.ctx.index
        return index.class_info(name) is not None and not index.derives_from(name, TENSOR_CLASSES)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        # `HANDLERS[type(x)]`: a lookup by the class.
        if len(node.slice) == 1 and type(node.slice[0].slice) is cst.Index:
            index = node.slice[0].slice.value  # type: ignore[attr-defined]
            if self._tensor_type(index):
                self.report(index)

    def _tensor_type(self, expr: cst.BaseExpression) -> bool:
        """``type(t)``, ``t.__class__`` or their ``__name__`` / ``__qualname__`` for a tensor
        ``t``: a value a test or a lookup depends on. Elsewhere (an error message) the class
        changes nothing the exported program computes."""
        if type(expr) is cst.Attribute and expr.attr.value in NAME_ATTRIBUTES:  # type: ignore[attr-defined]
            expr = expr.value  # type: ignore[attr-defined]
        value: Optional[cst.BaseExpression] = None
        if type(expr) is cst.Attribute and expr.attr.value == "__class__":  # type: ignore[attr-defined]
            value = expr.value  # type: ignore[attr-defined]
        elif (
            type(expr) is cst.Call
            and self.ctx.qualified_name(expr.func) == "builtins.type"  # type: ignore[attr-defined]
            and len(expr.args) == 1  # type: ignore[attr-defined]
        ):
            value = expr.args[0].value  # type: ignore[attr-defined]
        return value is not None and self.ctx.kind(value) == Kind.TENSOR


# The classes of `torch.nn` that are tensors: on torch 2.13, `[n for n in dir(torch.nn) if
# isinstance(getattr(torch.nn, n), type) and issubclass(getattr(torch.nn, n), torch.Tensor)]`
# (and the same over `torch.nn.parameter`) gives exactly these four; every other class of
# `torch.nn` (modules, containers such as `ParameterList`, `utils` helpers) is no tensor.
NN_TENSOR_CLASSES = frozenset(
    {"Buffer", "Parameter", "UninitializedBuffer", "UninitializedParameter"}
)


def _torch_nn_class(name: str) -> bool:
    """Whether ``name`` is a class of ``torch.nn`` other than its tensor classes (a class
    name, capitalised): ``torch.nn.ParameterList``, ``torch.nn.modules.linear.Linear``."""
    if not name.startswith("torch.nn."):
        return False
    last = name.rsplit(".", 1)[-1]
    return last[:1].isupper() and last not in NN_TENSOR_CLASSES and "PackedSequence" not in last
