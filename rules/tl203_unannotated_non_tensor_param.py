"""TL203: a parameter with a non-tensor default (a literal, a tuple, a function, a constant) and
no annotation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import (
    SCRIPT,
    class_def,
    in_script,
    literal_type,
    signature_params,
    signature_type_comment,
)
from torchlint.rules.tl207_global_value_in_script import DTYPE_NAMES

# Names of modules whose attributes are never tensors: referring to one (not calling it) gives a
# function, a class, a module, a dtype or a number, and TorchScript rejects each as the default
# of a parameter it types as Tensor.
_NON_TENSOR_MODULES = ("torch.", "math.", "builtins.", "operator.", "functools.")
_FLOATS = frozenset(
    {"math.pi", "math.e", "math.tau", "math.inf", "math.nan", "torch.pi", "torch.e", "torch.inf",
     "torch.nan"}
)  # fmt: skip
_NUMBER_CALLS = {"builtins.float": "float", "builtins.int": "int", "builtins.bool": "bool"}


class _Default:
    """What a default is: ``kind`` for the message, ``annotation`` the fix (None: no type)."""

    def __init__(self, kind: str, annotation: Optional[str]) -> None:
        self.kind = kind
        self.annotation = annotation


class UnannotatedNonTensorParam(Rule):
    """Flags unannotated parameters whose default is not a tensor (a number, a string, a tuple,
    a function, a module-level constant) in scripted code.

    ## What it does
    Finds parameters of functions that `torch.jit.script` compiles that have no annotation and
    a default that is surely not a tensor: an `int`, `float`, `bool` or `str` literal
    (`def forward(self, x, scale=2.0)`), arithmetic of such literals, a tuple display
    (`dims=(1, 2)`), a module-level constant bound once to one of these (`eps=EPS`) or to a
    dict, list or set (a display, a comprehension, `dict(...)`, `OrderedDict(...)`,
    `types.MappingProxyType({...})`: `strides=LEVEL_STRIDES`), `math.pi`
    and the other `math` / `torch` float constants, a dtype (`dtype=torch.float32`), a member of
    an `enum.Enum` class of the file, `float("inf")`, or a function or class: a lambda, a
    `def` or `class` of the file, or an attribute of `torch`, `math` or `builtins` such as
    `activation=torch.sigmoid` or `act=F.relu`. (List, dict and set defaults are TL214's;
    `None` is TL202's.)

    ## Why is this bad?
    TorchScript does not infer a parameter's type from its default: an unannotated parameter is
    a `Tensor`. `torch.jit.script` raises `Expected a default value of type Tensor (inferred) on
    parameter "scale". Because "scale" was not annotated with an explicit type it is assumed to
    be type 'Tensor'.` It compiles the body first, with the parameter a Tensor, so a body that
    uses it as something else fails there: `cannot call a value of type 'Tensor'` for
    `activation(x)` with `activation=torch.sigmoid`. `torch.compile` and `torch.export` need no
    annotation.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x, scale=2.0):
            return x * scale

        def _project(self, x, activation=torch.sigmoid):
            return activation(self.fc(x))
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x, scale: float = 2.0):
            return x * scale

        def _project(self, x):
            return torch.sigmoid(self.fc(x))
    ```
    TorchScript has no type for a function value (`Unknown type name 'Callable'`): call the
    function in the body, or hold it as a submodule (`self.act = nn.Sigmoid()`). Other
    defaults take the annotation of their type (`dims: Tuple[int, int] = (1, 2)`,
    `eps: float = EPS`, `dtype: torch.dtype = torch.float32`, `mode: Mode = Mode.FAST`).

    ## Fix safety
    Adding the annotation of an `int`, `float`, `bool` or `str` literal default's type is safe:
    only TorchScript reads it, and TorchScript rejects the unannotated form ("Expected a
    default value of type Tensor"), so no scripting that worked can change. Callers that pass
    another type (a tensor for a `float`) still fail under TorchScript, as before. The other
    defaults have no automatic fix.
    """

    code = "TL203"
    name = "unannotated-non-tensor-param"
    message = "unannotated parameter with a non-tensor default: TorchScript assumes Tensor"
    targets = SCRIPT

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale: float = 2.0, flip: bool = False):
                    y = x * scale
                    return -y if flip else y

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),), (torch.randn(4, 3), 0.5, True)]
            """
        ),
        # Annotated non-literal defaults: a constant, math.pi, a tuple, a dtype.
        Valid(
            """
            import math
            from typing import Tuple

            import torch
            from torch import nn

            EPS = 1e-5

            class Model(nn.Module):
                def _norm(
                    self,
                    x,
                    eps: float = EPS,
                    dims: Tuple[int, int] = (0, 1),
                    dtype: torch.dtype = torch.float32,
                ):
                    return x.to(dtype) / (x.abs().sum(dims) + eps)

                def forward(self, x, angle: float = math.pi):
                    return self._norm(x) * angle

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A tensor default is a Tensor: TorchScript takes it.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, bias=torch.zeros(3)):
                    return x + bias

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # Not scripted (a helper only __init__ calls): any default is fine.
        Valid(
            """
            import torch
            from torch import nn

            def make_gate(dim, activation=nn.Sigmoid):
                return nn.Sequential(nn.Linear(dim, dim), activation())

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gate = make_gate(3)

                def forward(self, x):
                    return self.gate(x) * x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        # A default bound to a module-level dict: TorchScript types the parameter as Tensor.
        Invalid(
            """
            import torch
            from torch import nn

            OFFSETS = {"a": 1, "b": 2}

            def offset(name: str, table=OFFSETS) -> int:
                return table[name]

            class Model(nn.Module):
                def forward(self, x):
                    return x + offset("a")

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="dict default",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale=2.0):
                    return x * scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="scale: float",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def pool(x: torch.Tensor, mode="mean") -> torch.Tensor:
                if mode == "mean":
                    return x.mean(0)
                return x.amax(0)

            class Model(nn.Module):
                def forward(self, x):
                    return pool(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=4,
            message_contains="mode: str",
        ),
        # A function default: the body calls a Tensor ("cannot call a value of type 'Tensor'").
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def _project(self, x, activation=torch.sigmoid):
                    return activation(self.fc(x))

                def forward(self, x):
                    return self._project(x) + x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="function",
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            def gated(x, act=F.relu):
                return act(x) * x

            class Model(nn.Module):
                def forward(self, x):
                    return gated(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def swish(t):
                return t * torch.sigmoid(t)

            class Model(nn.Module):
                def _mix(self, x, act=swish, post=lambda t: t):
                    return post(act(x))

                def forward(self, x):
                    return self._mix(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
        ),
        # A tuple, a module-level constant, math.pi: not tensors either.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, dims=(0, 1)):
                    return x.sum(dims)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="Tuple[int, int]",
        ),
        Invalid(
            """
            import math

            import torch
            from torch import nn

            EPS = 1e-5

            class Model(nn.Module):
                def _norm(self, x, eps=EPS):
                    return x / (x.abs().sum(-1, keepdim=True) + eps)

                def forward(self, x, angle=math.pi):
                    return self._norm(x) * angle

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="eps: float",
        ),
    ]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        if signature_type_comment(node):
            return  # typed by its `# type: (...) -> ...` comment
        for param in signature_params(self.ctx, node):
            if param.annotation is not None or param.default is None:
                continue
            name = param.name.value
            kind = literal_type(param.default)
            if kind is not None:
                self.report(
                    param,
                    f"`{name}` has a {kind} default but no annotation: TorchScript assumes Tensor "
                    f"and rejects the default; annotate `{name}: {kind}`",
                )
                continue
            found = self._default(param.default, info.owner_class, 0)
            if found is None:
                continue
            if found.annotation is None:
                advice = (
                    f"TorchScript has no type for a {found.kind} value: call it in the body or "
                    "hold it as a submodule"
                    if found.kind in ("function", "class")
                    else "annotate it with its type"
                )
            else:
                advice = f"annotate `{name}: {found.annotation}`"
            self.report(
                param,
                f"`{name}` has a {found.kind} default but no annotation: TorchScript assumes "
                f"Tensor and rejects the default; {advice}",
            )

    # -- what a default is ------------------------------------------------------------------
    def _default(
        self, value: cst.BaseExpression, owner: Optional[str], depth: int
    ) -> Optional[_Default]:
        """The default's kind when it is surely not a tensor, else None."""
        if depth > 3:
            return None
        kind = literal_type(value)
        if kind is not None:
            return _Default(kind, kind)
        if type(value) is cst.Lambda:
            return _Default("function", None)
        if type(value) is cst.Tuple:
            if any(type(e) is cst.StarredElement for e in value.elements):
                return _Default("tuple", None)
            items = [self._default(e.value, owner, depth + 1) for e in value.elements]
            annotations = [i.annotation if i is not None else None for i in items]
            if items and all(a in ("int", "float", "bool", "str") for a in annotations):
                return _Default("tuple", f"Tuple[{', '.join(annotations)}]")  # type: ignore[arg-type]
            return _Default("tuple", None)
        if type(value) is cst.UnaryOperation and type(value.operator) in (cst.Minus, cst.Plus):
            inner = self._default(value.expression, owner, depth + 1)
            return inner if inner is not None and inner.kind in ("int", "float") else None
        if type(value) is cst.BinaryOperation:
            left = self._default(value.left, owner, depth + 1)
            right = self._default(value.right, owner, depth + 1)
            numbers = ("int", "float")
            if left is None or right is None:
                return None
            if left.kind in numbers and right.kind in numbers:
                if type(value.operator) is cst.Divide or "float" in (left.kind, right.kind):
                    return _Default("float", "float")
                return _Default("int", "int") if type(value.operator) is not cst.Power else None
            if left.kind == right.kind == "str" and type(value.operator) is cst.Add:
                return _Default("str", "str")
            return None
        if type(value) is cst.Call:
            name = self.ctx.qualified_name(value.func)
            if name in _NUMBER_CALLS:
                return _Default(_NUMBER_CALLS[name], _NUMBER_CALLS[name])
            if name == "torch.device":
                return _Default("device", "torch.device")
            return None
        if type(value) is cst.Name:
            return self._global(value.value, owner, depth)
        if type(value) is cst.Attribute:
            return self._attribute(value, owner)
        return None

    def _attribute(self, value: cst.Attribute, owner: Optional[str]) -> Optional[_Default]:
        base = value.value
        shadowed = self._class_names(owner)
        if shadowed is None or (type(base) is cst.Name and base.value in shadowed):
            return None
        if type(base) is cst.Name:
            bound = self._module_bindings().get(base.value)
            if bound is not None and len(bound) == 1 and type(bound[0]) is cst.ClassDef:
                cls = bound[0]
                if self._is_enum(cls):
                    return _Default("enum member", cls.name.value)
                return None
        name = self.ctx.qualified_name(value)
        return self._library(name)

    def _library(self, name: Optional[str]) -> Optional[_Default]:
        """A reference (not a call) to an attribute of torch / math / builtins."""
        if name is None or not name.startswith(_NON_TENSOR_MODULES):
            return None
        if name in _FLOATS:
            return _Default("float", "float")
        head, _, last = name.rpartition(".")
        if head == "torch" and last in DTYPE_NAMES:
            return _Default("dtype", "torch.dtype")
        if name in ("builtins.None", "builtins.True", "builtins.False", "builtins.Ellipsis"):
            return None
        if not last or not last.isidentifier():
            return None
        return _Default("class" if last[0].isupper() else "function", None)

    def _global(self, name: str, owner: Optional[str], depth: int) -> Optional[_Default]:
        shadowed = self._class_names(owner)
        if shadowed is None or name in shadowed:
            return None  # a class-body name: the method's default reads it, not the module's
        bindings = self._module_bindings()
        bound = bindings.get(name)
        if bound is None:
            if "*" in bindings:
                return None
            return self._library(self.ctx.qualified_name(cst.Name(name)))
        if len(bound) != 1 or bound[0] is None:
            return None
        only = bound[0]
        if type(only) is cst.FunctionDef:
            return _Default("function", None)
        if type(only) is cst.ClassDef:
            return _Default("class", None)
        container = self._container(only)  # type: ignore[arg-type]
        if container is not None:
            return _Default(container, None)
        return self._default(only, None, depth + 1)  # type: ignore[arg-type]

    def _container(self, value: cst.BaseExpression) -> Optional[str]:
        """``dict`` / ``list`` / ``set`` for a module-level value that is one: a display, a
        comprehension, or a call of ``dict`` / ``list`` / ``set`` / ``frozenset`` /
        ``collections.OrderedDict`` / ``types.MappingProxyType`` (a read-only registry,
        `LEVEL_STRIDES = MappingProxyType({"p3": 8})`)."""
        displays = {
            cst.Dict: "dict",
            cst.DictComp: "dict",
            cst.List: "list",
            cst.ListComp: "list",
            cst.Set: "set",
            cst.SetComp: "set",
        }
        if type(value) in displays:
            return displays[type(value)]
        if type(value) is cst.Call:
            return _CONTAINER_CALLS.get(self.ctx.qualified_name(value.func) or "")
        return None

    def _class_names(self, owner: Optional[str]) -> Optional[set[str]]:
        """Names the body of the method's class binds (None: the class is not found)."""
        if owner is None:
            return set()
        cls = class_def(self.ctx, owner)
        if cls is None or type(cls.body) is not cst.IndentedBlock:
            return None
        return set(_scope_bindings(cls.body.body))

    def _module_bindings(self) -> dict[str, list[Optional[cst.CSTNode]]]:
        cached = getattr(self, "_bindings", None)
        if cached is None:
            cached = _scope_bindings(self.ctx.module.body)
            self._bindings = cached
        return cached

    def _is_enum(self, cls: cst.ClassDef) -> bool:
        return any(
            (self.ctx.qualified_name(base.value) or "").startswith("enum.") for base in cls.bases
        )


