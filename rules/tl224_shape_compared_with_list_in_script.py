"""TL224: a tensor's shape compared with a list by `==` / `!=` in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.rules._script import (
    SCRIPT,
    class_methods,
    in_script,
    pruned_by_constant,
    self_assignments,
    self_attribute,
    signature_params,
)

LIST_ANNOTATIONS = ("typing.List", "builtins.list")


def _example(init: str, forward: str) -> str:
    return (
        "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n" + init + "\n\n"
        "    def forward(self, x):\n" + forward + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(1, 2, 4, 4),), (torch.randn(1, 2, 8, 8),)]\n"
    )


class ShapeComparedWithListInScript(Rule):
    """Flags a tensor's shape (`x.shape`, `x.size()`, a slice of them) compared with a list by
    `==` / `!=`, in scripted code.

    ## What it does
    Finds, in code `torch.jit.script` compiles, `==` / `!=` between a shape (`x.shape`,
    `x.size()`, `x.shape[-2:]`) and a list: a list display or comprehension, `list(...)`, a
    parameter annotated `List[...]`, a local bound only to lists, or a module attribute every
    assignment of the class sets to a list display (`self.out_hw = [4, 4]`). And
    `isinstance` of a shape (or a local bound only to shapes) against `tuple`, `list` or
    `torch.Size` alone (`isinstance(x.shape[-2:], tuple)`).

    ## Why is this bad?
    In eager a shape is a `torch.Size`, a tuple, and a tuple never equals a list:
    `x.shape[-2:] == [4, 4]` is always False (and `!=` always True). TorchScript types a
    shape as `List[int]`, so there the same test compares the numbers and is True for a
    4 x 4 input (torch 2.13): the scripted model takes the other branch and diverges from
    eager. Trace, compile and export run the Python, where the test is False. For the same
    reason TorchScript decides `isinstance(shape, tuple)` False and `isinstance(shape, list)`
    True when it compiles, the other way from eager, keeping only the branch it picks; it has
    no `torch.Size` type at all (Unknown type name 'torch.Size').

    ## Example
    ```python
    if x.shape[-2:] == self.out_hw:  # self.out_hw = [4, 4]
        return x
    ```
    Use instead (what was meant, the same in eager and TorchScript):
    ```python
    if list(x.shape[-2:]) == self.out_hw:
        return x
    ```

    ## Fix safety
    No fix: eager's answer (never equal) is what the code does today, the numbers' comparison
    is what it likely meant; which one to keep is the author's choice.
    """

    code = "TL224"
    name = "shape-compared-with-list-in-script"
    message = "a shape compared with a list: False in eager, compared by value in TorchScript"
    targets = SCRIPT

    VALID = [
        Valid(
            _example(
                "        self.out_hw = [4, 4]\n        self.hw = (4, 4)",
                "        if list(x.shape[-2:]) == self.out_hw and x.shape[-2:] == self.hw:\n"
                "            return x\n"
                "        return F.adaptive_avg_pool2d(x, self.out_hw)",
            )
        ),
    ]
    INVALID = [
        Invalid(
            _example(
                "        pass",
                "        size = x.shape[-2:]\n        if isinstance(size, tuple):\n"
                "            return x * 0.5\n        return x",
            ),
            line=13,
            backends=("script",),
        ),
        Invalid(
            _example(
                "        self.out_hw = [4, 4]",
                "        if x.shape[-2:] == self.out_hw:\n"
                "            return x\n"
                "        return F.adaptive_avg_pool2d(x, self.out_hw) * 0.5",
            ),
            line=12,
            backends=("script",),
        ),
        Invalid(
            _example(
                "        pass",
                "        if x.size()[2:] != [4, 4]:\n            return x * 0.5\n        return x",
            ),
            line=12,
            backends=("script",),
        ),
    ]

    def visit_Comparison(self, node: cst.Comparison) -> None:
        if not in_script(self.ctx) or pruned_by_constant(self.ctx):
            return
        left = node.left
        for target in node.comparisons:
            right = target.comparator
            if isinstance(target.operator, (cst.Equal, cst.NotEqual)) and (
                (self._shape(left) and self._list(right))
                or (self._list(left) and self._shape(right))
            ):
                equal = isinstance(target.operator, cst.Equal)
                self.report(
                    node,
                    f"`{self.ctx.module.code_for_node(node)}`: a shape is a `torch.Size` (a "
                    f"tuple) in eager, never equal to a list, so this is always "
                    f"{'False' if equal else 'True'} there, while TorchScript types the shape "
                    "`List[int]` and compares the numbers: the scripted model diverges; "
                    "compare `list(...)` of the shape with the list, or a tuple with the shape",
                )
                return
            left = right

    def visit_Call(self, node: cst.Call) -> None:
        """``isinstance(x.shape[-2:], tuple)`` / ``isinstance(size, list)``: TorchScript types
        a shape ``List[int]`` and decides ``isinstance`` when it compiles, the other way from
        eager (a ``torch.Size`` is a tuple)."""
        if not in_script(self.ctx) or pruned_by_constant(self.ctx):
            return
        if self.ctx.qualified_name(node.func) != "builtins.isinstance" or len(node.args) != 2:
            return
        if any(a.star or a.keyword is not None for a in node.args):
            return
        subject, classes = node.args[0].value, node.args[1].value
        if not (self._shape(subject) or self._shape_local(subject)):
            return
        named = [e.value for e in classes.elements] if isinstance(classes, cst.Tuple) else [classes]
        kinds = {self.ctx.qualified_name(n) for n in named}
        if kinds == {"torch.Size"}:
            what = (
                "TorchScript types a shape `List[int]` and has no `torch.Size` type, so "
                "scripting fails (torch 2.13: Unknown type name 'torch.Size')"
            )
        elif kinds in ({"builtins.tuple"}, {"builtins.list"}):
            eager = "True" if kinds == {"builtins.tuple"} else "False"
            what = (
                f"a shape is a `torch.Size` (a tuple) in eager, so this is {eager} there, while "
                "TorchScript types the shape `List[int]`, decides the test the other way when it "
                "compiles and keeps only that branch: the scripted model diverges"
            )
        else:
            return
        self.report(
            node,
            f"`{self.ctx.module.code_for_node(node)}` in scripted code: {what}; drop the test "
            "(a shape is always a sequence of ints), or test `len(...)`",
        )

    def _shape_local(self, node: cst.BaseExpression) -> bool:
        """A local every binding of which is a shape (``size = x.shape[-2:]``)."""
        function = self.ctx.function
        if function is None or not isinstance(node, cst.Name):
            return False
        if any(p.name.value == node.value for p in signature_params(self.ctx, function)):
            return False
        bound = assignments(function, node.value)
        return bool(bound) and all(size == 1 and self._shape(v) for v, _, size in bound)

    def _shape(self, node: cst.BaseExpression) -> bool:
        if isinstance(node, cst.Subscript) and len(node.slice) == 1:
            if not isinstance(node.slice[0].slice, cst.Slice):
                return False
            node = node.value
        if isinstance(node, cst.Attribute) and node.attr.value == "shape":
            return self.ctx.kind(node) == Kind.SHAPE
        return (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "size"
            and not node.args
            and self.ctx.kind(node) == Kind.SHAPE
        )

    def _list(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        if isinstance(node, (cst.List, cst.ListComp)):
            return True
        if isinstance(node, cst.Call):
            return self.ctx.qualified_name(node.func) == "builtins.list"
        function = self.ctx.function
        if function is None or depth > 2:
            return False
        attr = self_attribute(node)
        if attr is not None:
            return self._list_attribute(attr)
        if not isinstance(node, cst.Name):
            return False
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == node.value), None
        )
        if param is not None:
            annotation = param.annotation
            if annotation is None:
                return False
            base = annotation.annotation
            if isinstance(base, cst.Subscript):
                base = base.value
            return self.ctx.qualified_name(base) in LIST_ANNOTATIONS and not assignments(
                function, node.value
            )
        bound = assignments(function, node.value)
        return bool(bound) and all(
            size == 1 and self._list(value, depth + 1) for value, _, size in bound
        )

    def _list_attribute(self, attr: str) -> bool:
        """Every assignment of ``self.<attr>`` in the methods of the current class is a list
        display (at least one, in ``__init__``)."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None:
            return False
        values: list[Optional[cst.BaseExpression]] = []
        in_init = False
        for method in class_methods(self.ctx, info.owner_class):
            found = self_assignments(method, attr)
            values.extend(found)
            in_init = in_init or (method.name.value == "__init__" and bool(found))
        return in_init and all(isinstance(v, cst.List) for v in values)
