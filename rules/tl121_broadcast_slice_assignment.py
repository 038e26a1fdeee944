"""TL121: a slice assigned a tensor that broadcasts to it, in traced code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

MESSAGE = Message(
    "a slice assigned a tensor that broadcasts to it",
    (
        (
            "trace",
            "torch.jit.trace records the broadcast as a `view` and an `expand` to the example "
            "input's sizes, so the traced module raises on inputs of another size (RuntimeError: "
            "shape '[2, 1, 8]' is invalid for input of size 24)",
        ),
    ),
    "copy into the slice (`t[:, k:].copy_(v)`), which the tracer records with the broadcast",
)

# Methods that keep a size-1 dimension for the assignment to broadcast.
_UNSQUEEZING = frozenset({"unsqueeze", "unsqueeze_"})
_RESHAPING = frozenset({"view", "reshape"})
# Factories whose sizes, all literals, make a tensor of the same shape on every input.
_FACTORIES = frozenset(
    {"torch.zeros", "torch.ones", "torch.empty", "torch.full", "torch.rand", "torch.randn"}
)


def _example(body: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.fc = nn.Linear(8, 8)\n\n"
        "    def forward(self, a, b):\n"
        "        styles = self.fc(a).unsqueeze(1).repeat(1, 5, 1)\n"
        f"{body}"
        "        return styles\n\n\n"
        "def inputs():\n"
        "    return [(torch.randn(2, 8), torch.randn(2, 8)), (torch.randn(3, 8), torch.randn(3, 8))]\n"
    )


def basic_index(target: cst.Subscript) -> bool:
    """Whether ``target`` indexes with slices, literal ints, ``None`` and ``...`` only (a
    view of the tensor, which ``copy_`` writes as the assignment does), one slice at least."""
    sliced = False
    for element in target.slice:
        index = element.slice
        if isinstance(index, cst.Slice):
            sliced = True
            continue
        value = index.value  # type: ignore[union-attr]
        if isinstance(value, cst.Integer) or (
            isinstance(value, cst.UnaryOperation)
            and isinstance(value.operator, cst.Minus)
            and isinstance(value.expression, cst.Integer)
        ):
            continue
        if isinstance(value, cst.Ellipsis) or (
            isinstance(value, cst.Name) and value.value == "None"
        ):
            continue
        return False
    return sliced


class BroadcastSliceAssignment(Rule):
    """Flags `t[:, k:] = v.unsqueeze(1)` (a value broadcast into a slice) in traced code.

    ## What it does
    Finds, in graph code, an assignment to a slice of a tensor (`t[:, k:] = v`, indices that
    are slices, literal ints, `None` or `...`) whose value keeps a size-1 dimension for the
    assignment to broadcast: `v.unsqueeze(d)`, `v[:, None]`, `v.view(b, 1, d)` /
    `.reshape(...)` with a literal 1, a reduction with `keepdim=True`, arithmetic of one of
    those with a number, or a local bound to one. Not flagged: `t[...].copy_(v)`, `+=` and
    the other augmented assignments, scalar values, values of the slice's shape
    (`v.expand_as(t[:, k:])`), and a target made in the function with literal sizes
    (`torch.zeros(3, 5, 8)`), the same on every input.

    ## Why is this bad?
    torch.jit.trace records `t[idx] = v` with a broadcast value as a `view` of `v` and an
    `expand` to the slice, both to the example input's sizes: the traced module raises on
    an input of another batch size or length (torch 2.13: `RuntimeError: shape '[2, 1, 8]'
    is invalid for input of size 24`). `t[idx].copy_(v)` broadcasts inside the copy, which
    the tracer records with no size. TorchScript, torch.compile and torch.export handle the
    assignment.

    ## Example
    ```python
    styles = w1.unsqueeze(1).repeat(1, n_layers, 1)
    styles[:, crossover:] = w2.unsqueeze(1)
    ```
    Use instead: `styles[:, crossover:].copy_(w2.unsqueeze(1))`.

    ## Fix safety
    The fix rewrites the assignment to `t[idx].copy_(v)` (safe): with basic indices the
    assignment is a `copy_` into the view `t[idx]`, with the same broadcast, dtype
    conversion and autograd.
    """

    code = "TL121"
    name = "broadcast-slice-assignment"
    message = MESSAGE.render()
    targets = ("trace",)

    VALID = [
        Valid(_example("        styles[:, 2:].copy_(self.fc(b).unsqueeze(1))\n")),
        Valid(_example("        styles[:, 2:] += self.fc(b).unsqueeze(1)\n")),
        Valid(_example("        styles[:, 2:] = 0.0\n")),
        Valid(
            _example("        styles[:, 2:] = self.fc(b).unsqueeze(1).expand_as(styles[:, 2:])\n")
        ),
    ]
    INVALID = [
        Invalid(
            _example("        styles[:, 2:] = self.fc(b).unsqueeze(1)\n"),
            line=12,
            fixed=_example("        styles[:, 2:].copy_(self.fc(b).unsqueeze(1))\n"),
        ),
        Invalid(
            _example(
                "        mixed = self.fc(b)[:, None] * 0.5\n        styles[:, 3:, :] = mixed\n"
            ),
            line=13,
        ),
        Invalid(
            _example("        styles[..., :4] = b.mean(-1, keepdim=True).unsqueeze(-1)\n"), line=12
        ),
    ]

    def visit_Assign(self, node: cst.Assign) -> None:
        if not self.ctx.in_graph or len(node.targets) != 1:
            return
        target = node.targets[0].target
        if not (
            isinstance(target, cst.Subscript)
            and basic_index(target)
            and self.ctx.kind(target.value) == Kind.TENSOR
            and self.ctx.kind(node.value) == Kind.TENSOR
            and self._broadcast(node.value, 0)
            and not self._fixed_size(target.value)
        ):
            return
        self.report(node, MESSAGE)

    def _broadcast(self, value: cst.BaseExpression, depth: int) -> bool:
        """Whether ``value`` keeps a size-1 dimension made for broadcasting."""
        if depth > 4:
            return False
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute):
            method = value.func.attr.value
            if method in _UNSQUEEZING:
                return True
            if method in _RESHAPING and any(_literal_one(a.value) for a in value.args):
                return True
            return any(
                a.keyword is not None
                and a.keyword.value == "keepdim"
                and isinstance(a.value, cst.Name)
                and a.value.value == "True"
                for a in value.args
            )
        if isinstance(value, cst.Subscript):
            return any(
                isinstance(e.slice, cst.Index)
                and isinstance(e.slice.value, cst.Name)
                and e.slice.value.value == "None"
                for e in value.slice
            )
        if isinstance(value, cst.UnaryOperation):
            return self._broadcast(value.expression, depth + 1)
        if isinstance(value, cst.BinaryOperation):
            left, right = value.left, value.right
            if self.ctx.kind(right) != Kind.TENSOR:
                return self._broadcast(left, depth + 1)
            if self.ctx.kind(left) != Kind.TENSOR:
                return self._broadcast(right, depth + 1)
            return False
        if isinstance(value, cst.Name):
            bound = self._single_binding(value.value)
            return bound is not None and self._broadcast(bound, depth + 1)
        return False

    def _single_binding(self, name: str) -> Optional[cst.BaseExpression]:
        bound = assignments(self.ctx.function, name)
        if len(bound) != 1 or bound[0][2] != 1:
            return None
        return bound[0][0]

    def _fixed_size(self, target: cst.BaseExpression) -> bool:
        """A local made by a factory of literal sizes (``torch.zeros(3, 5, 8)``)."""
        if not isinstance(target, cst.Name):
            return False
        made = self._single_binding(target.value)
        return (
            isinstance(made, cst.Call)
            and self.ctx.qualified_name(made.func) in _FACTORIES
            and all(isinstance(a.value, cst.Integer) for a in made.args if a.keyword is None)
        )


def _literal_one(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.Tuple, cst.List)):
        return any(_literal_one(e.value) for e in node.elements)
    return isinstance(node, cst.Integer) and node.value == "1"
