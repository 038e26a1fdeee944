"""TL214: signatures TorchScript cannot compile (annotations it has no type for, mutable
defaults, defaults of another type than the annotation)."""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import assignments, bound_names, module_alias
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import (
    CONTEXT_DECORATORS,
    context_decorator,
    namedtuple_fields,
    target_names,
)
from torchlint.lint.semantic.summary import FORWARD_HOOK_REGISTRATIONS
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    call_return_annotation,
    class_def,
    dead_in_script,
    in_script,
    literal_type,
    self_attribute,
    signature_params,
)

# `typing` generics TorchScript refuses bare (torch 2.13: `Attempted to use Tuple without a
# contained type. Please add a contained type, e.g. Tuple[int]`), with torch's example type.
BARE_GENERICS = {
    "typing.Tuple": ("Tuple", "a contained type", "Tuple[int]"),
    "typing.List": ("List", "a contained type", "List[int]"),
    "typing.Optional": ("Optional", "a contained type", "Optional[int]"),
    "typing.Dict": ("Dict", "contained types", "Dict[int, int]"),
}

# Builtin classes TorchScript knows no type by (torch 2.13: Unknown type name 'type'), with
# what to write instead.
UNKNOWN_BUILTIN_TYPES = {
    "builtins.type": "annotate a dtype `torch.dtype`, or leave the class out of the signature",
    "builtins.object": "annotate the type the argument has (`Any` where it is not used)",
    "builtins.set": "TorchScript has no sets: pass a `List` (or a `Dict` keyed by the elements)",
    "builtins.bytes": "pass a `str` or a `List[int]`",
}

# The literal kinds a default of each annotation may be, as torch 2.13's frontend checks them
# (an int literal for `float`, any number for `bool`; nothing but None for `Tensor`).
_ACCEPTS = {
    "int": {"int", "bool"},
    "float": {"int", "float", "bool"},
    "bool": {"int", "float", "bool"},
    "str": {"str"},
    "Tensor": set(),
}
_SCALARS = {
    "int": "int",
    "builtins.int": "int",
    "float": "float",
    "builtins.float": "float",
    "bool": "bool",
    "builtins.bool": "bool",
    "str": "str",
    "builtins.str": "str",
    "torch.Tensor": "Tensor",
}
NEW_TYPES = frozenset({"typing.NewType", "typing_extensions.NewType"})
TYPED_DICTS = frozenset({"typing.TypedDict", "typing_extensions.TypedDict"})
PROTOCOLS = frozenset({"typing.Protocol", "typing_extensions.Protocol"})
# A class TorchScript takes as an interface (stub bodies are its point), and methods whose
# bodies it does not compile.
INTERFACES = frozenset({"torch.jit.interface", "torch.jit._script.interface"})
SKIPPED_METHODS = frozenset(
    {"torch.jit.unused", "torch.jit.ignore", "typing.overload", "torch.jit._overload_method"}
)


# The base class of every module: in an annotation TorchScript resolves a module class only
# to the type of a module of that very class the model holds (torch 2.13: Unknown type name
# 'nn.Module' for a parameter or a return, through Optional too).
BASE_MODULE_CLASSES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})


def _ellipsis_body(function: cst.FunctionDef) -> bool:
    """A body of `...` alone (after a docstring): `def __call__(self, x) -> Tensor: ...`."""
    body = function.body
    statements = list(body.body) if isinstance(body, cst.IndentedBlock) else [body]
    smalls = [
        small
        for stmt in statements
        for small in (
            stmt.body
            if isinstance(stmt, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
            else [stmt]
        )
    ]
    if (
        smalls
        and type(smalls[0]) is cst.Expr
        and isinstance(smalls[0].value, (cst.SimpleString, cst.ConcatenatedString))
    ):
        smalls = smalls[1:]
    return (
        len(smalls) == 1 and type(smalls[0]) is cst.Expr and type(smalls[0].value) is cst.Ellipsis
    )


_GENERICS = {
    "typing.Optional": "Optional",
    "typing.List": "List",
    "builtins.list": "List",
    "list": "List",
    "typing.Tuple": "Tuple",
    "builtins.tuple": "Tuple",
    "tuple": "Tuple",
}


def _module_names(module: cst.Module) -> dict[str, str]:
    """Names the file binds at module level -> what they are (``import x as y``: the module
    ``x``; anything else: "")."""
    found: dict[str, str] = {}
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            found[stmt.name.value] = ""
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Import):
                for alias in small.names:
                    dotted = cst.Module([]).code_for_node(alias.name)
                    if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                        found[alias.asname.name.value] = dotted
                    else:
                        found[dotted.split(".")[0]] = dotted.split(".")[0]
            elif isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
                for alias in small.names:
                    bound = alias.asname.name if alias.asname is not None else alias.name
                    if isinstance(bound, cst.Name):
                        found[bound.value] = ""
            elif isinstance(small, (cst.Assign, cst.AnnAssign)):
                targets = (
                    [t.target for t in small.targets]
                    if isinstance(small, cst.Assign)
                    else [small.target]
                )
                for target in targets:
                    if isinstance(target, cst.Name):
                        found[target.value] = ""
    return found


def _global_reads(function: cst.FunctionDef, names: dict[str, str]) -> list[str]:
    """Module-level names of the file the body of ``function`` reads (not its locals), in
    order; names in annotations, attribute names and keywords left out."""
    local = bound_names(function)
    skip: set[int] = set()
    found: dict[str, None] = {}

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, cst.Annotation):
            return False
        if isinstance(node, cst.Attribute):
            skip.add(id(node.attr))
        elif isinstance(node, cst.Arg) and node.keyword is not None:
            skip.add(id(node.keyword))
        elif isinstance(node, cst.Name) and id(node) not in skip:
            if node.value in names and node.value not in local:
                found.setdefault(node.value, None)
        return None

    for stmt in function.body.body if isinstance(function.body, cst.IndentedBlock) else []:
        walk(stmt, enter, lambda node: None)
    return list(found)


def _cast_back(
    returned: Optional[cst.BaseExpression], params: list[str]
) -> Optional[cst.BaseExpression]:
    """``call`` of ``call.to(x.dtype)`` / ``call.type_as(x)``, ``x`` a parameter."""
    if type(returned) is not cst.Call or type(returned.func) is not cst.Attribute:
        return None
    if len(returned.args) != 1 or returned.args[0].keyword is not None or returned.args[0].star:
        return None
    method, given = returned.func.attr.value, returned.args[0].value
    if method == "to" and type(given) is cst.Attribute and given.attr.value == "dtype":
        given = given.value
    elif method != "type_as":
        return None
    if type(given) is not cst.Name or given.value not in params:
        return None
    return returned.func.value


def _passes_through(
    wrapper: cst.FunctionDef, returned: Optional[cst.BaseExpression], inner: bool = False
) -> bool:
    """``return fn(<the wrapper's parameters, in order, unchanged>)``; also, on a function
    other than a module's ``forward`` (``inner``), a float32 round-trip of it,
    ``fn(x.float(), ...).to(x.dtype)`` (``.type_as(x)``): inside a float32 model the tensors
    are float32 already and it changes nothing, where ``forward`` takes whatever dtype the
    caller gives (a float64 input: the scripted model, without the cast, fails)."""
    params = wrapper.params
    expected = [p.name.value for p in (*params.posonly_params, *params.params)]
    cast_back = _cast_back(returned, expected) if inner else None
    if cast_back is not None:
        returned = cast_back
    if not isinstance(returned, cst.Call) or not isinstance(returned.func, cst.Name):
        return False
    given = []
    for arg in returned.args:
        value = arg.value
        if (
            cast_back is not None
            and type(value) is cst.Call
            and not value.args
            and type(value.func) is cst.Attribute
            and value.func.attr.value == "float"
            and type(value.func.value) is cst.Name
            and not arg.star
            and arg.keyword is None
        ):
            value = value.func.value  # `x.float()` cast back after the call
        if not isinstance(value, cst.Name):
            return False
        arg = arg.with_changes(value=value)
        if arg.star:
            star = params.star_arg if arg.star == "*" else params.star_kwarg
            if not isinstance(star, cst.Param) or star.name.value != arg.value.value:
                return False
            continue
        if arg.keyword is not None and arg.keyword.value != arg.value.value:
            return False
        given.append(arg.value.value)
    return given == expected[: len(given)] and len(given) == len(expected)


