"""TL212: an activation class kept on the module and instantiated in ``forward`` -> the
instance built once in ``__init__`` (unsafe).

::

    self.act_layer = act_layer          # act_layer=nn.GELU
    ...
    return self.fc2(self.act_layer()(self.fc1(x)))

becomes::

    self.act_layer = act_layer()
    ...
    return self.fc2(self.act_layer(self.fc1(x)))

TorchScript converts no class to a module attribute (torch 2.13: failed to convert Python
type: 'type'), but it compiles a submodule. Only where every class the attribute may hold
(the constructor's default, each class a call of the class in the file passes, both sides of
``a or B``) is one of torch's parameter-free activations whose ``forward`` reads no training
flag (``nn.ReLU``, ``nn.GELU``, ``nn.SiLU``, ``nn.Tanh``, ``nn.Identity``, ...: an instance
made in ``forward`` and one made in ``__init__`` compute the same thing), ``__init__`` binds
the attribute once, and every read of it in the class is a call with no arguments
(``self.act_layer()``) (checked on torch 2.13: scripts, equals eager).

Unsafe: the module gains a child module (in ``named_modules()``, ``print(model)``; the state
dict is unchanged, these classes hold no parameters or buffers), and code outside the class
reading the attribute now finds an instance, not the class.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk

# torch.nn classes without parameters or buffers whose forward does not read `self.training`
# (checked on torch 2.13): a new instance computes what any other does.
STATELESS = frozenset(
    f"torch.nn.{name}"
    for name in (
        "ReLU",
        "ReLU6",
        "GELU",
        "SiLU",
        "Mish",
        "Sigmoid",
        "Tanh",
        "Hardswish",
        "Hardsigmoid",
        "Hardtanh",
        "LeakyReLU",
        "ELU",
        "CELU",
        "SELU",
        "Softplus",
        "Softsign",
        "Tanhshrink",
        "Identity",
        "LogSigmoid",
        "Softshrink",
        "Hardshrink",
        "GLU",
    )
)


class ClassAttributeToInstance(Fixer):
    codes = ("TL212",)
    applicability = "unsafe"
    message = "build the activation once in `__init__` and call the submodule"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        read = diagnostic.node
        if "not an instance" not in diagnostic.message or not isinstance(read, cst.Attribute):
            return None
        attr = read.attr.value
        cls = next((a for a in self.ancestors(read) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return None
        init = next(
            (
                s
                for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
            ),
            None,
        )
        if init is None:
            return None
        stores, reads = _uses(cls, attr)
        if len(stores) != 1 or stores[0][0] is not init or not reads:
            return None
        _, assign = stores[0]
        if not self._stateless_classes(assign.value, init, cls.name.value):
            return None
        value = self.code(assign.value)
        if not isinstance(assign.value, (cst.Name, cst.Attribute)):
            value = f"({value})"
        edits: list[Replacement] = [(assign.value, cst.parse_expression(f"{value}()"))]
        edits += [(call, call.func) for call in reads]
        return edits

    def _stateless_classes(
        self, value: cst.BaseExpression, init: cst.FunctionDef, owner: str, falsy: bool = False
    ) -> bool:
        """Whether every class ``value`` may be is a stateless torch activation (``falsy``:
        the left of ``or``, where a ``None`` default falls through to the right)."""
        if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or):
            return self._stateless_classes(
                value.left, init, owner, falsy=True
            ) and self._stateless_classes(value.right, init, owner)
        params = [p for p in init.params.params if p.name.value == getattr(value, "value", None)]
        if isinstance(value, cst.Name) and params:
            default = params[0].default
            if default is None or _rebound(init, value.value):
                return False
            passed = self._passed(owner, init, value.value)
            if passed is None:
                return False
            if not (self._stateless(default) or (falsy and _is_none(default))):
                return False
            return all(self._stateless(c) for c in passed)
        return self._stateless(value)

    def _stateless(self, node: cst.BaseExpression) -> bool:
        return (
            isinstance(node, (cst.Name, cst.Attribute))
            and self.ctx.qualified_name(node) in STATELESS
        )

    def _passed(
        self, owner: str, init: cst.FunctionDef, param: str
    ) -> Optional[list[cst.BaseExpression]]:
        """The values calls of the class in this file give ``param``; None where one may give
        it through ``*args`` / ``**kwargs``."""
        names = [p.name.value for p in init.params.params]
        position = names.index(param) - 1
        found: list[cst.BaseExpression] = []
        unknown = False

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal unknown
            if not isinstance(node, cst.Call):
                return None
            func = node.func
            called = func.attr.value if isinstance(func, cst.Attribute) else None
            if isinstance(func, cst.Name):
                called = func.value
            if called != owner:
                return None
            positional = 0
            for arg in node.args:
                if arg.star:
                    unknown = True
                elif arg.keyword is not None:
                    if arg.keyword.value == param:
                        found.append(arg.value)
                else:
                    if positional == position:
                        found.append(arg.value)
                    positional += 1
            return None

        walk(self.ctx.module, enter, lambda node: None)
        return None if unknown else found


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _rebound(function: cst.FunctionDef, name: str) -> bool:
    """Whether the function assigns ``name`` anywhere (its parameter then changes)."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
            target = node.target
            found = found or (isinstance(target, cst.Name) and target.value == name)
        return None

    walk(function.body, enter, lambda node: None)
    return found


def _uses(
    cls: cst.ClassDef, attr: str
) -> tuple[list[tuple[cst.FunctionDef, cst.Assign]], list[cst.Call]]:
    """``self.<attr> = ...`` statements (with their method) and ``self.<attr>()`` calls in the
    class; a read of another form makes the reads list empty."""
    stores: list[tuple[cst.FunctionDef, cst.Assign]] = []
    calls: list[cst.Call] = []
    called: set[int] = set()  # the `self.<attr>` of each call found
    stored: set[int] = set()  # the `self.<attr>` of each store found
    other = False
    method: Optional[cst.FunctionDef] = None

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal other
        if isinstance(node, cst.Assign):
            for target in node.targets:
                if _is_self_attr(target.target, attr):
                    stores.append((method, node))  # type: ignore[arg-type]
                    stored.add(id(target.target))
        elif isinstance(node, cst.Call) and _is_self_attr(node.func, attr):
            if node.args:
                other = True
            else:
                calls.append(node)
                called.add(id(node.func))
        elif isinstance(node, cst.Attribute) and _is_self_attr(node, attr):
            other = other or (id(node) not in called and id(node) not in stored)
        return None

    for item in cls.body.body:
        if isinstance(item, cst.FunctionDef):
            method = item
            walk(item, enter, lambda node: None)
    return stores, [] if other else calls


def _is_self_attr(node: cst.CSTNode, attr: str) -> bool:
    return (
        isinstance(node, cst.Attribute)
        and node.attr.value == attr
        and isinstance(node.value, cst.Name)
        and node.value.value == "self"
    )
