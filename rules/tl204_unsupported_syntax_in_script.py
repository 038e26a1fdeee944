"""TL204: Python syntax the TorchScript compiler rejects."""

from __future__ import annotations

import builtins
from collections.abc import Iterable
from typing import Optional, Union

import libcst as cst

from torchlint.lint.context import DEFERRED_MESSAGE_CALLS
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, parameter
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import SINGLE_TENSOR_FUNCTIONS
from torchlint.lint.semantic.index import is_torch_module_class
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk
from torchlint.rules._graph import TENSOR_RESULT_METHODS
from torchlint.rules._perf import descendants
from torchlint.rules._script import (
    SCRIPT,
    class_annotations,
    class_methods,
    dead_in_script,
    has_constants,
    in_script,
    inferred_tensor_parameter,
    is_method,
    literal_type,
    self_assignments,
    self_attribute,
    signature_params,
    tuple_length,
    tuple_valued,
)

# Module containers whose iteration gives their modules (an `nn.ModuleDict` gives its keys).
SEQUENCE_CONTAINERS = frozenset(
    {
        "torch.nn.ModuleList",
        "torch.nn.Sequential",
        "torch.nn.modules.container.ModuleList",
        "torch.nn.modules.container.Sequential",
    }
)
PARAMETER_LISTS = frozenset({"torch.nn.ParameterList", "torch.nn.modules.container.ParameterList"})
Comprehension = Union[cst.ListComp, cst.DictComp, cst.GeneratorExp]
UNSUPPORTED_AUGMENTED = {cst.FloorDivideAssign: "//", cst.MatrixMultiplyAssign: "@"}
PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
# Tensor methods whose result is one Tensor (never a tuple or list), whatever their arguments.


# torch 2.13's message for a list display as a `for` / comprehension target.
LHS_MUST_BE = "lhs of assignment must be a variable, subscript, or starred expression"

# Visits of checks that are not syntax: TorchScript drops a guarded branch before it gets to
# types (truth tests of tuples, indexes past a tuple's end).
NOT_FRONTEND = (
    cst.If,
    cst.While,
    cst.IfExp,
    cst.Assert,
    cst.UnaryOperation,
    cst.BooleanOperation,
    cst.BinaryOperation,
    cst.Del,
    cst.Subscript,
    cst.AssignTarget,
    cst.StarredElement,
)


