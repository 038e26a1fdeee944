"""TL223: a name bound to a number, rebound to a tensor inside an `if` or loop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.dynamo_tables import nn_parameter_modules
from torchlint.lint.graph_queries import all_params, assignments, self_assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import target_names
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    BLOCKS,
    SCRIPT,
    attribute_number_type,
    class_annotations,
    class_methods,
    has_constants,
    in_script,
    is_method,
    is_none,
    literal_type,
    scripted_attribute_store,
    self_attribute,
    signature_type_comment,
)
from torchlint.rules.tl211_mixed_return_types_in_script import ScriptScalar

TENSOR_NAMES = frozenset({"torch.Tensor", "torch.FloatTensor"})
PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})

# Methods that reduce a tensor to one element when called without a dim.
REDUCTIONS = frozenset(
    {"sum", "mean", "prod", "max", "min", "amax", "amin", "norm", "all", "any", "std", "var"}
)
SCALARS = frozenset({"int", "float", "bool", "str"})
# Arithmetic of two numbers TorchScript types by their types (`/` and `**`: float).
ARITHMETIC_RESULT = frozenset(
    {cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power}
)
AUGMENTED = {
    cst.AddAssign: cst.Add,
    cst.SubtractAssign: cst.Subtract,
    cst.MultiplyAssign: cst.Multiply,
    cst.DivideAssign: cst.Divide,
    cst.FloorDivideAssign: cst.FloorDivide,
    cst.ModuloAssign: cst.Modulo,
    cst.PowerAssign: cst.Power,
}
# Calls whose tensor is a floating-point one whatever they are given.
FLOATING = frozenset(
    {
        "mean",
        "float",
        "double",
        "half",
        "softmax",
        "log_softmax",
        "sigmoid",
        "tanh",
        "exp",
        "log",
        "sqrt",
        "rsqrt",
        "std",
        "var",
        "norm",
        "randn",
        "rand",
    }
)
# `math` rounding TorchScript compiles, on a Tensor, to the tensor op (`aten::ceil`): a tensor of
# the argument's dtype, where Python returns an int.
ROUNDING = frozenset({"math.ceil", "math.floor"})
# Calls after which the value no longer requires grad (or is no tensor).
DETACHING = frozenset({"detach", "detach_", "item", "tolist", "no_grad", "inference_mode"})
# Loss functions without `loss` in their name (one element with the default reduction).
LOSSES = frozenset({"cross_entropy", "kl_div", "binary_cross_entropy", "nll", "dot"})
# Calls whose tensor may be an integer one.
INTEGRAL = frozenset(
    {
        "long",
        "int",
        "short",
        "byte",
        "bool",
        "char",
        "argmax",
        "argmin",
        "count_nonzero",
        "bincount",
        "nonzero",
        "searchsorted",
        "randint",
        "to",
        "type",
        "type_as",
        "bucketize",
    }
)


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
    tensor, in scripted code, and builtin `max` / `min` given a tensor TorchScript cannot
    convert to a number there.

    ## What it does
    In a function `torch.jit.script` compiles, finds a name bound at the top level of the
    function to an int or float literal (`scale = 1`, `loss = 0`) and rebound, inside an
    `if`, `for` or `while` that follows, to a tensor TorchScript cannot convert to that
    number: a tensor from a submodule call (it requires grad: `scale =
    torch.sigmoid(self.gate(x))`, `loss = loss + F.mse_loss(self.fc(x), y)`), one built by a
    call that reduces nothing (`torch.sigmoid(x)`; not `x.sum()`, `x.mean()` or a loss, which
    hold one element), and for an int a surely floating-point tensor (a `.mean()`,
    `.float()`, `torch.sigmoid`, a true division, and nothing that may make an integer one: a
    comparison, a cast, `argmax`, a `dtype=`: `loss += x.mean()`; not arithmetic of tensors of
    unknown dtype, `start = start + n` for `n` in a tensor of counts, which an integer tensor
    passes). Also a name bound to a value whose
    TorchScript type is a certain `int`, `float`, `bool` or `str` (a literal, a size
    `x.size(-1)`, `len(...)`, `int(...)`, a `self.<attr>` `__init__` binds only to numbers of
    one type, arithmetic of these) and rebound there to one of another of these types or to
    None: `size = x.size(-1)` then `size = size * self.ratio` (a float attribute), `n /= 2`
    (`/` of ints is a float), `n = n ** 2`, `n = round(n * 1.5)` (floats in TorchScript),
    `mode = "a"` then `mode = 1`; or bound to a tensor and rebound there to a number literal.
    Also an `if` with an `else` whose branches each end by binding a name no statement before
    binds, one to a tensor and the other to a number, the name read after the `if` (`if
    self.use_bias: bias = self.bias else: bias = 0`). Not under a test TorchScript may fold (`is
    None`, `isinstance`, `hasattr`, `is_scripting`, a `Final` attribute), where it compiles
    one branch alone and no paths meet.
    Also the same conversion in a call of the builtin `max` / `min` with two or more
    arguments, one a tensor (not in a `with` block): a tensor that surely requires grad (from
    a submodule holding parameters, `max(self.fc(x).abs().max(), self.eps)`, or reads a
    parameter of the module that requires grad, `min(self.logit_scale.exp(), 100.0)` of
    `self.logit_scale = nn.Parameter(...)`; also through a local bound only to such values,
    nothing detached), or, where the other arguments are
    ints or tensors, a surely floating-point tensor (`max(x.mean(), 1)`: a `.mean()`,
    `.float()`, `torch.sigmoid`, a true division; or `math.ceil(t)` / `math.floor(t)` of a
    tensor that is not surely an integer one: `min(w, math.ceil(w * ratio))`).
    And a comprehension's loop name that is a parameter TorchScript types Tensor (unannotated
    without a default, or annotated `torch.Tensor`), looped over numbers: `range(...)`, a list
    display of int (float) literals, or a `self.<attr>` every method binds only to such a
    display (`[1.0 / x for x in self.hops]` in `forward(self, x, adj)`).
    And `range(n)` of a local bound only to a tensor the function computes (`n = (e >
    1).sum()`: Python's range reads its `__index__`) or to `math.ceil` / `math.floor` of one
    (`n = math.ceil(t.max() / 10)`, an int in Python): TorchScript types `n` Tensor and fails
    to compile (all inputs of range must be ints, found Tensor); `range(int(n))` scripts.
    And `self.<attr> = value` in a scripted method (a property's setter included, which
    TorchScript compiles with the module) of an attribute `__init__` binds only to literals
    of one type, `value` of another: a number of another type, a `.item()` (`number` to
    TorchScript) for an int or float, or an unannotated parameter without a default, which
    TorchScript types Tensor (`@flag.setter def flag(self, value): self._flag = value` with
    `self._flag = False`: Wrong type for attribute assignment. Expected bool but got Tensor
    (inferred)).
    And an attribute read (`m.sum()`, `m.shape`) of such a name after the `if` or loop has
    rebound it to a tensor (`mixture = 1`, then `mixture *= gaussian` in a loop, then
    `mixture.sum()`): the name keeps its number type, which has no attributes at all (torch
    2.13: 'int' object has no attribute or method 'sum').

    ## Why is this bad?
    TorchScript gives a name one type where the branches of an `if` (or a loop's iterations)
    meet: the type it had before, here `int` or `float`. It compiles the tensor into that
    number (`scale = annotate(int, scale0)` in the compiled code) and converting fails at run
    time: torch 2.13 raises `Cannot input a tensor of dimension other than 0 as a scalar
    argument`, `Cannot input a tensor that requires grad as a scalar argument` (a gate from a
    layer), or `Cannot input a tensor of type Float as an integral argument` (into an int).
    Python just rebinds the name to the tensor. TorchScript's builtin `max` and `min` take
    numbers only (`prim::max.int`, `.float`, ...; no overload takes a Tensor), so a tensor
    among the arguments is converted to the others' type, an int where they are tensors or
    ints: `max(t, self.eps)` scripts and then fails in the same three ways where the tensor
    requires grad, has more than one element or is a float into an int (with grad off, a
    0-d float into a float runs, returning a Python float where eager returns the tensor).
    `math.ceil` / `math.floor` of a tensor compile to the tensor op (`aten::ceil`), a tensor of
    the argument's dtype where Python returns an int, so `min(w, math.ceil(w * ratio))` fails
    the same way for a float `ratio` (an integer tensor, which rounding leaves as it is, is
    the one that converts); take `.item()` first or cast with `int(...)`.
    Values of two types (two numbers, an int and
    a str or None, a tensor and a number) do not meet at all: `Variable 'm' previously had
    type float but is now being assigned to a value of type int` when scripting (`... type
    int but is now being assigned to a value of type float` for `size = size * 0.5`, `...
    of type NoneType` for `n = None`), where Python just rebinds the name. A name first bound
    in both branches of an `if` gets no type at all where they meet: `Type mismatch: bias is
    set to type Tensor in the true branch and type int in the false branch` at the `if`, once
    the name is read after it. A comprehension's loop name is bound in the enclosing
    function's scope by TorchScript, so a Tensor parameter of that name meets the numbers it
    loops over (`Variable 'x' previously had type Tensor but is now being assigned to a value
    of type int`), where Python gives the comprehension its own scope. Trace, compile and
    export run the Python.

    ## Example
    ```python
    scale = 1
    if self.gated:
        scale = torch.sigmoid(self.gate(x))
    return self.fc(x) * scale
    ```
    Use instead: keep the two apart (`return y * torch.sigmoid(self.gate(x)) if self.gated
    else y`), or bind a tensor first (`scale = torch.ones_like(x[..., :1])`).
    For `scale = max(y.abs().max(), self.eps)`, use `torch.clamp(y.abs().max(), min=self.eps)`.

    ## Fix safety
    No fix: which tensor stands for the number (its shape, dtype and device) is the author's
    choice. Unsafe fix for builtin `max` / `min` of a tensor and a number:
    `torch.clamp(t, min=n)` (`max=` for `min`), which returns a tensor where eager Python
    returned whichever argument won, a tensor or the number (see fixers/script_builtin_clamp.py).
    """

    code = "TL223"
    name = "number-rebound-to-tensor-in-script"
    message = "a name bound to a number and rebound to a tensor in an `if` or loop"
    targets = SCRIPT

    VALID = [
        # A loop over a ModuleList: TorchScript unrolls it, so the int start becomes a tensor
        # in straight-line code (torch 2.13 scripts it).
        Valid(
            "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
            "    def __init__(self):\n        super().__init__()\n"
            "        self.heads = nn.ModuleList([nn.Linear(3, 1), nn.Linear(3, 1)])\n\n"
            "    def forward(self, x):\n        total = 0\n"
            "        for head in self.heads:\n            total = total + head(x)\n"
            "        return x * total\n\n\n"
            "def inputs():\n    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
        ),
        # An int rebound to a row of a tensor of counts: an integer tensor converts.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, counts):
                    total = 0
                    for c in counts:
                        total = total + c
                    return x * total

            def inputs():
                return [
                    (torch.randn(2, 3), torch.tensor([1, 2])),
                    (torch.randn(4, 3), torch.tensor([3])),
                ]
            """
        ),
        # An attribute stored with a value of the type `__init__` gave it (`int(...)`).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.last_peak = 0
                    self.width = 1

                def forward(self, x):
                    self.last_peak = int(x.argmax().item())
                    self.width = x.size(1) // 2
                    return x * self.width

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 6),)]
            """
        ),
        # A tensor on one path and a number on the other, each used only in its branch.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, gated: bool = True):
                    super().__init__()
                    self.gated = gated
                    self.gate = nn.Linear(3, 3)

                def forward(self, x):
                    if self.gated:
                        g = torch.sigmoid(self.gate(x))
                        x = x * g
                    else:
                        g = 1.0
                        x = x + g
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The loop counter named apart from the LSTM's state.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.rnn = nn.LSTM(3, 3, batch_first=True)

                def forward(self, x):
                    x, _ = self.rnn(x)
                    for i in range(2):
                        x = x + 1
                    return x

            def inputs():
                return [(torch.randn(2, 4, 3),), (torch.randn(1, 5, 3),)]
            """
        ),
        # The builtin on numbers (`.item()`, sizes); the tensor clamp.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, eps=1e-6):
                    super().__init__()
                    self.eps = eps
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    y = self.fc(x)
                    a = max(y.abs().max().item(), self.eps)
                    c = torch.clamp(y.abs().max(), min=self.eps)
                    n = max(x.size(0), 2)
                    return y / a + c * n

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # An int stays an int (`//`, `int(...)`); a float attribute into a float.
        Valid(
            _example("x.size(-1)", "scale // 2").replace(
                "        return x * scale\n",
                "        s = 1.0\n        if x.sum() > 0:\n            s = s * scale\n"
                "        n = x.size(0)\n        if n > 1:\n            n = int(n * 0.5)\n"
                "        return x * scale * s * n\n",
            )
        ),
        # A tensor first; a one-element reduction into a float; straight-line rebinding.
        Valid(
            _example("torch.ones(())", "torch.sigmoid(self.gate(x))").replace(
                "        return x * scale\n",
                "        s = 1.0\n        if x.sum() > 0:\n"
                "            s = torch.sigmoid(x.sum())\n        t = 2\n"
                "        t = torch.relu(x)\n        return x * scale * s * t\n",
            )
        ),
        # A branch TorchScript drops (`self.proj` is None): no paths meet.
        Valid(
            _example("1", "torch.sigmoid(self.proj(x))", guard="if self.proj is not None:").replace(
                "        self.gate = nn.Linear(3, 1)\n", "        self.proj = None\n"
            )
        ),
        # `math.ceil` of a number (`.item()`) or cast with `int(...)`; of an integer tensor.
        Valid(
            """
            import math
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, ratio):
                    n, w = x.shape
                    a = min(w, math.ceil(w * ratio[0].item()))
                    b = min(w, int(math.floor(w * ratio[0])))
                    c = min(w, math.ceil((x > 0).sum()))
                    return x[:, :a] + x[:, :b], c

            def inputs():
                return [(torch.randn(2, 8), torch.tensor([0.5])), (torch.randn(3, 8), torch.tensor([0.3]))]
            """
        ),
        # An integral tensor into an int (a count of a comparison) converts.
        Valid(_example("0", "scale + (x > 0).sum()", guard="for _ in range(2):")),
    ]
    INVALID = [
        # A comprehension's loop name that is the Tensor parameter.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.hops = [1, 2, 3]

                def forward(self, x):
                    weights = [1.0 / x for x in self.hops]
                    return x * weights[0]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="Variable 'x' previously had type Tensor",
        ),
        # An int attribute stored with a tensor's `.item()` (a `number`) and with a float.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.last_peak = 0

                def forward(self, x):
                    self.last_peak = x.argmax().item()
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 6),)]
            """,
            line=10,
            message_contains="Wrong type for attribute assignment. Expected int but got number",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.width = 1

                def forward(self, x):
                    self.width = x.size(1) / 2
                    return x * self.width

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 6),)]
            """,
            line=10,
            message_contains="Wrong type for attribute assignment. Expected int but got float",
        ),
        # A property's setter, compiled with the module: its parameter is a Tensor.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self._frozen = False

                @property
                def frozen(self):
                    return self._frozen

                @frozen.setter
                def frozen(self, flag):
                    self._frozen = flag

                def forward(self, x):
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 6),)]
            """,
            line=15,
            message_contains="Expected bool but got Tensor (inferred)",
        ),
        # A gate on one path and a float on the other, read after the `if`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, gated: bool = True):
                    super().__init__()
                    self.gated = gated
                    self.gate = nn.Linear(3, 3)

                def forward(self, x):
                    if self.gated:
                        g = torch.sigmoid(self.gate(x))
                    else:
                        g = 1.0
                    return x * g

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="Type mismatch: g is set to type Tensor in the true branch and type float",
        ),
        # `_` holds the LSTM's (h, c) before `for _ in range(...)` rebinds it to an int.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.rnn = nn.LSTM(3, 3, batch_first=True)

                def forward(self, x):
                    x, _ = self.rnn(x)
                    for _ in range(2):
                        x = x + 1
                    return x

            def inputs():
                return [(torch.randn(2, 4, 3),), (torch.randn(1, 5, 3),)]
            """,
            line=11,
            message_contains="previously had type",
        ),
        # A layer's output (it requires grad) through a local, into builtin `max`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, floor=1e-4):
                    super().__init__()
                    self.floor = floor
                    self.proj = nn.Linear(4, 4)

                def forward(self, x):
                    h = torch.tanh(self.proj(x))
                    peak = max(h.abs().amax(), self.floor)
                    return h / peak

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="Cannot input a tensor that requires grad",
        ),
        # A float tensor and an int: converted to an int.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x * min(x.abs().mean(), 1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            message_contains="Cannot input a tensor of type Float as an integral argument",
        ),
        # `math.ceil` of a tensor is a tensor in TorchScript, converted to an int by `min`.
        Invalid(
            """
            import math
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, ratios):
                    n, w = x.shape
                    mask = torch.zeros(n, w, dtype=torch.bool)
                    for i, ratio in enumerate(ratios):
                        mask[i, min(w, math.ceil(w * ratio)):] = True
                    return x.masked_fill(mask, 0.0)

            def inputs():
                return [(torch.randn(2, 8), torch.tensor([1.0, 0.55])), (torch.randn(3, 8), torch.tensor([0.3, 1.0, 0.8]))]
            """,
            line=10,
            message_contains="Cannot input a tensor of type Float as an integral argument",
        ),
        # A size (an int) rebound to a float: a float attribute, and `/=` of ints.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Down(nn.Module):
                def __init__(self, ratio: float = 0.5):
                    super().__init__()
                    self.ratio = ratio

                def forward(self, x):
                    size = x.size(-1)
                    if self.ratio != 1.0:
                        size = size * self.ratio
                    return F.adaptive_avg_pool1d(x, int(size))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.down = Down()

                def forward(self, x):
                    return self.down(x)

            def inputs():
                return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 12),)]
            """,
            line=13,
            message_contains="previously had type int but is now being assigned to a value of type float",
        ),
        Invalid(
            _example("x.shape[0]", "scale /= 2", guard="while scale > 4:").replace(
                "            scale = scale /= 2\n", "            scale /= 2\n"
            ),
            line=13,
            message_contains="previously had type int but is now being assigned to a value of type float",
        ),
        # A loss summed into an int in a loop; a float and an int on the two paths.
        Invalid(
            _example("0", "scale + (x * x).mean()", guard="for _ in range(2):"),
            line=13,
            message_contains="Cannot input a tensor of type Float as an integral argument",
        ),
        Invalid(
            _example("1.0", "2"),
            line=13,
            message_contains="previously had type float but is now being assigned to a value of type int",
        ),
        Invalid(
            _example("1", "torch.sigmoid(self.gate(x))"),
            line=13,
            message_contains="Cannot input a tensor that requires grad",
        ),
        Invalid(
            _example("1.0", "torch.sigmoid(x)", guard="for _ in range(2):"),
            line=13,
        ),
    ]

    # -- `self.<attr> = value` of another scalar type than `__init__` gave the attribute
    def visit_Assign(self, node: cst.Assign) -> None:
        """``self.scale = x.shape[-1] ** -0.5`` in a scripted method of an attribute that
        ``__init__`` binds only to literals of one type (``self.scale = 1``): a freshly built
        module holds that type, TorchScript types the attribute so and refuses a store of a
        value whose type is a certain other scalar (torch 2.13: Wrong type for attribute
        assignment. Expected int but got float); a ``.item()`` of a tensor is a ``number``
        there, refused for an int or float attribute (Expected float but got number)."""
        store = scripted_attribute_store(self.ctx, node)
        if store is None:
            return
        attr, owner = store
        if attr in class_annotations(self.ctx, owner):
            return
        init = next((m for m in class_methods(self.ctx, owner) if m.name.value == "__init__"), None)
        if init is None:
            return
        code = cst.Module([]).code_for_node(init)
        if "setattr" in code or "__dict__" in code:
            return
        bound = self_assignments(init, attr)
        kinds = {literal_type(v) for v in bound}
        if len(bound) == 0 or len(kinds) != 1:
            return
        start = kinds.pop()
        if start not in ("int", "float", "bool"):
            return
        got = self._scalar(node.value, {})
        if got is None and start in ("int", "float") and self._item(node.value):
            got = "number"
        if got is None and self._inferred_tensor_parameter(node.value):
            # `self._flag = value` in a property setter (bayesian-torch's `dnn_to_bnn_flag`):
            # the parameter TorchScript types Tensor (torch 2.13: Wrong type for attribute
            # assignment. Expected bool but got Tensor (inferred)).
            got = "Tensor (inferred)"
        if got not in ("int", "float", "number", "Tensor (inferred)") or got == start:
            return
        cast = {"int": "int(...)", "float": "float(...)", "bool": "bool(...)"}[start]
        if got == "Tensor (inferred)":
            name = node.value.value  # type: ignore[attr-defined]
            self.report(
                node.targets[0].target,
                f"`__init__` binds `self.{attr}` only to {'an' if start == 'int' else 'a'} "
                f"{start}, so TorchScript types the attribute of a freshly built module so and "
                f"refuses this store of the unannotated parameter `{name}`, which it types "
                f"Tensor (torch 2.13: Wrong type for attribute assignment. Expected {start} but "
                f"got Tensor (inferred)); annotate the parameter (`{name}: {start}`)",
            )
            return
        self.report(
            node.targets[0].target,
            f"`__init__` binds `self.{attr}` only to {'an' if start == 'int' else 'a'} {start}, "
            "so TorchScript types the attribute of a freshly built module so and refuses this "
            f"store of {'an' if got == 'int' else 'a'} {got} (torch 2.13: Wrong type for "
            f"attribute assignment. Expected {start} but got {got}); bind it in `__init__` to "
            f"a value of the stored type, or convert the value (`{cast}`)",
        )

    def _inferred_tensor_parameter(self, value: cst.BaseExpression) -> bool:
        """``value`` is a positional parameter of the current function without annotation or
        default (TorchScript types it Tensor), which the function binds nowhere else, in a
        function without a signature type comment."""
        function = self.ctx.function
        if not isinstance(value, cst.Name) or function is None:
            return False
        if signature_type_comment(function) or assignments(function, value.value):
            return False
        params = function.params
        return any(
            p.name.value == value.value and p.annotation is None and p.default is None
            for p in (*params.posonly_params, *params.params)
        )

    def _item(self, value: cst.BaseExpression) -> bool:
        """``t.item()`` of a tensor: TorchScript's type is ``number``, no int or float."""
        return (
            isinstance(value, cst.Call)
            and not value.args
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == "item"
            and self.ctx.kind(value.func.value) is Kind.TENSOR
        )

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        if not isinstance(node.body, cst.IndentedBlock):
            return
        types: dict[str, str] = {}  # name -> "int" / "float" / "tensor" at the function's top
        outputs: dict[str, str] = {}  # name -> what tensor output it holds
        for index, statement in enumerate(node.body.body):
            if outputs and isinstance(statement, BLOCKS):
                self._range_targets(statement, outputs)
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    for name in [n for n, _ in _bindings(small)]:
                        outputs.pop(name, None)
                    outputs.update(self._outputs(small))
            else:
                for name in _bound_in(statement):
                    outputs.pop(name, None)
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    for name, value in _bindings(small):
                        kind = self._top_type(value) if isinstance(small, cst.Assign) else None
                        if kind is not None:
                            types[name] = kind
                        else:
                            types.pop(name, None)
            elif isinstance(statement, BLOCKS) and types:
                self._block(statement, types)
                self._number_reads(statement, types, node.body.body[index + 1 :])
                for name in _bound_in(statement):
                    types.pop(name, None)
            else:
                for name in _bound_in(statement):
                    types.pop(name, None)
        self._branches(node)

    # -- an `if` / `else` binding a new name to a tensor on one path and a number on the other
    def _branches(self, function: cst.FunctionDef) -> None:
        """An `if` with an `else` (under a test TorchScript compiles, not one it may fold) whose
        two branches each end by binding a name no earlier statement binds, one to a tensor
        and the other to a number, the name read after the `if`: the types do not meet."""
        bound = {p.name.value for p in all_params(function.params)}
        pending: list[tuple[cst.If, str, str, str]] = []  # (if, name, true type, false type)
        closed: set[int] = set()
        read: set[tuple[int, str]] = set()
        targets: set[int] = set()

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return child is function
            if isinstance(child, cst.Assign):
                targets.update(id(t.target) for t in child.targets)
            elif isinstance(child, cst.Attribute):
                targets.add(id(child.attr))  # `self.bias` reads no local `bias`
            elif isinstance(child, cst.Arg) and child.keyword is not None:
                targets.add(id(child.keyword))
            if isinstance(child, cst.Name) and id(child) not in targets:
                for stmt, name, _, _ in pending:
                    if name == child.value and id(stmt) in closed:
                        read.add((id(stmt), name))
            if isinstance(child, cst.If) and isinstance(child.orelse, cst.Else):
                if not self._maybe_static(child.test):
                    first = _branch_values(child.body)
                    second = _branch_values(child.orelse.body)
                    for name in first.keys() & second.keys() - bound:
                        kinds = (self._value_type(first[name]), self._value_type(second[name]))
                        if "tensor" in kinds and any(k in SCALARS for k in kinds):
                            pending.append((child, name, *kinds))  # type: ignore[arg-type]
            for name, _ in _bindings(child):
                bound.add(name)
            return None

        def leave(child: cst.CSTNode) -> None:
            if isinstance(child, cst.If):
                closed.add(id(child))

        walk(function, enter, leave)
        reported: set[int] = set()
        for stmt, name, first_type, second_type in pending:
            if (id(stmt), name) not in read or id(stmt) in reported:
                continue
            reported.add(id(stmt))
            shown = {"tensor": "Tensor"}
            spelled = {"tensor": "a tensor", "int": "an int"}
            self.report(
                stmt,
                f"`{name}` is bound to {spelled.get(first_type, 'a ' + first_type)} in this "
                f"`if` and to {spelled.get(second_type, 'a ' + second_type)} in its `else`, and "
                "read after it: TorchScript gives a name one type where the branches meet, so "
                f"torch.jit.script fails (Type mismatch: {name} is set to type "
                f"{shown.get(first_type, first_type)} in the true branch and type "
                f"{shown.get(second_type, second_type)} in the false branch); bind a tensor on "
                f"both paths (`{name} = torch.zeros(())`), or keep the number in another name",
            )

    def _value_type(self, value: cst.BaseExpression) -> Optional[str]:
        number = literal_type(value) or self._scalar(value, {})
        if number is not None:
            return number
        return "tensor" if self.ctx.kind(value) is Kind.TENSOR else None

    # -- a comprehension's loop name that is a Tensor parameter, looped over numbers
    def _comprehension(self, node: cst.BaseComprehension) -> None:
        """``[1.0 / x for x in self.hops]`` in a function whose parameter ``x`` TorchScript
        types Tensor: its comprehension binds the loop name in the function's scope, so the
        parameter's type meets the numbers' (torch 2.13: Variable 'x' previously had type
        Tensor but is now being assigned to a value of type int), where Python gives the
        comprehension its own scope."""
        function = self.ctx.function
        if not in_script(self.ctx) or function is None or self.ctx.function_info is None:
            return
        target = node.for_in.target
        if type(target) is not cst.Name or node.for_in.inner_for_in is not None:
            return
        name = target.value
        param = next((p for p in all_params(function.params) if p.name.value == name), None)
        if param is None or param.star in ("*", "**") or param.default is not None:
            return
        if param.annotation is None:
            if signature_type_comment(function) or (
                is_method(self.ctx, function) and param is all_params(function.params)[0]
            ):
                return
        elif self.ctx.qualified_name(param.annotation.annotation) not in TENSOR_NAMES:
            return
        element = self._number_elements(node.for_in.iter)
        if element is None:
            return
        self.report(
            target,
            f"the comprehension's loop name `{name}` is also a parameter TorchScript types "
            "Tensor: TorchScript binds a comprehension's loop name in the function's scope, so "
            f"the {element}s it loops over meet the parameter's type and torch.jit.script fails "
            f"(Variable '{name}' previously had type Tensor but is now being assigned to a "
            f"value of type {element}), where Python gives the comprehension its own scope; "
            "rename the loop name",
        )

    visit_ListComp = _comprehension
    visit_GeneratorExp = _comprehension
    visit_DictComp = _comprehension

    def _number_elements(self, iterable: cst.BaseExpression) -> Optional[str]:
        """``int`` / ``float`` where each element of ``iterable`` is surely one to
        TorchScript: ``range(...)``, a list display of literals of that type, or a
        ``self.<attr>`` every method of the class binds only to such a display, ``__init__``
        among them, with no class-body annotation and no constants in the class."""
        if type(iterable) is cst.Call:
            return "int" if self.ctx.qualified_name(iterable.func) == "builtins.range" else None
        if type(iterable) is cst.List:
            kinds = {
                literal_type(e.value) if type(e) is cst.Element else None for e in iterable.elements
            }
            return kinds.pop() if len(kinds) == 1 and kinds <= {"int", "float"} else None
        attr = self_attribute(iterable)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return None
        owner = info.owner_class
        if attr in class_annotations(self.ctx, owner) or has_constants(self.ctx, owner):
            return None
        methods = class_methods(self.ctx, owner)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None or not self_assignments(init, attr):
            return None
        kinds = set()
        for value in (v for m in methods for v in self_assignments(m, attr)):
            if type(value) is not cst.List or not value.elements:
                return None
            kind = self._number_elements(value)
            if kind is None:
                return None
            kinds.add(kind)
        return kinds.pop() if len(kinds) == 1 else None

    # -- builtin `max` / `min` of a tensor and a number (or two tensors)
    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx) or self.ctx.function is None:
            return
        name = self.ctx.qualified_name(node.func)
        if name == "builtins.range":
            self._range_of_tensor(node)
            return
        if name not in ("builtins.max", "builtins.min") or len(node.args) < 2:
            return
        if any(a.star or a.keyword is not None for a in node.args):
            return
        values = [a.value for a in node.args]
        tensors = [v for v in values if self.ctx.kind(v) is Kind.TENSOR or self._rounded(v)]
        if not tensors or self._under_with(node):
            return
        numbers = [
            self._scalar(v, {}) or self._unpacked_size(v) for v in values if v not in tensors
        ]
        # TorchScript's builtin max / min take numbers: it converts a tensor to the type of
        # the other arguments, an int where they are tensors or ints (prim::max.int first).
        target = "float" if "float" in numbers else "int"
        if target == "int" and any(n != "int" for n in numbers):
            target = None  # of unknown type: which overload it picks is not known
        why = None
        for tensor in tensors:
            if self._requires_grad(tensor, self.ctx.function, 0):
                why = "grad tensor"
                break
            if target == "int" and (self._floating(tensor) or self._rounded(tensor)):
                why = "float tensor"
        if why is None:
            return
        builtin = name.rsplit(".", 1)[-1]
        error = {
            "grad tensor": "Cannot input a tensor that requires grad as a scalar argument",
            "float tensor": "Cannot input a tensor of type Float as an integral argument",
        }[why]
        spelled = "a tensor that requires grad" if why == "grad tensor" else "a float tensor"
        rounded = next((t for t in tensors if self._rounded(t)), None)
        if rounded is not None and why == "float tensor":
            rounding = self.ctx.qualified_name(rounded.func)  # type: ignore[attr-defined]
            spelled = (
                f"`{rounding}` of a tensor (TorchScript compiles it to the tensor op: a tensor of "
                "the argument's dtype, not an int; only an integer tensor, which it leaves as it "
                "is, converts)"
            )
        converted = {"int": "an int", "float": "a float"}.get(target or "", "a number")
        bound = "min" if builtin == "max" else "max"
        self.report(
            node,
            f"builtin `{builtin}(...)` of {spelled} and {'a number' if numbers else 'a tensor'}"
            f" in scripted code: TorchScript's `{builtin}` takes numbers and converts the tensor "
            f"to {converted}, which scripts but fails when the scripted model runs (torch "
            f"2.13: {error}); use `torch.clamp(t, {bound}=...)` / `torch.{builtin}imum(...)` "
            "on tensors, or `.item()` for a number",
        )

    # -- `range(n)` of a local TorchScript types Tensor
    def _range_of_tensor(self, node: cst.Call) -> None:
        """``range(n)`` of a local bound only to a tensor computed in the function
        (``n = (e > 1).sum()``) or to ``math.ceil`` / ``math.floor`` of one (``n =
        math.ceil(t.max() / 10)``, an int in Python, a Tensor in TorchScript): TorchScript's
        range takes ints only (torch 2.13: all inputs of range must be ints, found Tensor)."""
        for arg in node.args:
            if arg.keyword is not None or arg.star or type(arg.value) is not cst.Name:
                continue
            how = self._local_tensor(arg.value, self.ctx.function, 0)
            if how is None:
                continue
            name = arg.value.value
            if how == "rounded":
                why = (
                    f"`{name}` is `math.ceil` / `math.floor` of a tensor, an int in Python but a "
                    "Tensor in TorchScript, which compiles it to the tensor op"
                )
            else:
                why = f"`{name}` is a tensor, whose `__index__` Python's range reads"
            self.report(
                arg.value,
                f"`range({name})` in scripted code: {why}; TorchScript's range takes ints only "
                "and fails to compile (torch 2.13: all inputs of range must be ints, found "
                f"Tensor); write `range(int({name}))`",
            )
            return

    def _local_tensor(
        self, value: cst.BaseExpression, function: Optional[cst.FunctionDef], depth: int
    ) -> Optional[str]:
        """``"tensor"`` / ``"rounded"`` where ``value`` is, to TorchScript, a Tensor computed in
        the function: a tensor op's result (a tensor method, a ``torch.*`` call, a comparison
        or arithmetic of tensors), ``math.ceil`` / ``math.floor`` of one (``"rounded"``), or a
        local (no parameter) every binding of which is one."""
        if depth > 4 or function is None:
            return None
        if type(value) is cst.Name:
            if any(p.name.value == value.value for p in all_params(function.params)):
                return None
            bound = assignments(function, value.value)
            if not bound:
                return None
            found = set()
            for bound_value, _position, size in bound:
                if size != 1 or isinstance(bound_value, cst.Name):
                    return None
                how = self._local_tensor(bound_value, function, depth + 1)
                if how is None:
                    return None
                found.add(how)
            return "rounded" if "rounded" in found else "tensor"
        if self._rounded(value):
            return "rounded"
        if self.ctx.kind(value) is not Kind.TENSOR:
            return None
        if type(value) in (cst.Comparison, cst.BinaryOperation):
            return "tensor"
        if type(value) is cst.Call:
            func = value.func  # type: ignore[attr-defined]
            name = self.ctx.qualified_name(func) or ""
            if name.startswith("torch.") and not name.startswith("torch.nn."):
                return "tensor"
            if type(func) is cst.Attribute and self.ctx.kind(func.value) is Kind.TENSOR:
                return "tensor"  # `(e > 1).sum()`: a tensor method of a tensor
        return None

    def _unpacked_size(self, value: cst.BaseExpression) -> Optional[str]:
        """``int`` for a local every binding of which unpacks a tensor's shape (``n, c, h, w
        = x.shape`` / ``x.size()``): TorchScript unpacks a ``List[int]``."""
        if type(value) is not cst.Name:
            return None
        bound = assignments(self.ctx.function, value.value)
        if not bound:
            return None
        for shape, _position, size in bound:
            if size < 2:
                return None
            if type(shape) is cst.Call and not shape.args:
                shape = shape.func
                if type(shape) is not cst.Attribute or shape.attr.value != "size":
                    return None
            elif type(shape) is not cst.Attribute or shape.attr.value != "shape":
                return None
            if self.ctx.kind(shape.value) is not Kind.TENSOR:
                return None
        return "int"

    def _rounded(self, value: cst.BaseExpression) -> bool:
        """``math.ceil(t)`` / ``math.floor(t)`` of a tensor ``t`` that may not be an integer
        one (rounding an integer tensor changes nothing, so the argument is taken as a float
        one)."""
        if type(value) is not cst.Call or self.ctx.qualified_name(value.func) not in ROUNDING:
            return False
        if len(value.args) != 1 or value.args[0].star or value.args[0].keyword is not None:
            return False
        argument = value.args[0].value
        return self.ctx.kind(argument) is Kind.TENSOR and not self._integral(argument)

    def _under_with(self, node: cst.CSTNode) -> bool:
        """Whether ``node`` sits in a ``with`` block of its function (``torch.no_grad()``
        turns grad off there)."""
        function = self.ctx.function
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if found:
                return False
            if isinstance(child, cst.With):
                inner = False

                def look(grand: cst.CSTNode) -> Optional[bool]:
                    nonlocal inner
                    inner = inner or grand is node
                    return None if not inner else False

                walk(child.body, look, lambda grand: None)
                found = inner
                return False
            return None

        if function is not None:
            walk(function.body, enter, lambda child: None)
        return found

    def _requires_grad(
        self, value: cst.BaseExpression, function: Optional[cst.FunctionDef], depth: int
    ) -> bool:
        """Whether ``value`` surely requires grad while grad is on: it calls a submodule that
        holds parameters (``self.fc(x)``), or reads a local bound only to such values, and
        detaches nothing (``.detach()``, ``.item()``) and makes no integer tensor."""
        if depth > 4 or self._integral(value):
            return False
        found = False
        detached = False
        names: list[str] = []

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found, detached
            if isinstance(child, (cst.Lambda, cst.FunctionDef)):
                return False
            if isinstance(child, cst.Call):
                func = child.func
                called = func.attr.value if isinstance(func, cst.Attribute) else ""
                if isinstance(func, cst.Name):
                    called = func.value
                detached = detached or called in DETACHING
                attr = self_attribute(func)
                if attr is not None and self._parameter_module(attr):
                    found = True
                elif isinstance(func, cst.Subscript):  # `self.layers[0](x)`
                    attr = self_attribute(func.value)
                    if attr is not None and self._parameter_module(attr, item=True):
                        found = True
            elif isinstance(child, cst.Attribute):
                # `self.logit_scale.exp()`: a parameter of the module itself.
                attr = self_attribute(child)
                if attr is not None and self._trainable_parameter(attr):
                    found = True
                    return False
            elif isinstance(child, cst.Name) and child.value != "self":
                names.append(child.value)
            return None

        walk(value, enter, lambda child: None)
        if detached:
            return False
        if found:
            return True
        for name in names:
            bound = assignments(function, name)
            if bound and all(
                size == 1
                and not isinstance(bound_value, cst.Name)
                and self._requires_grad(bound_value, function, depth + 1)
                for bound_value, _position, size in bound
            ):
                return True
        return False

    def _trainable_parameter(self, attr: str) -> bool:
        """Whether ``self.<attr>`` is a parameter that requires grad: every method of the
        class binds it only to ``nn.Parameter(...)`` without ``requires_grad=False``
        (``__init__`` among them)."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None:
            return False
        methods = class_methods(self.ctx, info.owner_class)
        values = [v for m in methods for v in self_assignments(m, attr)]
        return bool(values) and all(
            type(v) is cst.Call
            and self.ctx.qualified_name(v.func) in PARAMETERS
            and not any(
                a.keyword is not None
                and a.keyword.value == "requires_grad"
                and not (type(a.value) is cst.Name and a.value.value == "True")
                for a in v.args
            )
            and not (len(v.args) > 1 and v.args[1].keyword is None)
            for v in values
        )

    def _parameter_module(self, attr: str, item: bool = False) -> bool:
        """Whether ``self.<attr>`` (``item``: each module of the container it holds) is a
        submodule that holds parameters: a torch layer that makes them (``nn.Linear``), or a
        module class of the project one of whose submodules does."""
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if owner is None:
            return False
        cls = self.ctx.index.attribute_class(owner, attr, item=item)
        return cls is not None and self._makes_parameters(cls, 0)

    def _makes_parameters(self, cls: str, depth: int) -> bool:
        layers = nn_parameter_modules()
        if cls in layers:
            return True
        if depth > 3:
            return False
        index = self.ctx.index
        for _, _, summary in index.mro(cls):
            if any(base in layers for base in summary.bases):
                return True
            for attr in summary.attributes:
                held = index.attribute_class(cls, attr)
                if held is not None and held != cls and self._makes_parameters(held, depth + 1):
                    return True
        return False

    def _floating(self, value: cst.BaseExpression) -> bool:
        """Whether the tensor is surely a floating-point one: made by a call that gives one
        whatever it is given (``.mean()``, ``.float()``, ``torch.sigmoid``), or a true
        division, and by nothing that may make an integer one."""
        if self._integral(value):
            return False
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if isinstance(child, cst.Call):
                func = child.func
                called = func.attr.value if isinstance(func, cst.Attribute) else ""
                if isinstance(func, cst.Name):
                    called = func.value
                found = found or called in FLOATING
            elif isinstance(child, cst.BinaryOperation) and isinstance(child.operator, cst.Divide):
                found = True
            return None

        walk(value, enter, lambda child: None)
        return found

    def _outputs(self, small: cst.BaseSmallStatement) -> dict[str, str]:
        """Names one assignment binds to a tensor (`h = self.fc(x)`) or to an element of a
        submodule's output (`x, _ = self.rnn(x)`)."""
        if not isinstance(small, cst.Assign) or not isinstance(small.value, cst.Call):
            return {}
        found: dict[str, str] = {}
        value = small.value
        for target in small.targets:
            if isinstance(target.target, cst.Name):
                if self.ctx.kind(value) is Kind.TENSOR:
                    found[target.target.value] = "a tensor"
            elif isinstance(target.target, (cst.Tuple, cst.List)) and (
                self.ctx.kind(value.func) is Kind.MODULE
            ):
                for element in target.target.elements:
                    if isinstance(element.value, cst.Name):
                        found[element.value.value] = "an element of a submodule's output"
        return found

    def _range_targets(self, block: cst.CSTNode, outputs: dict[str, str]) -> None:
        """`for _ in range(n):` in ``block`` whose target a statement before it bound to a
        tensor output: TorchScript gives the name one type in the function."""
        reported: set[str] = set()

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
            if (
                isinstance(child, cst.For)
                and isinstance(child.target, cst.Name)
                and child.target.value in outputs
                and child.target.value not in reported
                and isinstance(child.iter, cst.Call)
                and self.ctx.qualified_name(child.iter.func) == "builtins.range"
            ):
                name = child.target.value
                reported.add(name)
                self.report(
                    child.target,
                    f"`{name}` holds {outputs[name]} before this loop, and `for {name} in "
                    f"range(...)` rebinds it to an int: TorchScript gives a name one type in a "
                    f"function, so torch.jit.script fails (Variable '{name}' previously had type "
                    "... but is now being assigned to a value of type int); use another name "
                    "for one of them",
                )
            return None

        walk(block, enter, lambda child: None)

    def _top_type(self, value: Optional[cst.BaseExpression]) -> Optional[str]:
        if value is None:
            return None
        number = self._scalar(value, {})
        if number is not None:
            return number
        if isinstance(value, cst.Call) and self.ctx.kind(value) is Kind.TENSOR:
            return "tensor"
        return None

    def _block(self, block: cst.CSTNode, types: dict[str, str]) -> None:
        kind = "`if`" if isinstance(block, cst.If) else "loop"
        reported: set[str] = set()

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
            if isinstance(child, cst.If) and self._maybe_static(child.test):
                return False  # TorchScript may compile one branch alone: no paths meet
            if isinstance(child, cst.For) and self.ctx.kind(child.iter) is Kind.MODULES:
                # TorchScript unrolls a loop over a ModuleList / Sequential / ModuleDict: each
                # pass is straight-line code, so `total = 0` then `total = total + m(x)` scripts
                # (torch 2.13); no loop paths meet
                return False
            if (
                isinstance(child, cst.AugAssign)
                and isinstance(child.target, cst.Name)
                and types.get(child.target.value) in SCALARS
                and child.target.value not in reported
            ):
                name = child.target.value
                start = types[name]
                operator = AUGMENTED.get(type(child.operator))
                result = self._arithmetic(operator, start, self._scalar(child.value, types))
                if result is not None and result != start:
                    reported.add(name)
                    self.report(child, self._message(name, start, kind, f"number {result}"))
                    return None
            for name, value in _bindings(child):
                if name not in types or name in reported or value is None:
                    continue
                why = self._mismatch(types[name], value, isinstance(child, cst.Assign), types)
                if why is None:
                    continue
                reported.add(name)
                start = types[name]
                self.report(value, self._message(name, start, kind, why))
            return None

        walk(block, enter, lambda child: None)

    def _number_reads(
        self,
        block: cst.CSTNode,
        types: dict[str, str],
        after: Sequence[cst.BaseStatement],
    ) -> None:
        """An attribute read (`m.sum()`, `m.shape`) of a name bound to an int or float before
        ``block`` and rebound to a tensor inside it, the read after that rebinding (in the
        block, or in a statement after it before one at the top rebinds the name): TorchScript
        keeps the number type where the paths meet, converting the tensor, so the name is a
        number there, and a number has no attribute or method at all (torch 2.13: 'int'
        object has no attribute or method 'sum')."""
        kind = "`if`" if isinstance(block, cst.If) else "loop"
        armed: dict[str, cst.CSTNode] = {}  # name -> the rebinding, once left
        pending: dict[int, str] = {}  # id(rebinding) -> name
        reported: set[str] = set()

        def reads(child: cst.CSTNode) -> None:
            if (
                isinstance(child, cst.Attribute)
                and isinstance(child.value, cst.Name)
                and child.value.value in armed
                and child.value.value not in reported
            ):
                name = child.value.value
                reported.add(name)
                start = types[name]
                article = "an" if start == "int" else "a"
                attr = child.attr.value
                self.report(
                    child,
                    f"`{name}` is bound to {article} {start} before the {kind} at line "
                    f"{self.ctx.position(block).start.line} and to a tensor in it: TorchScript "
                    f"keeps the {start} type where the paths meet (converting the tensor), and "
                    f"{article} {start} has no attributes, so torch.jit.script fails here "
                    f"('{start}' object has no attribute or method '{attr}'); bind `{name}` to "
                    f"a tensor before the {kind} (`{name} = torch.ones_like(...)`), or keep the "
                    "tensor in another name",
                )

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
            if isinstance(child, cst.If) and self._maybe_static(child.test):
                return False  # TorchScript may compile one branch alone: no paths meet
            if isinstance(child, cst.For) and self.ctx.kind(child.iter) is Kind.MODULES:
                return False  # unrolled: straight-line code, the name becomes a tensor
            reads(child)
            for name, value in _bindings(child):
                if (
                    types.get(name) in ("int", "float")
                    and value is not None
                    and name not in armed
                    and self.ctx.kind(value) is Kind.TENSOR
                ):
                    pending[id(child)] = name
            return None

        def leave(child: cst.CSTNode) -> None:
            name = pending.pop(id(child), None)
            if name is not None:
                armed[name] = child

        walk(block, enter, leave)
        if not armed:
            return

        def later(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
            reads(child)
            return None

        for statement in after:
            walk(statement, later, lambda child: None)
            if isinstance(statement, cst.SimpleStatementLine):
                # Rebound at the top (straight-line code): the name takes the new type.
                for small in statement.body:
                    for name, _ in _bindings(small):
                        armed.pop(name, None)
            if not armed or len(reported) == len(armed):
                return

    def _maybe_static(self, test: cst.BaseExpression) -> bool:
        """A test TorchScript may fold to a constant, compiling one branch: an ``is`` /
        ``is not`` test, ``isinstance`` / ``hasattr`` / ``is_scripting``, or an attribute of a
        class with ``Final`` / ``__constants__``."""
        info = self.ctx.function_info
        constants = (
            info is None or info.owner_class is None or has_constants(self.ctx, info.owner_class)
        )
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if isinstance(child, cst.Comparison):
                found = found or any(
                    isinstance(c.operator, (cst.Is, cst.IsNot)) for c in child.comparisons
                )
            elif isinstance(child, cst.Call):
                func = child.func
                called = (
                    func.attr.value
                    if isinstance(func, cst.Attribute)
                    else (func.value if isinstance(func, cst.Name) else "")
                )
                found = found or called in ("isinstance", "hasattr", "is_scripting", "is_tracing")
            elif constants and self_attribute(child) is not None:
                found = True
            return None

        walk(test, enter, lambda child: None)
        return found

    def _scalar(
        self, value: cst.BaseExpression, types: dict[str, str], depth: int = 0
    ) -> Optional[str]:
        """``int`` / ``float`` / ``bool`` / ``str`` where TorchScript's type of ``value`` is
        certain: what ``ScriptScalar`` types (literals, sizes, ``int(...)``, ...), a name of
        ``types``, a ``self.<attr>`` ``__init__`` binds only to numbers of one type, and
        arithmetic of these (``/`` and ``**`` are floats)."""
        if depth > 6:
            return None
        if isinstance(value, cst.Name) and value.value in types:
            found = types[value.value]
            return found if found in SCALARS else None
        if isinstance(value, cst.Attribute) and self_attribute(value) is not None:
            return attribute_number_type(self.ctx, value)
        if isinstance(value, cst.UnaryOperation) and isinstance(
            value.operator, (cst.Minus, cst.Plus)
        ):
            inner = self._scalar(value.expression, types, depth + 1)
            return inner if inner in ("int", "float") else None
        if isinstance(value, cst.BinaryOperation):
            operator = type(value.operator)
            if operator in ARITHMETIC_RESULT:
                left = self._scalar(value.left, types, depth + 1)
                right = self._scalar(value.right, types, depth + 1)
                return self._arithmetic(operator, left, right)
        if isinstance(value, (cst.Name, cst.BinaryOperation)):
            return None  # a local (its bindings may differ here) or other arithmetic
        found = ScriptScalar(self.ctx).of(value)
        return found if found in SCALARS else None

    @staticmethod
    def _arithmetic(operator, left: Optional[str], right: Optional[str]) -> Optional[str]:  # type: ignore[no-untyped-def]
        """The TorchScript type of ``left <op> right`` for two numbers (None otherwise)."""
        if operator is None or left not in ("int", "float") or right not in ("int", "float"):
            return None
        if operator in (cst.Divide, cst.Power):
            return "float"  # TorchScript: `int / int` and `int ** int` are floats
        return "float" if "float" in (left, right) else "int"

    def _mismatch(
        self, start: str, value: cst.BaseExpression, plain: bool, types: dict[str, str]
    ) -> Optional[str]:
        """Why TorchScript rejects ``value`` for a name of type ``start`` (at compile or run
        time), or None."""
        number = literal_type(value)
        if start == "tensor":
            return f"number {number}" if plain and number in ("int", "float") else None
        if plain and is_none(value):
            return "number NoneType"
        if plain:
            scalar = self._scalar(value, types)
            if scalar is not None and scalar != start:
                return f"number {scalar}"
        if start not in ("int", "float") or self.ctx.kind(value) is not Kind.TENSOR:
            return None
        # In the order torch 2.13 checks: grad first, then the dimension, then the dtype.
        if self._from_submodule(value) and not self._integral(value):
            return "grad tensor"
        if self._shaped_tensor(value):
            return "shaped tensor"
        # Only a tensor surely floating fails the int conversion: one of a tensor input's or a
        # tensor row's dtype (`start = start + n` for `n` in a tensor of counts) may be integral.
        if start == "int" and self._floating(value):
            return "float tensor"
        return None

    @staticmethod
    def _message(name: str, start: str, kind: str, why: str) -> str:
        article = "an" if start == "int" else "a"
        if why.startswith("number"):
            other = why.split()[1]
            shown = "Tensor" if start == "tensor" else start
            spelled = {"int": "an int", "NoneType": "None"}.get(other, f"a {other}")
            return (
                f"`{name}` is bound to {'a tensor' if start == 'tensor' else article + ' ' + start} "
                f"before this {kind} and to {spelled} in it: "
                "TorchScript gives a name one type where the paths meet, so torch.jit.script "
                f"fails (Variable '{name}' previously had type {shown} but is now being assigned "
                f"to a value of type {other}); bind values of one type on every path"
            )
        error = {
            "float tensor": "Cannot input a tensor of type Float as an integral argument; "
            "with grad on, one that requires grad fails before that",
            "shaped tensor": "Cannot input a tensor of dimension other than 0 as a scalar "
            "argument; with grad on, one that requires grad fails before that",
            "grad tensor": "Cannot input a tensor that requires grad as a scalar argument",
        }[why]
        return (
            f"`{name}` is bound to {article} {start} before this {kind} and to a tensor in it: "
            f"TorchScript keeps the {start} type where the paths meet and converts the tensor "
            f"to {article} {start} (annotate({start}, ...)), which fails at run time (torch "
            f"2.13: {error}); bind `{name}` to a tensor before the {kind} "
            f"(`{name} = torch.zeros(())`), or keep the tensor in another name"
        )

    def _integral(self, value: cst.BaseExpression) -> bool:
        """Whether the tensor may be an integer one (a comparison, a cast, an index op)."""
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if isinstance(child, cst.Comparison):
                found = True
            elif isinstance(child, cst.Arg) and child.keyword is not None:
                found = found or child.keyword.value == "dtype"
            elif isinstance(child, cst.Call):
                func = child.func
                called = (
                    func.attr.value
                    if isinstance(func, cst.Attribute)
                    else (func.value if isinstance(func, cst.Name) else "")
                )
                found = found or called in INTEGRAL
            return None

        walk(value, enter, lambda child: None)
        return found

    def _from_submodule(self, value: cst.BaseExpression) -> bool:
        """Whether ``value`` calls a submodule (``self.fc(x)``): a result that requires grad
        while grad is enabled."""
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if isinstance(child, cst.Call) and self_attribute(child.func) is not None:
                found = found or self.ctx.kind(child.func) is Kind.MODULE
            return None

        walk(value, enter, lambda child: None)
        return found

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
                called = func.attr.value if isinstance(func, cst.Attribute) else ""
                if isinstance(func, cst.Name):
                    called = func.value
                if called in REDUCTIONS or called.endswith("loss") or called in LOSSES:
                    reduced = True  # one element (a loss reduces by default)
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
                found.extend((name, None) for name in target_names(target.target))
        return found
    if isinstance(node, cst.AnnAssign) and isinstance(node.target, cst.Name):
        return [(node.target.value, None)]  # an annotation fixes the type: not this rule's
    if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
        if isinstance(node.operator, (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign)):
            return [(node.target.value, node.value)]
        return [(node.target.value, None)]
    if isinstance(node, (cst.For, cst.CompFor)):
        return [(name, None) for name in target_names(node.target)]
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


def _branch_values(body: cst.BaseSuite) -> dict[str, cst.BaseExpression]:
    """Names a branch binds to one value at its top level (the last such binding), when the
    branch goes on past its end (no `return`, `raise`, `break` or `continue` last)."""
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return {}
    last = body.body[-1]
    if isinstance(last, cst.SimpleStatementLine) and any(
        isinstance(s, (cst.Return, cst.Raise, cst.Break, cst.Continue)) for s in last.body
    ):
        return {}
    values: dict[str, cst.BaseExpression] = {}
    for statement in body.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                for name, value in _bindings(small):
                    if isinstance(small, cst.Assign) and value is not None:
                        values[name] = value
                    else:
                        values.pop(name, None)
        else:
            for name in _bound_in(statement):
                values.pop(name, None)
    return values
