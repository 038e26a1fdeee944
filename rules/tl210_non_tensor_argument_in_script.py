"""TL210: a non-tensor value passed to (or used as) an unannotated parameter in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.conditions import ends_in_exit
from torchlint.lint.graph_queries import assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import namedtuple_call_fields
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.model import FunctionInfo
from torchlint.lint.semantic.summary import FORWARD_HOOK_REGISTRATIONS, FunctionSummary
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    dead_in_script,
    in_script,
    inferred_tensor_parameter,
    is_none,
    literal_type,
    self_attribute,
    signature_params,
    signature_type_comment,
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
    file (and to the `forward` of a submodule whose class the file defines, also an item of a
    module container of one such class: `for blk in self.blocks: blk(x, n)`) that pass a literal
    number, string, bool, `None`, a list, tuple or dict written out at the call (`[2, 2]`,
    `{"low": x}`), a size (`x.size(0)`, `x.dim()`), a Python value read out of a tensor
    (`float(t)`, `t.item()`, `t.tolist()`), a
    Python value kept on the module (`self.use_bias`, set from a constructor argument), or a
    module (`self`, `self.block`, a layer of a `ModuleList`) to a
    parameter that has neither an annotation nor a default (`split_heads(x, 2)` with
    `def split_heads(x, heads):`; also to a function of another file of the project, its
    parameter with neither annotation nor default: `roma.internal.flatten_batch_dims(x,
    end_dim=-2)`), unannotated parameters used as `range(...)` bounds (also through
    arithmetic, `range(num_classes - 1)`, `range(2 * n)`: a Tensor operand makes the bound a
    Tensor, torch 2.13: all inputs of range must be ints, found Tensor in argument 0) or
    compared with a string (`if mode != "sum":`; also one with a literal or `None` default,
    `mode="sum"`, `norm=None`:
    TorchScript compiles the body, with the parameter a Tensor, before it checks the default,
    so the comparison fails first, where torch 2.13 points), and
    unannotated parameters read as objects (`model.fc` in `def run(model, x):`, a name no
    tensor has) or indexed with a string (`batch["user"]`: a dict of inputs).
    Also finds a `forward` parameter with neither annotation nor default, never rebound,
    that the body reads only as `p[i]` with `i` the index of a loop over a module container
    of the class (`for i, conv in enumerate(self.lateral): conv(feats[i])`, `for i in
    range(len(self.lateral))`): one input per module, a list, which the scripted module
    refuses (torch 2.13: forward() Expected a value of type 'Tensor (inferred)' for argument
    'feats' but instead found type 'list').
    Also finds literals and `None` passed to an annotated parameter whose type does not take
    them: a list to `int`, `None` to a parameter that is not `Optional`, an int to `float`,
    a number to `torch.Tensor`, a string to a number. And a submodule passed to an annotated
    parameter of a function or method of the file that is annotated `nn.Module`, or that the
    callee calls, iterates over (also in `enumerate` / `zip`) or indexes (`def
    propagate(layers: nn.ModuleList, x)` looping `for layer in layers:`; torch 2.13: object
    is not iterable, has no attribute or method '__call__'); a helper that only reads its
    parameters (`layer.weight`), calls `layer.forward(x)` or takes `len(layers)` is not
    flagged (it compiles where the annotation resolves to the module's own type).
    And the other end of the same missing annotation: calls, in scripted code, of a
    `@torch.jit.ignore` function or method of the file that has no return annotation and whose
    every `return` gives a value that is surely not what TorchScript takes the result to be:
    used as a value, a number, a size, a bool, a string, a tuple, list or dict
    (`g = self._num_groups(x)` with `return max(1, x.shape[-1] // 2)`); as a call statement,
    any value; unpacked (`a, b = self.stats(x)`), a tuple holding such a value.
    And the same values given to a field of a `collections.namedtuple` of the file built in
    scripted code (`Out(h, x.size(0))` with `Out = collections.namedtuple("Out", ["hidden",
    "num_tokens"])`), or a field left to a `None` / literal default (`defaults=[None]`).

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

    A loop index (`i` of `for i in range(n)` or `for i, m in enumerate(...)`, bound nowhere
    else) is an int to TorchScript, the same as a literal; the signature of a
    `@torch.jit.unused` method is compiled too (torch 2.13: `lazy_binding_method(..., Tensor
    step) -> NoneType`).

    An ignored function runs in Python, and TorchScript reads no type from its body: an
    unannotated result is taken by how many names the call binds (none for a call statement:
    `None`; one: `Tensor`; `a, b = ...`: a tuple of Tensors). Scripting succeeds, and the call
    fails when the scripted model runs: `Unable to cast 2 to Tensor` (`Cannot cast 0.5 to None`
    for a call statement). `@torch.jit.unused` is left out: its body never runs under
    TorchScript, so a call raises whatever it returns. This is TL210's because it is the same
    gap as an unannotated parameter, on the result: TorchScript assumes Tensor where the
    annotation is missing (TL211 is about returns TorchScript compiles, which it types).

    An untyped namedtuple is a function with unannotated parameters to TorchScript: `Out(Tensor
    hidden, Tensor num_tokens) -> (): Expected a value of type 'Tensor (inferred)' for argument
    'num_tokens' but instead found type 'int'.` A `typing.NamedTuple` class with annotated
    fields (`num_tokens: int`) compiles.

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

    For an ignored helper, annotate its result:
    ```python
    @torch.jit.ignore
    def _num_groups(self, x) -> int:
        return max(1, x.shape[-1] // 2)
    ```

    For a namedtuple, declare the fields' types:
    ```python
    class Out(NamedTuple):
        hidden: torch.Tensor
        num_tokens: int
    ```

    ## Fix safety
    No fix for a namedtuple's fields. Safe fix: an ignored function whose every return is
    surely an int (float, bool, str) gets that return annotation (`def groups(self, x) -> int:`),
    which only TorchScript reads. Unsafe fix: a parameter of a function of the same file (a method called on `self`, a
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
        # `None` as the default of a parameter typed `Optional[str]`, refined before the test.
        Valid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                def _reduce(self, x, how: Optional[str] = None):
                    if how is not None and how == "max":
                        return x.amax(-1)
                    return x.mean(-1)

                def forward(self, x):
                    return self._reduce(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The same dict of inputs, annotated.
        Valid(
            """
            from typing import Dict
            import torch
            from torch import nn

            class Towers(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.user = nn.Linear(4, 2)
                    self.item = nn.Linear(3, 2)

                def forward(self, feats: Dict[str, torch.Tensor]):
                    u = self.user(feats["user"])
                    return (u * self.item(feats["item"])).sum(-1)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.towers = Towers()

                def forward(self, u, i):
                    return self.towers({"user": u, "item": i})

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 3)), (torch.randn(5, 4), torch.randn(5, 3))]
            """
        ),
        # The sublayer held by the module that calls it.
        Valid(
            """
            import torch
            from torch import nn

            class Residual(nn.Module):
                def __init__(self, sublayer: nn.Module):
                    super().__init__()
                    self.sublayer = sublayer

                def forward(self, x):
                    return x + self.sublayer(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.res = Residual(nn.Linear(3, 3))

                def forward(self, x):
                    return self.res(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # An autograd Function's `ctx`: `Fn.apply(...)` in scripted code is a Python op, and
        # TorchScript never compiles the Function's own methods.
        Valid(
            """
            import torch
            from torch import nn

            class Scaled(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x, scale):
                    ctx.save_for_backward(x)
                    ctx.scale = scale
                    return x * scale

                @staticmethod
                def backward(ctx, grad):
                    return grad * ctx.scale, None

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    return Scaled.apply(self.fc(x), 1.5)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The same parameter annotated `List[torch.Tensor]`.
        Valid(
            """
            import torch
            from torch import nn
            from typing import List

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.heads = nn.ModuleList([nn.Linear(4, 2) for _ in range(2)])

                def forward(self, feats: List[torch.Tensor]):
                    total = torch.zeros(1)
                    for i, head in enumerate(self.heads):
                        total = total + head(feats[i]).sum()
                    return total

            def inputs():
                return [([torch.randn(2, 4), torch.randn(3, 4)],), ([torch.randn(1, 4), torch.randn(2, 4)],)]
            """
        ),
        # The loop index given to a parameter annotated `int`.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def scaled(self, x, step: int):
                    return x * (step + 1)

                def forward(self, x):
                    for i in range(3):
                        x = self.scaled(x, i)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A signature type comment types the parameters, as annotations do.
        Valid(
            """
            import torch
            from torch import nn

            def drop_path(x, p, training):
                # type: (torch.Tensor, float, bool) -> torch.Tensor
                if p == 0.0 or not training:
                    return x
                return x * (1.0 - p)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.drop_prob = 0.1

                def forward(self, x):
                    return x + drop_path(self.fc(x), self.drop_prob, self.training)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
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
        # Ignored helpers: an annotated result, a Tensor, nothing for a call statement, a tuple
        # of Tensors unpacked.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                @torch.jit.ignore
                def _num_groups(self, x) -> int:
                    return max(1, x.shape[-1] // 2)

                @torch.jit.ignore
                def _double(self, x):
                    return x * 2

                @torch.jit.ignore
                def _log(self, x):
                    print(x.shape)

                @torch.jit.ignore
                def _pair(self, x):
                    return x, x + 1

                def forward(self, x):
                    self._log(x)
                    a, b = self._pair(x)
                    y = self.fc(self._double(a) + b)
                    return y.reshape(y.shape[0], self._num_groups(x), -1).mean(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A typed NamedTuple takes the size; an untyped one tensors only.
        Valid(
            """
            import collections
            from typing import NamedTuple

            import torch
            from torch import nn

            Pair = collections.namedtuple("Pair", ["low", "high"])

            class Pooled(NamedTuple):
                values: torch.Tensor
                count: int

            class Model(nn.Module):
                def forward(self, x):
                    pair = Pair(x.amin(0), x.amax(0))
                    pooled = Pooled(x.sum(0), x.size(0))
                    return (pair.high - pair.low) * pooled.values / pooled.count

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # Arithmetic on an unannotated parameter as a range bound: a Tensor bound.
        Invalid(
            """
            import torch
            from torch import nn

            def ordinal_targets(labels, num_classes):
                rows = []
                for i in range(num_classes - 1):
                    rows.append((labels > i).float())
                return torch.stack(rows, 1)

            class Model(nn.Module):
                def forward(self, labels):
                    return ordinal_targets(labels, 4)

            def inputs():
                return [(torch.tensor([0, 2, 3]),), (torch.tensor([1, 1]),)]
            """,
            line=6,
            message_contains="arithmetic on the unannotated parameter `num_classes`",
        ),
        # A module container passed to a helper that iterates over it.
        Invalid(
            """
            import torch
            from torch import nn

            def chain(stages: nn.ModuleList, t: torch.Tensor) -> torch.Tensor:
                for stage in stages:
                    t = stage(t)
                return t

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stages = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])

                def forward(self, x):
                    return chain(self.stages, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=15,
            message_contains="iterates over it",
        ),
        # A sublayer handed to forward and called there.
        Invalid(
            """
            import torch
            from torch import nn

            class Residual(nn.Module):
                def forward(self, x, sublayer):
                    return x + sublayer(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.res = Residual()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    return self.res(x, self.fc)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="cannot call",
        ),
        # An unannotated `forward` parameter read only as one input per module of a list.
        Invalid(
            """
            import torch
            from torch import nn
            from typing import List

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.heads = nn.ModuleList([nn.Linear(4, 2) for _ in range(2)])

                def forward(self, feats):
                    total = torch.zeros(1)
                    for i, head in enumerate(self.heads):
                        total = total + head(feats[i]).sum()
                    return total

            def inputs():
                return [([torch.randn(2, 4), torch.randn(3, 4)],), ([torch.randn(1, 4), torch.randn(2, 4)],)]
            """,
            line=10,
            message_contains="instead found type 'list'",
        ),
        # A loop index given to an unannotated parameter of a `@torch.jit.unused` method:
        # TorchScript still compiles the signature, the parameter a Tensor.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, verbose: bool = False):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
                    self.verbose = verbose

                @torch.jit.unused
                def log_activation(self, x, step):
                    print(f"layer {step}: {x.mean().item():.3f}")

                def forward(self, x):
                    for i, layer in enumerate(self.layers):
                        x = torch.relu(layer(x))
                        if self.verbose:
                            self.log_activation(x, i)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=18,
            message_contains="Tensor",
        ),
        # A number read out of a tensor, and sizes given to the blocks of a ModuleList.
        Invalid(
            """
            import torch
            from torch import nn

            class Block(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x, scale, n):
                    return self.fc(x) * scale + n

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleList([Block() for _ in range(2)])
                    self.register_buffer("scales", torch.tensor([0.5, 2.0]))

                def forward(self, x):
                    for i, blk in enumerate(self.blocks):
                        s = float(self.scales[i])
                        x = blk(x, s, x.size(0))
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=21,
            message_contains="read out of a tensor",
        ),
        # A str default types nothing: the body is compiled first, with `mode` a Tensor.
        Invalid(
            """
            import torch
            from torch import nn

            def pool(x, mode="mean"):
                if mode == "mean":
                    return x.mean(0)
                return x.amax(0)

            class Model(nn.Module):
                def __init__(self, mode="mean"):
                    super().__init__()
                    self.mode = mode

                def forward(self, x):
                    return pool(x, mode=self.mode)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="literal default does not change that",
        ),
        # A `None` default types nothing either.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def _reduce(self, x, how=None):
                    if how == "max":
                        return x.amax(-1)
                    return x.mean(-1)

                def forward(self, x):
                    return self._reduce(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="`None` default does not change that",
        ),
        # A size for a field of an untyped namedtuple: TorchScript types each field as Tensor.
        Invalid(
            """
            from collections import namedtuple

            import torch
            from torch import nn

            Stats = namedtuple("Stats", "mean count")

            class Model(nn.Module):
                def forward(self, x):
                    stats = Stats(x.mean(0), x.size(0))
                    return stats.mean * stats.count

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="namedtuple",
        ),
        Invalid(
            """
            import collections

            import torch
            from torch import nn

            Out = collections.namedtuple("Out", ["hidden", "mask"], defaults=[None])

            class Model(nn.Module):
                def forward(self, x):
                    return Out(x * 2).hidden

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="default `None`",
        ),
        # An ignored helper returning an int: TorchScript takes the result as a Tensor, and
        # the call fails when the scripted model runs (Unable to cast 2 to Tensor).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(6, 6)

                @torch.jit.ignore
                def _heads(self, x):
                    return min(3, x.size(-1))

                def forward(self, x):
                    y = self.proj(x)
                    heads = self._heads(y)
                    return y.view(y.size(0), heads, -1).sum(1)

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
            """,
            line=15,
            message_contains="fails when the scripted code runs",
        ),
        # A call statement: TorchScript takes the result as None (Cannot cast 0.5 to None).
        Invalid(
            """
            import torch
            from torch import nn

            @torch.jit.ignore
            def record(x):
                print(float(x.mean()))
                return x.mean().item()

            class Model(nn.Module):
                def forward(self, x):
                    record(x)
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="as None",
        ),
        # Unpacked: each element is taken as a Tensor (Unable to cast 2 to Tensor).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                @torch.jit.ignore
                def _split(self, x):
                    return x * 2, x.size(0)

                def forward(self, x):
                    y, n = self._split(x)
                    return y / n

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="tuple of 2 Tensors",
        ),
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
        # A dict of named inputs, read by key in a helper the model calls.
        Invalid(
            """
            import torch
            from torch import nn

            class Towers(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.user = nn.Linear(4, 2)
                    self.item = nn.Linear(3, 2)

                def forward(self, feats):
                    u = self.user(feats["user"])
                    return (u * self.item(feats["item"])).sum(-1)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.towers = Towers()

                def forward(self, u, i):
                    return self.towers({"user": u, "item": i})

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 3)), (torch.randn(5, 4), torch.randn(5, 3))]
            """,
            line=11,
            message_contains="indexing tensor with unsupported index type 'str'",
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
        self._hooks: Optional[frozenset[str]] = None
        self._namedtuples: Optional[dict[str, tuple[list[str], dict[str, cst.BaseExpression]]]] = (
            None
        )

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        """``def forward(self, feats):`` whose body reads ``feats`` only as ``feats[i]``, ``i``
        the index of a loop over a module container of the class (``for i, conv in
        enumerate(self.lateral)``, ``for i in range(len(self.lateral))``): one input per module,
        a list, which TorchScript's Tensor for the unannotated parameter refuses at the call."""
        info = self.ctx.function_info
        if (
            node.name.value != "forward"
            or info is None
            or info.owner_class is None
            or not in_script(self.ctx)
            or dead_in_script(self.ctx)
            or signature_type_comment(node)
        ):
            return
        owner = info.owner_class
        params = [p for p in signature_params(self.ctx, node) if p.annotation is None]
        params = [p for p in params if p.default is None and not assignments(node, p.name.value)]
        if not params:
            return
        indexes: dict[str, str] = {}  # loop index -> the container it counts

        def container(value: cst.BaseExpression) -> Optional[str]:
            attr = self_attribute(value)
            if attr is None or self.ctx.index.attribute_marker(owner, attr) != "<modules>":
                return None
            return attr

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and child is not node:
                return False
            if type(child) is not cst.For or type(child.iter) is not cst.Call:
                return None
            call, target = child.iter, child.target
            spelled = self.ctx.qualified_name(call.func)
            if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
                return None
            if (
                spelled == "builtins.enumerate"
                and type(target) is cst.Tuple
                and len(target.elements) == 2
                and type(target.elements[0].value) is cst.Name
            ):
                attr = container(call.args[0].value)
                if attr is not None:
                    indexes[target.elements[0].value.value] = attr
            elif spelled == "builtins.range" and type(target) is cst.Name:
                inner = call.args[0].value
                if (
                    type(inner) is cst.Call
                    and self.ctx.qualified_name(inner.func) == "builtins.len"
                    and len(inner.args) == 1
                ):
                    attr = container(inner.args[0].value)
                    if attr is not None:
                        indexes[target.value] = attr
            return None

        walk(node.body, enter, lambda child: None)
        indexes = {i: a for i, a in indexes.items() if len(assignments(node, i)) == 1}
        if not indexes:
            return
        for param in params:
            name = param.name.value
            reads, per_module = _index_reads(node, name, indexes)
            if reads or not per_module:
                continue
            subscript, attr = per_module[0]
            self.report(
                param,
                f"`{name}` has no annotation, so TorchScript types it Tensor, but `forward` reads "
                f"it only as `{name}[i]` per module of `self.{attr}`, as a list of inputs: "
                "calling the scripted module with a list fails (Expected a value of type "
                f"'Tensor (inferred)' for argument '{name}' but instead found type 'list'); "
                f"annotate it `List[torch.Tensor]`",
            )

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx) or dead_in_script(self.ctx):
            return
        if self.ctx.qualified_name(node.func) == "builtins.range":
            self._range_bounds(node)
            return
        if type(node.func) is cst.Name and self._called_parameter(node.func):
            return
        if type(node.func) is cst.Name and self._namedtuple_call(node, node.func.value):
            return
        callee = self._callee(node.func)
        if callee is None:
            self._module_to_other_file(node)
            return
        if callee.node.returns is None and ignored(self.ctx, callee.node):
            self._ignored_result(node, callee.node)
        if signature_type_comment(callee.node):
            return  # typed by its `# type: (...) -> ...` comment
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

    def _namedtuple_call(self, node: cst.Call, name: str) -> bool:
        """``Out(x, x.size(0))`` with ``Out = collections.namedtuple("Out", [...])`` of this
        file: TorchScript types every field of an untyped namedtuple as Tensor. True when
        ``name`` is such a namedtuple."""
        if self._namedtuples is None:
            self._namedtuples = _untyped_namedtuples(self.ctx)
        found = self._namedtuples.get(name)
        if found is None:
            return False
        fields, defaults = found
        given: set[str] = set()
        for position, arg in enumerate(node.args):
            if arg.star:
                return True
            if arg.keyword is not None:
                field = arg.keyword.value
            elif position < len(fields):
                field = fields[position]
            else:
                return True
            given.add(field)
            what = self._non_tensor(arg.value)
            if what is not None and field in fields:
                self.report(
                    arg,
                    f"{what} passed to field `{field}` of `{name}`, a `collections.namedtuple`: "
                    "TorchScript types every field of an untyped namedtuple as Tensor; declare "
                    "it as a `typing.NamedTuple` class with annotated fields",
                )
        for field, default in defaults.items():
            if field not in given and (literal_type(default) or is_none(default)):
                code = cst.Module([]).code_for_node(default)
                self.report(
                    node,
                    f"field `{field}` of `{name}`, a `collections.namedtuple`, is left to its "
                    f"default `{code}`: TorchScript types every field of an untyped namedtuple "
                    "as Tensor and rejects the default; declare it as a `typing.NamedTuple` "
                    "class with annotated fields",
                )
        return True

    def _ignored_result(self, node: cst.Call, function: cst.FunctionDef) -> None:
        """A call of an unannotated ``@torch.jit.ignore`` function whose every ``return``
        gives what TorchScript will not take for the names the call binds."""
        binders = self._binders(node)
        returns = returned_values(function)
        if binders is None or not returns or any(r.value is None for r in returns):
            return
        values = PythonValue(self.ctx, function)
        kinds: list[str] = []
        for ret in returns:
            value = ret.value
            if binders > 1:  # `a, b = f(x)`: each element is taken as a Tensor
                if type(value) is not cst.Tuple or len(value.elements) != binders:
                    return
                if any(type(e) is cst.StarredElement for e in value.elements):
                    return
                found = [values.of(e.value) for e in value.elements]
                kind = next((k for k in found if k is not None), None)
            else:
                kind = values.of(value)  # type: ignore[arg-type]
                if kind is None and binders == 0 and type(value) is cst.BinaryOperation:
                    kind = "value"  # `return x * 2`: not None, which a call statement takes
            if kind is None:
                return
            kinds.append(kind)
        first = returns[0]
        line = self.ctx.position(first).start.line
        code = cst.Module([]).code_for_node(first.value)  # type: ignore[arg-type]
        if len(code) > 40:
            code = code[:37] + "..."
        kind = kinds[0]
        what = f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"
        same = len(set(kinds)) == 1
        if binders == 0:
            taken = "TorchScript takes the result of this call statement as None"
            cast, advice = "Cannot cast ... to None", "annotate its return type or return nothing"
        elif binders == 1:
            taken = "TorchScript takes the result of this call as a Tensor"
            cast = "Unable to cast ... to Tensor"
            annotation = {"torch.Size": "List[int]"}.get(kind, kind)
            advice = (
                f"annotate its return type (`-> {annotation}`)"
                if same and annotation in ("int", "float", "bool", "str", "List[int]")
                else "annotate its return type"
            )
        else:
            taken = (
                f"TorchScript takes the result of this unpacking as a tuple of {binders} Tensors"
            )
            cast = "Unable to cast ... to Tensor"
            advice = "annotate its return type (`-> Tuple[...]`)"
            what = f"a tuple holding {what}"
        self.report(
            node,
            f"`{function.name.value}` is `@torch.jit.ignore` with no return annotation: "
            f"{taken}, but it returns {what} (`{code}`, line {line}): scripting succeeds and "
            f"the call fails when the scripted code runs ({cast}); {advice}",
        )

    def _binders(self, node: cst.Call) -> Optional[int]:
        """How many names TorchScript binds the call's result to: 0 for a call statement, n
        for ``a, b = f(x)``, 1 for any other use; None where not sure (a starred target, an
        annotated assignment)."""
        statement = self.ctx.statements[-1] if self.ctx.statements else None
        if type(statement) is not cst.SimpleStatementLine:
            return 1
        for small in statement.body:
            if type(small) is cst.Expr and small.value is node:
                return 0
            if type(small) is cst.AnnAssign and small.value is node:
                return None
            if type(small) is cst.Assign and small.value is node:
                if len(small.targets) != 1:
                    return None
                target = small.targets[0].target
                if type(target) in (cst.Tuple, cst.List):
                    elements = target.elements  # type: ignore[attr-defined]
                    if any(type(e) is cst.StarredElement for e in elements):
                        return None
                    return len(elements)
                return 1
        return 1

    def _module_to_other_file(self, node: cst.Call) -> None:
        """A module passed by position to a function of another file of the project (its
        summary names the parameters; no annotation lets TorchScript take a module), and
        a non-tensor value (a literal, a size, ...) passed to a parameter of it that has
        neither an annotation nor a default (its summary lists them)."""
        name = self.ctx.qualified_name(node.func)
        found = self.ctx.model.index.lookup(name) if name else None
        if found is None or found[0] != "function":
            return
        function = found[1].functions.get(found[2])
        if function is None:
            return
        reported = self._to_inferred_tensor(node, function)
        for position, arg in enumerate(node.args):
            if arg.star or arg.keyword is not None or position >= len(function.params):
                return
            if self.ctx.kind(arg.value) in MODULE_KINDS and arg not in reported:
                self.report(
                    arg,
                    f"the module `{cst.Module([]).code_for_node(arg.value)}` passed to parameter "
                    f"`{function.params[position]}` of "
                    f"`{cst.Module([]).code_for_node(node.func)}`: {MODULE_ADVICE}",
                )

    def _to_inferred_tensor(self, node: cst.Call, function: FunctionSummary) -> list[cst.Arg]:
        """``roma.internal.flatten_batch_dims(x, end_dim=-2)`` with ``def
        flatten_batch_dims(tensor, end_dim):`` in another file: TorchScript compiles it with
        ``end_dim`` a Tensor, and the int does not match (torch 2.13: Expected a value of type
        'Tensor (inferred)' for argument 'end_dim' but instead found type 'int'). Only an
        undecorated function whose summary lists such parameters. The arguments reported."""
        untyped = function.inferred_tensor_params
        if not untyped or function.decorators:
            return []
        if any(p in ("self", "cls") for p in function.params):
            return []  # a method's `self`: not a plain function
        reported: list[cst.Arg] = []
        for position, arg in enumerate(node.args):
            if arg.star:
                return reported
            param = arg.keyword.value if arg.keyword is not None else None
            if param is None and position < len(function.params):
                param = function.params[position]
            if param not in untyped:
                continue
            what = self._non_tensor(arg.value)
            if what is None:
                continue
            advice = MODULE_ADVICE if self.ctx.kind(arg.value) in MODULE_KINDS else "annotate it"
            self.report(
                arg,
                f"{what} passed to unannotated parameter `{param}` of "
                f"`{cst.Module([]).code_for_node(node.func)}` (defined in another file, with no "
                f"default): TorchScript types it as Tensor; {advice}",
            )
            reported.append(arg)
        return reported

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
        if param is signature_params(self.ctx, function)[0] and self._hook_function(function):
            return  # a hook's first parameter: TorchScript types it as the hooked module
        key = (id(function), value.value)
        if key in self._reported:
            return
        self._reported.add(key)
        self.report(
            node,
            f"unannotated parameter `{value.value}` used as an object (`.{node.attr.value}`): "
            "TorchScript types it as Tensor, which has no such attribute; annotate it",
        )

    def visit_Subscript(self, node: cst.Subscript) -> None:
        """``batch["user"]`` on an unannotated parameter ``batch``: TorchScript types it as
        Tensor, and a tensor takes no str index."""
        if not in_script(self.ctx) or dead_in_script(self.ctx) or len(node.slice) != 1:
            return
        index = node.slice[0].slice
        if type(index) is not cst.Index or literal_type(index.value) != "str":
            return
        value = node.value
        if type(value) is not cst.Name or not inferred_tensor_parameter(self.ctx, value):
            return
        function = self.ctx.function
        if function is None or (
            signature_params(self.ctx, function)[0].name.value == value.value
            and self._hook_function(function)
        ):
            return
        key = (id(function), value.value)
        if key in self._reported:
            return
        self._reported.add(key)
        self.report(
            node,
            f"unannotated parameter `{value.value}` indexed with a string: TorchScript types it "
            "as Tensor (torch 2.13: Unsupported operation: indexing tensor with unsupported "
            "index type 'str'); annotate it (`Dict[str, torch.Tensor]`)",
        )

    def _called_parameter(self, func: cst.Name) -> bool:
        """``sublayer(x)`` of an unannotated parameter without a default, never rebound:
        TorchScript types it as Tensor, which it cannot call (torch 2.13: cannot call a value
        of type 'Tensor'). Reported once per parameter; True when reported."""
        function = self.ctx.function
        if function is None:
            return False
        params = signature_params(self.ctx, function)
        param = next((p for p in params if p.name.value == func.value), None)
        if param is None or param.annotation is not None or param.default is not None:
            return False
        if param.star in ("*", "**") or assignments(function, func.value):
            return False
        key = (id(function), func.value)
        if key in self._reported:
            return False
        self._reported.add(key)
        self.report(
            func,
            f"unannotated parameter `{func.value}` called: TorchScript types it as Tensor, "
            "which cannot be called (torch 2.13: cannot call a value of type 'Tensor'); call a "
            "module the class holds instead",
        )
        return True

    def _hook_function(self, function: cst.FunctionDef) -> bool:
        """Whether ``function`` is a module-level function of the file registered as a forward
        hook or pre-hook (``x.register_forward_hook(function)``): TorchScript compiles it with
        its first parameter typed as the module it hooks (torch 2.13, `module.scale` read in
        such a hook compiles)."""
        if self._hooks is None:
            found: set[str] = set()

            def enter(node: cst.CSTNode) -> Optional[bool]:
                if (
                    type(node) is cst.Call
                    and type(node.func) is cst.Attribute
                    and node.func.attr.value in FORWARD_HOOK_REGISTRATIONS
                    and node.args
                    and type(node.args[0].value) is cst.Name
                ):
                    found.add(node.args[0].value.value)
                return None

            walk(self.ctx.module, enter, lambda node: None)
            self._hooks = frozenset(found)
        return function.name.value in self._hooks and any(
            stmt is function for stmt in self.ctx.module.body
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
            if type(operand) is not cst.Name:
                continue
            defaulted = operand.value not in unannotated and (
                inferred_tensor_parameter(self.ctx, operand, literal_defaults=True)
                or self._none_default(operand)
            )
            if operand.value in unannotated or defaulted:
                key = (id(self.ctx.function), operand.value)
                if key in self._reported:
                    return
                self._reported.add(key)
                # A literal default does not type it: TorchScript compiles the body, with the
                # parameter a Tensor, before it checks the default (torch 2.13 fails here).
                spelled = "`None`" if self._none_default(operand) else "literal"
                default = (
                    f" (its {spelled} default does not change that: the body is compiled "
                    "before the default is checked, and fails here first)"
                    if defaulted
                    else ""
                )
                self.report(
                    operand,
                    f"unannotated parameter `{operand.value}` compared with a string: TorchScript "
                    f"types it as Tensor{default}, and no comparison takes a Tensor and a str "
                    "(Arguments for call are not valid); annotate it `str`",
                )
                return

    def _none_default(self, name: cst.Name) -> bool:
        """An unannotated parameter whose default is None, never rebound: the body compiles
        with it a Tensor too (torch 2.13 fails on `if norm == "ortho":` before it looks at
        the default)."""
        function = self.ctx.function
        if function is None or assignments(function, name.value):
            return False
        return any(
            p.name.value == name.value and p.annotation is None and is_none(p.default)
            for p in signature_params(self.ctx, function)
        )

    def _annotated(
        self, arg: cst.Arg, param: cst.Param, annotation: cst.BaseExpression, callee: FunctionInfo
    ) -> None:
        """A literal or ``None`` whose type the annotation does not take: TorchScript matches
        user functions' arguments exactly (not even an int for a ``float``). And a module
        passed to a parameter annotated ``nn.Module``, or one the callee calls, iterates or
        indexes."""
        if self.ctx.kind(arg.value) in MODULE_KINDS:
            use = self._module_parameter_use(callee.node, param.name.value, annotation)
            if use is not None:
                code = cst.Module([]).code_for_node(annotation)
                self.report(
                    arg,
                    f"the module `{cst.Module([]).code_for_node(arg.value)}` passed to parameter "
                    f"`{param.name.value}: {code}` of `{callee.node.name.value}`, which {use}: "
                    "TorchScript types a module argument as the module's class, which has no "
                    "`__call__`, `__iter__` or `__getitem__` there (torch 2.13: object is not "
                    "iterable / has no attribute or method '__call__'; `nn.Module` itself is "
                    f"an unknown type name); {MODULE_ADVICE}",
                )
            return
        shape = self._tensor_shape(arg.value)
        if shape is not None and _tuple_annotation(self.ctx, annotation):
            code = cst.Module([]).code_for_node(annotation)
            self.report(
                arg,
                f"the shape `{shape}` passed to parameter `{param.name.value}: {code}` of "
                f"`{callee.node.name.value}`: TorchScript types a tensor's shape as List[int], "
                "which a Tuple parameter does not take (torch 2.13: Expected a value of type "
                "'Tuple[...]' ... but instead found type 'List[int]'); annotate it `List[int]`",
            )
            return
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

    def _tensor_shape(self, value: cst.BaseExpression) -> Optional[str]:
        """The code of ``t.shape`` / ``t.size()`` (or a slice of one) of a tensor ``t``, which
        TorchScript types ``List[int]``; None for any other value."""
        inner = value
        if (
            type(inner) is cst.Subscript
            and len(inner.slice) == 1
            and type(inner.slice[0].slice) is cst.Slice
        ):
            inner = inner.value
        if type(inner) is cst.Attribute and inner.attr.value == "shape":
            receiver = inner.value
        elif (
            type(inner) is cst.Call
            and not inner.args
            and type(inner.func) is cst.Attribute
            and inner.func.attr.value == "size"
        ):
            receiver = inner.func.value
        else:
            return None
        if self.ctx.kind(receiver) is not Kind.TENSOR:
            return None
        return cst.Module([]).code_for_node(value)

    def _module_parameter_use(
        self, function: cst.FunctionDef, name: str, annotation: cst.BaseExpression
    ) -> Optional[str]:
        """How ``function`` uses its parameter ``name`` (never rebound there) that TorchScript
        cannot compile for a module argument: ``is annotated `nn.Module``` (no TorchScript
        type), ``calls it``, ``iterates over it``, ``indexes it``; None for other uses
        (``layer.weight``, ``layer.forward(x)``, ``len(layers)`` compile where the
        annotation resolves to the module's own type)."""
        if self.ctx.qualified_name(annotation) in (
            "torch.nn.Module",
            "torch.nn.modules.module.Module",
        ):
            return "is annotated `nn.Module`, a name TorchScript has no type for"
        if assignments(function, name):
            return None
        found: list[str] = []

        def named(node: cst.BaseExpression) -> bool:
            return type(node) is cst.Name and node.value == name  # type: ignore[attr-defined]

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if found:
                return False
            if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not function:
                return False
            if type(node) is cst.Call and named(node.func):  # type: ignore[attr-defined]
                found.append("calls it")
            elif type(node) in (cst.For, cst.CompFor):
                iterable = node.iter  # type: ignore[attr-defined]
                if type(iterable) is cst.Call and self.ctx.qualified_name(iterable.func) in (
                    "builtins.enumerate",
                    "builtins.zip",
                ):
                    if any(named(a.value) for a in iterable.args):
                        found.append("iterates over it")
                elif named(iterable):
                    found.append("iterates over it")
            elif type(node) is cst.Subscript and named(node.value):  # type: ignore[attr-defined]
                found.append("indexes it")
            return None

        walk(function.body, enter, lambda node: None)
        return found[0] if found else None

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
                continue
            name = self._arithmetic_parameter(arg.value, unannotated)
            if name is None:
                continue
            spelled = cst.Module([]).code_for_node(arg.value)
            self.report(
                arg,
                f"`{spelled}`, arithmetic on the unannotated parameter `{name}`, used as a "
                "`range` bound: TorchScript types the parameter as Tensor, so the bound is a "
                "Tensor (torch 2.13: all inputs of range must be ints, found Tensor in argument "
                f"0); annotate `{name}: int`",
            )

    def _arithmetic_parameter(
        self, value: cst.BaseExpression, unannotated: set[str]
    ) -> Optional[str]:
        """The unannotated parameter (never rebound) that is an operand of the arithmetic
        ``value`` (``num_classes - 1``, ``2 * (n + 1)``, ``-n``), through operators only: any
        arithmetic with a Tensor operand gives a Tensor. A call, attribute or subscript on the way
        (``len(x) - 1``, ``x.size(0) // 2``) stops the search."""
        function = self.ctx.function
        stack: list[cst.BaseExpression] = []
        if type(value) is cst.BinaryOperation:
            stack += [value.left, value.right]
        elif type(value) is cst.UnaryOperation and type(value.operator) is cst.Minus:
            stack.append(value.expression)
        while stack:
            current = stack.pop()
            if type(current) is cst.Name:
                if current.value in unannotated and not assignments(function, current.value):
                    return current.value
            elif type(current) is cst.BinaryOperation:
                stack += [current.left, current.right]
            elif type(current) is cst.UnaryOperation and type(current.operator) is cst.Minus:
                stack.append(current.expression)
        return None

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
        if kind is Kind.DATA and self._data_only(value):
            # `float(t)`, `t.item()`, `t.tolist()`: a Python number or list read out of a tensor.
            return (
                f"the Python value `{cst.Module([]).code_for_node(value)}` (read out of a tensor)"
            )
        loop = self._loop_index(value)
        if loop is not None:
            return f"the int `{value.value}` (the index of `{loop}`)"  # type: ignore[attr-defined]
        if kind is Kind.CONST and isinstance(value, cst.Attribute):
            # `self.use_flash` set from a constructor argument or a literal: a Python value.
            return f"the Python value `{cst.Module([]).code_for_node(value)}`"
        return None

    def _loop_index(self, value: cst.BaseExpression) -> Optional[str]:
        """``range(...)`` / ``enumerate(...)`` when ``value`` is a local of the scripted
        function bound only as the index of such loops (``for i in range(n)``, ``for i, layer
        in enumerate(self.layers)``): TorchScript types it int. None otherwise."""
        function = self.ctx.function
        if type(value) is not cst.Name or function is None:
            return None
        name = value.value
        loops: set[str] = set()
        other = False

        def names(target: cst.BaseExpression) -> list[str]:
            if type(target) is cst.Name:
                return [target.value]
            if type(target) in (cst.Tuple, cst.List):
                return [n for e in target.elements for n in names(e.value)]  # type: ignore[attr-defined]
            if type(target) is cst.StarredElement:
                return names(target.value)  # type: ignore[attr-defined]
            return []

        def index_loop(node: cst.For) -> Optional[str]:
            call = node.iter
            if type(call) is not cst.Call or type(call.func) is not cst.Name:
                return None
            if any(a.star or a.keyword is not None for a in call.args):
                return None
            spelled = call.func.value
            if spelled == "range" and type(node.target) is cst.Name:
                return "range(...)"
            target = node.target
            if (
                spelled == "enumerate"
                and len(call.args) == 1
                and type(target) in (cst.Tuple, cst.List)
                and len(target.elements) == 2  # type: ignore[attr-defined]
                and type(target.elements[0].value) is cst.Name  # type: ignore[attr-defined]
                and target.elements[0].value.value == name  # type: ignore[attr-defined]
                and name not in names(target.elements[1].value)  # type: ignore[attr-defined]
            ):
                return "enumerate(...)"
            return None

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal other
            kind = type(node)
            if kind in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not function:
                if kind is not cst.Lambda and node.name.value == name:  # type: ignore[attr-defined]
                    other = True
                return False
            if kind is cst.For and name in names(node.target):  # type: ignore[attr-defined]
                found = index_loop(node)  # type: ignore[arg-type]
                if found is None:
                    other = True
                else:
                    loops.add(found)
            elif kind is cst.AssignTarget and name in names(node.target):  # type: ignore[attr-defined]
                other = True
            elif kind in (cst.AnnAssign, cst.AugAssign, cst.CompFor, cst.NamedExpr, cst.Del):
                if name in names(node.target):  # type: ignore[attr-defined]
                    other = True
            elif kind is cst.AsName and name in names(node.name):  # type: ignore[attr-defined]
                other = True
            elif kind is cst.ImportAlias:
                bound = node.asname.name if node.asname else node.name  # type: ignore[attr-defined]
                if type(bound) is cst.Name and bound.value == name:
                    other = True
            elif kind in (cst.Global, cst.Nonlocal, cst.Param):
                spelled = (
                    [node.name.value]  # type: ignore[attr-defined]
                    if kind is cst.Param
                    else [n.name.value for n in node.names]  # type: ignore[attr-defined]
                )
                if name in spelled:
                    other = True
            return False if other else None

        walk(function, enter, lambda node: None)
        if other or len(loops) != 1:
            return None
        return loops.pop()

    def _data_only(self, value: cst.BaseExpression) -> bool:
        """A value read out of a tensor on every path: an expression of that kind, or a local
        (no parameter) each binding of which is one (`s = float(t)`, `a, b = float(t),
        float(u)`). A parameter rebound under `if p is None:` is still the Tensor TorchScript
        types it where the test is constant. An element (`sizes[i]`) is judged by its base."""
        while type(value) is cst.Subscript:
            value = value.value
        if type(value) is not cst.Name:
            return True
        function = self.ctx.function
        if function is None or any(
            p.name.value == value.value for p in signature_params(self.ctx, function)
        ):
            return False
        binds = assignments(function, value.value)
        if not binds:
            return False
        for bound, position, size in binds:
            if size == 1:
                element = bound
            elif type(bound) is cst.Tuple and len(bound.elements) == size:
                element = bound.elements[position].value
            else:
                return False
            if self.ctx.kind(element) is not Kind.DATA:
                return False
        return True

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
        found = self._function(wanted, owner)
        if found is None and info is not None and info.owner_class is not None:
            # `for blk in self.blocks: blk(x, n)`: an item of a module container whose items
            # are of one class of this file runs that class's forward.
            item = self._loop_item_class(wanted, info.owner_class)
            return self._function("forward", item) if item else None
        return found

    def _loop_item_class(self, name: str, owner: str) -> Optional[str]:
        """The class of the items of ``self.<attr>`` where ``name`` is bound only as the target
        of ``for name in self.<attr>:`` (or ``for i, name in enumerate(self.<attr>):``) in the
        current function."""
        function = self.ctx.function
        if function is None or len(assignments(function, name)) != 1:
            return None
        found: list[str] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not function:
                return False
            if type(node) is not cst.For:
                return None
            target, iterable = node.target, node.iter  # type: ignore[attr-defined]
            if (
                type(iterable) is cst.Call
                and self.ctx.qualified_name(iterable.func) == "builtins.enumerate"
                and len(iterable.args) == 1
                and type(target) is cst.Tuple
                and len(target.elements) == 2
            ):
                target, iterable = target.elements[1].value, iterable.args[0].value
            if type(target) is cst.Name and target.value == name:
                attr = self_attribute(iterable)
                if attr is not None:
                    found.append(attr)
            return None

        walk(function, enter, lambda node: None)
        if len(found) != 1:
            return None
        return self.ctx.index.attribute_class(owner, found[0], item=True)

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


# ---------------------------------------------------------------- `@torch.jit.ignore` results
# What TorchScript takes the result of an unannotated `@torch.jit.ignore` function to be, by how
# many names the call binds (torch 2.13): a call statement binds none (None), one value is a
# Tensor, `a, b = f(x)` a tuple of Tensors. The Python function runs as it is and its result is
# cast when the scripted code runs.
_INT_METHODS = frozenset({"dim", "ndimension", "numel", "nelement", "element_size"})
_INT_MATH = frozenset({"math.floor", "math.ceil", "math.trunc", "math.factorial", "math.gcd"})
_BOOL_CALLS = frozenset(
    {"builtins.isinstance", "builtins.hasattr", "builtins.callable", "math.isnan", "math.isinf",
     "math.isfinite", "math.isclose"}
)  # fmt: skip
_TYPE_CALLS = {
    "builtins.int": "int",
    "builtins.len": "int",
    "builtins.float": "float",
    "builtins.bool": "bool",
    "builtins.str": "str",
}
_DISPLAY_TYPES = {
    cst.Tuple: "tuple",
    cst.List: "list",
    cst.ListComp: "list",
    cst.Dict: "dict",
    cst.DictComp: "dict",
    cst.Set: "set",
    cst.SetComp: "set",
    cst.FormattedString: "str",
    cst.ConcatenatedString: "str",
}
_NUMBERS = ("int", "float", "number")


def ignored(ctx, function: cst.FunctionDef) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``function`` is decorated ``@torch.jit.ignore`` (``@torch.jit.ignore(...)``)."""
    for decorator in function.decorators:
        spelled = decorator.decorator
        if type(spelled) is cst.Call:
            spelled = spelled.func
        if ctx.qualified_name(spelled) == "torch.jit.ignore":
            return True
    return False


class PythonValue:
    """The Python type of an expression in plain Python code where it is surely not a Tensor
    (nor None): ``int``, ``float``, ``number``, ``bool``, ``str``, ``torch.Size``, ``tuple``,
    ``list``, ``dict``, ``set``, ``Python value``; None when not sure."""

    def __init__(self, ctx, function: cst.FunctionDef) -> None:  # type: ignore[no-untyped-def]
        self.ctx = ctx
        self.function = function
        self.params = {p.name.value: p for p in signature_params(ctx, function)}

    def of(self, node: cst.BaseExpression, depth: int = 0) -> Optional[str]:
        if depth > 6:
            return None
        literal = literal_type(node)
        if literal is not None:
            return literal
        display = _DISPLAY_TYPES.get(type(node))
        if display is not None:
            return display
        kind = type(node)
        if kind is cst.Attribute:
            return (
                "int"
                if node.attr.value == "ndim"
                else ("torch.Size" if node.attr.value == "shape" else None)
            )  # type: ignore[attr-defined]
        if kind is cst.Subscript:
            base = self.of(node.value, depth + 1)  # type: ignore[attr-defined]
            if base != "torch.Size" or len(node.slice) != 1:  # type: ignore[attr-defined]
                return None
            index = node.slice[0].slice  # type: ignore[attr-defined]
            if type(index) is cst.Slice:
                return "torch.Size"
            return "int" if type(index) is cst.Index else None
        if kind is cst.Call:
            return self._call(node, depth)  # type: ignore[arg-type]
        if kind is cst.UnaryOperation:
            if type(node.operator) is cst.Not:  # type: ignore[attr-defined]
                return "bool"
            inner = self.of(node.expression, depth + 1)  # type: ignore[attr-defined]
            return inner if inner in _NUMBERS else None
        if kind is cst.BinaryOperation:
            return self._binary(node, depth)  # type: ignore[arg-type]
        if kind is cst.Comparison:
            if all(type(c.operator) in (cst.Is, cst.IsNot) for c in node.comparisons):  # type: ignore[attr-defined]
                return "bool"
            operands = [node.left, *(c.comparator for c in node.comparisons)]  # type: ignore[attr-defined]
            if all(self.of(o, depth + 1) in (*_NUMBERS, "str", "bool") for o in operands):
                return "bool"
            return None
        if kind in (cst.BooleanOperation, cst.IfExp):
            parts = (
                (node.left, node.right)  # type: ignore[attr-defined]
                if kind is cst.BooleanOperation
                else (node.body, node.orelse)  # type: ignore[attr-defined]
            )
            found = {self.of(p, depth + 1) for p in parts}
            if None in found:
                return None
            return found.pop() if len(found) == 1 else "Python value"
        if kind is cst.Name:
            return self._name(node.value, depth)  # type: ignore[attr-defined]
        return None

    def _call(self, node: cst.Call, depth: int) -> Optional[str]:
        func = node.func
        if type(func) is cst.Attribute:
            method = func.attr.value
            if method in _INT_METHODS and not node.args:
                return "int"
            if method == "size":
                return "int" if node.args else "torch.Size"
            if method == "item" and not node.args:
                return "number"
            if method == "tolist" and not node.args:
                return "list"
        name = self.ctx.qualified_name(func) or ""
        if name in _TYPE_CALLS:
            return _TYPE_CALLS[name]
        if name in _BOOL_CALLS:
            return "bool"
        if name in _INT_MATH:
            return "int"
        if name.startswith("math.") and name.count(".") == 1:
            return "float"
        if name in ("builtins.max", "builtins.min") and len(node.args) >= 2:
            if any(a.star or a.keyword is not None for a in node.args):
                return None
            found = {self.of(a.value, depth + 1) for a in node.args}
            if not found <= set(_NUMBERS):
                return None
            return found.pop() if len(found) == 1 else "number"
        return None

    def _binary(self, node: cst.BinaryOperation, depth: int) -> Optional[str]:
        left = self.of(node.left, depth + 1)
        right = self.of(node.right, depth + 1)
        operator = type(node.operator)
        if left == "str" and (right == "str" or operator is cst.Modulo):
            return "str"
        if left not in _NUMBERS or right not in _NUMBERS:
            return None
        if operator in (cst.Divide,) or "float" in (left, right):
            return "float"
        if left == right == "int" and operator in (
            cst.Add,
            cst.Subtract,
            cst.Multiply,
            cst.FloorDivide,
            cst.Modulo,
        ):
            return "int"
        return "number"

    def _name(self, name: str, depth: int) -> Optional[str]:
        bound = assignments(self.function, name)
        param = self.params.get(name)
        if param is not None:
            if bound or param.annotation is None:
                return None
            return literal_annotation(self.ctx, param.annotation.annotation)
        if not bound:
            return None
        found = set()
        for value, _position, size in bound:
            if size == 1:
                found.add(self.of(value, depth + 1))
            elif self.of(value, depth + 1) == "torch.Size":
                found.add("int")  # `b, t, d = x.shape`
            else:
                return None
        if None in found:
            return None
        return found.pop() if len(found) == 1 else "Python value"


def literal_annotation(ctx, annotation: cst.BaseExpression) -> Optional[str]:  # type: ignore[no-untyped-def]
    """``int`` / ``float`` / ``bool`` / ``str`` for an annotation naming that builtin."""
    found = SIMPLE_ANNOTATIONS.get(ctx.qualified_name(annotation) or "")
    return found if found in ("int", "float", "bool", "str") else None


def returned_values(function: cst.FunctionDef) -> Optional[list[cst.Return]]:
    """The ``return`` statements of ``function`` (nested functions left out) when its body
    ends in a ``return`` or ``raise`` (no path falls off the end to return None), else None."""
    if not ends_in_exit(function.body):
        return None
    found: list[cst.Return] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.Return:
            found.append(node)  # type: ignore[arg-type]
        elif type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not function:
            return False
        return None

    walk(function, enter, lambda node: None)
    return found


def _untyped_namedtuples(ctx) -> dict[str, tuple[list[str], dict[str, cst.BaseExpression]]]:  # type: ignore[no-untyped-def]
    """Module-level ``Name = collections.namedtuple("Name", fields[, defaults=[...]])`` of this
    file, each name bound once -> (its fields, the defaults of the last fields)."""
    found: dict[str, tuple[list[str], dict[str, cst.BaseExpression]]] = {}
    bound: dict[str, int] = {}
    for stmt in ctx.module.body:
        if type(stmt) in (cst.FunctionDef, cst.ClassDef):
            bound[stmt.name.value] = bound.get(stmt.name.value, 0) + 1
            continue
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is not cst.Assign:
                continue
            for target in small.targets:
                if type(target.target) is cst.Name:
                    name = target.target.value
                    bound[name] = bound.get(name, 0) + 1
            value = small.value
            if (
                len(small.targets) != 1
                or type(small.targets[0].target) is not cst.Name
                or type(value) is not cst.Call
                or ctx.qualified_name(value.func) != "collections.namedtuple"
            ):
                continue
            fields = namedtuple_call_fields(value)
            if fields is None:
                continue
            defaults: dict[str, cst.BaseExpression] = {}
            for arg in value.args[2:]:
                if arg.keyword is None or arg.keyword.value not in ("defaults", "rename", "module"):
                    fields = None
                    break
                if arg.keyword.value == "rename":
                    fields = None  # renamed fields: their names are not the written ones
                    break
                if arg.keyword.value == "defaults":
                    if type(arg.value) not in (cst.List, cst.Tuple):
                        fields = None
                        break
                    values = [e.value for e in arg.value.elements]  # type: ignore[attr-defined]
                    if len(values) > len(fields) or any(
                        type(e) is cst.StarredElement
                        for e in arg.value.elements  # type: ignore[attr-defined]
                    ):
                        fields = None
                        break
                    defaults = dict(zip(fields[len(fields) - len(values) :], values))
            if fields is not None:
                found[small.targets[0].target.value] = (fields, defaults)  # type: ignore[attr-defined]
    return {name: value for name, value in found.items() if bound.get(name) == 1}


def _index_reads(
    function: cst.FunctionDef, name: str, indexes: dict[str, str]
) -> tuple[list[cst.Name], list[tuple[cst.Subscript, str]]]:
    """The reads of ``name`` in ``function`` other than ``name[i]`` with ``i`` a key of
    ``indexes``, and those subscripts with the container their index counts."""
    reads: list[cst.Name] = []
    per_module: list[tuple[cst.Subscript, str]] = []

    def look(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        if (
            type(child) is cst.Subscript
            and type(child.value) is cst.Name
            and child.value.value == name
            and len(child.slice) == 1
            and type(child.slice[0].slice) is cst.Index
            and type(child.slice[0].slice.value) is cst.Name
            and child.slice[0].slice.value.value in indexes
        ):
            per_module.append((child, indexes[child.slice[0].slice.value.value]))
            return False
        if type(child) is cst.Name and child.value == name:
            reads.append(child)
        return None

    for statement in function.body.body:  # type: ignore[attr-defined]
        walk(statement, look, lambda child: None)
    return reads, per_module


def _tuple_annotation(ctx, annotation: cst.BaseExpression) -> bool:  # type: ignore[no-untyped-def]
    """``Tuple[...]`` / ``tuple[...]`` (subscripted), or ``Optional`` of one."""
    if type(annotation) is not cst.Subscript:
        return False
    name = ctx.qualified_name(annotation.value)
    if name in ("typing.Tuple", "builtins.tuple"):
        return True
    if name == "typing.Optional" and len(annotation.slice) == 1:
        inner = annotation.slice[0].slice
        return type(inner) is cst.Index and _tuple_annotation(ctx, inner.value)
    return False
