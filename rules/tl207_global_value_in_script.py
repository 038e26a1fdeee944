"""TL207: module-level values read in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, bound_names
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import walk
from torchlint.rules._script import SCRIPT, in_script

DTYPE_NAMES = frozenset(
    {
        "float32", "float", "float64", "double", "float16", "half", "bfloat16", "int8", "uint8",
        "int16", "short", "int32", "int", "int64", "long", "bool", "complex64", "complex128",
    }
)  # fmt: skip
TENSOR_FACTORIES = frozenset(
    {
        "tensor",
        "ones",
        "zeros",
        "randn",
        "rand",
        "arange",
        "linspace",
        "eye",
        "full",
        "empty",
        "as_tensor",
    }
)

# builtins whose call makes a container, whatever its arguments (torch 2.13, a global bound to
# one: python value of type 'frozenset' / 'set' / 'dict' / 'list' / 'tuple' cannot be used as a
# value)
CONTAINER_CONSTRUCTORS = frozenset(
    {"builtins.frozenset", "builtins.set", "builtins.dict", "builtins.list", "builtins.tuple"}
)

# builtins whose call gives a value of one plain type, whatever it converts
NUMBER_CONVERSIONS = {
    "builtins.int": "int",
    "builtins.float": "float",
    "builtins.bool": "bool",
    "builtins.str": "string",
}

# Kinds of another module's global that TorchScript rejects when read as `mod.NAME` (torch 2.13:
# python value of type 'dict' / 'list' / 'set' cannot be used as a value; an int, float, str,
# bool or tuple read so is a constant, checked in tests/test_s23_trace.py).
MODULE_ATTRIBUTE_KINDS = frozenset({"dict", "list", "set"})

# The fields of `sys.float_info`, in its tuple order (TorchScript reads it as that tuple).
FLOAT_INFO_FIELDS = (
    "max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig", "mant_dig",
    "epsilon", "radix", "rounds",
)  # fmt: skip

# Kinds of a closed-over value TorchScript cannot use (torch 2.13: python value of type 'float' /
# 'int' / 'bool' / 'str' / 'Tensor' cannot be used as a value).
CLOSURE_KINDS = frozenset({"number", "string", "True", "False", "bool", "int", "float", "tensor"})

# what a method of a tensor returns where that is not a tensor (any of these fails as a global)
TENSOR_METHOD_KINDS = {"item": "number", "tolist": "list", "dim": "number", "numel": "number"}


def _example(module_level: str, body: str, name: str = "Model") -> str:
    return (
        "import torch\nfrom torch import nn\n\n"
        + module_level
        + "\n\n\nclass "
        + name
        + "(nn.Module):\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


def _names(target: cst.CSTNode) -> list[cst.Name]:
    """The names a binding target binds (``a``, ``a, b``, ``[a, *b]``; not ``x.a`` / ``x[a]``)."""
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _names(e.value)]
    if isinstance(target, cst.StarredElement):
        return _names(target.value)
    return []


def _kind_of(kinds: list[str]) -> str:
    """One kind for a name's bindings: theirs where they agree (``True`` / ``False`` make a
    bool), else "value"."""
    if set(kinds) <= {"True", "False", "bool"}:
        return kinds[0] if len(kinds) == 1 else "bool"
    return kinds[0] if len(set(kinds)) == 1 else "value"


class GlobalValueInScript(Rule):
    """Flags module-level values (constants, containers, tensors, dtypes, loggers) read in
    scripted code.

    ## What it does
    Finds names in code that `torch.jit.script` compiles that refer to a module-level variable
    holding a value: a number, string, bool, `None`, a tuple / list / dict / set (a display, a
    comprehension, or a `tuple(...)` / `list(...)` / `dict(...)` / `set(...)` / `frozenset(...)`
    call: `MODES = frozenset(("bilinear", "bicubic"))` tested with `in`), a tensor made with a
    `torch` factory (or a method or index of one: `torch.tensor([...]).view(1, 3, 1, 1)`,
    `.item()`), a `torch` dtype or `torch.device`, a `range(...)`, a `logging.getLogger(...)`
    logger, the result of `int(...)` / `float(...)` / `bool(...)` / `str(...)` (`_MAJOR =
    int(torch.__version__.split(".")[0])`), or a lambda (`swish = lambda t: t * torch.sigmoid(t)`, called in `forward`)
    (`EPS = 1e-6` read in `forward`, or in a function that scripted code calls). Functions,
    classes and imported modules are fine. Also the builtin constant `__debug__` (`if
    __debug__:` around a check), which TorchScript resolves like a global bool.
    And a field of `sys.float_info` read by name (`sys.float_info.epsilon`, also through `from
    sys import float_info`).
    Also a name a scripted function reads from the scope of an enclosing function that is no
    scripted code (a module class or helper defined in a factory function): a parameter
    annotated `int` / `float` / `bool` / `str` or with such a literal default, or a local every
    binding of which is a number, string, bool or tensor (`init_scale` of
    `make_block(dim, init_scale: float)` read in `forward`; torch 2.13: python value of type
    'float' cannot be used as a value; a closed-over function or module compiles).
    A name imported from another module of the project that binds it once, at top level, to a
    dict, list, set or tuple display (or comprehension) or to a number, string or bool literal
    (`from .radial_fn import RADIAL_FUNCS`; a number also signed, as arithmetic of numbers or
    a conversion: `from .utils import IMPOSSIBLE_SCORE` of `IMPOSSIBLE_SCORE = -100`, `2 ** 31
    - 1`, `-float("inf")`) is such a value too; read through the module
    (`radial_fn.RADIAL_FUNCS`), only a dict, list or set is (TorchScript takes a module's
    number, string, bool or tuple as a constant).
    A name bound more than once at module level, also under a module-level `try` / `if`, is
    such a value when every binding is one (`try: import apex; HAS_APEX = True` / `except
    ImportError: HAS_APEX = False`: a bool whichever runs; `X is not None`, `not X` are bools).

    ## Why is this bad?
    TorchScript does not capture Python globals as values: `torch.jit.script` raises
    `python value of type 'float' cannot be used as a value. Perhaps it is a closed over global
    variable? If so, please consider passing it in as an argument or use a local variable
    instead.` (`undefined value` for a `None` global, `attribute lookup is not defined on python
    value of type 'Logger'` for a logger; `type 'Tensor'`, `'list'`, `'frozenset'`, `'device'`
    for those;
    `python value of type 'range' cannot be used as an iterable` for a range). It takes
    `sys.float_info` as a plain tuple, indexable but without its field names (`'Tuple[float,
    int, ...]' object has no attribute or method 'epsilon'`), and `float_info` imported from
    `sys` as a Python value (`attribute lookup is not defined on python value of type
    'float_info'`). A global
    function is compiled from its source, and a lambda's source is no `def`: `Expected a
    single top-level function`.
    `torch.compile` and `torch.export` read globals
    fine.

    ## Example
    ```python
    EPS = 1e-6

    class RMSNorm(nn.Module):
        def forward(self, x):
            return x * x.pow(2).mean(-1, keepdim=True).add(EPS).rsqrt()
    ```
    Use instead:
    ```python
    class RMSNorm(nn.Module):
        def __init__(self, eps: float = 1e-6):
            super().__init__()
            self.eps = eps

        def forward(self, x):
            return x * x.pow(2).mean(-1, keepdim=True).add(self.eps).rsqrt()
    ```

    ## Fix safety
    Unsafe fix: a module-level constant bound once to a literal (numbers, strings, `True` /
    `False` / `None`, arithmetic and tuples of these), and named by no `global` statement, is
    inlined where scripted code reads it (`x.add(EPS)` -> `x.add(1e-6)`); the module-level
    binding stays. A module-level list of one literal type that every use only reads is
    inlined where read whole (`x.mean(REDUCE_DIMS)` -> `x.mean([1])`), and a tensor a torch
    factory builds from literals (`torch.tensor([0.5, 0.4]).view(1, 2)`, methods not in place
    and literal indices on it) that every use only reads is inlined where read (built afresh
    at each read, on the default device and dtype; `torch.tensor(...)` in traced code is
    then a trace constant with a TracerWarning, TL110, so with trace among the targets that
    fix is dropped). Unsafe: code that changes the constant at run time no longer reaches
    those reads. `sys.float_info.epsilon` -> `sys.float_info[8]` (safe: the struct
    sequence's item is the same float in every back-end). A logging call on a
    module-level logger goes under `if not torch.jit.is_scripting():` (safe: TorchScript skips
    the branch, everything else runs it as before). Dicts, other tensors and dtypes have no fix: store
    the value on the module
    in `__init__` (a `Final` class attribute for a constant), pass it in, or move a logger call
    out of the scripted code.
    """

    code = "TL207"
    name = "global-value-in-script"
    message = "module-level value read in scripted code: TorchScript cannot use Python globals"
    targets = SCRIPT

    VALID = [
        # sys.float_info indexed (a tuple to TorchScript), and sys.maxsize (an int).
        Valid(
            _example(
                "import sys",
                "        return x + sys.float_info[8] * 0 + (sys.maxsize > 0)",
            )
        ),
        # A flag bound under try / except at module level, read outside scripted code.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            try:
                import apex  # noqa: F401

                HAS_APEX = True
            except ImportError:
                HAS_APEX = False

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.fused = HAS_APEX

                def forward(self, x):
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """
        ),
        Valid(
            """
            import math

            import torch
            from torch import nn

            def act(t: torch.Tensor) -> torch.Tensor:
                return t * torch.sigmoid(t)

            class Model(nn.Module):
                def __init__(self, eps: float = 1e-6):
                    super().__init__()
                    self.eps = eps

                def forward(self, x, scale: float = 2.0):
                    EPS = self.eps
                    return act(x) * math.pi + EPS * scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        # A module-level object of a plain class: a Python value to TorchScript.
        Invalid(
            """
            import torch
            from torch import nn

            class Options:
                def __init__(self):
                    self.margin = 0.1

            OPTIONS = Options()

            class Model(nn.Module):
                def forward(self, x):
                    return x.clamp(min=OPTIONS.margin)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="instance of the plain class",
        ),
        # `__debug__`: a Python bool to TorchScript, like a global.
        Invalid(
            _example(
                "",
                "        if __debug__:\n            assert x.dim() == 2\n        return x * 2",
            ),
            line=9,
            message_contains="`__debug__`",
        ),
        # A flag bound under try / except at module level: a bool whichever runs.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            try:
                import apex  # noqa: F401

                HAS_APEX = True
            except ImportError:
                HAS_APEX = False

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    pass

                def forward(self, x):
                    if HAS_APEX:
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=18,
            message_contains="module-level bool `HAS_APEX`",
        ),
        # A global bound to `int(...)` of the torch version.
        Invalid(
            _example(
                'MAJOR = int(torch.__version__.split(".")[0])',
                "        if MAJOR >= 2:\n            return x * 2\n        return x",
            ),
            line=9,
            message_contains="module-level int `MAJOR`",
        ),
        # A module-level lambda called in forward.
        Invalid(
            _example("swish = lambda t: t * torch.sigmoid(t)", "        return swish(x)"),
            line=9,
            message_contains="Expected a single top-level function",
        ),
        Invalid(
            _example("EPS = 1e-6", "        return x / (x.norm() + EPS)"),
            line=9,
            message_contains="EPS",
            fixed=_example("EPS = 1e-6", "        return x / (x.norm() + 1e-6)"),
        ),
        Invalid(
            _example("SHAPE = (-1, 3)", "        return x.view(SHAPE)"),
            line=9,
            message_contains="SHAPE",
        ),
        Invalid(_example("DTYPE = torch.float64", "        return x.to(DTYPE)"), line=9),
        # A frozenset of names tested with `in`.
        Invalid(
            _example(
                'MODES = frozenset(("relu", "gelu"))',
                '        if "relu" in MODES:\n            return torch.relu(x)\n        return x',
            ),
            line=9,
            message_contains="frozenset `MODES`",
        ),
        # A range kept at module level and looped over.
        Invalid(
            _example(
                "LEVELS = range(1, 3)",
                "        for level in LEVELS:\n            x = x + level\n        return x",
            ),
            line=9,
            message_contains="range `LEVELS`",
        ),
        Invalid(_example("OFFSET = torch.ones(3)", "        return x + OFFSET"), line=9),
        # A field of sys.float_info, through `from sys import float_info` in a helper.
        Invalid(
            "from sys import float_info\n\nimport torch\nfrom torch import nn\n\n\n"
            "def safe_div(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:\n"
            "    return a / (b.abs() + float_info.min)\n\n\n"
            "class Model(nn.Module):\n"
            "    def forward(self, x):\n"
            "        return safe_div(x, x)\n\n\n"
            "def inputs():\n"
            "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n",
            line=8,
            message_contains="sys.float_info.min",
        ),
        Invalid(
            "import torch\nfrom torch import nn\n\n"
            "MEAN = torch.full((3,), 0.5).view(1, 3)\n\n\n"
            "def normalize(x: torch.Tensor) -> torch.Tensor:\n"
            "    return x - MEAN\n\n\n"
            "class Model(nn.Module):\n"
            "    def forward(self, x):\n"
            "        return normalize(x)\n\n\n"
            "def inputs():\n"
            "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n",
            line=8,
            message_contains="tensor `MEAN`",
            fixed="import torch\nfrom torch import nn\n\n"
            "MEAN = torch.full((3,), 0.5).view(1, 3)\n\n\n"
            "def normalize(x: torch.Tensor) -> torch.Tensor:\n"
            "    return x - torch.full((3,), 0.5).view(1, 3)\n\n\n"
            "class Model(nn.Module):\n"
            "    def forward(self, x):\n"
            "        return normalize(x)\n\n\n"
            "def inputs():\n"
            "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._globals: Optional[dict[str, str]] = None
        self._once: Optional[set[str]] = None
        self._locals: list[set[str]] = []
        self._skip: set[int] = set()
        self._outside = 0  # depth inside parameters, decorators and annotations
        # Every function around the node, innermost last, with whether it is scripted code.
        self._functions: list[tuple[cst.FunctionDef, bool]] = []
        self._around: Optional[dict[int, tuple[cst.FunctionDef, ...]]] = None

    def _global_values(self) -> dict[str, str]:
        """Module-level names every binding of which is a value TorchScript cannot capture ->
        its kind. Bindings under a module-level ``try`` / ``if`` count too (``try: import
        apex; HAS_APEX = True`` / ``except ImportError: HAS_APEX = False``: a bool whichever
        runs)."""
        if self._globals is None:
            kinds: dict[str, list[str]] = {}
            defined: set[str] = set()

            def enter(node: cst.CSTNode) -> Optional[bool]:
                if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                    defined.add(node.name.value)
                    return False  # their own scopes
                if isinstance(node, cst.Lambda):
                    return False
                if isinstance(node, cst.Assign) and len(node.targets) == 1:
                    target, value = node.targets[0].target, node.value
                elif isinstance(node, cst.AnnAssign) and node.value is not None:
                    target, value = node.target, node.value
                elif isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For)):
                    targets = node.targets if isinstance(node, cst.Assign) else [node]
                    for t in targets:
                        defined.update(n.value for n in _names(t.target))
                    return None
                elif isinstance(node, (cst.WithItem, cst.NamedExpr, cst.ExceptHandler)):
                    bound = (
                        node.asname
                        if isinstance(node, cst.WithItem)
                        else (node.target if isinstance(node, cst.NamedExpr) else node.name)
                    )
                    if bound is not None:
                        defined.update(n.value for n in _names(bound))
                    return None
                elif isinstance(node, cst.ImportAlias):
                    name = node.asname.name if node.asname is not None else node.name
                    defined.update(n.value for n in _names(name))
                    return None
                else:
                    return None
                if isinstance(target, cst.Name):
                    kind = self._value_kind(value)
                    if kind is None:
                        defined.add(target.value)
                    else:
                        kinds.setdefault(target.value, []).append(kind)
                else:
                    defined.update(n.value for n in _names(target))
                return None

            for stmt in self.ctx.module.body:
                walk(stmt, enter, lambda node: None)
            self._globals = {
                name: _kind_of(found) for name, found in kinds.items() if name not in defined
            }
        return self._globals

    def _plain_instance(self, name: str) -> Optional[str]:
        """The class of the module-level object ``name`` names, bound once (in this file, or
        in the project module it is imported from) to a call of a plain class of the project:
        no module, Enum, NamedTuple or other class with a base outside the project, no
        decorator but ``@dataclass`` (`config = Config()` with `@dataclass class Config`)."""
        summary = self.ctx.model.summary
        if name in summary.imports:
            qualified = summary.imports[name]
            module, _, short = qualified.rpartition(".")
            other = self.ctx.index.get_module(module) if module else None
            made = other.instances.get(short) if other is not None else None
            if other is None or short not in other.defined_names:
                return None
        else:
            if name not in self._bound_once():
                return None
            made = summary.instances.get(name)
        if made is None:
            return None
        index = self.ctx.index
        if index.class_info(made) is None or index.is_module_class(made):
            return None
        for _, _, cls in index.mro(made):
            if any(
                base not in ("builtins.object", "object") and index.class_info(base) is None
                for base in cls.bases
            ):
                return None
            if any(d != "dataclasses.dataclass" for d in cls.decorators):
                return None
        return made

    def _imported_value(self, name: str) -> Optional[tuple[str, str]]:
        """``(module, kind)`` for a name this file imports (and binds no other way) from a
        project module that binds it once to a container display, a number, a string or a
        bool (``FileSummary.values``: torchrbf's ``from .radial_fn import RADIAL_FUNCS``)."""
        summary = self.ctx.model.summary
        qualified = summary.imports.get(name)
        if qualified is None or name in summary.defined_names:
            return None
        module, _, short = qualified.rpartition(".")
        other = self.ctx.index.get_module(module) if module else None
        if other is None:
            return None
        kind = other.values.get(short)
        return (module, kind) if kind is not None else None

    def _module_attribute_value(self, node: cst.Attribute) -> Optional[tuple[str, str]]:
        """``(module, kind)`` for ``mod.NAME`` where ``mod`` is an imported project module
        (``from . import radial_fn``) whose ``FileSummary.values`` holds ``NAME`` as a dict,
        list or set."""
        root = node.value
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or any(root.value in scope for scope in self._locals):
            return None
        module = self.ctx.qualified_name(node.value)
        other = self.ctx.index.get_module(module) if module else None
        if other is None:
            return None
        # Read through the module, TorchScript takes a number, string, bool or tuple as a
        # constant (torch 2.13 scripts `x + mod.EPS`, `x.sum(mod.DIMS)`), a container not.
        kind = other.values.get(node.attr.value)
        return (module, kind) if kind in MODULE_ATTRIBUTE_KINDS else None  # type: ignore[return-value]

    def _bound_once(self) -> set[str]:
        """Names one module-level statement of this file binds, by a plain ``name = ...``
        (no other binding of them at module level: no import, def, class, loop or rebind)."""
        if self._once is None:
            counts: dict[str, int] = {}
            for stmt in self.ctx.module.body:
                if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                    counts[stmt.name.value] = counts.get(stmt.name.value, 0) + 2
                    continue
                found: list[str] = []

                def enter(node: cst.CSTNode, found: list[str] = found) -> Optional[bool]:
                    if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                        return False
                    if isinstance(node, cst.AssignTarget):
                        found.extend(n.value for n in _names(node.target))
                    elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For)):
                        found.extend(n.value for n in _names(node.target))
                        found.extend(n.value for n in _names(node.target))  # never once
                    elif isinstance(node, cst.ImportAlias):
                        bound = node.asname.name if node.asname is not None else node.name
                        found.extend(n.value for n in _names(bound) * 2)
                    elif isinstance(node, (cst.WithItem, cst.NamedExpr)):
                        return None
                    return None

                walk(stmt, enter, lambda node: None)
                nested = not isinstance(stmt, cst.SimpleStatementLine)
                for bound_name in found:
                    counts[bound_name] = counts.get(bound_name, 0) + (2 if nested else 1)
            self._once = {n for n, c in counts.items() if c == 1}
        return self._once

    def _value_kind(self, value: cst.BaseExpression) -> Optional[str]:
        if isinstance(value, cst.Lambda):
            return "lambda"
        if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Not):
            return "bool"
        if isinstance(value, cst.Comparison) and all(
            isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn))
            for c in value.comparisons
        ):
            return "bool"  # `HAS_X = X is not None`: `is` / `in` give a bool, whatever X is
        if isinstance(value, (cst.Integer, cst.Float, cst.Imaginary)):
            return "number"
        if isinstance(value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            return "string"
        if isinstance(value, cst.Name) and value.value in ("True", "False", "None"):
            return value.value
        if isinstance(value, cst.UnaryOperation):
            return self._value_kind(value.expression)
        if isinstance(value, cst.BinaryOperation):
            left, right = self._value_kind(value.left), self._value_kind(value.right)
            return left if left is not None and right is not None else None
        if isinstance(value, (cst.Tuple, cst.List, cst.Dict, cst.Set)):
            return type(value).__name__.lower()
        if isinstance(value, (cst.ListComp, cst.SetComp, cst.DictComp)):
            return type(value).__name__[:-4].lower()
        name = self.ctx.qualified_name(value.func if isinstance(value, cst.Call) else value) or ""
        if (
            isinstance(value, cst.Attribute)
            and name.startswith("torch.")
            and name[6:] in DTYPE_NAMES
        ):
            return "dtype"
        if isinstance(value, cst.Call):
            if name.startswith("torch.") and name[6:] in TENSOR_FACTORIES:
                return "tensor"
            if name == "torch.device":
                return "device"
            if name == "builtins.range":
                return "range"
            if name in CONTAINER_CONSTRUCTORS:  # `frozenset((...))`, `dict(a=1)`, ...
                return name[len("builtins.") :]
            if name == "logging.getLogger":
                return "logger"
            if name in NUMBER_CONVERSIONS:
                # `int(torch.__version__.split(".")[0])`: an int, whatever it converts (torch
                # 2.13: python value of type 'int' cannot be used as a value).
                return NUMBER_CONVERSIONS[name]
            if isinstance(value.func, cst.Attribute):  # a method of a tensor: .view(...), .item()
                if self._value_kind(value.func.value) == "tensor":
                    return TENSOR_METHOD_KINDS.get(value.func.attr.value, "tensor")
        if isinstance(value, cst.Subscript) and self._value_kind(value.value) == "tensor":
            return "tensor"
        return None

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._locals.append(bound_names(node) if in_script(self.ctx) else set())
        self._functions.append((node, in_script(self.ctx)))

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._locals.pop()
        self._functions.pop()

    def _closure_kind(self, name: str) -> Optional[str]:
        """The kind of value ``name`` holds where a scripted function reads it from the scope
        of an enclosing function that is no scripted code (a class built in a factory
        function, ``init_scale`` its parameter): a number, string, bool or tensor, by the
        parameter's annotation or literal default, or by every local binding there."""
        if not self._functions:
            return None
        visited = {id(function) for function, _ in self._functions}
        for function in reversed(self._enclosing().get(id(self._functions[0][0]), ())):
            if id(function) in visited:
                return None
            params = function.params
            every = [*params.posonly_params, *params.params, *params.kwonly_params]
            param = next((p for p in every if p.name.value == name), None)
            if param is not None:
                return self._parameter_kind(param)
            if any(
                isinstance(star, cst.Param) and star.name.value == name
                for star in (params.star_arg, params.star_kwarg)
            ):
                return None
            if name not in bound_names(function):
                continue
            bound = assignments(function, name)
            kinds = [
                self._value_kind(value) if value is not UNKNOWN_VALUE and size == 1 else None
                for value, _, size in bound
            ]
            if not kinds or any(k not in CLOSURE_KINDS for k in kinds):
                return None
            return _kind_of([k for k in kinds if k is not None])
        return None

    def _enclosing(self) -> dict[int, tuple[cst.FunctionDef, ...]]:
        """Each function of the file -> the functions around it, outermost first."""
        if self._around is None:
            found: dict[int, tuple[cst.FunctionDef, ...]] = {}
            stack: list[cst.FunctionDef] = []

            def enter(node: cst.CSTNode) -> Optional[bool]:
                if isinstance(node, cst.FunctionDef):
                    found[id(node)] = tuple(stack)
                    stack.append(node)
                return None

            def leave(node: cst.CSTNode) -> None:
                if isinstance(node, cst.FunctionDef):
                    stack.pop()

            walk(self.ctx.module, enter, leave)
            self._around = found
        return self._around

    def _parameter_kind(self, param: cst.Param) -> Optional[str]:
        """``number`` / ``string`` / ``bool`` for a parameter annotated ``int`` / ``float`` /
        ``str`` / ``bool``, else by its literal default (not None)."""
        if param.annotation is not None:
            annotation = self.ctx.qualified_name(param.annotation.annotation) or ""
            return {
                "builtins.int": "number",
                "builtins.float": "number",
                "builtins.str": "string",
                "builtins.bool": "bool",
            }.get(annotation)
        if param.default is None:
            return None
        kind = self._value_kind(param.default)
        return kind if kind in CLOSURE_KINDS and kind != "tensor" else None

    def _enter_outside(self, node: cst.CSTNode) -> None:
        self._outside += 1

    def _leave_outside(self, node: cst.CSTNode) -> None:
        self._outside -= 1

    visit_Parameters = _enter_outside
    leave_Parameters = _leave_outside
    visit_Decorator = _enter_outside
    leave_Decorator = _leave_outside
    visit_Annotation = _enter_outside
    leave_Annotation = _leave_outside

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._skip.add(id(node.attr))
        if self._outside or not self._locals or not in_script(self.ctx):
            return
        field = node.attr.value
        if isinstance(node.value, (cst.Name, cst.Attribute)):
            found = self._module_attribute_value(node)
            if found is not None:
                self.report(
                    node,
                    f"module-level {found[1]} `{found[0]}.{field}` read in scripted code: "
                    "TorchScript resolves another module's global as a Python value and cannot "
                    "use it as one (torch 2.13: python value of type '...' cannot be used as a "
                    "value); store it on the module in __init__ (or pass it in)",
                )
                return
        if (
            field not in FLOAT_INFO_FIELDS
            or self.ctx.qualified_name(node.value) != "sys.float_info"
        ):
            return
        root = node.value
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or any(root.value in scope for scope in self._locals):
            return
        self.report(
            node,
            f"`sys.float_info.{field}` read in scripted code: TorchScript takes "
            "`sys.float_info` as a plain tuple of its values, which has no attribute "
            f"`{field}` (torch 2.13: 'Tuple[float, int, int, float, int, int, int, int, float, "
            f"int, int]' object has no attribute or method '{field}'; `from sys import "
            "float_info`: attribute lookup is not defined on python value of type "
            "'float_info'); index it (`sys.float_info"
            f"[{FLOAT_INFO_FIELDS.index(field)}]`, the same value) or store the value on the "
            "module in __init__",
        )

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self._skip.add(id(node.keyword))

    def visit_Name(self, node: cst.Name) -> None:
        if self._outside or id(node) in self._skip or not self._locals or not in_script(self.ctx):
            return
        name = node.value
        if name == "__debug__":
            # A builtin bool constant, which TorchScript resolves like any Python global.
            self.report(
                node,
                "`__debug__` read in scripted code: TorchScript resolves it as a Python global "
                "bool and cannot use it as a value (torch 2.13: python value of type 'bool' "
                "cannot be used as a value); drop the test (`assert` is compiled as it is) or "
                "store the flag on the module in __init__",
            )
            return
        kind = self._global_values().get(name)
        if any(name in scope for scope in self._locals):
            return
        closure = self._closure_kind(name)
        if closure is not None:
            spelled = {"True": "bool", "False": "bool"}.get(closure, closure)
            self.report(
                node,
                f"`{name}`, a {spelled} of the enclosing function's scope, read in scripted "
                "code: TorchScript resolves a closed-over variable as a Python value and cannot "
                f"use it as one (torch 2.13: python value of type '...' cannot be used as a "
                "value. Perhaps it is a closed over global variable?); store it on the module in "
                "__init__ (`self.<name> = ...`) or pass it in",
            )
            return
        if kind is None:
            imported = self._imported_value(name)
            if imported is not None:
                source, value_kind = imported
                self.report(
                    node,
                    f"module-level {value_kind} `{name}` (of `{source}`) read in scripted code: "
                    "TorchScript resolves an imported global as a Python value and cannot use "
                    f"it as one (torch 2.13: python value of type '...' cannot be used as a "
                    "value); store it on the module in __init__ (or pass it in)",
                )
                return
            made = self._plain_instance(name)
            if made is not None:
                self.report(
                    node,
                    f"module-level `{name}`, an instance of the plain class `{made}`, read in "
                    "scripted code: TorchScript takes a global object as a Python value, "
                    "whose attributes and methods it cannot use (torch 2.13: attribute lookup "
                    f"is not defined on python value of type '{made.rpartition('.')[2]}'); "
                    "copy the settings the code needs onto the module in __init__ (or pass "
                    "them in)",
                )
            return
        if kind == "lambda":
            self.report(
                node,
                f"module-level lambda `{name}` used in scripted code: TorchScript compiles a "
                "global function from its source, and a lambda's is no `def` (torch 2.13: "
                f"Expected a single top-level function); define it with `def {name}(...)`",
            )
            return
        advice = (
            "move the logging call out of the scripted code (into a `@torch.jit.unused` helper, "
            "or under `if not torch.jit.is_scripting():`)"
            if kind == "logger"
            else "store it on the module in __init__ (or pass it in)"
        )
        self.report(
            node,
            f"module-level {kind} `{name}` read in scripted code: TorchScript cannot use Python "
            f"globals as values; {advice}",
        )
