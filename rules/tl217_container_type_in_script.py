"""TL217: a dict or list TorchScript types otherwise than the code uses it."""

from __future__ import annotations

from typing import Optional, TypeVar, Union

import libcst as cst

from torchlint.lint.graph_queries import assignments, self_assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import shape_expression
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    annotation_allows_none,
    class_def,
    class_methods,
    in_script,
    is_none,
    literal_type,
    pruned_by_constant,
    self_attribute,
    signature_params,
    tuple_annotation,
)

DICTS = frozenset({"typing.Dict", "builtins.dict", "typing.OrderedDict"})
LISTS = frozenset({"typing.List", "builtins.list"})


def _optional_inner(ctx, annotation: cst.BaseExpression) -> Optional[cst.BaseExpression]:  # type: ignore[no-untyped-def]
    """``T`` of ``Optional[T]``, ``Union[T, None]``, ``T | None`` (None for anything else)."""
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        sides = [annotation.left, annotation.right]
        rest = [side for side in sides if not is_none(side)]
        return rest[0] if len(rest) == 1 and len(sides) == 2 else None
    if type(annotation) is not cst.Subscript:
        return None
    base = ctx.qualified_name(annotation.value)
    elements = [e.slice.value for e in annotation.slice if type(e.slice) is cst.Index]
    if base == "typing.Optional" and len(elements) == 1:
        return elements[0]
    if base == "typing.Union" and len(elements) == 2:
        rest = [e for e in elements if not is_none(e)]
        return rest[0] if len(rest) == 1 else None
    return None


# Key types TorchScript builds a dict for (torch 2.13: int, float, complex, Tensor, device and
# str; bool is taken as an int).
KEY_NAMES = frozenset({"int", "float", "complex", "str", "bool"})
KEY_TYPES = frozenset({"torch.Tensor", "torch.device"})
# Annotations of a key that are certainly not one of them.
BAD_KEYS = frozenset(
    {
        "typing.Tuple",
        "builtins.tuple",
        "typing.List",
        "builtins.list",
        "typing.Optional",
        "typing.Union",
        "typing.Dict",
        "builtins.dict",
    }
)
# Values that are never a Tensor, by kind.
NON_TENSOR_KINDS = frozenset({Kind.SIZE, Kind.RANK, Kind.SHAPE})
SCALAR_ANNOTATIONS = frozenset({"int", "float", "str", "bool"})
# The annotation to suggest for a value found of each kind.
ANNOTATION_OF = {
    "size": "List[int]",
    "tuple": "Tuple[...]",
    "list": "List[...]",
    "dict": "Dict[...]",
    "None": "Optional[...]",
}

DisplayT = TypeVar("DisplayT", bound=Union[cst.Tuple, cst.List])


