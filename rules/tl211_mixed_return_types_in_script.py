"""TL211: return statements of different types in one scripted function."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import ARITHMETIC, assignments, none_test
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    attribute_number_type,
    dead_in_script,
    has_constants,
    in_script,
    is_none,
    literal_type,
    self_attribute,
    signature_params,
)

# Return annotations read, and the return types each takes (torch 2.13: a Tensor or a bool
# is converted to an int or a float; nothing else is, and None only with Optional).
SCALAR_ANNOTATIONS = {
    "builtins.int": "int",
    "builtins.float": "float",
    "builtins.bool": "bool",
    "builtins.str": "str",
    "torch.Tensor": "Tensor",
}
# Tensor methods TorchScript types as a list (`List[Tensor]`, `List[int]` for `size()`).
LIST_METHODS = frozenset({"chunk", "split", "unbind", "tensor_split", "split_with_sizes", "size"})
ANNOTATION_TAKES = {
    "int": {"int", "bool", "tensor"},
    "float": {"float", "bool", "tensor"},
    "bool": {"bool"},
    "str": {"str"},
    "Tensor": {"tensor"},
}


class MixedReturnTypesInScript(Rule):
    """Flags scripted functions whose returns have different types (a tuple and a tensor, an
    int and a float, ...) or a type the return annotation does not take.

    ## What it does
    Finds, in functions `torch.jit.script` compiles, a `return` whose value has a type that is
    certain (a tuple, a dict display or comprehension, a tensor, an `int`, `float`, `bool`
    or `str`) when an earlier `return` of
    the same function gives another of these, or a tuple of another length (`return y, attn`
    then `return (y,)`). Scalar types are read only where TorchScript's type is certain:
    literals, sizes (`x.size(0)`, `x.shape[-1]`, `x.dim()`, `x.numel()`, `len(...)`),
    `int(...)` / `float(...)` / `bool(...)` / `str(...)`, arithmetic and comparisons of these,
    `not`, parameters annotated `int` / `float` / `bool` / `str` and locals bound only to one
    type. Also finds a return the function's annotation (`-> int`, `-> float`, `-> bool`,
    `-> str`, `-> torch.Tensor`) does not take: `None` (without `Optional`), an `int` for
    `-> float`, a float for `-> int`, a tuple for `-> torch.Tensor` (`a ** b` of numbers
    is a float there, `int ** int` too: `return 2 ** self.levels` under `-> int`; so are
    `round(x)` and `pow(a, b)` of numbers: `return round(n * self.ratio)` under `-> int`).
    Also finds an if-expression whose two branches have certain, different types (`2 if c
    else 1.5`, `x if c else 1.0`, `shift if shift is not None else 0.0` with `shift:
    Optional[Tensor]`, which that test refines to a Tensor; None in a branch joins the
    other). And a list returned from a function annotated `-> Tuple[...]`: a list display
    or comprehension, `list(...)`, a tensor's `chunk` / `split` / `unbind` /
    `tensor_split` / shape, or a local bound only to those; and `Fn.apply(...)` of a
    `torch.autograd.Function` of the project returned from a function annotated `-> Tuple[...]`
    (TorchScript calls it as one op giving a single Tensor: Return value was annotated as
    having type Tuple[Tensor, Tensor] but is actually of type Tensor). Returns
    under an `if` that
    TorchScript may fold to a constant (`isinstance`, `hasattr`, `torch.jit.is_scripting()`,
    `is None`, a `Final` attribute) are left out: the branch may never be compiled.
    In a function with a return annotation the returns are compared with the annotation
    only: TorchScript checks each against it (a `Union[...]`, `Any` or `List[...]` takes
    returns of different types), not against the previous return.
    And a function annotated to return a value (`-> Tensor`, `-> Optional[...]` too) that
    returns one somewhere but may end without a `return` or `raise`: TorchScript judges every
    path from the statements alone (both branches of an `if`; a loop, `while True:` included,
    may run no time) and fails (torch 2.13: Function was not annotated as having type None, but
    does not return along all paths). Functions whose paths an `if` TorchScript may fold decides
    are left out.

    ## Why is this bad?
    A TorchScript function has one return type, and TorchScript does not widen an `int` to a
    `float`. `torch.jit.script` raises `Previous return statement returned a value of type
    Tuple[Tensor, Tensor] but this return statement returns a value of type Tensor` (or
    `Tuple[Tensor]` where the first returned two; `... of type float but this return statement
    returns a value of type int` for `return 0.5` then `return 1`), and `Return value was
    annotated as having type float but is actually of type int` for `return 1` in a `-> float`
    function. (`None` on one path and a value on another is fine without an annotation: the
    type becomes `Optional[...]`. With `-> int` or `-> float` a Tensor or a bool is converted.)
    An if-expression has one type too: `if-expression's true branch has type int but false
    branch has type float`. A list is no tuple to TorchScript, whatever its length: `Expected
    an annotation of type List but got Tuple[Tensor, Tensor]` (a display), `Return value was
    annotated as having type Tuple[Tensor, Tensor] but is actually of type List[Tensor]`
    (`x.chunk(2)`). TorchScript's `round(x)` returns a float (`round(2.6)` is 3.0,
    `round(3)` is 3.0) and `pow(2, 3)` is 8.0, where Python's are ints.
    `torch.compile` handles each path separately.

    ## Example
    ```python
    def forward(self, x):
        h = self.enc(x)
        if self.return_hidden:
            return h, x
        return h

    def _gain(self, n: int):
        if n > 2:
            return 0.5
        return 1
    ```
    Use instead:
    ```python
    def forward(self, x):
        h = self.enc(x)
        return h, x  # always a tuple; callers take [0]

    def _gain(self, n: int) -> float:
        if n > 2:
            return 0.5
        return 1.0
    ```

    ## Fix safety
    Unsafe fix: where one side is an int literal and the other a float (`return 0.5` ...
    `return 1`, or `return 1` under `-> float`), the literal becomes the float literal
    (`return 1.0`): the same number, but a float in eager too (`x * 1.0` of an int tensor is
    float). Unsafe fix for `return 2 ** n` under `-> int`: `return int(2 ** n)` (Python's
    `int ** int` is that int for an exponent >= 0; a negative or float exponent gave a float
    that `int(...)` now truncates in eager too); `return round(x)` / `return pow(a, b)` under
    `-> int`: `int(...)` around it (unsafe: Python's `round` of a number is that int already,
    but `int(...)` of a symbolic size may specialize it under export / compile). Unsafe fix:
    an if-expression of an int literal and a float: the literal written as a float (`2.0 if c
    else 1.5`; a float in eager too). Otherwise no fix: the callers decide which single type
    to return.
    """

    code = "TL211"
    name = "mixed-return-types-in-script"
    message = "returns of different types: a TorchScript function has one return type"
    targets = SCRIPT

    VALID = [
        # Annotated: each return is checked against the annotation alone (a Union, a List).
        Valid(
            """
            from typing import List, Tuple, Union

            import torch
            from torch import nn

            class Model(nn.Module):
                def parts(self, x) -> List[torch.Tensor]:
                    if x.dim() == 2:
                        return (x, x * 2)
                    return (x,)

                def forward(self, x) -> Union[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]]:
                    if x.shape[0] > 2:
                        return x, self.parts(x)[0]
                    return self.parts(x)[0] * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 3),)]
            """
        ),
        # A tuple display under `-> List[...]` is converted; a tensor in both branches.
        Valid(
            """
            from typing import List, Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def parts(self, x) -> List[torch.Tensor]:
                    return (x, x * 2)

                def forward(self, x, shift: Optional[torch.Tensor] = None):
                    offset = shift if shift is not None else torch.zeros_like(x)
                    a, b = self.parts(x + offset)
                    return a + b

            def inputs():
                return [(torch.randn(2, 4), torch.randn(4)), (torch.randn(3, 4), None)]
            """
        ),
        # None joins the other branch (Optional); `round` under `-> float`; two floats.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def scale(self, n: float) -> float:
                    return round(n)

                def forward(self, x):
                    limit = 2 if x.dim() == 2 else None
                    gain = 2.0 if x.shape[-1] % 2 == 0 else 1.5
                    if limit is not None:
                        x = x[:limit]
                    return x * gain * self.scale(2.6)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.size(0) > 3:
                        return None
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(3, 3),)]
            """
        ),
        # Two tuples of one length: TorchScript joins them element by element (None -> Optional).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.return_attn = False

                def forward(self, x):
                    y = self.fc(x)
                    if self.return_attn:
                        return y, torch.softmax(y, dim=-1)
                    return y, None

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # One scalar type on every path (a size and an int literal, a float division and a
        # float literal); `-> float` converts a bool.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def _groups(self, x):
                    if x.dim() > 2:
                        return x.size(-1) // 2
                    return 1

                def _gain(self, n: int) -> float:
                    if n > 2:
                        return n / 4
                    return 1.0

                def _flag(self, x) -> float:
                    return True

                def forward(self, x):
                    return x * self._gain(self._groups(x)) * self._flag(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A branch TorchScript folds away is not typed: `isinstance` of a Tensor parameter.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def _scale(self, x: torch.Tensor):
                    if isinstance(x, int):
                        return 0.5
                    return x.size(0)

                def forward(self, x):
                    return x * self._scale(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # An autograd Function's `apply` under `-> Tuple[...]`: one Tensor to TorchScript.
        Invalid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            class Halves(torch.autograd.Function):
                @staticmethod
                def forward(ctx, t):
                    return t * 0.5, t * 0.5

                @staticmethod
                def backward(ctx, a, b):
                    return (a + b) * 0.5

            def halves(t: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
                return Halves.apply(t)

            class Model(nn.Module):
                def forward(self, x):
                    a, b = halves(x)
                    return a + b

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="apply",
        ),
        # A dict on one path and a tensor on another (torch 2.13: Previous return statement
        # returned a value of type Dict[str, Tensor] but this return statement returns ...).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, aux: bool = False):
                    super().__init__()
                    self.aux = aux

                def forward(self, x):
                    if self.aux:
                        return {"out": x, "aux": x * 2}
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="a dict on line 11",
        ),
        # A tuple of another length under `-> Tuple[A, B]`: checked against the annotation.
        Invalid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            def split_cls(x: torch.Tensor, has_cls: bool) -> Tuple[torch.Tensor, torch.Tensor]:
                if has_cls:
                    return x[:, :1], x[:, 1:]
                return (x,)

            class Model(nn.Module):
                def forward(self, x):
                    return split_cls(x, True)[0] * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=9,
            message_contains="Return value was annotated as having type Tuple[Tensor, Tensor]",
        ),
        # A list returned under `-> Tuple[...]`: a display, and a tensor's `chunk(...)`.
        Invalid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            class Split(nn.Module):
                def forward(self, x) -> Tuple[torch.Tensor, torch.Tensor]:
                    a, b = x.chunk(2, dim=-1)
                    return [a, b]

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.split = Split()

                def forward(self, x):
                    gate, value = self.split(x)
                    return torch.sigmoid(gate) * value

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=9,
            message_contains="Expected an annotation of type List but got Tuple[Tensor, Tensor]",
        ),
        Invalid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            class Model(nn.Module):
                def halves(self, x) -> Tuple[torch.Tensor, torch.Tensor]:
                    return x.chunk(2, dim=-1)

                def forward(self, x):
                    a, b = self.halves(x)
                    return a * b

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
            message_contains="Return value was annotated as having type Tuple[Tensor, Tensor]",
        ),
        # An Optional[Tensor] refined by the test, against a float: no common type.
        Invalid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, shift: Optional[torch.Tensor] = None):
                    offset = shift if shift is not None else 0.0
                    return x + offset

            def inputs():
                return [(torch.randn(2, 4), torch.randn(4)), (torch.randn(3, 4), None)]
            """,
            line=8,
            message_contains="true branch has type Tensor but false branch has type float",
        ),
        # TorchScript's `round(x)` is a float: not the int the annotation promises.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, ratio: float = 0.5):
                    super().__init__()
                    self.ratio = ratio

                def keep(self, n: int) -> int:
                    return round(n * self.ratio)

                def forward(self, x):
                    return x[:, : self.keep(x.shape[1])]

            def inputs():
                return [(torch.randn(2, 5),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="`round(x)` returns a float",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, ratio: float = 0.5):
                    super().__init__()
                    self.ratio = ratio

                def keep(self, n: int) -> int:
                    return int(round(n * self.ratio))

                def forward(self, x):
                    return x[:, : self.keep(x.shape[1])]

            def inputs():
                return [(torch.randn(2, 5),), (torch.randn(3, 4),)]
            """,
        ),
        # An if-expression of an int and a float: one type in TorchScript, no widening.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    factor = 2 if x.shape[-1] % 2 == 0 else 1.5
                    return x * factor

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 3),)]
            """,
            line=6,
            message_contains="if-expression whose branches are an int and a float",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    factor = 2.0 if x.shape[-1] % 2 == 0 else 1.5
                    return x * factor

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 3),)]
            """,
        ),
        # `int ** int` is a float in TorchScript.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, levels: int = 2):
                    super().__init__()
                    self.levels = levels

                def cells(self) -> int:
                    return 2**self.levels

                def forward(self, x):
                    return x.reshape(x.shape[0], self.cells(), -1).mean(-1)

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """,
            line=10,
            message_contains="`int ** int` too",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, levels: int = 2):
                    super().__init__()
                    self.levels = levels

                def cells(self) -> int:
                    return int(2**self.levels)

                def forward(self, x):
                    return x.reshape(x.shape[0], self.cells(), -1).mean(-1)

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.enc = nn.Linear(3, 3)
                    self.return_hidden = False

                def forward(self, x):
                    h = self.enc(x)
                    if self.return_hidden:
                        return h, x
                    return h

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.size(0) == 0:
                        return 0
                    return x.sum(0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.return_attn = False

                def forward(self, x):
                    y = self.fc(x)
                    attn = torch.softmax(y, dim=-1)
                    if self.return_attn:
                        return y, attn
                    return (y,)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=15,
            message_contains="tuple of 1",
        ),
        # A float on one path and an int on another: TorchScript does not widen the int.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norm = nn.LayerNorm(4)

                def _temperature(self, steps: int):
                    if steps < 3:
                        return 2
                    return steps * 0.25

                def forward(self, x):
                    return self.norm(x) / self._temperature(x.size(0))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="a float here but an int",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def tokens(x):
                if x.dim() == 3:
                    return x.size(1)
                return x.numel() / x.size(-1)

            class Model(nn.Module):
                def forward(self, x):
                    return x * tokens(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        # The annotation does not take it: an int for `-> float`, None for `-> int`.
        Invalid(
            """
            import torch
            from torch import nn

            def gain(x) -> float:
                if x.size(0) > 2:
                    return 0.5
                return 1

            class Model(nn.Module):
                def forward(self, x):
                    return x * gain(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            message_contains="annotated `-> float`",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def first_dim(x) -> int:
                if x.dim() == 0:
                    return None
                return x.size(0)

            class Model(nn.Module):
                def forward(self, x):
                    return x * first_dim(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            message_contains="None",
        ),
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def _pick(self, feats: List[torch.Tensor], level: int) -> torch.Tensor:
                    for i, f in enumerate(feats):
                        if i == level:
                            return f

                def forward(self, x):
                    return self._pick([x, x * 2], 1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="does not return along all paths",
        ),
    ]

    # heldout41: a slice of a shape (a list) returned under `-> Tuple[...]`, from a property.
    VALID += [
        Valid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(2, 2, 3)

                @property
                def kernel_hw(self) -> Tuple[int, int]:
                    kh, kw = self.conv.weight.shape[-2:]
                    return kh, kw

                def forward(self, x):
                    kh, kw = self.kernel_hw
                    return self.conv(x) * kh * kw

            def inputs():
                return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 5, 6),)]
            """
        ),
    ]
    INVALID += [
        Invalid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(2, 2, 3)

                @property
                def kernel_hw(self) -> Tuple[int, int]:
                    return self.conv.weight.shape[-2:]

                def forward(self, x):
                    kh, kw = self.kernel_hw
                    return self.conv(x) * kh * kw

            def inputs():
                return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 5, 6),)]
            """,
            line=13,
            message_contains="but is actually of type List",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._seen: list[dict[str, cst.Return]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._seen.append({})
        self._falls_off_end(node)

    def _falls_off_end(self, node: cst.FunctionDef) -> None:
        """A function annotated to return a value (``-> Tensor``, ``-> Optional[...]`` too)
        whose body may end without a ``return`` / ``raise``: TorchScript decides it from the
        statements (both branches of an ``if``; a loop may run no time, ``while True:``
        included) and rejects it, where Python returns None there."""
        if not in_script(self.ctx) or self.ctx.function is not node or node.returns is None:
            return
        if is_none(node.returns.annotation) or not isinstance(node.body, cst.IndentedBlock):
            return
        if any(
            self.ctx.qualified_name(d.decorator) in NOT_COMPILED or type(d.decorator) is cst.Call
            for d in node.decorators
        ):
            return
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if not _returns_value(node.body) or _exits(self.ctx, node.body.body, owner) is not False:
            return
        annotation = _torch_spelling(self.ctx.module.code_for_node(node.returns.annotation))
        self.report(
            node.name,
            f"`{node.name.value}` is annotated `-> {annotation}` but may end without a "
            "`return`: TorchScript checks every path from the statements alone (a loop may run "
            "no time) and fails (torch 2.13: Function was not annotated as having type None, "
            "but does not return along all paths); end the function with a `return` (or "
            "`raise`) after the loop or `if`",
        )

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._seen.pop()

    def visit_IfExp(self, node: cst.IfExp) -> None:
        """``2 if c else 1.5``: TorchScript gives an if-expression one type and does not
        widen an int to a float (torch 2.13: if-expression's true branch has type int but false
        branch has type float); None joins any type (Optional)."""
        if not self._seen or not in_script(self.ctx) or self._pruned():
            return
        info = self.ctx.function_info
        refined = self._refined_optional_tensor(node.test)
        if refined is None and _folds(
            self.ctx, node.test, info.owner_class if info is not None else None
        ):
            return
        body, orelse = self._return_kind(node.body), self._return_kind(node.orelse)
        if refined is not None:
            name, when_true = refined
            branch = node.body if when_true else node.orelse
            if type(branch) is cst.Name and branch.value == name:
                if when_true:
                    body = "tensor"
                else:
                    orelse = "tensor"
        if body is None or orelse is None or "None" in (body, orelse):
            return
        if "tuple" in (_base(body), _base(orelse)) or body == orelse:
            return
        self.report(
            node,
            f"an if-expression whose branches are {_article(body)} and {_article(orelse)}: "
            "TorchScript gives it one type and does not convert between them (torch 2.13: "
            f"`if-expression's true branch has type {_spelled(body)} but false branch has type "
            f"{_spelled(orelse)}`), where Python takes either; make both branches one type "
            "(`2.0 if c else 1.5`)",
        )

    def _refined_optional_tensor(self, test: cst.BaseExpression) -> Optional[tuple[str, bool]]:
        """``(p, True)`` for ``p is not None`` (``(p, False)`` for ``p is None``) where ``p``
        is a parameter annotated ``Optional[Tensor]`` the function never rebinds: a real
        Optional to TorchScript, which does not fold the test and refines ``p`` to Tensor in
        the branch where it is not None."""
        found = none_test(test)
        function = self.ctx.function
        if found is None or function is None or assignments(function, found[0]):
            return None
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == found[0]), None
        )
        if param is None or param.annotation is None:
            return None
        annotation = param.annotation.annotation
        inner: Optional[cst.BaseExpression] = None
        if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
            sides = [annotation.left, annotation.right]
            if is_none(sides[1]):
                inner = sides[0]
        elif (
            type(annotation) is cst.Subscript
            and self.ctx.qualified_name(annotation.value) == "typing.Optional"
            and len(annotation.slice) == 1
            and type(annotation.slice[0].slice) is cst.Index
        ):
            inner = annotation.slice[0].slice.value
        if inner is None or self.ctx.qualified_name(inner) != "torch.Tensor":
            return None
        return found

    def visit_Return(self, node: cst.Return) -> None:
        if not self._seen or not in_script(self.ctx) or self._pruned():
            return
        if node.value is not None and (
            self._list_for_tuple(node) or self._function_apply_for_tuple(node)
        ):
            return
        if node.value is None:
            self._against_annotation(node, "None")
            return
        kind = self._return_kind(node.value)
        if kind is None:
            return
        if self._against_annotation(node, kind) or kind == "None":
            return  # None joins any other type (Optional) when the function is unannotated
        function = self.ctx.function
        if function is not None and function.returns is not None:
            self._against_tuple_annotation(node, function.returns.annotation, kind)
            # Annotated: TorchScript checks each return against the annotation alone (a
            # Union, Any or List[...] takes returns of different types), not against the
            # previous return (torch 2.13's emitReturn).
            return
        seen = self._seen[-1]
        for other in seen:
            if _base(kind) != _base(other) or (
                kind != other and _base(kind) == _base(other) == "tuple"
            ):
                line = self.ctx.position(seen[other]).start.line
                self.report(
                    node,
                    f"returns {_article(kind)} here but {_article(other)} on line {line}: a "
                    "TorchScript function has one return type",
                )
                return
        seen.setdefault(kind, node)

    def _against_tuple_annotation(
        self, node: cst.Return, annotation: cst.BaseExpression, kind: str
    ) -> None:
        """A return a ``-> Tuple[A, B]`` (``tuple[A, B]``) annotation does not take: a tuple
        display of another length, None, a number, a string or a dict; TorchScript checks each
        return against the annotation."""
        if type(annotation) is not cst.Subscript or self.ctx.qualified_name(
            annotation.value
        ) not in ("typing.Tuple", "builtins.tuple"):
            return
        elements = [e.slice for e in annotation.slice]
        if any(
            type(e) is not cst.Index
            or type(e.value) is cst.Ellipsis
            or (type(e.value) is cst.Tuple and not e.value.elements)
            for e in elements
        ):
            return
        if _base(kind) == "tuple":
            if kind == "tuple" or kind == f"tuple of {len(elements)}":
                return
        elif kind not in ("None", "int", "float", "bool", "str", "dict"):
            return
        spelled = _torch_spelling(cst.Module([]).code_for_node(annotation))
        self.report(
            node,
            f"returns {_article(kind)} but the function is annotated `-> {spelled}`: "
            "TorchScript checks each return against the annotation and raises `Return value "
            f"was annotated as having type {spelled} but is actually of type ...`",
        )

    def _tuple_return(self, function: Optional[cst.FunctionDef]) -> Optional[cst.Subscript]:
        """The ``Tuple[...]`` / ``tuple[...]`` return annotation of ``function``, if any."""
        if function is None or function.returns is None:
            return None
        annotation = function.returns.annotation
        if type(annotation) is not cst.Subscript or self.ctx.qualified_name(
            annotation.value
        ) not in ("typing.Tuple", "builtins.tuple"):
            return None
        return annotation

    def _list_for_tuple(self, node: cst.Return) -> bool:
        """A list returned from a function annotated ``-> Tuple[...]`` (``tuple[...]``):
        a list display or comprehension, ``list(...)``, ``t.chunk(...)`` / ``split`` /
        ``unbind`` / ``tensor_split`` of a tensor, a tensor's shape, or a local bound only to
        list displays or ``list(...)``; reported, True. TorchScript converts no list to a
        tuple (a tuple display to a ``List[...]`` it does)."""
        function = self.ctx.function
        value = node.value
        annotation = self._tuple_return(function)
        if annotation is None or value is None:
            return False
        spelled = _torch_spelling(cst.Module([]).code_for_node(annotation))
        if isinstance(value, (cst.List, cst.ListComp)):
            error = f"Expected an annotation of type List but got {spelled}"
        elif self._list_value(value) or (
            type(value) is cst.Name and self._list_local(function, value.value)
        ):
            error = f"Return value was annotated as having type {spelled} but is actually of type List[...]"
        else:
            return False
        self.report(
            node,
            f"returns a list but the function is annotated `-> {spelled}`: TorchScript does "
            f"not convert a list to a tuple (torch 2.13: `{error}`); return a tuple "
            "(`return a, b`, or unpack the list first)",
        )
        return True

    def _function_apply_for_tuple(self, node: cst.Return) -> bool:
        """``return _SqrtPair.apply(M)`` from a function annotated ``-> Tuple[...]``, the
        class a ``torch.autograd.Function`` of the project: TorchScript calls a Python
        autograd Function as one op whose result is a single Tensor, whatever its forward
        returns (torch 2.13: Return value was annotated as having type Tuple[Tensor, Tensor]
        but is actually of type Tensor); reported, True."""
        function = self.ctx.function
        value = node.value
        annotation = self._tuple_return(function)
        if annotation is None or type(value) is not cst.Call:
            return False
        func = value.func  # type: ignore[attr-defined]
        if type(func) is not cst.Attribute or func.attr.value != "apply":
            return False
        cls = self.ctx.qualified_name(func.value)
        if cls is None or not self.ctx.index.is_autograd_function(cls):
            return False
        spelled = _torch_spelling(cst.Module([]).code_for_node(annotation))
        short = cst.Module([]).code_for_node(func.value)
        self.report(
            node,
            f"returns `{short}.apply(...)` but the function is annotated `-> {spelled}`: "
            "TorchScript calls a Python autograd Function as one op whose result is a single "
            f"Tensor, whatever its `forward` returns (torch 2.13: Return value was annotated as "
            f"having type {spelled} but is actually of type Tensor); keep the call out of "
            "scripted code (`@torch.jit.ignore` on a wrapper) or return one tensor",
        )
        return True

    def _list_value(self, value: cst.BaseExpression) -> bool:
        if (
            type(value) is cst.Subscript
            and len(value.slice) == 1
            and type(value.slice[0].slice) is cst.Slice
        ):
            return self._list_value(value.value)  # a slice of a list is a list
        if type(value) is cst.Call:
            func = value.func
            if self.ctx.qualified_name(func) in ("builtins.list", "builtins.sorted"):
                return True
            return (
                type(func) is cst.Attribute
                and func.attr.value in LIST_METHODS
                and self.ctx.kind(func.value) is Kind.TENSOR
                and (func.attr.value != "size" or not value.args)
            )
        return (
            type(value) is cst.Attribute
            and value.attr.value == "shape"
            and self.ctx.kind(value.value) is Kind.TENSOR
        )

    def _list_local(self, function: cst.FunctionDef, name: str) -> bool:
        if any(p.name.value == name for p in signature_params(self.ctx, function)):
            return False
        bound = assignments(function, name)
        return bool(bound) and all(
            size == 1 and (isinstance(v, (cst.List, cst.ListComp)) or self._list_value(v))
            for v, _, size in bound
        )

    def _against_annotation(self, node: cst.Return, kind: str) -> bool:
        """A value the function's return annotation (`-> int`, `-> float`, `-> bool`, `-> str`,
        `-> torch.Tensor`) does not take; reported, True."""
        function = self.ctx.function
        if function is None or function.returns is None:
            return False
        annotation = SCALAR_ANNOTATIONS.get(
            self.ctx.qualified_name(function.returns.annotation) or ""
        )
        if annotation is None or _base(kind) in ANNOTATION_TAKES[annotation]:
            return False
        value = node.value
        power = (
            isinstance(value, cst.BinaryOperation)
            and isinstance(value.operator, cst.Power)
            and kind == "float"
        )
        builtin = self.ctx.qualified_name(value.func) if isinstance(value, cst.Call) else None
        note = ""
        if power:
            note = (
                " (TorchScript's `**` of two numbers is a float, `int ** int` too: `2 ** 3` "
                "is 8.0 there)"
            )
        elif kind == "float" and builtin == "builtins.round":
            note = (
                " (TorchScript's `round(x)` returns a float, where Python's returns an int: "
                "`round(2.6)` is 3.0 there)"
            )
        elif kind == "float" and builtin == "builtins.pow":
            note = (
                " (TorchScript's `pow(a, b)` of two numbers is a float, of two ints too: "
                "`pow(2, 3)` is 8.0 there)"
            )
        self.report(
            node,
            f"returns {_article(kind)} but the function is annotated `-> {annotation}`: "
            f"TorchScript raises `Return value was annotated as having type {annotation} but is "
            "actually of type ...`" + note,
        )
        return True

    def _pruned(self) -> bool:
        """Whether the return sits in a branch TorchScript may drop before typing it: under an
        `if` on `isinstance` / `hasattr` / a `torch.jit` or `torch.compiler` query, an `is
        None` test, or an attribute of a class with constants (all folded when scripting)."""
        function = self.ctx.function
        statements = self.ctx.statements
        inside = False
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        for statement in statements:
            if statement is function:
                inside = True
                continue
            if not inside or type(statement) not in (cst.If, cst.While):
                continue
            if _folds(self.ctx, statement.test, owner):  # type: ignore[attr-defined]
                return True
        return dead_in_script(self.ctx)

    def _return_kind(self, value: cst.BaseExpression) -> Optional[str]:
        if isinstance(value, cst.Tuple):
            if any(isinstance(element, cst.StarredElement) for element in value.elements):
                return "tuple"
            return f"tuple of {len(value.elements)}"
        if is_none(value):
            return "None"
        if isinstance(value, (cst.Dict, cst.DictComp)):
            return "dict"  # a Dict[K, V] to TorchScript, which no other type joins
        scalar = ScriptScalar(self.ctx).of(value)
        if scalar is not None:
            return scalar
        if self.ctx.kind(value) is Kind.TENSOR:
            return "tensor"
        return None


