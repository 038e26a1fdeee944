"""TL223: a name bound to a number, rebound to a tensor inside an `if` or loop."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk
from torchlint.rules._script import SCRIPT, in_script, literal_type

# Methods that reduce a tensor to one element when called without a dim.
REDUCTIONS = frozenset(
    {"sum", "mean", "prod", "max", "min", "amax", "amin", "norm", "all", "any", "std", "var"}
)
BLOCKS = (cst.If, cst.For, cst.While)


def _example(start: str, value: str, guard: str = "if x.sum() > -100:") -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.gate = nn.Linear(3, 1)\n\n"
        "    def forward(self, x):\n"
        f"        scale = {start}\n"
        f"        {guard}\n"
        f"            scale = {value}\n"
        "        return x * scale\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class NumberReboundToTensorInScript(Rule):
    """Flags a local bound to an int or float literal that an `if` or loop rebinds to a
    tensor, in scripted code.

    ## What it does
    In a function `torch.jit.script` compiles, finds a name bound at the top level of the
    function to an int or float literal (`scale = 1`) and rebound, inside an `if`, `for` or
    `while` that follows, to a tensor built by a call that is not a reduction over all
    elements (`scale = torch.sigmoid(self.gate(x))`; not `x.sum()`, `x.mean()`, or values
    built from those, which may hold one element).

    ## Why is this bad?
    TorchScript gives a name one type where the branches of an `if` (or a loop's iterations)
    meet: the type it had before, here `int` or `float`. It compiles the tensor into that
    number (`scale = annotate(int, scale0)` in the compiled code) and converting fails at run
    time: torch 2.13 raises `Cannot input a tensor of dimension other than 0 as a scalar
    argument`, `Cannot input a tensor that requires grad as a scalar argument` (a gate from a
    layer), or `Cannot input a tensor of type Float as an integral argument` (into an int).
    Python just rebinds the name to the tensor. Trace, compile and export run the Python.

    ## Example
    ```python
    scale = 1
    if self.gated:
        scale = torch.sigmoid(self.gate(x))
    return self.fc(x) * scale
    ```
    Use instead: keep the two apart (`return y * torch.sigmoid(self.gate(x)) if self.gated
    else y`), or bind a tensor first (`scale = torch.ones_like(x[..., :1])`).

    ## Fix safety
    No fix: which tensor stands for the number (its shape, dtype and device) is the author's
    choice.
    """

    code = "TL223"
    name = "number-rebound-to-tensor-in-script"
    message = "a name bound to a number and rebound to a tensor in an `if` or loop"
    targets = SCRIPT

    VALID = [
        # A tensor first; a one-element reduction into a float; straight-line rebinding.
        Valid(
            _example("torch.ones(())", "torch.sigmoid(self.gate(x))").replace(
                "        return x * scale\n",
                "        s = 1.0\n        if x.sum() > 0:\n"
                "            s = torch.sigmoid(x.sum())\n        t = 2\n"
                "        t = torch.relu(x)\n        return x * scale * s * t\n",
            )
        ),
    ]
    INVALID = [
        Invalid(
            _example("1", "torch.sigmoid(self.gate(x))"),
            line=13,
            message_contains="Cannot input a tensor of dimension other than 0",
        ),
        Invalid(
            _example("1.0", "torch.sigmoid(x)", guard="for _ in range(2):"),
            line=13,
        ),
    ]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        if not isinstance(node.body, cst.IndentedBlock):
            return
        numbers: dict[str, str] = {}
        for statement in node.body.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    for name, value in _bindings(small):
                        number = literal_type(value) if value is not None else None
                        if number in ("int", "float"):
                            numbers[name] = number
                        else:
                            numbers.pop(name, None)
            elif isinstance(statement, BLOCKS) and numbers:
                self._block(statement, numbers)
                for name in _bound_in(statement):
                    numbers.pop(name, None)
            else:
                for name in _bound_in(statement):
                    numbers.pop(name, None)

    def _block(self, block: cst.CSTNode, numbers: dict[str, str]) -> None:
        kind = "`if`" if isinstance(block, cst.If) else "loop"
        reported: set[str] = set()

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
            for name, value in _bindings(child):
                if name not in numbers or name in reported or value is None:
                    continue
                if not self._shaped_tensor(value):
                    continue
                reported.add(name)
                number = numbers[name]
                self.report(
                    value,
                    f"`{name}` is bound to an {number} before this {kind} and to a tensor in "
                    f"it: TorchScript keeps the {number} type where the paths meet and "
                    f"converts the tensor to an {number} (annotate({number}, ...)), which "
                    "fails at run time (torch 2.13: Cannot input a tensor of dimension other "
                    "than 0 as a scalar argument; also for a tensor that requires grad); bind "
                    f"`{name}` to a tensor before the {kind}, or keep the tensor in another "
                    "name",
                )
            return None

        walk(block, enter, lambda child: None)

    def _shaped_tensor(self, value: cst.BaseExpression) -> bool:
        """A tensor built by a call, with no reduction over all elements in it (which may
        leave one element, and convert)."""
        if self.ctx.kind(value) is not Kind.TENSOR:
            return False
        calls = 0
        reduced = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal calls, reduced
            if isinstance(child, cst.Call):
                calls += 1
                func = child.func
                if isinstance(func, cst.Attribute) and func.attr.value in REDUCTIONS:
                    reduced = True
                if isinstance(func, cst.Attribute) and func.attr.value == "item":
                    reduced = True
            elif isinstance(child, cst.Subscript):
                reduced = True  # an index may leave one element
            return None

        walk(value, enter, lambda child: None)
        return calls > 0 and not reduced


def _bindings(node: cst.CSTNode) -> list[tuple[str, Optional[cst.BaseExpression]]]:
    """(name, value) of a statement binding bare names (value None when not one value)."""
    if isinstance(node, cst.Assign):
        found = []
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                found.append((target.target.value, node.value))
            else:
                found.extend((name, None) for name in _names(target.target))
        return found
    if isinstance(node, cst.AnnAssign) and isinstance(node.target, cst.Name):
        return [(node.target.value, None)]  # an annotation fixes the type: not this rule's
    if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
        if isinstance(node.operator, (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign)):
            return [(node.target.value, node.value)]
        return [(node.target.value, None)]
    if isinstance(node, (cst.For, cst.CompFor)):
        return [(name, None) for name in _names(node.target)]
    return []


def _names(target: cst.CSTNode) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _names(e.value)]
    if isinstance(target, cst.StarredElement):
        return _names(target.value)
    return []


def _bound_in(statement: cst.CSTNode) -> set[str]:
    found: set[str] = set()

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        found.update(name for name, _ in _bindings(child))
        if isinstance(child, cst.AnnAssign) and isinstance(child.target, cst.Name):
            found.add(child.target.value)
        return None

    walk(statement, enter, lambda child: None)
    return found