# Calls that make a container whatever their arguments (a module-level value bound to one).
_CONTAINER_CALLS = {
    "builtins.dict": "dict",
    "builtins.list": "list",
    "builtins.set": "set",
    "builtins.frozenset": "set",
    "collections.OrderedDict": "dict",
    "types.MappingProxyType": "dict",
}


def _scope_bindings(body: Sequence[cst.CSTNode]) -> dict[str, list[Optional[cst.CSTNode]]]:
    """Names a module or class body binds -> what each binding binds (a ``def`` / ``class``
    statement, the value of a plain single-name assignment, None for any other binding: an
    import, a loop target, an augmented or tuple assignment, anything bound inside an ``if`` /
    ``try`` / ``with`` / loop block)."""
    found: dict[str, list[Optional[cst.CSTNode]]] = {}
    for stmt in body:
        if type(stmt) in (cst.FunctionDef, cst.ClassDef):
            found.setdefault(stmt.name.value, []).append(stmt)  # type: ignore[attr-defined]
            continue
        if type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:  # type: ignore[attr-defined]
                value = None
                if type(small) is cst.Assign and len(small.targets) == 1:
                    value = small.value
                    target = small.targets[0].target
                elif type(small) is cst.AnnAssign:
                    value, target = small.value, small.target
                else:
                    target = None
                if value is not None and type(target) is cst.Name:
                    found.setdefault(target.value, []).append(value)
                    continue
                _other_bindings(small, found)
            continue
        _other_bindings(stmt, found)
    return found