class ScriptScalar:
    """The TorchScript type (`int`, `float`, `bool`, `str`) of an expression in scripted code
    where it is certain: literals, sizes of tensors (`x.size(0)`, `x.shape[-1]`, `x.dim()`,
    `x.numel()`, `len(...)`), `int(...)` / `float(...)` / `bool(...)` / `str(...)`, arithmetic
    and comparisons of these, `not`, parameters annotated with one of these types and locals
    bound only to one. In TorchScript `int ** int` is a float (`2 ** 3` is 8.0): `**` of a
    number and a number or a value of a kind that is no tensor (a config constant, a size) is
    a float."""

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        self.ctx = ctx

    def of(self, node: cst.BaseExpression, depth: int = 0) -> Optional[str]:
        if depth > 6:
            return None
        literal = literal_type(node)
        if literal is not None:
            return literal
        kind = type(node)
        if kind in (cst.FormattedString, cst.ConcatenatedString):
            return "str"
        if kind is cst.Call:
            return self._call(node, depth)  # type: ignore[arg-type]
        if kind is cst.Subscript:
            base = node.value  # type: ignore[attr-defined]
            if (
                type(base) is cst.Attribute
                and base.attr.value == "shape"
                and self.ctx.kind(base.value) is Kind.TENSOR
                and len(node.slice) == 1  # type: ignore[attr-defined]
                and type(node.slice[0].slice) is cst.Index  # type: ignore[attr-defined]
                and literal_type(node.slice[0].slice.value) == "int"  # type: ignore[attr-defined]
            ):
                return "int"
            return None
        if kind is cst.Attribute:
            return "int" if node.attr.value == "ndim" and self._tensor(node.value) else None  # type: ignore[attr-defined]
        if kind is cst.UnaryOperation:
            if type(node.operator) is cst.Not:  # type: ignore[attr-defined]
                inner = self.of(node.expression, depth + 1)  # type: ignore[attr-defined]
                return "bool" if inner is not None else None
            inner = self.of(node.expression, depth + 1)  # type: ignore[attr-defined]
            return inner if inner in ("int", "float") else None
        if kind is cst.BinaryOperation:
            left = self.of(node.left, depth + 1)  # type: ignore[attr-defined]
            right = self.of(node.right, depth + 1)  # type: ignore[attr-defined]
            operator = type(node.operator)  # type: ignore[attr-defined]
            if operator is cst.Power and left in ("int", "float"):
                # TorchScript's `**` of two numbers is a float, `int ** int` too (torch 2.13:
                # `2 ** 3` is 8.0); an exponent of a kind that is no tensor is a number here.
                exponent = self.ctx.kind(node.right)  # type: ignore[attr-defined]
                if right in ("int", "float") or exponent in (Kind.CONST, Kind.SIZE, Kind.RANK):
                    return "float"
                return None
            if left not in ("int", "float") or right not in ("int", "float"):
                return None
            if operator is cst.Divide:
                return "float"
            if operator in (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo):
                return "float" if "float" in (left, right) else "int"
            return None
        if kind is cst.Comparison:
            operands = [node.left, *(c.comparator for c in node.comparisons)]  # type: ignore[attr-defined]
            if all(self.of(o, depth + 1) in ("int", "float", "bool", "str") for o in operands):
                return "bool"
            return None
        if kind is cst.Name:
            return self._name(node.value, depth)  # type: ignore[attr-defined]
        return None

    def _tensor(self, node: cst.BaseExpression) -> bool:
        return self.ctx.kind(node) is Kind.TENSOR

    def _call(self, node: cst.Call, depth: int) -> Optional[str]:
        func = node.func
        if any(a.star or a.keyword is not None for a in node.args):
            return None
        if type(func) is cst.Attribute and self._tensor(func.value):
            method = func.attr.value
            if method in ("dim", "numel", "ndimension", "nelement") and not node.args:
                return "int"
            if method == "size" and len(node.args) == 1:
                return "int"
            return None
        name = self.ctx.qualified_name(func)
        if name in ("builtins.int", "builtins.len"):
            return "int" if len(node.args) == 1 else None
        if name in ("builtins.float", "builtins.bool", "builtins.str") and len(node.args) == 1:
            return name.split(".")[1]
        # TorchScript's `round(x)` of a number is a float, an int's too (torch 2.13:
        # `round(2.6)` is 3.0, `round(3)` is 3.0), and `pow(a, b)` of numbers is one like `**`
        # (`pow(2, 3)` is 8.0); Python's are ints.
        if name == "builtins.round" and len(node.args) == 1:
            return "float" if self.number(node.args[0].value, depth + 1) else None
        if name == "builtins.pow" and len(node.args) == 2:
            numbers = all(self.number(a.value, depth + 1) for a in node.args)
            return "float" if numbers else None
        return None

    def number(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """Surely an int or a float in TorchScript: what `of` types so, a `self.<attr>`
        `__init__` binds only to numbers, or arithmetic of these (no tensor operand)."""
        if depth > 6:
            return False
        if self.of(node, depth) in ("int", "float"):
            return True
        if type(node) is cst.Attribute:
            return attribute_number_type(self.ctx, node) is not None  # type: ignore[arg-type]
        if type(node) is cst.UnaryOperation and type(node.operator) in (cst.Minus, cst.Plus):  # type: ignore[attr-defined]
            return self.number(node.expression, depth + 1)  # type: ignore[attr-defined]
        if (
            type(node) is cst.BinaryOperation
            and type(node.operator) in ARITHMETIC  # type: ignore[attr-defined]
            and type(node.operator) is not cst.Power  # type: ignore[attr-defined]
        ):
            return self.number(node.left, depth + 1) and self.number(node.right, depth + 1)  # type: ignore[attr-defined]
        return False

    def _name(self, name: str, depth: int) -> Optional[str]:
        function = self.ctx.function
        if function is None:
            return None
        bound = assignments(function, name)
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == name), None
        )
        if param is not None:
            if bound or param.annotation is None:
                return None
            found = SCALAR_ANNOTATIONS.get(
                self.ctx.qualified_name(param.annotation.annotation) or ""
            )
            return found if found in ("int", "float", "bool", "str") else None
        if not bound or any(size != 1 for _, _, size in bound):
            return None
        found = {self.of(value, depth + 1) for value, _, _ in bound}
        return found.pop() if len(found) == 1 and None not in found else None


