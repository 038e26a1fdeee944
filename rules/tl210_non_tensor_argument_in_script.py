"""TL210: a non-tensor value passed to (or used as) an unannotated parameter in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.model import FunctionInfo
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.rules._script import (
    SCRIPT,
    dead_in_script,
    in_script,
    is_none,
    literal_type,
    signature_params,
    unannotated_params,
)

NON_TENSOR_KINDS = (Kind.SIZE, Kind.RANK, Kind.SHAPE, Kind.NONE)
MODULE_KINDS = (Kind.MODULE, Kind.MODULES)
# No annotation lets a scripted function take a module: `nn.Module` is an unknown type name
# and `nn.Linear` has no `__call__` there (torch 2.13).
MODULE_ADVICE = (
    "TorchScript cannot pass a module to a function; call the module in the caller or make "
    "the function a method of the module"
)
# Containers written out at the call: TorchScript types them (List[int], Dict[str, Tensor]...),
# never as the Tensor an unannotated parameter is.
DISPLAYS = {
    cst.List: "a list",
    cst.ListComp: "a list",
    cst.Tuple: "a tuple",
    cst.Dict: "a dict",
    cst.DictComp: "a dict",
}
SIMPLE_ANNOTATIONS = {
    "builtins.int": "int",
    "builtins.float": "float",
    "builtins.str": "str",
    "builtins.bool": "bool",
    "torch.Tensor": "Tensor",
}

# Literal types each annotation takes in a call of a scripted function (torch 2.13: a bool
# goes to int and float, an int does not go to float; a number given for a List is left
# alone: torch takes it in some calls and not in others).
ACCEPTS = {
    "int": {"int", "bool"},
    "float": {"float", "bool"},
    "bool": {"bool"},
    "str": {"str"},
    "Tensor": set(),
    "List": {"list", "int", "float", "bool"},
}


def _argument_type(value: cst.BaseExpression) -> Optional[str]:
    """The type of a literal argument (``list`` for a list display), ``None`` for None."""
    if is_none(value):
        return "None"
    if type(value) in (cst.List, cst.ListComp):
        return "list"
    return literal_type(value)


class NonTensorArgumentInScript(Rule):
    """Flags non-tensor values given to unannotated parameters in scripted code.

    ## What it does
    Finds, in code that `torch.jit.script` compiles, calls to functions and methods of the same
    file (and to the `forward` of a submodule whose class the file defines) that pass a literal
    number, string, bool, `None`, a list, tuple or dict written out at the call (`[2, 2]`,
    `{"low": x}`), a size (`x.size(0)`, `x.dim()`), a
    Python value kept on the module (`self.use_bias`, set from a constructor argument), or a
    module (`self`, `self.block`, a layer of a `ModuleList`) to a
    parameter that has neither an annotation nor a default (`split_heads(x, 2)` with
    `def split_heads(x, heads):`), unannotated parameters used as `range(...)` bounds or
    compared with a string (`if mode != "sum":`), and
    unannotated parameters read as objects (`model.fc` in `def run(model, x):`, a name no
    tensor has).
    Also finds literals and `None` passed to an annotated parameter whose type does not take
    them: a list to `int`, `None` to a parameter that is not `Optional`, an int to `float`,
    a number to `torch.Tensor`, a string to a number.

    ## Why is this bad?
    TorchScript types every unannotated parameter as `Tensor`, so the call does not compile
    (`split_heads(Tensor x, Tensor heads) -> Tensor: Expected a value of type 'Tensor' for
    argument 'heads' but instead found type 'int'`), and `range(n)` fails with `all inputs of
    range must be ints, found Tensor (inferred)`. A module cannot be passed at all: no
    annotation takes it (`nn.Module` is an `Unknown type name`, and an `nn.Linear` parameter
    has no `__call__`), so the call moves into the module or the function becomes its method.
    TorchScript matches the arguments of the
    functions it compiles against their annotations without converting them (`crop(Tensor x,
    int size) -> Tensor: Expected a value of type 'int' for argument 'size' but instead found
    type 'List[int]'`; an int is not taken for a `float`). `torch.compile` and `torch.export`
    need no annotation.

    ## Example
    ```python
    def split_heads(x, heads):
        b, t, d = x.shape
        return x.view(b, t, heads, d // heads)
    ```
    Use instead:
    ```python
    def split_heads(x: torch.Tensor, heads: int) -> torch.Tensor:
        b, t, d = x.shape
        return x.view(b, t, heads, d // heads)
    ```

    ## Fix safety
    Unsafe fix: a parameter of a function of the same file (a method called on `self`, a
    submodule's `forward`) gets the type every call passes there (int, float, bool or str
    literals, sizes as `int`, `List[int]`, `Tuple[int, int]`, `Dict[str, torch.Tensor]`:
    `def split(x, heads: int)`), and a parameter used as a `range` bound gets `int`.
    Annotations change nothing in eager, trace, compile or export; unsafe because a caller in
    another file may pass a tensor. Where the callers disagree there is no fix. An int literal
    given to a `float` parameter becomes the float literal (`1` -> `1.0`; unsafe: eager now
    passes a float).
    """

    code = "TL210"
    name = "non-tensor-argument-in-script"
    message = "non-tensor value for an unannotated parameter: TorchScript assumes Tensor"
    targets = SCRIPT

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            def split_heads(x: torch.Tensor, heads: int) -> torch.Tensor:
                b, t, d = x.shape
                return x.view(b, t, heads, d // heads)

            def mix(a, b):
                return a * 0.5 + b * 0.5

            class Model(nn.Module):
                def forward(self, x):
                    return mix(split_heads(x, 1), split_heads(x, 1))

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
            """
        ),
        # TorchScript types `ids=None` as Tensor and drops the `if ids is None:` branch.
        Valid(
            """
            import torch
            from torch import nn

            def positions(x, start):
                return torch.arange(x.size(1)) + start

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.start = 1

                def forward(self, x, ids=None):
                    if ids is None:
                        ids = positions(x, self.start)
                    return x + ids

            def inputs():
                return [(torch.randn(2, 3), torch.zeros(3)), (torch.randn(4, 3), torch.ones(3))]
            """
        ),
        Valid(
            """
            from typing import List, Optional

            import torch
            from torch import nn

            def crop(x: torch.Tensor, size: int, scale: float, dims: List[int],
                     mask: Optional[torch.Tensor] = None) -> torch.Tensor:
                y = x[:, :size] * scale
                return y if mask is None else y * mask

            class Model(nn.Module):
                def forward(self, x):
                    return crop(x, True, 2.0, [1], None) + crop(x, 1, True, [1], mask=None)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A property's setter is compiled with the module, and with it what it calls.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self._mode = "sum"

                @property
                def mode(self) -> str:
                    return self._mode

                @mode.setter
                def mode(self, value: str) -> None:
                    self._check(value)
                    self._mode = value

                def _check(self, value: str):
                    if value not in ("sum", "mean"):
                        raise ValueError(value)

                def forward(self, x):
                    return x.sum() if self.mode == "sum" else x.mean()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        # A list of sizes to a helper, a dict of features to a submodule's forward.
        Invalid(
            """
            import torch
            from torch import nn

            def split_heads(x, sizes):
                parts = torch.split(x, sizes, dim=-1)
                return parts[0] * parts[1].sum(-1, keepdim=True)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return split_heads(self.fc(x), [2, 2])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            message_contains="a list passed",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Head(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, feats):
                    return self.fc(feats["low"]) + feats["high"]

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = Head()

                def forward(self, x):
                    return self.head({"low": x, "high": x * 2})

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=18,
            message_contains="a dict passed",
        ),
        # A staticmethod called on `self` gets no self: `3` lands on `multiple`.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                @staticmethod
                def pad_to(x, multiple):
                    rem = x.size(-1) % multiple
                    return F.pad(x, (0, multiple - rem)) if rem else x

                def forward(self, x):
                    return self.pad_to(x, 3)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="an int literal",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def model_forward(model, x):
                return model.fc(x) * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    return model_forward(self, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="model",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def default(val, d):
                return val if val is not None else d

            class Model(nn.Module):
                def __init__(self, use_bias=True):
                    super().__init__()
                    self.use_bias = use_bias

                def forward(self, x):
                    use = default(None, self.use_bias)
                    return x + 1 if use else x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="self.use_bias",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def crop(x: torch.Tensor, size: int) -> torch.Tensor:
                return x[:, :size]

            class Model(nn.Module):
                def forward(self, x):
                    return crop(x, [2, 2])

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="size: int",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def attend(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
                return x.masked_fill(mask, 0.0)

            class Model(nn.Module):
                def forward(self, x):
                    return attend(x, None)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="None",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def scaled(self, x: torch.Tensor, factor: float) -> torch.Tensor:
                    return x * factor

                def forward(self, x):
                    return self.scaled(x, 2)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="factor: float",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def shift(x: torch.Tensor, by: torch.Tensor) -> torch.Tensor:
                return x + by

            class Model(nn.Module):
                def forward(self, x):
                    return shift(x, 1.0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="by: torch.Tensor",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def split_heads(x, heads):
                b, t, d = x.shape
                return x.view(b, t, heads, d // heads)

            class Model(nn.Module):
                def forward(self, x):
                    return split_heads(x, 2)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
            """,
            line=10,
            message_contains="heads",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def scale(self, x, factor):
                    return x * factor

                def forward(self, x):
                    return self.scale(x, x.size(0))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="factor",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def repeat_add(x, times):
                for _ in range(times):
                    x = x + 1
                return x

            class Model(nn.Module):
                def forward(self, x):
                    return repeat_add(x, torch.tensor(2))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="range",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def residual(block, x):
                return block(x) + x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(3, 3)

                def forward(self, x):
                    return residual(self.proj, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="cannot pass a module",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self._mode = "sum"

                @property
                def mode(self) -> str:
                    return self._mode

                @mode.setter
                def mode(self, value: str) -> None:
                    self._check(value)
                    self._mode = value

                def _check(self, value):
                    if value not in ("sum", "mean"):
                        raise ValueError(value)

                def forward(self, x):
                    return x.sum() if self.mode == "sum" else x.mean()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=19,
            message_contains="compared with a string",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._reported: set[tuple[int, str]] = set()

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx) or dead_in_script(self.ctx):
            return
        if self.ctx.qualified_name(node.func) == "builtins.range":
            self._range_bounds(node)
            return
        callee = self._callee(node.func)
        if callee is None:
            self._module_to_other_file(node)
            return
        params = signature_params(self.ctx, callee.node)
        position = 0
        for arg in node.args:
            if arg.star:
                return
            if arg.keyword is not None:
                param = next((p for p in params if p.name.value == arg.keyword.value), None)
            elif position < len(params):
                param = params[position]
                position += 1
            else:
                param = None
            if param is None:
                continue
            if param.annotation is not None:
                self._annotated(arg, param, param.annotation.annotation, callee)
                continue
            if param.default is not None:
                continue
            what = self._non_tensor(arg.value)
            if what is None:
                continue
            advice = MODULE_ADVICE if self.ctx.kind(arg.value) in MODULE_KINDS else "annotate it"
            self.report(
                arg,
                f"{what} passed to unannotated parameter `{param.name.value}` of "
                f"`{callee.node.name.value}`: TorchScript types it as Tensor; {advice}",
            )

    def _module_to_other_file(self, node: cst.Call) -> None:
        """A module passed by position to a function of another file of the project (its
        summary names the parameters; no annotation lets TorchScript take a module)."""
        name = self.ctx.qualified_name(node.func)
        found = self.ctx.model.index.lookup(name) if name else None
        if found is None or found[0] != "function":
            return
        function = found[1].functions.get(found[2])
        if function is None:
            return
        for position, arg in enumerate(node.args):
            if arg.star or arg.keyword is not None or position >= len(function.params):
                return
            if self.ctx.kind(arg.value) in MODULE_KINDS:
                self.report(
                    arg,
                    f"the module `{cst.Module([]).code_for_node(arg.value)}` passed to parameter "
                    f"`{function.params[position]}` of "
                    f"`{cst.Module([]).code_for_node(node.func)}`: {MODULE_ADVICE}",
                )

    def visit_Attribute(self, node: cst.Attribute) -> None:
        """``model.fc`` on an unannotated parameter ``model``: TorchScript types it as Tensor,
        which has no such attribute."""
        value = node.value
        if type(value) is not cst.Name or not in_script(self.ctx):
            return
        function = self.ctx.function
        if function is None or node.attr.value in torchscript_table()["tensor_attributes"]:
            return
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == value.value),
            None,
        )
        if param is None or param.annotation is not None or param.default is not None:
            return
        key = (id(function), value.value)
        if key in self._reported:
            return
        self._reported.add(key)
        self.report(
            node,
            f"unannotated parameter `{value.value}` used as an object (`.{node.attr.value}`): "
            "TorchScript types it as Tensor, which has no such attribute; annotate it",
        )

    def visit_Comparison(self, node: cst.Comparison) -> None:
        """``mode != "subtract"`` on an unannotated parameter: TorchScript has no comparison of
        a Tensor with a str (``Arguments for call are not valid``)."""
        if not in_script(self.ctx) or dead_in_script(self.ctx):
            return
        operands = [node.left, *(c.comparator for c in node.comparisons)]
        if not any(type(o) is cst.SimpleString for o in operands) and not any(
            type(o) in (cst.Tuple, cst.List, cst.Set)
            and o.elements  # type: ignore[attr-defined]
            and all(type(e.value) is cst.SimpleString for e in o.elements)  # type: ignore[attr-defined]
            for o in operands
        ):
            return
        unannotated = unannotated_params(self.ctx)
        for operand in operands:
            if type(operand) is cst.Name and operand.value in unannotated:
                key = (id(self.ctx.function), operand.value)
                if key in self._reported:
                    return
                self._reported.add(key)
                self.report(
                    operand,
                    f"unannotated parameter `{operand.value}` compared with a string: TorchScript "
                    "types it as Tensor, and no comparison takes a Tensor and a str; annotate "
                    "it `str`",
                )
                return

    def _annotated(
        self, arg: cst.Arg, param: cst.Param, annotation: cst.BaseExpression, callee: FunctionInfo
    ) -> None:
        """A literal or ``None`` whose type the annotation does not take: TorchScript matches
        user functions' arguments exactly (not even an int for a ``float``)."""
        given = _argument_type(arg.value)
        if given is None:
            return
        wanted = self._annotation_type(annotation)
        if wanted is None:
            return
        base, optional = wanted
        if given == "None" and optional:
            return
        if given in ACCEPTS[base]:
            return
        code = cst.Module([]).code_for_node(annotation)
        what = "`None`" if given == "None" else f"a {given} literal"
        self.report(
            arg,
            f"{what} passed to parameter `{param.name.value}: {code}` of "
            f"`{callee.node.name.value}`: TorchScript does not convert arguments of the "
            "functions it compiles (Expected a value of type ...)",
        )

    def _annotation_type(self, annotation: cst.BaseExpression) -> Optional[tuple[str, bool]]:
        """(``int``/``float``/``str``/``bool``/``Tensor``/``List``, whether None is allowed) for
        the annotations this check reads; None for any other."""
        optional = False
        if type(annotation) is cst.BinaryOperation and is_none(annotation.right):  # `T | None`
            annotation, optional = annotation.left, True
        if type(annotation) is cst.Subscript:
            outer = self.ctx.qualified_name(annotation.value)
            if outer == "typing.Optional" and len(annotation.slice) == 1:
                inner = annotation.slice[0].slice
                if type(inner) is not cst.Index:
                    return None
                annotation, optional = inner.value, True
            if type(annotation) is cst.Subscript:
                outer = self.ctx.qualified_name(annotation.value)
                return ("List", optional) if outer in ("typing.List", "builtins.list") else None
        name = self.ctx.qualified_name(annotation)
        base = SIMPLE_ANNOTATIONS.get(name or "")
        return None if base is None else (base, optional)

    def _range_bounds(self, node: cst.Call) -> None:
        unannotated = unannotated_params(self.ctx)
        for arg in node.args:
            if isinstance(arg.value, cst.Name) and arg.value.value in unannotated:
                self.report(
                    arg,
                    f"unannotated parameter `{arg.value.value}` used as a `range` bound: TorchScript "
                    "types it as Tensor; annotate it `int`",
                )

    def _non_tensor(self, value: cst.BaseExpression) -> Optional[str]:
        literal = literal_type(value)
        if literal is not None:
            return f"{'an' if literal[0] in 'aeiou' else 'a'} {literal} literal"
        if is_none(value):
            return "`None`"
        display = DISPLAYS.get(type(value))
        if display is not None:
            return display
        kind = self.ctx.kind(value)
        if kind in NON_TENSOR_KINDS:
            return "a size"
        if kind in MODULE_KINDS:
            return f"the module `{cst.Module([]).code_for_node(value)}`"
        if kind is Kind.CONST and isinstance(value, cst.Attribute):
            # `self.use_flash` set from a constructor argument or a literal: a Python value.
            return f"the Python value `{cst.Module([]).code_for_node(value)}`"
        return None

    def _callee(self, func: cst.BaseExpression) -> Optional[FunctionInfo]:
        """The function of this file that the call runs, when the file defines it."""
        info = self.ctx.function_info
        if isinstance(func, cst.Name):
            wanted, owner = func.value, None
        elif (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == "self"
        ):
            if info is None or info.owner_class is None:
                return None
            wanted, owner = func.attr.value, info.owner_class
            method = self._function(wanted, owner)
            if method is not None:
                return method
            # `self.head(feats)`: a submodule of a class of this file runs its forward.
            submodule = self.ctx.index.attribute_marker(owner, wanted)
            return self._function("forward", submodule) if submodule else None
        else:
            return None
        return self._function(wanted, owner)

    def _function(self, name: str, owner: Optional[str]) -> Optional[FunctionInfo]:
        """The top-level function (``owner`` None) or method of ``owner`` of this file."""
        for candidate in self.ctx.model.functions.values():
            if candidate.parent is not None or candidate.node.name.value != name:
                continue
            if candidate.owner_class != owner:
                continue
            # A staticmethod called on `self` takes the arguments from its first parameter,
            # as `signature_params` orders them.
            return candidate
        return None