class _Binder(cst.CSTVisitor):
    """Every name a statement binds in its own scope (not inside nested functions or classes,
    whose own names count)."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def _targets(self, target: cst.CSTNode) -> None:
        if type(target) is cst.Name:
            self.names.add(target.value)  # type: ignore[attr-defined]
        elif type(target) in (cst.Tuple, cst.List):
            for element in target.elements:  # type: ignore[attr-defined]
                self._targets(element.value)
        elif type(target) is cst.StarredElement:
            self._targets(target.value)  # type: ignore[attr-defined]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.names.add(node.name.value)
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.names.add(node.name.value)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._targets(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._targets(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._targets(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._targets(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:
        self._targets(node.name)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._targets(node.target)

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        if node.asname is None:
            head = node.name
            while type(head) is cst.Attribute:
                head = head.value  # type: ignore[assignment]
            self._targets(head)

    def visit_ImportStar(self, node: cst.ImportStar) -> None:
        self.names.add("*")

    def visit_Global(self, node: cst.Global) -> None:
        for item in node.names:
            self.names.add(item.name.value)


def _other_bindings(node: cst.CSTNode, found: dict[str, list[Optional[cst.CSTNode]]]) -> None:
    binder = _Binder()
    node.visit(binder)
    for name in binder.names:
        found.setdefault(name, []).append(None)