def _folds(ctx, test: cst.BaseExpression, owner: Optional[str]) -> bool:  # type: ignore[no-untyped-def]
    """Whether TorchScript may fold ``test`` to a constant (and drop a branch)."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        kind = type(node)
        if kind is cst.Call:
            name = ctx.qualified_name(node.func) or ""  # type: ignore[attr-defined]
            if name in ("builtins.isinstance", "builtins.hasattr") or name.startswith(
                ("torch.jit.", "torch.compiler.", "torch._dynamo.", "torch._C.")
            ):
                found = True
        elif kind is cst.Comparison and any(
            type(c.operator) in (cst.Is, cst.IsNot)
            for c in node.comparisons  # type: ignore[attr-defined]
        ):
            found = True
        elif (
            kind is cst.Attribute
            and self_attribute(node) is not None
            and owner is not None
            and has_constants(ctx, owner)
        ):
            found = True
        return False if found else None

    walk(test, enter, lambda node: None)
    return found


# Decorators whose function TorchScript does not compile from its body.
NOT_COMPILED = frozenset(
    {"torch.jit.unused", "torch.jit.ignore", "typing.overload", "torch.jit._overload_method"}
)


def _returns_value(body: cst.CSTNode) -> bool:
    """Whether a ``return <value>`` of this function (nested definitions left out) exists."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) or found:
            return False
        if type(node) is cst.Return and node.value is not None:  # type: ignore[attr-defined]
            found = True
        return None

    walk(body, enter, lambda node: None)
    return found