class ContainerTypeInScript(Rule):
    """Flags dict keys TorchScript cannot type, and stores into an unannotated empty `{}` /
    `[]` of a type other than the one TorchScript gives it, in scripted code.

    ## What it does
    Finds, in functions `torch.jit.script` compiles:
    - a `Dict[K, V]` annotation (a parameter, the return type, a local, `torch.jit.annotate`,
      the class-body annotation of an attribute a scripted module's methods set: scripting
      the module types the attribute by it) whose key `K` is a `Tuple[...]`, `List[...]`,
      `Optional[...]`, `Union[...]`, `Dict[...]`
      or `None`, and a dict display or comprehension with a tuple (or `None`) key
      (`{(i, j): x}`);
    - a local bound only to an empty `{}` / `dict()` with no annotation that the function
      stores a key into that is not a str (an int literal, a `range` / `enumerate` index, a
      size, a tuple) or a value that is not a Tensor (a number, a string, a tuple, a list, a
      size): `features = {}` ... `features[i] = x`;
    - a shape (`x.shape`, `x.shape[-2:]`, `x.size()`) assigned, inside an `if` or a loop, to
      a name TorchScript types as a tuple (a parameter annotated `Tuple[...]` /
      `Optional[Tuple[...]]`, or a local bound to a tuple display):
      `if size is None: size = x.shape[-2:]`;
    - a dict display whose values have different types (a tensor and a list, an int, a
      tuple, ...) that is bound to a local read by key, or returned by a module's `forward`
      (or a method) whose result a scripted method of the file reads by key;
    - a local bound only to an empty `[]` / `list()` with no annotation that the function
      appends, inserts or extends with a value that is not a Tensor: `sizes = []` ...
      `sizes.append(x.shape[0])`; and the same for an item of a local bound only to a list of
      empty lists (`groups = [[] for _ in range(n)]`, `[[], []]`, `[[]] * n`):
      `groups[e].append(pos)` with `pos` an int (torch 2.13: `Could not match type int to t
      in argument 'el'`), where `[torch.jit.annotate(List[int], []) for _ in range(n)]`
      compiles;
    - a repeated tuple display (`(self.k,) * self.ndim`, `2 * (k,)`) bound to a local
      annotated `Tuple[...]` or returned under a `-> Tuple[...]` annotation: TorchScript's
      `tuple * n` is a List (torch 2.13: `Variable 'kernel' is annotated with type Tuple[int,
      int] but is being assigned to a value of type List[int]`, `Return value was annotated
      as having type Tuple[int, int] but is actually of type List[int]`);
    - a local annotated `List[Optional[...]]` bound to a repeated list of `None` (`cache:
      List[Optional[torch.Tensor]] = [None] * n`), or annotated `List[float]` bound to a
      repeated list of int literals (`[0] * n`): TorchScript types `[...] * n` by its
      elements, as `List[NoneType]` / `List[int]` (torch 2.13: `Variable 'cache' is annotated
      with type List[Optional[Tensor]] but is being assigned to a value of type
      List[NoneType]`), where a display (`[None, None]`) or a comprehension takes the
      annotation; the same under `torch.jit.annotate(List[Optional[...]], [None] * n)`
      (`expected an expression of type List[Optional[Tensor]] but found List[NoneType]`);
    - a local annotated `List[List[T]]` (`T` no Tensor) or `List[Dict[K, V]]` (other than
      `Dict[str, Tensor]`), or `torch.jit.annotate(...)` so, bound to a comprehension, display
      or repeated display whose items are empty lists / dicts (`buckets: List[List[int]] =
      [[] for _ in range(n)]`, `[[], []]`, `[[]] * n`, `[dict() for _ in ...]`), and a
      `Dict[K, List[T]]` local bound to a dict comprehension or display of empty lists:
      TorchScript types each empty container by its default, `List[Tensor]` / `Dict[str,
      Tensor]`, before it reads the annotation (torch 2.13: `List type annotation
      `List[List[int]]` did not match the types of the given list elements, which were unified
      to List[Tensor]`);
    - a local annotated `List[float]` (or `torch.jit.annotate(List[float], ...)`) bound to a
      list display of number literals holding an int (`weights: List[float] = [1, 2, 4]`,
      `[1, 0.5]`): TorchScript types the display by its elements and converts no int (torch
      2.13: `List type annotation `List[float]` did not match the types of the given list
      elements, which were unified to int`, `... Union[float, int]`);
    - an empty `{}` / `dict()` bound, inside an `if` or a loop, to a name whose declared type
      (a parameter's or local's annotation) is `Optional[Dict[K, V]]` other than
      `Optional[Dict[str, Tensor]]`, and `list()` to one of `Optional[List[T]]`, `T` no
      Tensor (`if weights is None: weights = {}` with `weights: Optional[Dict[str, float]] =
      None`);
    - a local bound only to a list of None with no annotation (`outs = [None] * n`,
      `[None, None]`) that the function stores another value into (`outs[i] = y`,
      `outs.append(y)`): it is a `List[NoneType]` (`Arguments for call are not valid`).
    - a dict or list display of tensors stored by subscript into a parameter or local declared
      with a container of Optionals as its element type (`state[key] = {"prev": k}` with `state:
      Dict[str, Dict[str, Optional[Tensor]]]`): TorchScript types the display from its values
      (`Dict[str, Tensor]`), takes no type from the store, and matches container types exactly
      (`Arguments for call are not valid`).

    ## Why is this bad?
    TorchScript builds dicts only for int, float, complex, Tensor, device and str keys:
    `Cannot create dict for key type '(int, int)', only int, float, complex, Tensor, device
    and string keys are supported` (torch 2.13). And it types an empty literal with no
    annotation as `Dict[str, Tensor]` / `List[Tensor]`, whatever the code stores later, so
    `d = {}; d[0] = x` fails (`Arguments for call are not valid`) and so does `l = [];
    l.append(1)` (no `aten::append` overload matches an int for a `List[Tensor]`). A shape
    is a `List[int]` there, and a variable keeps one type across blocks: `Variable 'size'
    previously had type Optional[Tuple[int, int]] but is now being assigned to a value of type
    List[int]`. The empty literal takes the variable's type only where it is no Optional:
    `weights = {}` into `Optional[Dict[str, float]]` in a block fails (torch 2.13: `Variable
    'weights' previously had type Optional[Dict[str, float]] but is now being assigned to a
    value of type Dict[str, Tensor]`), as does `list()` into `Optional[List[int]]` (`[]`
    compiles there); at the function's top level the rebinding is a new variable and
    compiles. A dict of values of different types is a `Dict[str, Union[...]]` there, and
    a value read from it is the Union, which no method or torch function takes before
    `assert isinstance(...)` refines it (`'Union[Tensor, List[Tensor]]' object has no
    attribute or method 'sum'`). `d = {};
    d["a"] = x` and `d = {1: x}` compile. Python, `torch.compile` and `torch.export` take
    all of them.

    ## Example
    ```python
    def forward(self, x):
        features = {}
        for i, stage in enumerate(self.stages):
            x = stage(x)
            features[i] = x
        return features[0] + features[2]
    ```
    Use instead:
    ```python
    features: Dict[int, torch.Tensor] = {}
    ```
    and for a tuple key, key by an int (`i * n + j`) or a str (`f"{i}_{j}"`).

    ## Fix safety
    Safe fix: an empty dict bound once, into which every store puts a surely-int key (literal,
    `enumerate` count, `range` variable, size) and a Tensor value, is annotated `d: Dict[int,
    torch.Tensor] = {}` (a local annotation is not even evaluated by Python); an empty list
    bound once, to which every `append` adds an int (a literal or a size), a float, a str or a
    bool literal, and which is otherwise only read, is annotated `xs: List[int] = []`.
    Safe fix: `weights = {}` (or `dict()`, a statement of its own) into an
    `Optional[Dict[K, V]]` variable -> `empty: Dict[K, V] = {}` then `weights = empty`
    (Python evaluates no local annotation: the same empty dict; TorchScript types the local
    from it); `list()` into `Optional[List[T]]` -> `[]` (the same list). Safe fix: `[None] * n` under a
    `List[Optional[...]]` annotation -> `[None for _ in
    range(n)]` (the same list in Python). Unsafe fix: the int literals of a display under
    `List[float]` written as floats (`[1.0, 2.0, 4.0]`): Python kept the ints, and an int and
    a float differ in eager (`w * t` of an integer tensor `t` is now float, `range(w)` and
    `xs[w]` raise, `str(w)` reads `1.0`). Otherwise no fix: the annotation to write depends on
    every value stored. Unsafe fix for
    a shape assigned to a tuple-typed name in a block: `x.shape[-2:]` -> `(x.shape[-2],
    x.shape[-1])` (`x.shape[a:b]` with literal bounds likewise): the same sizes, but a plain
    tuple where eager had a `torch.Size`, and an `IndexError` where the tensor has fewer
    dimensions than the slice names.
    """

    code = "TL217"
    name = "container-type-in-script"
    message = "dict or list typed by TorchScript otherwise than the code uses it"
    targets = SCRIPT

    VALID = [
        # Each empty list typed: the ints append.
        Valid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    groups = [torch.jit.annotate(List[int], []) for _ in range(3)]
                    for pos in range(x.shape[0]):
                        groups[pos % 3].append(pos)
                    return x * len(groups[0])

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # Float literals under List[float], int literals under List[int].
        Valid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    gains: List[float] = [1.0, 0.5, -2.0]
                    steps: List[int] = [1, 2]
                    return x * gains[1] + steps[0]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """
        ),
        # `[]` takes `Optional[List[int]]`; a top-level rebinding is a new variable.
        Valid(
            """
            from typing import Dict, List, Optional

            import torch
            from torch import nn

            def total(x: torch.Tensor, sizes: Optional[List[int]] = None,
                      weights: Optional[Dict[str, float]] = None) -> torch.Tensor:
                if sizes is None:
                    sizes = []
                weights = {}
                return x * (len(sizes) + len(weights))

            class Model(nn.Module):
                def forward(self, x):
                    return total(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # Values of one type; a mixed dict nothing reads by key (the model's output).
        Valid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x: torch.Tensor):
                    parts = {"a": x, "b": x * 2}
                    hidden: List[torch.Tensor] = [parts["a"]]
                    return {"logits": parts["b"], "hidden": hidden}

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # Annotated empty containers, str keys into a plain `{}`, a literal with int keys,
        # tensors appended to a plain `[]`.
        Valid(
            """
            from typing import Dict, List
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stages = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

                def forward(self, x):
                    by_index: Dict[int, torch.Tensor] = {}
                    by_name = {}
                    outs = []
                    sizes: List[int] = []
                    for i, stage in enumerate(self.stages):
                        x = stage(x)
                        by_index[i] = x
                        by_name["stage" + str(i)] = x
                        outs.append(x * 2)
                        sizes.append(x.shape[0])
                    first = {0: x, 1: x + 1}
                    return by_index[0] + by_name["stage2"] + outs[1] + first[1] * len(sizes)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A display or comprehension under the annotation, or elements of its type.
        Valid(
            """
            from typing import List, Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    a: List[Optional[torch.Tensor]] = [None, None]
                    b: List[Optional[torch.Tensor]] = [None for _ in range(2)]
                    w: List[float] = [0.0] * 2
                    a[0] = x
                    b[1] = x
                    return x + w[1]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """
        ),
    ]
    INVALID = [
        # An unannotated comprehension of empty lists, an int appended to one.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    groups = [[] for _ in range(3)]
                    for pos in range(x.shape[0]):
                        groups[pos % 3].append(pos)
                    return x * len(groups[0])

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="list of empty lists",
        ),
        # Empty lists in a comprehension under `List[List[int]]`: typed List[Tensor] first.
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    slots: List[List[int]] = [[] for _ in range(2)]
                    slots[0].append(x.shape[0])
                    return x * len(slots[0])

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="empty `[]`",
        ),
        # A repeated tuple under a Tuple annotation.
        Invalid(
            """
            from typing import Tuple

            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, k: int = 2, ndim: int = 2):
                    super().__init__()
                    self.k = k
                    self.ndim = ndim

                def forward(self, x):
                    kernel: Tuple[int, int] = (self.k,) * self.ndim
                    return F.avg_pool2d(x, kernel)

            def inputs():
                return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 6, 8),)]
            """,
            line=14,
            message_contains="List[int]",
        ),
        Invalid(
            """
            from typing import Dict, Optional

            import torch
            from torch import nn

            def weighted(x: torch.Tensor, weights: Optional[Dict[str, float]] = None) -> torch.Tensor:
                if weights is None:
                    weights = {}
                return x * weights.get("a", 1.0)

            class Model(nn.Module):
                def forward(self, x):
                    return weighted(x) + weighted(x, {"a": 0.5})

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="previously had type Optional",
            fixed="""
            from typing import Dict, Optional

            import torch
            from torch import nn

            def weighted(x: torch.Tensor, weights: Optional[Dict[str, float]] = None) -> torch.Tensor:
                if weights is None:
                    empty: Dict[str, float] = {}
                    weights = empty
                return x * weights.get("a", 1.0)

            class Model(nn.Module):
                def forward(self, x):
                    return weighted(x) + weighted(x, {"a": 0.5})

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # A list of None with no annotation, then a tensor stored into it.
        Invalid(
            """
            from typing import List, Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    outs = [None] * 2
                    for i in range(2):
                        outs[i] = x * i
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
            line=10,
            message_contains="List[NoneType]",
        ),
        # torch.jit.annotate of a repeated list of None.
        Invalid(
            """
            from typing import List, Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    outs = torch.jit.annotate(List[Optional[torch.Tensor]], [None] * 2)
                    outs[0] = x
                    out = outs[1]
                    return x if out is None else out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
            line=8,
            message_contains="found List[NoneType]",
            fixed="""
            from typing import List, Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    outs = torch.jit.annotate(List[Optional[torch.Tensor]], [None for _ in range(2)])
                    outs[0] = x
                    out = outs[1]
                    return x if out is None else out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
        ),
        # `[None] * n` is a List[NoneType] whatever the annotation says.
        Invalid(
            """
            from typing import List, Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.slots = 3

                def forward(self, x):
                    cache: List[Optional[torch.Tensor]] = [None] * self.slots
                    for i in range(x.shape[0]):
                        cache[i % self.slots] = x[i]
                    out = torch.zeros(x.shape[1])
                    for item in cache:
                        if item is not None:
                            out = out + item
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
            line=12,
            message_contains="List[NoneType]",
            fixed="""
            from typing import List, Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.slots = 3

                def forward(self, x):
                    cache: List[Optional[torch.Tensor]] = [None for _ in range(self.slots)]
                    for i in range(x.shape[0]):
                        cache[i % self.slots] = x[i]
                    out = torch.zeros(x.shape[1])
                    for item in cache:
                        if item is not None:
                            out = out + item
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
        ),
        # Int literals in a display under List[float], through torch.jit.annotate in a helper.
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            def mix(x: torch.Tensor) -> torch.Tensor:
                scales = torch.jit.annotate(List[float], [1, 0.5, -2])
                return x * scales[1]

            class Model(nn.Module):
                def forward(self, x):
                    return mix(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
            line=7,
            message_contains="unified to Union[float, int]",
        ),
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    weights: List[float] = [0] * x.shape[0]
                    return x + weights[0]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
            line=8,
            message_contains="List[int]",
        ),
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Head(nn.Module):
                def forward(self, x: torch.Tensor):
                    hidden: List[torch.Tensor] = [x]
                    return {"logits": x * 2, "hidden": hidden}

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = Head()

                def forward(self, x):
                    out = self.head(x)
                    return out["logits"].sum(-1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="different types",
        ),
        Invalid(
            """
            from typing import Optional, Tuple

            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, size: Optional[Tuple[int, int]] = None):
                    if size is None:
                        size = x.shape[-2:]
                    h, w = size
                    return F.interpolate(x, size=(h * 2, w * 2), mode="nearest")

            def inputs():
                return [(torch.randn(1, 3, 3, 3),), (torch.randn(2, 3, 2, 4),)]
            """,
            line=10,
            message_contains="List[int]",
            fixed="""
            from typing import Optional, Tuple

            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, size: Optional[Tuple[int, int]] = None):
                    if size is None:
                        size = (x.shape[-2], x.shape[-1])
                    h, w = size
                    return F.interpolate(x, size=(h * 2, w * 2), mode="nearest")

            def inputs():
                return [(torch.randn(1, 3, 3, 3),), (torch.randn(2, 3, 2, 4),)]
            """,
        ),
        Invalid(
            """
            from typing import Dict, Tuple
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    cells: Dict[Tuple[int, int], torch.Tensor] = {}
                    for i in range(2):
                        cells[(i, i + 1)] = x * i
                    return cells[(1, 2)] + cells[(0, 1)]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            message_contains="Cannot create dict for key type",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stages = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

                def forward(self, x):
                    features = {}
                    for i, stage in enumerate(self.stages):
                        x = stage(x)
                        features[i] = x
                    return features[0] + features[2]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="Dict[str, Tensor]",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    sizes = []
                    for t in x.unbind(0):
                        sizes.append(t.shape[0])
                    return x * len(sizes)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
            message_contains="List[Tensor]",
        ),
        Invalid(
            """
            from typing import Dict, Optional

            import torch
            from torch import nn

            State = Optional[Dict[str, Dict[str, Optional[torch.Tensor]]]]

            class Cache(nn.Module):
                def forward(self, x: torch.Tensor, state: State = None) -> torch.Tensor:
                    if state is not None:
                        state["k"] = {"prev": x}
                    return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cache = Cache()

                def forward(self, x):
                    return self.cache(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="Arguments for call are not valid",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        # Per function: (the node, its locals bound only to an unannotated empty `{}` / `[]`
        # ("dict" or "list"), the names it binds only to ints, the parameters it never rebinds).
        self._empty: dict[int, tuple] = {}  # type: ignore[type-arg]
        self._classes_seen: set[str] = set()  # classes whose body annotations were checked

    # -- a list of bools indexing a tensor
    def visit_Subscript(self, node: cst.Subscript) -> None:
        """``t[:, keep]`` with ``keep`` a list of bools (a display of bool literals, a local
        or a module attribute bound once to one, a parameter annotated ``List[bool]``): eager
        takes it as a boolean mask, TorchScript as a ``List[bool]`` it converts to an integer
        index tensor of 0s and 1s (torch 2.13), so the scripted result differs."""
        if not in_script(self.ctx) or self.ctx.function is None:
            return
        if self.ctx.kind(node.value) is not Kind.TENSOR:
            return
        for element in node.slice:
            index = element.slice
            if type(index) is not cst.Index:
                continue
            what = self._bool_list(index.value)
            if what is not None:
                self.report(
                    index,
                    f"a tensor indexed with {what}: eager takes a list of bools as a boolean "
                    "mask, TorchScript types it List[bool] and indexes with it as the integers "
                    "0 and 1, so the scripted result differs (no error); index with a bool "
                    "tensor (`torch.tensor(keep)`, or a buffer) or with the kept positions",
                )
                return

    def _bool_list(self, value: cst.BaseExpression) -> Optional[str]:
        if _bool_display(value):
            return "a list of bool literals"
        function = self.ctx.function
        if type(value) is cst.Name and function is not None:
            bound = assignments(function, value.value)
            if len(bound) == 1 and _bool_display(bound[0][0]) and bound[0][2] == 1:
                return f"`{value.value}`, a list of bools"
            param = next(
                (p for p in signature_params(self.ctx, function) if p.name.value == value.value),
                None,
            )
            if (
                param is not None
                and not bound
                and param.annotation is not None
                and self._bool_list_annotation(param.annotation.annotation)
            ):
                return f"`{value.value}: List[bool]`"
            return None
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return None
        values = [
            found
            for method in class_methods(self.ctx, info.owner_class)
            for found in self_assignments(method, attr)
        ]
        if len(values) == 1 and _bool_display(values[0]):
            return f"`self.{attr}`, a list of bools"
        return None

    def _bool_list_annotation(self, annotation: cst.BaseExpression) -> bool:
        if type(annotation) is not cst.Subscript or len(annotation.slice) != 1:
            return False
        if self.ctx.qualified_name(annotation.value) not in ("typing.List", "builtins.list"):
            return False
        inner = annotation.slice[0].slice
        return (
            type(inner) is cst.Index
            and type(inner.value) is cst.Name
            and inner.value.value == "bool"
        )

    # -- keys TorchScript cannot type
    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if not in_script(self.ctx):
            return
        self._class_body_annotations()
        annotations = [p.annotation for p in signature_params(self.ctx, node) if p.annotation]
        if node.returns is not None:
            annotations.append(node.returns)
        for annotation in annotations:
            self._check_annotation(annotation.annotation)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if in_script(self.ctx) and self.ctx.function is not None:
            self._check_annotation(node.annotation.annotation)
            if node.value is not None and isinstance(node.target, cst.Name):
                self._repeated_list(node.target.value, node.annotation.annotation, node.value)
                self._empty_inner(node.target.value, node.annotation.annotation, node.value)
                self._repeated_tuple(
                    f"Variable '{node.target.value}' is annotated with type Tuple[...] but is "
                    "being assigned to a value of type List[...]",
                    node.annotation.annotation,
                    node.value,
                )

    def visit_Return(self, node: cst.Return) -> None:
        function = self.ctx.function
        if (
            node.value is not None
            and function is not None
            and function.returns is not None
            and in_script(self.ctx)
        ):
            self._repeated_tuple(
                "Return value was annotated as having type Tuple[...] but is actually of type "
                "List[...]",
                function.returns.annotation,
                node.value,
            )

    # -- `(k,) * n` where a Tuple is declared: TorchScript's tuple repeat is a List
    def _repeated_tuple(
        self, error: str, annotation: cst.BaseExpression, value: cst.BaseExpression
    ) -> None:
        if pruned_by_constant(self.ctx):
            return
        display = _repeated_display(value, cst.Tuple)
        if display is None:
            return
        if any(isinstance(e, cst.StarredElement) for e in display.elements):
            return
        base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
        if self.ctx.qualified_name(base) not in ("typing.Tuple", "builtins.tuple"):
            return
        self.report(
            value,
            f"`{_code(value)}` where `{_code(annotation)}` is declared, in scripted code: "
            "TorchScript's `tuple * n` makes a List, and no List converts to a Tuple, so "
            f"torch.jit.script fails (torch 2.13: {error}); write the tuple out "
            "(`(k, k)`) or declare a `List[int]`, which the torch functions taking sizes take",
        )

    # -- a store into an unannotated list of None
    def _none_list_store(self, base: cst.BaseExpression, where: cst.CSTNode) -> None:
        function = self.ctx.function
        if not isinstance(base, cst.Name) or function is None or pruned_by_constant(self.ctx):
            return
        bound = assignments(function, base.value)
        if not bound or not all(size == 1 and _none_list(v) for v, _, size in bound):
            return
        if any(
            p.name.value == base.value for p in signature_params(self.ctx, function)
        ) or _annotated_local(function, base.value):
            return
        name = base.value
        self.report(
            where,
            f"`{name}` is bound only to a list of None with no annotation, and this stores "
            f"another value into it: TorchScript types `{name}` `List[NoneType]`, so the store "
            "fails (torch 2.13: Arguments for call are not valid); annotate it "
            f"(`{name}: List[Optional[torch.Tensor]] = [None for _ in range(n)]`) and refine "
            "the elements you read",
        )

    # -- `[None] * n` / `[0] * n` under an annotation its element type does not match
    def _repeated_list(
        self, name: str, annotation: cst.BaseExpression, value: cst.BaseExpression
    ) -> None:
        if pruned_by_constant(self.ctx):
            return
        display = _repeated_display(value, cst.List)
        plain = display is None and isinstance(value, cst.List)
        if plain:
            display = value  # type: ignore[assignment]
        if display is None:
            return
        if not (
            isinstance(annotation, cst.Subscript)
            and self.ctx.qualified_name(annotation.value) in ("typing.List", "builtins.list")
            and len(annotation.slice) == 1
            and isinstance(annotation.slice[0].slice, cst.Index)
        ):
            return
        element = annotation.slice[0].slice.value
        spelled = _code(element)
        found = set()
        for item in display.elements:
            if isinstance(item, cst.StarredElement):
                return
            found.add("None" if is_none(item.value) else literal_type(item.value))
        if plain:
            self._int_display(name, annotation, value, spelled, found)
            return
        if found == {"None"} and spelled != "None" and annotation_allows_none(element):
            got, fix = "NoneType", "a comprehension, `[None for _ in range(n)]`"
        elif found == {"int"} and spelled == "float":
            got, fix = "int", "float literals (`[0.0] * n`)"
        else:
            return
        subject = f"`{name}`" if name != "the value" else "the `torch.jit.annotate` value"
        error = (
            f"Variable '{name}' is annotated with type List[...] but is being assigned to a "
            f"value of type List[{got}]"
            if name != "the value"
            else f"expected an expression of type List[...] but found List[{got}]"
        )
        what = "None" if got == "NoneType" else "int literals"
        tail = ", which TorchScript types from the annotation" if got == "NoneType" else ""
        self.report(
            value,
            f"{subject} is annotated `{_code(annotation)}` and bound to a repeated list of "
            f"{what}: TorchScript types `[...] * n` by its elements alone, as `List[{got}]`, "
            f"and converts no list to the annotation, so torch.jit.script fails ({error}); "
            f"write {fix}{tail}",
        )

    def _empty_inner(
        self, name: str, annotation: cst.BaseExpression, value: cst.BaseExpression
    ) -> None:
        """``buckets: List[List[int]] = [[] for _ in range(n)]`` (also ``[[], []]``, ``[[]] *
        n``, ``{k: [] for k in keys}`` under ``Dict[K, List[int]]``, ``dict()`` / ``{}`` items
        under a ``Dict[K, V]`` item type other than ``Dict[str, Tensor]``): TorchScript types
        an empty list or dict inside a comprehension or display by its default,
        ``List[Tensor]`` / ``Dict[str, Tensor]``, before it reads the annotation, and then
        finds they disagree."""
        if pruned_by_constant(self.ctx) or not isinstance(annotation, cst.Subscript):
            return
        container = self.ctx.qualified_name(annotation.value)
        items = [e.slice.value for e in annotation.slice if isinstance(e.slice, cst.Index)]
        if len(items) != len(annotation.slice):
            return
        if container in ("typing.List", "builtins.list") and len(items) == 1:
            inner = items[0]
            repeated = _repeated_display(value, cst.List)
            if isinstance(value, cst.ListComp):
                elements = [value.elt]
            elif isinstance(value, cst.List) or repeated is not None:
                display = repeated if repeated is not None else value
                elements = [e.value for e in display.elements]  # type: ignore[attr-defined]
                if any(isinstance(e, cst.StarredElement) for e in display.elements):  # type: ignore[attr-defined]
                    return
            else:
                return
        elif container in ("typing.Dict", "builtins.dict") and len(items) == 2:
            inner = items[1]
            if isinstance(value, cst.DictComp):
                elements = [value.value]
            elif isinstance(value, cst.Dict) and all(
                isinstance(e, cst.DictElement) for e in value.elements
            ):
                elements = [e.value for e in value.elements]  # type: ignore[union-attr]
            else:
                return
        else:
            return
        for element in elements:
            default = self._empty_container_default(element, inner)
            if default is None:
                continue
            subject = f"`{name}`" if name != "the value" else "the `torch.jit.annotate` value"
            self.report(
                element,
                f"{subject} is annotated `{_code(annotation)}`, and the empty "
                f"`{_code(element)}` inside its value is typed `{default}` (TorchScript's "
                "default for an empty container in a comprehension or display, before the "
                f"annotation is read), not `{_code(inner)}`, so torch.jit.script fails (torch "
                f"2.13: type annotation `{_code(annotation)}` did not match the types of the "
                f"given elements, unified to {default}); build it in a loop, `{name if name != 'the value' else 'out'} "
                f"= torch.jit.annotate({_code(annotation)}, [])` then `.append(torch.jit."
                f"annotate({_code(inner)}, []))`",
            )
            return

    def _empty_container_default(
        self, element: cst.BaseExpression, inner: cst.BaseExpression
    ) -> Optional[str]:
        """``List[Tensor]`` / ``Dict[str, Tensor]`` where ``element`` is an empty list / dict
        (``[]``, ``list()``, ``{}``, ``dict()``) and ``inner``, the annotated item type, is a
        list / dict annotation of other items; None otherwise."""
        called = (
            self.ctx.qualified_name(element.func)
            if isinstance(element, cst.Call) and not element.args
            else None
        )
        if not isinstance(inner, cst.Subscript):
            return None
        kind = self.ctx.qualified_name(inner.value)
        parts = [e.slice.value for e in inner.slice if isinstance(e.slice, cst.Index)]
        names = [self.ctx.qualified_name(p) for p in parts]
        if (isinstance(element, cst.List) and not element.elements) or called == "builtins.list":
            if kind in ("typing.List", "builtins.list") and len(parts) == 1:
                return None if names[0] == "torch.Tensor" else "List[Tensor]"
            return None
        if (isinstance(element, cst.Dict) and not element.elements) or called == "builtins.dict":
            if kind in ("typing.Dict", "builtins.dict") and len(parts) == 2:
                typed = names == ["builtins.str", "torch.Tensor"]
                return None if typed else "Dict[str, Tensor]"
        return None

    def _int_display(
        self,
        name: str,
        annotation: cst.BaseExpression,
        value: cst.BaseExpression,
        spelled: str,
        found: set[Optional[str]],
    ) -> None:
        """A list display of int literals (floats among them or not) under `List[float]`."""
        if spelled != "float" or "int" not in found or not found <= {"int", "float"}:
            return
        got = "int" if found == {"int"} else "Union[float, int]"
        subject = f"`{name}`" if name != "the value" else "the `torch.jit.annotate` value"
        self.report(
            value,
            f"{subject} is annotated `{_code(annotation)}` and bound to a list display of int "
            "literals: TorchScript types the display by its elements and checks them against "
            "the annotation, converting no int, so torch.jit.script fails (torch 2.13: List "
            "type annotation `List[float]` did not match the types of the given list "
            f"elements, which were unified to {got}); write float literals (`[1.0, 2.0]`)",
        )

    def visit_Dict(self, node: cst.Dict) -> None:
        if not in_script(self.ctx) or self.ctx.function is None:
            return
        for element in node.elements:
            if type(element) is cst.DictElement and _bad_key_value(element.key):
                self._report_key(element.key, _key_text(element.key))
                return
        self._mixed_values(node)

    # -- a dict display of values of different types, whose values are then read
    def _mixed_values(self, node: cst.Dict) -> None:
        types: dict[str, str] = {}  # type -> the key that has it
        for element in node.elements:
            if type(element) is not cst.DictElement:
                return  # `**other`: its values are not known
            kind = self._script_type(element.value)
            if kind is not None:
                types.setdefault(kind, _code(element.key))
        if len(types) < 2:
            return
        reader = self._values_read(node)
        if reader is None:
            return
        (first, key_a), (second, key_b) = list(types.items())[:2]
        self.report(
            node,
            f"dict of values of different types in scripted code ({key_a}: {first}, {key_b}: "
            f"{second}), read {reader}: TorchScript types it `Dict[str, Union[...]]`, and a "
            "value read from it is the Union, which no method or torch function takes (torch "
            "2.13: 'Union[Tensor, List[Tensor]]' object has no attribute or method 'sum', "
            "Arguments for call are not valid) until `assert isinstance(v, torch.Tensor)` "
            "refines it; keep one value type per dict (return the list apart)",
        )

    def _script_type(self, value: cst.BaseExpression) -> Optional[str]:
        """The TorchScript type of a dict value where it is certain, None otherwise (and for
        None, which makes an Optional)."""
        kind = self.ctx.kind(value)
        if kind is Kind.TENSOR:
            return "Tensor"
        if kind is Kind.TENSORS and type(value) in (cst.List, cst.ListComp, cst.Name):
            if type(value) is cst.Name and not self._list_local(value.value):
                return None
            return "List[Tensor]"
        if type(value) is cst.Tuple:
            return "Tuple"
        scalar = literal_type(value)
        if scalar is not None and scalar != "None":
            return scalar
        if kind in NON_TENSOR_KINDS and kind is not Kind.SHAPE:
            return "int"
        return None

    def _list_local(self, name: str) -> bool:
        """A local the function annotates ``List[...]`` or binds only to list displays."""
        function = self.ctx.function
        if function is None:
            return False
        found = False

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if type(node) in (cst.FunctionDef, cst.Lambda, cst.ClassDef) and node is not function:
                return False
            if (
                type(node) is cst.AnnAssign
                and type(node.target) is cst.Name
                and node.target.value == name
                and type(node.annotation.annotation) is cst.Subscript
                and self.ctx.qualified_name(node.annotation.annotation.value)
                in ("typing.List", "builtins.list")
            ):
                found = True
            return None

        walk(function, enter, lambda node: None)
        bound = assignments(function, name)
        return found or (
            bool(bound) and all(type(v) in (cst.List, cst.ListComp) for v, _, _ in bound)
        )

    def _values_read(self, node: cst.Dict) -> Optional[str]:
        """Where a value of the dict is read by key: the local it is bound to subscripted in
        the function, or, for a dict the function returns, the result of a call of it (the
        module's `forward` through `self.<submodule>(...)`, or `self.<method>(...)`)
        subscripted in scripted code of the file. None when nothing reads it."""
        function = self.ctx.function
        line = self.ctx.statements[-1] if self.ctx.statements else None
        if function is None or type(line) is not cst.SimpleStatementLine:
            return None
        small = line.body[0] if len(line.body) == 1 else None  # type: ignore[attr-defined]
        if (
            type(small) is cst.Assign
            and small.value is node
            and len(small.targets) == 1
            and type(small.targets[0].target) is cst.Name
        ):
            name = small.targets[0].target.value
            if _subscripted(function, name):
                return f"by key (`{name}[...]`)"
            return None
        if type(small) is not cst.Return or small.value is not node:
            return None
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if owner is None:
            return None
        method = function.name.value
        for caller in self.ctx.model.functions.values():
            if caller.owner_class is None or not self.ctx.index.is_module_class(caller.owner_class):
                continue  # scripted code is a module's methods and what they call
            for bound, name in _call_results(caller.node):
                attr = self_attribute(bound.func)
                if attr is None:
                    continue
                target = (caller.owner_class, attr) if caller.owner_class == owner else None
                calls_this = (target is not None and attr == method) or (
                    method == "forward"
                    and self.ctx.index.attribute_class(caller.owner_class, attr) == owner
                )
                if calls_this and _subscripted(caller.node, name):
                    return f"by key where `{caller.node.name.value}` calls it (`{name}[...]`)"
        return None

    def visit_DictComp(self, node: cst.DictComp) -> None:
        if in_script(self.ctx) and self.ctx.function is not None and _bad_key_value(node.key):
            self._report_key(node.key, _key_text(node.key))

    def _check_annotation(self, annotation: cst.BaseExpression) -> None:
        def enter(node: cst.CSTNode) -> Optional[bool]:
            if type(node) is cst.Subscript and self.ctx.qualified_name(node.value) in DICTS:
                key = node.slice[0].slice if node.slice else None
                if type(key) is cst.Index and self._bad_key_annotation(key.value):
                    self._report_key(node, _code(key.value))
                    return False
            return None

        walk(annotation, enter, lambda node: None)

    def _class_body_annotations(self) -> None:
        """The class-body annotations of the module a scripted method belongs to, of the
        attributes its methods set (``cache: Dict[Tuple[int, int], Tensor]`` with ``self.cache
        = {}``): scripting the module types each such attribute by its annotation. Once per
        class."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None or info.parent is not None:
            return
        if not self.ctx.in_graph or info.owner_class in self._classes_seen:
            return
        self._classes_seen.add(info.owner_class)
        cls = class_def(self.ctx, info.owner_class)
        if cls is None:
            return
        methods = class_methods(self.ctx, info.owner_class)
        for line in cls.body.body:
            if type(line) is not cst.SimpleStatementLine:
                continue
            for small in line.body:
                if type(small) is not cst.AnnAssign or type(small.target) is not cst.Name:
                    continue
                name = small.target.value
                if any(self_assignments(method, name) for method in methods):
                    self._check_annotation(small.annotation.annotation)

    def _bad_key_annotation(self, key: cst.BaseExpression) -> bool:
        if type(key) is cst.Name and key.value in ("None", "tuple", "list", "dict"):
            return True
        if type(key) is cst.BinaryOperation and type(key.operator) is cst.BitOr:
            return True  # `int | None`
        return type(key) is cst.Subscript and self.ctx.qualified_name(key.value) in BAD_KEYS

    def _report_key(self, node: cst.CSTNode, key: str) -> None:
        self.report(
            node,
            f"dict keyed by `{key}` in scripted code: TorchScript builds dicts only for int, "
            "float, complex, Tensor, device and str keys, so scripting fails (Cannot create "
            'dict for key type ...); key it by an int (`i * n + j`) or a str (`f"{i}_{j}"`)',
        )

    # -- stores into an unannotated empty `{}` / `[]`
    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) == 1 and type(node.targets[0].target) is cst.Name:
            self._shape_into_tuple(node.targets[0].target, node.value)  # type: ignore[arg-type]
            self._empty_into_optional(node.targets[0].target, node.value)  # type: ignore[arg-type]
        if len(node.targets) != 1 or type(node.targets[0].target) is not cst.Subscript:
            return
        target = node.targets[0].target
        if in_script(self.ctx) and not is_none(node.value):
            self._none_list_store(target.value, target)  # type: ignore[attr-defined]
            self._display_into_optional_elements(target, node.value)  # type: ignore[arg-type]
        name = self._empty_local(target.value, "dict")  # type: ignore[attr-defined]
        if name is None:
            return
        elements = target.slice  # type: ignore[attr-defined]
        if len(elements) > 1:
            key: Optional[str] = "tuple"
        elif type(elements[0].slice) is cst.Index:
            key = self._key_type(elements[0].slice.value)
        else:
            return
        value = self._non_tensor(node.value)
        if key is not None and key != "str":
            self._report_store(target, name, "dict", f"key {key}")
        elif value is not None:
            self._report_store(target, name, "dict", f"value {value}")

    def _in_block(self) -> bool:
        """Whether the current statement sits in an ``if`` / loop of the function: there a
        variable keeps its type (at the top level a rebinding is a new variable)."""
        function = self.ctx.function
        inside = False
        for statement in self.ctx.statements:
            if statement is function:
                inside = True
            elif inside and type(statement) in (cst.If, cst.For, cst.While, cst.Else):
                return True
        return False

    def _declared(self, name: str) -> Optional[cst.BaseExpression]:
        """The annotation of the parameter ``name`` of the current function, or of a local
        annotated ``name: T = ...`` there."""
        function = self.ctx.function
        if function is None:
            return None
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == name), None
        )
        if param is not None:
            return param.annotation.annotation if param.annotation is not None else None
        found: list[cst.BaseExpression] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if (
                isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda))
                and node is not function
            ):
                return False
            if type(node) is cst.AnnAssign and type(node.target) is cst.Name:
                if node.target.value == name:
                    found.append(node.annotation.annotation)
            return None

        walk(function.body, enter, lambda node: None)
        return found[0] if len(found) == 1 else None

    def _empty_into_optional(self, target: cst.Name, value: cst.BaseExpression) -> None:
        """``if weights is None: weights = {}`` with ``weights: Optional[Dict[str, float]]``:
        TorchScript types an empty ``{}`` / ``dict()`` from the variable's annotation only
        when it is no Optional, and ``list()`` never (``[]`` takes ``Optional[List[T]]``)."""
        if not in_script(self.ctx) or self.ctx.function is None or pruned_by_constant(self.ctx):
            return
        if type(value) is cst.Dict and not value.elements:
            kind = "dict"
        elif (
            type(value) is cst.Call
            and not value.args
            and self.ctx.qualified_name(value.func) in ("builtins.dict", "builtins.list")
        ):
            kind = "dict" if self.ctx.qualified_name(value.func) == "builtins.dict" else "list"
        else:
            return
        annotation = self._declared(target.value)
        if annotation is None or not self._in_block():
            return
        inner = _optional_inner(self.ctx, annotation)
        if inner is None or type(inner) is not cst.Subscript:
            return
        base = self.ctx.qualified_name(inner.value)
        if kind == "dict" and base not in DICTS or kind == "list" and base not in LISTS:
            return
        elements = [e.slice.value for e in inner.slice if type(e.slice) is cst.Index]
        code = cst.Module([]).code_for_node
        if kind == "dict":
            if len(elements) != 2:
                return
            if (
                code(elements[0]) == "str"
                and self.ctx.qualified_name(elements[1]) == "torch.Tensor"
            ):
                return
            default = "Dict[str, Tensor]"
        else:
            if len(elements) != 1 or self.ctx.qualified_name(elements[0]) == "torch.Tensor":
                return
            default = "List[Tensor]"
        shown = code(inner)
        self.report(
            value,
            f"`{target.value} = {code(value)}` into `{target.value}: {code(annotation)}` "
            f"inside a block in scripted code: TorchScript types the empty {kind} as "
            f"`{default}` (it reads the variable's type only for a `{{}}` / `[]` into a "
            f"non-Optional one), and a variable keeps one type across blocks (torch 2.13: "
            f"Variable '{target.value}' previously had type Optional[...] but is now being "
            f"assigned to a value of type {default}); "
            + (
                f"bind it to a local annotated `{shown}` first (`torch.jit.annotate({shown}, "
                "{})`)"
                if kind == "dict"
                else "write `[]`, which takes the variable's type"
            ),
        )

    def _shape_into_tuple(self, target: cst.Name, value: cst.BaseExpression) -> None:
        """``size = x.shape[-2:]`` under an ``if`` / loop, ``size`` a parameter annotated
        ``Tuple[...]`` / ``Optional[Tuple[...]]`` or a local bound to a tuple display: a shape
        is a ``List[int]`` to TorchScript, which keeps one type per variable across blocks."""
        function = self.ctx.function
        if not in_script(self.ctx) or function is None or not shape_expression(value):
            return
        if self.ctx.kind(_shape_owner(value)) is not Kind.TENSOR:
            return
        inside = False
        nested = False
        for statement in self.ctx.statements:
            if statement is function:
                inside = True
            elif inside and type(statement) in (cst.If, cst.For, cst.While, cst.Else):
                nested = True
        if not nested:
            return  # rebound at the function's top level: a new variable to TorchScript
        name = target.value
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == name), None
        )
        if param is not None:
            declared = tuple_annotation(self.ctx, param.annotation)
        else:
            declared = any(type(v) is cst.Tuple for v, _, _ in assignments(function, name))
        if not declared:
            return
        self.report(
            value,
            f"a shape assigned to `{name}`, a tuple, inside a block in scripted code: "
            "TorchScript's shapes are `List[int]` and a variable keeps one type across "
            f"blocks (torch 2.13: Variable '{name}' previously had type Tuple[...] but is now "
            "being assigned to a value of type List[int]); build the tuple from the sizes "
            "(`(x.shape[-2], x.shape[-1])`) or annotate `List[int]`",
        )

    def _display_into_optional_elements(
        self, target: cst.Subscript, value: cst.BaseExpression
    ) -> None:
        """``state[key] = {"prev_key": k}`` into a parameter or local declared
        ``Dict[str, Dict[str, Optional[Tensor]]]`` (a ``List[Optional[...]]`` element too):
        TorchScript types the display from its tensor values, ``Dict[str, Tensor]``, takes no
        hint from the store, and a container type is invariant."""
        if type(value) not in (cst.Dict, cst.List) or not value.elements:  # type: ignore[attr-defined]
            return
        function = self.ctx.function
        container = target.value
        if function is None or type(container) is not cst.Name:
            return
        declared = _declared_annotation(self.ctx, function, container.value)
        if declared is None:
            return
        declared = _module_alias(self.ctx.module, declared)
        declared = _optional_inner(self.ctx, declared) or declared
        element = _element_annotation(self.ctx, declared, ("typing.Dict", "builtins.dict"))
        if element is None:
            element = _element_annotation(self.ctx, declared, ("typing.List", "builtins.list"))
        bases = (
            ("typing.Dict", "builtins.dict")
            if type(value) is cst.Dict
            else ("typing.List", "builtins.list")
        )
        held = _element_annotation(self.ctx, element, bases) if element is not None else None
        if held is None or _optional_inner(self.ctx, held) is None:
            return
        items = [
            e.value
            for e in value.elements  # type: ignore[attr-defined]
            if type(e) in (cst.DictElement, cst.Element)
        ]
        if len(items) != len(value.elements) or not all(  # type: ignore[attr-defined]
            self.ctx.kind(item) is Kind.TENSOR for item in items
        ):
            return
        kind = "dict" if type(value) is cst.Dict else "list"
        wanted = _code(element).replace("torch.Tensor", "Tensor")  # type: ignore[arg-type]
        self.report(
            value,
            f"a {kind} display of tensors stored into `{container.value}[...]`, whose elements "
            f"are declared `{wanted}`: TorchScript types the display from its values "
            f"(`{'Dict[str, Tensor]' if kind == 'dict' else 'List[Tensor]'}`), takes no type "
            "from the store, and a container's type must match exactly (torch 2.13: Arguments "
            "for call are not valid); bind it to an annotated local first (`entry: "
            f"{wanted} = ...`) and store that",
        )

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        name = self._empty_local(node.target, "list")
        if name is None or type(node.operator) is not cst.AddAssign:
            return
        if type(node.value) is cst.List:
            self._elements(node, name, [e.value for e in node.value.elements])

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if (
            node.args
            and in_script(self.ctx)
            and self.ctx.function is not None
            and self.ctx.qualified_name(func) == "torch.jit.annotate"
        ):
            self._check_annotation(node.args[0].value)
            if len(node.args) == 2:
                self._repeated_list("the value", node.args[0].value, node.args[1].value)
                self._empty_inner("the value", node.args[0].value, node.args[1].value)
            return
        if type(func) is not cst.Attribute or func.attr.value not in ("append", "insert", "extend"):
            return
        if (
            in_script(self.ctx)
            and func.attr.value in ("append", "insert")
            and node.args
            and not is_none(node.args[-1].value)
        ):
            self._none_list_store(func.value, node)
        name = self._empty_local(func.value, "list")
        args = node.args
        if name is None and type(func.value) is cst.Subscript:
            name = self._empty_local(func.value.value, "lists")
            if name is not None:
                name += "[...]"
        if name is None or any(a.keyword is not None or a.star for a in args):
            return
        method = func.attr.value
        if method == "append" and len(args) == 1:
            self._elements(node, name, [args[0].value])
        elif method == "insert" and len(args) == 2:
            self._elements(node, name, [args[1].value])
        elif method == "extend" and len(args) == 1 and type(args[0].value) is cst.List:
            self._elements(node, name, [e.value for e in args[0].value.elements])

    def _elements(self, node: cst.CSTNode, name: str, values: list[cst.BaseExpression]) -> None:
        for value in values:
            found = self._non_tensor(value)
            if found is not None:
                self._report_store(node, name, "list", f"element {found}")
                return

    def _report_store(self, node: cst.CSTNode, name: str, kind: str, what: str) -> None:
        """``what``: ``key int``, ``value float``, ``element tuple``."""
        role, found = what.split(" ", 1)
        stored = ANNOTATION_OF.get(found, found)
        if kind == "dict":
            typed, error = "Dict[str, Tensor]", "Arguments for call are not valid"
            key, value = (stored, "Tensor") if role == "key" else ("str", stored)
            example = f"{name}: Dict[{key}, {value}] = {{}}"
            how = f"stores a{'n' if found[0] in 'aeiou' else ''} {found} {role} into it"
        else:
            typed, error = (
                "List[Tensor]",
                "no overload of `append` / `insert` / `extend` / `+=` takes it",
            )
            example = f"{name}: List[{stored}] = []"
            how = f"adds a{'n' if found[0] in 'aeiou' else ''} {found} to it"
        if name.endswith("[...]"):
            outer = name[: -len("[...]")]
            self.report(
                node,
                f"`{outer}` is a list of empty lists with no annotation, each of which "
                "TorchScript types `List[Tensor]` whatever is stored later (an annotation "
                f"`List[List[{stored}]]` on `{outer}` does not reach them), and this {how} "
                f"one: scripting fails ({error}); type each empty list "
                f"(`[torch.jit.annotate(List[{stored}], []) for _ in ...]`)",
            )
            return
        self.report(
            node,
            f"`{name}` is an empty literal with no annotation, which TorchScript types "
            f"`{typed}` whatever is stored later, and this {how}: scripting fails ({error}); "
            f"annotate the empty literal (`{example}`)",
        )

    def _empty_local(self, node: cst.BaseExpression, kind: str) -> Optional[str]:
        """``node``'s name when it is a local of the current scripted function bound only to
        an unannotated empty ``kind`` literal."""
        function = self.ctx.function
        if type(node) is not cst.Name or function is None or not in_script(self.ctx):
            return None
        entry = self._empty.get(id(function))
        if entry is None or entry[0] is not function:
            entry = self._empty[id(function)] = (function, *_function_facts(self.ctx, function))
        return node.value if entry[1].get(node.value) == kind else None

    def _int_name(self, name: str) -> bool:
        function = self.ctx.function
        entry = self._empty.get(id(function)) if function is not None else None
        return entry is not None and name in entry[2]

    def _key_type(self, key: cst.BaseExpression) -> Optional[str]:
        """``int`` / ``float`` / ``bool`` / ``str`` / ``tuple`` / ``None`` for a key whose type
        is known, else None."""
        found = literal_type(key)
        if found is not None:
            return found
        if type(key) is cst.Tuple:
            return "tuple"
        if type(key) is cst.Name and key.value == "None":
            return "None"
        if self._int_expression(key):
            return "int"
        return None

    def _int_expression(self, node: cst.BaseExpression) -> bool:
        if type(node) is cst.Integer:
            return True
        if type(node) is cst.Name:
            return self._int_name(node.value)
        if type(node) is cst.BinaryOperation and type(node.operator) in (
            cst.Add,
            cst.Subtract,
            cst.Multiply,
            cst.FloorDivide,
            cst.Modulo,
        ):
            return self._int_expression(node.left) and self._int_expression(node.right)
        return self.ctx.kind(node) in (Kind.SIZE, Kind.RANK)

    def _non_tensor(self, value: cst.BaseExpression) -> Optional[str]:
        """What ``value`` is when it is certainly not a Tensor, else None."""
        found = literal_type(value)
        if found is not None:
            return found
        kind = type(value)
        if kind is cst.Tuple:
            return "tuple"
        if kind in (cst.List, cst.ListComp):
            return "list"
        if kind in (cst.Dict, cst.DictComp):
            return "dict"
        if kind is cst.Name and value.value == "None":  # type: ignore[attr-defined]
            return "None"
        if self._int_expression(value):
            return "int"
        if self.ctx.kind(value) is Kind.SHAPE:
            return "size"
        if kind is cst.Name:
            annotation = self._scalar_parameter(value.value)  # type: ignore[attr-defined]
            if annotation is not None:
                return annotation
        return None

    def _scalar_parameter(self, name: str) -> Optional[str]:
        """``int`` for a parameter annotated ``int`` (float, str, bool) the function never
        rebinds."""
        function = self.ctx.function
        if function is None:
            return None
        for param in signature_params(self.ctx, function):
            if param.name.value == name and param.annotation is not None:
                annotation = param.annotation.annotation
                if type(annotation) is cst.Name and annotation.value in SCALAR_ANNOTATIONS:
                    entry = self._empty.get(id(function))
                    if entry is not None and name in entry[3]:
                        return annotation.value
        return None


def _bad_key_value(key: cst.BaseExpression) -> bool:
    return type(key) is cst.Tuple or (type(key) is cst.Name and key.value == "None")


def _key_text(key: cst.BaseExpression) -> str:
    return "tuple" if type(key) is cst.Tuple else "None"


def _subscripted(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``function`` reads ``name[...]`` (not as an assignment target)."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if type(node) in (cst.AssignTarget,):
            return False
        if type(node) is cst.Subscript and type(node.value) is cst.Name:
            found = found or node.value.value == name
        return None

    walk(function, enter, lambda node: None)
    return found


def _call_results(function: cst.FunctionDef) -> list[tuple[cst.Call, str]]:
    """``(call, name)`` of each ``name = <call>`` in ``function``."""
    found: list[tuple[cst.Call, str]] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if (
            type(node) is cst.Assign
            and len(node.targets) == 1
            and type(node.targets[0].target) is cst.Name
            and type(node.value) is cst.Call
        ):
            found.append((node.value, node.targets[0].target.value))
        return None

    walk(function, enter, lambda node: None)
    return found


def _shape_owner(node: cst.BaseExpression) -> cst.BaseExpression:
    """``x`` of ``x.shape[...]`` / ``x.size()``."""
    if isinstance(node, cst.Subscript):
        node = node.value
    if isinstance(node, cst.Call):
        node = node.func
    return node.value if isinstance(node, cst.Attribute) else node


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _empty_lists(ctx, value: cst.BaseExpression) -> bool:  # type: ignore[no-untyped-def]
    """A list of empty lists: ``[[] for _ in range(n)]``, ``[[], []]``, ``[[]] * n``."""

    def empty(item: cst.BaseExpression) -> bool:
        if type(item) is cst.List and not item.elements:
            return True
        return (
            type(item) is cst.Call
            and not item.args
            and ctx.qualified_name(item.func) == "builtins.list"
        )

    if type(value) is cst.ListComp:
        return empty(value.elt)
    if type(value) is cst.BinaryOperation and type(value.operator) is cst.Multiply:
        sides = [value.left, value.right]
        return any(type(side) is cst.List and _empty_lists(ctx, side) for side in sides)
    return (
        type(value) is cst.List
        and bool(value.elements)
        and all(type(e) is cst.Element and empty(e.value) for e in value.elements)
    )


def _function_facts(ctx, function: cst.FunctionDef):  # type: ignore[no-untyped-def]
    """(locals bound only to an unannotated empty `{}` / `dict()` ("dict") or `[]` /
    `list()` ("list"), or to a list of empty lists, `[[] for _ in range(n)]` ("lists"), names
    bound only to ints, names never rebound)."""
    bindings: dict[str, list[Optional[str]]] = {}
    ints: dict[str, bool] = {}

    def bind(name: str, what: Optional[str], is_int: bool) -> None:
        bindings.setdefault(name, []).append(what)
        ints[name] = ints.get(name, True) and is_int

    def targets(target: cst.BaseExpression, is_int: bool = False) -> None:
        if type(target) is cst.Name:
            bind(target.value, None, is_int)
        elif type(target) in (cst.Tuple, cst.List):
            for element in target.elements:  # type: ignore[attr-defined]
                targets(element.value)
        elif type(target) is cst.StarredElement:
            targets(target.value)  # type: ignore[attr-defined]

    def empty(value: cst.BaseExpression) -> Optional[str]:
        if _empty_lists(ctx, value):
            return "lists"
        if type(value) is cst.Dict and not value.elements:
            return "dict"
        if type(value) is cst.List and not value.elements:
            return "list"
        if type(value) is cst.Call and not value.args:
            name = ctx.qualified_name(value.func)
            if name == "builtins.dict":
                return "dict"
            if name == "builtins.list":
                return "list"
        return None

    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                t = target.target
                if type(t) is cst.Name:
                    what = empty(node.value) if len(node.targets) == 1 else None  # type: ignore[attr-defined]
                    value = node.value  # type: ignore[attr-defined]
                    is_int = type(value) is cst.Integer or ctx.kind(value) in (Kind.SIZE, Kind.RANK)
                    bind(t.value, what, is_int)
                else:
                    targets(t)
        elif kind is cst.AnnAssign:
            targets(node.target)  # type: ignore[attr-defined]
        elif kind is cst.AugAssign:
            # In place: `l += [x]` keeps the list's type, `i += 1` keeps an int an int.
            name = node.target  # type: ignore[attr-defined]
            if type(name) is cst.Name:
                ints[name.value] = ints.get(name.value, True) and type(node.value) is cst.Integer  # type: ignore[attr-defined]
            else:
                targets(name)
        elif kind is cst.For or kind is cst.CompFor:
            target, iterable = node.target, node.iter  # type: ignore[attr-defined]
            callee = ctx.qualified_name(iterable.func) if type(iterable) is cst.Call else None
            if callee == "builtins.range" and type(target) is cst.Name:
                bind(target.value, None, True)
            elif (
                callee == "builtins.enumerate"
                and type(target) is cst.Tuple
                and len(target.elements) == 2
                and type(target.elements[0].value) is cst.Name
            ):
                bind(target.elements[0].value.value, None, True)
                targets(target.elements[1].value)
            else:
                targets(target)
        elif kind is cst.NamedExpr:
            targets(node.target)  # type: ignore[attr-defined]
        elif kind is cst.WithItem or kind is cst.ExceptHandler:
            alias = node.asname if kind is cst.WithItem else node.name  # type: ignore[attr-defined]
            if alias is not None:
                targets(alias.name)
        elif kind in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            return False
        return None

    walk(function.body, enter, lambda node: None)
    params = {p.name.value for p in signature_params(ctx, function)}
    empties = {
        name: values[0]
        for name, values in bindings.items()
        if len(values) == 1 and values[0] in ("dict", "list", "lists") and name not in params
    }
    int_names = frozenset(name for name, is_int in ints.items() if is_int and name not in params)
    unbound = frozenset(params - set(bindings))
    return empties, int_names, unbound


def _none_list(value: cst.BaseExpression) -> bool:
    """``[None] * n``, ``n * [None]`` or ``[None, None, ...]``."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply):
        value = value.left if isinstance(value.left, cst.List) else value.right
    return (
        isinstance(value, cst.List)
        and bool(value.elements)
        and all(not isinstance(e, cst.StarredElement) and is_none(e.value) for e in value.elements)
    )


def _annotated_local(function: cst.FunctionDef, name: str) -> bool:
    found = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if isinstance(child, cst.AnnAssign) and isinstance(child.target, cst.Name):
            found = found or child.target.value == name
        return None

    walk(function.body, enter, lambda child: None)
    return found


def _repeated_display(
    value: cst.BaseExpression, display_type: type[DisplayT]
) -> Optional[DisplayT]:
    """The non-empty display of ``display_type`` that ``value`` repeats (``(k,) * n``,
    ``2 * [None]``), else None."""
    if not (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply)):
        return None
    display = next((v for v in (value.left, value.right) if isinstance(v, display_type)), None)
    return display if display is not None and display.elements else None


def _declared_annotation(  # type: ignore[no-untyped-def]
    ctx, function: cst.FunctionDef, name: str
) -> Optional[cst.BaseExpression]:
    """The annotation of a parameter ``name`` the function never rebinds, or of the one
    annotated binding of a local ``name``."""
    for param in signature_params(ctx, function):
        if param.name.value == name:
            if param.annotation is None or assignments(function, name):
                return None
            return param.annotation.annotation
    found: list[cst.BaseExpression] = []

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and child is not function:
            return False
        if isinstance(child, cst.AnnAssign) and isinstance(child.target, cst.Name):
            if child.target.value == name:
                found.append(child.annotation.annotation)
        return None

    walk(function.body, enter, lambda child: None)
    return found[0] if len(found) == 1 else None


def _element_annotation(  # type: ignore[no-untyped-def]
    ctx, annotation: cst.BaseExpression, bases: tuple[str, ...]
) -> Optional[cst.BaseExpression]:
    """``V`` of ``Dict[K, V]`` / ``T`` of ``List[T]`` when ``annotation`` is one of ``bases``."""
    if type(annotation) is not cst.Subscript or ctx.qualified_name(annotation.value) not in bases:
        return None
    elements = [e.slice.value for e in annotation.slice if type(e.slice) is cst.Index]
    if len(elements) != len(annotation.slice) or not elements:
        return None
    return elements[-1]


def _module_alias(module: cst.Module, annotation: cst.BaseExpression) -> cst.BaseExpression:
    """The value of ``State = Optional[Dict[...]]``, a name the module binds once at its top
    level to a subscripted type, for ``annotation`` that name; else ``annotation``."""
    if type(annotation) is not cst.Name:
        return annotation
    values = [
        small.value
        for statement in module.body
        if type(statement) is cst.SimpleStatementLine
        for small in statement.body
        if type(small) is cst.Assign
        and len(small.targets) == 1
        and type(small.targets[0].target) is cst.Name
        and small.targets[0].target.value == annotation.value
    ]
    if len(values) == 1 and type(values[0]) is cst.Subscript:
        return values[0]
    return annotation


def _bool_display(value: Optional[cst.BaseExpression]) -> bool:
    """A list display of bool literals (``[True, False, True]``)."""
    return (
        type(value) is cst.List
        and bool(value.elements)
        and all(
            type(e) is cst.Element
            and type(e.value) is cst.Name
            and e.value.value in ("True", "False")
            for e in value.elements
        )
    )
