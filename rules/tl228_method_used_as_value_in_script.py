"""TL228: a bound method of the module used as a value in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import syntax_children
from torchlint.rules._script import SCRIPT, class_def, class_methods, in_script, is_method

# Decorators after which a method read on `self` is no bound method TorchScript refuses.
NOT_PLAIN = frozenset(
    {
        "builtins.property",
        "builtins.staticmethod",
        "builtins.classmethod",
        "functools.cached_property",
    }
)


def _example(forward: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.fc = nn.Linear(3, 3)\n        self.fast = True\n\n"
        "    def _plain(self, x):\n        return self.fc(x)\n\n"
        "    def _twice(self, x):\n        return self.fc(self.fc(x))\n\n"
        "    def forward(self, x):\n" + forward + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class MethodUsedAsValueInScript(Rule):
    """Flags a method of the module picked as a value (`self._a if flag else self._b`).

    ## What it does
    Finds, in a method `torch.jit.script` compiles, a method of the same class read on `self`
    without a call where TorchScript needs a value: a branch of a conditional expression
    (`step = self._midpoint if self.use_midpoint else self._euler`), an element of a tuple or
    list display (`(self._a, self._b)`), or a local bound to a method in both branches of an
    `if` statement.

    ## Why is this bad?
    TorchScript has no type for a bound method: it keeps `self._euler` as a compile-time
    name, which a plain `step = self._euler` can alias, but which cannot be a value of an
    expression. `torch.jit.script` fails (torch 2.13: method cannot be used as a value) for a
    conditional expression or a display, and for a local bound in both branches of an `if`
    (undefined value step: the two names are not merged). Eager, trace, compile and export
    run the Python, where a bound method is an object.

    ## Example
    ```python
    step = self._midpoint if self.use_midpoint else self._euler
    y = step(y, dt)
    ```
    Use instead: branch on the call, `y = self._midpoint(y, dt) if self.use_midpoint else
    self._euler(y, dt)`.

    ## Fix safety
    Safe, for `step = self._a if cond else self._b` followed by calls of `step` in the same
    block: the line goes and each call becomes `self._a(y, dt) if cond else self._b(y, dt)`,
    only where `cond` reads the same value at every call as at the pick and `step` is bound
    only there and used only as the callee of those calls. Eager runs the same method with the
    same arguments. No fix for a display of methods or a local bound in both branches of an
    `if`.
    """

    code = "TL228"
    name = "method-used-as-value-in-script"
    message = (
        "a method of the module used as a value in scripted code: TorchScript has no type for a "
        "bound method (method cannot be used as a value); branch on the calls instead"
    )
    targets = SCRIPT

    VALID = [
        Valid(_example("        return self._plain(x) if self.fast else self._twice(x)")),
        # A plain alias: TorchScript keeps the name and resolves the call.
        Valid(_example("        step = self._plain\n        return step(x)")),
    ]
    INVALID = [
        Invalid(
            _example(
                "        step = self._plain if self.fast else self._twice\n        return step(x)"
            ),
            line=18,
        ),
        Invalid(
            _example("        steps = (self._plain, self._twice)\n        return steps[0](x)"),
            line=18,
        ),
        Invalid(
            _example(
                "        if self.fast:\n            step = self._plain\n"
                "        else:\n            step = self._twice\n        return step(x)"
            ),
            line=18,
        ),
    ]

    def _method(self, node: cst.BaseExpression) -> Optional[str]:
        """``self.<name>`` where ``<name>`` is a plain method of the current method's class
        that nothing in the class assigns on ``self``."""
        name = self_attribute(node)
        info = self.ctx.function_info
        function = self.ctx.function
        if (
            name is None
            or info is None
            or info.owner_class is None
            or info.parent is not None
            or function is None
            or not is_method(self.ctx, function)
        ):
            return None
        methods = {m.name.value: m for m in class_methods(self.ctx, info.owner_class)}
        method = methods.get(name)
        if method is None or name.startswith("__"):
            return None
        for decorator in method.decorators:
            target = decorator.decorator
            if type(target) is cst.Call:
                target = target.func
            qualified = self.ctx.qualified_name(target) or ""
            if qualified in NOT_PLAIN or qualified.endswith(".setter"):
                return None
            if type(target) is cst.Attribute and target.attr.value in ("setter", "getter"):
                return None
        cls = class_def(self.ctx, info.owner_class)
        if cls is None or self._stored(cls, name):
            return None
        return name

    @staticmethod
    def _stored(cls: cst.ClassDef, name: str) -> bool:
        """Whether the class assigns ``self.<name>`` anywhere (an instance attribute then
        hides the method) or binds it in its body other than by ``def``."""
        stack: list[cst.CSTNode] = [cls]
        while stack:
            node = stack.pop()
            stack.extend(syntax_children(node))
            if type(node) in (cst.Assign, cst.AnnAssign, cst.AugAssign):
                targets = (
                    [t.target for t in node.targets]  # type: ignore[attr-defined]
                    if type(node) is cst.Assign
                    else [node.target]  # type: ignore[attr-defined]
                )
                for target in targets:
                    if self_attribute(target) == name:
                        return True
                    if type(target) is cst.Name and target.value == name:
                        return True
        return False

    def _check(self, node: cst.CSTNode, values: list[cst.BaseExpression]) -> None:
        if not in_script(self.ctx):
            return
        picked = [name for name in (self._method(v) for v in values) if name is not None]
        if picked:
            shown = ", ".join(f"`self.{name}`" for name in picked)
            self.report(
                node,
                f"the method {shown} used as a value in scripted code: TorchScript has no type "
                "for a bound method (torch 2.13: method cannot be used as a value); branch on "
                "the calls instead (`self.a(x) if flag else self.b(x)`)",
            )

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._check(node, [node.body, node.orelse])

    def visit_Tuple(self, node: cst.Tuple) -> None:
        self._check(node, [e.value for e in node.elements if type(e) is cst.Element])

    def visit_List(self, node: cst.List) -> None:
        self._check(node, [e.value for e in node.elements if type(e) is cst.Element])

    def visit_If(self, node: cst.If) -> None:
        if not in_script(self.ctx) or node.orelse is None or type(node.orelse) is not cst.Else:
            return
        body = self._bound(node.body)
        orelse = self._bound(node.orelse.body)
        for local, value in body.items():
            if local not in orelse:
                continue
            first, second = self._method(value), self._method(orelse[local])
            if first is not None and second is not None:
                self.report(
                    node,
                    f"the local `{local}` bound to a method of the module in both branches of an "
                    f"`if` (`self.{first}` / `self.{second}`) in scripted code: TorchScript "
                    "keeps a bound method as a compile-time name, which it cannot merge across "
                    f"branches (torch 2.13: undefined value {local}); branch on the calls instead",
                )

    @staticmethod
    def _bound(block: cst.BaseSuite) -> dict[str, cst.BaseExpression]:
        """Locals the block's own statements bind with ``name = self.<attr>`` (one target)."""
        found: dict[str, cst.BaseExpression] = {}
        for stmt in getattr(block, "body", ()):
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in stmt.body:
                if (
                    type(small) is cst.Assign
                    and len(small.targets) == 1
                    and type(small.targets[0].target) is cst.Name
                    and self_attribute(small.value) is not None
                ):
                    found[small.targets[0].target.value] = small.value  # type: ignore[attr-defined]
        return found