def _exits(ctx, statements: Sequence[cst.BaseStatement], owner: Optional[str]) -> Optional[bool]:  # type: ignore[no-untyped-def]
    """Whether every path through ``statements`` ends in a ``return`` or ``raise``, as
    TorchScript judges it (loops never count); None where a test it may fold decides."""
    for statement in statements:
        if type(statement) is cst.SimpleStatementLine:
            if any(type(s) in (cst.Return, cst.Raise) for s in statement.body):
                return True
        elif type(statement) is cst.If:
            body = _exits(ctx, statement.body.body, owner)  # type: ignore[attr-defined]
            orelse = statement.orelse
            if orelse is None:
                other: Optional[bool] = False
            elif type(orelse) is cst.If:
                other = _exits(ctx, [orelse], owner)
            else:
                other = _exits(ctx, orelse.body.body, owner)  # type: ignore[attr-defined]
            if body and other:
                return True
            if None in (body, other) or ((body or other) and _folds(ctx, statement.test, owner)):
                return None
        elif type(statement) is cst.With:
            inner = _exits(ctx, statement.body.body, owner)  # type: ignore[attr-defined]
            if inner is not False:
                return inner
        elif type(statement) is cst.Try:
            return None  # not TorchScript; another rule's
    return False


def _torch_spelling(annotation: str) -> str:
    """An annotation as torch's messages spell types (``Tuple[Tensor, int]``)."""
    for spelled, torch_name in (("torch.Tensor", "Tensor"), ("typing.", ""), ("tuple[", "Tuple[")):
        annotation = annotation.replace(spelled, torch_name)
    return annotation


def _spelled(kind: str) -> str:
    """The type as torch's messages spell it."""
    return "Tensor" if kind == "tensor" else kind


def _article(kind: str) -> str:
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}" if kind != "None" else "None"


def _base(kind: str) -> str:
    """``tuple of 2`` -> ``tuple``: tuples of different lengths conflict with each other too."""
    return kind.split(" of ", 1)[0]
