"""TL215: calls whose arguments no TorchScript overload of the ``aten::`` op takes."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple, Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, parameter
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    built_number_type,
    class_annotations,
    class_def,
    class_methods,
    constant_attributes,
    dead_in_script,
    enum_member,
    has_constants,
    in_script,
    inferred_tensor_parameter,
    is_enum_class,
    is_none,
    literal_type,
    pruned_by_constant,
    self_assignments,
    self_attribute,
    signature_params,
    tensor_container,
    tuple_valued,
)

# Binary operators TorchScript resolves to aten:: overloads (none takes a Union).
ARITHMETIC = (
    cst.Add,
    cst.Subtract,
    cst.Multiply,
    cst.Divide,
    cst.FloorDivide,
    cst.Modulo,
    cst.Power,
    cst.MatrixMultiply,
)

# Defaults that a Python wrapper fills in eager but TorchScript's schemas lack (TorchScript
# calls the aten op, never the wrapper in torch/_tensor.py).
EAGER_DEFAULTS = {
    ("norm", "p"): "Tensor.norm's eager default p='fro' is the 2-norm over one or two dims: `p=2`",
}


class Argument(NamedTuple):
    name: str
    keyword_only: bool
    default: bool
    varargs: bool  # a list the frontend also fills from the remaining positionals
    takes_tensor: bool = True  # False: a Tensor value converts to no value of its type


Overload = tuple[Argument, ...]


# Builtins that take an enum member as it is in TorchScript: a type test, printing, `str` (its
# own text there), `hash`, `id`, containers holding members.
ENUM_TAKING_BUILTINS = frozenset(
    f"builtins.{name}"
    for name in ("isinstance", "print", "str", "repr", "hash", "id", "list", "tuple", "dict", "len")
)


# Python builtins whose TorchScript forms take fewer arguments (torch 2.13: "Arguments for call
# are not valid"): `int(s, 16)` has no base, `pow(a, b, m)` no modulus.
BUILTIN_ARITY = {
    "builtins.int": (1, "parse the number outside scripted code (an attribute set in __init__)"),
    "builtins.pow": (
        2,
        "reduce modulo m in a loop of int multiplications, or outside scripted code",
    ),
}


def parse_overloads(overloads: str, method: bool) -> list[Overload]:
    """The table's ``self,p=,dim!,keepdim!=,*,dtype,out|self,p=`` overloads as argument tuples
    (``!``: no Tensor value converts to the argument's type). For a method, only the overloads
    with a ``self`` (which the receiver fills), without it."""
    parsed = []
    for text in overloads.split("|"):
        arguments, keyword_only = [], False
        for part in text.split(",") if text else []:
            if part == "*":
                keyword_only = True
                continue
            varargs = part.endswith("+")
            name = part.rstrip("+")
            default = name.endswith("=")
            name = name.rstrip("=")
            takes_tensor = not name.endswith("!")
            arguments.append(
                Argument(name.rstrip("!"), keyword_only, default, varargs, takes_tensor)
            )
        if method:
            if not any(a.name == "self" for a in arguments):
                continue
            arguments = [a for a in arguments if a.name != "self"]
        parsed.append(tuple(arguments))
    return parsed


def missing(overload: Overload, positional: int, keywords: frozenset[str]) -> Optional[list[str]]:
    """The required arguments ``overload`` lacks for this call (empty: it binds), as the
    frontend's ``tryMatchSchema`` fills it: positionals first, in order, then keywords by name,
    then defaults. None when no added argument could make it bind (a keyword it has no
    argument for, a keyword for an argument already given positionally, too many positionals)."""
    used, seen, lacking = 0, set(), []
    for argument in overload:
        if not argument.keyword_only and used < positional:
            used = positional if argument.varargs else used + 1
        elif argument.name in keywords:
            seen.add(argument.name)
        elif argument.name == "self" and "input" in keywords:
            seen.add("input")  # the frontend's findInputWithName: `input=` names an aten `self`
        elif not argument.default:
            lacking.append(argument.name)
    if used < positional or seen != keywords:
        return None
    return lacking


def rejects_tensor(overload: Overload, positional: int, tensors: frozenset[int | str]) -> bool:
    """Whether one of the ``tensors`` (positional indices, keyword names) of a call the
    overload binds lands on an argument no Tensor converts to. A positional filling a list
    from the remaining positionals is an element, not the list: never counted."""
    index = 0
    for argument in overload:
        if not argument.keyword_only and index < positional:
            if argument.varargs:
                index = positional
                continue
            if index in tensors and not argument.takes_tensor:
                return True
            index += 1
        elif not argument.takes_tensor and (
            argument.name in tensors or (argument.name == "self" and "input" in tensors)
        ):
            return True
    return False


def accepts(
    overloads: Sequence[Overload],
    positional: int,
    keywords: frozenset[str],
    tensors: frozenset[int | str] = frozenset(),
) -> bool:
    """Whether some overload takes ``positional`` positional arguments and these keywords,
    with a Tensor at each of ``tensors`` (the other types aside: a call this says yes to may
    still fail, never the other way)."""
    return any(
        missing(o, positional, keywords) == [] and not rejects_tensor(o, positional, tensors)
        for o in overloads
    )


def bound_argument(overload: Overload, positional: int, key: int | str) -> Optional[str]:
    """The name of the argument of ``overload`` that positional ``key`` (an index) or keyword
    ``key`` binds to, as ``missing`` fills it (a positional past a list filled from the
    remaining positionals binds that list)."""
    if isinstance(key, str):
        return key if any(a.name == key for a in overload) else None
    index = 0
    for argument in overload:
        if argument.keyword_only or index >= positional:
            break
        if argument.varargs or index == key:
            return argument.name
        index += 1
    return None


# The value types whose `.get` default TorchScript checks here, by qualified name.
VALUE_TYPES = {
    "builtins.float": "float",
    "builtins.int": "int",
    "builtins.str": "str",
    "builtins.bool": "bool",
    "torch.Tensor": "Tensor",
}


def _value_type(ctx: LintContext, annotation: cst.Subscript) -> Optional[str]:
    element = annotation.slice[1].slice
    if not isinstance(element, cst.Index):
        return None
    return VALUE_TYPES.get(ctx.qualified_name(element.value) or "")


@functools.cache
def _covered() -> tuple[frozenset[str], frozenset[str]]:
    """The tensor methods and ``torch.X`` functions the table holds overloads for (none in an
    entry generated before the table had schemas)."""
    schemas = torchscript_table().get("schemas", {})
    return frozenset(schemas.get("tensor_methods", ())), frozenset(
        schemas.get("torch_functions", ())
    )


@functools.cache
def _overloads(name: str, method: bool) -> list[Overload]:
    return parse_overloads(torchscript_table()["schemas"]["ops"][name], method)


def _rotary(signature: str) -> str:
    """palm-pytorch's rotary embedding, called with an int and a device."""
    return (
        "import torch\nfrom torch import nn\n\n\nclass RotaryEmbedding(nn.Module):\n"
        "    def __init__(self, dim):\n        super().__init__()\n"
        "        inv_freq = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))\n"
        '        self.register_buffer("inv_freq", inv_freq)\n\n'
        f"    def forward(self, {signature}):\n"
        "        seq = torch.arange(max_seq_len, device=device, dtype=self.inv_freq.dtype)\n"
        '        return torch.einsum("i,j->ij", seq, self.inv_freq)\n\n\n'
        "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.rotary = RotaryEmbedding(4)\n\n    def forward(self, x):\n"
        "        return x + self.rotary(x.shape[-2], device=x.device)\n\n\n"
        "def inputs():\n    return [(torch.randn(3, 2),), (torch.randn(5, 2),)]\n"
    )


def _sampler(signature: str) -> str:
    """normflows' DiagGaussian: a sample shape built from the requested count."""
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        self.shape = (3,)\n\n"
        f"    def forward(self, x, {signature}):\n"
        "        eps = torch.randn((num_samples,) + self.shape, dtype=x.dtype)\n"
        "        return x + eps.sum()\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


# An IntEnum of stages; `BODY` is forward's body.
_STAGES = """
import enum

import torch
from torch import nn

class Stage(enum.IntEnum):
    STEM = 0
    LAST = 2

class Model(nn.Module):
    def forward(self, x):
        BODY

def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


# Functions made by `boolean_dispatch` (torch._jit_internal.boolean_dispatched, torch 2.13) ->
# the flags they dispatch on, each with its position (None: matched by keyword only).
BOOLEAN_DISPATCH: dict[str, tuple[tuple[str, Optional[int]], ...]] = {
    **{f"torch.nn.functional.max_pool{d}d": (("return_indices", 6),) for d in (1, 2, 3)},
    **{f"torch.nn.functional.adaptive_max_pool{d}d": (("return_indices", 2),) for d in (1, 2, 3)},
    **{f"torch.nn.functional.fractional_max_pool{d}d": (("return_indices", 4),) for d in (2, 3)},
    **{
        f"torch.{m}unique": (("return_inverse", 2), ("return_counts", 3))
        for m in ("", "functional.")
    },
    **{
        f"torch.{m}unique_consecutive": (("return_inverse", None), ("return_counts", None))
        for m in ("", "functional.")
    },
    **{f"torch.{m}lu": (("get_infos", 2),) for m in ("", "functional.")},
}
MODULE_CLASSES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})


def _enum_mixin(ctx: LintContext, name: str) -> Optional[str]:
    """``str`` / ``int`` for an Enum class of this file that subclasses it (``class P(str,
    Enum)``, ``IntEnum``, ``IntFlag``, ``StrEnum``), else None."""
    for statement in ctx.module.body:
        if isinstance(statement, cst.ClassDef) and statement.name.value == name:
            bases = {ctx.qualified_name(b.value) or "" for b in statement.bases}
            if not bases & {
                "enum.Enum",
                "enum.IntEnum",
                "enum.IntFlag",
                "enum.StrEnum",
                "enum.Flag",
            }:
                return None
            if bases & {"builtins.str", "enum.StrEnum"}:
                return "str"
            if bases & {"builtins.int", "enum.IntEnum", "enum.IntFlag"}:
                return "int"
            return None
    return None


def _int_display(value: cst.BaseExpression) -> bool:
    """A tuple or list display of number literals, one of them an int (``(2, 1)``,
    ``[2, 1.5]``)."""
    if type(value) not in (cst.Tuple, cst.List) or not value.elements:  # type: ignore[attr-defined]
        return False
    kinds = [literal_type(e.value) for e in value.elements]  # type: ignore[attr-defined]
    return all(k in ("int", "float") for k in kinds) and "int" in kinds


def _example(body: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


def _contains_display(node: cst.BaseExpression) -> Optional[tuple[str, str, str]]:
    """``k in [None, "F"]`` / ``k in (True, False)``: a list or tuple display holding a
    ``None`` or a bool literal, whose element type (``Optional[...]``, ``bool``) no list
    overload of ``aten::__contains__`` takes (the generated ``contains_display_elements``):
    (what the display holds, the type TorchScript gives it, the overloads' list types)."""
    if not isinstance(node, (cst.List, cst.Tuple)) or not node.elements:
        return None
    if any(isinstance(e, cst.StarredElement) for e in node.elements):
        return None
    table = torchscript_table().get("contains_display_elements")
    if not table:
        return None
    display = "list" if isinstance(node, cst.List) else "tuple"
    compiles = table["compiles"][display]
    overloads = ", ".join(f"`{t}`" for t in table["list_overloads"])
    values = [e.value for e in node.elements]
    if any(is_none(v) for v in values) and not any(k.startswith("Optional") for k in compiles):
        if display == "tuple":
            typed = "Tuple[NoneType, ...]"
        else:
            typed = "List[NoneType]" if all(is_none(v) for v in values) else "List[Optional[...]]"
        return f"{display} display holding `None`", typed, overloads
    if "bool" not in compiles and any(
        isinstance(v, cst.Name) and v.value in ("True", "False") for v in values
    ):
        typed = "List[bool]" if display == "list" else "Tuple[bool, ...]"
        return f"{display} display holding a bool", typed, overloads
    return None


class NoOverloadInScript(Rule):
    """Flags calls whose arguments no TorchScript overload of the torch op takes.

    ## What it does
    Finds, in code that `torch.jit.script` compiles, calls of a tensor method on a value the
    semantic model knows is a tensor (`x.norm(...)`), and calls of a `torch.X` function that
    TorchScript binds to an `aten::` op (`torch.sum(...)`), whose number of positional
    arguments and keyword names match none of the op's schemas (also `id(t)` of a tensor:
    TorchScript's only `id` is `prim::id(AnyClassType? x)`): a keyword no overload has
    (`x.sum(axis=0)`), a required argument that no overload with these keywords gets
    (`x.norm(dim=-1)`, `x.mean(keepdim=True)`), or too many positional arguments. It also
    finds calls passing, as a bare name, a parameter of the function that has neither
    annotation nor default (and is never rebound): TorchScript types it as Tensor, whatever
    callers pass, and the call is flagged when no overload that takes these names takes a
    Tensor there (`torch.arange(n, device=device)` with `def forward(self, n, *, device)`).
    Python builtins with more arguments than TorchScript's forms take are flagged too:
    `int(s, 16)` (no base) and `pow(a, b, m)` (no modulus). And an int literal given to a
    float argument of a `torch.nn.functional` function that
    TorchScript compiles from Python source (`F.interpolate(x, scale_factor=2)`,
    `F.normalize(x, p=2)`, `F.dropout(x, 0)`, `F.leaky_relu(x, 0)`): TorchScript converts no
    int to a float there (`Expected a value of type 'float' for argument 'p' but instead found
    type 'int'`; `Arguments for call are not valid` for the overloaded `interpolate`). Which
    arguments those are is generated too (the table's `functional_float_arguments`: each
    compiles with `2.0` and fails with `2`); the same for the `torch.X` functions TorchScript
    compiles from `torch/functional.py`'s source (`torch.cdist(a, b, p=2)`: the table's
    `torch_functional_float_arguments`). The same for an `aten::` op whose every schema
    having the argument types it `float` / `float?` (a `Scalar` takes an int):
    `torch.dropout(x, 0, train)`, `F.cosine_similarity(a, b, eps=1)` (the table's
    `builtin_float_arguments`, generated the same way). And for a module attribute
    TorchScript types as an int, from its value, for every module of the class the file
    builds (`self.drop = drop` with `drop=0`, at the defaults where the file builds none)
    given to such an argument (`F.dropout(x, p=self.drop)`, `F.pad(x, pad, value=self.fill)`).
    And `d.get(key, default)` on a dict annotated
    `Dict[K, V]` (a parameter, a local, or `self.X` annotated in its class) whose default is a
    literal (or None) of another type than `V` (`float`, `int`, `str`, `bool`, `Tensor`):
    `aten::get(Dict(str, t) self, str key, t default_value)` binds `t` to the value type and
    converts nothing (an int default for `Dict[str, float]`: `Arguments for call are not
    valid`); also an empty `[]` / `list()` default for a dict of `List[T]` values, `T` no
    Tensor, and `{}` / `dict()` for one of dicts other than `Dict[str, Tensor]`
    (`self.pool_dims.get(mode, [])` with `Dict[str, List[int]]`): TorchScript types the empty
    display as `List[Tensor]` / `Dict[str, Tensor]`. And a tuple or list display given to an `int` argument of such a function
    (`F.normalize(x, dim=(2, 3))`, `F.glu(x, [1])`): eager's Python hands it on to an op that
    takes one (`Tensor.norm`), TorchScript matches it against the annotation (`Expected a
    value of type 'int' for argument 'dim' but instead found type 'Tuple[int, int]'`); which
    arguments those are is generated (the table's `functional_int_arguments`: each compiles
    with `1` and fails with `(1, 1)`).
    And a parameter annotated `Union[...]` (`A | B`, two or more types besides None, one no
    number), never rebound and never tested with `isinstance` / `torch.jit.isinstance` in
    the function (a test in a conditional expression that does not hold the call aside: `v =
    dt.item() if isinstance(dt, torch.Tensor) else dt` narrows its own two values only),
    given as it is to a `torch.X` op, a tensor method or a `torch.nn.functional`
    function (`F.avg_pool2d(x, kernel)` with `kernel: Union[int, Tuple[int, int]]`):
    TorchScript keeps the Union type until an `isinstance` test narrows it, and no schema or
    functional annotation takes a Union (torch 2.13: Arguments for call are not valid;
    `Union[int, float]` is left out, a Scalar takes it).

    The overloads are not a hand list: `benchmarks/torchscript_tables.py` reads every
    `aten::` schema of each public tensor method and `torch.X` function from torch
    (`torch._C._jit_get_schemas_for_operator`, as `torch.jit.supported_ops` lists them) and
    stores their argument names per torch version in `torchscript_tables.json`. Names that
    TorchScript compiles from Python source instead (`torch.norm`, `torch.stft`, the
    `torch.nn.functional` functions) are not in the table and never flagged, nor are calls
    with `*args` / `**kwargs` or receivers of unknown kind. Of the argument types, only what
    an unannotated parameter's Tensor proves is checked: the table marks each argument whose
    type no Tensor converts to (`bool`, `str`, `Device`, `Generator`, lists), each such claim
    confirmed by compiling calls; a Tensor does convert to `int`, `float` and `Scalar`, hence
    to a dtype, and a Tensor among the positionals a size list is filled from is one element
    (`torch.zeros(n, 3)`, `x.view(-1, n)` script). A tuple or list display holding such a
    parameter (also through a `+` of tuples: `(num_samples,) + self.shape`) is flagged where
    every overload that binds the call wants a list of numbers there (`int[]`, `SymInt[]`,
    `float[]`: the table's `number_lists`, read from the schemas): no list of numbers holds a
    Tensor. There a parameter with an int / float / bool / str default and no annotation
    counts too: TorchScript compiles the body with it a Tensor and checks the default only
    afterwards, so the call's error is the one torch reports. Operators are calls of `aten`
    ops too: a str repeated with `*` (`"-" * n`, `n * s`, `s *= n`, the str a literal, an
    f-string, `str(...)`, a parameter annotated `str` or a local bound only to one) and `|`
    / `|=` of two dicts (displays, parameters annotated `Dict[...]`, locals bound to them):
    torch 2.13 has no `aten::mul` for a str and an int and no `|` for dicts (`Arguments for
    call are not valid`); `*` of a list and `|` of ints or bools compile. And
    `torch.autograd.grad` with a Tensor for `outputs` or `inputs` (by position or keyword), or
    a Tensor or list display for `grad_outputs`: TorchScript's `aten::grad(Tensor[] outputs,
    Tensor[] inputs, Tensor?[]? grad_outputs=None, ...)` converts none of them (a local
    annotated `List[Optional[torch.Tensor]]` passes as `grad_outputs`). And, of Python's
    own operations: `xs.index(v, start)` on a list (a display, a parameter or local annotated
    `List[...]` or bound only to lists, a module attribute every method binds only to lists); an ordering comparison (`<`, `<=`, `>`, `>=`) with a
    tuple or list on either side (a display, a shape, a tuple attribute, a parameter or local
    annotated so: `(h, w) < self.min_size`); and `min(...)` / `max(...)` of one list display
    (or comprehension) of tuples or lists (`max([(h, w), (3, 3)])`). An enum member (`Cls.M`
    of an enum class of the file, a local bound only to members of one, a parameter annotated
    with the class) used as a number: an operand of arithmetic, unary minus, an ordering, `==`
    / `!=` with a number literal or size, an argument of a builtin (`range`, `int`, `max`,
    ...), a `torch` function or a tensor method, or an index. And `in` / `not in` whose
    container is a tensor or a list or tuple of tensors (a display, a value the kind inference
    knows holds tensors, a parameter or local annotated `List[Tensor]` / `Tuple[Tensor, ...]`).
    Also: a tuple or list display holding an int given for such a float argument
    (`scale_factor=(2, 1)`); a `return_indices` flag of `F.max_pool*d` /
    `F.adaptive_max_pool*d` / `F.fractional_max_pool*d`, a `return_inverse` / `return_counts`
    flag of `torch.unique` / `torch.unique_consecutive` or `get_infos` of `torch.lu`, that is
    no constant to TorchScript (an attribute not `Final`, a local: torch picks the function
    from the flag when it compiles the call, `Keyword argument 'return_indices' for boolean
    dispatch at position was not constant`); and `self.X == Member` (`!=`, `in` a tuple of members) where `self.X` holds a
    member of an Enum of the file that subclasses `str` or `int` (`class P(str, Enum)`,
    `IntEnum`), which TorchScript types from the instance as that str or int.
    And `== None` / `!= None` (either side): no TorchScript overload of `==` / `!=` takes None,
    whatever the other operand's type (a Tensor, an Optional, a number, a str, a list, None
    itself; a module's has no `__eq__`), where `is None` / `is not None` compile and refine an
    Optional.
    And `in` / `not in` with an enum member on the right (a member of a plain Enum or `Flag`
    of the file, or `self.X` bound only to members or `|` / `&` / `^` combinations of them:
    `Outputs.POOLED in self.want` with `self.want = Outputs.LOGITS | Outputs.POOLED`):
    TorchScript types it `Enum<Outputs>`, which has no `__contains__` (torch 2.13: Arguments
    for call are not valid).
    And `in` / `not in` a list or tuple display holding a `None` or a bool literal
    (`self.mode in [None, "F"]`, `flag in (True, False)`): TorchScript types the display
    `List[Optional[str]]` / `Tuple[NoneType, str]` / `List[bool]`, and `aten::__contains__` has
    list overloads for `List[int]`, `List[float]` and `List[str]` only (the generated
    `contains_display_elements`, each element type compiled; torch 2.13: Arguments for call
    are not valid), whatever the left side.

    ## Why is this bad?
    TorchScript matches a call against the op's schemas, without the Python wrappers' own
    defaults: `Tensor.norm` is a Python function with `p="fro"` in eager, but every
    `aten::norm` overload that has `dim` requires `p`, so `x.norm(dim=-1, keepdim=True)` runs
    in eager and `torch.jit.script` fails with `Arguments for call are not valid`.
    Likewise `def forward(self, max_seq_len, *, device)` is `(Tensor, Tensor)` to TorchScript,
    and no `aten::arange` overload takes a Tensor `device`: the same error, though every
    caller passes an int and a `torch.device`; `torch.randn((num_samples,) + self.shape)` in
    `def forward(self, num_samples=1)` fails the same way (`Expected a value of type 'int' for
    argument '<varargs>' but instead found type 'Tuple[Tensor, int]'`). TorchScript's list
    `index` takes the value only (`aten::index.list_int(int[] self, int el)`), its
    `dict.update` takes one dict and no keywords (`d.update(logits=y)`), its tuples and
    lists compare with `==` / `!=` only, and its `min` / `max` of a list take numbers or
    strings: each of those calls fails with `Arguments for call are not valid` (torch 2.13),
    where `s.index(sub, start)` of a str, `(h, w) == size`, `min(a, b)` of two tuples and
    `sorted(...)` of a list of tuples compile. TorchScript types an enum member as the enum,
    an `IntEnum`'s too (Python's is an int): `Level.FINE + 1`, `range(Level.FINE)`, `x.sum(
    Level.LOW)` find no overload (`Arguments for call are not valid`; `all inputs of range must
    be ints, found Enum<...>`), where `Level.FINE.value` and `==` of two members compile. Its
    `__contains__` takes lists of ints, floats and strs and dict keys, so `t in seen` of a
    `List[Tensor]` (or a tensor) is `Arguments for call are not valid`.

    ## Example
    ```python
    def forward(self, x):
        return x / x.norm(dim=-1, keepdim=True)
    ```
    Use instead:
    ```python
    def forward(self, x):
        return x / x.norm(2, dim=-1, keepdim=True)
    ```
    and annotate what is no Tensor: `def forward(self, max_seq_len: int, *, device: torch.device)`.

    ## Fix safety
    Safe fix: `Cls.M` of an `IntEnum` class of the file (a member bound to an int literal) used
    as a number -> `Cls.M.value` (Python's IntEnum member is an int equal to its value, so every
    int operation gives the same result). Safe fix for `norm` over one or two dims given as int literals with no `p`: `p=2`, which
    gives eager's `"fro"` result bit for bit (over more dims `"fro"` takes another path, and
    is left alone). Safe fix for `torch.split(x, split_size_or_sections=s)`, the Python
    function's own name for its second parameter: the sizes passed positionally (the same
    binding in eager; TorchScript's schemas call it `split_size` / `split_sizes`). Otherwise no fix: the message names the arguments the closest overload
    needs (`pass p explicitly`) or the keywords the op has, and the value is for the author to
    choose. Safe fixes for the operators, Python's own meaning of them: `s * n` of a string
    literal or name -> `"".join([s for _ in range(n)])`; `merged = a | b` of dicts (a
    statement of its own) -> `merged = a.copy()` (a display kept as it is) and
    `merged.update(b)`; `d |= b` -> `d.update(b)`; a Tensor for `outputs` / `inputs` of
    `torch.autograd.grad` -> `[y]` (Python's takes a Tensor as a one-element sequence).
    Unsafe fix for `xs.index(v, start)` (`start` a name, an attribute, an int literal or
    arithmetic of those): `start + xs[start:].index(v)` (`xs[start:end]` with an end), the
    same position and the same ValueError for a non-negative `start`; a negative one counts
    from the end in Python's `index`, where the rewrite adds it. Comparisons and `min` /
    `max` of tuples have no fix: the comparison meant is for the author to write.
    """

    code = "TL215"
    name = "no-overload-in-script"
    message = "no TorchScript overload takes these arguments"
    targets = SCRIPT

    VALID = [
        # A `Flag` member attribute compared with `==`: TorchScript's Enum has `==`.
        Valid(
            """
            import enum

            import torch
            from torch import nn

            class Outputs(enum.Flag):
                LOGITS = 1
                FEATURES = 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.want = Outputs.FEATURES

                def forward(self, x):
                    if self.want == Outputs.FEATURES:
                        return x.relu()
                    return x.sum(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Float attributes (a float default; a float given where the file builds the class),
        # and an int attribute where a Scalar takes it (`clamp`).
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Block(nn.Module):
                def __init__(self, drop=0, fill=0.0, low=0):
                    super().__init__()
                    self.drop = drop
                    self.fill = fill
                    self.low = low

                def forward(self, x):
                    x = F.dropout(x, p=self.drop, training=self.training)
                    return F.pad(x, [0, 1], value=self.fill).clamp(min=self.low)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = Block(drop=0.5)

                def forward(self, x):
                    return torch.dropout(self.block(x), 0.0, False)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # `torch.unique` given a `Final` flag and a literal one: constants to TorchScript.
        Valid(
            """
            import torch
            from torch import nn
            from typing import Final

            class Model(nn.Module):
                counted: Final[bool]

                def __init__(self, counted: bool = True):
                    super().__init__()
                    self.counted = counted

                def forward(self, x):
                    values, counts = torch.unique(x.round(), return_counts=self.counted)
                    runs, inverse = torch.unique_consecutive(x.round(), return_inverse=True)
                    return values.sum() + counts.sum() + runs.sum() + inverse.sum()

            def inputs():
                return [(torch.randn(6),), (torch.randn(9),)]
            """
        ),
        # `Union[int, float]` (a Scalar) in arithmetic; a `Number` narrowed by `isinstance`.
        Valid(
            """
            import torch
            from torch import nn
            from typing import Union
            import torch.types

            def shift(x: torch.Tensor, by: Union[int, float]) -> torch.Tensor:
                return x - by

            def damp(x: torch.Tensor, rate: torch.types.Number) -> torch.Tensor:
                if isinstance(rate, float):
                    return x * (1.0 - rate)
                return x

            class Model(nn.Module):
                def forward(self, x):
                    return damp(shift(x, 1), 0.25)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The Union parameter narrowed by `isinstance`, the call made in each branch.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn
            from typing import List, Union

            def shrink(x: torch.Tensor, size: Union[int, List[int]]) -> torch.Tensor:
                if isinstance(size, int):
                    return F.adaptive_avg_pool2d(x, size)
                return F.adaptive_avg_pool2d(x, size)

            class Model(nn.Module):
                def forward(self, x):
                    return shrink(x, 2)

            def inputs():
                return [(torch.randn(1, 2, 6, 6),), (torch.randn(2, 2, 4, 8),)]
            """
        ),
        # Float scale factors; a `Final` flag for `return_indices`; a str-mixin member compared by value.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            from enum import Enum


            class PoolType(str, Enum):
                AVG = "avg"
                MAX = "max"
            from typing import Final

            class Model(nn.Module):
                keep: Final[bool]

                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.keep = keep
                    self.pool_type = PoolType.MAX

                def forward(self, x):
                    x = F.interpolate(x, scale_factor=(2.0, 1.0), mode="nearest")
                    y, i = F.max_pool2d(x, 2, return_indices=self.keep)
                    if self.pool_type == PoolType.AVG.value:
                        return y.mean(1)
                    return y.amax(1)

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """
        ),
        # An enum member's `.value` is its int; members compare with members.
        Valid(
            _STAGES.replace(
                "BODY",
                "stage = Stage.LAST\n"
                "        if stage == Stage.LAST and stage != Stage.STEM:\n"
                "            x = x * (Stage.LAST.value + 1)\n"
                "        return x",
            )
        ),
        # `in` of an int and a list of ints (`aten::__contains__.int_list`).
        Valid(
            _example(
                "        dims: List[int] = [0, 1]\n"
                "        if x.dim() - 1 in dims and 5 not in [x.size(0)]:\n"
                "            x = x + 1\n"
                "        return x"
            ).replace("import torch\n", "from typing import List\n\nimport torch\n", 1)
        ),
        # A str's `index` takes a start; tuples compare with `==`; `min` of two tuples and
        # `sorted` of a list of tuples compile.
        Valid(
            _example(
                '        s = "abcab"\n'
                "        h, w = x.shape[0], x.shape[1]\n"
                "        low = min((h, w), (3, 3))\n"
                "        order = sorted([(2, 1), (1, 2)])\n"
                "        if (h, w) == (2, 3):\n"
                "            x = x * 2\n"
                '        return x * s.index("a", 1) + low[0] + order[0][0]'
            )
        ),
        Valid(
            _example(
                "        y = x / x.norm(2, dim=-1, keepdim=True) + x.norm()\n"
                "        y = y + x.sum(dtype=torch.float32) + x.mean(dim=0) + x.std(0, unbiased=False)\n"
                "        y = y + x.var(correction=0) + x.max(dim=-1).values.sum()\n"
                "        y = y.permute(1, 0).reshape(-1, 2).view(2, -1).flip(0, 1)\n"
                "        return torch.sum(y, dim=0) + torch.split(x, 1)[0].sum()"
            )
        ),
        Valid(_rotary("max_seq_len: int, *, device: torch.device")),
        Valid(_sampler("num_samples: int = 1")),
        # `*` of a list, `|` of ints and bools, `update` of a dict: TorchScript has these.
        Valid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    marks = ["-"] * 3
                    flags = 3 | 4
                    d = {"a": 1.0}
                    d.update({"b": 2.0})
                    return x * (len(marks) + flags) + d["b"]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # Under a `Final` flag TorchScript folds: the dropped branch is never compiled.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                debug: torch.jit.Final[bool]

                def __init__(self):
                    super().__init__()
                    self.debug = False

                def forward(self, x):
                    if self.debug:
                        rule = "-" * 3
                        x = x + len(rule)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # One dim for `F.normalize`, and the norm over a list of dims written out.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, feats):
                    norm = torch.linalg.vector_norm(feats, 2.0, dim=[1, 2], keepdim=True)
                    return feats / norm.clamp_min(1e-12) + F.normalize(feats, 2.0, 1)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 2),)]
            """
        ),
        # `in` a tuple display of strs, and a list of ints.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, mode: str = "F", k: int = 2):
                    super().__init__()
                    self.mode = mode
                    self.k = k

                def forward(self, x):
                    if self.mode in ("P", "F") and self.k not in [0, 1]:
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        # `in` a `Flag` combination held on the module: an Enum value has no `__contains__`.
        Invalid(
            """
            import enum

            import torch
            from torch import nn

            class Outputs(enum.Flag):
                LOGITS = 1
                FEATURES = 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.want = Outputs.LOGITS | Outputs.FEATURES

                def forward(self, x):
                    if Outputs.FEATURES in self.want:
                        return x.relu()
                    return x.sum(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=16,
            message_contains="Arguments for call are not valid",
        ),
        # A `torch.unique_consecutive` flag from an attribute: no constant to TorchScript.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, counted: bool = True):
                    super().__init__()
                    self.counted = counted

                def forward(self, x):
                    runs, counts = torch.unique_consecutive(x.round(), return_counts=self.counted)
                    return runs.sum() + counts.sum()

            def inputs():
                return [(torch.randn(6),), (torch.randn(9),)]
            """,
            line=10,
            message_contains="Keyword argument 'return_counts' for boolean dispatch at position was not constant",
        ),
        # A Union of numbers with a bool (no Scalar) in arithmetic and in a tensor method.
        Invalid(
            """
            import torch
            from torch import nn
            from typing import Union

            def damp(x: torch.Tensor, rate: Union[float, bool]) -> torch.Tensor:
                return x * (1.0 - rate)

            class Model(nn.Module):
                def forward(self, x):
                    return damp(x, 0.25)

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
            import torch.types

            def cap(x: torch.Tensor, limit: torch.types.Number) -> torch.Tensor:
                return x.clamp(max=limit)

            class Model(nn.Module):
                def forward(self, x):
                    return cap(x, 0.5)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="Arguments for call are not valid",
        ),
        # A Union parameter no `isinstance` narrows, given to a torch.nn.functional call.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn
            from typing import List, Union

            def shrink(x: torch.Tensor, size: Union[int, List[int]]) -> torch.Tensor:
                return F.adaptive_avg_pool2d(x, size)

            class Model(nn.Module):
                def forward(self, x):
                    return shrink(x, 2)

            def inputs():
                return [(torch.randn(1, 2, 6, 6),), (torch.randn(2, 2, 4, 8),)]
            """,
            line=7,
            message_contains="takes a Union: torch.jit.script fails (Arguments for call are not valid)",
        ),
        # A tuple of ints for the float `scale_factor`.
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
                    return F.interpolate(x, scale_factor=(2, 1), mode="nearest")

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=11,
            message_contains="holds an int for the float argument",
            fixed="""
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    pass

                def forward(self, x):
                    return F.interpolate(x, scale_factor=(2.0, 1.0), mode="nearest")

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
        ),
        # `return_indices` from an attribute: no constant to TorchScript.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.keep = keep

                def forward(self, x):
                    y, i = F.max_pool2d(x, 2, return_indices=self.keep)
                    return y, i

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=11,
            message_contains="boolean dispatch",
        ),
        # An attribute holding a str-mixin Enum member, compared with a member.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            from enum import Enum


            class PoolType(str, Enum):
                AVG = "avg"
                MAX = "max"

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.pool_type = PoolType.MAX

                def forward(self, x):
                    if self.pool_type == PoolType.AVG:
                        return x.mean(1)
                    return x.amax(1)

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=18,
            message_contains="subclasses str",
        ),
        Invalid(
            # An IntEnum member as a builtin's int argument.
            _STAGES.replace(
                "BODY", "for _ in range(Stage.LAST):\n            x = x * 2\n        return x"
            ),
            line=12,
            message_contains="Stage.LAST.value",
        ),
        Invalid(
            # An IntEnum member as a number: an Enum value to TorchScript.
            _STAGES.replace("BODY", "return x * (Stage.LAST + 1)"),
            line=12,
            message_contains="Stage.LAST.value",
        ),
        Invalid(
            # `in` of a list of tensors (a list a loop fills, annotated).
            _example(
                "        kept: List[torch.Tensor] = []\n"
                "        for k in range(3):\n"
                "            y = x * k\n"
                "            if y not in kept:\n"
                "                kept.append(y)\n"
                "        return torch.stack(kept).sum(0)"
            ).replace("import torch\n", "from typing import List\n\nimport torch\n", 1),
            line=12,
            message_contains="`in` / `not in` of a list of tensors",
        ),
        # Keywords to a dict's `update`.
        Invalid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x) -> Dict[str, torch.Tensor]:
                    out: Dict[str, torch.Tensor] = {"x": x}
                    out.update(probs=x.softmax(-1))
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="keyword arguments",
        ),
        # A list attribute's `index` with a start.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ids = [2, 1, 2]

                def forward(self, x):
                    return x * self.ids.index(2, 1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="list.index",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ids = [2, 1, 2]

                def forward(self, x):
                    return x * (1 + self.ids[1:].index(2))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, ids: List[int]):
                    first = ids.index(2)
                    second = ids.index(2, first + 1)
                    return x * (second - first)

            def inputs():
                return [(torch.randn(2, 3), [2, 1, 2]), (torch.randn(4, 3), [1, 2, 5, 2])]
            """,
            line=9,
            message_contains="list.index",
            fixed="""
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, ids: List[int]):
                    first = ids.index(2)
                    second = first + 1 + ids[first + 1:].index(2)
                    return x * (second - first)

            def inputs():
                return [(torch.randn(2, 3), [2, 1, 2]), (torch.randn(4, 3), [1, 2, 5, 2])]
            """,
        ),
        # A tuple attribute ordered against a tuple of sizes; `max` of a list of tuples.
        Invalid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, min_size: Tuple[int, int] = (3, 3)):
                    super().__init__()
                    self.min_size = min_size

                def forward(self, x):
                    h, w = x.shape[0], x.shape[1]
                    if (h, w) < self.min_size:
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="ordering comparison",
        ),
        Invalid(
            _example(
                "        h, w = x.shape[0], x.shape[1]\n"
                "        top = max([(h, w), (3, 3)])\n"
                "        return x * top[0]"
            ),
            line=8,
            message_contains="max()",
        ),
        Invalid(_example('        return x * int("ff", 16)'), line=7),
        Invalid(_example("        return x * pow(3, 4, 5)"), line=7),
        # torch.autograd.grad takes lists of tensors in TorchScript.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    x = x.detach().requires_grad_(True)
                    energy = self.fc(x).sum()
                    g = torch.autograd.grad(energy, x, create_graph=True)[0]
                    assert g is not None
                    return -g

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="Tensor[] outputs",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    x = x.detach().requires_grad_(True)
                    energy = self.fc(x).sum()
                    g = torch.autograd.grad([energy], [x], create_graph=True)[0]
                    assert g is not None
                    return -g

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # `str * int` and `dict | dict`: operators TorchScript has no overload of.
        Invalid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, name: str = "block"):
                    rule = "-" * (len(name) + 2)
                    return x + len(rule)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="no overload of aten::mul takes a str",
            fixed="""
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, name: str = "block"):
                    rule = "".join(["-" for _ in range(len(name) + 2)])
                    return x + len(rule)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        Invalid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, extra: Dict[str, float]):
                    base = {"a": 1.0, "b": 0.0}
                    opts = base | extra
                    base |= {"c": 1.0}
                    return x * opts["a"] + opts["b"] + base["c"]

            def inputs():
                return [(torch.randn(2, 3), {'b': 2.0}), (torch.randn(4, 3), {'a': 3.0})]
            """,
            line=10,
            message_contains="`|` of two dicts",
            fixed="""
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, extra: Dict[str, float]):
                    base = {"a": 1.0, "b": 0.0}
                    opts = base.copy()
                    opts.update(extra)
                    base.update({"c": 1.0})
                    return x * opts["a"] + opts["b"] + base["c"]

            def inputs():
                return [(torch.randn(2, 3), {'b': 2.0}), (torch.randn(4, 3), {'a': 3.0})]
            """,
        ),
        Invalid(
            _example("        return x / x.norm(dim=-1, keepdim=True)"),
            line=7,
            message_contains="pass `p` explicitly",
        ),
        Invalid(_example("        return x.mean(keepdim=True)"), line=7, message_contains="`dim`"),
        # `.get`'s default must be of the dict's value type.
        Invalid(
            """
            from typing import Dict
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.hparams: Dict[str, float] = {"temperature": 2.0}

                def forward(self, x):
                    return x * self.hparams.get("scale", 1) / self.hparams.get("temperature", 1.0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="`.get` default `1` for a dict of float values",
        ),
        # An int module attribute (an int default) for a float argument of `F.dropout`.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim: int = 4, drop=0):
                    super().__init__()
                    self.fc = nn.Linear(dim, dim)
                    self.drop = drop

                def forward(self, x):
                    return F.dropout(self.fc(x), p=self.drop, training=self.training)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="float argument `p` of `F.dropout`",
        ),
        # `F.pad`'s `value: Optional[float]`, given an int attribute positionally.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Pad(nn.Module):
                def __init__(self, fill):
                    super().__init__()
                    self.fill = fill

                def forward(self, x):
                    return F.pad(x, [0, 1], "constant", self.fill)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.pad = Pad(0)

                def forward(self, x):
                    return self.pad(x) * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="float argument `value` of `F.pad`",
        ),
        # aten ops whose schema types the argument `float` (no Scalar): a literal, an attribute.
        Invalid(
            _example("        return torch.dropout(x, 0, False)"),
            line=7,
            message_contains="`p` of `torch.dropout`",
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.eps = 1

                def forward(self, x):
                    return F.cosine_similarity(x, x.flip(0), eps=self.eps)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="`eps` of `torch.nn.functional.cosine_similarity`",
        ),
        # `F.interpolate` is compiled from Python source: its scale_factor is a float.
        Invalid(
            _example("        return torch.nn.functional.interpolate(x[None], scale_factor=2)"),
            line=7,
            message_contains="float argument `scale_factor`",
        ),
        Invalid(
            _example("        return torch.nn.functional.normalize(x, 2, -1)"),
            line=7,
            message_contains="float argument `p`",
        ),
        Invalid(_example("        return x.sum(axis=0)"), line=7, message_contains="`axis`"),
        Invalid(
            _example("        return torch.split(x, split_size_or_sections=1)[0]"),
            line=7,
            message_contains="aten::split",
            fixed=_example("        return torch.split(x, 1)[0]"),
        ),
        # The sizes by their Python name, then the dimension: passed positionally.
        Invalid(
            _example(
                "        a, b = torch.split(x, split_size_or_sections=[1, 2], dim=-1)\n"
                "        return a * b.sum(-1, keepdim=True)"
            ),
            line=7,
            message_contains="split_size_or_sections",
            fixed=_example(
                "        a, b = torch.split(x, [1, 2], dim=-1)\n"
                "        return a * b.sum(-1, keepdim=True)"
            ),
        ),
        Invalid(_example("        return x.max(keepdim=True)"), line=7, message_contains="max"),
        Invalid(
            _example("        return x.transpose(0, 1, 2)"),
            line=7,
            message_contains="positional",
        ),
        Invalid(_rotary("max_seq_len, *, device"), line=12, message_contains="`device=`"),
        Invalid(_sampler("num_samples=1"), line=11, message_contains="sequence holding a Tensor"),
        Invalid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, state: Optional[torch.Tensor] = None):
                    h = x if state == None else state
                    return h * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="Arguments for call are not valid",
        ),
        # A list of dims for `F.normalize`'s `dim: int`, given positionally: eager hands it on
        # to `Tensor.norm`, which takes one.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, feats):
                    return F.normalize(feats, 2.0, [1, 2])

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 2),)]
            """,
            line=7,
            message_contains="found type 'List[int]'",
        ),
        # `in` a list display holding None: `List[Optional[str]]`, which no list overload of
        # `__contains__` takes (int, float, str).
        Invalid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, mode: Optional[str] = None):
                    super().__init__()
                    self.mode = mode

                def forward(self, x):
                    if self.mode in [None, "F"]:
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="list display holding `None`",
        ),
    ]

    # heldout41: `in` of a display of enum members.
    VALID += [
        Valid(
            """
            import enum

            import torch
            from torch import nn

            class Mode(enum.Enum):
                SUM = 1
                GATED = 2
                CONCAT = 3

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mode = Mode.GATED

                def forward(self, x):
                    if self.mode == Mode.SUM or self.mode == Mode.GATED:
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID += [
        # torch 2.13: Arguments for call are not valid (no `aten::__contains__` list overload
        # takes enum members; the generated `contains_display_elements`).
        Invalid(
            """
            import enum

            import torch
            from torch import nn

            class Mode(enum.Enum):
                SUM = 1
                GATED = 2
                CONCAT = 3

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mode = Mode.GATED

                def forward(self, x):
                    if self.mode in (Mode.SUM, Mode.GATED):
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=17,
            message_contains="display of enum members",
        ),
    ]

    def _union_argument(self, node: cst.Call) -> bool:
        """``F.avg_pool2d(x, kernel)`` with ``kernel: Union[int, Tuple[int, int]]`` a parameter
        the function never rebinds nor tests with ``isinstance``: no schema of a torch op, and
        no annotation of a torch.nn.functional function, takes a Union (one of only numbers
        aside: a Scalar takes ``Union[int, float]``)."""
        function = self.ctx.function
        if function is None or dead_in_script(self.ctx):
            return False
        schemas = torchscript_table().get("schemas")
        if not schemas:
            return False  # a table with no schemas (another torch): nothing to match
        func = node.func
        name = self.ctx.qualified_name(func) or ""
        if name.startswith("torch.nn.functional."):
            op = name
        elif (
            type(func) is cst.Attribute
            and name == "torch." + func.attr.value
            and func.attr.value in schemas["torch_functions"]
        ):
            op = name
        elif (
            type(func) is cst.Attribute
            and func.attr.value in schemas["tensor_methods"]
            and self.ctx.kind(func.value) is Kind.TENSOR
            and not name.startswith("torch.")
        ):
            op = "Tensor." + func.attr.value
        else:
            return False
        unions = {
            p.name.value: p.annotation.annotation
            for p in signature_params(self.ctx, function)
            if p.annotation is not None and self._union(p.annotation.annotation)
        }
        for arg in node.args:
            value = arg.value
            returned = self._union_return(value)
            if returned is not None:
                callee, annotation = returned
                spelled = self.ctx.module.code_for_node(annotation)
                self.report(
                    node,  # torch 2.13 points at the call, not at the argument
                    f"`{callee}(...)` returns a `{spelled}` (its return annotation), and no "
                    f"TorchScript signature of `{op}` takes a Union: torch.jit.script fails "
                    "(Arguments for call are not valid); annotate the one type it returns, or "
                    "test `isinstance` on the result and call it in each branch",
                )
                return True
            if type(value) is not cst.Name or value.value not in unions:
                continue
            if assignments(function, value.value) or self._type_tested(function, value.value, node):
                continue
            spelled = self.ctx.module.code_for_node(unions[value.value])
            self.report(
                value,
                f"`{value.value}` is a `{spelled}` that no `isinstance` test narrows here, and "
                f"no TorchScript signature of `{op}` takes a Union: torch.jit.script fails "
                "(Arguments for call are not valid); test `isinstance` and call it in each "
                "branch, or annotate the one type callers pass",
            )
            return True
        return False

    def _union_return(self, value: cst.BaseExpression) -> Optional[tuple[str, cst.BaseExpression]]:
        """(callee, annotation) when ``value`` calls a method of this class (``self.size_of(x)``)
        or a function of this file whose return annotation is a Union (``_union``): TorchScript
        types the result by that annotation (torch 2.13: ``F.interpolate(y,
        size=self.size_of(x))`` with ``-> Union[Tuple[int], Tuple[int, int]]`` fails)."""
        if type(value) is not cst.Call:
            return None
        func = value.func
        target: Optional[cst.FunctionDef] = None
        if type(func) is cst.Attribute and type(func.value) is cst.Name:
            info = self.ctx.function_info
            function = self.ctx.function
            params = function.params.params if function is not None else []
            if (
                info is None
                or info.owner_class is None
                or not params
                or func.value.value != params[0].name.value
            ):
                return None
            name = func.attr.value
            target = next(
                (m for m in class_methods(self.ctx, info.owner_class) if m.name.value == name),
                None,
            )
            callee = f"{func.value.value}.{name}"
        elif type(func) is cst.Name:
            target = next(
                (
                    stmt
                    for stmt in self.ctx.module.body
                    if type(stmt) is cst.FunctionDef and stmt.name.value == func.value
                ),
                None,
            )
            callee = func.value
        if target is None or target.returns is None or target.decorators:
            return None
        annotation = target.returns.annotation
        return (callee, annotation) if self._union(annotation) else None

    def _union(self, annotation: cst.BaseExpression) -> bool:
        """``Union[A, B, ...]`` / ``A | B`` of two or more types other than None, one of them
        no number (``Union[int, float]`` is a Scalar to TorchScript), or numbers with a bool
        among them (``torch.types.Number``, ``Union[int, float, bool]``, ``Union[int,
        bool]``: no Scalar, torch 2.13 refuses them in arithmetic and torch calls)."""
        if self.ctx.qualified_name(annotation) == "torch.types.Number":
            return True
        if type(annotation) is cst.Subscript:
            if self.ctx.qualified_name(annotation.value) != "typing.Union":
                return False
            members = [e.slice.value for e in annotation.slice if type(e.slice) is cst.Index]
        elif type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
            members, stack = [], [annotation]
            while stack:
                current = stack.pop()
                if type(current) is cst.BinaryOperation and type(current.operator) is cst.BitOr:
                    stack.extend([current.left, current.right])
                else:
                    members.append(current)
        else:
            return False
        members = [m for m in members if not is_none(m)]
        numbers = ("builtins.int", "builtins.float", "builtins.bool", "builtins.complex")
        names = {self.ctx.qualified_name(m) for m in members}
        if len(names) >= 2 and names <= {"builtins.int", "builtins.float", "builtins.bool"}:
            return "builtins.bool" in names
        return len(members) >= 2 and any(self.ctx.qualified_name(m) not in numbers for m in members)

    def _union_operand(self, node: cst.BinaryOperation) -> bool:
        """``x * gamma`` with ``gamma: torch.types.Number`` (a Union of numbers with a bool, or a
        Union with a type no number) a parameter the function never rebinds nor tests with
        ``isinstance``: no TorchScript overload of the operator takes a Union (torch 2.13:
        Arguments for call are not valid)."""
        function = self.ctx.function
        if (
            function is None
            or type(node.operator) not in ARITHMETIC
            or not in_script(self.ctx)
            or dead_in_script(self.ctx)
        ):
            return False
        for operand in (node.left, node.right):
            if type(operand) is not cst.Name:
                continue
            name = operand.value
            param = next(
                (p for p in signature_params(self.ctx, function) if p.name.value == name), None
            )
            if (
                param is None
                or param.annotation is None
                or not self._union(param.annotation.annotation)
            ):
                continue
            if assignments(function, name) or self._type_tested(function, name):
                continue
            spelled = self.ctx.module.code_for_node(param.annotation.annotation)
            self.report(
                node,
                f"`{name}` is a `{spelled}` that no `isinstance` test narrows here, and no "
                "TorchScript overload of this operator takes a Union: torch.jit.script fails "
                "(Arguments for call are not valid); test `isinstance` and compute in each "
                "branch, or annotate the one type callers pass (`float`)",
            )
            return True
        return False

    def _type_tested(
        self, function: cst.FunctionDef, name: str, site: Optional[cst.CSTNode] = None
    ) -> bool:
        """Whether ``function`` calls ``isinstance`` / ``torch.jit.isinstance`` on ``name``.
        With ``site``, a test in a conditional expression that does not hold ``site`` is left
        out: it narrows its own two values only (``v = dt.item() if isinstance(dt, Tensor)
        else dt`` leaves ``dt`` a Union after it)."""
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if site is not None and type(child) is cst.IfExp and not _holds(child, site):
                return False
            if (
                type(child) is cst.Call
                and self.ctx.qualified_name(child.func)
                in ("builtins.isinstance", "torch.jit.isinstance")
                and child.args
                and type(child.args[0].value) is cst.Name
                and child.args[0].value.value == name
            ):
                found = True
            return False if found else None

        walk(function, enter, lambda child: None)
        return found

    def _id_of_tensor(self, node: cst.Call) -> bool:
        """``id(t)`` of a tensor (a parameter, a buffer, a computed one): TorchScript's only
        ``id`` is ``prim::id(AnyClassType? x) -> int``, which takes a class instance, so a
        Tensor matches no schema (torch 2.13: Expected a value of type
        'Optional[AnyClassType]' for argument 'x' but instead found type 'Tensor')."""
        if self.ctx.qualified_name(node.func) != "builtins.id" or len(node.args) != 1:
            return False
        arg = node.args[0]
        if arg.keyword is not None or arg.star or self.ctx.kind(arg.value) != Kind.TENSOR:
            return False
        self.report(
            node,
            "`id()` of a tensor in scripted code: TorchScript's `id` takes only a class "
            "instance (prim::id(AnyClassType? x)), so torch.jit.script fails (Expected a value "
            "of type 'Optional[AnyClassType]' ... found type 'Tensor'); key a cache by "
            "something TorchScript holds as a value (a name, the shape), or keep the cache "
            "out of scripted code",
        )
        return True

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx):
            return
        if any(arg.star for arg in node.args):
            return
        if self._enum_argument(node):
            return
        if self._boolean_dispatch(node):
            return
        if self._union_argument(node):
            return
        given = [arg.keyword.value for arg in node.args if arg.keyword is not None]
        keywords = frozenset(given)
        if "keepdims" in keywords:
            return  # numpy's spelling: TL205's own finding
        positional = sum(1 for arg in node.args if arg.keyword is None)
        if (
            given
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "update"
            and self._value_type(node.func.value) == "dict"
        ):
            pairs = ", ".join(
                f'"{arg.keyword.value}": {self.ctx.module.code_for_node(arg.value)}'
                for arg in node.args
                if arg.keyword is not None
            )
            self.report(
                node,
                "`d.update(...)` with keyword arguments in scripted code: TorchScript's "
                "`dict.update` takes one dict, no keywords (torch 2.13: Arguments for call "
                f"are not valid); pass a dict display: `.update({{{pairs}}})`",
            )
            return
        if self._id_of_tensor(node):
            return
        builtin = BUILTIN_ARITY.get(self.ctx.qualified_name(node.func) or "")
        if builtin is not None and len(node.args) > builtin[0]:
            short = self.ctx.module.code_for_node(node.func)
            self.report(
                node,
                f"torch.jit.script fails: TorchScript's `{short}()` takes at most {builtin[0]} "
                f"argument{'s' if builtin[0] > 1 else ''} (Arguments for call are not valid); "
                f"{builtin[1]}",
            )
            return
        if self._list_index_start(node) or self._min_max_of_sequences(node):
            return
        if self._int_for_float(node) or self._dict_get_default(node):
            return
        if self._tuple_for_int(node):
            return
        if self._autograd_grad(node):
            return
        target = self._target(node.func)
        if target is None:
            return
        name, method, spelled = target
        overloads = _overloads(name, method)
        if not overloads:
            return
        if accepts(overloads, positional, keywords):
            tensors = self._tensor_parameters(node)
            if tensors and not accepts(overloads, positional, keywords, frozenset(tensors)):
                self._report_tensors(node, name, overloads, positional, keywords, tensors)
            else:
                self._tensor_in_sequence(node, name, overloads, positional, keywords)
            return
        advice = self._advice(name, overloads, positional, given, spelled)
        self.report(
            node,
            f"torch.jit.script fails: no TorchScript overload of aten::{name} takes these "
            f"arguments (Arguments for call are not valid); {advice}",
        )

    # -- `torch.autograd.grad(y, x)`: TorchScript's takes lists
    def _autograd_grad(self, node: cst.Call) -> bool:
        if self.ctx.qualified_name(node.func) != "torch.autograd.grad":
            return False
        if pruned_by_constant(self.ctx):
            return True
        names = ("outputs", "inputs", "grad_outputs")
        for index, arg in enumerate(node.args):
            key = arg.keyword.value if arg.keyword is not None else None
            if key is None and index < len(names):
                key = names[index]
            if key in ("outputs", "inputs") and self.ctx.kind(arg.value) is Kind.TENSOR:
                text = cst.Module([]).code_for_node(arg.value)
                self.report(
                    arg,
                    f"a Tensor for `{key}` of `torch.autograd.grad` in scripted code: "
                    f"TorchScript's aten::grad takes `Tensor[] {key}` and converts no Tensor to "
                    "a list, so torch.jit.script fails (aten::grad(Tensor[] outputs, Tensor[] "
                    f"inputs, Tensor?[]? grad_outputs=None, ...)); pass `[{text}]`",
                )
                return True
            if key == "grad_outputs" and (
                self.ctx.kind(arg.value) is Kind.TENSOR or isinstance(arg.value, cst.List)
            ):
                self.report(
                    arg,
                    "`grad_outputs` of `torch.autograd.grad` in scripted code: TorchScript's "
                    "aten::grad takes `Tensor?[]? grad_outputs`, and neither a Tensor nor a list "
                    "display (a `List[Tensor]`) converts to it, so torch.jit.script fails; bind "
                    "the list to a local annotated `List[Optional[torch.Tensor]]` first",
                )
                return True
        return False

    # -- `xs.index(v, start)`: TorchScript's list.index takes the value only
    def _list_index_start(self, node: cst.Call) -> bool:
        func = node.func
        if (
            not isinstance(func, cst.Attribute)
            or func.attr.value != "index"
            or len(node.args) < 2
            or self._sequence_type(func.value) != "list"
        ):
            return False
        self.report(
            node,
            "`list.index(value, start)` in scripted code: TorchScript's list `index` takes the "
            "value only (torch 2.13: aten::index.list_int(int[] self, int el) and the like; Arguments for call are not "
            "valid); search the slice and add the offset (`start + xs[start:].index(value)`)",
        )
        return True

    # -- `max([(h, w), (a, b)])`: no TorchScript min / max of a list of tuples or lists
    def _min_max_of_sequences(self, node: cst.Call) -> bool:
        name = self.ctx.qualified_name(node.func)
        if name not in ("builtins.min", "builtins.max") or len(node.args) != 1:
            return False
        arg = node.args[0]
        if arg.keyword is not None or arg.star:
            return False
        value = arg.value
        if isinstance(value, cst.List) and value.elements:
            elements = [e.value for e in value.elements if isinstance(e, cst.Element)]
            if len(elements) != len(value.elements):
                return False
        elif isinstance(value, cst.ListComp):
            elements = [value.elt]
        else:
            return False
        if not all(isinstance(e, (cst.Tuple, cst.List)) for e in elements):
            return False
        short = name.rsplit(".", 1)[-1]
        self.report(
            node,
            f"`{short}()` of a list of tuples or lists in scripted code: TorchScript's "
            f"`{short}` of a list takes numbers, and it orders no tuples or lists (torch 2.13: "
            f"Arguments for call are not valid); compare the elements one by one, or "
            f"`{short}(a, b)` of two tuples, which compiles",
        )
        return True

    # -- `(h, w) < self.min_size`: TorchScript orders no tuples or lists
    def visit_Comparison(self, node: cst.Comparison) -> None:
        if not in_script(self.ctx) or self.ctx.function is None or pruned_by_constant(self.ctx):
            return
        left = node.left
        for target in node.comparisons:
            right = target.comparator
            if isinstance(target.operator, (cst.Equal, cst.NotEqual)) and (
                is_none(left) or is_none(right)
            ):
                if not dead_in_script(self.ctx):
                    self._compared_with_none(node, target.operator)
                return
            if isinstance(target.operator, (cst.In, cst.NotIn)):
                container = tensor_container(self.ctx, right)
                if container is not None:
                    self.report(
                        node,
                        f"`in` / `not in` of {container} in scripted code: TorchScript's "
                        "`__contains__` takes lists of ints, floats or strs and dict keys, none "
                        "a tensor or a list of tensors (torch 2.13: Arguments for call are not "
                        "valid); compare in a loop (`any([t is y for t in seen])` for "
                        "identity, `torch.equal(t, y)` for values)",
                    )
                    return
            if isinstance(target.operator, (cst.In, cst.NotIn)):
                display = _contains_display(right)
                if display is not None:
                    spelled, typed, overloads = display
                    self.report(
                        node,
                        f"`in` / `not in` of a {spelled} in scripted code: TorchScript types "
                        f"the display `{typed}`, and `__contains__` has list overloads for "
                        f"{overloads} only (torch 2.13: Arguments for call are not valid); "
                        "test the values apart (`x is None or x == ...`), or keep the "
                        "display to one of those element types",
                    )
                    return
            if isinstance(target.operator, (cst.In, cst.NotIn)) and self._enum_display(node, right):
                return
            if isinstance(target.operator, (cst.In, cst.NotIn)):
                held = self._enum_value(right)
                if held is not None and _enum_mixin(self.ctx, held[1]) is None:
                    spelled, cls = held
                    self.report(
                        node,
                        f"`in` / `not in` with `{spelled}` on the right in scripted code: it "
                        f"holds a member of the enum `{cls}` (a `Flag` combination built with "
                        "`|` is one too), and TorchScript's `in` takes a list, a dict or a str "
                        "on the right, no enum member or number (torch 2.13: Arguments for call "
                        "are not valid); test the flag outside scripted code and keep a bool "
                        f"(`self.want_x = {cls}.X in want`, in `__init__`)",
                    )
                    return
            member = self._enum_operand(left, right, target.operator)
            if member is not None:
                self._report_enum(node, member)
                return
            if isinstance(target.operator, (cst.Equal, cst.NotEqual, cst.In, cst.NotIn)):
                mixed = self._mixin_member_compared(left, right, target.operator)
                if mixed is not None:
                    attr, cls, mixin, member = mixed
                    self.report(
                        node,
                        f"torch.jit.script fails: `self.{attr}` holds a member of `{cls}`, an "
                        f"Enum that subclasses {mixin}, so TorchScript types the attribute "
                        f"from the instance as {mixin}, and no overload of the comparison "
                        f"takes a {mixin} and the enum member `{member}` (Arguments for call "
                        f"are not valid); compare with the member's value, `{member}.value`",
                    )
                    return
            if isinstance(
                target.operator,
                (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual),
            ):
                sides = [self._sequence_type(left), self._sequence_type(right)]
                if any(sides) and Kind.TENSOR not in (self.ctx.kind(left), self.ctx.kind(right)):
                    kind = next(side for side in sides if side)
                    self.report(
                        node,
                        f"an ordering comparison of a {kind} in scripted code: TorchScript "
                        "compares tuples and lists with `==` / `!=` only, so no overload of "
                        "`<` / `<=` / `>` / `>=` takes them (torch 2.13: Arguments for call are "
                        "not valid); compare the elements (`h < min_h or (h == min_h and w < "
                        "min_w)`, or `h < min_h and w < min_w` for what is usually meant)",
                    )
                    return
            left = right

    def _compared_with_none(self, node: cst.Comparison, operator: cst.BaseCompOp) -> None:
        """``state == None``: no TorchScript overload of ``==`` / ``!=`` takes None (not for a
        Tensor, an Optional, a number, a str, a list, nor None itself); ``is None`` is the
        test it refines Optionals with."""
        spelled, advice = ("==", "is") if type(operator) is cst.Equal else ("!=", "is not")
        self.report(
            node,
            f"`{spelled} None` in scripted code: no TorchScript overload of `{spelled}` takes "
            "None, whatever the other side's type (torch 2.13: Arguments for call are not "
            f"valid; a module's: object has no attribute or method '__{'eq' if spelled == '==' else 'ne'}__'); "
            f"test `{advice} None`, which TorchScript also uses to refine an Optional",
        )

    def _enum_operand(
        self,
        left: cst.BaseExpression,
        right: cst.BaseExpression,
        operator: cst.CSTNode,
    ) -> Optional[str]:
        """The enum member TorchScript finds no overload for in ``left <op> right``: any
        arithmetic or ordering with a member, and ``==`` / ``!=`` of a member and a number
        literal or size (members compare with members only)."""
        members = [enum_member(self.ctx, left), enum_member(self.ctx, right)]
        found = next((m for m in members if m is not None), None)
        if found is None:
            return None
        if isinstance(operator, (cst.Is, cst.IsNot)):
            return None
        if isinstance(operator, (cst.Equal, cst.NotEqual)):
            other = right if members[0] is not None else left
            number = isinstance(other, (cst.Integer, cst.Float)) or self.ctx.kind(other) in (
                Kind.SIZE,
                Kind.RANK,
            )
            return found if number else None
        if isinstance(operator, (cst.In, cst.NotIn)):
            return None  # `Level.A in levels`: a list of members is typed by its elements
        return found

    def _enum_display(self, node: cst.Comparison, right: cst.BaseExpression) -> bool:
        """``mode in (Mode.A, Mode.B)``: a list or tuple display of members of one enum class
        of this file (no ``str`` / ``int`` mixin), whose element type no list overload of
        ``aten::__contains__`` takes (the generated ``contains_display_elements``)."""
        if not isinstance(right, (cst.List, cst.Tuple)) or not right.elements:
            return False
        if any(isinstance(e, cst.StarredElement) for e in right.elements):
            return False
        table = torchscript_table().get("contains_display_elements")
        display = "list" if isinstance(right, cst.List) else "tuple"
        if not table or "Enum" in table["compiles"][display]:
            return False
        members = [enum_member(self.ctx, e.value) for e in right.elements]
        if not all(members):
            return False
        classes = {m.split(".")[0] for m in members if m is not None}
        if len(classes) != 1:
            return False
        cls = classes.pop()
        if _enum_mixin(self.ctx, cls) is not None:
            return False
        overloads = ", ".join(f"`{t}`" for t in table["list_overloads"])
        self.report(
            node,
            f"`in` / `not in` of a {display} display of enum members (`{cls}`) in scripted "
            f"code: `__contains__` has list overloads for {overloads} only, none of enum "
            "members (torch 2.13: Arguments for call are not valid); compare with each "
            f"member (`mode == {members[0]} or mode == ...`)",
        )
        return True

    def _enum_value(self, node: cst.BaseExpression) -> Optional[tuple[str, str]]:
        """(spelling, enum class) when ``node`` surely holds an enum member: a member of an
        enum class of this file (``Outputs.POOLED``, a local or parameter bound to members
        alone), or ``self.<attr>`` whose every binding in the class is a member or a ``|`` /
        ``&`` / ``^`` of members of one such class (a ``Flag`` combination), directly or
        through a parameter default the binding method never rebinds."""
        member = enum_member(self.ctx, node)
        if member is not None:
            return member, member.split(".")[0]
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return None
        if attr in class_annotations(self.ctx, info.owner_class):
            return None
        found: set[str] = set()
        for method in class_methods(self.ctx, info.owner_class):
            for value in self_assignments(method, attr):
                if isinstance(value, cst.Name):
                    param = parameter(method, value.value)
                    if param is None or param.default is None or assignments(method, value.value):
                        return None
                    value = param.default
                classes = self._member_classes(value)
                if not classes:
                    return None
                found |= classes
        if len(found) != 1:
            return None
        return f"self.{attr}", found.pop()

    def _member_classes(self, value: cst.BaseExpression) -> set[str]:
        """The enum classes of the members ``value`` combines (``A.X``, ``A.X | A.Y``), or
        an empty set when it is anything else."""
        if isinstance(value, cst.BinaryOperation) and isinstance(
            value.operator, (cst.BitOr, cst.BitAnd, cst.BitXor)
        ):
            left, right = self._member_classes(value.left), self._member_classes(value.right)
            return left | right if left and right else set()
        if (
            isinstance(value, cst.Attribute)
            and isinstance(value.value, cst.Name)
            and is_enum_class(self.ctx, value.value)
            and value.attr.value not in ("value", "name")
            and not value.attr.value.startswith("_")
        ):
            return {value.value.value}
        return set()

    def _mixin_member_compared(
        self, left: cst.BaseExpression, right: cst.BaseExpression, operator: cst.BaseCompOp
    ) -> Optional[tuple[str, str, str, str]]:
        """``self.pool_type == PoolType.AVG`` (either side; ``in`` a tuple of members) where
        ``self.pool_type`` holds a member of a ``str`` / ``int`` mixin Enum of this file:
        (attribute, class, mixin, the member compared)."""
        pairs = [(left, right)]
        if not isinstance(operator, (cst.In, cst.NotIn)):
            pairs.append((right, left))
        for held, other in pairs:
            attr = self_attribute(held)
            found = self._mixin_attribute(attr) if attr is not None else None
            if found is None:
                continue
            members = (
                [e.value for e in other.elements]
                if isinstance(other, (cst.Tuple, cst.List))
                and isinstance(operator, (cst.In, cst.NotIn))
                else [other]
            )
            for member in members:
                if (
                    isinstance(member, cst.Attribute)
                    and self.ctx.module.code_for_node(member.value) == found[0]
                    and enum_member(self.ctx, member) is not None
                ):
                    return attr, found[0], found[1], self.ctx.module.code_for_node(member)  # type: ignore[return-value]
        return None

    def _mixin_attribute(self, attr: str) -> Optional[tuple[str, str]]:
        """(class, mixin) when every binding of ``self.<attr>`` in the class is a member of one
        Enum class of this file that subclasses ``str`` or ``int`` (``IntEnum``, ``StrEnum``,
        ``class P(str, Enum)``), or a parameter of the binding method defaulting to one and
        never rebound there."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None:
            return None
        if attr in class_annotations(self.ctx, info.owner_class):
            return None
        found: set[str] = set()
        bound = False
        for method in class_methods(self.ctx, info.owner_class):
            for value in self_assignments(method, attr):
                bound = True
                if isinstance(value, cst.Name):
                    param = parameter(method, value.value)
                    if param is None or param.default is None or assignments(method, value.value):
                        return None
                    value = param.default
                if not isinstance(value, cst.Attribute) or not isinstance(value.value, cst.Name):
                    return None
                if value.attr.value in ("value", "name") or value.attr.value.startswith("_"):
                    return None
                found.add(value.value.value)
        if not bound or len(found) != 1:
            return None
        cls = found.pop()
        mixin = _enum_mixin(self.ctx, cls)
        return (cls, mixin) if mixin is not None else None

    def _enum_argument(self, node: cst.Call) -> bool:
        """An enum member given to a builtin (``range``, ``int``, ``max``, ...), a ``torch``
        function or a tensor method, whose schemas want an int (a function of the file may
        take the enum)."""
        if pruned_by_constant(self.ctx):
            return False
        func = node.func
        name = self.ctx.qualified_name(func) or ""
        torch_call = name.startswith("torch.") or (
            isinstance(func, cst.Attribute) and self.ctx.kind(func.value) is Kind.TENSOR
        )
        builtin = name.startswith("builtins.") and name not in ENUM_TAKING_BUILTINS
        if not (torch_call or builtin):
            return False
        for arg in node.args:
            member = enum_member(self.ctx, arg.value)
            if member is not None:
                self._report_enum(node, member)
                return True
        return False

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if not in_script(self.ctx) or self.ctx.function is None or pruned_by_constant(self.ctx):
            return
        for element in node.slice:
            if isinstance(element.slice, cst.Index):
                member = enum_member(self.ctx, element.slice.value)
                if member is not None:
                    self._report_enum(element.slice.value, member)
                    return

    def _report_enum(self, node: cst.CSTNode, member: str) -> None:
        self.report(
            node,
            f"the enum member `{member}` used as a number in scripted code: TorchScript types "
            "an enum member as the enum, an `IntEnum`'s too, and no overload of the operator "
            "or function takes it (torch 2.13: Arguments for call are not valid; `range` and a "
            "tensor index name the `Enum<...>` type they cannot take), where Python's "
            f"`IntEnum` member is an int; use its value, `{member}.value`",
        )

    def _sequence_type(self, node: cst.BaseExpression) -> Optional[str]:
        """``"tuple"`` / ``"list"`` for a value surely a tuple or list to TorchScript: a display
        or comprehension, a shape, a parameter or local annotated so, a tuple attribute."""
        if isinstance(node, cst.Tuple):
            return "tuple"
        if isinstance(node, (cst.List, cst.ListComp)):
            return "list"
        if self.ctx.kind(node) is Kind.SHAPE:
            return "shape"
        if tuple_valued(self.ctx, node) is not None:
            return "tuple"
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is not None and info is not None and info.owner_class is not None:
            return self._list_attribute(info.owner_class, attr)
        if not isinstance(node, cst.Name) or self.ctx.function is None:
            return None
        function = self.ctx.function
        found: set[Optional[str]] = set()
        param = parameter(function, node.value)
        if param is not None:
            annotation = param.annotation
            found.add(
                self._sequence_annotation(annotation.annotation) if annotation is not None else None
            )
        for value, _, size in assignments(function, node.value):
            if value is UNKNOWN_VALUE or size != 1:
                found.add(None)
            elif isinstance(value, (cst.List, cst.ListComp)):
                found.add("list")
            elif isinstance(value, cst.Tuple):
                found.add("tuple")
            else:
                found.add(None)
        return found.pop() if len(found) == 1 else None

    def _list_attribute(self, owner: str, attr: str) -> Optional[str]:
        """``"list"`` for ``self.ids`` every binding of which, in the class's methods, is a list
        display or ``list(...)`` (no class-body annotation)."""
        if attr in class_annotations(self.ctx, owner):
            return None
        values = [
            v for method in class_methods(self.ctx, owner) for v in self_assignments(method, attr)
        ]
        lists = [
            v
            for v in values
            if isinstance(v, (cst.List, cst.ListComp))
            or (isinstance(v, cst.Call) and self.ctx.qualified_name(v.func) == "builtins.list")
        ]
        return "list" if values and len(lists) == len(values) else None

    def _sequence_annotation(self, annotation: cst.BaseExpression) -> Optional[str]:
        base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
        name = self.ctx.qualified_name(base)
        if name in ("typing.List", "builtins.list"):
            return "list"
        if name in ("typing.Tuple", "builtins.tuple"):
            return "tuple"
        return None

    # -- `str * int` and `dict | dict`: operators no TorchScript overload takes
    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if not in_script(self.ctx) or self.ctx.function is None:
            return
        if pruned_by_constant(self.ctx):
            return
        member = self._enum_operand(node.left, node.right, node.operator)
        if member is not None:
            self._report_enum(node, member)
            return
        if self._union_operand(node):
            return
        self._operator(node, node.operator, node.left, node.right)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if not in_script(self.ctx) or self.ctx.function is None or pruned_by_constant(self.ctx):
            return
        if isinstance(node.operator, cst.Not):
            return  # a truth test: TL2's own concern, not an overload
        member = enum_member(self.ctx, node.expression)
        if member is not None:
            self._report_enum(node, member)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if not in_script(self.ctx) or self.ctx.function is None:
            return
        if pruned_by_constant(self.ctx):
            return
        operator = {cst.MultiplyAssign: cst.Multiply, cst.BitOrAssign: cst.BitOr}.get(
            type(node.operator)
        )
        if operator is not None:
            self._operator(node, operator(), node.target, node.value)

    def _operator(
        self,
        node: cst.CSTNode,
        operator: cst.BaseBinaryOp | cst.BaseAugOp,
        left: cst.BaseExpression,
        right: cst.BaseExpression,
    ) -> None:
        if isinstance(operator, cst.Multiply):
            text = next((side for side in (left, right) if self._value_type(side) == "str"), None)
            if text is None:
                return
            count = right if text is left else left
            code = cst.Module([]).code_for_node
            self.report(
                node,
                "a str repeated with `*` in scripted code: TorchScript's str has no `*` "
                "(torch 2.13: no overload of aten::mul takes a str and an int: Arguments for "
                'call are not valid); write `"".join([s for _ in range(n)])` '
                f'(`"".join([{code(text)} for _ in range({code(count)})])`)',
            )
        elif isinstance(operator, cst.BitOr):
            if self._value_type(left) == "dict" and self._value_type(right) == "dict":
                self.report(
                    node,
                    "`|` of two dicts in scripted code: TorchScript's dict has no `|` / `|=` "
                    "(torch 2.13: Arguments for call are not valid); copy the left dict "
                    "(`merged = a.copy()`) and `merged.update(b)`, which builds the same dict",
                )

    def _value_type(self, node: cst.BaseExpression, depth: int = 0) -> Optional[str]:
        """``"str"`` / ``"dict"`` for a value surely of that type: a literal or display, a
        parameter annotated so, or a local bound only to such values (or annotated so)."""
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
            return "str" if literal_type(node) == "str" else None
        if isinstance(node, cst.FormattedString):
            return "str"
        if isinstance(node, (cst.Dict, cst.DictComp)):
            return "dict"
        if isinstance(node, cst.Call) and self.ctx.qualified_name(node.func) == "builtins.str":
            return "str"
        function = self.ctx.function
        if not isinstance(node, cst.Name) or function is None or depth > 3:
            return None
        found: set[Optional[str]] = set()
        param = parameter(function, node.value)
        if param is not None:
            annotation = param.annotation
            found.add(
                self._annotation_type(annotation.annotation) if annotation is not None else None
            )
        # `d |= b` / `s *= n` keep the type (or fail themselves): not another binding.
        same_type_updates = 0

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal same_type_updates
            if (
                isinstance(child, cst.AnnAssign)
                and isinstance(child.target, cst.Name)
                and child.target.value == node.value
            ):
                found.add(self._annotation_type(child.annotation.annotation))
            if (
                isinstance(child, cst.AugAssign)
                and isinstance(child.target, cst.Name)
                and child.target.value == node.value
                and isinstance(child.operator, (cst.BitOrAssign, cst.MultiplyAssign))
            ):
                same_type_updates += 1
            return None

        walk(function.body, enter, lambda child: None)
        bound = assignments(function, node.value)
        unknown = [value for value, _, _ in bound if value is UNKNOWN_VALUE]
        for value, _, size in bound:
            if value is UNKNOWN_VALUE and len(unknown) == same_type_updates:
                continue
            found.add(self._value_type(value, depth + 1) if size == 1 else None)
        return found.pop() if len(found) == 1 else None

    def _annotation_type(self, annotation: cst.BaseExpression) -> Optional[str]:
        base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
        name = self.ctx.qualified_name(base)
        if name in ("builtins.str",):
            return "str"
        if name in ("typing.Dict", "builtins.dict"):
            return "dict"
        return None

    def _dict_get_default(self, node: cst.Call) -> bool:
        """``d.get(key, 1)`` on a dict annotated ``Dict[str, float]``: TorchScript's
        ``aten::get(Dict(str, t) self, str key, t default_value)`` wants the default of the
        value type, and converts no int to a float (nor None to a Tensor)."""
        func = node.func
        if not (
            isinstance(func, cst.Attribute)
            and func.attr.value == "get"
            and len(node.args) == 2
            and all(arg.keyword is None for arg in node.args)
        ):
            return False
        annotation = self._dict_annotation(func.value)
        if annotation is None:
            return False
        default = node.args[1].value
        if self._empty_container_default(node, annotation, default):
            return True
        value_type = _value_type(self.ctx, annotation)
        given = "None" if is_none(default) else literal_type(default)
        if value_type is None or given is None or given == value_type:
            return False
        text = cst.Module([]).code_for_node(default)
        fix = f"; write `{text}.0`" if value_type == "float" and given == "int" else ""
        self.report(
            node.args[1],
            f"torch.jit.script fails: the `.get` default `{text}` for a dict of {value_type} "
            "values (aten::get(Dict(str, t) self, str key, t default_value) wants the value "
            f"type and converts nothing: Arguments for call are not valid){fix}",
        )
        return True

    def _empty_container_default(
        self, node: cst.Call, annotation: cst.Subscript, default: cst.BaseExpression
    ) -> bool:
        """``d.get(key, [])`` on a dict annotated ``Dict[K, List[int]]`` (``list()``, and
        ``{}`` / ``dict()`` for ``Dict[K, Dict[...]]``): TorchScript types an empty list as
        ``List[Tensor]`` and an empty dict as ``Dict[str, Tensor]`` where nothing annotates
        it, and ``aten::get`` wants the default of the value type exactly."""
        if (
            type(default) is cst.List
            and not default.elements
            or type(default) is cst.Call
            and not default.args
            and self.ctx.qualified_name(default.func) == "builtins.list"
        ):
            empty, wanted = "list", ("typing.List", "builtins.list")
        elif (
            type(default) is cst.Dict
            and not default.elements
            or type(default) is cst.Call
            and not default.args
            and self.ctx.qualified_name(default.func) == "builtins.dict"
        ):
            empty, wanted = "dict", ("typing.Dict", "builtins.dict")
        else:
            return False
        element = annotation.slice[1].slice
        inner = element.value if isinstance(element, cst.Index) else None
        if not (
            isinstance(inner, cst.Subscript) and self.ctx.qualified_name(inner.value) in wanted
        ):
            return False
        items = [e.slice.value if isinstance(e.slice, cst.Index) else None for e in inner.slice]
        if any(item is None for item in items):
            return False
        default_types = ("torch.Tensor",) if empty == "list" else ("builtins.str", "torch.Tensor")
        if len(items) != len(default_types):
            return False
        names = []
        for item in items:
            name = None if isinstance(item, cst.Subscript) else self.ctx.qualified_name(item)  # type: ignore[arg-type]
            if name is None and not isinstance(item, cst.Subscript):
                return False  # a type not known: it may be the default's
            names.append(name)
        if names == list(default_types):
            return False  # List[Tensor] / Dict[str, Tensor]: the empty default's own type
        text = cst.Module([]).code_for_node(default)
        wanted_type = cst.Module([]).code_for_node(inner)
        made = "List[Tensor]" if empty == "list" else "Dict[str, Tensor]"
        self.report(
            node.args[1],
            f"torch.jit.script fails: the `.get` default `{text}` for a dict of "
            f"`{wanted_type}` values is typed `{made}` (an empty {empty} nothing annotates), "
            "and aten::get(Dict(str, t) self, str key, t default_value) wants the value type "
            "exactly (Arguments for call are not valid); bind the default to a local "
            f"annotated `{wanted_type}` first, or test `key in d`",
        )
        return True

    def _dict_annotation(self, value: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """The ``Dict[...]`` annotation of a parameter, of a local annotated in the current
        function, or of ``self.X`` annotated in its class (body, or ``self.X: ... =`` in a
        method)."""
        function = self.ctx.function
        if function is None:
            return None
        found: list[cst.BaseExpression] = []
        if isinstance(value, cst.Name):
            for param in [*function.params.params, *function.params.kwonly_params]:
                if param.name.value == value.value and param.annotation is not None:
                    found.append(param.annotation.annotation)
            root: Optional[cst.CSTNode] = function

            def matches(target: cst.BaseExpression) -> bool:
                return isinstance(target, cst.Name) and target.value == value.value

        else:
            attr = self_attribute(value)
            info = self.ctx.function_info
            if attr is None or info is None or info.owner_class is None:
                return None
            root = class_def(self.ctx, info.owner_class)

            def matches(target: cst.BaseExpression) -> bool:
                return (isinstance(target, cst.Name) and target.value == attr) or (
                    self_attribute(target) == attr
                )

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if isinstance(node, cst.AnnAssign) and matches(node.target):
                found.append(node.annotation.annotation)
            return None

        if root is not None:
            walk(root, enter, lambda node: None)
        dicts = {cst.Module([]).code_for_node(a) for a in found}
        if len(dicts) != 1:
            return None
        annotation = found[0]
        if not (
            isinstance(annotation, cst.Subscript)
            and self.ctx.qualified_name(annotation.value) in ("typing.Dict", "builtins.dict")
            and len(annotation.slice) == 2
        ):
            return None
        return annotation

    def _boolean_dispatch(self, node: cst.Call) -> bool:
        """``F.max_pool2d(x, 2, return_indices=self.keep)``, ``torch.unique(x,
        return_inverse=self.dedup)``: torch picks the function a flag names
        (``torch._jit_internal.boolean_dispatch``) when the flag is a constant to
        TorchScript: a literal, a ``Final`` / ``__constants__`` attribute."""
        name = self.ctx.qualified_name(node.func) or ""
        flags = BOOLEAN_DISPATCH.get(name)
        if flags is None:
            return False
        flag = keyword = None
        given, at = True, 0
        for arg_name, position in flags:
            for index, arg in enumerate(node.args):
                if (arg.keyword is None and index == position) or (
                    arg.keyword is not None and arg.keyword.value == arg_name
                ):
                    if literal_type(arg.value) != "bool":
                        flag, keyword = arg.value, arg_name
                        given = arg.keyword is not None
                        at = index
            if flag is not None:
                break
        if flag is None or keyword is None:
            return False
        if type(flag) is cst.Name and not (
            assignments(self.ctx.function, flag.value)
            or parameter(self.ctx.function, flag.value) is not None
        ):
            return False  # a global: TL207's finding
        attr = self_attribute(flag)
        info = self.ctx.function_info
        if attr is not None:
            if info is None or info.owner_class is None:
                return False
            if attr in constant_attributes(self.ctx, info.owner_class) or has_constants(
                self.ctx, info.owner_class
            ):
                return False
            if attr in class_annotations(self.ctx, info.owner_class):
                return False
            cls = class_def(self.ctx, info.owner_class)
            if cls is None or any(
                self.ctx.qualified_name(b.value) not in MODULE_CLASSES for b in cls.bases
            ):
                return False  # a base may make it a constant
        text = self.ctx.module.code_for_node(flag)
        error = (
            f"Keyword argument '{keyword}' for boolean dispatch at position was not constant"
            if given
            else f"Argument for boolean dispatch at position {at} was not constant"
        )
        self.report(
            node,
            f"torch.jit.script fails: `{keyword}={text}` of `{name.rpartition('.')[2]}` "
            "is no constant to TorchScript, which picks the function (with or without that "
            f"output) from the flag when it compiles the call ({error}); pass "
            "`True` / `False`, or annotate the attribute `Final[bool]`",
        )
        return True

    def _tuple_for_int(self, node: cst.Call) -> bool:
        """``F.normalize(x, dim=(2, 3))``: a tuple or list display for an ``int`` argument of a
        ``torch.nn.functional`` function TorchScript compiles from Python source (the table's
        ``functional_int_arguments``), where eager's Python hands the tuple on to an op that
        takes one."""
        name = self.ctx.qualified_name(node.func) or ""
        prefix = "torch.nn.functional."
        if not name.startswith(prefix):
            return False
        ints = torchscript_table().get("functional_int_arguments", {}).get(name[len(prefix) :])
        if not ints:
            return False
        positions = {position: argument for argument, position in ints.items()}
        for index, arg in enumerate(node.args):
            if arg.star:
                return False
            argument = arg.keyword.value if arg.keyword is not None else positions.get(index)
            if argument not in ints or type(arg.value) not in (cst.Tuple, cst.List):
                continue
            elements = arg.value.elements  # type: ignore[attr-defined]
            if not elements or any(type(e) is cst.StarredElement for e in elements):
                continue
            kind = "tuple" if type(arg.value) is cst.Tuple else "list"
            numbers = all(literal_type(e.value) == "int" for e in elements)
            if kind == "tuple":
                typed = "Tuple[{}]".format(", ".join(["int"] * len(elements)))
            else:
                typed = "List[int]"
            if not numbers:
                typed = "Tuple[...]" if kind == "tuple" else "List[...]"
            text = cst.Module([]).code_for_node(arg.value)
            short = name[len(prefix) :]
            how = (
                " (`x / torch.linalg.vector_norm(x, 2.0, dim=[2, 3], keepdim=True)"
                ".clamp_min(eps)` for `normalize`)"
                if short == "normalize"
                else ""
            )
            self.report(
                node,  # where torch points (the call, not the display a fixer would rewrite)
                f"torch.jit.script fails: `{text}`, a {kind}, for the int argument "
                f"`{argument}` of `F.{short}`: TorchScript compiles it from its "
                f"Python source, annotated `{argument}: int`, and takes one int there (torch "
                f"2.13: Expected a value of type 'int' for argument '{argument}' but instead "
                f"found type '{typed}'); call it over one dim, or write the op out with one "
                f"that takes a list of dims{how}",
            )
            return True
        return False

    def _int_for_float(self, node: cst.Call) -> bool:
        """``F.interpolate(x, scale_factor=2)``: an int literal for an argument of a
        ``torch.nn.functional`` function TorchScript compiles from Python source that takes a
        float there (the table's ``functional_float_arguments``)."""
        name = self.ctx.qualified_name(node.func) or ""
        prefix = "torch.nn.functional."
        table = torchscript_table()
        floats = table.get("builtin_float_arguments", {}).get(name)
        if floats:
            return self._int_for_builtin_float(node, name, floats)
        # `torch.cdist` is compiled from torch/functional.py's source as `F.*` are from theirs.
        if name.startswith("torch.functional."):
            name = "torch." + name[len("torch.functional.") :]
        floats = table.get("torch_functional_float_arguments", {}).get(name)
        shown = name
        if not floats and name.startswith(prefix):
            floats = table.get("functional_float_arguments", {}).get(name[len(prefix) :])
            shown = f"F.{name[len(prefix) :]}"
        if not floats:
            return False
        positions = {position: argument for argument, position in floats.items()}
        for index, arg in enumerate(node.args):
            argument = arg.keyword.value if arg.keyword is not None else positions.get(index)
            if argument not in floats:
                continue
            held = self._int_attribute(arg.value)
            if held is not None:
                self.report(
                    arg,
                    f"torch.jit.script fails: `{held}` is an int (TorchScript types a module "
                    "attribute by its value, an int literal here) given to the float argument "
                    f"`{argument}` of `{shown}`, which TorchScript compiles from "
                    "its Python source and converts no int to a float there (torch 2.13: "
                    "Expected a value of type 'float' (or 'Optional[float]') for argument "
                    f"'{argument}' but instead found type 'int', or Arguments for call are not "
                    "valid where the function is overloaded); store a float (`float(...)` in "
                    "`__init__`, or a float default)",
                )
                return True
            if _int_display(arg.value):
                # `scale_factor=(2, 1)`: TorchScript types the display Tuple[int, int] (a list
                # display List[int]) and converts it to no List[float].
                text = cst.Module([]).code_for_node(arg.value)
                self.report(
                    arg,
                    f"torch.jit.script fails: `{text}` holds an int for the float argument "
                    f"`{argument}` of `{shown}` (TorchScript compiles it from "
                    "its Python source and converts no int of a tuple or list display to a "
                    "float there: Arguments for call are not valid); write every number as a "
                    "float literal (`2.0`)",
                )
                return True
            if literal_type(arg.value) != "int":
                continue
            text = cst.Module([]).code_for_node(arg.value)
            self.report(
                arg,
                f"torch.jit.script fails: an int for the float argument `{argument}` of "
                f"`{shown}` (TorchScript compiles it from its Python source and "
                "converts no int to a float there: Expected a value of type 'float', or "
                f"Arguments for call are not valid); write `{text}.0`",
            )
            return True
        return False

    def _int_for_builtin_float(
        self, node: cst.Call, name: str, floats: dict[str, Optional[int]]
    ) -> bool:
        """``torch.dropout(x, 0, train)``, ``F.cosine_similarity(a, b, eps=self.eps)`` with
        an int ``eps``: an int for an argument every ``aten::`` overload having it types
        ``float`` / ``float?`` (the table's ``builtin_float_arguments``; a ``Scalar`` would
        take the int); the frontend converts no int to a float."""
        positions = {p: argument for argument, p in floats.items() if p is not None}
        for index, arg in enumerate(node.args):
            argument = arg.keyword.value if arg.keyword is not None else positions.get(index)
            if argument not in floats:
                continue
            held = self._int_attribute(arg.value)
            if held is None and literal_type(arg.value) != "int":
                continue
            what = (
                f"`{held}` is an int (TorchScript types a module attribute by its value, an "
                "int literal here)"
                if held is not None
                else f"`{cst.Module([]).code_for_node(arg.value)}` is an int"
            )
            self.report(
                arg,
                f"torch.jit.script fails: {what} given to `{argument}` of `{name}`, which "
                f"every aten schema of it types float, and TorchScript converts no int to a "
                f"float there (torch 2.13: Expected a value of type 'float' (or "
                f"'Optional[float]') for argument '{argument}' but instead found type 'int'); "
                "pass a float",
            )
            return True
        return False

    def _int_attribute(self, value: cst.BaseExpression) -> Optional[str]:
        """``self.drop`` where TorchScript types the attribute int for every module of the
        class this file builds, and the call is compiled as written."""
        if self_attribute(value) is None or built_number_type(self.ctx, value) != "int":
            return None
        if dead_in_script(self.ctx) or pruned_by_constant(self.ctx):
            return None
        return self.ctx.module.code_for_node(value)

    def _tensor_parameters(self, node: cst.Call) -> dict[int | str, str]:
        """The arguments (positional index or keyword) that are a parameter of the current
        function with neither annotation nor default, never rebound in it: TorchScript types
        each as Tensor, whatever callers pass. None under a ``# type:`` comment, which
        TorchScript reads as the signature."""
        function = self.ctx.function
        found: dict[int | str, str] = {}
        if function is None:
            return found
        positional = 0
        for arg in node.args:
            key: int | str = positional if arg.keyword is None else arg.keyword.value
            positional += arg.keyword is None
            if inferred_tensor_parameter(self.ctx, arg.value):
                found[key] = arg.value.value  # type: ignore[attr-defined]
        if found and self._type_comment():
            return {}
        return found

    def _tensor_in_sequence(
        self,
        node: cst.Call,
        name: str,
        overloads: list[Overload],
        positional: int,
        keywords: frozenset[str],
    ) -> None:
        """A tuple or list display (or a ``+`` of them) holding an unannotated parameter,
        given where every overload binding the call wants a list of numbers: TorchScript
        types the parameter as Tensor and converts such a sequence to no list of numbers."""
        numbers = frozenset(torchscript_table()["schemas"].get("number_lists", {}).get(name, ()))
        if not numbers or self._type_comment():
            return
        binding = [o for o in overloads if missing(o, positional, keywords) == []]
        index = 0
        for arg in node.args:
            key: int | str = index if arg.keyword is None else arg.keyword.value
            index += arg.keyword is None
            held = self._sequence_tensor(arg.value)
            if held is None:
                continue
            wanted = {bound_argument(o, positional, key) for o in binding}
            if not wanted or not wanted <= numbers:
                continue
            code = self.ctx.module.code_for_node(arg.value)
            listed = ", ".join(f"`{w}`" for w in sorted(wanted))
            self.report(
                node,
                f"torch.jit.script fails: `{code}` holds `{held}`, which has no annotation, so "
                f"TorchScript types it as Tensor, and no overload of aten::{name} takes a "
                f"sequence holding a Tensor for {listed}, a list of numbers (Arguments for call "
                f"are not valid); annotate `{held}: int`",
            )
            return

    def _sequence_tensor(self, value: cst.BaseExpression) -> Optional[str]:
        """The unannotated parameter a tuple / list display holds (through a ``+`` with no
        list side: ``[n] + [2]`` or ``x.shape[:-1] + (n,)`` fails at the ``+`` already)."""
        if type(value) is cst.BinaryOperation and type(value.operator) is cst.Add:
            if self._list_like(value.left) or self._list_like(value.right):
                return None
            return self._sequence_tensor(value.left) or self._sequence_tensor(value.right)
        if type(value) not in (cst.Tuple, cst.List):
            return None
        for element in value.elements:  # type: ignore[attr-defined]
            if type(element) is cst.Element and inferred_tensor_parameter(
                self.ctx, element.value, literal_defaults=True
            ):
                return element.value.value  # type: ignore[attr-defined]
        return None

    def _list_like(self, value: cst.BaseExpression) -> bool:
        """A list to TorchScript: a list display, ``list(...)``, a tensor's size
        (``x.shape[:-1]``, ``x.size()``)."""
        while type(value) is cst.Subscript:
            value = value.value  # type: ignore[attr-defined]
        if type(value) is cst.Call and type(value.func) is cst.Name:  # type: ignore[attr-defined]
            return value.func.value == "list"  # type: ignore[attr-defined]
        if type(value) is cst.Call and type(value.func) is cst.Attribute:  # type: ignore[attr-defined]
            func = value.func  # type: ignore[attr-defined]
            return func.attr.value == "size" and self.ctx.kind(func.value) is Kind.TENSOR
        if type(value) is cst.Attribute and value.attr.value == "shape":  # type: ignore[attr-defined]
            return self.ctx.kind(value.value) is Kind.TENSOR  # type: ignore[attr-defined]
        return type(value) in (cst.List, cst.ListComp)

    def _type_comment(self) -> bool:
        """A ``# type:`` comment, which TorchScript reads as the signature."""
        function = self.ctx.function
        return function is not None and "# type:" in self.ctx.module.code_for_node(function)

    def _report_tensors(
        self,
        node: cst.Call,
        name: str,
        overloads: list[Overload],
        positional: int,
        keywords: frozenset[str],
        tensors: dict[int | str, str],
    ) -> None:
        """Names the parameters no overload binding these names takes as a Tensor."""
        binding = [o for o in overloads if missing(o, positional, keywords) == []]
        culprits = [
            param
            for key, param in tensors.items()
            if all(rejects_tensor(o, positional, frozenset({key})) for o in binding)
        ] or list(tensors.values())
        listed = ", ".join(f"`{p}`" for p in culprits)
        where = ", ".join(
            f"`{key}=`" if isinstance(key, str) else f"positional argument {key + 1}"
            for key, param in tensors.items()
            if param in culprits
        )
        self.report(
            node,
            f"torch.jit.script fails: no TorchScript overload of aten::{name} takes a Tensor "
            f"for {where} (Arguments for call are not valid); {listed} has neither annotation "
            "nor default, so TorchScript types it as Tensor: annotate it with the type callers "
            "pass (`device: torch.device`, `keepdim: bool`, `size: List[int]`)",
        )

    def _target(self, func: cst.BaseExpression) -> Optional[tuple[str, bool, str]]:
        """(op name, a method call, how the call is spelled) for a call the table covers."""
        methods, functions = _covered()
        if isinstance(func, cst.Attribute) and func.attr.value in methods:
            if self.ctx.kind(func.value) is Kind.TENSOR:
                return func.attr.value, True, self.ctx.module.code_for_node(func)
        qualified = self.ctx.qualified_name(func) or ""
        module, _, name = qualified.rpartition(".")
        if module == "torch" and name in functions:
            return name, False, self.ctx.module.code_for_node(func)
        return None

    @staticmethod
    def _advice(
        name: str,
        overloads: list[Overload],
        positional: int,
        given: list[str],
        spelled: str,
    ) -> str:
        """The closest overload's missing arguments; else what no overload takes: a keyword,
        that many positionals, an argument given twice, these keywords together."""
        keywords = frozenset(given)
        candidates = [
            lacking
            for lacking in (missing(o, positional, keywords) for o in overloads)
            if lacking is not None
        ]
        if candidates:
            lacking = min(candidates, key=len)
            names = ", ".join(f"`{n}`" for n in lacking)
            known = [EAGER_DEFAULTS[(name, n)] for n in lacking if (name, n) in EAGER_DEFAULTS]
            hint = f" ({'; '.join(known)})" if known else ""
            shown = ", ".join(["..."] * positional + [f"{n}=..." for n in [*lacking, *given]])
            return f"pass {names} explicitly{hint}: `{spelled}({shown})`"
        taken = {a.name for o in overloads for a in o} - {"..."}
        if "self" in taken:
            taken.add("input")  # what `input=` names (see `missing`)
        unknown = sorted(keywords - taken)
        if unknown:
            listed = ", ".join(f"`{k}`" for k in unknown)
            if not taken:
                return f"no overload has {listed}: it takes no arguments"
            return f"no overload has {listed} (its arguments: {', '.join(sorted(taken))})"
        most = max(len([a for a in o if not a.keyword_only]) for o in overloads)
        if positional > most:
            if most == 0:
                return "it takes no positional arguments"
            return f"it takes at most {most} positional arguments"
        twice = sorted(
            {
                a.name
                for o in overloads
                for a in [a for a in o if not a.keyword_only][:positional]
                if a.name in keywords
            }
        )
        if twice:
            return f"{', '.join(f'`{n}`' for n in twice)} given both by position and by keyword"
        return f"no overload takes {', '.join(f'`{k}`' for k in sorted(keywords))} together"


def _holds(outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
    """Whether ``inner`` is ``outer`` or lies inside it."""
    found = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        found = found or child is inner
        return False if found else None

    walk(outer, enter, lambda child: None)
    return found