def _example(signature: str, returns: str = "") -> str:
    return (
        "from typing import List, Optional, Tuple\n\nimport torch\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        f"    def forward(self, x{signature}){returns}:\n"
        "        return x * 2\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class UnsupportedSignatureInScript(Rule):
    """Flags annotations TorchScript has no type for, mutable default values, and defaults of
    another type than the annotation, in the signatures of functions `torch.jit.script` compiles.

    ## What it does
    Finds, in parameters and return annotations of scripted functions: `typing` and
    `collections.abc` types TorchScript has none for (`Iterable`, `Sequence`, `Callable`,
    `Mapping`, `Set`, ...: asked of torch's frontend per torch version, see TL209), `torch.Size`
    (`shape: torch.Size`), a `TypedDict` class of the project (`-> Outputs`; also a call
    that builds one, `Outputs(logits=x)`), `typing`'s
    `Tuple`, `List`, `Dict` or `Optional` without element types (`-> Tuple`, also inside
    another annotation) and a bare `dict`, a module-level `TypeVar` (`items: List[T]`,
    `-> T`), a name the module binds once to one of these (an alias: `dim: Dim` with `Dim =
    Annotated[int, "axis"]`, `Mode = Literal["sum", "mean"]`, also as a string) or to a
    `NewType(...)` (these also as the annotation of a local in a scripted body, `d: Dim =
    1`, `t: torch.Size = x.shape`), variable-length
    tuples (`Tuple[torch.Tensor, ...]`,
    `tuple[int, ...]`, also inside `Optional[...]`), a class of the file (not a module, not a
    `@torch.jit.interface`) one of whose methods has a body of `...` alone (a docstring aside;
    not one `@torch.jit.unused` / `ignore` skips), or that derives from `typing.Protocol`,
    named as a name or a string (`norm: NormLike` with `class NormLike(Protocol): def
    __call__(self, x: Tensor) -> Tensor: ...`), defaults that are list, dict or set
    literals (`sizes: List[int] = [1, 2]`), a torch function named as a type (`x:
    torch.tensor`, `List[torch.tensor]`, also through an alias: `torch.tensor` makes a tensor,
    the type is `torch.Tensor`; torch 2.13: `Unknown type name 'torch.tensor'`, or the alias'
    name), and literal defaults the annotation does not admit
    (`tau: int = 1.0`, `name: str = 1`, `eps: torch.Tensor = 1e-5`, `k: Tuple[int, int] = (1, 2.0)`,
    also inside `Optional[...]` and element by element in `List[...]` / `Tuple[...]` from a
    tuple literal). TorchScript checks a default against the annotation: an int literal passes
    for `float` and any number for `bool`, a float literal for `int` does not. A `None` default
    is TL202's. Also a torch context-manager decorator (`@torch.no_grad()`,
    `@torch.inference_mode()`, `@torch.enable_grad()`, `@torch.autocast(...)`, bare or
    called) on a scripted function whose body reads a module-level name of the file (an
    import such as `F` or `math`, a helper function, a constant) that the decorator's module
    does not bind to the same thing, where that decorator is the outermost one. And a
    decorator of the file whose `functools.wraps` wrapper returns anything but the function's
    own call with its arguments unchanged (`return fn(self, x.float()).to(x.dtype)`). And a
    call of a submodule, method or function of the file annotated `-> tuple` (bare) whose
    result is unpacked, indexed or iterated (passed on as it is, it compiles), a parameter
    annotated bare `list` or `tuple` that the body indexes, iterates or unpacks (`len(...)`
    of it, or passing it on, compiles), and a bare `-> list` (torch 2.13 crashes scripting
    it). And a `typing.NamedTuple` class of the file, named in a scripted annotation or built
    in scripted code, one of whose fields is annotated as text (a string, or any annotation
    under `from __future__ import annotations`) that torch's resolver of such text cannot read:
    it reads dotted names and `X[A, B]` subscripts only, so `Tensor | None` and
    `Union[Tensor, None]` (`None` is no name it finds) fail (torch 2.13: `Unknown type
    annotation: 'ForwardRef('Tensor | None')' in NamedTuple DetOutput`), where
    `Optional[Tensor]` compiles. And an abstract module class of the project (`abc.ABC` in
    its chain, an `@abc.abstractmethod` in its body) named in a scripted annotation, a
    module's `@property` included (TorchScript compiles every property of a module it
    scripts): no module of it is compiled with the model, which is how TorchScript knows a
    module class as a type (torch 2.13: `Unknown type name 'LazyTransform'`). And the
    builtin classes `type`, `object`, `set` and `bytes` as annotations (`dtype: type`: torch
    2.13 `Unknown type name 'type'`), and a bare `list` / `tuple` inside `Union[...]` /
    `Optional[...]` (`kernel_size: Union[int, tuple]`: `Unsupported annotation
    typing.Union[int, tuple] could not be resolved because <class 'tuple'> could not be
    resolved`; a bare `tuple` alone compiles). And a torch class the frontend has no type
    for, named in a scripted annotation (a `torch.distributions` distribution, transform or
    constraint, `torch.finfo`, `torch.layout`: asked of torch per version, `x: Optional[C]`
    scripted alone; `direct_args: Optional[Tuple[D.Distribution, List[D.Transform]]]` in the
    `__init__` of a class scripted code builds: torch 2.13 `Unknown type name
    'D.Distribution'`; alone, the class's own source fails, `try blocks aren't supported`).
    A call, in scripted code, of a method (or
    function) of the file whose context-manager decorator breaks its names is reported too:
    torch names the caller's line. A `functools.wraps` wrapper that only casts to float32 and
    back (`fn(self, x.float()).to(x.dtype)`) on a function other than `forward` is not
    flagged: inside a float32 model it changes nothing.

    And a name the module imports only in the body of `if TYPE_CHECKING:` (bound nowhere else
    at its top level), in a scripted annotation Python does not evaluate: a string
    (`past: "Optional[Cache]" = None`) or any annotation under `from __future__ import
    annotations`. TorchScript looks the name up in the module's globals when it scripts, where
    the import never ran (torch 2.13: Unknown type name 'Cache').

    ## Why is this bad?
    `torch.jit.script` fails on the signature before it reads the body:
    `Unsupported annotation typing.Optional[collections.abc.Iterable] could not be resolved`
    (`Unknown type name 'Iterable'` in a plain class TorchScript compiles because a scripted
    signature names it, as pytorch-tcn's `BufferIO`), `Unknown type name 'torch.Size'`,
    `Expression of type dots cannot be used in a type
    expression`, `Cannot emit expr for: (dots)` (a class named in an annotation is compiled
    as a TorchScript class, every method of it, and `...` is no expression it compiles; a
    Protocol's stubs fail the same way, and, compiled, it is a class no argument is an
    instance of: it types by class, not by structure), `Expected a default value of type int on parameter "tau".`, `Attempted to use Tuple
    without a contained type`, `Unknown type name 'dict'` (a bare `-> list` crashes the
    process in torch 2.13), `Unknown type name 'T'` (a `TypeVar`: TorchScript has no
    generic functions), `Unknown type name 'Dim'` (TorchScript resolves an alias through
    its value: `Dim = int` or `Dim = Optional[int]` compiles, an alias of a type it has none
    for, or of a `NewType`, leaves the name unknown),
    `Mutable default parameters are not supported because Python binds them to
    the function and they persist across function calls`. Python, trace, compile and export
    do not read annotations, so only script breaks. A decorated function is compiled from its
    undecorated source (`__wrapped__`), but its global names are looked up in the wrapper's
    module (`torch.utils._contextlib` for the grad modes, `torch.amp.autocast_mode` for
    autocast): `undefined value math`, `undefined value helper`, and `F` is a `TypeVar` of
    that module there (`attribute lookup is not defined on python value of type 'TypeVar'`).
    (Where the body reads no such name, it compiles, without the decorator's effect.) The
    same unwrapping drops a `functools.wraps` decorator of the file: the wrapper's code does
    not run in scripted code, so a wrapper that changes the arguments or the result gives
    other results there (torch 2.13: the scripted model diverges from eager, or fails at run
    time when the skipped cast was needed).

    ## Example
    ```python
    def forward(self, x, shape: torch.Size, extra: Tuple[torch.Tensor, ...] = ()):
        ...
    ```
    Use instead: `shape: List[int]`, a fixed-length `Tuple[torch.Tensor, torch.Tensor]` or a
    `List[torch.Tensor]`, and `Optional[List[int]] = None` with the default filled in the body.

    ## Fix safety
    Unsafe fix for a list default (`dims: List[int] = [-1]`): `dims: Optional[List[int]] =
    None` and `if dims is None: dims = [-1]` first in the body, only where the body only reads
    the list (unsafe: a caller passing `None` now gets the default). Unsafe fix for a
    subscripted abstract container: `Mapping[K, V]` -> `Dict[K, V]`, `Sequence[T]` /
    `Iterable[T]` -> `List[T]` (scripted callers must then pass that type); `tau: int = 1.0`
    -> `tau: float = 1.0`, the default's type (scripted callers passing an int are then
    refused). Safe fix for `@torch.no_grad()` / `@torch.autocast(...)` (no arguments or
    literal ones, the innermost decorator, not on a generator): the body under `with` that
    context, which runs it the same way in eager, trace, compile and export, and which
    TorchScript compiles. Unsafe fix for `@torch.inference_mode()`: the body under `with
    torch.no_grad():` (TorchScript compiles no `inference_mode`; the values are the same but
    the tensors made there are no longer inference tensors, see TL206). No fix for
    `enable_grad` / `set_grad_enabled`. Safe fix for a `TypedDict` of the file whose fields all have one annotation `T`:
    `dict[str, T]` (Python does not check annotations); and for a call of such a TypedDict
    with keyword arguments only (`Outputs(logits=x)`, which TorchScript compiles as a class
    with no `__init__`): the dict display `{"logits": x}`, the plain dict the call made in
    eager. Other signatures
    have no automatic fix: the right type depends on what callers pass.
    """

    code = "TL214"
    name = "unsupported-signature-in-script"
    message = "signature TorchScript cannot compile"
    targets = SCRIPT

    VALID = [
        # The abstract module class's property annotated with what it returns, an int.
        Valid(
            """
            import abc

            import torch
            from torch import nn

            class Base(nn.Module, abc.ABC):
                @abc.abstractmethod
                def forward(self, x):
                    pass

                @property
                def width(self) -> int:
                    return 4

            class Block(Base):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.fc(x) * self.width

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = Block()

                def forward(self, x):
                    return self.block(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The same field `Optional[Tensor]`: the resolver reads it.
        Valid(
            """
            from __future__ import annotations

            from typing import NamedTuple, Optional

            import torch
            from torch import Tensor, nn

            class Out(NamedTuple):
                boxes: Tensor
                masks: Optional[Tensor]

            class Model(nn.Module):
                def forward(self, x: Tensor) -> Out:
                    masks: Tensor | None = None
                    if x.dim() > 2:
                        masks = x.sigmoid()
                    return Out(x * 2, masks)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # `torch.Tensor`, the type, in an alias of a List.
        Valid(
            """
            from typing import List

            import torch
            from torch import nn

            Weights = List[torch.Tensor]

            def chain(ws: Weights, x: torch.Tensor) -> torch.Tensor:
                for w in ws:
                    x = x @ w
                return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ws = [torch.eye(3), 2 * torch.eye(3)]

                def forward(self, x):
                    return chain(self.ws, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # Aliases of types TorchScript has: it resolves them through their value.
        Valid(
            """
            from typing import List, Optional

            import torch
            from torch import nn

            Dim = int
            MaybeDim = Optional[int]
            Dims = List[int]

            class Model(nn.Module):
                def pool(self, x: torch.Tensor, dim: Dim = 1, extra: MaybeDim = None) -> torch.Tensor:
                    return x.amax(dim=dim if extra is None else extra)

                def forward(self, x):
                    return self.total(self.pool(x, 1), [0])

                def total(self, x: torch.Tensor, dims: Dims) -> torch.Tensor:
                    return x.sum(dims)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
        # A bare `-> tuple` whose result is passed on as it is compiles.
        Valid(
            """
            import torch
            from torch import nn

            class Pair(nn.Module):
                def forward(self, x) -> tuple:
                    return x, x * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.pair = Pair()

                def forward(self, x):
                    return self.pair(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A Protocol exists, but no scripted signature names it; a plain class with real
        # bodies is a TorchScript class.
        Valid(
            """
            from typing import Protocol

            import torch
            from torch import nn

            class NormLike(Protocol):
                def __call__(self, x: torch.Tensor) -> torch.Tensor: ...

            class Scale:
                def __init__(self, s: float):
                    self.s = s

                def apply(self, x: torch.Tensor) -> torch.Tensor:
                    return x * self.s

            def pre_norm(x: torch.Tensor, scale: Scale) -> torch.Tensor:
                return scale.apply(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norm = nn.LayerNorm(3)

                def forward(self, x):
                    return pre_norm(self.norm(x), Scale(2.0))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(_example(", shape: Optional[List[int]] = None")),
        # A decorated function whose body reads no global name of the file compiles.
        Valid(
            """
            import functools
            import math

            import torch
            from torch import nn

            def passthrough(fn):
                @functools.wraps(fn)
                def wrapper(*args, **kwargs):
                    return fn(*args, **kwargs)

                return wrapper

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                @torch.no_grad()
                def forward(self, x):
                    return self.scaled(self.fc(x).relu())

                # Under a `functools.wraps` decorator of the file, the file resolves the names.
                @passthrough
                @torch.no_grad()
                def scaled(self, x):
                    return x * math.pi

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(_example(", pair: Optional[Tuple[torch.Tensor, torch.Tensor]] = None")),
        Valid(_example(", sizes: Optional[List[int]] = None", " -> torch.Tensor")),
        # Not scripted: a plain helper may use any annotation.
        Valid(
            """
            from typing import Tuple

            import torch

            def shapes(xs: Tuple[torch.Tensor, ...]) -> torch.Size:
                return xs[0].shape
            """,
            runtime=False,
        ),
        Valid(_example(", scale: float = 1.0, name: str = 'x', dims: Tuple[int, int] = (1, 2)")),
        # An int literal for `float`, numbers for `bool`, a tuple for `List[...]`.
        Valid(
            _example(
                ", tau: float = 1, flag: bool = 0, sizes: List[int] = (),"
                " pair: Optional[Tuple[float, float]] = (1, 2)"
            )
        ),
    ]
    INVALID = [
        # A bare `tuple` inside an Optional: TorchScript resolves none there.
        Invalid(
            _example(", size: Optional[tuple] = None"),
            line=8,
            message_contains="could not be resolved",
        ),
        Invalid(
            _example(", kind: type = float"), line=8, message_contains="Unknown type name 'type'"
        ),
        # A property (compiled whether used or not) annotated with an abstract module class.
        Invalid(
            """
            from __future__ import annotations

            import abc

            import torch
            from torch import nn

            class Base(nn.Module, abc.ABC):
                @abc.abstractmethod
                def forward(self, x):
                    pass

                @property
                def inv(self) -> Base:
                    return self

            class Block(Base):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.fc(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = Block()

                def forward(self, x):
                    return self.block(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            message_contains="Unknown type name 'Base'",
        ),
        # A NamedTuple field `Tensor | None` under postponed annotations: torch resolves the
        # field's text with a resolver that reads no `|`.
        Invalid(
            """
            from __future__ import annotations

            from typing import NamedTuple

            import torch
            from torch import Tensor, nn

            class Out(NamedTuple):
                boxes: Tensor
                masks: Tensor | None

            class Model(nn.Module):
                def forward(self, x: Tensor) -> Out:
                    masks: Tensor | None = None
                    if x.dim() > 2:
                        masks = x.sigmoid()
                    return Out(x * 2, masks)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="Unknown type annotation",
        ),
        # `torch.tensor`, the function, for the type `torch.Tensor`.
        Invalid(
            """
            import torch
            from torch import nn

            def scaled(x: torch.tensor, s: float) -> torch.Tensor:
                return x * s

            class Model(nn.Module):
                def forward(self, x):
                    return scaled(x, 2.0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=4,
            message_contains="is a function, not a type",
        ),
        # The same through an alias: TorchScript reports the alias' name.
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            Weights = List[torch.tensor]

            def chain(ws: Weights, x: torch.Tensor) -> torch.Tensor:
                for w in ws:
                    x = x @ w
                return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ws = [torch.eye(3), 2 * torch.eye(3)]

                def forward(self, x):
                    return chain(self.ws, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="Unknown type name 'Weights'",
        ),
        # An alias of `Annotated[...]`: TorchScript cannot resolve the name.
        Invalid(
            """
            from typing import Annotated

            import torch
            from torch import nn

            Axis = Annotated[int, "reduced axis"]

            class Model(nn.Module):
                def reduce(self, x: torch.Tensor, axis: Axis = -1) -> torch.Tensor:
                    return x.mean(axis)

                def forward(self, x):
                    return self.reduce(x, 1)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """,
            line=9,
            message_contains="Unknown type name 'Axis'",
        ),
        # The annotation of a local in a scripted body.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    shape: torch.Size = x.shape
                    return x.reshape(shape[0], -1)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """,
            line=6,
            message_contains="torch.Size",
        ),
        # A `NewType` named in a string annotation.
        Invalid(
            """
            from typing import NewType

            import torch
            from torch import nn

            Heads = NewType("Heads", int)

            class Model(nn.Module):
                def split(self, x: torch.Tensor, heads: "Heads" = 2) -> torch.Tensor:
                    return x.view(x.shape[0], heads, -1)

                def forward(self, x):
                    return self.split(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=9,
            message_contains="Unknown type name 'Heads'",
        ),
        # A generic helper: TorchScript reads the TypeVar as a type name.
        Invalid(
            """
            from typing import List, TypeVar

            import torch
            from torch import nn

            T = TypeVar("T")

            def last(items: List[T]) -> T:
                return items[len(items) - 1]

            class Model(nn.Module):
                def forward(self, x):
                    return last([x, x * 2])

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="Unknown type name 'T'",
        ),
        # A parameter annotated bare `list`, indexed.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            def pad_to(x: torch.Tensor, sizes: list) -> torch.Tensor:
                extra = sizes[0] - x.shape[-1] % sizes[0]
                return F.pad(x, [0, extra])

            class Model(nn.Module):
                def forward(self, x):
                    return pad_to(x, [4])

            def inputs():
                return [(torch.randn(2, 5),), (torch.randn(3, 6),)]
            """,
            line=6,
            message_contains="'list' object is not subscriptable",
        ),
        # Bare generics: `Tuple` without element types, and `dict`.
        Invalid(_example("", " -> Tuple"), line=8, message_contains="Attempted to use Tuple"),
        Invalid(
            _example(", extra: Optional[dict] = None"),
            line=8,
            message_contains="Unknown type name 'dict'",
        ),
        # A bare `-> tuple` compiles, but its result cannot be unpacked.
        Invalid(
            """
            import torch
            from torch import nn

            class Encoder(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x) -> tuple:
                    h = self.fc(x)
                    return h, h.mean(0)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.enc = Encoder()

                def forward(self, x):
                    seq, pooled = self.enc(x)
                    return seq + pooled

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=19,
            message_contains="Provided tuple is not fully defined",
        ),
        Invalid(
            """
            from typing import Protocol

            import torch
            from torch import nn

            class NormLike(Protocol):
                def __call__(self, x: torch.Tensor) -> torch.Tensor: ...

            def pre_norm(norm: NormLike, x: torch.Tensor) -> torch.Tensor:
                return norm(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norm = nn.LayerNorm(3)

                def forward(self, x):
                    return x + pre_norm(self.norm, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="(dots)",
        ),
        # The wrapper doubles the input; TorchScript compiles `forward` without it.
        Invalid(
            """
            import functools

            import torch
            from torch import nn

            def doubled(fn):
                @functools.wraps(fn)
                def wrapper(self, x):
                    return fn(self, x * 2)

                return wrapper

            class Model(nn.Module):
                @doubled
                def forward(self, x):
                    return x + 1

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
            message_contains="`__wrapped__`",
        ),
        Invalid(
            _example(", shape: torch.Size = torch.Size([1])"),
            line=8,
            message_contains="torch.Size",
        ),
        Invalid(
            _example(", extra: Tuple[torch.Tensor, ...] = ()"),
            line=8,
            message_contains="...",
        ),
        Invalid(
            _example(", extra: Optional[tuple[int, ...]] = None"),
            line=8,
            message_contains="...",
        ),
        Invalid(_example(", sizes: List[int] = [1, 2]"), line=8, message_contains="default"),
        # A float literal for an `int` parameter of a helper scripted code calls.
        Invalid(
            """
            import torch
            from torch import nn

            def temper(x: torch.Tensor, tau: int = 1.0) -> torch.Tensor:
                return x / tau

            class Model(nn.Module):
                def forward(self, x):
                    return temper(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=4,
            message_contains='Expected a default value of type int on parameter "tau"',
        ),
        Invalid(
            _example(", k: Optional[Tuple[int, int]] = (1, 2.5)"),
            line=8,
            message_contains="type Optional[Tuple[int, int]] on",
        ),
        Invalid(
            """
            from typing import Iterable

            import torch
            from torch import nn

            def total(parts: Iterable[torch.Tensor]) -> torch.Tensor:
                out = torch.zeros(1)
                for p in parts:
                    out = out + p.sum()
                return out

            class Model(nn.Module):
                def forward(self, x):
                    return x * total([x, x + 1])

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="Iterable",
        ),
        Invalid(
            """
            from collections.abc import Callable

            import torch
            from torch import nn

            def apply(fn: Callable, x: torch.Tensor) -> torch.Tensor:
                return fn(x)

            class Model(nn.Module):
                def forward(self, x):
                    return apply(torch.relu, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="Callable",
        ),
        # pytorch-tcn's `in_buffers: Optional[Iterable] = None`, in a function scripted code calls.
        Invalid(
            """
            from collections.abc import Iterable
            from typing import Optional

            import torch
            from torch import nn

            def first(x: torch.Tensor, items: Optional[Iterable] = None) -> torch.Tensor:
                return x if items is None else x * 2

            class Model(nn.Module):
                def forward(self, x):
                    return first(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="`Iterable` annotation",
        ),
        Invalid(
            """
            from typing import TypedDict

            import torch
            from torch import nn

            class Outputs(TypedDict):
                logits: torch.Tensor

            class Model(nn.Module):
                def forward(self, x) -> Outputs:
                    return {"logits": x * 2}

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="TypedDict",
            fixed="""
            from typing import TypedDict

            import torch
            from torch import nn

            class Outputs(TypedDict):
                logits: torch.Tensor

            class Model(nn.Module):
                def forward(self, x) -> dict[str, torch.Tensor]:
                    return {"logits": x * 2}

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # A TypedDict built by calling it, with its annotations already `dict[str, ...]`.
        Invalid(
            """
            from typing import TypedDict

            import torch
            from torch import nn

            class Outputs(TypedDict):
                logits: torch.Tensor

            class Model(nn.Module):
                def forward(self, x) -> dict[str, torch.Tensor]:
                    return Outputs(logits=x * 2)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="builds a TypedDict",
            fixed="""
            from typing import TypedDict

            import torch
            from torch import nn

            class Outputs(TypedDict):
                logits: torch.Tensor

            class Model(nn.Module):
                def forward(self, x) -> dict[str, torch.Tensor]:
                    return {"logits": x * 2}

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        Invalid(
            _example(", sizes: Optional[Sequence[int]] = None").replace(
                "from typing import", "from typing import Sequence,"
            ),
            line=8,
            message_contains="Sequence",
        ),
        # The body reads `F`: in `torch.utils._contextlib` that is a TypeVar.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                @torch.no_grad()
                def forward(self, x):
                    '''Normalised rows.'''
                    return F.normalize(x, dim=-1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="`F`",
            fixed="""
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    '''Normalised rows.'''
                    with torch.no_grad():
                        return F.normalize(x, dim=-1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # A helper of the file, under `inference_mode`.
        Invalid(
            """
            import torch
            from torch import nn

            def scale(t: torch.Tensor) -> torch.Tensor:
                return t * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                @torch.inference_mode()
                def forward(self, x):
                    return scale(self.fc(x))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="`scale`",
            fixed="""
            import torch
            from torch import nn

            def scale(t: torch.Tensor) -> torch.Tensor:
                return t * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    with torch.no_grad():
                        return scale(self.fc(x))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
    ]

    _alias_depth = 0  # aliases of aliases being resolved

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        # `d: Dim = 1` in a scripted body: TorchScript resolves a local's annotation as it
        # resolves a parameter's.
        if node.value is None or type(node.target) is not cst.Name or not in_script(self.ctx):
            return
        function = self.ctx.function
        if function is None or function.name.value == "__init__":
            return
        self._check_annotation(node.annotation.annotation)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        hook = node.name.value in self._hook_names()
        for position, param in enumerate(signature_params(self.ctx, node)):
            if param.annotation is not None:
                if hook and position == 0 and self._base_module(param.annotation.annotation):
                    continue  # a forward hook's module: TorchScript types it as that module
                self._check_annotation(param.annotation.annotation)
            if type(param.default) in (cst.List, cst.Dict, cst.Set):
                self.report(
                    param.default,  # type: ignore[arg-type]
                    "mutable default (a list, dict or set literal): TorchScript refuses it; "
                    "default to None and fill it in the body",
                )
            elif param.annotation is not None and param.default is not None:
                expected = self._rejected_default(param.annotation.annotation, param.default)
                if expected is not None:
                    name = param.name.value
                    self.report(
                        param.default,
                        f"`{name}`'s default is no {expected}: TorchScript refuses the signature "
                        f'(Expected a default value of type {expected} on parameter "{name}"); '
                        "write the default as the annotated type or change the annotation",
                    )
        if node.returns is not None:
            self._check_annotation(node.returns.annotation)
            if self.ctx.qualified_name(node.returns.annotation) == "builtins.list":
                self.report(
                    node.returns.annotation,
                    "bare `-> list` return annotation: torch 2.13 crashes the process "
                    "(segmentation fault) scripting it; write the element type "
                    "(`-> List[torch.Tensor]`)",
                )
        self._bare_sequence_params(node)
        self._check_decorators(node)
        self._check_wrapping_decorators(node)

    def _bare_sequence_params(self, node: cst.FunctionDef) -> None:
        """A parameter annotated bare ``list`` / ``tuple`` (never rebound) that the body
        indexes, iterates or unpacks: TorchScript types it without element types, which it
        passes on and takes ``len`` of but refuses these uses."""
        bare: dict[str, str] = {}
        for param in signature_params(self.ctx, node):
            if param.annotation is None or assignments(node, param.name.value):
                continue
            name = self.ctx.qualified_name(param.annotation.annotation)
            if name in ("builtins.list", "builtins.tuple"):
                bare[param.name.value] = name[9:]
        if not bare:
            return

        def error(kind: str, use: str) -> str:
            if use == "indexed":
                return f"'{kind}' object is not subscriptable"
            if use == "iterated":
                return f"'{kind}' object is not iterable"
            if kind == "list":
                return "list cannot be used as a tuple"
            return (
                "Provided tuple is not fully defined/refined including its element types, "
                "please provide a value of type like Tuple[int, int]"
            )

        reported: set[str] = set()

        def report(where: cst.CSTNode, name: str, use: str) -> None:
            if name in reported:
                return  # torch stops at the first use
            reported.add(name)
            kind = bare[name]
            self.report(
                where,
                f"`{name}` is annotated bare `{kind}` and {use} here: TorchScript types it "
                f"without element types and refuses this (torch 2.13: {error(kind, use)}); "
                f"annotate the element types (`{'List[int]' if kind == 'list' else 'Tuple[int, int]'}`)",
            )

        def named(value: cst.CSTNode) -> Optional[str]:
            return value.value if type(value) is cst.Name and value.value in bare else None

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and child is not node:
                return False
            if type(child) is cst.Subscript and named(child.value):
                report(child, named(child.value), "indexed")  # type: ignore[arg-type]
            elif type(child) in (cst.For, cst.CompFor) and named(child.iter):  # type: ignore[attr-defined]
                report(child.iter, named(child.iter), "iterated")  # type: ignore[attr-defined, arg-type]
            elif type(child) is cst.Assign and named(child.value):  # type: ignore[attr-defined]
                if any(isinstance(t.target, (cst.Tuple, cst.List)) for t in child.targets):  # type: ignore[attr-defined]
                    report(child.value, named(child.value), "unpacked")  # type: ignore[attr-defined, arg-type]
            return None

        walk(node.body, enter, lambda child: None)

    def visit_Assign(self, node: cst.Assign) -> None:
        """``a, b = f(x)`` of a function annotated ``-> tuple`` (bare)."""
        if any(isinstance(t.target, (cst.Tuple, cst.List)) for t in node.targets):
            self._bare_tuple_use(node.value, "unpacked")

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self._bare_tuple_use(node.value, "indexed")

    def visit_For(self, node: cst.For) -> None:
        self._bare_tuple_use(node.iter, "iterated")

    def _bare_tuple_use(self, value: cst.BaseExpression, use: str) -> None:
        """A call, in scripted code, of a submodule, method or function of this file whose
        return annotation is a bare ``tuple``: TorchScript types the result as a tuple of
        unknown elements, which compiles where it is passed on as it is but cannot be
        unpacked, indexed or iterated."""
        if not isinstance(value, cst.Call) or not in_script(self.ctx):
            return
        returns = call_return_annotation(self.ctx, value.func)
        if returns is None or self.ctx.qualified_name(returns) != "builtins.tuple":
            return
        error = {
            "unpacked": "Provided tuple is not fully defined/refined including its element "
            "types, please provide a value of type like Tuple[int, int]",
            "indexed": "'tuple' object is not subscriptable",
            "iterated": "'tuple' object is not iterable",
        }[use]
        self.report(
            value,
            f"the result of a call annotated `-> tuple` (bare) is {use} here: TorchScript types "
            f"it as a tuple without element types and refuses this (torch 2.13: {error}); "
            "annotate the callee with its element types (`-> Tuple[torch.Tensor, "
            "torch.Tensor]`)",
        )

    def _check_wrapping_decorators(self, node: cst.FunctionDef) -> None:
        """A decorator of this file whose ``functools.wraps`` wrapper changes what the function
        gets or gives: TorchScript follows ``__wrapped__`` and compiles the undecorated
        function, so the wrapper's work is skipped in scripted code."""
        for decorator in node.decorators:
            if not isinstance(decorator.decorator, cst.Name):
                continue
            wrapper = self._wrapper(decorator.decorator.value)
            if wrapper is None:
                continue
            returned = next(
                (
                    s.body[0].value
                    for s in wrapper.body.body
                    if isinstance(s, cst.SimpleStatementLine)
                    and len(s.body) == 1
                    and isinstance(s.body[0], cst.Return)
                ),
                None,
            )
            inner = node.name.value != "forward"
            if returned is None or _passes_through(wrapper, returned, inner):
                continue
            code = cst.Module([]).code_for_node(returned)
            self.report(
                decorator,
                f"`@{decorator.decorator.value}` wraps the function with `functools.wraps`: "
                "TorchScript follows `__wrapped__` and compiles the undecorated function, so "
                f"the wrapper's `return {code}` does not run in scripted code, whose results "
                "differ from eager's (or fail); do the wrapper's work inside the function",
            )
            return

    def _wrapper(self, name: str) -> Optional[cst.FunctionDef]:
        """The inner function a decorator ``name`` of this file returns, decorated
        ``@functools.wraps(...)``."""
        outer = next(
            (
                s
                for s in self.ctx.module.body
                if isinstance(s, cst.FunctionDef) and s.name.value == name
            ),
            None,
        )
        if outer is None or not isinstance(outer.body, cst.IndentedBlock):
            return None
        for stmt in outer.body.body:
            if isinstance(stmt, cst.FunctionDef) and any(
                isinstance(d.decorator, cst.Call)
                and self.ctx.qualified_name(d.decorator.func) == "functools.wraps"
                for d in stmt.decorators
            ):
                returns = [
                    s.body[0].value
                    for s in outer.body.body
                    if isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], cst.Return)
                ]
                if returns and all(
                    isinstance(r, cst.Name) and r.value == stmt.name.value for r in returns
                ):
                    return stmt if isinstance(stmt.body, cst.IndentedBlock) else None
        return None

    def _check_decorators(self, node: cst.FunctionDef) -> None:
        found = self._context_problem(node)
        if found is not None:
            decorator, message = found
            self.report(decorator, f"`@{message}")

    def _context_problem(self, node: cst.FunctionDef) -> Optional[tuple[cst.Decorator, str]]:
        """The outermost decorator of ``node`` when it is a torch context-manager decorator
        whose wrapper module resolves a global name the body reads otherwise, with the
        message (after its opening backquote and ``@``)."""
        # The outermost decorator's wrapper is what TorchScript is given: its module resolves
        # the names (under another `functools.wraps` decorator, the file's own module does).
        for decorator in node.decorators[:1]:
            name = context_decorator(self.ctx, decorator)
            if name is None:
                continue
            where, same = CONTEXT_DECORATORS[name]
            names = _module_names(self.ctx.module)
            reads = [n for n in _global_reads(node, names) if not (names[n] and names[n] in same)]
            if not reads:
                continue  # it compiles (without the decorator's effect)
            shown = ", ".join(f"`{n}`" for n in reads[:3])
            spelled = cst.Module([]).code_for_node(decorator.decorator)
            context = spelled if isinstance(decorator.decorator, cst.Call) else spelled + "()"
            if name.endswith(("no_grad", "autocast")):
                advice = f"put the body under `with {context}:` instead"
            else:  # TorchScript compiles no `with` of the other grad modes (TL206)
                advice = (
                    "put the body under a `with` block (TorchScript compiles `with "
                    "torch.no_grad():`, not this context)"
                )
            return decorator, (
                f"{spelled}` on a scripted function: TorchScript compiles the undecorated "
                f"body but resolves its global names in the decorator's wrapper module "
                f"(`{where}`), where {shown} {'is' if len(reads) == 1 else 'are'} undefined or "
                "another object (torch 2.13: undefined value, or attribute lookup is not "
                f"defined on python value of type 'TypeVar'); {advice}"
            )
        return None

    def _decorated_call(self, node: cst.Call) -> None:
        """``self._mask(x)`` in scripted code, ``_mask`` a method of the class (or a function
        of the file) whose context-manager decorator breaks its names: torch compiles the
        callee's body as from the wrapper's file, and names this call in the error (torch
        2.13: undefined value conv1d, at the caller's line)."""
        func = node.func
        target: Optional[cst.FunctionDef] = None
        attr = self_attribute(func)
        info = self.ctx.function_info
        if attr is not None and info is not None and info.owner_class is not None:
            cls = class_def(self.ctx, info.owner_class)
            if cls is not None and isinstance(cls.body, cst.IndentedBlock):
                defined = [
                    s for s in cls.body.body if type(s) is cst.FunctionDef and s.name.value == attr
                ]
                target = defined[0] if len(defined) == 1 else None
        elif type(func) is cst.Name:
            defined = [
                s
                for s in self.ctx.module.body
                if type(s) is cst.FunctionDef and s.name.value == func.value
            ]
            target = defined[0] if len(defined) == 1 else None
        if target is None or target is self.ctx.function:
            return
        found = self._context_problem(target)
        if found is None:
            return
        callee = cst.Module([]).code_for_node(func)
        self.report(
            node,
            f"`{callee}(...)` calls a function decorated `@{found[1]} (torch names this call)",
        )

    def _check_annotation(self, annotation: cst.BaseExpression) -> None:
        problem = self._problem(annotation)
        if problem is not None:
            self.report(annotation, problem)

    def _problem(self, annotation: cst.BaseExpression) -> Optional[str]:
        if isinstance(annotation, (cst.Tuple, cst.List)) and annotation.elements:
            # `-> (Tensor, Tensor)`: Python keeps the display as the annotation; torch 2.13
            # resolves no display as a type (Expression of type tuple-literal / list-literal
            # cannot be used in a type expression).
            kind, spelled = (
                ("tuple", "Tuple") if isinstance(annotation, cst.Tuple) else ("list", "List")
            )
            inner = ", ".join(cst.Module([]).code_for_node(e.value) for e in annotation.elements)
            return (
                f"a {kind} display as an annotation: TorchScript reads no display as a type "
                f"(torch 2.13: Expression of type {kind}-literal cannot be used in a type "
                f"expression); write `{spelled}[{inner}]`"
                + (" (from typing)" if kind == "tuple" else "")
            )
        name = self.ctx.qualified_name(annotation)
        if name == "torch.Size":
            return "`torch.Size` annotation: TorchScript has no such type; use `List[int]`"
        if name is not None and self._typed_dict(name):
            short = name.rsplit(".", 1)[-1]
            return (
                f"`{short}` is a TypedDict: TorchScript compiles it as a class of its own, not a "
                f"dict, so the dict built or indexed here does not match it (torch 2.13: "
                f"Expected an annotation of type Dict but got ...{short}; object has no "
                "attribute or method '__getitem__'); annotate `Dict[str, torch.Tensor]`"
            )
        stub = self._stub_class(annotation)
        if stub is not None:
            return stub
        forward_ref = self._forward_ref_namedtuple(name)
        if forward_ref is not None:
            return forward_ref
        abstract = self._abstract_module_class(annotation, name)
        if abstract is not None:
            return abstract
        if name in BARE_GENERICS:
            short, what, example = BARE_GENERICS[name]
            return (
                f"bare `{short}` annotation (no element types): torch.jit.script refuses it "
                f"(torch 2.13: Attempted to use {short} without {what}); write the element "
                f"types (`{example}`)"
            )
        if name == "builtins.dict":
            return (
                "bare `dict` annotation: TorchScript has no such type (torch 2.13: Unknown "
                "type name 'dict'); write `Dict[str, torch.Tensor]` (the key and value types)"
            )
        if name in UNKNOWN_BUILTIN_TYPES:
            short = name.removeprefix("builtins.")
            return (
                f"`{short}` annotation: TorchScript has no such type (torch 2.13: Unknown type "
                f"name '{short}'); {UNKNOWN_BUILTIN_TYPES[name]}"
            )
        if type(annotation) is cst.Name and self._typevar(annotation.value):
            return (
                f"`{annotation.value}`, a `TypeVar`, in a scripted annotation: TorchScript has "
                f"no generic functions and reads the name as a type (torch 2.13: Unknown type "
                f"name '{annotation.value}'); write the concrete type (`torch.Tensor`, `int`)"
            )
        if name in BASE_MODULE_CLASSES and not self._builds_base_module():
            spelled = cst.Module([]).code_for_node(annotation)
            return (
                f"`{spelled}`, the base module class, in a scripted annotation: TorchScript "
                "knows a module class as a type only through a module of exactly that class "
                "compiled with the model, and no submodule is a bare `nn.Module`, so scripting "
                f"fails (torch 2.13: Unknown type name '{spelled}'); call the module in the "
                "caller and pass its output, or make this a method of the module that holds it"
            )
        unscriptable = torchscript_table().get("annotation_classes_unscriptable", {})
        if name is not None and name in unscriptable and name != "torch.Size":
            spelled = cst.Module([]).code_for_node(annotation)
            what = f"`{spelled}`" if spelled == name else f"`{spelled}` (`{name}`)"
            return (
                f"{what}, a torch class TorchScript has no type for, in a scripted annotation: "
                "the frontend compiles the class from its Python source as a TorchScript class, "
                f"or cannot resolve it, and fails (torch 2.13: {unscriptable[name].rstrip(':')}; "
                "in a method of a class scripted code builds: Unknown type name "
                f"'{spelled}'); take the tensors the function reads instead"
            )
        if name is not None and _torch_function(name):
            spelled = cst.Module([]).code_for_node(annotation)
            what = f"`{spelled}`" if spelled == name else f"`{spelled}` (`{name}`)"
            return (
                f"{what} is a function, not a type: TorchScript resolves no type from it, so "
                f"scripting fails (torch 2.13: Unknown type name '{spelled}', or the annotation "
                "could not be resolved); annotate `torch.Tensor`, the type"
            )
        typing_name = self._typing_name(annotation)
        if typing_name is not None:
            return (
                f"`{typing_name}` annotation: TorchScript has no type for it (the annotation "
                "could not be resolved; Unknown type name in a class it compiles); use `List`, "
                "`Tuple`, `Dict` or `Optional`"
            )
        alias = self._alias_problem(annotation)
        if alias is not None:
            return alias
        checking = self._type_checking_only(annotation)
        if checking is not None:
            return checking
        if type(annotation) is cst.BinaryOperation:  # `X | None`
            return self._problem(annotation.left) or self._problem(annotation.right)
        if type(annotation) is cst.Subscript:
            union = self.ctx.qualified_name(annotation.value) in ("typing.Union", "typing.Optional")
            for element in annotation.slice:
                if type(element.slice) is not cst.Index:
                    continue
                value = element.slice.value
                bare = self.ctx.qualified_name(value) if union else None
                if bare in ("builtins.tuple", "builtins.list"):
                    spelled = cst.Module([]).code_for_node(annotation)
                    short = bare.removeprefix("builtins.")
                    return (
                        f"bare `{short}` inside `{spelled}`: TorchScript resolves no bare "
                        "container inside a Union or Optional (torch 2.13: Unsupported "
                        f"annotation {spelled} could not be resolved because <class "
                        f"'{short}'> could not be resolved); write its element types "
                        f"(`{short.capitalize()}[int, int]`)"
                    )
                if type(value) is cst.Ellipsis:
                    return (
                        "variable-length tuple annotation (`...`): TorchScript has no such "
                        "type; use a fixed-length Tuple or a List"
                    )
                inner = self._problem(value)
                if inner is not None:
                    return inner
        return None

    def _alias_problem(self, annotation: cst.BaseExpression) -> Optional[str]:
        """A name (or a string naming it) the module binds once, at its top level, to a type
        TorchScript has none for (``Dim = Annotated[int, "axis"]``, ``Mode = Literal["a"]``,
        ``Dim = NewType("Dim", int)``): TorchScript resolves an alias through its value, and
        one it cannot type leaves the name unknown."""
        if type(annotation) is cst.SimpleString:
            text = annotation.evaluated_value
            if not isinstance(text, str) or not text.isidentifier():
                return None
            annotation = cst.Name(text)
        if type(annotation) is not cst.Name or self._alias_depth > 3:
            return None
        name = annotation.value
        value = module_alias(self.ctx.module, name)
        if value is None:
            return None
        spelled = cst.Module([]).code_for_node(value)
        if type(value) is cst.Call:
            if self.ctx.qualified_name(value.func) not in NEW_TYPES:
                return None
            why = "a `NewType`, a Python class TorchScript has no type for"
            instead = "the type it wraps"
        else:
            self._alias_depth += 1
            try:
                inner = self._problem(value)
            finally:
                self._alias_depth -= 1
            if inner is None:
                return None
            why = f"which TorchScript has no type for ({inner.split(':', 1)[0]})"
            instead = "the type itself"
            function = inner.split("`", 2)[1] if "is a function, not a type" in inner else None
            if function is not None:
                fixed = spelled.replace(function, "torch.Tensor")
                instead = f"with the type in the alias (`{name} = {fixed}`)"
            if type(value) is cst.Subscript and self._typing_name(value) == "Annotated":
                first = value.slice[0].slice
                if type(first) is cst.Index:
                    instead = f"`{cst.Module([]).code_for_node(first.value)}`"
        return (
            f"`{name}` is an alias of `{spelled}`, {why}: TorchScript resolves an alias "
            f"through its value and cannot, so scripting fails (torch 2.13: Unknown type name "
            f"'{name}'); annotate {instead}"
        )

    def _type_checking_only(self, annotation: cst.BaseExpression) -> Optional[str]:
        """A name (or a string naming it) that the module imports only in the body of an
        ``if TYPE_CHECKING:`` block, read where Python does not evaluate it (a string, or any
        annotation under ``from __future__ import annotations``): TorchScript resolves it in
        the module's globals when it scripts, where the import never ran."""
        checking = _type_checking_names(self.ctx, self.ctx.module)
        if not checking:
            return None
        if type(annotation) is cst.SimpleString:
            text = annotation.evaluated_value
            try:
                parsed = cst.parse_expression(text) if isinstance(text, str) else None
            except cst.ParserSyntaxError:
                return None
            # `"Optional[Cache]"`: every name of the text is looked up when scripting.
            named = [n.value for n in _names_in(parsed) if n.value in checking] if parsed else []
            if not named:
                return None
            name = named[0]
        elif type(annotation) is cst.Name and _future_annotations(self.ctx.module):
            name = annotation.value
        else:
            return None
        if name not in checking:
            return None
        return (
            f"`{name}` is imported only under `if TYPE_CHECKING:`, which is False when the "
            "code runs, and the annotation is not evaluated by Python (a string, or `from "
            "__future__ import annotations`): TorchScript looks the name up in the module's "
            f"globals when it scripts and finds nothing (torch 2.13: Unknown type name "
            f"'{name}'); import it at run time, or annotate a type TorchScript knows"
        )

    def _typevar(self, name: str) -> bool:
        """Whether the module binds ``name`` at its top level to a ``TypeVar(...)`` call."""
        for stmt in self.ctx.module.body:
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in stmt.body:
                if (
                    type(small) is cst.Assign
                    and len(small.targets) == 1
                    and type(small.targets[0].target) is cst.Name
                    and small.targets[0].target.value == name
                    and type(small.value) is cst.Call
                    and self.ctx.qualified_name(small.value.func)
                    in ("typing.TypeVar", "typing_extensions.TypeVar")
                ):
                    return True
        return False

    def _stub_class(self, annotation: cst.BaseExpression) -> Optional[str]:
        """A class of this file (a name or a string naming it) that is no module, whose
        methods include one whose body is only `...` (a docstring aside), or that derives from
        `typing.Protocol`: TorchScript compiles a class named in a scripted annotation."""
        if type(annotation) is cst.SimpleString:
            text = annotation.evaluated_value
            if not isinstance(text, str) or not text.isidentifier():
                return None
            annotation = cst.Name(text)
            name = next(
                (
                    self.ctx.model.summary.qualify(text)
                    for stmt in self.ctx.module.body
                    if type(stmt) is cst.ClassDef and stmt.name.value == text
                ),
                None,
            )
        else:
            name = self.ctx.qualified_name(annotation)
        if name is None or self.ctx.index.is_module_class(name):
            return None
        found = self.ctx.index.class_info(name)
        if found is None or found[0] is not self.ctx.model.summary:
            return None
        short = name.rsplit(".", 1)[-1]
        cls = next(
            (
                stmt
                for stmt in self.ctx.module.body
                if type(stmt) is cst.ClassDef and stmt.name.value == short
            ),
            None,
        )
        if cls is None or any(d in INTERFACES for d in found[1].decorators):
            return None
        protocol = any(base in PROTOCOLS for base in found[1].bases)
        stub = next(
            (
                stmt.name.value
                for stmt in cls.body.body
                if type(stmt) is cst.FunctionDef
                and _ellipsis_body(stmt)
                and not any(
                    self.ctx.qualified_name(d.decorator) in SKIPPED_METHODS for d in stmt.decorators
                )
            ),
            None,
        )
        if stub is not None:
            return (
                f"`{short}` in a scripted annotation: TorchScript compiles the class it names, "
                f"and its method `{stub}` has a `...` body, which it cannot compile (torch 2.13: "
                "Cannot emit expr for: (dots)); annotate the type actually passed (a module "
                "class, `torch.Tensor`), or keep the function out of scripted code"
            )
        if protocol:
            return (
                f"`{short}` is a `typing.Protocol` in a scripted annotation: TorchScript "
                "compiles it as a class of its own, stub bodies included, and matches arguments "
                "by class, not by structure, so scripting fails (torch 2.13: a `pass` body does "
                "not return along all paths, or the call's arguments do not match the "
                f"signature taking `{short}`); annotate the type actually passed (a module "
                "class, `torch.Tensor`)"
            )
        return None

    def visit_Call(self, node: cst.Call) -> None:
        if in_script(self.ctx) and not dead_in_script(self.ctx):
            self._decorated_call(node)
        # `DetOutput(...)` built in scripted code: TorchScript types the NamedTuple as it
        # types one named in an annotation.
        if type(node.func) is not cst.Name or not in_script(self.ctx):
            return
        name = self.ctx.qualified_name(node.func)
        problem = self._forward_ref_namedtuple(name)
        if problem is not None:
            self.report(node.func, problem)
        elif name is not None and self._typed_dict(name) and not dead_in_script(self.ctx):
            short = name.rsplit(".", 1)[-1]
            self.report(
                node,
                f"`{short}(...)` builds a TypedDict in scripted code: TorchScript compiles "
                f"`{short}` as a class of its own with no `__init__` (torch 2.13: Class {short} "
                "does not have an __init__ function defined); build the dict as a display "
                '(`{"key": value}`)',
            )

    def _base_module(self, annotation: cst.BaseExpression) -> bool:
        return self.ctx.qualified_name(annotation) in BASE_MODULE_CLASSES

    def _hook_names(self) -> set[str]:
        """Names of the functions and methods the file registers as forward (pre-)hooks
        (``self.fc.register_forward_pre_hook(scale)``): TorchScript compiles a hook with its
        first parameter typed as the module it hooks (torch 2.13 scripts ``module:
        nn.Module`` there)."""
        found = self.__dict__.get("_hooks")
        if found is None:
            found = set()

            def enter(node: cst.CSTNode) -> Optional[bool]:
                if (
                    type(node) is cst.Call
                    and type(node.func) is cst.Attribute
                    and node.func.attr.value in FORWARD_HOOK_REGISTRATIONS
                    and node.args
                ):
                    hook = node.args[0].value
                    if type(hook) is cst.Name:
                        found.add(hook.value)
                    elif type(hook) is cst.Attribute:
                        found.add(hook.attr.value)
                return None

            walk(self.ctx.module, enter, lambda node: None)
            self.__dict__["_hooks"] = found
        return found

    def _builds_base_module(self) -> bool:
        """Whether the file makes a bare ``nn.Module()`` (a submodule of exactly the base
        class, whose type the annotation then names: torch 2.13 scripts that)."""
        found = self.__dict__.get("_base_module_built")
        if found is None:
            found = False

            def enter(node: cst.CSTNode) -> Optional[bool]:
                nonlocal found
                if type(node) is cst.Call and self.ctx.qualified_name(node.func) in (
                    BASE_MODULE_CLASSES
                ):
                    found = True
                return not found

            walk(self.ctx.module, enter, lambda node: None)
            self.__dict__["_base_module_built"] = found
        return found

    def _abstract_module_class(
        self, annotation: cst.BaseExpression, name: Optional[str]
    ) -> Optional[str]:
        """A module class of the project that no module can be of: abstract (``abc.ABC`` in
        its bases' chain, an ``@abc.abstractmethod`` in its own body). TorchScript resolves a
        module class in an annotation to the type of a module of it compiled with the model
        (none here), so the name stays unknown."""
        if name is None or type(annotation) not in (cst.Name, cst.Attribute):
            return None
        index = self.ctx.index
        found = index.class_info(name)
        if found is None or not index.is_module_class(name):
            return None
        if not any(
            "abc.abstractmethod" in method.decorators for method in found[1].methods.values()
        ):
            return None
        if not index.derives_from(name, {"abc.ABC"}):
            return None
        spelled = cst.Module([]).code_for_node(annotation)
        return (
            f"`{spelled}` in a scripted annotation is an abstract module class (`abc.ABC` with "
            "an `@abc.abstractmethod`): TorchScript knows a module class as a type only once a "
            "module of it is compiled with the model, and none can be of an abstract class, so "
            f"scripting fails (torch 2.13: Unknown type name '{spelled}'); annotate the "
            "concrete class, or drop the annotation (a `@property` of a module is compiled "
            "whether used or not; list it in `__jit_unused_properties__` to skip it)"
        )

    def _forward_ref_namedtuple(self, name: Optional[str]) -> Optional[str]:
        """A ``typing.NamedTuple`` class of this file one of whose field annotations is text
        (``from __future__ import annotations``, or a string) that TorchScript's resolver of
        such text cannot read: it takes dotted names and ``X[A, B]`` subscripts whose names
        the module or builtins bind, so ``Tensor | None``, ``Union[Tensor, None]``, ``...``
        leave it unknown. Said once per class and file (the first scripted use)."""
        told = self.__dict__.setdefault("_forward_ref_told", set())
        if name is None or name in told:
            return None
        found = self.ctx.index.class_info(name)
        if found is None or found[0] is not self.ctx.model.summary:
            return None
        short = name.rsplit(".", 1)[-1]
        fields = namedtuple_fields(self.ctx, short)
        if not fields:
            return None
        cls = next(
            stmt
            for stmt in self.ctx.module.body
            if type(stmt) is cst.ClassDef and stmt.name.value == short
        )
        postponed = _future_annotations(self.ctx.module)
        for line in cls.body.body:
            if type(line) is not cst.SimpleStatementLine:
                continue
            for small in line.body:
                if type(small) is not cst.AnnAssign or type(small.target) is not cst.Name:
                    continue
                annotation = small.annotation.annotation
                if type(annotation) is cst.SimpleString:
                    text = annotation.evaluated_value
                    if not isinstance(text, str):
                        continue
                elif postponed:
                    text = cst.Module([]).code_for_node(annotation)
                else:
                    continue
                if _resolver_reads(text):
                    continue
                told.add(name)
                return (
                    f"`{short}`, a NamedTuple whose field `{small.target.value}` is annotated "
                    f"`{text}` as text (a string, or `from __future__ import annotations`): "
                    "TorchScript resolves a NamedTuple field's text with a resolver that reads "
                    "only dotted names and `X[A, B]` subscripts of names the module binds (no "
                    "`|`, no `None`), so scripting fails (torch 2.13: Unknown type annotation: "
                    f"'ForwardRef('{text}')' in NamedTuple {short}); annotate the field "
                    "`Optional[Tensor]`"
                )
        return None

    def _typed_dict(self, name: str) -> bool:
        """Whether ``name`` is a class of the project deriving from ``TypedDict``."""
        found = self.ctx.index.class_info(name)
        return found is not None and any(base in TYPED_DICTS for base in found[1].bases)

    def _typing_name(self, annotation: cst.BaseExpression) -> Optional[str]:
        """``Iterable`` of ``Iterable[Tensor]``, ``Callable``...: the ``typing`` /
        ``collections.abc`` names TorchScript's frontend has no type for (generated table)."""
        base = annotation.value if type(annotation) is cst.Subscript else annotation
        name = self.ctx.qualified_name(base)
        if name is None:
            return None
        module, _, short = name.rpartition(".")
        if module in ("typing", "collections.abc", "typing_extensions"):
            if short in torchscript_table()["annotations"]["unsupported"]:
                return short
        return None

    def _torch_type(self, annotation: cst.BaseExpression) -> Optional[tuple]:
        """``("int",)``, ``("Optional", inner)``, ``("List", inner)``, ``("Tuple", a, b)``: the
        annotation as TorchScript types it, or None where it is anything else."""
        if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
            left, right = annotation.left, annotation.right
            if type(right) is cst.Name and right.value == "None":
                inner = self._torch_type(left)
                return None if inner is None else ("Optional", inner)
            return None
        if type(annotation) is cst.Subscript:
            generic = _GENERICS.get(self.ctx.qualified_name(annotation.value) or "")
            if generic is None:
                return None
            args = []
            for element in annotation.slice:
                if type(element.slice) is not cst.Index:
                    return None
                inner = self._torch_type(element.slice.value)
                if inner is None:
                    return None
                args.append(inner)
            if generic in ("Optional", "List") and len(args) != 1:
                return None
            return (generic, *args)
        scalar = _SCALARS.get(self.ctx.qualified_name(annotation) or "")
        return None if scalar is None else (scalar,)

    def _rejected_default(
        self, annotation: cst.BaseExpression, default: cst.BaseExpression
    ) -> Optional[str]:
        """torch's name for the annotation (``Optional[int]``) where TorchScript refuses the
        literal default for it, else None (a default that passes, or one this cannot tell)."""
        kind = self._torch_type(annotation)
        if kind is None or self._admits(kind, default) is not False:
            return None
        return _spell(kind)

    def _admits(self, kind: tuple, default: cst.BaseExpression) -> Optional[bool]:
        """Whether TorchScript takes the literal ``default`` for ``kind``; None: not a literal
        this knows (a name, a call, None)."""
        if type(default) is cst.Tuple:
            items = [element.value for element in default.elements]
            if any(type(element) is cst.StarredElement for element in default.elements):
                return None
            if kind[0] == "Optional":
                return self._admits(kind[1], default)
            if kind[0] == "Tuple" and len(kind) - 1 == len(items):
                answers = [self._admits(k, item) for k, item in zip(kind[1:], items)]
            elif kind[0] == "List":
                answers = [self._admits(kind[1], item) for item in items]
            else:  # a tuple for a scalar, or of another length than the Tuple's
                if any(_literal(item) is None and type(item) is not cst.Tuple for item in items):
                    return None
                return False
            if None in answers:
                return None
            return all(answers)
        literal = _literal(default)
        if literal is None:
            return None
        if kind[0] == "Optional":
            return self._admits(kind[1], default)
        return literal in _ACCEPTS.get(kind[0], set())


def _torch_function(name: str) -> bool:
    """``torch.tensor``, ``torch.zeros``: a torch function (from torch's operator schemas and
    the generated table of unbound ones), which names no type."""
    module, _, short = name.rpartition(".")
    table = torchscript_table()
    return module == "torch" and (
        short in table["schemas"]["torch_functions"]
        or name in table.get("torch_functions_unbound", {})
    )


def _literal(node: cst.BaseExpression) -> Optional[str]:
    if type(node) is cst.Imaginary:
        return "complex"
    if type(node) is cst.FormattedString:
        return "str"
    if type(node) is cst.SimpleString and "b" in node.prefix.lower():
        return "str"  # torch 2.13 takes b'a' for `str`
    return literal_type(node)


def _spell(kind: tuple) -> str:
    """How torch names the type in its message: ``Optional[Tuple[int, int]]``."""
    if len(kind) == 1 and kind[0] != "Tuple":
        return kind[0]
    return f"{kind[0]}[{', '.join(_spell(k) for k in kind[1:])}]"


def _names_in(expression: cst.CSTNode) -> list[cst.Name]:
    """The ``Name`` nodes of ``expression``, in order (not an attribute's right side)."""
    found: list[cst.Name] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.Name:
            found.append(node)  # type: ignore[arg-type]
        elif type(node) is cst.Attribute:
            walk(node.value, enter, lambda child: None)  # type: ignore[attr-defined]
            return False
        return None

    walk(expression, enter, lambda node: None)
    return found


def _type_checking_names(ctx, module: cst.Module) -> frozenset[str]:  # type: ignore[no-untyped-def]
    """Names the module imports in the body of a top-level ``if TYPE_CHECKING:`` (``typing``'s
    or ``typing_extensions``'s) and binds nowhere else at its top level."""
    cached = _CHECKING.get(id(module))
    if cached is not None and cached[0] is module:
        return cached[1]
    guarded: set[str] = set()
    other: set[str] = set()

    def names(statement: cst.CSTNode) -> set[str]:
        """The names a top-level statement binds (inside its blocks too)."""
        found: set[str] = set()
        kind = type(statement)
        if kind in (cst.ClassDef, cst.FunctionDef):
            found.add(statement.name.value)  # type: ignore[attr-defined]
        elif kind is cst.SimpleStatementLine:
            for small in statement.body:  # type: ignore[attr-defined]
                if type(small) in (cst.Import, cst.ImportFrom) and not isinstance(
                    small.names,  # type: ignore[attr-defined]
                    cst.ImportStar,
                ):
                    for alias in small.names:  # type: ignore[attr-defined]
                        bound = alias.asname.name if alias.asname is not None else alias.name
                        while type(bound) is cst.Attribute:  # `import a.b` binds `a`
                            bound = bound.value
                        if type(bound) is cst.Name:
                            found.add(bound.value)
                elif type(small) is cst.Assign:
                    for target in small.targets:  # type: ignore[attr-defined]
                        found |= set(target_names(target.target))
                elif type(small) is cst.AnnAssign and small.value is not None:  # type: ignore[attr-defined]
                    found |= set(target_names(small.target))  # type: ignore[attr-defined]
        else:  # `if` / `try` / `with` / `for` at top level: the blocks' statements
            for child in statement.children:
                if isinstance(child, (cst.IndentedBlock, cst.BaseSuite)):
                    for inner in getattr(child, "body", ()):
                        found |= names(inner)
                elif isinstance(child, (cst.Else, cst.If, cst.ExceptHandler, cst.Finally)):
                    found |= names(child)
        return found

    for statement in module.body:
        if type(statement) is cst.If and ctx.qualified_name(statement.test) in (
            "typing.TYPE_CHECKING",
            "typing_extensions.TYPE_CHECKING",
        ):
            for inner in statement.body.body:
                guarded |= names(inner)
            if statement.orelse is not None:
                other |= names(statement.orelse)
            continue
        other |= names(statement)
    found = frozenset(guarded - other)
    if len(_CHECKING) > 256:
        _CHECKING.clear()
    _CHECKING[id(module)] = (module, found)
    return found


# id(module) -> (the module, its TYPE_CHECKING-only names); the node is kept so its id stays.
_CHECKING: dict[int, tuple[cst.Module, frozenset[str]]] = {}


def _future_annotations(module: cst.Module) -> bool:
    """Whether the module starts with ``from __future__ import annotations``."""
    for stmt in module.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if (
                type(small) is cst.ImportFrom
                and type(small.module) is cst.Name
                and small.module.value == "__future__"
                and not isinstance(small.names, cst.ImportStar)
                and any(
                    type(alias.name) is cst.Name and alias.name.value == "annotations"
                    for alias in small.names
                )
            ):
                return True
    return False


_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*(\.[A-Za-z_][A-Za-z_0-9]*)*")


def _resolver_reads(text: str) -> bool:
    """Whether torch's resolver of annotation text (``createResolutionCallbackFromEnv``'s
    ``parseExpr``, torch 2.13) reads all of ``text``: a dotted name, optionally subscripted
    by a comma-separated list of such (nested), ``()`` alone as an element. ``None`` is no
    name it finds (it looks names up as attributes of the module, then builtins)."""
    position = 0

    def expression(text: str, at: int) -> int:
        """The end of the expression starting at ``at``, or -1."""
        while at < len(text) and text[at] == " ":
            at += 1
        if text.startswith("()", at):
            return at + 2
        found = _NAME.match(text, at)
        if found is None or found.group(0) == "None":
            return -1
        at = found.end()
        while at < len(text) and text[at] == " ":
            at += 1
        if at < len(text) and text[at] == "[":
            while True:
                at = expression(text, at + 1)
                if at < 0:
                    return -1
                while at < len(text) and text[at] == " ":
                    at += 1
                if at < len(text) and text[at] == ",":
                    continue
                if at < len(text) and text[at] == "]":
                    return at + 1
                return -1
        return at

    position = expression(text, position)
    return position == len(text.rstrip())