def _example(body: str, extra: str = "") -> str:
    """A runnable module whose forward holds ``body`` (indented 8 spaces in the source)."""
    return (
        "import torch\nfrom torch import nn\n" + extra + "\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n" + body + "\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


# The conversions TorchScript's `%` formatting has (torch 2.13, each run): no mapping key, flag,
# width or precision before them.
PERCENT_CONVERSIONS = frozenset("difFeEcs%")


def _percent_specifier(text: str) -> Optional[str]:
    """The first ``%`` specifier of ``text`` that TorchScript's ``%`` formatting lacks
    (``%(k)d``, ``%.2f``, ``%x``), as written up to its conversion, or None."""
    at = text.find("%")
    while 0 <= at < len(text) - 1:
        if text[at + 1] not in PERCENT_CONVERSIONS:
            end = at + 1
            if text[end] == "(":
                end = text.find(")", end) % len(text) + 1  # past the mapping key
            while end < len(text) and not text[end].isalpha():
                end += 1
            return text[at : end + 1]
        at = text.find("%", at + 2)
    return None


def _integer(node: cst.BaseExpression) -> Optional[int]:
    """The value of an integer literal (``2``, ``-1``), else None."""
    negative = type(node) is cst.UnaryOperation and type(node.operator) is cst.Minus
    if negative:
        node = node.expression  # type: ignore[attr-defined]
    if type(node) is not cst.Integer:
        return None
    value = int(node.value.replace("_", ""), 0)  # type: ignore[attr-defined]
    return -value if negative else value


def _single_tensor_call(ctx, node: cst.Call) -> bool:  # type: ignore[no-untyped-def]
    """``torch.tril_indices(n, n)``: a call of a torch function every TorchScript overload of
    which returns one Tensor (``nonzero`` without ``as_tuple=True``)."""
    name = ctx.qualified_name(node.func) or ""
    if not name.startswith("torch.") or name[6:] not in SINGLE_TENSOR_FUNCTIONS:
        return False
    return not any(arg.keyword is not None and arg.keyword.value == "as_tuple" for arg in node.args)


def _builtin_exception(name: Optional[str]) -> bool:
    """``builtins.ValueError`` and the other exception classes Python defines."""
    if name is None or not name.startswith("builtins."):
        return False
    found = getattr(builtins, name.split(".", 1)[1], None)
    return isinstance(found, type) and issubclass(found, BaseException)


# `nn.Sequential` as `ctx.held_class` names it.
SEQUENTIALS = frozenset({"torch.nn.Sequential", "torch.nn.modules.container.Sequential"})


class UnsupportedSyntaxInScript(Rule):
    """Flags Python syntax that `torch.jit.script` cannot compile.

    ## What it does
    Finds, in code that `torch.jit.script` compiles, each of these constructs and names it in
    the message: `lambda` (also the message of `torch._check(cond, lambda: ...)` and the
    other torch checks, which the other back-ends never run); `try`/`except`/`finally`; `global` and `nonlocal`; `yield`; `await`
    and `async def`; a nested `def` or `class`; the walrus `:=`; `match`; set displays and set
    comprehensions; comprehensions with an `if` filter or more than one `for`; `{**d}`;
    `for ... else` / `while ... else`; bytes literals; f-strings with a format spec, a
    conversion or a `=` specifier (`{v:.2f}`, `{v!r}`, `{v=}`); and `*` unpacking of a list or shape (`x.view(*x.shape)`,
    `[*x.shape, 1]`, `print(*items)`, a slice of a list `[*feats[1:], x]`, a module attribute
    every method binds only to a list `max(*self.kernel_sizes)`, no class-body annotation,
    `Final` or `__constants__`) or into a starred target (`*_, n = x.shape`); a list display
    as a store target (`[h, w] = x.shape[-2:]`, `for [a, b] in pairs:`, a comprehension's
    `for [a, b] in ...`, also inside a tuple target; not in a branch TorchScript drops); `**`
    keyword-argument expansion at a call (`f(x, **opts)`); the augmented assignments `//=` and
    `@=`; a local annotated without a value (`out: Tensor`); a store into a slice of a list
    (`shape[2:4] = [h, w]`, `s[1:] += [1]`, the list a display, `list(...)`, a shape, a name
    bound only to lists or annotated `List[...]`) and `del xs[a:b]`; `%` formatting of a string
    literal with a specifier TorchScript's `%` lacks (`"%(idx)d" % {"idx": i}`, `"%.2f" % v`,
    `"%4d" % n`, `"%x" % n`: only `%d`, `%i`, `%f`, `%F`, `%e`, `%E`, `%c`, `%s`, `%%`). Also a tuple used as a truth value
    (`if not dims:`, `x if self.pad else y`, `while t:`, `assert t`, an operand of `and` /
    `or` / `not`), where the tuple is a parameter annotated `Tuple[...]` / `tuple[...]`
    (`Optional` too), a local bound only to tuple displays, or a module attribute the class
    binds only to tuples (a display or `tuple(...)`, set in `__init__`, not annotated in the
    class body, no `Final` / `__constants__` in the class), and an integer index past the end
    of such a tuple whose length is known (`self.patch[2]` with `self.patch = (2, 2)`, `p[2]`
    with `p: Tuple[int, int]`), in any branch. And unpacking the items of an `nn.ModuleList` /
    `nn.Sequential` attribute (`for lin, act in self.layers:`, also through `enumerate`): each
    item is a module, and TorchScript unpacks no module (torch 2.13: `module cannot be used as
    a tuple`), where Python iterates each nested container; index the item instead. And `*`
    unpacking of an `nn.ParameterList` attribute (`torch.block_diag(*self.weights)`,
    `[*self.weights]`): TorchScript keeps it a module (torch 2.13: `module cannot be used as
    a tuple`); `list(self.weights)` scripts. So is a submodule unpacked whole (`conv_a,
    conv_b = self.convs` of an `nn.ModuleList`, `nn.Sequential`, `nn.ModuleDict`,
    `nn.ParameterList` or plain `torch.nn` module that `__init__` alone binds). And tuple
    unpacking of a Tensor: `for a, b in
    spans:` (also `for i, (a, b) in enumerate(spans)`, and over the pieces of `split` /
    `chunk` / `unbind` / `tensor_split`) and `a, b = spans[0]`, where `spans` is a parameter
    annotated `torch.Tensor`, or one with neither annotation nor default (TorchScript types it
    Tensor), never rebound (or rebound only by that unpacking, `input, batch_sizes, a, b =
    input`, which reads the parameter first), or a module attribute the class holds a tensor in (every `self.X
    = ...` an `nn.Parameter(...)`, or one `register_buffer` / `register_parameter` of a
    `torch` call), or a local every binding of which is such a tensor or a Tensor method's
    result (`qkv = self.qkv(x).reshape(...).permute(2, 0, 3, 1, 4)`, then `q, k, v = qkv`).
    Not a parameter some test of the function checks with `isinstance(p, C)`, `C` no Tensor
    class: TorchScript folds the test to a constant for a Tensor and compiles no code it rules
    out (`if not isinstance(packed, PackedSequence): return x` then `data, sizes, a, b =
    packed` scripts, torch 2.13).
    The syntax is flagged in branches an
    `is_scripting()` guard keeps from script too (`if not torch.jit.is_scripting():`, the
    code after `if torch.jit.is_scripting(): return ...`): the frontend converts the whole
    function before it drops such a branch. Types are not checked there (a tuple truth test,
    `*` over a list, calls TorchScript lacks: it never compiles the branch's types).
    A parenthesized tuple as a condition is flagged too (`assert (ok, "message")`, always true
    in Python: `Could not cast value of type Tuple[bool, str] to bool`), and so is an exception
    object as an assert message (`assert ok, ValueError("...")`: TorchScript raises
    `AssertionError(message)` and fails with `exception message cannot be used as a value`), and
    a tuple target unpacking a torch function every TorchScript overload of which returns one
    Tensor (`i, j = torch.tril_indices(n, n)`; the names are checked against torch's schemas).

    ## Why is this bad?
    The TorchScript frontend supports a subset of Python and raises on the rest, one construct
    at a time: `UnsupportedNodeError: Lambda aren't supported`, `try blocks aren't supported`,
    `global variables aren't supported`, `Yield aren't supported`, `function definitions aren't
    supported`, `class definitions aren't supported`, `NamedExpr aren't supported`, `Match aren't
    supported`, `Set aren't supported`, `NotSupportedError: Comprehension ifs are not supported
    yet`, `Only a single generator is currently supported`, `Dict expansion (e.g. {**dict}) is
    not supported`, `else branches of for loops aren't supported`, `Don't support formatting in
    JoinedStr`, and for `*` over a list (also one repeated or joined, `*([1] * n)`, `*(dims +
    [1])`): `cannot statically infer the expected size of a list in this context` (TorchScript
    sizes are `List[int]`; a `*` over a tuple is fine). It unpacks into names, tuples,
    subscripts and starred names only: a list display as a target fails with `unexpected
    expression on left-hand side of assignment` (`lhs of assignment must be a variable,
    subscript, or starred expression` as a loop's or a comprehension's), where Python unpacks
    into `[h, w]` as into `(h, w)`. A tuple has
    no truth value in TorchScript (lists, dicts, strings and sizes do): `Could not cast value
    of type Tuple[int] to bool`; test `len(t) > 0` instead. A tuple's length is part of its
    type, so an index past it fails when the function compiles, also in a branch that never
    runs for this module (`Tuple index out of range. Tuple is length 2 and index is 2`).
    Python unpacks a Tensor by iterating its first dimension; TorchScript unpacks only tuples
    and lists: `Tensor cannot be used as a tuple` (torch 2.13), where `a, b = t.unbind(0)`,
    `for row in t:` and `zip(t, u)` compile. That holds for what an `nn.Sequential` returns
    when given a Tensor (`q, k, v = self.to_qkv(x)`): TorchScript compiles its `forward`
    unrolled and a name keeps one type, so a scripted Sequential returns a Tensor. A list is stored into one element at a time:
    `Sliced expression not yet supported for subscripted assignment` (a tensor's slice takes a
    store), and `del statements only support deletion at a single index`. Its `%` formatting
    compiles any string and fails when the line runs on a mapping key, flag, width, precision
    or another conversion: `The specifier %( is not supported in TorchScript format strings`.
    `torch.compile` and `torch.export` accept all of these.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            act = lambda t: t * torch.sigmoid(t)
            keep = [c for c in x.chunk(4, -1) if c.numel() > 0]
            return act(torch.cat(keep, -1)).view(*x.shape)
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            keep: List[torch.Tensor] = []
            for c in x.chunk(4, -1):
                if c.numel() > 0:
                    keep.append(c)
            y = torch.cat(keep, -1)
            return (y * torch.sigmoid(y)).view(x.shape)
    ```

    ## Fix safety
    Unsafe fixes (`--unsafe-fixes`) for the constructs with one mechanical answer:
    `*` over a shape or list in a size argument of `view` / `reshape` / `expand` / `repeat` /
    `permute` / `tile` / `new_zeros` ... or `torch.zeros` / `ones` / `empty` / `rand` / `randn`
    -> one list (`y.view(x.shape)`, `y.reshape(list(y.shape[:-1]) + [h, -1])`), and
    `[*a, b]` -> `list(a) + [b]`; `name = [e for v in it if c]` (or several `for`) -> an
    annotated loop (`name: List[torch.Tensor] = []`, `append`), where the element is a tensor or
    an int, the filters test no size or tensor data and the loop names are used nowhere else
    (`return {k: f(v) for k, v in it if c}` under `-> Dict[K, V]`: a `Dict[K, V]` filled in
    the loop, then returned); `a, *b, c = seq` of a name or attribute -> `a, b, c = seq[0],
    seq[1:-1], seq[-1]` (the starred name a slice: a tuple's or a shape's slice is no list, and
    a too short sequence no longer raises ValueError); a set literal of int / string literals only tested with `in` -> a tuple; a `lambda` bound to a
    name, or a nested `def`, that reads nothing of the enclosing function -> a module-level
    function; an f-string whose specs are width / precision with `d`, `f`, `e`, `g` -> `%`
    formatting. Unsafe because each rewrite is exact only for the cases the linter can see (the
    receiver of `view` a tensor, the set's elements compared by value, the f-string's values
    numbers). `{**base, "k": v}` returned or bound to a name (one `**`, first, literal keys
    after it) -> `merged = base.copy()`, `merged["k"] = v`, then `merged` (the same dict, keys
    in the same order, for a dict `base`). Safe fix for a `match` on value patterns (literals,
    dotted names, `None` / `True` / `False`, `|` of them, guards, a last `case _:`): an `if` /
    `elif` / `else` chain testing `subject == value` (`is` for the singletons), the subject
    bound to a local first unless it is a name or a plain `self.<attr>` (Python runs the same
    branch). Safe fix: a loop's `else` -> `broke = False` before the loop, `broke = True` at
    each of the loop's own `break`s, `if not broke:` with the `else` body after it (Python
    runs the `else` exactly when no `break` left the loop; without a `break` its statements
    just follow the loop). `try`, `global`, walrus, other `match` patterns, `yield` and
    filters on sizes or tensor data have no fix: write the TorchScript form by hand.
    """

    code = "TL204"
    name = "unsupported-syntax-in-script"
    message = "Python syntax torch.jit.script does not support"
    targets = SCRIPT
    # True while guarded code is visited for frontend syntax only (`_frontend_syntax`).
    _frontend_only = False
    # ids of the lambdas given as `key=` to `sorted` / `.sort` in this file (`visit_Call`)
    _sort_keys: frozenset[int] = frozenset()

    VALID = [
        # Unpacked after an `isinstance` test TorchScript folds for a Tensor: never compiled.
        Valid(
            """
            import torch
            from torch import nn
            from torch.nn.utils.rnn import PackedSequence

            class Model(nn.Module):
                def forward(self, x, packed):
                    if not isinstance(packed, PackedSequence):
                        return x * 2
                    data, sizes, a, b = packed
                    return data

            def inputs():
                return [(torch.randn(2, 3), torch.randn(2, 3)), (torch.randn(4, 3), torch.randn(2, 3))]
            """
        ),
        # A ParameterList given as a list: TorchScript builds the list of its parameters.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ps = nn.ParameterList([nn.Parameter(torch.randn(2, 3)) for _ in range(3)])

                def forward(self, x):
                    return x + torch.stack(list(self.ps)).sum(0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(2, 3),)]
            """
        ),
        # Each item indexed with literals instead.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList(
                        [nn.ModuleList([nn.Linear(3, 3), nn.ReLU()]) for _ in range(2)]
                    )

                def forward(self, x):
                    for layer in self.layers:
                        x = layer[1](layer[0](x))
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import math

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    a, b = x.view(2, -1).unbind(0)
                    return (a + b) * math.pi

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # `%` formatting with the conversions TorchScript's `%` has.
        Valid(
            _example(
                "        label = 'rows=%d/%s %f %e 100%%' % (x.size(0), 'a', 0.5, 2.0)\n"
                "        return x * len(label)"
            )
        ),
        # A store into a slice of a tensor, and into one element of a list.
        Valid(
            _example(
                "        y = x.clone()\n"
                "        y[:, 1:] = 0.0\n"
                "        dims = list(y.shape)\n"
                "        dims[1] = -1\n"
                "        del dims[0]\n"
                "        return y.reshape(dims)"
            )
        ),
        # A Tensor's rows looped over whole, unbound into a list first, zipped.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, spans: torch.Tensor):
                    for row in spans:
                        x = x + row[0]
                    a, b = spans.unbind(1)
                    for s, e in zip(a, b):
                        x = x + s + e
                    return x

            def inputs():
                return [
                    (torch.randn(2, 3), torch.tensor([[0, 1], [1, 2]])),
                    (torch.randn(4, 3), torch.tensor([[0, 2]])),
                ]
            """
        ),
        # A guarded branch is dropped before types: a tuple truth test there is not compiled.
        Valid(
            _example(
                "        if not torch.jit.is_scripting():\n"
                "            dims = (1, 2)\n"
                "            if not dims:\n"
                '                raise ValueError("no dimensions")\n'
                "        return x"
            )
        ),
        Valid(
            _example(
                "        sizes = [d * 2 for d in range(x.dim())]\n"
                "        names = {str(i): i for i in range(2)}\n"
                "        total = sum(i for i in range(3))\n"
                "        t = (x.size(0), -1)\n"
                "        y = x.view(*t)\n"
                "        if x.dim() != 2:\n"
                "            raise ValueError(f'expected 2-D, got {x.dim()}-D')\n"
                "        return y * total + sizes[0] + names['1']"
            )
        ),
        # Lists and sizes have a truth value in TorchScript; a tuple's length does too.
        Valid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.dims = [1]
                    self.pad = (1, 1)

                def forward(self, x, extra: Tuple[int, int] = (0, 0)):
                    shape = x.shape
                    if self.dims and shape and len(self.pad) > 0 and len(extra) > 0:
                        return x * self.pad[-2] * extra[1]
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The same local unpacked through `unbind(0)`: a list of Tensors to TorchScript.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gate = nn.Linear(4, 8)

                def forward(self, x):
                    halves = self.gate(x).view(x.size(0), 2, 4).transpose(0, 1)
                    a, b = halves.unbind(0)
                    return a * torch.sigmoid(b)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """
        ),
        # An attribute holding a tuple of numbers unpacks; so would its modules' loop.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.convs = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])
                    self.scales = (2.0, 0.5)

                def forward(self, x):
                    up, down = self.scales
                    for conv in self.convs:
                        x = conv(x) * up * down
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The repeated list passed whole, not unpacked: TorchScript sizes it at run time.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, g):
                    g = g.reshape([g.shape[0], -1] + [1] * (x.dim() - 2))
                    return x * g

            def inputs():
                return [(torch.randn(2, 3, 4), torch.randn(2, 3)), (torch.randn(1, 3, 5), torch.randn(1, 3))]
            """
        ),
    ]
    INVALID = [
        # A parameter (a Tensor to TorchScript) unpacked by the statement that rebinds it.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, state):
                    state, scale = state
                    return x * scale + state

            def inputs():
                return [(torch.randn(2, 3), torch.randn(2, 3)), (torch.randn(4, 3), torch.randn(2, 3))]
            """,
            line=6,
            message_contains="tuple unpacking of a Tensor (`state`)",
        ),
        # A lambda as the message of a torch check: the other back-ends never call it.
        Invalid(
            _example(
                "        torch._check(x.shape[-1] == 3, lambda: 'three features')\n"
                "        return x * 2"
            ),
            line=7,
            message_contains="torch check",
        ),
        # `*` unpacking of a ParameterList in a list display: a module to TorchScript.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ps = nn.ParameterList([nn.Parameter(torch.randn(2, 3)) for _ in range(3)])

                def forward(self, x):
                    return x + torch.stack([*self.ps]).sum(0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(2, 3),)]
            """,
            line=10,
            message_contains="module cannot be used as a tuple",
        ),
        # The items of a ModuleList of ModuleLists are modules to TorchScript: no unpacking.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList(
                        [nn.ModuleList([nn.Linear(3, 3), nn.ReLU()]) for _ in range(2)]
                    )

                def forward(self, x):
                    for lin, act in self.layers:
                        x = act(lin(x))
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="module cannot be used as a tuple",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    import math

                    return x * math.pi

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="`import` statement",
        ),
        # Unpacking what a tensor method returns (a Tensor): Tensor cannot be used as a tuple.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    a, b = x.view(2, -1).transpose(0, 1).t()
                    return a + b

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="tuple unpacking of a Tensor",
        ),
        Invalid(
            _example(
                "        dims: List[int] = list(x.shape)\n"
                "        dims[0:2] = [dims[1], dims[0]]\n"
                "        return x.reshape(dims)",
                "from typing import List\n",
            ),
            line=9,
            message_contains="Sliced expression not yet supported",
        ),
        Invalid(
            _example(
                "        key = 'stage%(idx)d' % {'idx': x.size(0)}\n        return x * len(key)"
            ),
            line=7,
            message_contains="The specifier %( is not supported",
        ),
        Invalid(
            _example(
                "        dims = list(x.shape)\n        del dims[1:]\n        return x.sum(dims)"
            ),
            line=8,
            message_contains="del statements only support deletion at a single index",
        ),
        # A buffer's rows unpacked.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("pairs", torch.tensor([[0, 1], [1, 2]]))

                def forward(self, x):
                    for a, b in self.pairs:
                        x = x + a - b
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="Tensor cannot be used as a tuple",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, spans: torch.Tensor):
                    for start, end in spans:
                        x = x + start - end
                    return x

            def inputs():
                return [
                    (torch.randn(2, 3), torch.tensor([[0, 1], [1, 2]])),
                    (torch.randn(4, 3), torch.tensor([[0, 2]])),
                ]
            """,
            line=6,
            message_contains="Tensor cannot be used as a tuple",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, spans):
                    start, end = spans[0]
                    return x + start - end

            def inputs():
                return [
                    (torch.randn(2, 3), torch.tensor([[0, 1], [1, 2]])),
                    (torch.randn(4, 3), torch.tensor([[0, 2]])),
                ]
            """,
            line=6,
            message_contains="Tensor cannot be used as a tuple",
        ),
        # A filtered dict comprehension returned under `-> Dict[...]`: a loop fills the dict.
        Invalid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def parts(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
                    feats = {"a": x, "b": x * 2}
                    return {k: v.mean(0) for k, v in feats.items() if k != "b"}

                def forward(self, x):
                    return self.parts(x)["a"]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="comprehension with an `if` filter",
            fixed="""
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def parts(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
                    feats = {"a": x, "b": x * 2}
                    selected: Dict[str, torch.Tensor] = {}
                    for k, v in feats.items():
                        if k != "b":
                            selected[k] = v.mean(0)
                    return selected

                def forward(self, x):
                    return self.parts(x)["a"]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # A local bound only to a list: `zip(*pairs)` is a starred expansion TorchScript
        # rejects ("Unexpected starred expansion").
        Invalid(
            _example(
                "        pairs: List[Tuple[torch.Tensor, torch.Tensor]] = []\n"
                "        for k in range(2):\n"
                "            pairs.append((x * k, x + k))\n"
                "        firsts, seconds = zip(*pairs)\n"
                "        return torch.stack(list(firsts)) + torch.stack(list(seconds))",
                "from typing import List, Tuple\n",
            ),
            line=11,
            message_contains="unpacking of a list",
        ),
        # TorchScript converts the whole function before it drops a guarded branch.
        Invalid(
            _example(
                "        if not torch.jit.is_scripting():\n"
                "            sizes = {d for d in range(x.dim())}\n"
                "            x = x * len(sizes)\n"
                "        return x"
            ),
            line=8,
            message_contains="set comprehension",
        ),
        Invalid(
            _example("        act = lambda t: t * 2\n        return act(x)"),
            line=7,
            message_contains="lambda",
        ),
        Invalid(
            _example(
                "        try:\n            y = x.relu()\n        except RuntimeError:\n            y = x\n        return y"
            ),
            line=7,
            message_contains="try",
        ),
        Invalid(
            _example("        global CALLS\n        CALLS += 1\n        return x", "CALLS = 0"),
            line=7,
            message_contains="global",
        ),
        Invalid(
            _example("        def double(t):\n            return t * 2\n        return double(x)"),
            line=7,
            message_contains="nested",
        ),
        Invalid(
            _example(
                "        if (n := x.size(0)) > 1:\n            return x * n\n        return x"
            ),
            line=7,
            message_contains=":=",
        ),
        Invalid(
            _example(
                "        keep = {0}\n        return x.sum([d for d in range(x.dim()) if d not in keep])"
            ),
            line=7,
            message_contains="set",
        ),
        Invalid(
            _example(
                "        parts = [c * 2 for c in x.chunk(3, -1) if c.numel() > 0]\n        return torch.cat(parts, -1)"
            ),
            line=7,
            message_contains="if",
        ),
        Invalid(
            _example("        return x.view(*x.shape)"),
            line=7,
            message_contains="*",
            fixed=_example("        return x.view(x.shape)"),
        ),
        Invalid(
            _example(
                "        opts = {'dim': 0}\n        return torch.softmax(x, **opts)",
            ),
            line=8,
            message_contains="**",
        ),
        Invalid(
            _example("        *_, n = x.shape\n        return x * n"),
            line=7,
            message_contains="starred assignment",
            fixed=_example("        _, n = x.shape[0:-1], x.shape[-1]\n        return x * n"),
        ),
        Invalid(
            _example(
                "        ratio = x.size(0) / 3.0\n        assert ratio > 0, f'ratio {ratio:.2f}'\n        return x"
            ),
            line=8,
            message_contains="format",
        ),
        Invalid(
            _example(
                "        n = x.dim()\n        assert n >= 2, f'need two dimensions: {n=}'\n        return x"
            ),
            line=8,
            message_contains="`=` specifier",
        ),
        Invalid(
            _example(
                "        for i in range(2):\n            x = x + i\n        else:\n            x = x * 2\n        return x"
            ),
            line=9,
            message_contains="else",
            fixed=_example(
                "        for i in range(2):\n            x = x + i\n        x = x * 2\n        return x"
            ),
        ),
        # A `while ... else` with a `break`: a flag the `break` sets, tested after the loop.
        Invalid(
            _example(
                "        n = 1\n        while n < 8:\n            if x.shape[-1] // n <= 1:\n"
                "                break\n            n *= 2\n        else:\n            n = 8\n"
                "        return x * n"
            ),
            line=12,
            message_contains="`while ... else`",
            fixed=_example(
                "        n = 1\n        broke = False\n        while n < 8:\n"
                "            if x.shape[-1] // n <= 1:\n                broke = True\n"
                "                break\n            n *= 2\n        if not broke:\n            n = 8\n"
                "        return x * n"
            ),
        ),
        Invalid(
            _example("        d = {'a': 1}\n        e = {**d, 'b': 2}\n        return x + e['b']"),
            line=8,
            message_contains="**",
        ),
        Invalid(
            _example(
                "        match x.dim():\n            case 2:\n                return x\n            case _:\n                return x + 1"
            ),
            line=7,
            message_contains="match",
            fixed=_example(
                "        subject = x.dim()\n        if subject == 2:\n            return x\n"
                "        else:\n            return x + 1"
            ),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    assert (x.shape[-1] == 3, "three features")
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="Could not cast value of type Tuple[bool, str] to bool",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    assert x.shape[-1] == 3, ValueError("three features")
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="exception message cannot be used as a value",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = x.size(0)
                    i, j = torch.tril_indices(n, n)
                    return x[i % x.size(0), j % x.size(1)]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="Tensor cannot be used as a tuple",
        ),
        # A module container unpacked: TorchScript unpacks no module.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.convs = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 3))

                def forward(self, x):
                    first, second = self.convs
                    return second(torch.relu(first(x)))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="module cannot be used as a tuple",
        ),
        # `*` over a list repeated: its length is known only when the code runs.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, g):
                    g = g.reshape(g.shape[0], -1, *([1] * (x.dim() - 2)))
                    return x * g

            def inputs():
                return [(torch.randn(2, 3, 4), torch.randn(2, 3)), (torch.randn(1, 3, 5), torch.randn(1, 3))]
            """,
            line=6,
            message_contains="cannot size it statically",
        ),
    ]

    VALID += [
        # A tuple target unpacks a shape; `*` over a tuple attribute has a size.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.kernels = (1, 3, 5)

                def forward(self, x):
                    (h, w) = x.shape[-2:]
                    return x * h * w * max(*self.kernels)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID += [
        # A list display as a store target.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    [h, w] = x.shape[-2:]
                    return x * h * w

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="unexpected expression on left-hand side of assignment",
        ),
        # `*` over a module attribute that holds a list.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.kernels = [1, 3, 5]

                def forward(self, x):
                    return x * max(*self.kernels)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="cannot size it statically",
        ),
        Invalid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, dims: Tuple[int] = (1,)):
                    if not dims:
                        raise ValueError("no dims")
                    return x * dims[0]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="truth test of a tuple",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.pad = (1, 1)

                def forward(self, x):
                    return nn.functional.pad(x, self.pad) if self.pad else x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="truth test of a tuple",
        ),
        # monai's PatchEmbed: the 3-D branch indexes a 2-D patch size.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.patch = (2, 2)

                def forward(self, x):
                    if x.dim() == 5:
                        return x * self.patch[2]
                    return x * self.patch[1]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="index 2 of a tuple of length 2",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    h = x.shape[-1]
                    while h > 2:
                        x = x[..., ::2]
                        h //= 2
                    return x

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 16),)]
            """,
            line=9,
            message_contains="`//=`",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    out: torch.Tensor
                    if x.dim() == 2:
                        out = x * 2
                    else:
                        out = x.flatten(1)
                    return out

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 4, 2),)]
            """,
            line=6,
            message_contains="annotated name without a value",
        ),
        # A local bound only to a tensor method's result, unpacked by its first dimension.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gate = nn.Linear(4, 8)

                def forward(self, x):
                    halves = self.gate(x).view(x.size(0), 2, 4).transpose(0, 1)
                    a, b = halves
                    return a * torch.sigmoid(b)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            message_contains="Tensor cannot be used as a tuple",
        ),
    ]

    # heldout41: `del self.attr` and an annotation on `self.attr` outside `__init__`; a tuple
    # indexed by a bool.
    VALID += [
        # A list takes a bool index; `int(flag)` indexes a tuple.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, vertical: bool = True):
                    super().__init__()
                    self.vertical = vertical

                def forward(self, x):
                    h, w = x.shape[0], x.shape[1]
                    a = (w, h)[int(self.vertical)]
                    b = [w, h][self.vertical]
                    return x * a * b

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(1, 4),)]
            """
        ),
        # `del` of a local and of a dict item compile; so does a plain store to the attribute.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mask = torch.zeros(0, 0)
                    self.last_len: int = 0

                def forward(self, x):
                    n = x.shape[1]
                    scratch = {"a": x, "b": x * 2}
                    del scratch["a"]
                    y = scratch["b"] + 1
                    del y
                    if self.mask.shape[0] != n:
                        self.mask = torch.ones(n, n).triu(1)
                    self.last_len = n
                    return x.sum(1, keepdim=True) * self.mask.sum()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(1, 4),)]
            """
        ),
    ]
    INVALID += [
        # `del self.attr` (torch 2.13: del statements are only supported for deleting list and
        # dict items and variables).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mask = torch.zeros(0, 0)

                def forward(self, x):
                    n = x.shape[1]
                    if self.mask.shape[0] != n:
                        del self.mask
                        self.mask = torch.ones(n, n).triu(1)
                    return x * self.mask.sum()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(1, 4),)]
            """,
            line=12,
            message_contains="`del` of an attribute",
        ),
        # `self.attr: int = ...` in forward, though `__init__` binds it (torch 2.13: Type
        # annotations on instance attributes must be declared in __init__, not 'forward').
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.last_len = 0

                def forward(self, x):
                    self.last_len: int = x.shape[1]
                    return x * self.last_len

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(1, 4),)]
            """,
            line=10,
            message_contains="must be declared in __init__",
        ),
        # torch 2.13: tuple index must be an integer.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, vertical: bool = True):
                    super().__init__()
                    self.vertical = vertical

                def forward(self, x):
                    h, w = x.shape[0], x.shape[1]
                    return x * (w, h)[self.vertical]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(1, 4),)]
            """,
            line=11,
            message_contains="tuple index must be an integer",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        # (class, attribute) -> whether the class surely holds a tensor there.
        self._tensor_attributes: dict[tuple[str, str], bool] = {}
        # Locals `_tensor_local` is deciding (a binding that reads the name is not followed).
        self._locals_seen: set[str] = set()

    def _report(self, node: cst.CSTNode, what: str, why: str) -> None:
        self.report(node, f"{what} in scripted code: torch.jit.script {why}")

    def _truth_test(self, node: cst.BaseExpression) -> None:
        """A tuple used as a condition: TorchScript has no tuple-to-bool cast."""
        if not in_script(self.ctx) or dead_in_script(self.ctx):
            return
        if type(node) is cst.UnaryOperation or type(node) is cst.BooleanOperation:
            return  # its operands are checked from its own visit
        if type(node) is cst.Tuple:
            if not self._frontend_only:
                self._tuple_display_test(node)
            return
        how = tuple_valued(self.ctx, node)
        if how is not None:
            code = self.ctx.module.code_for_node(node)
            self.report(
                node,
                f"truth test of a tuple in scripted code (`{code}`: {how}): torch.jit.script "
                f"cannot cast a tuple to bool (Could not cast value of type Tuple[...] to "
                f"bool); test `len({code}) > 0`",
            )

    def _tuple_display_test(self, node: cst.Tuple) -> None:
        """A parenthesized tuple as a condition (``assert (ok, "message")``: always true in
        Python, a Tuple[bool, str] to TorchScript, which casts no tuple to bool)."""
        code = self.ctx.module.code_for_node(node)
        types = [
            "bool" if type(e.value) is cst.Comparison else literal_type(e.value)
            for e in node.elements
        ]
        items = "..." if None in types or not types else ", ".join(types)  # type: ignore[arg-type]
        parent = self.ctx.statements[-1] if self.ctx.statements else None
        assertion = type(parent) is cst.SimpleStatementLine and any(
            type(s) is cst.Assert and s.test is node for s in parent.body
        )
        advice = (
            'drop the parentheses (`assert cond, "message"`): the tuple is always true in '
            "Python, so the check never ran"
            if assertion
            else "test its elements, or `len(...) > 0`"
        )
        self.report(
            node,
            f"truth test of a tuple display in scripted code (`{code}`): torch.jit.script "
            f"cannot cast a tuple to bool (Could not cast value of type Tuple[{items}] to "
            f"bool); {advice}",
        )

    def visit_Subscript(self, node: cst.Subscript) -> None:
        """A constant index past the end of a tuple of known length; a bool index of a tuple."""
        if not in_script(self.ctx) or dead_in_script(self.ctx) or len(node.slice) != 1:
            return
        index = node.slice[0].slice
        if type(index) is not cst.Index:
            return
        self._bool_tuple_index(node, index.value)
        value = _integer(index.value)
        if value is None:
            return
        length = tuple_length(self.ctx, node.value)
        if length is not None and not -length <= value < length:
            code = self.ctx.module.code_for_node(node.value)
            self.report(
                node,
                f"index {value} of a tuple of length {length} (`{code}`) in scripted code: "
                f"torch.jit.script checks tuple indices when it compiles, in every branch "
                f"(Tuple index out of range. Tuple is length {length} and index is {value})",
            )

    def _bool_tuple_index(self, node: cst.Subscript, index: cst.BaseExpression) -> None:
        """``(w, h)[self.vertical]``: a tuple indexed by a bool. Python's bool is an int;
        TorchScript's is not (torch 2.13: tuple index must be an integer), where a list takes
        it and ``t[int(flag)]`` compiles."""
        if type(node.value) is not cst.Tuple and tuple_valued(self.ctx, node.value) is None:
            return
        why = self._bool_value(index, set())
        if why is None:
            return
        code = self.ctx.module.code_for_node(index)
        self.report(
            node,
            f"a tuple indexed by a bool (`{code}`, {why}) in scripted code: TorchScript's bool "
            "is no int (torch 2.13: tuple index must be an integer); index with "
            f"`int({code})`",
        )

    def _bool_value(self, value: cst.BaseExpression, seen: set[str]) -> Optional[str]:
        """How ``value`` is surely a bool: a literal, ``not``, a comparison, a parameter
        annotated ``bool``, a local or module attribute bound only to such values."""
        kind = type(value)
        if literal_type(value) == "bool":
            return "a bool literal"
        if kind is cst.UnaryOperation and type(value.operator) is cst.Not:  # type: ignore[attr-defined]
            return "a `not`"
        if kind is cst.Comparison:
            return "a comparison"
        function = self.ctx.function
        info = self.ctx.function_info
        if function is None or info is None:
            return None
        attr = self_attribute(value) if self._own_attribute(value) else None
        if attr is not None and info.owner_class is not None:
            if f"self.{attr}" in seen:
                return None
            bound: list[Optional[cst.BaseExpression]] = []
            for method in class_methods(self.ctx, info.owner_class):
                for bound_value in self_assignments(method, attr):
                    if type(bound_value) is cst.Name and method.name.value == "__init__":
                        param = next(
                            (
                                p
                                for p in method.params.params
                                if p.name.value == bound_value.value  # type: ignore[attr-defined]
                            ),
                            None,
                        )
                        annotation = (
                            param.annotation.annotation
                            if param is not None and param.annotation is not None
                            else None
                        )
                        if type(annotation) is cst.Name and annotation.value == "bool":
                            continue
                        if param is not None and literal_type(param.default) == "bool":
                            continue
                        return None
                    bound.append(bound_value)
            if not bound and not any(
                self_assignments(m, attr) for m in class_methods(self.ctx, info.owner_class)
            ):
                return None
            for bound_value in bound:
                if (
                    bound_value is None
                    or self._bool_value(bound_value, seen | {f"self.{attr}"}) is None
                ):
                    return None
            return f"`self.{attr}` is bound only to bools"
        if kind is not cst.Name or value.value in seen:  # type: ignore[attr-defined]
            return None
        name = value.value  # type: ignore[attr-defined]
        rebound = assignments(function, name)
        for param in signature_params(self.ctx, function):
            if param.name.value == name:
                annotation = param.annotation.annotation if param.annotation else None
                if type(annotation) is cst.Name and annotation.value == "bool" and not rebound:
                    return f"the parameter `{name}` is annotated `bool`"
                return None
        if not rebound:
            return None
        for bound_value, _, size in rebound:
            if (
                bound_value is None
                or size != 1
                or self._bool_value(bound_value, seen | {name}) is None
            ):
                return None
        return f"`{name}` is bound only to bools"

    def visit_If(self, node: cst.If) -> None:
        self._truth_test(node.test)
        branches = [node.body] if node.orelse is None else [node.body, node.orelse]
        self._frontend_syntax(b for b in branches if self._guarded_from_script(b))

    def _guarded_from_script(self, node: cst.CSTNode) -> bool:
        """A branch or statement an `is_scripting()` guard takes out of script code here."""
        targets = self.ctx.guard_targets(node)
        return in_script(self.ctx) and targets is not None and "script" not in targets

    def _frontend_syntax(self, parts: Iterable[cst.CSTNode]) -> None:
        """Syntax TorchScript's frontend rejects before it looks at any guard: it converts the
        whole function, `if not torch.jit.is_scripting():` branches included (torch 2.13:
        `Lambda aren't supported`, `try blocks aren't supported`... from such a branch), so
        the visits of those constructs run on guarded code too, from the guard."""
        self._frontend_only = True  # stores into list slices fail only where script emits them
        for part in parts:
            for node in (part, *descendants(part)):
                visit = getattr(self, f"visit_{type(node).__name__}", None)
                if visit is None or type(node) in NOT_FRONTEND:
                    continue
                if type(node) is cst.Arg and node.star != "**":  # type: ignore[attr-defined]
                    continue  # `*` unpacking fails only where script emits the call
                visit(node)
        self._frontend_only = False

    def visit_While(self, node: cst.While) -> None:
        self._truth_test(node.test)
        if in_script(self.ctx) and node.orelse is not None:
            self._report(node.orelse, "`while ... else`", "does not support else branches of loops")

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._truth_test(node.test)

    def visit_Assert(self, node: cst.Assert) -> None:
        self._truth_test(node.test)
        message = node.msg
        if (
            in_script(self.ctx)
            and not self._frontend_only
            and not dead_in_script(self.ctx)
            and type(message) is cst.Call
            and _builtin_exception(self.ctx.qualified_name(message.func))
        ):
            code = self.ctx.module.code_for_node(message.func)
            self.report(
                message,
                f"`assert ..., {code}(...)` in scripted code: TorchScript compiles the message "
                "as `raise AssertionError(message)` and an exception object is no value it can "
                "pass (torch 2.13: exception message cannot be used as a value); give the "
                f'message itself (`assert cond, "..."`), or `if not cond: raise {code}(...)`',
            )

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if type(node.operator) is cst.Not:
            self._truth_test(node.expression)

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        self._truth_test(node.left)
        self._truth_test(node.right)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if in_script(self.ctx) and node.asynchronous is not None:
            self._report(node.name, "`async def`", "cannot compile coroutines")

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        # Nested definitions are found from the enclosing block: inside them the context
        # already describes the inner scope.
        if not in_script(self.ctx) or self.ctx.function is None:
            return
        # After `if torch.jit.is_scripting(): return ...` the rest of the block is guarded.
        self._frontend_syntax(s for s in node.body if self._guarded_from_script(s))
        for stmt in node.body:
            if isinstance(stmt, cst.FunctionDef):
                self._report(
                    stmt.name,
                    "nested `def` (closure)",
                    "rejects function definitions inside functions; define it at the module's "
                    "top level, passing what it reads from the enclosing function as "
                    "parameters (or keep the call out of scripted code)",
                )
            elif isinstance(stmt, cst.ClassDef):
                self._report(
                    stmt.name, "`class` inside a function", "rejects class definitions here"
                )

    def _slice_store(self, target: cst.BaseExpression, what: str) -> None:
        """``xs[a:b] = ...`` / ``xs[a:b] += ...`` of a list (a display, ``list(...)``, a shape,
        a name bound only to lists or annotated ``List[...]``): TorchScript stores into one
        element of a list, and into a slice of a tensor only."""
        if not (
            in_script(self.ctx)
            and not self._frontend_only
            and isinstance(target, cst.Subscript)
            and len(target.slice) == 1
            and isinstance(target.slice[0].slice, cst.Slice)
            and self._list_like(target.value)
        ):
            return
        self._report(
            target,
            f"{what} (`{self.ctx.module.code_for_node(target)}`)",
            "stores into one element of a list only (torch 2.13: Sliced expression not yet "
            "supported for subscripted assignment; `+=` of a slice: Cannot emit expr for: slice "
            "expr); store each element (`xs[2] = a` and `xs[3] = b`) or build the list with "
            "`xs[:2] + [a, b] + xs[4:]`",
        )

    def visit_Del(self, node: cst.Del) -> None:
        targets = (
            [e.value for e in node.target.elements]
            if isinstance(node.target, (cst.Tuple, cst.List))
            else [node.target]
        )
        for target in targets:
            if in_script(self.ctx) and isinstance(target, cst.Attribute):
                self._report(
                    target,
                    f"`del` of an attribute (`{self.ctx.module.code_for_node(target)}`)",
                    "deletes only list and dict items and variables (torch 2.13: del "
                    "statements are only supported for deleting list and dict items and "
                    "variables); rebind the attribute instead (`self.cache = new_value`)",
                )
                continue
            if (
                in_script(self.ctx)
                and isinstance(target, cst.Subscript)
                and len(target.slice) == 1
                and isinstance(target.slice[0].slice, cst.Slice)
            ):
                self._report(
                    target,
                    f"`del` of a slice (`{self.ctx.module.code_for_node(target)}`)",
                    "deletes one element only (torch 2.13: del statements only support "
                    "deletion at a single index, slicing is not supported); keep the rest: "
                    "`xs = xs[:a] + xs[b:]`",
                )

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._slice_store(node.target, "augmented assignment to a slice of a list")
        # torch 2.13's frontend has no FloorDiv or MatMult augmented assignment ("unsupported
        # kind of augmented assignment"), for ints, floats and tensors alike.
        spelled = UNSUPPORTED_AUGMENTED.get(type(node.operator))
        if spelled is not None and in_script(self.ctx):
            self._report(
                node,
                f"`{spelled}=`",
                f"does not support this augmented assignment; write `x = x {spelled} y`",
            )

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        function = self.ctx.function
        if (
            function is not None
            and function.name.value != "__init__"
            and in_script(self.ctx)
            and self._own_attribute(node.target)
        ):
            self._report(
                node.target,
                f"an annotation on `{self.ctx.module.code_for_node(node.target)}` in "
                f"`{function.name.value}`",
                "types a module's attributes from `__init__` (torch 2.13: Type annotations on "
                "instance attributes must be declared in __init__, not "
                f"'{function.name.value}'); drop the annotation here and annotate the "
                "attribute where `__init__` binds it",
            )
        if node.value is None and self.ctx.function is not None and in_script(self.ctx):
            self._report(
                node,
                "an annotated name without a value",
                "rejects annotated assignments without a value (UnsupportedNodeError); "
                "drop the declaration or assign a value with it",
            )

    def _own_attribute(self, target: cst.BaseExpression) -> bool:
        """``self.X`` where ``self`` is the first parameter of the current method."""
        function = self.ctx.function
        if (
            function is None
            or type(target) is not cst.Attribute
            or type(target.value) is not cst.Name
            or not is_method(self.ctx, function)
        ):
            return False
        params = [*function.params.posonly_params, *function.params.params]
        return bool(params) and params[0].name.value == target.value.value

    def _import(self, node: Union[cst.Import, cst.ImportFrom]) -> None:
        if in_script(self.ctx):
            self._report(
                node,
                "`import` statement",
                "rejects import statements (UnsupportedNodeError: import statements aren't "
                "supported), also in a branch an `is_scripting()` guard keeps from script; "
                "import at module level",
            )

    visit_Import = _import
    visit_ImportFrom = _import

    def visit_Lambda(self, node: cst.Lambda) -> None:
        if in_script(self.ctx):
            self._report(node, "`lambda`", "does not support lambdas" + self._lambda_hand(node))

    def _lambda_hand(self, node: cst.Lambda) -> str:
        """What to write by hand: a module-level function, but a sort key has none to go to
        (TorchScript's ``sorted`` / ``list.sort`` take no key; checked on torch 2.13: a list of
        ``(float, int)`` tuples sorts, and ``Tensor.argsort(stable=True)`` scripts)."""
        if id(node) in self._sort_keys:
            return (
                ", and its `sorted` / `list.sort` take no key function: sort `(key, index)` "
                "tuples (compared item by item, so ties go by the index) or order by "
                "`torch.tensor(keys).argsort(descending=..., stable=True)`, which keeps "
                "Python's order of equal keys"
            )
        return "; use a module-level function"

    def visit_Call(self, node: cst.Call) -> None:
        """``torch._check(cond, lambda: msg)``: the lambda is no graph code to the other
        back-ends (torch calls it only when the check fails), but TorchScript's frontend
        converts every expression of the function and rejects it (torch 2.13:
        UnsupportedNodeError: Lambda aren't supported)."""
        if (isinstance(node.func, cst.Attribute) and node.func.attr.value == "sort") or (
            self.ctx.qualified_name(node.func) == "builtins.sorted"
        ):
            keys = {
                id(arg.value)
                for arg in node.args
                if arg.keyword is not None
                and arg.keyword.value == "key"
                and isinstance(arg.value, cst.Lambda)
            }
            if keys:
                # per instance, and only ids of nodes of the tree being visited (alive now)
                self._sort_keys = frozenset(keys)
        if self._frontend_only or not in_script(self.ctx) or len(node.args) < 2:
            return  # from a guarded branch, the lambda's own visit reports it
        if self.ctx.qualified_name(node.func) not in DEFERRED_MESSAGE_CALLS:
            return
        for argument in node.args[1:]:
            if type(argument.value) is cst.Lambda:
                self._report(
                    argument.value,
                    "`lambda` (the message of a torch check)",
                    "does not support lambdas, also where torch calls one only when the check "
                    "fails (UnsupportedNodeError: Lambda aren't supported); drop the message "
                    '(`torch._check(cond)` scripts) or check with `torch._assert(cond, "...")`, '
                    "which takes a string and scripts (eager's `_check` takes no string message)",
                )

    def visit_Try(self, node: cst.Try) -> None:
        if in_script(self.ctx):
            self._report(node, "`try`/`except`", "does not support try blocks")

    def visit_TryStar(self, node: cst.TryStar) -> None:
        if in_script(self.ctx):
            self._report(node, "`try`/`except*`", "does not support try blocks")

    def visit_Global(self, node: cst.Global) -> None:
        if in_script(self.ctx):
            self._report(node, "`global`", "does not support global variables")

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        if in_script(self.ctx):
            self._report(node, "`nonlocal`", "does not support closures")

    def visit_Yield(self, node: cst.Yield) -> None:
        if in_script(self.ctx):
            self._report(node, "`yield`", "does not support generators")

    def visit_Await(self, node: cst.Await) -> None:
        if in_script(self.ctx):
            self._report(node, "`await`", "does not support coroutines")

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        if in_script(self.ctx):
            self._report(node, "walrus `:=`", "does not support assignment expressions")

    def visit_Match(self, node: cst.Match) -> None:
        if in_script(self.ctx):
            self._report(node, "`match` statement", "does not support pattern matching")

    def visit_Set(self, node: cst.Set) -> None:
        if in_script(self.ctx):
            self._report(node, "set literal", "has no set type; use a list or dict")

    def visit_SetComp(self, node: cst.SetComp) -> None:
        if in_script(self.ctx):
            self._report(node, "set comprehension", "has no set type; use a list or dict")

    def _comprehension(self, node: Comprehension) -> None:
        if not in_script(self.ctx):
            return
        if node.for_in.ifs:
            self._report(
                node,
                "comprehension with an `if` filter",
                "does not support comprehension ifs; use a loop",
            )
        elif node.for_in.inner_for_in is not None:
            self._report(
                node, "comprehension with several `for`", "supports one generator per comprehension"
            )

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._list_target(node.target, LHS_MUST_BE)

    visit_ListComp = _comprehension
    visit_DictComp = _comprehension
    visit_GeneratorExp = _comprehension

    def visit_StarredDictElement(self, node: cst.StarredDictElement) -> None:
        if in_script(self.ctx):
            self._report(node, "`**` dict unpacking", "does not support dict expansion")

    def _tensor_unpacked(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        """``a, b = t`` of a Tensor: TorchScript unpacks no Tensor (torch 2.13: Tensor cannot be
        used as a tuple)."""
        if (
            isinstance(target, (cst.Tuple, cst.List))
            and not any(isinstance(e, cst.StarredElement) for e in target.elements)
            and in_script(self.ctx)
            and not dead_in_script(self.ctx)
        ):
            code = self.ctx.module.code_for_node(value)
            self.report(
                target,
                f"tuple unpacking of a Tensor (`{code}`) in scripted code: TorchScript unpacks "
                "no Tensor, where Python iterates its first dimension (torch 2.13: Tensor "
                "cannot be used as a tuple); index it (`a, b = t[0], t[1]`) or unpack "
                "`t.unbind(0)`",
            )

    def _surely_tensor(self, node: cst.BaseExpression) -> bool:
        """A Tensor to TorchScript whatever the caller passes: a parameter annotated
        ``torch.Tensor`` or typed Tensor by having no annotation nor default (never rebound),
        indexed with one int or name (``spans[0]``), or a method of a Tensor that returns one
        (``self.qkv(x).view(b, n, 3, -1).permute(2, 0, 1, 3)``)."""
        if (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute
            and node.func.attr.value in TENSOR_RESULT_METHODS
            and self.ctx.kind(node) is Kind.TENSOR
            and (
                self.ctx.kind(node.func.value) is Kind.TENSOR
                or self._surely_tensor(node.func.value)
            )
        ):
            return True
        if type(node) is cst.Call and _single_tensor_call(self.ctx, node):
            return True
        if type(node) is cst.Call and self._sequential_call(node):
            return True
        if isinstance(node, cst.Subscript):
            return (
                len(node.slice) == 1
                and isinstance(node.slice[0].slice, cst.Index)
                and isinstance(node.slice[0].slice.value, (cst.Integer, cst.Name))
                and self._surely_tensor(node.value)
            )
        info = self.ctx.function_info
        if info is None or info.parent is not None:
            return False  # a nested function is TorchScript's error already
        attr = self_attribute(node)
        if attr is not None and info.owner_class is not None:
            return self._tensor_attribute(info.owner_class, attr)
        if not isinstance(node, cst.Name):
            return False
        if self.ctx.function is not None and _isinstance_tested(self.ctx.function, node.value):
            return False
        if inferred_tensor_parameter(self.ctx, node):
            return True
        param = parameter(self.ctx.function, node.value)
        if param is None:
            return self._tensor_local(node.value)
        return (
            param.annotation is not None
            and self.ctx.qualified_name(param.annotation.annotation) == "torch.Tensor"
            and not assignments(self.ctx.function, node.value)
        )

    def _parameter_unpacked_over_itself(self, node: cst.Assign) -> bool:
        """``input, batch_sizes, a, b = input`` of a parameter TorchScript types as Tensor (no
        default; no annotation or ``torch.Tensor``) that no other statement binds: the value is
        read before the unpacking rebinds the name, so it is the parameter's Tensor."""
        value, function = node.value, self.ctx.function
        if type(value) is not cst.Name or function is None:
            return False
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == value.value), None
        )
        if param is None or param.default is not None or param.star in ("*", "**"):
            return False
        if param.annotation is not None and (
            self.ctx.qualified_name(param.annotation.annotation) != "torch.Tensor"
        ):
            return False
        bound = assignments(function, value.value)
        if not bound or any(v is not value for v, _, _ in bound):
            return False
        return not _isinstance_tested(function, value.value)

    def _sequential_call(self, node: cst.Call) -> bool:
        """``self.X(t)`` where ``self.X`` holds an ``nn.Sequential`` and ``t`` is surely a
        Tensor: TorchScript compiles ``Sequential.forward``'s ``input = module(input)`` unrolled
        over its modules, and a name keeps one type, so the scripted Sequential returns a
        Tensor whatever its modules are (one returning a tuple fails inside it)."""
        if (
            self_attribute(node.func) is None
            or len(node.args) != 1
            or node.args[0].keyword is not None
            or node.args[0].star
        ):
            return False
        info = self.ctx.function_info
        attr = self_attribute(node.func)
        if info is None or info.owner_class is None or attr is None:
            return False
        values = [
            v for m in class_methods(self.ctx, info.owner_class) for v in self_assignments(m, attr)
        ]
        if not values or not all(
            type(v) is cst.Call and self.ctx.qualified_name(v.func) in SEQUENTIALS for v in values
        ):
            return False  # every store an `nn.Sequential(...)` (a subclass may differ)
        return self._surely_tensor(node.args[0].value)

    def _tensor_local(self, name: str) -> bool:
        """A local of the current function every binding of which (a plain ``name = ...``,
        none a tuple target, a loop or an augmented store) is surely a Tensor (``qkv =
        self.qkv(x).reshape(...).permute(2, 0, 3, 1, 4)``): TorchScript types the local
        Tensor. Each name is looked at once per question (a self-referencing binding,
        ``x = x.permute(...)``, is not followed again)."""
        function = self.ctx.function
        if function is None or name in self._locals_seen:
            return False
        bound = assignments(function, name)
        if not bound or any(value is None or size != 1 for value, _, size in bound):
            return False
        self._locals_seen.add(name)
        try:
            return all(self._surely_tensor(value) for value, _, _ in bound)
        finally:
            self._locals_seen.discard(name)

    def _tensor_attribute(self, owner: str, attr: str) -> bool:
        """``self.X`` that the class holds a tensor in: every ``self.X = ...`` of its methods is
        ``nn.Parameter(...)``, or none is and it registers ``X`` once as a buffer or parameter
        of a ``torch`` call (``register_buffer("pairs", torch.tensor(...))``)."""
        key = (owner, attr)
        if key in self._tensor_attributes:
            return self._tensor_attributes[key]
        methods = class_methods(self.ctx, owner)
        values = [v for m in methods for v in self_assignments(m, attr)]
        registered: list[cst.BaseExpression] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if (
                type(node) is cst.Call
                and type(node.func) is cst.Attribute
                and node.func.attr.value in ("register_buffer", "register_parameter")
                and len(node.args) >= 2
                and type(node.args[0].value) is cst.SimpleString
                and node.args[0].value.evaluated_value == attr
            ):
                registered.append(node.args[1].value)
            return None

        for method in methods:
            walk(method, enter, lambda node: None)
        if values:
            found = not registered and all(
                type(v) is cst.Call and self.ctx.qualified_name(v.func) in PARAMETERS
                for v in values
            )
        else:
            found = (
                len(registered) == 1
                and type(registered[0]) is cst.Call
                and (self.ctx.qualified_name(registered[0].func) or "").startswith("torch.")
            )
        found = found and attr not in class_annotations(self.ctx, owner)
        self._tensor_attributes[key] = found
        return found

    def _tensor_elements(self, iterable: cst.BaseExpression) -> bool:
        """Whether each element a loop over ``iterable`` gives is a Tensor: a Tensor's rows, or
        the pieces of ``split`` / ``chunk`` / ``unbind`` / ``tensor_split`` of one."""
        if self._surely_tensor(iterable):
            return True
        return (
            isinstance(iterable, cst.Call)
            and isinstance(iterable.func, cst.Attribute)
            and iterable.func.attr.value in ("split", "chunk", "unbind", "tensor_split")
            and (
                self._surely_tensor(iterable.func.value)
                or self.ctx.kind(iterable.func.value) is Kind.TENSOR
            )
        )

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._slice_store(target.target, "assignment to a slice of a list")
        if (
            len(node.targets) == 1
            and isinstance(node.targets[0].target, (cst.Tuple, cst.List))
            and (self._surely_tensor(node.value) or self._parameter_unpacked_over_itself(node))
        ):
            self._tensor_unpacked(node.targets[0].target, node.value)
        if len(node.targets) == 1 and isinstance(node.targets[0].target, (cst.Tuple, cst.List)):
            self._submodule_unpacked(node.value)

    def _submodule_unpacked(self, value: cst.BaseExpression) -> None:
        """``conv_a, conv_b = self.convs`` of a submodule (``nn.ModuleList``,
        ``nn.Sequential``, ``nn.ModuleDict``, ``nn.ParameterList``, a plain ``nn.Linear``):
        TorchScript keeps the attribute a module and unpacks no module (torch 2.13: module
        cannot be used as a tuple), where Python iterates it. Only ``self.X`` that the class
        binds, in ``__init__`` alone, to calls of ``torch.nn`` module classes."""
        if not in_script(self.ctx) or dead_in_script(self.ctx):
            return
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return
        methods = class_methods(self.ctx, info.owner_class)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        values = self_assignments(init, attr) if init is not None else []
        names = [self.ctx.qualified_name(v.func) if type(v) is cst.Call else None for v in values]
        if not names or not all(
            name is not None and name.startswith("torch.nn.") and is_torch_module_class(name)
            for name in names
        ):
            return
        if any(self_assignments(m, attr) for m in methods if m is not init):
            return
        kind = names[0].rpartition(".")[2]  # type: ignore[union-attr]
        self.report(
            value,
            f"`self.{attr}`, an `nn.{kind}`, unpacked in scripted code: TorchScript keeps a "
            "submodule a module and unpacks no module (torch 2.13: module cannot be used as "
            f"a tuple), where Python iterates it; index it (`self.{attr}[0]`) or loop over it",
        )

    def visit_For(self, node: cst.For) -> None:
        iterable, target = node.iter, node.target
        if (
            isinstance(iterable, cst.Call)
            and self.ctx.qualified_name(iterable.func) == "builtins.enumerate"
            and len(iterable.args) >= 1
            and isinstance(target, cst.Tuple)
            and len(target.elements) == 2
        ):
            iterable, target = iterable.args[0].value, target.elements[1].value
        self._list_target(node.target, LHS_MUST_BE)
        if self._tensor_elements(iterable):
            self._tensor_unpacked(target, node.iter)
        self._module_items_unpacked(iterable, target)
        if in_script(self.ctx) and node.orelse is not None:
            self._report(node.orelse, "`for ... else`", "does not support else branches of loops")
        if in_script(self.ctx) and node.asynchronous is not None:
            self._report(node, "`async for`", "cannot compile coroutines")

    def _module_items_unpacked(
        self, iterable: cst.BaseExpression, target: cst.BaseExpression
    ) -> None:
        """``for lin, act in self.layers:`` over an ``nn.ModuleList`` / ``nn.Sequential``
        attribute: each item is a module, which TorchScript does not unpack (torch 2.13:
        module cannot be used as a tuple), where Python iterates a nested container."""
        if type(target) not in (cst.Tuple, cst.List) or not in_script(self.ctx):
            return
        if dead_in_script(self.ctx):
            return
        attr = self_attribute(iterable)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return
        init = next(
            (m for m in class_methods(self.ctx, info.owner_class) if m.name.value == "__init__"),
            None,
        )
        values = self_assignments(init, attr) if init is not None else []
        if not values or not all(
            type(v) is cst.Call and self.ctx.qualified_name(v.func) in SEQUENCE_CONTAINERS
            for v in values
        ):
            return
        if any(
            self_assignments(m, attr)
            for m in class_methods(self.ctx, info.owner_class)
            if m is not init
        ):
            return
        kind = self.ctx.qualified_name(values[0].func).rpartition(".")[2]  # type: ignore[union-attr]
        self.report(
            target,
            f"unpacking the items of `self.{attr}`, an `nn.{kind}`, in scripted code: "
            "TorchScript iterates it as modules and unpacks no module (torch 2.13: module "
            "cannot be used as a tuple), where Python iterates each nested container; index "
            f"each item (`for layer in self.{attr}: x = layer[1](layer[0](x))`)",
        )

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        if in_script(self.ctx) and "b" in node.prefix.lower():
            self._report(node, "bytes literal", "has no bytes type")

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        """``"%(k)d" % {...}`` / ``"%.2f" % v``: TorchScript's ``%`` formatting
        (``aten::percentFormat``) compiles any string literal and fails at run time on a
        specifier it lacks."""
        if not isinstance(node.operator, cst.Modulo) or not in_script(self.ctx):
            return
        if literal_type(node.left) != "str":
            return
        text = node.left.evaluated_value  # type: ignore[attr-defined]
        if not isinstance(text, str):
            return
        specifier = _percent_specifier(text)
        if specifier is not None:
            self._report(
                node,
                f"`%` formatting with the specifier `{specifier}`",
                "formats only `%d`, `%i`, `%f`, `%F`, `%e`, `%E`, `%c`, `%s` and `%%`, with no "
                "mapping key, flag, width or precision: it compiles the string and fails when "
                f"the line runs (torch 2.13: The specifier {specifier[:2]} is not supported in "
                "TorchScript format strings); pass the values in a tuple to plain `%d` / `%s`, "
                "or build the string with `+` and `str(...)`",
            )

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> None:
        if not in_script(self.ctx):
            return
        if node.format_spec is not None:
            self._report(
                node,
                "f-string format spec",
                "does not support formatting in f-strings; its `%` formatting takes `%d`, "
                "`%i`, `%f`, `%e`, `%c` and `%s` with no width or precision (`'%f' % v`)",
            )
        elif node.conversion is not None:
            self._report(
                node,
                f"f-string conversion `!{node.conversion}`",
                "does not support conversions in f-strings",
            )
        elif node.equal is not None:  # `{n=}` formats with repr: a conversion too
            self._report(
                node,
                "f-string `=` specifier (`{value=}`)",
                "does not support conversions in f-strings",
            )

    def visit_Arg(self, node: cst.Arg) -> None:
        if in_script(self.ctx) and node.star == "**":
            self._report(node, "`**` keyword-argument expansion at a call", "does not support it")
            return
        if in_script(self.ctx) and node.star == "*" and self._container_unpacked(node):
            return
        if in_script(self.ctx) and node.star == "*" and self._iterable_unpacked(node):
            return
        if in_script(self.ctx) and node.star == "*" and self._list_like(node.value):
            self._report(
                node,
                "`*` unpacking of a list or shape",
                "cannot size it statically; pass the list itself",
            )

    def _list_target(self, target: cst.BaseExpression, lhs: str) -> None:
        """``[h, w] = x.shape[-2:]``, ``for [a, b] in pairs:``: a list display as a store
        target, also inside a tuple target. TorchScript's emitter unpacks into names, tuples,
        subscripts and starred names only (torch 2.13: unexpected expression on left-hand side
        of assignment / lhs of assignment must be a variable, subscript, or starred
        expression); a branch it drops never gets there."""
        if not in_script(self.ctx) or self._frontend_only or dead_in_script(self.ctx):
            return
        pending = [target]
        while pending:
            node = pending.pop()
            if type(node) is cst.List:
                code = self.ctx.module.code_for_node(node)
                self.report(
                    node,
                    f"list display `{code}` as an assignment target in scripted code: "
                    f"torch.jit.script unpacks into names and tuples only (torch 2.13: {lhs}); "
                    "write the names as a tuple (`h, w = ...`)",
                )
                return
            if type(node) is cst.Tuple:
                pending.extend(e.value for e in node.elements)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._list_target(node.target, "unexpected expression on left-hand side of assignment")
        target = node.target
        if (
            in_script(self.ctx)
            and isinstance(target, (cst.Tuple, cst.List))
            and any(isinstance(el, cst.StarredElement) for el in target.elements)
        ):
            self._report(
                target,
                "starred assignment target (`*_, n = x.shape`)",
                "cannot size the unpacking statically; index instead (`n = x.shape[-1]`)",
            )

    def _container_unpacked(self, node: Union[cst.Arg, cst.StarredElement]) -> bool:
        """``torch.block_diag(*self.weights)`` / ``[*self.weights]`` of an ``nn.ParameterList``
        attribute: TorchScript keeps the container a module and unpacks no module (torch
        2.13: module cannot be used as a tuple), where Python iterates its parameters."""
        if dead_in_script(self.ctx):
            return False
        attr = self_attribute(node.value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        methods = class_methods(self.ctx, info.owner_class)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        values = self_assignments(init, attr) if init is not None else []
        if not values or not all(
            type(v) is cst.Call and self.ctx.qualified_name(v.func) in PARAMETER_LISTS
            for v in values
        ):
            return False
        if any(self_assignments(m, attr) for m in methods if m is not init):
            return False
        self.report(
            node,
            f"`*self.{attr}` unpacks an `nn.ParameterList` in scripted code: TorchScript keeps "
            "it a module and unpacks no module (torch 2.13: module cannot be used as a tuple), "
            f"where Python iterates its parameters; pass a list (`list(self.{attr})`) to a "
            "function that takes one, or index the parameters",
        )
        return True

    def _iterable_unpacked(self, node: Union[cst.Arg, cst.StarredElement]) -> bool:
        """``x.permute(0, *range(2, nd), 1)``, ``[*zip(a, b)]``: TorchScript's ``range``,
        ``zip`` and ``enumerate`` are iterables it can loop over but not unpack (torch 2.13:
        range cannot be used as a tuple; iterabletree cannot be used as a tuple)."""
        value = node.value
        if type(value) is not cst.Call or dead_in_script(self.ctx):
            return False
        name = self.ctx.qualified_name(value.func)
        if name not in ("builtins.range", "builtins.zip", "builtins.enumerate"):
            return False
        short = name.removeprefix("builtins.")
        what = "range" if short == "range" else "iterabletree"
        self.report(
            node,
            f"`*{short}(...)` unpacked in scripted code: TorchScript loops over `{short}` but "
            f"cannot unpack it (torch 2.13: {what} cannot be used as a tuple); pass one list "
            "instead (`x.permute([0] + list(range(2, nd)) + [1])`)",
        )
        return True

    def visit_StarredElement(self, node: cst.StarredElement) -> None:
        if in_script(self.ctx) and self._iterable_unpacked(node):
            return
        if in_script(self.ctx) and self._container_unpacked(node):
            return
        if in_script(self.ctx) and self._list_like(node.value):
            self._report(node, "`*` unpacking of a list or shape", "cannot size it statically")

    def _list_like(self, value: cst.BaseExpression, depth: int = 0) -> bool:
        """A list (TorchScript sizes are lists too): ``*x.shape``, ``*[...]``, ``*list(...)``,
        a list repeated or joined (``*([1] * n)``, ``*(dims + [1])``), a name bound only to
        lists, a parameter annotated ``List[...]``."""
        if isinstance(value, (cst.List, cst.ListComp)):
            return True
        if (
            isinstance(value, cst.BinaryOperation)
            and isinstance(value.operator, (cst.Multiply, cst.Add))
            and depth < 3
        ):
            # `[1] * n`, `n * [1]`, `a + [1]`: a list repeated or joined is a list.
            return self._list_like(value.left, depth + 1) or self._list_like(value.right, depth + 1)
        if isinstance(value, cst.Name) and depth < 3 and self.ctx.function is not None:
            bound = assignments(self.ctx.function, value.value)
            if bound:
                return all(
                    v is not UNKNOWN_VALUE and size == 1 and self._list_like(v, depth + 1)
                    for v, _, size in bound
                )
            return _annotated_list(self.ctx.function, value.value)
        if isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) == "builtins.list":
            return True
        if (
            isinstance(value, cst.Subscript)
            and depth < 3
            and len(value.slice) == 1
            and isinstance(value.slice[0].slice, cst.Slice)
            and self._list_like(value.value, depth + 1)
        ):
            return True  # a slice of a list is a list (`feats[1:]`)
        if self._list_attribute(value):
            return True
        while isinstance(value, cst.Subscript):
            value = value.value
        if isinstance(value, cst.Attribute) and value.attr.value == "shape":
            # Also of a value of no known kind (the output of a submodule whose class the
            # analysis cannot name: `self.conv = conv_cls(...)`): in scripted code a `.shape`
            # that compiles is a tensor's, a list of ints.
            return self.ctx.kind(value.value) in (Kind.TENSOR, Kind.UNKNOWN)
        if (
            isinstance(value, cst.Call)
            and not value.args
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == "size"
        ):
            # Of a value of no known kind too (a helper's parameter, a transpose of it), as for
            # `.shape`: a `.size()` that compiles in scripted code is a tensor's, a List[int].
            return self.ctx.kind(value.func.value) in (Kind.TENSOR, Kind.UNKNOWN)
        return False

    def _list_attribute(self, value: cst.BaseExpression) -> bool:
        """``self.kernel_sizes`` that every method of the class binds only to a list (a
        display, a comprehension or ``list(...)``), ``__init__`` among them, with no class-body
        annotation and no ``Final`` / ``__constants__`` (a constant list becomes a tuple):
        TorchScript types the attribute from the list, a ``List[...]``."""
        attr = self_attribute(value)
        info = self.ctx.function_info
        function = self.ctx.function
        if attr is None or info is None or info.owner_class is None or function is None:
            return False
        owner = info.owner_class
        if not is_method(self.ctx, function):
            return False
        if attr in class_annotations(self.ctx, owner) or has_constants(self.ctx, owner):
            return False
        methods = class_methods(self.ctx, owner)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None or not self_assignments(init, attr):
            return False
        values = [v for m in methods for v in self_assignments(m, attr)]
        return all(
            isinstance(v, (cst.List, cst.ListComp))
            or (isinstance(v, cst.Call) and self.ctx.qualified_name(v.func) == "builtins.list")
            for v in values
        )


