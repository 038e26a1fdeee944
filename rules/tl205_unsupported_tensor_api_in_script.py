"""TL205: tensor methods and attributes TorchScript has no binding for."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.graph_queries import assignments, parameter
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind, foreign_tensor_method
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.rules._script import (
    SCRIPT,
    in_script,
    inferred_tensor_parameter,
)

# Spellings TorchScript has for some of the tensor methods it has no binding for; which methods
# those are is read from the generated table (see `benchmarks/torchscript_tables.py`).
ADVICE = {
    "new": "use `new_empty`/`new_zeros`",
    "new_tensor": "use `torch.tensor(..., dtype=x.dtype, device=x.device)`",
    "nelement": "use `.numel()`",
    "ndimension": "use `.dim()`",
    "unique": "use `torch.unique(x)`",
    "bool": "use `.to(torch.bool)`",
    "bfloat16": "use `.to(torch.bfloat16)`",
}

# A project class deriving from one of these is a Tensor subclass, which TorchScript types as
# Tensor in an annotation.
TENSOR_CLASSES = frozenset({"torch.Tensor", "torch._tensor.Tensor"})

# Tensor methods TorchScript has for the attributes of `torch.dtype` it lacks (its dtype is an
# int): `x.dtype.is_floating_point` -> `x.is_floating_point()`.
DTYPE_ADVICE = {
    "is_floating_point": "is_floating_point()",
    "is_complex": "is_complex()",
    "is_signed": "is_signed()",
    "itemsize": "element_size()",
}


def _example(body: str) -> str:
    return (
        "from typing import List\n\nimport torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class UnsupportedTensorApiInScript(Rule):
    """Flags tensor methods and attributes that TorchScript does not have.

    ## What it does
    Finds, on values the semantic model knows are tensors (and on unannotated parameters,
    which TorchScript types as tensors), in code that `torch.jit.script`
    compiles: the tensor methods TorchScript has no binding for (`.numpy()`, `.data_ptr()`,
    `.storage()`, `.register_hook()`, `.new()`, `.new_tensor()`, `.nelement()`,
    `.ndimension()`, `.bool()`, `.bfloat16()`, the `.unique()` method, ...: the list is asked of
    torch's frontend per torch version, see TL209), methods `torch.Tensor` has not at all,
    called on a parameter annotated `torch.Tensor` (a Tensor subclass's own methods, such as
    flowtorch's `x.from_inverse()`: TorchScript looks them up on Tensor), the `.grad_fn` attribute, the attributes of
    a tensor's `.dtype` (TorchScript's dtype is an int: `.is_floating_point`, `.itemsize`,
    `.is_signed`, ...; `.device.type` and `.device.index` exist; from the generated tables), `.tolist()` whose
    result has no type annotation, numpy's `keepdims=` keyword, the `torch.Size` methods a shape lacks in
    TorchScript, whose shapes are `List[int]` (`x.shape[1:].numel()`; from the generated
    tables), and `torch.div` of Python
    numbers (`torch.div(x.size(1), 2, rounding_mode="trunc")`).
    And `torch.tensor` / `torch.as_tensor` of a list or tuple display holding a tensor
    (`torch.tensor([loss_a, loss_b])`): TorchScript's builds from ints, floats and bools only
    and rejects a tensor element (torch 2.13: Input must be of ints, floats, or bools, got
    Tensor), where eager Python reads a one-element tensor as its number.
    And `x.type()` without an argument, which TorchScript compiles as a conversion to no dtype
    (`aten::to`) returning the tensor, not the type string (compared with a string: Arguments
    for call are not valid), and `torch.tensor([])` / `torch.as_tensor([])` of an empty list
    display, a `List[Tensor]` to TorchScript, which fails when the line runs (Empty lists
    default to List[Tensor]).

    ## Why is this bad?
    The TorchScript compiler has no binding for them: `torch.jit.script` raises
    `'Tensor' object has no attribute or method 'nelement'` (and likewise for the others;
    `'int' object has no attribute or method 'is_floating_point'` for `x.dtype`'s), or
    `Expected type hint for result of tolist()`. Most have a scriptable spelling: `.numel()`,
    `.dim()`, `torch.unique(x)`, `x.new_zeros(...)`, `values: List[float] = x.tolist()`.

    ## Example
    ```python
    def forward(self, x):
        return x / x.nelement()
    ```
    Use instead:
    ```python
    def forward(self, x):
        return x / x.numel()
    ```

    ## Fix safety
    Unsafe fix: `.nelement()` -> `.numel()`, `.ndimension()` -> `.dim()`, `.bool()` /
    `.bfloat16()` -> `.to(torch.bool)` / `.to(torch.bfloat16)`, `x.unique(...)` ->
    `torch.unique(x, ...)`, `keepdims=` -> `keepdim=`: the same operation in eager PyTorch, so
    trace, compile and export record the same thing; unsafe only because the receiver is known
    to be a tensor by inference. `.tolist()` needs its annotation (`List[float]` or `List[int]`,
    by the tensor's dtype and rank) and `torch.div` of sizes `//`, by hand. Safe fix:
    `x.shape.numel()` / `x.size().numel()` -> `x.numel()`; unsafe: `x.shape[k:].numel()` ->
    `x.flatten(k).shape[k]` for an int literal `k >= 1` (it raises on a tensor of `k`
    dimensions or fewer, where the product of no sizes is 1).
    """

    code = "TL205"
    name = "unsupported-tensor-api-in-script"
    message = "tensor API TorchScript has no binding for"
    targets = SCRIPT

    VALID = [
        # 0-d tensors stacked, not given to `torch.tensor`.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    pass

                def forward(self, x):
                    return torch.stack([x.mean(), x.std()]).detach()

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """
        ),
        Valid(
            _example(
                "        values: List[List[float]] = x.tolist()\n"
                "        y = x / x.numel() * x.dim() + x.sum(-1, keepdim=True)\n"
                "        y = y / torch.div(x, 2.0) * x.gt(0).to(torch.bool)\n"
                "        return torch.unique(y) if len(values) > 100 else y.new_zeros(2)"
            )
        ),
        Valid(
            _example("        return x.reshape(x.shape[0], x[0].numel() + len(x.shape[1:]) - 1)")
        ),
    ]
    INVALID = [
        # `torch.tensor` of 0-d tensors: TorchScript's takes numbers only.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    pass

                def forward(self, x):
                    return torch.tensor([x.mean(), x.std()])

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=11,
            message_contains="holding tensors",
        ),
        Invalid(_example("        return x / x.nelement()"), line=9, message_contains="nelement"),
        Invalid(
            _example("        return torch.from_numpy(x.numpy() * 2)"),
            line=9,
            message_contains="numpy",
        ),
        Invalid(_example("        return x.unique()"), line=9, message_contains="unique"),
        Invalid(_example("        return x[x.gt(0).bool()]"), line=9, message_contains="bool"),
        Invalid(_example("        return x * x.is_shared()"), line=9, message_contains="is_shared"),
        Invalid(
            _example("        return x if x.grad_fn is None else x * 2"),
            line=9,
            message_contains="grad_fn",
        ),
        # TorchScript's dtype is an int.
        Invalid(
            _example("        return x if x.dtype.is_floating_point else x.float()"),
            line=9,
            message_contains="`.dtype.is_floating_point`",
        ),
        Invalid(
            _example("        return x.sum(-1, keepdims=True)"),
            line=9,
            message_contains="keepdims",
        ),
        Invalid(
            _example(
                "        n = torch.div(x.size(0), 2, rounding_mode='trunc')\n        return x[:n]"
            ),
            line=9,
            message_contains="torch.div",
        ),
        Invalid(
            _example("        rows = x.tolist()\n        return x * len(rows)"),
            line=9,
            message_contains="tolist",
        ),
        # An unannotated parameter is a Tensor to TorchScript, whatever the caller passes.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                @staticmethod
                def _check_dim(inputs, dim: int):
                    if dim >= inputs.ndimension():
                        raise ValueError("no such dimension")

                def forward(self, x):
                    self._check_dim(x, 1)
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="ndimension",
        ),
        Invalid(
            _example("        return x.reshape(x.shape[0], x.shape[1:].numel())"),
            line=9,
            message_contains="List[int]",
            fixed=_example("        return x.reshape(x.shape[0], x.flatten(1).shape[1])"),
        ),
        # A method of a Tensor subclass, on a parameter annotated Tensor (flowtorch's
        # BijectiveTensor): TorchScript looks it up on Tensor.
        Invalid(
            """
            import torch
            from torch import nn

            class Tagged(torch.Tensor):
                def gain(self) -> float:
                    return 2.0

            class Model(nn.Module):
                def forward(self, x: torch.Tensor):
                    return x * x.gain()

            def inputs():
                return [
                    (torch.randn(2, 3).as_subclass(Tagged),),
                    (torch.randn(4, 3).as_subclass(Tagged),),
                ]
            """,
            line=10,
            message_contains="no method of torch.Tensor",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.type() == "torch.HalfTensor":
                        x = x.float()
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="Arguments for call are not valid",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x * 2 + torch.tensor([]).sum()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="Empty lists default to List[Tensor]",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._annotated_values: set[int] = set()
        self._called: set[int] = set()  # the ``func`` of each call seen

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._annotated_values.add(id(node.value))

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        self._called.add(id(func))
        if not in_script(self.ctx):
            return
        if self._numpy_spelling(node) or self._python_number_division(node):
            return
        if self._tensor_of_tensors(node) or self._tensor_of_empty_list(node):
            return
        if not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        if method == "type" and not node.args:
            self._type_string(node, func.value)
            return
        if method != "tolist" and method not in torchscript_table()["tensor_methods_unbound"]:
            if foreign_tensor_method(method) and self._typed_tensor_parameter(func.value):
                self.report(
                    node,
                    f"`.{method}()` is no method of torch.Tensor, and TorchScript types "
                    f"`{func.value.value}` as a Tensor (the methods of a Tensor subclass are not "  # type: ignore[attr-defined]
                    "compiled): torch.jit.script fails ('Tensor' object has no attribute or "
                    f"method '{method}')",
                )
            return
        receiver = func.value
        # `def _permute(inputs, perm, dim)`: TorchScript types `inputs` as a Tensor.
        if self.ctx.kind(receiver) is not Kind.TENSOR and not inferred_tensor_parameter(
            self.ctx, receiver
        ):
            return
        if method == "tolist":
            if id(node) not in self._annotated_values:
                self.report(
                    node,
                    "`.tolist()` without a type annotation: torch.jit.script needs one "
                    "(`values: List[float] = x.tolist()`)",
                )
            return
        advice = f" ({ADVICE[method]})" if method in ADVICE else ""
        self.report(node, f"tensor method `.{method}()`{advice} does not exist in TorchScript")

    def _typed_tensor_parameter(self, receiver: cst.BaseExpression) -> bool:
        """A parameter annotated ``torch.Tensor`` (or a project class deriving from it: pypose's
        ``input: LieTensor``) and never rebound: TorchScript types it as Tensor whatever
        subclass a caller passes (torch 2.13: ``def f(x: Sub)`` with ``class Sub(torch.Tensor)``,
        ``x.rot()`` fails with 'Tensor' object has no attribute or method 'rot')."""
        if type(receiver) is not cst.Name:
            return False
        param = parameter(self.ctx.function, receiver.value)
        if param is None or param.annotation is None:
            return False
        if assignments(self.ctx.function, receiver.value):
            return False
        name = self.ctx.qualified_name(param.annotation.annotation)
        if name == "torch.Tensor":
            return self.ctx.kind(receiver) is Kind.TENSOR
        return name is not None and self.ctx.index.derives_from(name, TENSOR_CLASSES)

    def _foreign_attribute(self, node: cst.Attribute) -> bool:
        """``x.valid_frac`` (read or set) where ``x`` is a parameter TorchScript types as Tensor
        and ``valid_frac`` no public name of ``torch.Tensor`` (the generated table)."""
        name = node.attr.value
        if id(node) in self._called or not foreign_tensor_method(name):
            return False
        receiver = node.value
        if not (
            self._typed_tensor_parameter(receiver) or inferred_tensor_parameter(self.ctx, receiver)
        ):
            return False
        self.report(
            node,
            f"`{receiver.value}.{name}`: `{name}` is no attribute of torch.Tensor, and TorchScript "  # type: ignore[attr-defined]
            f"types `{receiver.value}` as a Tensor (a Python attribute kept on a tensor, or one "  # type: ignore[attr-defined]
            "of a Tensor subclass, does not exist there): torch.jit.script fails ('Tensor' "
            f"object has no attribute or method '{name}'; setting one: Tried to set an "
            "attribute ... on a non-class: Tensor); pass the value as an argument",
        )
        return True

    def _tensor_of_tensors(self, node: cst.Call) -> bool:
        """``torch.tensor([loss_a, loss_b])``: a list or tuple display holding a tensor given
        to ``torch.tensor`` / ``torch.as_tensor``, whose TorchScript builds from ints, floats
        and bools only."""
        name = self.ctx.qualified_name(node.func)
        if name not in ("torch.tensor", "torch.as_tensor") or not node.args:
            return False
        data = node.args[0].value
        if node.args[0].keyword is not None or not isinstance(data, (cst.List, cst.Tuple)):
            return False
        held = [e.value for e in data.elements if not isinstance(e, cst.StarredElement)]
        if not any(self.ctx.kind(e) is Kind.TENSOR for e in held):
            return False
        self.report(
            node,
            f"`{name}` of a {type(data).__name__.lower()} holding tensors: TorchScript's "
            f"`{name.rpartition('.')[2]}` builds a tensor from ints, floats and bools and rejects "
            "a tensor element (torch 2.13: Input must be of ints, floats, or bools, got "
            "Tensor), where eager Python reads a one-element tensor as its number; "
            "stack the 0-d tensors, `torch.stack([...])` (`.detach()` for what "
            "`torch.tensor` gave)",
        )
        return True

    def _type_string(self, node: cst.Call, receiver: cst.BaseExpression) -> None:
        """``x.type()`` without an argument: the type string in Python, a conversion to no
        dtype in TorchScript (``aten::to(x, None, ...)``), which returns the tensor."""
        if self.ctx.kind(receiver) is not Kind.TENSOR and not inferred_tensor_parameter(
            self.ctx, receiver
        ):
            return
        code = self.ctx.module.code_for_node(receiver)
        self.report(
            node,
            f"`{code}.type()` without an argument in scripted code: TorchScript compiles "
            "`Tensor.type` as a conversion (`aten::to` with no dtype) that returns the tensor, "
            "not the type string, so comparing it with a string fails (torch 2.13: Arguments "
            "for call are not valid) and other uses get a tensor; test the dtype "
            f"(`{code}.dtype == torch.float16`) and the device (`{code}.device.type`)",
        )

    def _tensor_of_empty_list(self, node: cst.Call) -> bool:
        """``torch.tensor([])``: TorchScript types an empty list display as ``List[Tensor]``
        and its ``torch.tensor`` of a list of tensors raises when the line runs."""
        name = self.ctx.qualified_name(node.func)
        if name not in ("torch.tensor", "torch.as_tensor") or not node.args:
            return False
        data = node.args[0].value
        if node.args[0].keyword is not None or type(data) is not cst.List or data.elements:
            return False
        self.report(
            node,
            f"`{name}([])` in scripted code: TorchScript types an empty list as "
            "`List[Tensor]`, and its `torch.tensor` of a list of tensors fails when the line "
            "runs (torch 2.13: The following operation failed in the TorchScript interpreter "
            "... Empty lists default to List[Tensor]); use `torch.empty(0, ...)` or "
            "`torch.zeros(0, ...)` with the dtype and device",
        )
        return True

    def _numpy_spelling(self, node: cst.Call) -> bool:
        """``x.sum(-1, keepdims=True)``: numpy's keyword; TorchScript knows only ``keepdim``."""
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "keepdims":
                func = node.func
                receiver = func.value if isinstance(func, cst.Attribute) else None
                name = self.ctx.qualified_name(func) or ""
                if (receiver is not None and self.ctx.kind(receiver) is Kind.TENSOR) or (
                    name.startswith("torch.")
                ):
                    self.report(
                        arg,
                        "`keepdims=` is numpy's spelling: TorchScript's schemas only have "
                        "`keepdim` (Arguments for call are not valid)",
                    )
                    return True
        return False

    def _python_number_division(self, node: cst.Call) -> bool:
        """``torch.div(n, 2, rounding_mode=...)`` on Python numbers (sizes): TorchScript's
        ``div`` takes tensors."""
        if self.ctx.qualified_name(node.func) not in ("torch.div", "torch.floor_divide"):
            return False
        args = [a.value for a in node.args if a.keyword is None and not a.star]
        kinds = [self.ctx.kind(a) for a in args[:2]]
        if len(kinds) == 2 and all(k in (Kind.SIZE, Kind.CONST) for k in kinds):
            self.report(
                node,
                "torch.div of Python numbers: TorchScript's `div` takes tensors (Arguments for "
                "call are not valid); use `//` on ints",
            )
            return True
        return False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        inner = node.value
        if (
            isinstance(inner, cst.Attribute)
            and inner.attr.value in ("dtype", "device")
            and node.attr.value
            in torchscript_table()
            .get("dtype_device_attributes_unbound", {})
            .get(inner.attr.value, ())
            and in_script(self.ctx)
            and (
                self.ctx.kind(inner.value) is Kind.TENSOR
                or inferred_tensor_parameter(self.ctx, inner.value)
            )
        ):
            what, name = inner.attr.value, node.attr.value
            advice = f"; use `x.{DTYPE_ADVICE[name]}`" if name in DTYPE_ADVICE else ""
            self.report(
                node,
                f"`.{what}.{name}` does not exist in TorchScript ("
                + ("its dtype is an int: 'int'" if what == "dtype" else "'Device'")
                + f" object has no attribute or method '{name}'){advice}",
            )
            return
        if (
            node.attr.value in torchscript_table().get("size_methods_unbound", ())
            and in_script(self.ctx)
            and self._tensor_shape(node.value)
        ):
            code = self.ctx.module.code_for_node(node.value)
            self.report(
                node,
                f"`.{node.attr.value}` of a tensor's shape (`{code}`) does not exist in "
                "TorchScript: its shapes are `List[int]` ('List[int]' object has no attribute "
                f"or method '{node.attr.value}')"
                + (
                    "; multiply the sizes in a loop, or reshape with -1 (`x.flatten(1)`)"
                    if node.attr.value == "numel"
                    else ""
                ),
            )
            return
        if (
            node.attr.value == "grad_fn"
            and in_script(self.ctx)
            and self.ctx.kind(node.value) is Kind.TENSOR
        ):
            self.report(node, "tensor attribute `.grad_fn` does not exist in TorchScript")
            return
        if in_script(self.ctx):
            self._foreign_attribute(node)

    def _tensor_shape(self, node: cst.BaseExpression) -> bool:
        """``x.shape``, ``x.size()`` or a slice of either, of a tensor ``x``, or a value the
        semantic model knows is a shape: TorchScript types each as ``List[int]``."""
        if isinstance(node, cst.Subscript) and all(
            isinstance(e.slice, cst.Slice) for e in node.slice
        ):
            node = node.value
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and not node.args:
            if node.func.attr.value != "size":
                return False
            node = node.func
        elif isinstance(node, cst.Name):
            return self.ctx.kind(node) is Kind.SHAPE
        if isinstance(node, cst.Attribute) and node.attr.value in ("shape", "size"):
            return self.ctx.kind(node.value) is Kind.TENSOR or inferred_tensor_parameter(
                self.ctx, node.value
            )
        return False