def _annotated_list(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``name`` is a parameter of ``function`` annotated ``List[...]`` / ``list[...]``."""
    param = parameter(function, name)
    if param is None or param.annotation is None:
        return False
    annotation = param.annotation.annotation
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    return isinstance(annotation, (cst.Name, cst.Attribute)) and (
        (annotation.value if isinstance(annotation, cst.Name) else annotation.attr.value)
        in ("List", "list")
    )


def _isinstance_tested(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``isinstance(name, C)``, ``C`` not a Tensor class, is in the test of an ``if`` /
    ``while`` / conditional expression / ``assert`` of ``function``: TorchScript folds it to a
    constant for a Tensor and compiles no code the test rules out (``if not isinstance(packed,
    PackedSequence): raise ...`` then ``data, sizes, a, b = packed`` scripts, torch 2.13)."""
    found = False

    def has_isinstance(test: cst.CSTNode) -> bool:
        hit = False

        def look(node: cst.CSTNode) -> Optional[bool]:
            nonlocal hit
            if (
                type(node) is cst.Call
                and type(node.func) is cst.Name  # type: ignore[attr-defined]
                and node.func.value == "isinstance"  # type: ignore[attr-defined]
                and node.args  # type: ignore[attr-defined]
                and type(node.args[0].value) is cst.Name  # type: ignore[attr-defined]
                and node.args[0].value.value == name  # type: ignore[attr-defined]
                and len(node.args) == 2  # type: ignore[attr-defined]
                and "Tensor" not in cst.Module([]).code_for_node(node.args[1].value)  # type: ignore[attr-defined]
            ):
                hit = True
            return None

        walk(test, look, lambda node: None)
        return hit

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and node is not function:
            return False
        if isinstance(node, (cst.If, cst.While, cst.IfExp, cst.Assert)) and has_isinstance(
            node.test  # type: ignore[attr-defined]
        ):
            found = True
        return None

    walk(function.body, enter, lambda node: None)
    return found
