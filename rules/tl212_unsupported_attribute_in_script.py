"""TL212: module attributes TorchScript cannot type, read in scripted code."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import assignments
from torchlint.lint.library_source import library_plain_class
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import dropped_without_attribute
from torchlint.lint.semantic.index import is_torch_module_class
from torchlint.lint.semantic.model import FunctionInfo
from torchlint.lint.semantic.summary import FORWARD_HOOK_REGISTRATIONS
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.lint.walk import top_level_definition, walk
from torchlint.rules._script import (
    SCRIPT,
    _constructions,
    class_annotations,
    class_def,
    class_methods,
    constant_attributes,
    dead_in_script,
    has_constants,
    in_script,
    is_dataclass,
    is_none,
    literal_type,
    literal_value,
    pruned_by_constant,
    self_assignments,
    self_attribute,
    value_with,
)

# The private attributes `nn.Module.__init__` sets (torch 2.13: `vars(nn.Module())`): a scripted
# module has none of them (`Module 'Model' has no attribute '_modules'`).
MODULE_INTERNALS = frozenset(
    {
        "_backward_hooks",
        "_backward_pre_hooks",
        "_buffers",
        "_forward_hooks",
        "_forward_hooks_always_called",
        "_forward_hooks_with_kwargs",
        "_forward_pre_hooks",
        "_forward_pre_hooks_with_kwargs",
        "_is_full_backward_hook",
        "_load_state_dict_post_hooks",
        "_load_state_dict_pre_hooks",
        "_modules",
        "_non_persistent_buffers_set",
        "_parameters",
        "_state_dict_hooks",
        "_state_dict_pre_hooks",
    }
)


@functools.cache
def _tensor_methods() -> frozenset[str]:
    """Tensor methods torch binds (the generated table): ``torch.<name>`` of one of these is a
    function."""
    return frozenset(torchscript_table()["tensor_attributes"])


# Module containers whose items are modules (`for m in self.blocks`).
MODULE_SEQUENCES = frozenset(
    {
        "torch.nn.ModuleList",
        "torch.nn.Sequential",
        "torch.nn.modules.container.ModuleList",
        "torch.nn.modules.container.Sequential",
    }
)
# Module containers TorchScript indexes (torch 2.13: Only ModuleList, Sequential, ModuleDict,
# ParameterList, and ParameterDict modules are subscriptable).
SUBSCRIPTABLE_MODULES = frozenset(
    f"torch.nn{path}.{name}"
    for name in ("ModuleList", "Sequential", "ModuleDict", "ParameterList", "ParameterDict")
    for path in ("", ".modules.container")
)
# Tensor attribute names a module has too (`nn.Linear(...).weight` aside, these are on
# `nn.Module` itself or common on its subclasses): a read of one proves nothing.
MODULE_TENSOR_ATTRIBUTES = frozenset(
    {"training", "to", "cpu", "cuda", "float", "double", "half", "bfloat16", "type", "apply",
     "share_memory", "requires_grad_", "zero_", "weight", "bias", "dtype", "device", "eval",
     "train", "forward"}
)  # fmt: skip
PARAMETER_CALLS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
EMPTY_CALLS = {"builtins.list": "empty list", "builtins.dict": "empty dict", "builtins.set": "set"}
PARTIALS = frozenset({"functools.partial"})
# NumPy reductions that give a NumPy integer scalar (numpy.int64, no Python int) for ints.
NUMPY_INT_REDUCTIONS = frozenset(
    f"numpy.{name}" for name in ("prod", "sum", "max", "min", "amax", "amin")
)
NUMPY_INT_TYPES = frozenset(
    f"numpy.{name}"
    for name in (
        "int8 int16 int32 int64 uint8 uint16 uint32 uint64 intc uintc intp uintp byte ubyte "
        "short ushort longlong ulonglong"
    ).split()
)
# NumPy scalar types that subclass no Python number (`numpy.float64` is a float, which
# TorchScript takes): torch 2.13 fails to convert Python type 'numpy.float32' (and 'numpy.int8',
# 'numpy.bool', ...) for a module attribute holding one.
NUMPY_FLOAT_TYPES = frozenset({"numpy.float32", "numpy.float16", "numpy.single", "numpy.half"})
NUMPY_SCALAR_TYPES = NUMPY_INT_TYPES | NUMPY_FLOAT_TYPES | {"numpy.bool_"}
# NumPy functions of one number that keep a float32 / float16 scalar's type.
NUMPY_FLOAT_UFUNCS = frozenset(
    f"numpy.{name}"
    for name in "sqrt exp log log2 log10 abs absolute square reciprocal sin cos tan tanh".split()
)
# Keyword arguments of `register_forward_hook` / `register_forward_pre_hook`.
HOOK_KEYWORDS = frozenset({"with_kwargs", "prepend", "always_call"})


def _tuple_annotation(ctx, annotation: cst.BaseExpression) -> bool:  # type: ignore[no-untyped-def]
    """``Tuple[...]`` / ``tuple[...]`` (subscripted)."""
    return type(annotation) is cst.Subscript and ctx.qualified_name(annotation.value) in (
        "typing.Tuple",
        "builtins.tuple",
    )


def bound_elsewhere(ctx, name: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether the module's top level binds ``name`` by more than one statement."""
    count = 0
    for stmt in ctx.module.body:
        if type(stmt) in (cst.FunctionDef, cst.ClassDef) and stmt.name.value == name:
            count += 1
        elif type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if type(small) is cst.Assign and any(
                    type(t.target) is cst.Name and t.target.value == name for t in small.targets
                ):
                    count += 1
    return count > 1


# `torch.jit.Attribute(value, type)`: a namedtuple `nn.Module` keeps as it is; TorchScript
# (and `torch.jit.ScriptModule.__setattr__`) takes the value with the type.
JIT_ATTRIBUTE = frozenset({"torch.jit.Attribute", "torch.jit._script.Attribute"})
JIT_ATTRIBUTE_HELD = "a `torch.jit.Attribute(...)`"
JIT_SCRIPT_MODULES = frozenset(
    {"torch.jit.ScriptModule", "torch.jit._script.ScriptModule", "torch.jit.RecursiveScriptModule"}
)

# Callable objects of the standard library TorchScript converts to no type (torch 2.13: failed
# to convert Python type: 'operator.methodcaller' / 'operator.attrgetter' / ...).
OPERATOR_CALLABLES = frozenset(
    {"operator.methodcaller", "operator.attrgetter", "operator.itemgetter"}
)
# Attribute bags TorchScript converts to no type (`failed to convert Python type:
# 'types.SimpleNamespace'`, `'argparse.Namespace'`).
NAMESPACES = frozenset({"types.SimpleNamespace", "argparse.Namespace"})
# Weak references TorchScript converts to no type (torch 2.13: failed to convert Python type:
# 'weakref.ReferenceType' / 'weakref.WeakMethod' / 'weakref.WeakValueDictionary' /
# 'weakref.WeakKeyDictionary' / '_weakrefset.WeakSet'). `weakref.proxy` of a module scripts.
WEAK_REFERENCES = {
    "weakref.ref": "weakref.ReferenceType",
    "weakref.ReferenceType": "weakref.ReferenceType",
    "weakref.WeakMethod": "weakref.WeakMethod",
    "weakref.WeakValueDictionary": "weakref.WeakValueDictionary",
    "weakref.WeakKeyDictionary": "weakref.WeakKeyDictionary",
    "weakref.WeakSet": "_weakrefset.WeakSet",
}
# Unannotated constructor parameters that hold a config object by convention.
CONFIG_NAMES = frozenset({"config", "cfg", "hparams"})
# NumPy functions whose result is an ndarray (or a tuple of them) whatever they are given:
# TorchScript converts no ndarray attribute (`failed to convert Python type: 'numpy.ndarray'`,
# `'tuple'` for the index tuples). Reductions are left out: `np.sqrt(4)` is a float64, which
# TorchScript takes as a float.
NUMPY_ARRAYS = frozenset(
    f"numpy.{name}"
    for name in (
        "array asarray zeros ones empty full arange linspace logspace geomspace eye identity "
        "tril_indices triu_indices diag_indices indices meshgrid zeros_like ones_like "
        "empty_like full_like stack concatenate vstack hstack tril triu random.permutation"
    ).split()
)


# Bases whose `__init__` sets no attribute a model writes (`training` is nn.Module's own).
PLAIN_BASES = frozenset(
    {"torch.nn.Module", "torch.nn.modules.module.Module", "builtins.object", "object"}
)
# The instance attributes `nn.Module.__init__` sets.
MODULE_INSTANCE_ATTRIBUTES = frozenset(
    {
        "training",
        "_parameters",
        "_buffers",
        "_non_persistent_buffers_set",
        "_backward_pre_hooks",
        "_backward_hooks",
        "_is_full_backward_hook",
        "_forward_hooks",
        "_forward_hooks_with_kwargs",
        "_forward_hooks_always_called",
        "_forward_pre_hooks",
        "_forward_pre_hooks_with_kwargs",
        "_state_dict_hooks",
        "_state_dict_pre_hooks",
        "_load_state_dict_pre_hooks",
        "_load_state_dict_post_hooks",
        "_modules",
    }
)


def _self_calls(function: cst.FunctionDef) -> set[str]:
    """Names ``m`` of the ``self.m(...)`` calls in ``function``."""
    found: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, cst.Call):
            name = self_attribute(node.func)
            if name is not None:
                found.add(name)
        return None

    walk(function, enter, lambda node: None)
    return found


def _assignments(body: cst.BaseSuite) -> list[cst.Assign]:
    """Single-target assignments anywhere in ``body`` (under ``if`` / ``else`` too), in order;
    nested functions and classes are their own scope."""
    found: list[cst.Assign] = []

    def visit(statements: Sequence[cst.CSTNode]) -> None:
        for stmt in statements:
            if isinstance(stmt, cst.SimpleStatementLine):
                found.extend(
                    small
                    for small in stmt.body
                    if isinstance(small, cst.Assign) and len(small.targets) == 1
                )
            elif isinstance(stmt, (cst.If, cst.For, cst.While, cst.With, cst.Try)):
                visit(stmt.body.body)
                orelse = getattr(stmt, "orelse", None)
                while orelse is not None:
                    if isinstance(orelse, cst.If):
                        visit(orelse.body.body)
                        orelse = orelse.orelse
                    else:
                        visit(orelse.body.body)
                        orelse = None

    visit(body.body)
    return found


def _names_in(node: cst.CSTNode) -> set[str]:
    """The names ``node`` reads."""
    found: set[str] = set()

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if type(child) is cst.Name:
            found.add(child.value)  # type: ignore[attr-defined]
        return None

    walk(node, enter, lambda child: None)
    return found


def _attribute_counts(body: cst.BaseSuite) -> Counter[str]:
    """How many ``self.X = ...`` assignments ``body`` holds per attribute."""
    return Counter(
        name
        for small in _assignments(body)
        if (name := self_attribute(small.targets[0].target)) is not None
    )


def _registered_names(body: cst.BaseSuite) -> Counter[str]:
    """How many ``self.register_buffer("X", ...)`` / ``register_parameter`` /
    ``register_module`` / ``add_module`` calls with a literal name ``body`` holds per name
    (statements of the body, not nested blocks)."""
    found: Counter[str] = Counter()
    for stmt in body.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            call = small.value if type(small) is cst.Expr else None  # type: ignore[attr-defined]
            if (
                type(call) is cst.Call
                and type(call.func) is cst.Attribute
                and self_attribute(call.func) in NAMED_SETTERS
                and call.func.attr.value != "setattr"
                and call.args
                and call.args[0].keyword is None
                and type(call.args[0].value) is cst.SimpleString
            ):
                found[call.args[0].value.evaluated_value] += 1  # type: ignore[union-attr]
    return found


# Calls that set an attribute named by a string argument (at this position, or this keyword).
NAMED_SETTERS = {
    "setattr": (1, None),
    "register_buffer": (0, "name"),
    "register_parameter": (0, "name"),
    "register_module": (0, "name"),
    "add_module": (0, "name"),
}
BY_NAME_WORDS = ("setattr", "__dict__", "register_", "add_module")


def _may_set_by_name(function: cst.CSTNode, attr: str) -> bool:
    """Whether ``function`` (or any code) may set ``self.<attr>`` by name: it mentions ``setattr``,
    ``__dict__``, ``register_...`` or ``add_module`` other than in a call of a setter given a
    literal name other than ``attr`` (``self.register_buffer("running_mean", t)``)."""
    code = cst.Module([]).code_for_node(function)
    mentions = {word: code.count(word) for word in BY_NAME_WORDS}
    if not any(mentions.values()):
        return False
    if mentions["__dict__"]:
        return True

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if not isinstance(node, cst.Call):
            return None
        func = node.func
        name = (
            func.value
            if isinstance(func, cst.Name)
            else func.attr.value
            if isinstance(func, cst.Attribute)
            else None
        )
        if name not in NAMED_SETTERS:
            return None
        position, keyword = NAMED_SETTERS[name]
        positional = [a for a in node.args if a.keyword is None and a.star == ""]
        chosen = [a for a in node.args if a.keyword is not None and a.keyword.value == keyword]
        arg = chosen[0] if chosen else positional[position] if len(positional) > position else None
        if arg is None or not isinstance(arg.value, cst.SimpleString):
            return None
        if arg.value.evaluated_value == attr:
            return None
        for word in BY_NAME_WORDS:
            if word in name:
                mentions[word] -= 1
        return None

    walk(function, enter, lambda node: None)
    return any(count > 0 for count in mentions.values())


LAMBDA = "a lambda (with the constructor's defaults)"
TORCH_OBJECT = "an object of torch's type"  # `torch.finfo(...)`: attribute_objects_unconvertible
TORCH_INLINE_VALUE = "the torch value"  # `torch.channels_last`: class_data_values "inline"
CLASS_HELD = "a class, not an instance"
NESTED_EMPTY = "a list, tuple or dict display with an empty list or dict inside"
PASSED_CALLABLE = "the callable object a construction of the class passes"
# `self.cfg = config` in a base class's `__init__`, `config: MoEConfig` a dataclass.
BASE_DATACLASS = "the dataclass instance a base's __init__ stores"
PLAIN_OBJECT = "an instance of a plain Python class"
PLAIN_RETURNED = "an instance of a plain Python class made by a method of a parameter"
INHERITING_CLASS = "an instance of a plain class that inherits"


def _nested_empty(value: cst.BaseExpression) -> bool:
    """A non-empty list / tuple / dict display holding, at any depth, an empty ``[]`` or
    ``{}`` display (``[[3, 1], [], [0]]``, ``{"a": [], "b": [1]}``)."""
    if type(value) in (cst.List, cst.Tuple):
        items = [e.value for e in value.elements if type(e) is cst.Element]  # type: ignore[attr-defined]
        if len(items) != len(value.elements) or not items:  # type: ignore[attr-defined]
            return False
    elif type(value) is cst.Dict:
        items = [e.value for e in value.elements if type(e) is cst.DictElement]  # type: ignore[attr-defined]
        if len(items) != len(value.elements) or not items:  # type: ignore[attr-defined]
            return False
    else:
        return False
    for item in items:
        if type(item) in (cst.List, cst.Dict) and not item.elements:  # type: ignore[attr-defined]
            return True
        if _nested_empty(item):
            return True
    return False


# Python's own classes a module may keep as a value (`self.cast = float`).
BUILTIN_CLASSES = frozenset(
    f"builtins.{name}"
    for name in (
        "int",
        "float",
        "bool",
        "str",
        "bytes",
        "list",
        "dict",
        "tuple",
        "set",
        "frozenset",
        "type",
        "object",
    )
)


def _annotated_assignments(body: cst.BaseSuite) -> list[cst.AnnAssign]:
    """``self.X: T = value`` statements at the top level of ``body`` and under its ``if``s."""
    found: list[cst.AnnAssign] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        if type(node) is cst.AnnAssign and node.value is not None:
            found.append(node)
        return None

    for stmt in body.body:
        walk(stmt, enter, lambda node: None)
    return found


def _empty_with(
    value: cst.BaseExpression, defaults: dict[str, cst.BaseExpression], depth: int = 0
) -> Optional[str]:
    """ "list" / "dict" when ``value`` is an empty list / dict with the constructor's defaults:
    ``list(stages or [])``, ``stages or []``, ``[] if stages is None else list(stages)`` with
    ``stages=None``; "tuple" for an empty tuple (which TorchScript types, but ``list(())`` is
    an empty list)."""
    if depth > 4:
        return None
    if type(value) is cst.List and not value.elements:
        return "list"
    if type(value) is cst.Dict and not value.elements:
        return "dict"
    if type(value) is cst.Tuple and not value.elements:
        return "tuple"
    if type(value) is cst.Name and value.value in defaults:
        return _empty_with(defaults[value.value], {}, depth + 1)
    if type(value) is cst.BooleanOperation and type(value.operator) is cst.Or:
        if value_with(value.left, defaults) is False:
            return _empty_with(value.right, defaults, depth + 1)
        return None
    if type(value) is cst.IfExp:
        taken = value_with(value.test, defaults)
        if taken is None:
            return None
        return _empty_with(value.body if taken else value.orelse, defaults, depth + 1)
    if (
        type(value) is cst.Call
        and type(value.func) is cst.Name
        and value.func.value in ("list", "dict")
        and len(value.args) <= 1
        and all(a.keyword is None and not a.star for a in value.args)
    ):
        if not value.args or _empty_with(value.args[0].value, defaults, depth + 1):
            return value.func.value
    return None


def _result_values(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The values an expression may evaluate to: itself, or each branch of a conditional
    expression (recursively)."""
    if type(value) is cst.IfExp:
        return _result_values(value.body) + _result_values(value.orelse)  # type: ignore[attr-defined]
    return [value]


def _contains(outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
    found = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if child is inner:
            found = True
        return False if found else None

    walk(outer, enter, lambda child: None)
    return found


def _holds_lambda(value: cst.BaseExpression, defaults: dict[str, cst.BaseExpression]) -> bool:
    """``lambda t: ...``, or the lambda the constructor's defaults pick: a parameter defaulting
    to one, ``act if act is not None else (lambda t: ...)`` / ``act or (lambda t: ...)`` with
    ``act=None``. A test the defaults do not decide picks nothing."""
    if type(value) is cst.Lambda:
        return True
    if type(value) is cst.Name and value.value in defaults:
        return type(defaults[value.value]) is cst.Lambda
    if type(value) is cst.IfExp:
        taken = value_with(value.test, defaults)
        if taken is None:
            return False
        return _holds_lambda(value.body if taken else value.orelse, defaults)
    if type(value) is cst.BooleanOperation and type(value.operator) is cst.Or:
        if _holds_lambda(value.left, defaults):
            return True
        return value_with(value.left, defaults) is False and _holds_lambda(value.right, defaults)
    return False


def _early_return_example(embed: bool) -> str:
    """A module whose ``__init__`` returns early when ``embed`` is false (its default here)."""
    return (
        "import torch\nfrom torch import nn\n\nclass Model(nn.Module):\n"
        f"    def __init__(self, embed={embed}):\n"
        "        super().__init__()\n        self.embed = embed\n        if not embed:\n"
        "            return\n        self.table = nn.Embedding(4, 3)\n\n"
        "    def forward(self, x):\n        if not self.embed:\n            return x\n"
        "        return x + self.table.weight[0]\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


RETURNS = "return:"
# Marks a test whose body builds the class itself (its recursion ends where it is false).
RECURSES = "recursion:"
# Marks an attribute set only in the `else` of a test the defaults make false.
ELSE = "else:"
# An `if` test false for a construction of the class in its own file.
BUILT = "built:"


def _set_after_early_return(
    init: cst.FunctionDef, built: list[dict[str, cst.BaseExpression]]
) -> dict[str, str]:
    """Attributes ``__init__`` sets only after ``if <test>: ...; return`` (at its top level,
    the test not false with the constructor's defaults, or with the arguments of a call of
    the class in the file, each of ``built``; in its ``else`` or after it), none of them set
    before the return: each with the test's code."""
    found: dict[str, str] = {}
    before: set[str] = set()
    returned: Optional[str] = None
    for stmt in init.body.body:
        counts = set(_attribute_counts(cst.IndentedBlock(body=[stmt])))
        if returned is not None:
            for name in counts - before:
                found.setdefault(name, returned)
            continue
        if (
            type(stmt) is cst.If
            and type(stmt.orelse) is not cst.If
            and _ends_with_return(stmt.body)
            and any(value_with(stmt.test, defaults) is not False for defaults in built)
        ):
            returned = cst.Module([]).code_for_node(stmt.test)
            before |= set(_attribute_counts(stmt.body))
            if stmt.orelse is not None:  # runs only when `__init__` goes on
                for name in set(_attribute_counts(stmt.orelse.body)) - before:
                    found.setdefault(name, returned)
            continue
        before |= counts
    return found


def _ends_with_return(body: cst.BaseSuite) -> bool:
    last = body.body[-1] if body.body else None
    return (
        type(last) is cst.SimpleStatementLine and type(last.body[-1]) is cst.Return  # type: ignore[union-attr]
    )


# nn.Module's own public attributes: set by `nn.Module.__init__`, no `__getattr__` needed.
MODULE_OWN_ATTRIBUTES = frozenset({"training", "dump_patches", "call_super_init", "T_destination"})


def _docstring(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _passes_parameters(function: cst.FunctionDef, call: cst.Call) -> bool:
    """``call`` passes ``function``'s parameters (``self`` aside) unchanged, in order:
    ``x, *args, **kwargs`` for ``(self, x, *args, **kwargs)``."""
    params = function.params
    wanted = [p.name.value for p in params.params[1:]]
    given = []
    for arg in call.args:
        if not isinstance(arg.value, cst.Name):
            return False
        given.append((arg.star, arg.keyword.value if arg.keyword else None, arg.value.value))
    expected = [("", None, name) for name in wanted]
    if isinstance(params.star_arg, cst.Param):
        expected.append(("*", None, params.star_arg.name.value))
    expected += [("", p.name.value, p.name.value) for p in params.kwonly_params]
    if params.star_kwarg is not None:
        expected.append(("**", None, params.star_kwarg.name.value))
    return given == expected


class UnsupportedAttributeInScript(Rule):
    """Flags `self.<attr>` reads in scripted code when `__init__` stored a value TorchScript
    cannot type (an empty list or dict without annotation, a set, a dataclass instance, a
    class, ...), stores of attributes no `__init__` sets, and `self.__class__`.

    ## What it does
    Reads the `__init__` of the module class (same file) for `self.cache = {}`,
    `self.items = []` (also annotated there: `self.items: List[torch.Tensor] = []`, and empty
    with the constructor's defaults: `self.frozen = list(frozen or [])` with `frozen=None`,
    bound once and not grown in `__init__`), `self.seen = set()`, `self.config = config` where `config` is a
    dataclass (by annotation or default) or a parameter named `config` / `cfg` / `hparams`
    (a model config object, such as a transformers `PretrainedConfig`),
    `self.config = Config(...)` of a dataclass, a namespace object
    (`self.cfg = types.SimpleNamespace(...)`, `argparse.Namespace(...)`, or a parameter
    annotated as one), `self.keep = slice(...)`, a plain tuple or list of modules
    (`self.paths = (self.a, self.b)`, `[nn.Linear(d, d) for _ in range(depth)]`: torch 2.13
    `failed to convert Python type: 'tuple'`,
    where an `nn.ModuleList` converts), a list or tuple holding modules beside other values
    (`[(1, nn.ReLU()), (2, nn.Tanh())]`, `(n, self.fc)`) or taking them from an
    `nn.ModuleList` / `nn.Sequential` attribute (`[(n, m) for n, m in zip(sizes,
    self.blocks)]`, `[b for b in self.blocks]`, `list(enumerate(self.blocks))`: torch 2.13
    `Could not infer type of list element: Cannot infer concrete type of torch.nn.Module`),
    `self.act = functools.partial(...)`,
    `operator.methodcaller(...)` / `attrgetter(...)` / `itemgetter(...)` (torch 2.13: failed
    to convert Python type: 'operator.methodcaller'), also `self.upsample = upsample` (bound
    once, the parameter not rebound) where a call of the class in the file passes
    `upsample` one of these (`GBlock(..., upsample=partial(F.interpolate, scale_factor=2))`,
    by keyword or at its position), a bound method of the class (the
    attribute's one binding)
    (`self._attend = self._attend_fused if fused else self._attend_manual`: `'method'`), a dict / list /
    tuple display holding a function (`self.acts = {"relu": F.relu, "gelu": F.gelu}`: a
    `torch.nn.functional` function, a `torch` function that is also a Tensor method, a
    function of the project, a lambda; also `dict(relu=F.relu, ...)` and `{n: getattr(F, n)
    for n in names}`), a dict display of modules (`{"relu": nn.ReLU()}`),
    `self.levels = range(...)`, a lambda
    (`self.act = lambda t: ...`, also the one the constructor's defaults pick in
    `act if act is not None else (lambda t: ...)`, `act or (lambda t: ...)`, or a parameter
    defaulting to a lambda), a class rather than an instance of it (`self.act_layer =
    act_layer` with `act_layer=nn.GELU`, `self.norm = norm or nn.LayerNorm` with `norm=None`,
    `self.cast = float`, a class of the project; a parameter only where no call of the class
    in the file passes it anything but a class, and the attribute bound once), a list, tuple
    or dict display holding an empty list or dict at any depth (`self.groups = [[3, 1], [],
    [0]]`, bound once, not annotated in the class body), and
    `self.scaler = Scaler(2.0)` of a plain class of the file whose `__init__` takes that value
    in an unannotated parameter, an instance of a plain class of the project (no module, no
    decorator) that inherits from another project class (`self.manifold = PoincareBall()` with
    `class PoincareBall(Manifold)`, also picked by name, `getattr(manifolds, manifold)()` with
    `manifold="PoincareBall"`: torch 2.13 failed to convert Python type ... to a TorchScript
    type), also `self.cfg = config` in the `__init__` of a project base of the class, in any
    file (`config: MoEConfig` a dataclass by annotation or default; the attribute bound by no
    class before it in the chain: `_jit_try_infer_type` fails on every dataclass instance),
    then flags reads of those attributes in methods that
    `torch.jit.script` compiles. Also flags field reads (`self.dims.inner`) on an instance of
    a namedtuple class of the file (`collections.namedtuple` or `typing.NamedTuple`) stored in
    `__init__`, reads of an attribute every assignment of the class sets to a NumPy array
    (`self.lower = np.tril_indices(n, k=-1)`, `np.arange`, `np.zeros`, ...: the NumPy calls
    that return arrays whatever they are given), of an attribute `__init__` binds once to a
    NumPy integer scalar (`np.prod(shape)`, `np.sum` / `max` / `min` / `amax` / `amin` of a
    display of int literals or of a parameter whose default and whose arguments at the file's
    constructions of the class are such displays; `np.int64(...)`, `np.int32(...)`: no Python
    int, torch 2.13 `failed to convert Python type: 'numpy.int64'`; of floats it is a
    `numpy.float64`, a float, which converts), and reads of an attribute `__init__` sets only under a test its defaults make
    false (`if use_norm: self.norm = ...` with `use_norm=False`, also through `self.mode =
    mode`; not one the rest of `__init__` registers by name, `register_parameter("bias",
    None)` in the `else`, which exists on that path too), or that a
    construction of the class in its file makes false (`self.project: bool = self.in_dim !=
    self.out_dim`, built `Block(self.size, self.size)`: one name on both sides is equal), and reads of an attribute set only after an early `return` of `__init__` under
    `if <test>:` (in its `else` or after it) whose test the defaults do not make false
    (`if cat_dims == []: ...; return`), or the arguments of a call of the class in the file
    do not (`Layer(dim, bare=last)` with `if self.bare: return` and `bare=False`: a layer
    built with a computed flag may return early). (A plain class with annotated `__init__` parameters is fine: TorchScript
    compiles it as a TorchScript class; a `typing.NamedTuple` passed as an argument keeps its
    fields.) Also flags, in scripted methods of a module class, `self.__class__` (and so
    `self.__class__.__name__`), and a store `self.X = ...` of an attribute that no `__init__`
    of the class or its project bases sets, nor a method `__init__` calls (`self.reset()`),
    where no class of the chain annotates, registers (`register_buffer`, `setattr`, ... with
    `"X"` or a name not spelled as a literal; one of another literal name does not count) or
    defines `X` and every base is known (a base outside the project other than `nn.Module`
    may set it: not flagged). Also flags `self.__name` (a private name Python mangles, a
    method or an attribute, not a `__dunder__`) and reads of `nn.Module`'s own bookkeeping
    (`self._modules`, `self._parameters`, `self._buffers`, the hook dicts) in scripted
    methods of a module class.

    Also flags `forward` of a module whose `__init__` registers (by a statement no `if`,
    loop or `with` holds) a forward hook or pre-hook
    (`self.register_forward_hook(h)`, `self.fc.register_forward_pre_hook(h)`) that
    TorchScript cannot compile: it compiles the hooks of every module it scripts, from
    source, so a lambda (`Expected a single top-level function`), a callable object or
    `functools.partial` (`object has no attribute '__name__'`), a module-level `def` whose
    input parameter is not annotated `Tuple[...]` (`expected the input argument to be typed
    as a Tuple`), a pre-hook without a return annotation, and a module-level `def`
    registered `with_kwargs=True` (it takes the call's keyword arguments as one more input;
    TorchScript calls hooks with the positional inputs only: `Pre-hook 'h' on module 'M' was
    expected to only have exactly 2 inputs but it had 3 inputs`) fail (torch 2.13). And a call of
    a `@property` of the class that returns a submodule (`return self.box_head if
    self.use_box else self.cls_head`, called as `self.head(x)`): TorchScript compiles the
    property as a method, which returns no module (`'__torch__...Linear' object has no
    attribute or method ...`). And `self.<name>(...)` in a method of a plain class (no base, no
    decorator but `@torch.jit.script`) that scripted code reaches, where `<name>` is a
    `@staticmethod` of that class: TorchScript compiles the class as a TorchScript class, whose
    instances have no static methods (torch 2.13: `'__torch__.Features' object has no
    attribute or method '_count'`); `Features._count(...)`, a `@classmethod` through `self`
    and a module's static method through `self` compile.
    And `self.X` read in scripted code of a module class (no base but `nn.Module`) that
    defines `__getattr__` and sets `X` nowhere (TorchScript never calls `__getattr__`: Module
    'M' has no attribute 'X'), and a module class overriding `__call__` with more than a
    `return super().__call__(...)` of its parameters (the scripted module runs `forward`
    without it, so its output differs from eager).
    A truth test (`if self.rate:`, `not self.rate`) of an attribute whose one store is a
    parameter defaulting to None that a construction of the class in its file passes None or
    leaves out: TorchScript types it NoneType (Could not cast value of type NoneType to bool).
    An attribute `__init__` sets only under an `if` whose body builds the class itself (`if
    level > 0: self.child = Tree(level - 1)`) is flagged whatever the defaults: the recursion
    ends in a module built with the test false, which lacks it.
    And `self.X` compared with None (`is` / `is not`) or tested for truth (`if`, `while`, an
    if-expression's test, `not`) in scripted code where `self.X` holds a function for every
    module of the class the file builds (a `torch` op such as `torch.sigmoid`, a
    `torch.nn.functional` function, a plain function of the file; also the branch of an
    if-expression the constructor's defaults pick, through a field default of a dataclass
    config built with no arguments: `torch.sigmoid if args.output_fun == "sigmoid" else
    None`): TorchScript resolves the attribute to the function, which it calls but takes as
    no value (torch 2.13: builtin cannot be used as a value; function cannot be used as a
    value).
    And an attribute `__init__` binds once to a field of a `@dataclass` config parameter, or
    `list(...)` / `dict(...)` of it (`self.attn_levels = list(cfg.attn_levels)`), where the
    field defaults to `field(default_factory=list)` (`dict`) and every construction of the
    module in the file passes a config built with keywords that leave the field out
    (`Encoder(UNetConfig())`): an empty list (dict), which TorchScript cannot type (torch
    2.13: List trace inputs must have elements).
    And a setting read from a plain Python object of a back-end namespace (the generated
    `python_values_unscriptable`): `torch.backends.cuda.matmul.allow_tf32` (`matmul` is a
    `cuBLASModule`; torch 2.13: attribute lookup is not defined on python value of type
    'cuBLASModule'), where `torch.backends.cudnn.allow_tf32` (a module) scripts.
    And an attribute `__init__` binds on different paths to a module and to an
    `nn.Parameter` or None (`self.init = nn.Linear(...)` / `else: self.init =
    nn.Parameter(...)`), read in compiled code as only one of them can be (a call, a tensor
    method, an index of a plain module) where no test in the function reads the attribute:
    TorchScript compiles every branch of a test it cannot fold, so a module built the other
    way fails (torch 2.13: cannot call a value of type 'Tensor' / 'NoneType'; Module
    'Linear' has no attribute 'unsqueeze'); a test of the attribute itself (`isinstance`, `is
    None`) is folded, one side compiled. And an `nn.Sequential` / `nn.ModuleList` that
    `__init__` fills with modules of another class than the one annotated where it is
    indexed (`return self.layers[-1]` in a property `-> nn.Linear`, the layers a Linear and a
    ReLU): TorchScript checks every item against that class (torch 2.13: Attribute 1 is not
    of annotated type ...Linear). And a lambda a base class's `__init__` in the file stores,
    read in a subclass. And an attribute stored from an `__init__` parameter annotated with a
    plain Python class of the project or of an installed library (no module, enum, named
    tuple or decorated class: `self._wiring = wiring` with `wiring: AutoNCP`): TorchScript
    converts no such object (torch 2.13: failed to convert Python type).

    ## Why is this bad?
    TorchScript types module attributes from their values when it scripts the module; an empty
    container has no element type and a dataclass has no TorchScript type, so the attribute is
    dropped and the first use fails: `Module 'Model' has no attribute 'cache' (This attribute
    exists on the Python module, but we failed to convert Python type: 'dict' to a TorchScript
    type. Dictionary inputs must have entries.)`; a namespace the same way (`failed to convert
    Python type: 'types.SimpleNamespace'`, `'argparse.Namespace'`). A plain class is compiled
    as a TorchScript class whose unannotated parameters are Tensors (`Could not cast attribute
    'scaler' ...: Unable to cast 2.0 to Tensor`); a `collections.namedtuple` becomes a plain tuple
    (`'Tuple[int, int]' object has no attribute or method 'inner'`). (Only module classes: a
    plain class TorchScript compiles types its attributes from its compiled `__init__`, where
    `self.items = []` is a `List[Tensor]`.) A NumPy array converts to
    no TorchScript type (`failed to convert Python type: 'numpy.ndarray'`, `'tuple'` for
    `np.tril_indices`' pair of arrays): store a tensor (a buffer) instead. TorchScript compiles
    every branch of `forward` (one on a `Final` constant aside, or one a `hasattr(self, "norm")`
    test rules out: torch folds that test on a module to a constant), so a read of an attribute the
    constructor did not set fails to compile (`Module 'Model' has no attribute 'norm'`) even
    though eager never runs it; set it on every path (`self.norm = nn.Identity()`). The same
    holds for an attribute set after an early `return` in `__init__`, for a module built so
    that it returns there. Annotate containers in the
    class body
    (`cache: Dict[str, torch.Tensor]`) and store config fields as plain attributes: the
    annotation of `self.items: List[torch.Tensor] = []` in `__init__` is not read (torch
    2.13: `failed to convert Python type: 'list'`, and `Tried to set nonexistent attribute:
    items` for a store in scripted code). A dict, list or tuple of functions, a dict of
    modules and a `range` convert to no TorchScript type either (torch 2.13: `failed to
    convert Python type: 'dict'` / `'list'` / `'tuple'` / `'range'`), where one function
    stored alone compiles, an `nn.ModuleDict` holds modules and `list(range(...))` is a
    `List[int]`. A lambda
    stored on the module is compiled when scripted code reads it, and fails (`Module 'Block'
    has no attribute 'act' (This function exists as an attribute on the Python module, but we
    failed to compile it to a TorchScript function. ... Expected a single top-level
    function`)): store a module (`nn.SiLU()`) or a named function, which TorchScript compiles.
    A class is a Python `type`, which no TorchScript type holds: a scripted read of it, a call
    (`self.act_layer()(x)`) or an `is` test alike, fails (torch 2.13: `Module 'Mlp' has no
    attribute 'act_layer' (This attribute exists on the Python module, but we failed to
    convert Python type: 'type' to a TorchScript type`); the instance built from it in
    `__init__` (`self.act = act_layer()`) is a submodule, which compiles. An empty list or
    dict inside a container gives TorchScript no element type for it, and it does not take
    one from the other elements (torch 2.13: `failed to convert Python type: 'list' ... List
    trace inputs must have elements`, `'dict'` and `'tuple'` alike); a class-body annotation
    (`groups: List[List[int]]`) types it.
    TorchScript cannot compile a read of `self.__class__`: torch 2.13 fails inside its frontend
    (`AttributeError: type object 'type' has no attribute '__globals__'`), alone, with
    `.__name__` or in `str(...)`; under `if not torch.jit.is_scripting():` it is not compiled.
    A scripted store to an attribute the instance does not have fails too: `Tried to set
    nonexistent attribute: last_hidden. Did you forget to initialize it in __init__()?` (set
    in a base's `__init__`, by `register_buffer`, or by a method `__init__` calls, it compiles).
    So does a store (`=`, `+=`, ...) outside `__init__` to an attribute the class body declares
    a constant (`momentum: Final[float]`, `torch.jit.Final`, or named in `__constants__`):
    TorchScript folds a constant into the code and keeps no attribute (torch 2.13: `Tried to
    set nonexistent attribute: momentum`); reading it compiles. A constant that `__init__`
    sets to a dict or a set (or a list / tuple holding one) fails however it is used: torch
    reads every constant's value as it scripts the module and takes only None, bool, int,
    float, str, device, layout, dtype, qscheme and lists / tuples of these (torch 2.13:
    `'dict' object in attribute 'Remap.table' is not a valid constant`). So does a property
    whose getter or setter is a lambda (`head_dim = property(lambda self: ...)`) in a scripted
    module's class or a base of the file: torch compiles every property of the module, used or
    not (but those listed in `__jit_unused_properties__`), from its accessor's source, which a
    lambda lacks (torch 2.13: `Expected a single top-level function`). A plain class of the
    file (no base, no decorator) built in scripted code is compiled as a TorchScript class,
    whose fields are the top-level assignments of its `__init__`: one first set inside an
    `if` / loop / `with` / `try` fails (torch 2.13: `First assignment cannot be in a
    control-flow block`). (A class of another file is not followed.) Python stores `self.__w` and
    `def __scores` of class `Model` as `_Model__w` / `_Model__scores`, while TorchScript reads
    the source's `__w` (torch 2.13: `Module 'Model' has no attribute '__scores'`). A scripted
    module keeps no `_modules`, `_parameters`, `_buffers` or hook dicts (torch 2.13: `Module
    'Model' has no attribute '_modules'`): loop over an `nn.ModuleList` / `nn.ModuleDict` or
    `self.children()` instead.

    ## Example
    ```python
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.cache = {}

        def forward(self, x):
            if "prev" in self.cache:
                x = x + self.cache["prev"]
            return x
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        cache: Dict[str, torch.Tensor]

        def __init__(self):
            super().__init__()
            self.cache = {}
    ```

    ## Fix safety
    Unsafe fix for a NumPy integer attribute: `self.area = np.prod(patch)` in `__init__` ->
    `self.area = int(np.prod(patch))`, the same number as a Python int (code that tests
    `isinstance(n, np.integer)` would see the change). Safe fix for empty lists and dicts: a class-level annotation from the class's writes
    (`self.history.append(y.detach())` -> `history: List[torch.Tensor]`, `self.cache["k"] = t`
    -> `cache: Dict[str, torch.Tensor]`), where every write gives one type (a tensor, a size, an
    int / float / string literal) and the class has no decorator; the annotation written in
    `__init__` (`self.items: List[torch.Tensor] = []` -> `items: List[torch.Tensor]`), and for
    `self.frozen = list(frozen or [])` the element type of the parameter's annotation
    (`frozen: Optional[Sequence[int]]` -> `frozen: List[int]`). An annotation without a value
    changes nothing but `__annotations__`, which only TorchScript reads. Unsafe fix for a set
    (`set(...)`, `frozenset(...)`, a literal) every read of which is the right side of `in` /
    `not in`: a list (`list(set(...))`, `[...]`): a list answers membership by `==` where the
    set hashes (the same for ints and strings), and an empty one has no element type
    TorchScript infers. Other sets, dataclass configs, partials, containers of functions or
    modules, ranges and containers written with mixed or unknown types have no fix (which
    function or container to keep is the author's choice). Unsafe fix for a store into an attribute the class
    body annotates `Final[T]`: the annotation becomes `T` (eager ignores class annotations;
    code that relied on the constant, such as a branch TorchScript pruned, no longer has it).
    """

    code = "TL212"
    name = "unsupported-attribute-in-script"
    message = "module attribute TorchScript cannot type"
    targets = SCRIPT

    VALID = [
        # `torch.backends.cudnn` is a module (a `PropModule`): its settings read as constants.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(3, 4, 3, padding=1)

                def forward(self, x):
                    y = self.conv(x)
                    if x.is_cuda and torch.backends.cudnn.allow_tf32:
                        y = y - y.mean(dim=(2, 3), keepdim=True)
                    return torch.relu(y)

            def inputs():
                return [(torch.randn(2, 3, 5, 5),), (torch.randn(1, 3, 4, 6),)]
            """
        ),
        # A function attribute called, not tested; one the defaults leave None, tested.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, kind: str = "none"):
                    super().__init__()
                    self.act = torch.tanh
                    self.output = torch.sigmoid if kind == "sigmoid" else None

                def forward(self, x):
                    x = self.act(x)
                    if self.output is not None:
                        x = self.output(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A static method of a TorchScript class called through the class, a classmethod
        # through `self`, and a module's static method through `self`: all compile.
        Valid(
            """
            import torch
            from torch import nn

            class Features:
                def __init__(self, degree: int):
                    self.degree = degree

                @staticmethod
                def _count(n: int, degree: int) -> int:
                    return n * degree + 1

                @classmethod
                def _extra(cls, n: int) -> int:
                    return n + 1

                def size(self, x: torch.Tensor) -> int:
                    return Features._count(x.size(-1), self.degree) + self._extra(1)

            class Model(nn.Module):
                @staticmethod
                def _twice(n: int) -> int:
                    return 2 * n

                def forward(self, x):
                    features = Features(2)
                    return x.new_zeros(features.size(x) + self._twice(1))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
            """
        ),
        # The flag a `Final` constant: TorchScript compiles only the branch the module takes.
        Valid(
            """
            import torch
            from torch import nn

            class Cell(nn.Module):
                adaptive: torch.jit.Final[bool]

                def __init__(self, adaptive: bool = False):
                    super().__init__()
                    self.adaptive = adaptive
                    if adaptive:
                        self.gate = nn.Linear(3, 3)
                    else:
                        self.alpha = nn.Parameter(torch.tensor(0.5))

                def forward(self, x):
                    if self.adaptive:
                        y = torch.sigmoid(self.gate(x)) * x
                    else:
                        y = torch.sigmoid(self.alpha) * x
                    return y

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cell = Cell(adaptive=True)

                def forward(self, x):
                    return self.cell(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The same table entry picked by default is a plain function: TorchScript compiles it.
        Valid(
            """
            from functools import partial

            import torch
            import torch.nn.functional as F
            from torch import nn

            ACTS = {"gelu": F.gelu, "gelu_tanh": partial(F.gelu, approximate="tanh")}

            class Model(nn.Module):
                def __init__(self, act="gelu"):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)
                    self.act = ACTS[act]

                def forward(self, x):
                    return self.act(self.fc(x))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The mode kept as a string and dispatched in forward: no bound method on the module.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, mode="sum"):
                    super().__init__()
                    self.mode = mode

                def _sum(self, x):
                    return x + 1

                def _prod(self, x):
                    return x * 2

                def forward(self, x):
                    if self.mode == "sum":
                        return self._sum(x)
                    return self._prod(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The same field set at the top level of `__init__` first.
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Scale:
                def __init__(self, s: float, bias: Optional[float] = None):
                    self.s = s
                    self.bias = 0.0
                    if bias is not None:
                        self.bias = bias

                def apply(self, x: torch.Tensor) -> torch.Tensor:
                    return x * self.s + self.bias

            class Model(nn.Module):
                def forward(self, x):
                    return Scale(2.0).apply(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The same property left out of scripting by `__jit_unused_properties__`.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                __jit_unused_properties__ = ["head_dim"]
                head_dim = property(lambda self: self.dim // self.num_heads)

                def __init__(self, dim: int = 8, num_heads: int = 2):
                    super().__init__()
                    self.dim = dim
                    self.num_heads = num_heads

                def forward(self, x):
                    return x.view(x.shape[0], self.num_heads, -1)

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """
        ),
        # The dict a plain attribute, the string a constant.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                __constants__ = ["out_order"]

                def __init__(self):
                    super().__init__()
                    self.channel_map = {"r": 0, "g": 1, "b": 2}
                    self.out_order = "bgr"

                def forward(self, x):
                    idx = [self.channel_map[c] for c in self.out_order]
                    return x[:, idx]

            def inputs():
                return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 2, 5),)]
            """
        ),
        # Set on the other path by name: `register_parameter("bias", None)` binds it to None.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, bias=False):
                    super().__init__()
                    self.weight = nn.Parameter(torch.randn(3, 3))
                    if bias:
                        self.bias = nn.Parameter(torch.randn(3))
                    else:
                        self.register_parameter("bias", None)

                def forward(self, x):
                    out = x @ self.weight
                    if self.bias is not None:
                        out = out + self.bias
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A `__call__` that returns `super().__call__` of its parameters unchanged; `__getattr__` with every read attribute set.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.inner = nn.Conv2d(3, 3, 1)
                    self.gain = 0.5

                def __getattr__(self, name):
                    try:
                        return super().__getattr__(name)
                    except AttributeError:
                        return getattr(self.inner, name)

                def __call__(self, *args, **kwargs):
                    return super().__call__(*args, **kwargs)

                def forward(self, x):
                    return self.inner(x) * self.gain

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """
        ),
        # The attribute forward stores is a buffer `__init__` registers by name.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("running_mean", torch.zeros(4))
                    self.register_buffer("batch_mean", torch.zeros(4))

                def forward(self, x):
                    self.batch_mean = x.mean(0)
                    return x - self.batch_mean + self.running_mean

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The same hook typed as TorchScript wants it.
        Valid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            def double(module, inputs: Tuple[torch.Tensor], output: torch.Tensor) -> torch.Tensor:
                return output * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)
                    self.fc.register_forward_hook(double)

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # Nested empty lists typed by a class-body annotation.
        Valid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                groups: List[List[int]]

                def __init__(self):
                    super().__init__()
                    self.groups = [[3, 1], [], [0, 2]]

                def forward(self, x):
                    return x * len(self.groups)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The class builds the submodule in `__init__`, and the kept class is not read in
        # scripted code; a caller passing an instance makes the attribute a submodule.
        Valid(
            """
            import torch
            from torch import nn

            class FeedForward(nn.Module):
                def __init__(self, width=4, activation=nn.GELU):
                    super().__init__()
                    self.activation_class = activation
                    self.act = activation()
                    self.proj = nn.Linear(width, width)

                def forward(self, x):
                    return self.act(self.proj(x))

            class Gate(nn.Module):
                def __init__(self, act=nn.Sigmoid):
                    super().__init__()
                    self.act = act

                def forward(self, x):
                    return x * self.act(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ff = FeedForward()
                    self.gate = Gate(nn.Tanh())

                def forward(self, x):
                    return self.gate(x + self.ff(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # One function on the module (TorchScript compiles it), picked from a dict in
        # `__init__`; a range made a list.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            ACTS = {"relu": F.relu, "gelu": F.gelu}

            class Model(nn.Module):
                def __init__(self, act: str = "gelu"):
                    super().__init__()
                    acts = {"relu": F.relu, "silu": F.silu}
                    self.act = ACTS[act]
                    self.gate = acts["silu"]
                    self.levels = list(range(1, 3))

                def forward(self, x):
                    for level in self.levels:
                        x = x * level
                    return self.gate(self.act(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Not empty with the defaults; a tuple TorchScript types.
        Valid(
            """
            from typing import Optional, Sequence

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, skip: Optional[Sequence[int]] = (1,), keep=None):
                    super().__init__()
                    self.skip = list(skip or [])
                    self.keep = tuple(keep or ())

                def forward(self, x):
                    if 1 in self.skip and 2 not in self.keep:
                        return x
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Attributes set in a base's `__init__`, by `register_buffer`, by a method `__init__`
        # calls; the class name only where TorchScript does not compile.
        Valid(
            """
            import torch
            from torch import nn

            class Base(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.steps = 0

            class Model(Base):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("last", torch.zeros(1))
                    self.reset()

                @torch.jit.unused
                def reset(self):
                    self.scale = 1.0

                def forward(self, x):
                    if not torch.jit.is_scripting():
                        print(self.__class__.__name__)
                    self.steps = self.steps + 1
                    self.last = x.detach().sum().reshape(1)
                    self.scale = 2.0
                    return x * self.scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The lambda is the fallback, and the default picks the module; a named function
        # compiles.
        Valid(
            """
            import torch
            from torch import nn

            def swish(t):
                return t * torch.sigmoid(t)

            class Model(nn.Module):
                def __init__(self, act=nn.GELU(), gate=None):
                    super().__init__()
                    self.act = act if act is not None else (lambda t: t * torch.sigmoid(t))
                    self.gate = gate or swish

                def forward(self, x):
                    return self.gate(self.act(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A plain class in a scripted signature is a TorchScript class: its compiled `__init__`
        # types `self.items = []` as a List[Tensor].
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Buffer:
                def __init__(self, size: int):
                    self.items = []
                    self.size = size

                def add(self, x: torch.Tensor):
                    self.items.append(x)

            class Model(nn.Module):
                def forward(self, x, buffer: Optional[Buffer] = None):
                    if buffer is not None:
                        buffer.add(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The defaults go on past the early return: the module has the attribute.
        Valid(_early_return_example(True)),
        # A NumPy float64 is a float to TorchScript; a tensor made from an array is a tensor.
        Valid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scale = np.sqrt(4.0)
                    self.register_buffer("order", torch.as_tensor(np.arange(3)))

                def forward(self, x):
                    return x[:, self.order] * self.scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The defaults take the branch that sets the attribute: the module scripts.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, use_norm=True):
                    super().__init__()
                    self.use_norm = use_norm
                    self.fc = nn.Linear(3, 3)
                    if use_norm:
                        self.norm = nn.LayerNorm(3)

                def forward(self, x):
                    x = self.fc(x)
                    if self.use_norm:
                        x = self.norm(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            from collections import namedtuple
            from typing import NamedTuple

            import torch
            from torch import nn

            Dims = namedtuple("Dims", ["inner", "outer"])

            class Sizes(NamedTuple):
                inner: int
                outer: int

            def crop(x: torch.Tensor, sizes: Sizes) -> torch.Tensor:
                return x[:, : sizes.inner]

            class Scaler:
                def __init__(self, factor: float):
                    self.factor = factor

                def apply(self, x: torch.Tensor) -> torch.Tensor:
                    return x * self.factor

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.inner = Dims(2, 3).inner
                    self.scaler = Scaler(2.0)

                def forward(self, x):
                    return self.scaler.apply(crop(x, Sizes(self.inner, 3)))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                cache: Dict[str, torch.Tensor]

                def __init__(self):
                    super().__init__()
                    self.cache = {}
                    self.sizes = [1, 2]

                def forward(self, x):
                    if "prev" in self.cache:
                        x = x + self.cache["prev"]
                    return x * self.sizes[1]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The namespace's fields copied to plain attributes: TorchScript types those.
        Valid(
            """
            import types

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    cfg = types.SimpleNamespace(scale=0.5, residual=True)
                    self.scale = cfg.scale
                    self.residual = cfg.residual
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    y = self.fc(x) * self.scale
                    if self.residual:
                        y = y + x
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A constant read in forward, set in __init__.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                momentum: torch.jit.Final[float]

                def __init__(self):
                    super().__init__()
                    self.momentum = 0.9

                def forward(self, x):
                    return x * self.momentum

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A slice written in the subscript, its bound an int attribute.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.start = 1

                def forward(self, x):
                    keep = slice(self.start, None)
                    return x[:, self.start :] + x[:, keep]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, deploy=False):
                    super().__init__()
                    if deploy:
                        self.fused = nn.Linear(3, 3)
                    else:
                        self.fc = nn.Linear(3, 3)
                        self.skip = nn.Linear(3, 3)

                def forward(self, x):
                    if hasattr(self, "fused"):
                        return self.fused(x)
                    y = self.fused(x) if hasattr(self, "fused") and x.sum() > 0 else x
                    if x.sum() > 0 or not hasattr(self, "fused"):
                        return self.fc(y) + self.skip(x)
                    return self.fused(y)

            def inputs():
                return [(torch.randn(2, 3),), (-torch.ones(4, 3),)]
            """
        ),
        # The same attribute given a module by the file's call: TorchScript compiles it.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Head(nn.Module):
                def __init__(self, dim, act=None):
                    super().__init__()
                    self.fc = nn.Linear(dim, dim)
                    self.act = act

                def forward(self, x):
                    x = self.fc(x)
                    if self.act is not None:
                        x = self.act(x)
                    return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = Head(4, act=nn.LeakyReLU(0.2))

                def forward(self, x):
                    return self.head(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The same hook without the keyword arguments, registered `prepend=True`: scripted.
        Valid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            def rescale(module: nn.Module, args: Tuple[torch.Tensor], out: torch.Tensor) -> torch.Tensor:
                return out * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.fc.register_forward_hook(rescale, prepend=True)

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The same product made an int, and a product of floats (a numpy.float64, a float).
        Valid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Patchify(nn.Module):
                def __init__(self, patch=(2, 2)):
                    super().__init__()
                    self.area = int(np.prod(patch))
                    self.scale = np.prod([0.5, 3.0])

                def forward(self, x):
                    return x.reshape(x.size(0), -1, self.area).sum(-1) * self.scale

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.patchify = Patchify(patch=[2, 3])

                def forward(self, x):
                    return self.patchify(x)

            def inputs():
                return [(torch.randn(2, 12),), (torch.randn(3, 6),)]
            """
        ),
        # The base keeps the config's field, not the dataclass.
        Valid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Config:
                dim: int = 4
                scale: float = 2.0

            class Base(nn.Module):
                def __init__(self, config: Config):
                    super().__init__()
                    self.scale = config.scale
                    self.fc = nn.Linear(config.dim, config.dim)

                def forward(self, x):
                    return self.fc(x) * self.gain()

                def gain(self) -> float:
                    return 1.0

            class Model(Base):
                def __init__(self):
                    super().__init__(Config())

                def gain(self) -> float:
                    return self.scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # `torch.backends.cuda.matmul` is a plain object (`cuBLASModule`), not a module.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, x):
                    z = self.proj(x)
                    if x.is_cuda and torch.backends.cuda.matmul.allow_tf32:
                        z = z.double()
                    return (z @ z.transpose(-1, -2)).to(x.dtype)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
            """,
            line=11,
            message_contains="attribute lookup is not defined on python value of type 'cuBLASModule'",
        ),
        # An instance of a plain class that inherits from another class of the project.
        Invalid(
            """
            import torch
            from torch import nn

            class Metric(object):
                def __init__(self):
                    self.eps = 1e-6

            class Cosine(Metric):
                def __init__(self):
                    super(Cosine, self).__init__()
                    self.scale = 10.0

                def score(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
                    return torch.cosine_similarity(a, b, -1) * self.scale

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.metric = Cosine()

                def forward(self, x):
                    return self.metric.score(x, x.flip(0))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=22,
            message_contains="which inherits from `Metric`",
        ),
        # A config field whose default factory builds an empty list, stored on the module.
        Invalid(
            """
            from dataclasses import dataclass, field
            from typing import List

            import torch
            from torch import nn

            @dataclass
            class Config:
                drop_levels: List[int] = field(default_factory=list)

            class Model(nn.Module):
                def __init__(self, cfg: Config = Config()):
                    super().__init__()
                    self.drop_levels = list(cfg.drop_levels)

                def forward(self, x):
                    return x * 2 if 1 in self.drop_levels else x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=17,
            message_contains="`field(default_factory=list)`",
        ),
        # A function held by an attribute, compared with None: no value to TorchScript; the
        # if-expression's test decided by a field default of a dataclass config.
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Args:
                output_fun: str = "sigmoid"

            class Model(nn.Module):
                def __init__(self, args: Args = Args()):
                    super().__init__()
                    self.fc = nn.Linear(4, 2)
                    self.output = torch.sigmoid if args.output_fun == "sigmoid" else None

                def forward(self, x):
                    y = self.fc(x)
                    if self.output is not None:
                        y = self.output(y)
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=18,
            message_contains="builtin cannot be used as a value",
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.act = F.relu

                def forward(self, x):
                    return self.act(x) if self.act else x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="cannot be used as a value",
        ),
        # The `else` side's attribute, read for a module built with the test true.
        Invalid(
            """
            import torch
            from torch import nn

            class Cell(nn.Module):
                def __init__(self, adaptive: bool = False):
                    super().__init__()
                    self.adaptive = adaptive
                    if adaptive:
                        self.gate = nn.Linear(3, 3)
                    else:
                        self.alpha = nn.Parameter(torch.tensor(0.5))

                def forward(self, x):
                    if self.adaptive:
                        y = torch.sigmoid(self.gate(x)) * x
                    else:
                        y = torch.sigmoid(self.alpha) * x
                    return y

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cell = Cell(adaptive=True)

                def forward(self, x):
                    return self.cell(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=17,
            message_contains="alpha",
        ),
        # An entry of a module-level table picked by the constructor's default: a partial.
        Invalid(
            """
            from functools import partial

            import torch
            import torch.nn.functional as F
            from torch import nn

            ACTS = {"gelu": F.gelu, "gelu_tanh": partial(F.gelu, approximate="tanh")}

            class Model(nn.Module):
                def __init__(self, act="gelu_tanh"):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)
                    self.act = ACTS[act]

                def forward(self, x):
                    return self.act(self.fc(x))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="partial",
        ),
        # A bound method in every branch that sets the attribute.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, mode="sum"):
                    super().__init__()
                    if mode == "sum":
                        self.op = self._sum
                    elif mode == "prod":
                        self.op = self._prod
                    else:
                        raise ValueError(mode)

                def _sum(self, x):
                    return x + 1

                def _prod(self, x):
                    return x * 2

                def forward(self, x):
                    return self.op(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=21,
            message_contains="bound method",
        ),
        # A static method of a plain class (a TorchScript class) called through `self`.
        Invalid(
            """
            import torch
            from torch import nn

            class Features:
                def __init__(self, degree: int):
                    self.degree = degree

                @staticmethod
                def _count(n: int, degree: int) -> int:
                    return n * degree + 1

                def size(self, x: torch.Tensor) -> int:
                    return self._count(x.size(-1), self.degree)

            class Model(nn.Module):
                def forward(self, x):
                    features = Features(2)
                    return x.new_zeros(features.size(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
            """,
            line=13,
            message_contains="no attribute or method '_count'",
        ),
        # A plain class built in scripted code whose `__init__` first sets a field in an `if`.
        Invalid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Scale:
                def __init__(self, s: float, bias: Optional[float] = None):
                    self.s = s
                    if bias is not None:
                        self.bias = bias

                def apply(self, x: torch.Tensor) -> torch.Tensor:
                    return x * self.s

            class Model(nn.Module):
                def forward(self, x):
                    return Scale(2.0).apply(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=17,
            message_contains="First assignment cannot be in a control-flow block",
        ),
        # A property whose getter is a lambda: compiled, used or not, from source it lacks.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                head_dim = property(lambda self: self.dim // self.num_heads)

                def __init__(self, dim: int = 8, num_heads: int = 2):
                    super().__init__()
                    self.dim = dim
                    self.num_heads = num_heads

                def forward(self, x):
                    return x.view(x.shape[0], self.num_heads, -1)

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """,
            line=5,
            message_contains="Expected a single top-level function",
        ),
        # A `__constants__` entry set to a dict: no valid constant, used or not.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                __constants__ = ["channel_map", "out_order"]

                def __init__(self):
                    super().__init__()
                    self.channel_map = {"r": 0, "g": 1, "b": 2}
                    self.out_order = "bgr"

                def forward(self, x):
                    idx = [self.channel_map[c] for c in self.out_order]
                    return x[:, idx]

            def inputs():
                return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 2, 5),)]
            """,
            line=9,
            message_contains="is not a valid constant",
        ),
        # `__call__` changes the input before `forward`: the scripted module skips it.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.conv = nn.Conv2d(3, 3, 1)

                def __call__(self, x, *args, **kwargs):
                    x = x * 2
                    return super().__call__(x, *args, **kwargs)

                def forward(self, x):
                    return self.conv(x)

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=10,
            message_contains="overrides `__call__`",
        ),
        # An attribute only `__getattr__` finds (on a submodule).
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.inner = nn.Conv2d(3, 3, 1)
                    self.inner.gain = 0.5

                def __getattr__(self, name):
                    try:
                        return super().__getattr__(name)
                    except AttributeError:
                        return getattr(self.inner, name)

                def forward(self, x):
                    return self.inner(x) * self.gain

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=18,
            message_contains="never calls `__getattr__`",
        ),
        # A property returning a submodule, called.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(3, 3)
                    self.b = nn.Linear(3, 3)
                    self.use_b = True

                @property
                def head(self):
                    return self.b if self.use_b else self.a

                def forward(self, x):
                    return self.head(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="property returning a submodule",
        ),
        # A forward hook on a submodule whose input parameter is not typed as a Tuple.
        Invalid(
            """
            import torch
            from torch import nn

            def double(module, inputs, output):
                return output * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)
                    self.fc.register_forward_hook(double)

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="hook",
        ),
        # A bound method of the class held as an attribute (failed to convert Python type:
        # 'method').
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, fast: bool = False):
                    super().__init__()
                    self.act = self._double if fast else self._plus_one

                def _double(self, x):
                    return x * 2

                def _plus_one(self, x):
                    return x + 1

                def forward(self, x):
                    return self.act(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="bound method",
        ),
        Invalid(
            """
            import operator

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, act: str = "relu"):
                    super().__init__()
                    self.act = operator.methodcaller(act)

                def forward(self, x):
                    return self.act(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="operator.methodcaller",
        ),
        # Functions looked up by name into a dict comprehension.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.acts = {name: getattr(F, name) for name in ("relu", "gelu")}

                def forward(self, x):
                    return self.acts["gelu"](x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="failed to convert Python type: 'dict'",
        ),
        # A dict of functions, a range and a dict of modules stored on the module.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, act: str = "gelu"):
                    super().__init__()
                    self.acts = {"relu": F.relu, "gelu": F.gelu}
                    self.act = act

                def forward(self, x):
                    return self.acts[self.act](x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="failed to convert Python type: 'dict'",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.levels = range(1, 3)

                def forward(self, x):
                    for level in self.levels:
                        x = x * level
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="failed to convert Python type: 'range'",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.acts = {"relu": nn.ReLU(), "tanh": nn.Tanh()}

                def forward(self, x):
                    return self.acts["tanh"](x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="nn.ModuleDict",
        ),
        # A plain tuple (or list) of modules on the module: no TorchScript type.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(3, 3)
                    self.paths = (self.a, nn.Sequential(nn.LayerNorm(3), nn.Linear(3, 3)))

                def forward(self, x):
                    return x * len(self.paths)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="failed to convert Python type",
        ),
        # A list comprehension of modules: a plain list too.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, depth: int = 2):
                    super().__init__()
                    self.blocks = [nn.Linear(3, 3) for _ in range(depth)]
                    for i, block in enumerate(self.blocks):
                        self.add_module(f"block{i}", block)

                def forward(self, x):
                    for block in self.blocks:
                        x = block(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="plain list of modules",
        ),
        # A slice object stored on the module.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.keep = slice(1, None)

                def forward(self, x):
                    return x[:, self.keep]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="failed to convert Python type: 'slice'",
        ),
        # A weak reference to another module, read in forward.
        Invalid(
            """
            import weakref

            import torch
            from torch import nn

            class Head(nn.Module):
                def __init__(self, embedding):
                    super().__init__()
                    self._embedding = weakref.ref(embedding)

                def forward(self, x):
                    return x @ self._embedding().weight.t()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.embed = nn.Embedding(5, 4)
                    self.head = Head(self.embed)

                def forward(self, ids):
                    return self.head(self.embed(ids))

            def inputs():
                return [(torch.tensor([[1, 2]]),), (torch.tensor([[3, 4, 0]]),)]
            """,
            line=12,
            message_contains="failed to convert Python type: 'weakref.ReferenceType'",
        ),
        # A store into a constant (Final / __constants__) in scripted code.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                momentum: torch.jit.Final[float]

                def __init__(self):
                    super().__init__()
                    self.momentum = 0.9

                def forward(self, x):
                    if not self.training:
                        self.momentum = 1.0
                    return x * self.momentum

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="Tried to set nonexistent attribute: momentum",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                momentum: float

                def __init__(self):
                    super().__init__()
                    self.momentum = 0.9

                def forward(self, x):
                    if not self.training:
                        self.momentum = 1.0
                    return x * self.momentum

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                __constants__ = ['momentum']

                def __init__(self):
                    super().__init__()
                    self.momentum = 0.9

                def forward(self, x):
                    self.momentum += 0.1
                    return x * self.momentum

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
        ),
        # A set built from a constructor argument (no set type in TorchScript).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, skip=(1,)):
                    super().__init__()
                    self.skip = set(skip)

                def forward(self, x):
                    if x.dim() in self.skip:
                        return x
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3),)]
            """,
            line=10,
            message_contains="a set",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, skip=(1,)):
                    super().__init__()
                    self.skip = list(set(skip))

                def forward(self, x):
                    if x.dim() in self.skip:
                        return x
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3),)]
            """,
        ),
        # The class name in an error message.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.dim() > 3:
                        raise ValueError(f"{self.__class__.__name__} takes 2-D or 3-D input")
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            message_contains="__class__",
        ),
        # A private method: Python stores `_Model__scores`, TorchScript looks up `__scores`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.q = nn.Linear(4, 4)

                def __scores(self, x):
                    return self.q(x) @ x.transpose(-1, -2)

                def forward(self, x):
                    return self.__scores(x).softmax(-1) @ x

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
            """,
            line=13,
            message_contains="mangles",
        ),
        # `nn.Module`'s registry of submodules, walked in `forward`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(4, 4)
                    self.b = nn.Linear(4, 4)

                def forward(self, x):
                    for layer in self._modules.values():
                        x = layer(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="_modules",
        ),
        # Batch statistics stored in forward; `__init__` registers other buffers by name only.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("running_mean", torch.zeros(4))

                def forward(self, x):
                    self.batch_mean = x.mean(0)
                    return x - self.batch_mean + self.running_mean

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="Tried to set nonexistent attribute: batch_mean",
        ),
        # A cache set in a helper forward calls, never in `__init__`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def _keep(self, t):
                    self.last = t.detach()
                    return t

                def forward(self, x):
                    return torch.tanh(self._keep(self.fc(x)))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="Tried to set nonexistent attribute",
        ),
        # A submodule keeps the lambda its default picks, and scripted forward calls it.
        Invalid(
            """
            import torch
            from torch import nn

            class Block(nn.Module):
                def __init__(self, act=None):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.act = act if act is not None else (lambda t: t * torch.sigmoid(t))

                def forward(self, x):
                    return self.act(self.fc(x))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = Block()

                def forward(self, x):
                    return self.block(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="`self.act` holds a lambda",
        ),
        # The class a parameter defaults to, kept on the module and instantiated in forward.
        Invalid(
            """
            import torch
            from torch import nn

            class FeedForward(nn.Module):
                def __init__(self, width=4, activation=nn.SiLU):
                    super().__init__()
                    self.proj = nn.Linear(width, width)
                    self.activation = activation

                def forward(self, x):
                    return self.activation()(self.proj(x))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ff = FeedForward(activation=nn.Tanh)

                def forward(self, x):
                    return x + self.ff(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="holds the class `nn.SiLU`",
        ),
        # An empty list among the groups: no element type to infer.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.groups = [[3, 1], [], [0, 2]]

                def forward(self, x):
                    return x * len(self.groups)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="empty list or dict inside",
        ),
        # A Python class kept as a value.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, norm=None):
                    super().__init__()
                    self.norm_layer = norm or nn.LayerNorm
                    self.cast = int

                def forward(self, x):
                    return self.norm_layer(4)(x) * self.cast(2)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="holds the class `nn.LayerNorm`",
        ),
        Invalid(
            _early_return_example(False),
            line=15,
            message_contains="early `return`",
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lower = np.tril_indices(3, k=-1)

                def forward(self, x):
                    mask = x.new_zeros(3, 3)
                    mask[self.lower[0], self.lower[1]] = 1.0
                    return x @ mask

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="NumPy array",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, use_norm=False):
                    super().__init__()
                    self.use_norm = use_norm
                    self.fc = nn.Linear(3, 3)
                    if use_norm:
                        self.norm = nn.LayerNorm(3)

                def forward(self, x):
                    x = self.fc(x)
                    if self.use_norm:
                        x = self.norm(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=15,
            message_contains="exists only when",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, deploy=False):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)
                    if deploy:
                        self.fused = nn.Linear(3, 3)

                def forward(self, x):
                    fused = hasattr(self, "fused")
                    if fused:
                        return self.fused(x)
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
            message_contains="exists only when",
        ),
        Invalid(
            """
            from typing import NamedTuple

            import torch
            from torch import nn

            class Dims(NamedTuple):
                inner: int
                outer: int

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.dims = Dims(2, 3)

                def forward(self, x):
                    return x[:, : self.dims.inner]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="namedtuple",
        ),
        Invalid(
            """
            from collections import namedtuple

            import torch
            from torch import nn

            Dims = namedtuple("Dims", ["inner", "outer"])

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.dims = Dims(2, 3)

                def forward(self, x):
                    return x[:, : self.dims.inner]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
            message_contains="namedtuple",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Scaler:
                def __init__(self, factor):
                    self.factor = factor

                def apply(self, x):
                    return x * self.factor

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scaler = Scaler(2.0)

                def forward(self, x):
                    return self.scaler.apply(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=17,
            message_contains="Scaler",
        ),
        Invalid(
            """
            import functools

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.act = functools.partial(nn.functional.gelu, approximate="tanh")

                def forward(self, x):
                    return self.act(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="partial",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Config(dict):
                def __getattr__(self, name):
                    return self[name]

            class Model(nn.Module):
                def __init__(self, config=Config(scale=2.0)):
                    super().__init__()
                    self.config = config

                def forward(self, x):
                    return x * self.config.scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
            message_contains="config",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cache = {}

                def forward(self, x):
                    if "prev" in self.cache:
                        x = x + self.cache["prev"]
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="empty dict",
        ),
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Config:
                scale: float = 2.0

            class Model(nn.Module):
                def __init__(self, config: Config = Config()):
                    super().__init__()
                    self.config = config

                def forward(self, x):
                    return x * self.config.scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="dataclass",
        ),
        Invalid(
            """
            import types

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cfg = types.SimpleNamespace(scale=0.5, residual=True)
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    y = self.fc(x) * self.cfg.scale
                    if self.cfg.residual:
                        y = y + x
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="SimpleNamespace",
        ),
        Invalid(
            """
            import argparse

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, args: argparse.Namespace = argparse.Namespace(scale=0.5)):
                    super().__init__()
                    self.args = args

                def forward(self, x):
                    return x * self.args.scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="argparse.Namespace",
        ),
        # Annotated in `__init__` only: TorchScript does not read that annotation.
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.feats: List[torch.Tensor] = []

                def forward(self, x):
                    self.feats = []
                    x = self.fc(x)
                    self.feats.append(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="does not read the annotation",
            fixed="""
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                feats: List[torch.Tensor]

                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.feats: List[torch.Tensor] = []

                def forward(self, x):
                    self.feats = []
                    x = self.fc(x)
                    self.feats.append(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        # Empty with the constructor's defaults.
        Invalid(
            """
            from typing import List, Optional, Sequence

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, skip: Optional[Sequence[int]] = None):
                    super().__init__()
                    self.skip = list(skip or [])

                def forward(self, x):
                    if 1 in self.skip:
                        return x
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="constructor's defaults",
            fixed="""
            from typing import List, Optional, Sequence

            import torch
            from torch import nn

            class Model(nn.Module):
                skip: List[int]

                def __init__(self, skip: Optional[Sequence[int]] = None):
                    super().__init__()
                    self.skip = list(skip or [])

                def forward(self, x):
                    if 1 in self.skip:
                        return x
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Tree(nn.Module):
                def __init__(self, level: int):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)
                    self.level = level
                    if level > 0:
                        self.child = Tree(level - 1)

                def forward(self, x):
                    x = self.fc(x)
                    if self.level > 0:
                        x = self.child(x)
                    return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.tree = Tree(2)

                def forward(self, x):
                    return self.tree(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=15,
            message_contains="has no attribute 'child'",
        ),
        # A partial given to the constructor by the file's own call, stored as it is.
        Invalid(
            """
            from functools import partial

            import torch
            import torch.nn.functional as F
            from torch import nn

            class Head(nn.Module):
                def __init__(self, dim, act=None):
                    super().__init__()
                    self.fc = nn.Linear(dim, dim)
                    self.act = act

                def forward(self, x):
                    x = self.fc(x)
                    if self.act is not None:
                        x = self.act(x)
                    return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = Head(4, act=partial(F.leaky_relu, negative_slope=0.2))

                def forward(self, x):
                    return self.head(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=15,
            message_contains="failed to convert Python type: 'functools.partial'",
        ),
        # A forward hook registered `with_kwargs=True`: it takes the call's keyword arguments
        # as a fourth input, and TorchScript calls hooks with three.
        Invalid(
            """
            from typing import Any, Dict, Tuple

            import torch
            from torch import nn

            def rescale(module: nn.Module, args: Tuple[torch.Tensor], kwargs: Dict[str, Any], out: torch.Tensor) -> torch.Tensor:
                return out * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.fc.register_forward_hook(rescale, with_kwargs=True)

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=15,
            message_contains="was expected to only have exactly 3 inputs but it had 4 inputs",
        ),
        # `np.prod` of a list of ints the file's call passes: a numpy.int64, no Python int.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Patchify(nn.Module):
                def __init__(self, patch=(2, 2)):
                    super().__init__()
                    self.area = np.prod(patch)

                def forward(self, x):
                    return x.reshape(x.size(0), -1, self.area).sum(-1)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.patchify = Patchify(patch=[2, 3])

                def forward(self, x):
                    return self.patchify(x)

            def inputs():
                return [(torch.randn(2, 12),), (torch.randn(3, 6),)]
            """,
            line=11,
            message_contains="failed to convert Python type: 'numpy.int64'",
            fixed="""
            import numpy as np
            import torch
            from torch import nn

            class Patchify(nn.Module):
                def __init__(self, patch=(2, 2)):
                    super().__init__()
                    self.area = int(np.prod(patch))

                def forward(self, x):
                    return x.reshape(x.size(0), -1, self.area).sum(-1)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.patchify = Patchify(patch=[2, 3])

                def forward(self, x):
                    return self.patchify(x)

            def inputs():
                return [(torch.randn(2, 12),), (torch.randn(3, 6),)]
            """,
        ),
        # A dataclass config stored by a base's `__init__`, read in a subclass's method.
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Config:
                dim: int = 4
                scale: float = 2.0

            class Base(nn.Module):
                def __init__(self, config: Config):
                    super().__init__()
                    self.cfg = config
                    self.fc = nn.Linear(config.dim, config.dim)

                def forward(self, x):
                    return self.fc(x) * self.gain()

                def gain(self) -> float:
                    return 1.0

            class Model(Base):
                def __init__(self):
                    super().__init__(Config())

                def gain(self) -> float:
                    return self.cfg.scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=28,
            message_contains="failed to convert Python type",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._by_class: dict[str, dict[str, str]] = {}
        self._namedtuples: dict[str, set[str]] = {}
        # Per class: attributes `__init__` sets only under a test false with its defaults.
        self._only_if: dict[str, dict[str, str]] = {}
        # (class, attribute) -> whether no `__init__` sets it.
        self._unset: dict[tuple[str, str], bool] = {}

    def _call_override(self, owner: str) -> Optional[cst.FunctionDef]:
        """The ``__call__`` the module class (this file) defines, unless it ends by returning
        ``super().__call__(*args, **kwargs)`` of its own parameters, none rebound."""
        cls = class_def(self.ctx, owner)
        if cls is None:
            return None
        call = next(
            (
                s
                for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "__call__"
            ),
            None,
        )
        if call is None or not isinstance(call.body, cst.IndentedBlock):
            return None
        body = list(call.body.body)
        if body and _docstring(body[0]):
            body = body[1:]
        if body and isinstance(body[-1], cst.SimpleStatementLine):
            small = body[-1].body[-1]
            params = [p.name.value for p in call.params.params[1:]]
            for star in (call.params.star_arg, call.params.star_kwarg):
                if isinstance(star, cst.Param):
                    params.append(star.name.value)
            if (
                isinstance(small, cst.Return)
                and isinstance(small.value, cst.Call)
                and self.ctx.module.code_for_node(small.value.func).replace(" ", "")
                == "super().__call__"
                and _passes_parameters(call, small.value)
                and not any(assignments(call, name) for name in params)
            ):
                return None  # the module's output is forward's, as in script
        return call

    def _getattr_delegated(self, owner: str, attr: str) -> bool:
        """``self.<attr>`` read in a module class (this file, no base but ``nn.Module``)
        that defines ``__getattr__`` and sets ``attr`` nowhere: no method assigns it, the
        class body binds no such name, no method of that name, no ``register_buffer`` /
        ``register_parameter`` / ``add_module`` / ``setattr`` in the class."""
        cls = class_def(self.ctx, owner)
        if cls is None or attr.startswith("_") or attr in MODULE_OWN_ATTRIBUTES:
            return False
        if any(
            self.ctx.qualified_name(b.value)
            not in ("torch.nn.Module", "torch.nn.modules.module.Module")
            for b in cls.bases
        ):
            return False
        names: set[str] = set()
        getattr_defined = False
        for statement in cls.body.body:
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                names.add(statement.name.value)
                getattr_defined |= statement.name.value == "__getattr__"
            elif isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    targets = (
                        [t.target for t in small.targets]
                        if isinstance(small, cst.Assign)
                        else [small.target]
                        if isinstance(small, cst.AnnAssign)
                        else []
                    )
                    names.update(t.value for t in targets if isinstance(t, cst.Name))
            else:
                return False  # a compound statement in the class body: not read here
        if not getattr_defined or attr in names:
            return False
        if any(self_assignments(m, attr) for m in class_methods(self.ctx, owner)):
            return False
        text = self.ctx.module.code_for_node(cls)
        return not any(
            word in text
            for word in (
                "register_buffer",
                "register_parameter",
                "add_module",
                "setattr",
                "__dict__",
            )
        )

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if not in_script(self.ctx):
            return
        if self_attribute(node.value) is not None:
            self._kind_by_branch(node.value, "attribute", node.attr.value)  # type: ignore[arg-type]
        inner = node.value
        held = (
            self.ctx.qualified_name(inner) if isinstance(inner, (cst.Attribute, cst.Name)) else None
        )
        opaque = torchscript_table().get("python_values_unscriptable", {}).get(held or "")
        if opaque is not None:
            # `torch.backends.cuda.matmul.allow_tf32`: `matmul` is a plain Python object
            # (a `cuBLASModule` serving its settings from `__getattr__`), not a module.
            self.report(
                node,
                f"`{held}.{node.attr.value}` reads a setting of `{held}`, a Python object "
                "TorchScript cannot look into, so scripting fails (torch 2.13: "
                f"{opaque.rstrip(':')}); read the setting outside scripted code (in `__init__`, "
                "kept as a bool attribute), or guard the read with `if not "
                "torch.jit.is_scripting():`",
            )
            return
        attr = self_attribute(node)
        owner = self._owner() if attr is not None else None
        if (
            attr is not None
            and owner is not None
            and self._module_method()
            and self._getattr_delegated(owner, attr)
            and not dropped_without_attribute(self.ctx, node, attr)
        ):
            name = owner.rpartition(".")[2]
            self.report(
                node,
                f"`self.{attr}` is set nowhere in `{name}`, whose `__getattr__` finds it in "
                "eager: TorchScript builds the module's type from its instance attributes and "
                f"never calls `__getattr__` (torch 2.13: Module '{name}' has no attribute "
                f"'{attr}'); read it where it lives (`self.<submodule>.{attr}`) or set it in "
                "`__init__`",
            )
            return
        if (
            isinstance(inner, cst.Attribute)
            and isinstance(inner.value, cst.Name)
            and inner.value.value == "self"
        ):
            # `self.dims.inner`: a field read on an untyped namedtuple.
            owner = self._owner()
            if owner is not None and inner.attr.value in self._namedtuple_attributes(owner):
                self.report(
                    node,
                    f"`self.{inner.attr.value}` holds a namedtuple: TorchScript types a module "
                    f"attribute of that kind as a plain Tuple, so the field `.{node.attr.value}` "
                    "does not exist; store the fields as attributes or index the tuple",
                )
            return
        if not (isinstance(inner, cst.Name) and inner.value == "self"):
            return
        if node.attr.value == "__class__" and self._module_method():
            self.report(
                node,
                "`self.__class__` in scripted code: TorchScript cannot compile a read of the "
                "class (torch 2.13 fails inside its frontend: type object 'type' has no "
                "attribute '__globals__'), `.__name__` included; write the name as a string, "
                "or keep it under `if not torch.jit.is_scripting():`",
            )
            return
        attr = node.attr.value
        if attr.startswith("__") and not attr.endswith("__") and self._module_method():
            self.report(
                node,
                f"`self.{attr}` in scripted code: Python mangles a private name written in a "
                f"class (the attribute is `_{{Class}}{attr}`), TorchScript looks it up unmangled, "
                f"so scripting fails (Module has no attribute '{attr}'); name it with one "
                "underscore",
            )
            return
        if attr in MODULE_INTERNALS and self._module_method() and not self._defines(attr):
            self.report(
                node,
                f"`self.{attr}` in scripted code: TorchScript keeps none of `nn.Module`'s own "
                f"bookkeeping on a scripted module, so scripting fails (Module has no attribute "
                f"'{attr}'); iterate an `nn.ModuleDict` / `nn.ModuleList`, or call "
                "`self.children()` / `self.named_children()`",
            )
            return
        owner = self._owner()
        if owner is None:
            return
        what = self._attributes(owner).get(node.attr.value)
        test = self._only_if.get(owner, {}).get(node.attr.value)
        if test is not None and dropped_without_attribute(self.ctx, node, node.attr.value):
            test = None  # under `if hasattr(self, ...)`: not compiled on a module without it
        if test is not None and test.startswith(RETURNS):
            self.report(
                node,
                f"`self.{node.attr.value}` is set only after `__init__`'s early `return` under "
                f"`if {test[len(RETURNS) :]}:`: a module built that way has no such attribute, "
                "and TorchScript compiles this read anyway, so scripting it fails (Module has no "
                f"attribute '{node.attr.value}'); set it before the `return` too",
            )
            return
        if test is not None and test.startswith(RECURSES):
            self.report(
                node,
                f"`self.{node.attr.value}` exists only when `__init__` takes `if "
                f"{test[len(RECURSES) :]}:`, whose body builds the class itself: the recursion "
                "ends in a module built with the test false, which has no such attribute, and "
                "TorchScript compiles this read for it too, so scripting fails (Module has no "
                f"attribute '{node.attr.value}'); set it on every path (`None`, `nn.Identity()`) "
                "and test `is not None`, or give the last level a class of its own",
            )
            return
        if test is not None and test.startswith(ELSE):
            flags, _, test = test[len(ELSE) :].partition(":")
            if not self._under_flag(flags.split(",")):
                return  # read under another test (`hasattr(self, ...)`): not known to run
            self.report(
                node,
                f"`self.{node.attr.value}` exists only when `__init__` takes the `else` of `if "
                f"{test}:`, whose body sets other attributes: a "
                "module built with the test true has no such attribute, and TorchScript "
                "compiles this read anyway, so scripting such a module fails (Module has no "
                f"attribute '{node.attr.value}'); set it on every path (`None`, `nn.Identity()`)",
            )
            return
        if test is not None and test.startswith(BUILT):
            self.report(
                node,
                f"`self.{node.attr.value}` exists only when `__init__` takes `if "
                f"{test[len(BUILT) :]}:`, which a construction of the class in this file does "
                "not: TorchScript compiles this read anyway, so scripting that module fails "
                f"(Module has no attribute '{node.attr.value}'); set it on every path (`None`, "
                "`nn.Identity()`)",
            )
            return
        if test is not None:
            self.report(
                node,
                f"`self.{node.attr.value}` exists only when `__init__` takes `if {test}:`, "
                "which the constructor's defaults do not: TorchScript compiles this read "
                f"anyway, so scripting such a module fails (Module has no attribute "
                f"'{node.attr.value}'); set it on every path (`None`, `nn.Identity()`)",
            )
            return
        if what is not None and what.startswith("a NumPy integer"):
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: a NumPy integer scalar is no Python "
                "int, and TorchScript converts no NumPy value to a module attribute, so the "
                f"scripted module has no attribute '{node.attr.value}' (torch 2.13: failed to "
                f"convert Python type: '{'numpy.int32' if 'np.int32' in what else 'numpy.int64'}'"
                " to a TorchScript type); store "
                f"`int(...)` of it (`self.{node.attr.value} = int(np.prod(shape))`)",
            )
        elif what is not None and what.startswith("a NumPy array"):
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript converts no NumPy array, so "
                "the scripted module has no such attribute (failed to convert Python type); "
                "store a tensor (`torch.as_tensor(...)`, registered as a buffer) or a list",
            )
        elif what == LAMBDA:
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript fails to compile it to a "
                f"TorchScript function, so the scripted module has no such attribute (Module has "
                f"no attribute '{node.attr.value}'); define a module (`nn.SiLU()`) or a named "
                "function instead",
            )
        elif what is not None and what.startswith(PASSED_CALLABLE):
            kind = what.split("`")[1]
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what[len(PASSED_CALLABLE) + 2 :]}: TorchScript "
                "converts no such object to a module attribute, so a module built that way has "
                f"no attribute '{node.attr.value}' once scripted (torch 2.13: failed to convert "
                f"Python type: '{kind}' to a TorchScript type); pass a module (`nn.LeakyReLU(0.2)`, "
                "`nn.Upsample(...)`) or the settings, and call the torch function in `forward`",
            )
        elif what == NESTED_EMPTY:
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript infers a container "
                "attribute's type from its elements, and an empty one has none, so the scripted "
                "module has no such attribute (failed to convert Python type ... List trace "
                "inputs must have elements); annotate it in the class body (`"
                f"{node.attr.value}: List[List[int]]`)",
            )
        elif what is not None and what.startswith(CLASS_HELD):
            self.report(
                node,
                f"`self.{node.attr.value}` holds the class {what[len(CLASS_HELD) + 2 : -1]}, not "
                "an instance: TorchScript converts no class (a Python `type`) to a module "
                "attribute, so the scripted module has no such attribute (Module has no "
                f"attribute '{node.attr.value}' ... failed to convert Python type: 'type'); "
                "build the module in `__init__` (`self.act = act_layer()`) and call that",
            )
        elif what is not None and " holding functions " in what:
            kind = what.split()[1]
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript converts a {kind} attribute "
                "only when it holds values it types (tensors, numbers, strings, ...), not "
                f"functions, so the scripted module has no such attribute (failed to convert "
                f"Python type: '{kind}'); pick the function in `__init__` (`self.act = "
                "acts[name]`, which TorchScript compiles) or hold modules in an `nn.ModuleDict`",
            )
        elif what == "a plain dict of modules":
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript converts no dict of modules, "
                "so the scripted module has no such attribute (failed to convert Python type: "
                "'dict'); hold the modules in an `nn.ModuleDict`",
            )
        elif what is not None and what.startswith("a range object"):
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript has no range type for a "
                "module attribute, so the scripted module has no such attribute (failed to "
                "convert Python type: 'range'); store `list(range(...))`, a `List[int]`",
            )
        elif what is not None and what.startswith(INHERITING_CLASS):
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript converts no instance of a "
                "class that inherits from another class of the project, so the scripted module "
                f"has no such attribute (Module has no attribute '{node.attr.value}' ... failed "
                "to convert Python type ... to a TorchScript type); make the class an "
                "`nn.Module`, or one class without a base",
            )
        elif what is not None and what.startswith("a plain"):
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript converts a tuple or list "
                "attribute only when it holds tensors, numbers or strings, so the scripted module "
                "has no such attribute (failed to convert Python type); hold the modules in an "
                "`nn.ModuleList`",
            )
        elif what is not None and what.startswith(PLAIN_RETURNED):
            held = what.split("`")[1]
            self.report(
                node,
                f"`self.{node.attr.value}` holds an instance of `{held}` (what the method that "
                "`__init__` stores it from returns), a plain Python class: TorchScript converts "
                "no such object to a module attribute, so the scripted module has no attribute "
                f"'{node.attr.value}' (torch 2.13: failed to convert Python type: "
                f"'...{held.rpartition('.')[2]}' to a TorchScript type); store the values the "
                "scripted code reads (numbers, lists, tensors) as attributes in `__init__`, or "
                "keep the read out of scripted code (`@torch.jit.unused`)",
            )
        elif what is not None and what.startswith(PLAIN_OBJECT):
            held = what.split("`")[1]
            self.report(
                node,
                f"`self.{node.attr.value}` holds an instance of `{held}` (the `__init__` "
                "parameter it is stored from is annotated so), a plain Python class: TorchScript "
                "converts no such object to a module attribute, so the scripted module has no "
                f"attribute '{node.attr.value}' (torch 2.13: failed to convert Python type: "
                f"'...{held.rpartition('.')[2]}' to a TorchScript type); store the values the "
                "scripted code reads (numbers, lists, tensors) as attributes in `__init__`, or "
                "keep the read out of scripted code (`@torch.jit.unused`)",
            )
        elif what is not None and what.startswith(BASE_DATACLASS):
            held, init = what.split("`")[1], what.split("`")[3]
            self.report(
                node,
                f"`self.{node.attr.value}` holds an instance of the dataclass `{held}`, stored "
                f"by `{init}`: TorchScript converts no dataclass instance to a module attribute, "
                f"so the scripted module has no such attribute (torch 2.13: Module has no "
                f"attribute '{node.attr.value}' ... failed to convert Python type: '{held}' to a "
                "TorchScript type); store the fields the scripted code reads as plain attributes "
                "in `__init__`",
            )
        elif what == JIT_ATTRIBUTE_HELD:
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what} on a plain `nn.Module`: eager code reads "
                "the `Attribute(value, type)` namedtuple `nn.Module` stored, while "
                "torch.jit.script types the attribute by the declared type and holds the value, "
                "so the scripted module computes otherwise (`len(...)` is 2 in eager) or eager "
                f"fails; store the value (`self.{node.attr.value}: List[str] = [...]` or "
                "annotate it in the class body), `torch.jit.Attribute` is for ScriptModule only",
            )
        elif what is not None and what.startswith("a weak reference"):
            held = next((t for n, t in WEAK_REFERENCES.items() if f"`{n}(...)`" in what), "weakref")
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript converts no weak reference, "
                "so the scripted module has no such attribute (torch 2.13: failed to convert "
                f"Python type: '{held}'); hold the module itself as a submodule (or pass what "
                "forward reads, such as its weight, as an argument)",
            )
        elif what is not None and what.startswith(TORCH_OBJECT):
            held = what.split("`")[1]
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript converts no `{held}` "
                "object to a module attribute, so the scripted module has no such attribute "
                f"(torch 2.13: failed to convert Python type: '{held}'); store the values the "
                f"scripted code reads as numbers in `__init__` (`self.{node.attr.value}_max = "
                f"{held}(...).max`)",
            )
        elif what is not None and what.startswith(TORCH_INLINE_VALUE):
            held = what.split("`")[1]
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript takes it only spelled in "
                "scripted code, not held by a module attribute (torch 2.13: failed to convert "
                "Python type), so the scripted module has no such attribute; hold a bool flag "
                f"and spell `{held}` in the scripted code where it is used",
            )
        elif what is not None and what.startswith("a slice object"):
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript has no slice type for a "
                "module attribute, so the scripted module has no such attribute (failed to "
                "convert Python type: 'slice'); store the bounds as ints (`self.start = 1`) and "
                "write the slice where it is used (`x[:, self.start:]`)",
            )
        elif what is not None:
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript cannot type it, so the scripted "
                "module has no such attribute; annotate it in the class body or store plain values",
            )

    # -- `self.X = ...` in scripted code of an attribute no `__init__` sets
    def visit_Subscript(self, node: cst.Subscript) -> None:
        if in_script(self.ctx) and self_attribute(node.value) is not None:
            self._kind_by_branch(node.value, "subscript")  # type: ignore[arg-type]
            self._annotated_index(node)
        elif (
            in_script(self.ctx)
            and type(node.value) is cst.Attribute
            and self_attribute(node.value.value) is not None
        ):
            self._annotated_index(node)  # `self.memory.net[-1]`: a submodule's container

    def visit_Call(self, node: cst.Call) -> None:
        """``self.head(x)`` where ``head`` is a ``@property`` of the class that returns a
        submodule: TorchScript compiles the property as a method, and a method returns no
        module (torch 2.13: `'__torch__...Linear' object has no attribute or method ...`)."""
        if type(node.func) is cst.Name and in_script(self.ctx) and not pruned_by_constant(self.ctx):
            self._field_first_set_in_a_block(node, node.func.value)
        if in_script(self.ctx) and self_attribute(node.func) is not None:
            self._kind_by_branch(node.func, "call")  # type: ignore[arg-type]
        name = self_attribute(node.func)
        info = self.ctx.function_info
        if name is None or info is None or info.owner_class is None or not in_script(self.ctx):
            return
        if self._static_method_of_script_class(info.owner_class, name):
            self.report(
                node.func,
                f"`self.{name}(...)` calls a `@staticmethod` of the plain class `"
                f"{info.owner_class.rsplit('.', 1)[-1]}`, which TorchScript compiles as a "
                "TorchScript class: its instances have no static methods (torch 2.13: object "
                f"has no attribute or method '{name}'); call it through the class "
                f"(`{info.owner_class.rsplit('.', 1)[-1]}.{name}(...)`)",
            )
            return
        returned = self._module_property(info.owner_class, name)
        if returned is None:
            return
        shown = " / ".join(f"`self.{attr}`" for attr in returned)
        self.report(
            node.func,
            f"`self.{name}` is a property returning a submodule ({shown}), called in scripted "
            "code: TorchScript compiles a property as a method, and a method cannot return a "
            "module (torch 2.13: object has no attribute or method ...); call the submodule "
            f"in an `if` (`self.{returned[0]}(x) if ... else ...`) or make `{name}` a method "
            "that calls it",
        )

    def _static_method_of_script_class(self, owner: str, name: str) -> bool:
        """``self.<name>(...)`` in a method of a plain class (no base but ``object``, no
        decorator but ``@torch.jit.script``) that scripted code reaches, so TorchScript
        compiles it as a TorchScript class, where ``<name>`` is a ``@staticmethod`` of the
        class itself: such an instance has no attribute or method of that name (torch 2.13;
        ``Class._name(...)`` and a ``@classmethod`` through ``self`` compile)."""
        if not self._method() or pruned_by_constant(self.ctx):
            return False
        found = self.ctx.index.class_info(owner)
        if found is None or self.ctx.index.is_module_class(owner):
            return False
        cls = found[1]
        if any(base not in ("builtins.object", "object") for base in cls.bases):
            return False
        if any(d != "torch.jit.script" for d in cls.decorators):
            return False
        method = cls.methods.get(name)
        return method is not None and method.decorators == ["builtins.staticmethod"]

    def _module_property(self, owner: str, name: str) -> Optional[list[str]]:
        """The submodules a ``@property`` ``name`` of the class ``owner`` (this file) returns,
        each ``return`` a ``self.X`` (or a conditional expression of them) that the class
        holds a module in; None otherwise."""
        cls = class_def(self.ctx, owner)
        if cls is None:
            return None
        prop = next(
            (
                line
                for line in cls.body.body
                if isinstance(line, cst.FunctionDef)
                and line.name.value == name
                and len(line.decorators) == 1
                and self.ctx.qualified_name(line.decorators[0].decorator) == "builtins.property"
            ),
            None,
        )
        if prop is None:
            return None
        values: list[cst.BaseExpression] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if type(node) in (cst.FunctionDef, cst.Lambda, cst.ClassDef) and node is not prop:
                return False
            if type(node) is cst.Return:
                values.append(node.value)  # type: ignore[arg-type]
            return None

        walk(prop, enter, lambda node: None)
        attrs: list[str] = []
        while values:
            value = values.pop()
            if type(value) is cst.IfExp:
                values.extend((value.body, value.orelse))
                continue
            attr = self_attribute(value) if value is not None else None
            marker = self.ctx.index.attribute_marker(owner, attr) if attr is not None else None
            if attr is None or marker is None or marker.startswith("<"):
                return None
            if not (is_torch_module_class(marker) or self.ctx.index.is_module_class(marker)):
                return None
            attrs.insert(0, attr)
        return attrs or None

    # -- a function held by a module attribute, tested as a value
    def visit_Comparison(self, node: cst.Comparison) -> None:
        """``self.output is not None`` (``is None``) with ``self.output`` a function."""
        if len(node.comparisons) != 1 or not isinstance(
            node.comparisons[0].operator, (cst.Is, cst.IsNot)
        ):
            return
        left, right = node.left, node.comparisons[0].comparator
        if is_none(right):
            self._function_tested(left, "compared with None")
        elif is_none(left):
            self._function_tested(right, "compared with None")

    def visit_If(self, node: cst.If) -> None:
        self._function_tested(node.test, "tested for truth")
        self._none_tested(node.test)

    def visit_While(self, node: cst.While) -> None:
        self._function_tested(node.test, "tested for truth")
        self._none_tested(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._function_tested(node.test, "tested for truth")
        self._none_tested(node.test)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if isinstance(node.operator, cst.Not):
            self._function_tested(node.expression, "tested for truth")
            self._none_tested(node.expression)

    def _none_tested(self, value: cst.BaseExpression) -> None:
        """``if self.rate:`` where ``self.rate`` holds None for a module the file builds: the
        one store of it, a top-level statement of ``__init__``, is a parameter defaulting to
        None (never rebound) that a construction of the class in this file passes None or
        leaves out (the default, where the file builds none). TorchScript types the attribute
        NoneType, which has no truth value (torch 2.13: Could not cast value of type NoneType
        to bool); ``is not None`` tests compile."""
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None or not in_script(self.ctx):
            return
        if pruned_by_constant(self.ctx) or dead_in_script(self.ctx):
            return
        owner = info.owner_class
        if attr in class_annotations(self.ctx, owner) or has_constants(self.ctx, owner):
            return
        methods = class_methods(self.ctx, owner)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return
        if sum(len(self_assignments(m, attr)) for m in methods) != 1:
            return
        source = None
        for stmt in init.body.body:
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in stmt.body:
                if (
                    type(small) is cst.Assign
                    and len(small.targets) == 1
                    and self_attribute(small.targets[0].target) == attr
                    and type(small.value) is cst.Name
                ):
                    source = small.value.value
        if source is None:
            return
        param = next((p for p in init.params.params if p.name.value == source), None)
        if param is None or not is_none(param.default):
            return
        rebound = assignments(init, source)
        if rebound and not self._none_kept(init, source, rebound):
            return
        kept = (
            f", which `{rebound[0][0].func.value}` keeps None"  # type: ignore[attr-defined]
            if rebound
            else ""
        )
        sites = self._built_with(owner, init, {}, {})
        if sites and len(sites) == len(self._construction_sites(owner)):
            if not any(source not in site or is_none(site[source]) for site in sites):
                return  # every construction of the file passes a value
        elif self._construction_sites(owner):
            return  # a construction left out (`*args`, nothing passed): not known
        self.report(
            value,
            f"`self.{attr}` holds None for a module this file builds (`{source}` defaults to "
            f"None{kept}), tested for truth in scripted code: TorchScript types the attribute "
            "NoneType, which has no truth value, so scripting fails (Could not cast value of "
            f"type NoneType to bool); test `self.{attr} is not None`",
        )

    def _none_kept(
        self, init: cst.FunctionDef, source: str, rebound: list[tuple[cst.BaseExpression, ...]]
    ) -> bool:
        """``source = normalize(source)``, the one rebinding of the parameter, a top-level
        statement of ``__init__``, where ``normalize`` is a function of this file whose first
        statement returns None for a None argument (``if value is None or value is False:
        return None``): the value stays None where the parameter is left at its default."""
        if len(rebound) != 1 or rebound[0][2] != 1:
            return False
        value = rebound[0][0]
        if not (
            type(value) is cst.Call
            and type(value.func) is cst.Name
            and len(value.args) == 1
            and not value.args[0].star
            and value.args[0].keyword is None
            and type(value.args[0].value) is cst.Name
            and value.args[0].value.value == source
        ):
            return False
        if not any(
            type(stmt) is cst.SimpleStatementLine
            and any(type(small) is cst.Assign and small.value is value for small in stmt.body)
            for stmt in init.body.body  # type: ignore[attr-defined]
        ):
            return False  # under an `if` or a loop: not known
        function = next(
            (
                stmt
                for stmt in self.ctx.module.body
                if type(stmt) is cst.FunctionDef and stmt.name.value == value.func.value
            ),
            None,
        )
        if function is None or not isinstance(function.body, cst.IndentedBlock):
            return False
        params = [*function.params.posonly_params, *function.params.params]
        if not params:
            return False
        name = params[0].name.value
        statements = list(function.body.body)
        if (
            statements
            and type(statements[0]) is cst.SimpleStatementLine
            and type(statements[0].body[0]) is cst.Expr
            and isinstance(statements[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString))
        ):
            statements = statements[1:]
        if not statements or type(statements[0]) is not cst.If:
            return False
        first = statements[0]
        body = first.body.body if isinstance(first.body, cst.IndentedBlock) else []
        if not (
            len(body) == 1
            and type(body[0]) is cst.SimpleStatementLine
            and len(body[0].body) == 1
            and type(body[0].body[0]) is cst.Return
            and (body[0].body[0].value is None or is_none(body[0].body[0].value))
        ):
            return False

        def none_test(test: cst.BaseExpression) -> bool:
            if type(test) is cst.BooleanOperation and type(test.operator) is cst.Or:
                return none_test(test.left) or none_test(test.right)
            return (
                type(test) is cst.Comparison
                and type(test.left) is cst.Name
                and test.left.value == name
                and len(test.comparisons) == 1
                and type(test.comparisons[0].operator) is cst.Is
                and is_none(test.comparisons[0].comparator)
            )

        return none_test(first.test) and not assignments(function, name)

    def _construction_sites(self, owner: str) -> list[cst.Call]:
        cls = class_def(self.ctx, owner)
        found: list[cst.Call] = []
        if cls is None:
            return found

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if type(node) is cst.Call and type(node.func) is cst.Name:
                if node.func.value == cls.name.value:
                    found.append(node)
            return None

        walk(self.ctx.module, enter, lambda node: None)
        return found

    def _function_tested(self, value: cst.BaseExpression, how: str) -> None:
        """``self.X`` that holds a function (a ``torch`` / ``torch.nn.functional`` function, a
        function of the file) for every module of the class the file builds, used as a value
        in scripted code: TorchScript resolves the attribute to the function itself, which is
        no value (torch 2.13: builtin cannot be used as a value; function cannot be used as a
        value), though calling it compiles."""
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None or not in_script(self.ctx):
            return
        if pruned_by_constant(self.ctx) or dead_in_script(self.ctx):
            return
        held = self._held_function(info.owner_class, attr)
        if held is None:
            return
        self.report(
            value,
            f"`self.{attr}` holds the function `{held}` (as this file builds the module; the "
            f"constructor's defaults where it builds none), {how} in scripted code: TorchScript "
            "resolves the attribute to the function itself, which it can call but not use as "
            "a value (torch 2.13: builtin cannot be used as a value, or function cannot be "
            "used as a value for a Python function); store a module (`nn.Identity()` for "
            "none) and call it unconditionally, or keep a bool flag beside the function",
        )

    def _held_function(self, owner: str, attr: str) -> Optional[str]:
        """The function ``self.<attr>`` holds for every construction of the class in this file
        (its defaults where it builds none): the one assignment, a top-level statement of
        ``__init__``, a function reference or an if-expression whose tests these values
        decide (parameters, their literal defaults, fields of a dataclass of the project
        built with no arguments: ``args.output_fun == "sigmoid"``)."""
        if attr in class_annotations(self.ctx, owner) or has_constants(self.ctx, owner):
            return None
        methods = class_methods(self.ctx, owner)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        cls = class_def(self.ctx, owner)
        if init is None or cls is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        if sum(len(self_assignments(m, attr)) for m in methods) != 1:
            return None
        value: Optional[cst.BaseExpression] = None
        for statement in init.body.body:
            if type(statement) is not cst.SimpleStatementLine:
                continue
            for small in statement.body:
                if (
                    type(small) is cst.Assign
                    and len(small.targets) == 1
                    and self_attribute(small.targets[0].target) == attr
                ):
                    value = small.value
        if value is None:
            return None
        params = [*init.params.params, *init.params.kwonly_params]
        names = [p.name.value for p in params]
        if any(assignments(init, name) for name in names[1:]):
            return None
        sites = _constructions(self.ctx, cls)
        if sites is None:
            return None
        held: set[str] = set()
        for site in sites or [None]:
            env: dict[str, cst.BaseExpression] = {
                p.name.value: p.default for p in params if p.default is not None
            }
            if site is not None:
                positional = [a for a in site if a.keyword is None]
                if any(a.star for a in site) or len(positional) > len(names) - 1:
                    return None
                env.update({name: a.value for name, a in zip(names[1:], positional)})
                env.update({a.keyword.value: a.value for a in site if a.keyword is not None})  # type: ignore[union-attr]
            chosen = self._chosen(value, env, 0)
            function = self._function_name(chosen) if chosen is not None else None
            if function is None:
                return None
            held.add(function)
        return held.pop() if len(held) == 1 else None

    def _chosen(
        self, value: cst.BaseExpression, env: dict[str, cst.BaseExpression], depth: int
    ) -> Optional[cst.BaseExpression]:
        if type(value) is not cst.IfExp:
            return value
        if depth > 4:
            return None
        test = self._evaluated(value.test, env)
        if type(test) is not bool:
            return None
        return self._chosen(value.body if test else value.orelse, env, depth + 1)

    def _evaluated(self, node: cst.BaseExpression, env: dict[str, cst.BaseExpression]) -> object:
        """The Python value of a literal, a parameter bound to one, a field of a parameter
        bound to ``Config()`` (a dataclass of the project, its field's literal default), and
        ``==`` / ``!=`` / ``not`` of these; ``...`` where unknown."""
        if type(node) is cst.UnaryOperation and isinstance(node.operator, cst.Not):
            inner = self._evaluated(node.expression, env)
            return ... if inner is ... else not inner
        if type(node) is cst.Comparison and len(node.comparisons) == 1:
            operator = node.comparisons[0].operator
            if not isinstance(operator, (cst.Equal, cst.NotEqual)):
                return ...
            left = self._evaluated(node.left, env)
            right = self._evaluated(node.comparisons[0].comparator, env)
            if left is ... or right is ...:
                return ...
            return (left == right) if isinstance(operator, cst.Equal) else (left != right)
        if type(node) is cst.Name and node.value in env:
            node = env[node.value]
        elif type(node) is cst.Attribute and type(node.value) is cst.Name:
            bound = env.get(node.value.value)
            node = self._field_default(bound, node.attr.value) if bound is not None else None
            if node is None:
                return ...
        found = literal_value(node, {})
        return found

    def _field_default(self, bound: cst.BaseExpression, field: str) -> Optional[cst.BaseExpression]:
        """The literal default of ``field`` in the class body of a dataclass of this file that
        ``bound`` builds with no arguments (``LSTNetArgs()``)."""
        if type(bound) is not cst.Call or bound.args or type(bound.func) is not cst.Name:
            return None
        qualified = self.ctx.qualified_name(bound.func) or ""
        if not is_dataclass(self.ctx, qualified):
            return None
        cls = next(
            (
                s
                for s in self.ctx.module.body
                if type(s) is cst.ClassDef and s.name.value == bound.func.value
            ),
            None,
        )
        if cls is None or not isinstance(cls.body, cst.IndentedBlock):
            return None
        for line in cls.body.body:
            if type(line) is not cst.SimpleStatementLine:
                continue
            for small in line.body:
                if (
                    type(small) is cst.AnnAssign
                    and type(small.target) is cst.Name
                    and small.target.value == field
                    and small.value is not None
                    and (literal_type(small.value) is not None or is_none(small.value))
                ):
                    return small.value
        return None

    def _function_name(self, node: cst.BaseExpression) -> Optional[str]:
        """``torch.sigmoid`` (a ``torch.X`` TorchScript binds to an aten op),
        ``torch.nn.functional.<name>``, or a plain function of this file, as spelled."""
        name = self.ctx.qualified_name(node) or ""
        spelled = self.ctx.module.code_for_node(node)
        functions = torchscript_table().get("schemas", {}).get("torch_functions", ())
        if name.startswith("torch.") and name.count(".") == 1 and name[6:] in functions:
            return spelled
        prefix = "torch.nn.functional."
        if name.startswith(prefix):
            short = name[len(prefix) :]
            if short.isidentifier() and short.islower() and not short.startswith("_"):
                return spelled
            return None
        if type(node) is cst.Name:
            target = top_level_definition(self.ctx.module, node.value)
            if type(target) is cst.FunctionDef and not target.decorators:
                module = self.ctx.model.summary.module
                if name in (node.value, f"{module}.{node.value}"):
                    return spelled
        return None

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        """``forward`` of a module class whose ``__init__`` registers a forward hook or pre-hook
        on the module or a submodule that TorchScript cannot compile (it compiles every
        forward hook and pre-hook of the modules it scripts, from source)."""
        if node.name.value != "forward" or not in_script(self.ctx):
            return
        info = self.ctx.function_info
        if info is None or info.owner_class is None or info.parent is not None:
            return
        call = self._call_override(info.owner_class)
        if call is not None:
            self.report(
                call.name,
                "the module class overrides `__call__`: torch.jit.script compiles `forward`, "
                "and calling the scripted module runs that `forward` without this `__call__`, "
                "so what it does around `forward` is skipped and the scripted model's output "
                "differs from eager; move that work into `forward`",
            )
        init = self._init(info.owner_class)
        if init is None:
            return
        self._invalid_constants(info.owner_class, init.node)
        self._lambda_properties(info.owner_class)
        for call, problem in self._bad_hooks(init.node):
            line = self.ctx.position(call).start.line
            self.report(
                node.name,
                f"the module is scripted with the hook registered on line {line} "
                f"(`{self.ctx.module.code_for_node(call.func)}`), {problem}: torch.jit.script "
                "compiles the forward hooks and pre-hooks of every module it scripts; make "
                "the hook a module-level `def` typed `(module, inputs: Tuple[Tensor], output: "
                "Tensor) -> Tensor` (a pre-hook: `(module, inputs: Tuple[Tensor]) -> None`), "
                "or register it after scripting",
            )

    def _field_first_set_in_a_block(self, node: cst.Call, name: str) -> None:
        """``Scale(2.0)`` in scripted code, ``Scale`` a plain class of this file (no base, no
        decorator) whose ``__init__`` first sets ``self.<field>`` inside an ``if`` / loop /
        ``with`` / ``try``: TorchScript compiles the class and takes its fields from the
        top-level assignments of ``__init__`` (torch 2.13: First assignment cannot be in a
        control-flow block. Initialize the field at the top level first)."""
        told = self.__dict__.setdefault("_first_set_told", {})
        if name in told:
            return
        told[name] = None
        cls = next(
            (s for s in self.ctx.module.body if type(s) is cst.ClassDef and s.name.value == name),
            None,
        )
        if cls is None or cls.decorators or type(cls.body) is not cst.IndentedBlock:
            return
        if any(self.ctx.qualified_name(b.value) != "builtins.object" for b in cls.bases):
            return
        if cls.keywords:
            return
        init = next(
            (
                s
                for s in cls.body.body
                if type(s) is cst.FunctionDef and s.name.value == "__init__" and not s.decorators
            ),
            None,
        )
        if init is None or type(init.body) is not cst.IndentedBlock:
            return
        annotated = {
            small.target.value
            for line in cls.body.body
            if type(line) is cst.SimpleStatementLine
            for small in line.body
            if type(small) is cst.AnnAssign and type(small.target) is cst.Name
        }
        params = [*init.params.posonly_params, *init.params.params]
        if not params:
            return
        receiver = params[0].name.value

        def fields(statement: cst.CSTNode) -> list[tuple[str, cst.CSTNode]]:
            found: list[tuple[str, cst.CSTNode]] = []

            def enter(child: cst.CSTNode) -> Optional[bool]:
                if type(child) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
                    return False
                targets: list[cst.BaseExpression] = []
                if type(child) is cst.AssignTarget:
                    targets = _elements(child.target)  # type: ignore[attr-defined]
                elif type(child) in (cst.AnnAssign, cst.AugAssign):
                    targets = [child.target]  # type: ignore[attr-defined]
                for target in targets:
                    if (
                        type(target) is cst.Attribute
                        and type(target.value) is cst.Name
                        and target.value.value == receiver
                    ):
                        found.append((target.attr.value, target))
                return None

            walk(statement, enter, lambda child: None)
            return found

        defined: set[str] = set()
        for statement in init.body.body:
            found = fields(statement)
            if type(statement) is not cst.SimpleStatementLine:
                for field, where in found:
                    if field in defined or field in annotated:
                        continue
                    line = self.ctx.position(where).start.line
                    self.report(
                        node,
                        f"`{name}` is a plain class that scripted code builds, so TorchScript "
                        f"compiles it, and its `__init__` first sets `{receiver}.{field}` "
                        f"inside a block (line {line}): TorchScript takes a class's fields "
                        "from the top-level assignments of `__init__`, so scripting fails "
                        "(torch 2.13: First assignment cannot be in a control-flow block. "
                        "Initialize the field at the top level first); set it before the "
                        "block (`None` with an `Optional[...]` annotation, or a default)",
                    )
                    return
            defined.update(field for field, _ in found)

    def _lambda_properties(self, owner: str) -> None:
        """``head_dim = property(lambda self: ...)`` in the body of the scripted module's class
        or a project base of this file: torch compiles every property of a module it scripts
        (``inspect.getmembers`` of the class, bases included, but those named in
        ``__jit_unused_properties__``), used or not, from the getter's and setter's source, and
        a lambda has none of its own (torch 2.13: Expected a single top-level function)."""
        told = self.__dict__.setdefault("_lambda_properties_told", set())
        for name, _, _ in self.ctx.index.mro(owner):
            cls = class_def(self.ctx, name)
            if cls is None or self.ctx.model.summary.qualify(cls.name.value) != name:
                continue
            unused: set[str] = set()
            found: list[tuple[str, cst.Lambda]] = []
            for line in cls.body.body:
                if type(line) is not cst.SimpleStatementLine:
                    continue
                for small in line.body:
                    if type(small) is not cst.Assign or len(small.targets) != 1:
                        continue
                    target = small.targets[0].target
                    if type(target) is not cst.Name:
                        continue
                    value = small.value
                    if target.value == "__jit_unused_properties__":
                        if type(value) not in (cst.List, cst.Tuple):
                            return  # computed: it may name any property
                        unused.update(
                            e.value.evaluated_value  # type: ignore[misc]
                            for e in value.elements  # type: ignore[attr-defined]
                            if type(e.value) is cst.SimpleString
                        )
                        continue
                    if (
                        type(value) is not cst.Call
                        or self.ctx.qualified_name(value.func) != "builtins.property"
                    ):
                        continue
                    for position, arg in enumerate(value.args):
                        accessor = (
                            arg.keyword.value
                            if arg.keyword is not None
                            else ("fget", "fset", "fdel", "doc")[min(position, 3)]
                        )
                        if accessor in ("fget", "fset") and type(arg.value) is cst.Lambda:
                            found.append((target.value, arg.value))
                            break
            for prop, lam in found:
                if prop in unused or (name, prop) in told:
                    continue
                told.add((name, prop))
                self.report(
                    lam,
                    f"`{prop} = property(lambda ...)`: torch.jit.script compiles every property "
                    "of a module it scripts, used or not, from its getter's (and setter's) "
                    "source, and a lambda has no source of its own, so scripting fails (torch "
                    "2.13: Expected a single top-level function); write it as a `@property` "
                    f"method, or list `{prop}` in `__jit_unused_properties__`",
                )

    def _invalid_constants(self, owner: str, init: cst.FunctionDef) -> None:
        """A constant of the class (``Final`` / ``__constants__``) that every ``self.<name> =``
        of its ``__init__`` sets to a value no TorchScript constant can be (a dict or set
        display or comprehension, or a list / tuple display holding one): torch reads every
        constant's value as it scripts the module, used or not, and takes only None, bool,
        int, float, str, device, layout, dtype, qscheme, and lists / tuples of these."""
        constants = constant_attributes(self.ctx, owner)
        if not constants:
            return
        bound: dict[str, list[tuple[cst.CSTNode, Optional[str]]]] = {}

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not init:
                return False
            if type(node) is cst.Assign:
                for target in node.targets:
                    attr = self_attribute(target.target)
                    if attr in constants:
                        bound.setdefault(attr, []).append(
                            (target.target, _not_a_constant(self.ctx, node.value))
                        )
                    elif attr is None and not isinstance(target.target, cst.Name):
                        for element in _elements(target.target):
                            inner = self_attribute(element)
                            if inner in constants:
                                bound.setdefault(inner, []).append((element, None))
            elif type(node) in (cst.AnnAssign, cst.AugAssign):
                attr = self_attribute(node.target)  # type: ignore[attr-defined]
                if attr in constants:
                    value = node.value  # type: ignore[attr-defined]
                    what = (
                        _not_a_constant(self.ctx, value)
                        if type(node) is cst.AnnAssign and value is not None
                        else None
                    )
                    bound.setdefault(attr, []).append((node.target, what))  # type: ignore[attr-defined]
            return None

        walk(init, enter, lambda node: None)
        name = owner.rpartition(".")[2]
        for attr, bindings in bound.items():
            kinds = {what for _, what in bindings}
            if None in kinds or len(kinds) != 1:
                continue
            what = kinds.pop()
            self.report(
                bindings[0][0],
                f"`self.{attr}` is a constant of the class (`Final` / `__constants__`) and "
                f"`__init__` sets it to a {what}: TorchScript reads every constant's value as "
                "it scripts the module, used or not, and a constant is None, a bool, int, "
                "float, str, device, layout, dtype, qscheme, or a list / tuple of these, so "
                f"scripting fails (torch 2.13: '{what}' object in attribute '{name}.{attr}' "
                f"is not a valid constant); drop `{attr}` from `__constants__` / `Final` "
                + (
                    "(a plain dict attribute compiles)"
                    if what in ("dict", "collections.OrderedDict")
                    else "(TorchScript has no set; a tuple constant compiles)"
                ),
            )

    def _bad_hooks(self, init: cst.FunctionDef) -> list[tuple[cst.Call, str]]:
        """``(call, why)`` for each ``self.register_forward_hook(h)`` /
        ``self.<sub>.register_forward_pre_hook(h)`` in ``init`` whose hook TorchScript rejects
        (torch 2.13), made by a statement of ``__init__`` that no ``if`` / loop / ``with``
        holds: a lambda (no source of its own: Expected a single top-level function), a
        callable object or ``functools.partial`` (`object has no attribute '__name__'`), a
        module-level ``def`` whose input parameter is not annotated ``Tuple[...]`` (`expected
        the input argument to be typed as a Tuple`), a pre-hook without a return annotation."""
        calls: list[cst.Call] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not init:
                return False
            if type(node) in (cst.If, cst.For, cst.While, cst.With, cst.Try):
                return False  # a registration the constructor's arguments may skip
            if (
                type(node) is cst.Call
                and type(node.func) is cst.Attribute
                and node.func.attr.value in FORWARD_HOOK_REGISTRATIONS  # not backward hooks
                and node.args
                and node.args[0].keyword is None
                and not node.args[0].star
                and all(
                    a.keyword is not None and a.keyword.value in HOOK_KEYWORDS
                    for a in node.args[1:]
                )
                and (
                    (type(node.func.value) is cst.Name and node.func.value.value == "self")
                    or self_attribute(node.func.value) is not None
                )
            ):
                calls.append(node)
            return None

        walk(init.body, enter, lambda node: None)
        found = []
        for call in calls:
            pre = call.func.attr.value == "register_forward_pre_hook"  # type: ignore[attr-defined]
            kwargs = any(
                a.keyword is not None
                and a.keyword.value == "with_kwargs"
                and type(a.value) is cst.Name
                and a.value.value == "True"
                for a in call.args[1:]
            )
            problem = self._hook_problem(call.args[0].value, pre, kwargs)
            if problem is not None:
                found.append((call, problem))
        return found

    def _hook_problem(
        self, hook: cst.BaseExpression, pre: bool, kwargs: bool = False
    ) -> Optional[str]:
        if type(hook) is cst.Lambda:
            return "a lambda (torch 2.13: Expected a single top-level function)"
        if (
            type(hook) is cst.Attribute
            and type(hook.value) is cst.Name
            and hook.value.value == "self"
            and self._plain_method(hook.attr.value)
        ):
            kind, count = ("Pre-hook", 2) if pre else ("Hook", 3)
            return (
                f"the bound method `self.{hook.attr.value}`: TorchScript compiles its function, "
                f"`self` counted among the hook's inputs (torch 2.13: {kind} "
                f"'{hook.attr.value}' on module ... was expected to only have exactly {count} "
                f"inputs but it had {count + 1} inputs)"
            )
        if type(hook) is cst.Call:
            name = self.ctx.qualified_name(hook.func) or ""
            local = class_def(self.ctx, name) if name else None
            if name in PARTIALS or local is not None:
                what = (
                    "a functools.partial"
                    if name in PARTIALS
                    else f"a callable object (`{name.rsplit('.', 1)[-1]}(...)`)"
                )
                return f"{what} (torch 2.13: object has no attribute '__name__')"
            return None
        if type(hook) is not cst.Name:
            return None
        function = next(
            (
                stmt
                for stmt in self.ctx.module.body
                if type(stmt) is cst.FunctionDef and stmt.name.value == hook.value
            ),
            None,
        )
        if function is None or function.decorators or bound_elsewhere(self.ctx, hook.value):
            return None
        params = [*function.params.posonly_params, *function.params.params]
        if len(params) < 2 or isinstance(function.params.star_arg, cst.Param):
            return None
        expected = 2 if pre else 3
        if kwargs and len(params) > expected:
            kind, label = ("Pre-hook", "pre-hook") if pre else ("Hook", "hook")
            return (
                f"the {label} `{hook.value}` registered `with_kwargs=True`, which takes "
                f"{len(params)} inputs (the call's keyword arguments too): TorchScript calls a "
                f"{label} with the positional inputs only (torch 2.13: {kind} '{hook.value}' on "
                f"module ... was expected to only have exactly {expected} inputs but it had "
                f"{len(params)} inputs)"
            )
        annotation = params[1].annotation
        if annotation is None or not _tuple_annotation(self.ctx, annotation.annotation):
            return (
                f"`{hook.value}`, whose input parameter `{params[1].name.value}` is not "
                "annotated `Tuple[...]` (torch 2.13: expected the input argument to be typed "
                "as a Tuple)"
            )
        if pre and function.returns is None:
            return (
                f"the pre-hook `{hook.value}` without a return annotation (torch 2.13: "
                "Return annotations are required)"
            )
        return None

    def _plain_method(self, name: str) -> bool:
        """``name`` is a method of the class being visited with no decorator (static and
        class methods, properties left out)."""
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        cls = class_def(self.ctx, owner) if owner is not None else None
        if cls is None:
            return False
        return any(
            type(stmt) is cst.FunctionDef and stmt.name.value == name and not stmt.decorators
            for stmt in cls.body.body
        )

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            elements = (
                [e.value for e in target.target.elements]
                if isinstance(target.target, (cst.Tuple, cst.List))
                else [target.target]
            )
            for element in elements:
                self._store(element)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._store(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        attr = self_attribute(node.target)
        if attr is None or not in_script(self.ctx) or not self._method():
            return
        owner = self.ctx.function_info.owner_class  # type: ignore[union-attr]
        if owner is not None and self.ctx.index.is_module_class(owner):
            self._constant_store(node.target, owner, attr)

    def _store(self, target: cst.BaseExpression) -> None:
        attr = self_attribute(target)
        if attr is None or attr in MODULE_INSTANCE_ATTRIBUTES or not in_script(self.ctx):
            return
        if not self._method():
            return
        owner = self.ctx.function_info.owner_class  # type: ignore[union-attr]
        if owner is None or not self.ctx.index.is_module_class(owner):
            return
        if self._constant_store(target, owner, attr):
            return
        key = (owner, attr)
        if key not in self._unset:
            self._unset[key] = self._never_initialised(owner, attr)
        if self._unset[key]:
            self.report(
                target,
                f"`self.{attr}` is set in scripted code, but no `__init__` of the class sets "
                "it: TorchScript builds the module's attributes from the instance `__init__` "
                f"made, so scripting fails (Tried to set nonexistent attribute: {attr}. Did "
                "you forget to initialize it in __init__()?); set it in `__init__` (`None` "
                "with an `Optional[...]` class annotation, or a tensor / buffer)",
            )

    def _constant_store(self, target: cst.BaseExpression, owner: str, attr: str) -> bool:
        """A store (``=`` or ``+=`` ...) to an attribute the class declares a constant: its
        body annotates it ``Final[...]`` or lists it in ``__constants__``."""
        if self.ctx.function is not None and self.ctx.function.name.value == "__init__":
            return False
        if attr not in constant_attributes(self.ctx, owner) or pruned_by_constant(self.ctx):
            return False
        self.report(
            target,
            f"`self.{attr}` is a constant of the class (`Final` / `__constants__`) and scripted "
            "code stores into it: TorchScript folds a constant's value into the compiled code "
            f"and keeps no attribute to set, so scripting fails (Tried to set nonexistent "
            f"attribute: {attr}. Did you forget to initialize it in __init__()?); drop `Final` "
            "(a plain attribute can be set in forward) or keep the value in a local",
        )
        return True

    def _never_initialised(self, owner: str, attr: str) -> bool:
        """Whether no ``__init__`` of ``owner``'s chain (project classes, all known) nor any
        method it calls sets ``self.<attr>``, no class of the chain annotates, registers or
        defines it, and no module class of this file deriving from ``owner`` sets it."""
        index = self.ctx.index
        chain = index.mro(owner)
        if not chain or chain[0][0] != owner:
            return False
        for name, _, cls in chain:
            if any(
                base not in PLAIN_BASES and index.class_info(base) is None for base in cls.bases
            ):
                return False  # a base outside the project may set it
            if attr in cls.methods or attr in cls.body_values or attr in cls.annotated:
                return False
            if name != owner and attr in cls.attributes:
                return False
        if attr in class_annotations(self.ctx, owner):
            return False
        methods = {m.name.value: m for m in class_methods(self.ctx, owner)}
        init = methods.get("__init__")
        if init is None:
            return True
        # `__init__` and the methods it calls (`self.reset()`), transitively.
        pending, seen = [init], set()
        while pending:
            method = pending.pop()
            if id(method) in seen:
                continue
            seen.add(id(method))
            if self_assignments(method, attr):
                return False
            if _may_set_by_name(method, attr):
                return False
            for called in _self_calls(method):
                if called in methods:
                    pending.append(methods[called])
        summary = self.ctx.model.summary
        for local in summary.classes:
            name = summary.qualify(local)
            if name != owner and any(base == owner for base, _, _ in index.mro(name)[1:]):
                if any(attr in cls.attributes for _, _, cls in index.mro(name)):
                    return False
        return True

    def _defines(self, attr: str) -> bool:
        """Whether a class of the current class's chain defines, annotates or sets ``attr``."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None:
            return True
        for _, _, cls in self.ctx.index.mro(info.owner_class):
            if (
                attr in cls.methods
                or attr in cls.body_values
                or attr in cls.annotated
                or attr in cls.attributes
            ):
                return True
        return False

    def _module_method(self) -> bool:
        """A method of a module class, not a dunder (`__repr__` is compiled only if called)."""
        info = self.ctx.function_info
        if not self._method() or info is None or info.owner_class is None:
            return False
        name = info.node.name.value
        if name.startswith("__") and name.endswith("__"):
            return False
        return self.ctx.index.is_module_class(info.owner_class)

    def _method(self) -> bool:
        """Whether the current function is a method, ``self`` its first parameter."""
        info = self.ctx.function_info
        function = self.ctx.function
        if info is None or info.owner_class is None or function is None:
            return False
        params = [*function.params.posonly_params, *function.params.params]
        return bool(params) and params[0].name.value == "self" and info.parent is None

    def _script_module(self) -> bool:
        """Whether the class whose ``__init__`` this is derives from ``torch.jit.ScriptModule``
        (whose ``__setattr__`` unwraps a ``torch.jit.Attribute``), or from a class outside the
        project that may."""
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if owner is None:
            return True
        for _, _, cls in self.ctx.index.mro(owner):
            for base in cls.bases:
                if base in JIT_SCRIPT_MODULES:
                    return True
                if base not in PLAIN_BASES and self.ctx.index.class_info(base) is None:
                    return True
        return False

    def _owner(self) -> Optional[str]:
        """The module class whose method this is. A plain class TorchScript compiles (a
        TorchScript class) types its attributes from its compiled ``__init__``, not from
        Python values: `self.items = []` is a `List[Tensor]` there."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None or info.node.name.value == "__init__":
            return None
        if not self.ctx.index.is_module_class(info.owner_class):
            return None
        return info.owner_class

    def _namedtuple_attributes(self, owner: str) -> set[str]:
        """Attributes ``__init__`` sets to an instance of a namedtuple class of this file
        (``collections.namedtuple`` or ``typing.NamedTuple``)."""
        found = self._namedtuples.get(owner)
        if found is None:
            classes = self._namedtuple_classes()
            found = set()
            for attr, value in self._init_values(owner):
                if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
                    if value.func.value in classes:
                        found.add(attr)
            self._namedtuples[owner] = found
        return found

    def _namedtuple_classes(self) -> set[str]:
        names = set()
        for stmt in self.ctx.module.body:
            if isinstance(stmt, cst.ClassDef) and any(
                self.ctx.qualified_name(base.value) == "typing.NamedTuple" for base in stmt.bases
            ):
                names.add(stmt.name.value)
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if (
                    isinstance(small, cst.Assign)
                    and isinstance(small.value, cst.Call)
                    and self.ctx.qualified_name(small.value.func) == "collections.namedtuple"
                ):
                    for target in small.targets:
                        if isinstance(target.target, cst.Name):
                            names.add(target.target.value)
        return names

    def _init_values(self, owner: str) -> list[tuple[str, cst.BaseExpression]]:
        """``(attr, value)`` of each ``self.attr = value`` in the class's ``__init__``."""
        init = self._init(owner)
        if init is None:
            return []
        pairs = []
        for small in _assignments(init.node.body):
            target = small.targets[0].target
            if (
                isinstance(target, cst.Attribute)
                and isinstance(target.value, cst.Name)
                and target.value.value == "self"
            ):
                pairs.append((target.attr.value, small.value))
        return pairs

    def _init(self, owner: str) -> Optional[FunctionInfo]:
        return next(
            (
                f
                for f in self.ctx.model.functions.values()
                if f.owner_class == owner and f.parent is None and f.node.name.value == "__init__"
            ),
            None,
        )

    def _attributes(self, owner: str) -> dict[str, str]:
        found = self._by_class.get(owner)
        if found is not None:
            return found
        found = {}
        init = self._init(owner)
        annotated = class_annotations(self.ctx, owner)
        if init is not None:
            self._only_if.setdefault(owner, self._conditional(owner, init.node, annotated))
            params = {p.name.value: p for p in init.node.params.params}
            defaults = {
                name: p.default
                for name, p in params.items()
                if p.default is not None and not assignments(init.node, name)
            }
            for small in _assignments(init.node.body):
                target = small.targets[0].target
                if (
                    isinstance(target, cst.Attribute)
                    and isinstance(target.value, cst.Name)
                    and target.value.value == "self"
                    and target.attr.value not in annotated
                ):
                    what = self._value(small.value, params)
                    if what is None and self._only_binding(init.node, target.attr.value):
                        # Bound once: another binding may be what the defaults build
                        # (`self.act = self._gelu_python` / `else: self.act = F.gelu`).
                        what = self._bound_method(small.value, owner)
                    if what is None:
                        what = self._bound_in_every_binding(init.node, target.attr.value, owner)
                    if what is None:
                        what = self._table_entry(small.value, init.node, defaults, params, owner)
                    if what is None and _holds_lambda(small.value, defaults):
                        what = LAMBDA
                    if what is None and self._only_binding(init.node, target.attr.value):
                        held = self._held_class(small.value, defaults, owner, init.node)
                        if held is not None:
                            what = f"{CLASS_HELD} (`{held}`)"
                        elif _nested_empty(small.value):
                            what = NESTED_EMPTY
                    if what is None:
                        what = self._empty_by_defaults(
                            init.node, target.attr.value, small, defaults
                        )
                    if what is None:
                        what = self._empty_config_field(init.node, target.attr.value, small, owner)
                    if what is None and self._only_binding(init.node, target.attr.value):
                        what = self._numpy_int(small.value, init.node, params, owner)
                    if (
                        what is None
                        and type(small.value) is cst.Name
                        and small.value.value in params
                        and not assignments(init.node, small.value.value)
                        and self._only_binding(init.node, target.attr.value)
                    ):
                        what = self._passed_callable(owner, init.node, small.value.value)
                    if what is not None:
                        found.setdefault(target.attr.value, what)
            # `self.X: List[T] = []`: TorchScript reads class-body annotations, not this one.
            for small in _annotated_assignments(init.node.body):
                attr = self_attribute(small.target)
                if attr is None or attr in annotated or small.value is None:
                    continue
                kind = _empty_with(small.value, defaults)
                if kind in ("list", "dict") and self._only_binding(init.node, attr):
                    found.setdefault(
                        attr,
                        f"an empty {kind} (TorchScript types a module attribute from its value "
                        "and the class body's annotations; it does not read the annotation of "
                        f"`self.{attr}: ... = ...` in `__init__`)",
                    )
        for attr, what in self._base_dataclasses(owner).items():
            if attr not in annotated:
                found.setdefault(attr, what)
        for attr, what in self._base_lambdas(owner).items():
            if attr not in annotated:
                found.setdefault(attr, what)
        for attr, what in self._plain_objects(owner).items():
            if attr not in annotated:
                found.setdefault(attr, what)
        self._by_class[owner] = found
        return found

    # -- an attribute `__init__` binds to values of different kinds on different paths
    def _kind_by_branch(self, node: cst.Attribute, use: str, attr_read: str = "") -> None:
        """``self.init(x)``, ``self.init.unsqueeze(0)`` or ``self.proc[-1]`` in compiled code,
        where ``__init__`` binds ``self.init`` to a module on one path and to a tensor (or
        None) on another, or ``self.proc`` to a plain module on one path and to a container on
        another: TorchScript compiles every branch of a test it cannot fold (a plain bool
        attribute), so a module built the other way fails on this read whatever guards it
        (torch 2.13: cannot call a value of type 'Tensor' / 'NoneType'; Module 'Linear' has no
        attribute 'unsqueeze'; Only ModuleList, Sequential, ... are subscriptable)."""
        owner = self._owner()
        attr = self_attribute(node)
        if owner is None or attr is None or not self._module_method():
            return
        kinds = self._branch_kinds(owner).get(attr)
        if kinds is None or pruned_by_constant(self.ctx):
            return
        if use == "call":
            failing = [k for k in ("tensor", "none") if k in kinds]
            error = {
                "tensor": "cannot call a value of type 'Tensor'",
                "none": "cannot call a value of type 'NoneType'",
            }
        elif use == "attribute":
            if attr_read not in _tensor_methods() or attr_read in MODULE_TENSOR_ATTRIBUTES:
                return
            failing = [k for k in ("module", "container") if k in kinds]
            error = {
                k: f"Module '{kinds[k][1].rpartition('.')[2]}' has no attribute '{attr_read}'"
                for k in failing
            }
        else:
            failing = [k for k in ("module",) if k in kinds]
            error = {
                "module": "Only ModuleList, Sequential, ModuleDict, ParameterList, and "
                "ParameterDict modules are subscriptable"
            }
        if not failing:
            return
        kind = failing[0]
        if self._guarded_by_attribute(node, attr):
            return
        held, _, line = kinds[kind]
        others = " and ".join(sorted({v[0] for k, v in kinds.items() if k != kind}))
        what = {"call": "call", "attribute": "read", "subscript": "index"}[use]
        self.report(
            node,
            f"`self.{attr}` holds {held} when `__init__` takes the path that binds it on line "
            f"{line}, and {others} on another: TorchScript compiles this "
            f"{what} whichever "
            f"way the module was built, so scripting one built that way fails (torch 2.13: "
            f"{error[kind]}); give the two values attributes of their own, or hold one kind "
            "on every path (`nn.Identity()`, a module wrapping the tensor)",
        )

    def _branch_kinds(self, owner: str) -> dict[str, dict[str, tuple[str, str, int]]]:
        """Attributes ``__init__`` (and no other method) binds more than once, each time to a
        value of a known kind, of two kinds or more: kind -> (how the message says it, its
        class's qualified name, the line of the first such binding). Kinds: ``module`` (a
        module class that is no container), ``container`` (``nn.Sequential``, ...),
        ``tensor`` (``nn.Parameter(...)``) and ``none``."""
        cache = self.__dict__.setdefault("_branch_kinds_cache", {})
        if owner in cache:
            return cache[owner]  # type: ignore[no-any-return]
        found: dict[str, dict[str, tuple[str, str, int]]] = {}
        cache[owner] = found
        init = self._init(owner)
        if init is None or has_constants(self.ctx, owner):
            return found
        code = cst.Module([]).code_for_node(init.node)
        if "setattr" in code or "__dict__" in code:
            return found
        methods = [m for m in class_methods(self.ctx, owner) if m is not init.node]
        annotated = class_annotations(self.ctx, owner)
        names = {
            name
            for small in _assignments(init.node.body)
            if (name := self_attribute(small.targets[0].target)) is not None
        }
        for attr in sorted(names - set(annotated)):
            values = self_assignments(init.node, attr)
            if len(values) < 2 or any(v is None for v in values):
                continue
            if any(self_assignments(m, attr) for m in methods):
                continue
            kinds: dict[str, tuple[str, str, int]] = {}
            for value in values:
                kind = self._value_kind(value)  # type: ignore[arg-type]
                if kind is None:
                    break
                line = self.ctx.position(value).start.line  # type: ignore[arg-type]
                kinds.setdefault(kind[0], (kind[1], kind[2], line))
            else:
                if len(kinds) > 1:
                    found[attr] = kinds
        return found

    def _value_kind(self, value: cst.BaseExpression) -> Optional[tuple[str, str, str]]:
        if is_none(value):
            return ("none", "None", "")
        if type(value) is not cst.Call:
            return None
        name = self.ctx.qualified_name(value.func)  # type: ignore[attr-defined]
        if name is None:
            return None
        short = name.rpartition(".")[2]
        if name in PARAMETER_CALLS:
            return ("tensor", "an `nn.Parameter`", name)
        if name in SUBSCRIPTABLE_MODULES:
            return ("container", f"an `nn.{short}`", name)
        if is_torch_module_class(name) or self.ctx.index.is_module_class(name):
            return ("module", f"a `{short}` module", name)
        return None

    def _guarded_by_attribute(self, node: cst.CSTNode, attr: str) -> bool:
        """Whether a test in the function (of an ``if``, a ``while``, a conditional
        expression or a boolean operation; one before the read may return early) reads
        ``self.<attr>``: TorchScript folds ``is None``, ``hasattr`` and ``isinstance`` of a
        module attribute (torch 2.13 compiles one side of ``isinstance(self.proc,
        nn.Linear)``), so such a read may be the side it drops."""
        function = self.ctx.function
        if function is None:
            return True
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            tests: list[cst.CSTNode] = []
            if type(child) in (cst.If, cst.While, cst.IfExp):
                tests.append(child.test)  # type: ignore[attr-defined]
            elif type(child) is cst.BooleanOperation:
                tests.append(child.left)  # type: ignore[attr-defined]
            for test in tests:
                walk(test, look, lambda inner: None)
            return False if found else None

        def look(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            found = found or self_attribute(child) == attr
            return False if found else None

        walk(function, enter, lambda child: None)
        return found

    # -- a module container indexed where an annotation names one module class
    def _annotated_index(self, node: cst.Subscript) -> None:
        """``return self.layers[-1]`` in a function annotated ``-> nn.Linear`` (through a
        conditional expression too), or ``last: nn.Linear = self.layers[0]``, where
        ``__init__`` fills the ``nn.Sequential`` / ``nn.ModuleList`` with a module of another
        class (``nn.ReLU()``): given a module class as the expected type, TorchScript checks
        every item of the container against it, whatever the index (torch 2.13: Attribute 1
        is not of annotated type __torch__.torch.nn.modules.linear.Linear)."""
        owner = self._owner()
        attr = self_attribute(node.value)
        function = self.ctx.function
        holder = owner
        if owner is not None and attr is None and type(node.value) is cst.Attribute:
            # `self.memory.net[-1]`: the container a submodule of a project class keeps,
            # filled by that class's `__init__` in this file.
            sub = self_attribute(node.value.value)
            held = self.ctx.index.attribute_class(owner, sub) if sub is not None else None
            if held is not None and self.ctx.index.is_module_class(held):
                holder, attr = held, node.value.attr.value
        if (
            owner is None
            or holder is None
            or attr is None
            or function is None
            or not self._module_method()
        ):
            return
        if pruned_by_constant(self.ctx) or not self.ctx.statements:
            return
        statement = self.ctx.statements[-1]
        expected: Optional[cst.BaseExpression] = None
        if type(statement) is cst.SimpleStatementLine:
            for small in statement.body:  # type: ignore[attr-defined]
                if type(small) is cst.Return and small.value is not None:
                    if function.returns is not None and node in _result_values(small.value):
                        expected = function.returns.annotation
                elif type(small) is cst.AnnAssign and small.value is node:
                    expected = small.annotation.annotation
        if expected is None:
            return
        wanted = self.ctx.qualified_name(expected)
        if wanted is None or not (
            is_torch_module_class(wanted) or self.ctx.index.is_module_class(wanted)
        ):
            return
        items = self._container_items(holder, attr)
        if not items:
            return
        others = sorted({name for name in items if name != wanted})
        if not others:
            return
        short = wanted.rpartition(".")[2]
        shown = ", ".join(f"`{name.rpartition('.')[2]}`" for name in others)
        spelled = cst.Module([]).code_for_node(node.value)
        init = "`__init__`" if holder == owner else f"`{holder.rpartition('.')[2]}.__init__`"
        self.report(
            node,
            f"`{spelled}` is a module container that {init} fills with {shown} beside "
            f"`{short}`, indexed where `{short}` is the expected type: TorchScript then checks "
            "every item of the container against that class, whatever the index, so "
            f"scripting fails (torch 2.13: Attribute ... is not of annotated type "
            f"...{short}); drop the annotation, or keep the `{short}` in an attribute of its "
            "own",
        )

    def _container_items(self, owner: str, attr: str) -> list[str]:
        """Qualified names of the module classes ``__init__`` puts into ``self.<attr>``, an
        ``nn.Sequential`` / ``nn.ModuleList`` it binds (on any path, every binding one): calls
        of module classes in its display, or in a local list it unpacks / passes
        (``nn.Sequential(*layers)``) that ``__init__`` builds by a display, ``append`` and
        ``extend`` of displays. Empty where an item is anything else."""
        init = self._init(owner)
        if init is None:
            return []
        values = self_assignments(init.node, attr)
        if not values or any(v is None for v in values):
            return []
        if any(
            self_assignments(m, attr) for m in class_methods(self.ctx, owner) if m is not init.node
        ):
            return []
        found: list[str] = []
        for value in values:
            if type(value) is not cst.Call:
                return []
            name = self.ctx.qualified_name(value.func)  # type: ignore[attr-defined]
            if name not in MODULE_SEQUENCES:
                if name is not None and (
                    is_torch_module_class(name) or self.ctx.index.is_module_class(name)
                ):
                    continue  # a plain module on this path: not this check's
                return []
            elements: list[cst.BaseExpression] = []
            for arg in value.args:  # type: ignore[attr-defined]
                if arg.keyword is not None:
                    return []
                if arg.star == "*" and type(arg.value) is cst.Name:
                    local = self._local_list(init.node, arg.value.value)
                    if local is None:
                        return []
                    elements.extend(local)
                elif arg.star:
                    return []
                elif type(arg.value) in (cst.List, cst.Tuple):
                    if any(type(e) is cst.StarredElement for e in arg.value.elements):
                        return []
                    elements.extend(e.value for e in arg.value.elements)
                elif type(arg.value) is cst.Name and name.endswith("ModuleList"):
                    local = self._local_list(init.node, arg.value.value)
                    if local is None:
                        return []
                    elements.extend(local)
                else:
                    elements.append(arg.value)
            for element in elements:
                if type(element) is not cst.Call:
                    return []
                item = self.ctx.qualified_name(element.func)
                if item is None or not (
                    is_torch_module_class(item) or self.ctx.index.is_module_class(item)
                ):
                    return []
                found.append(item)
        return found

    def _local_list(
        self, function: cst.FunctionDef, name: str
    ) -> Optional[list[cst.BaseExpression]]:
        """The items ``function`` puts into the local list ``name``: one binding to a list
        display (annotated or not), then only ``name.append(x)`` / ``name.extend([...])``
        calls on it. None where it does anything else with it (another binding, an index
        store, another method)."""
        items: list[cst.BaseExpression] = []
        bound = 0
        ok = True

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal bound, ok
            if type(child) in (cst.FunctionDef, cst.Lambda, cst.ClassDef) and child is not function:
                return False
            if type(child) is cst.Assign:
                for target in child.targets:  # type: ignore[attr-defined]
                    if type(target.target) is cst.Name and target.target.value == name:
                        bound += 1
                        if type(child.value) is not cst.List:  # type: ignore[attr-defined]
                            ok = False
                        else:
                            items.extend(e.value for e in child.value.elements)  # type: ignore[attr-defined]
            elif type(child) is cst.AnnAssign and type(child.target) is cst.Name:  # type: ignore[attr-defined]
                if child.target.value == name:  # type: ignore[attr-defined]
                    bound += 1
                    if type(child.value) is not cst.List:  # type: ignore[attr-defined]
                        ok = False
                    else:
                        items.extend(e.value for e in child.value.elements)  # type: ignore[attr-defined]
            elif type(child) is cst.AugAssign and type(child.target) is cst.Name:  # type: ignore[attr-defined]
                if child.target.value == name:  # type: ignore[attr-defined]
                    ok = False
            elif (
                type(child) is cst.Attribute
                and type(child.value) is cst.Name  # type: ignore[attr-defined]
                and child.value.value == name  # type: ignore[attr-defined]
                and child.attr.value not in ("append", "extend")  # type: ignore[attr-defined]
            ):
                ok = False
            elif (
                type(child) is cst.Call
                and type(child.func) is cst.Attribute  # type: ignore[attr-defined]
                and type(child.func.value) is cst.Name  # type: ignore[attr-defined]
                and child.func.value.value == name  # type: ignore[attr-defined]
            ):
                args = child.args  # type: ignore[attr-defined]
                if len(args) != 1 or args[0].keyword is not None or args[0].star:
                    ok = False
                elif child.func.attr.value == "append":  # type: ignore[attr-defined]
                    items.append(args[0].value)
                elif type(args[0].value) in (cst.List, cst.Tuple):
                    items.extend(e.value for e in args[0].value.elements)
                else:
                    ok = False
            return None

        walk(function, enter, lambda child: None)
        if not ok or bound != 1 or any(type(i) is cst.StarredElement for i in items):
            return None
        return items

    def _base_lambdas(self, owner: str) -> dict[str, str]:
        """``self.c1d = lambda s, k: ...`` in the ``__init__`` of a base of ``owner`` defined in
        this file (every binding the base makes of it a lambda, whatever its arguments), the
        attribute bound by no class before it in the resolution order: a subclass that
        inherits the ``__init__`` (or calls it through ``super()``) holds the lambda too, which
        TorchScript fails to compile (torch 2.13: Module has no attribute 'c1d' (This function
        exists as an attribute on the Python module, but we failed to compile it ...))."""
        found: dict[str, str] = {}
        shadowed: set[str] = set()
        for position, (name, _, cls) in enumerate(self.ctx.index.mro(owner)):
            init = self._init(name) if position > 0 else None
            if init is not None:
                code = cst.Module([]).code_for_node(init.node)
                if "setattr" not in code and "__dict__" not in code:
                    for attr in cls.attributes:
                        if attr in shadowed or attr in found:
                            continue
                        values = self_assignments(init.node, attr)
                        if values and all(type(v) is cst.Lambda for v in values):
                            found[attr] = LAMBDA
            shadowed |= set(cls.attributes) | set(cls.param_classes)
        return found

    def _plain_objects(self, owner: str) -> dict[str, str]:
        """``self._wiring = wiring`` in the ``__init__`` (this file) of ``owner`` or of a base,
        ``wiring`` a parameter without a default annotated with a plain Python class (its
        class statement and its bases read, from the project or an installed library, none
        decorated, no module, enum or named tuple: ``wiring: AutoNCP``), the attribute bound
        nowhere else: TorchScript converts no instance of such a class to a module attribute
        (torch 2.13: failed to convert Python type: 'ncps.wirings.wirings.AutoNCP' to a
        TorchScript type), so a compiled read of it fails."""
        found: dict[str, str] = {}
        shadowed: set[str] = set()
        for name, _, cls in self.ctx.index.mro(owner):
            init = self._init(name)
            if init is not None:
                signature = init.node.params
                params = {
                    p.name.value: p
                    for p in [
                        *signature.posonly_params,
                        *signature.params,
                        *signature.kwonly_params,
                    ]
                }
                others = [m for m in class_methods(self.ctx, name) if m is not init.node]
                for attr, held in cls.param_classes.items():
                    if not held or attr in shadowed or attr in found:
                        continue
                    values = self_assignments(init.node, attr)
                    if len(values) != 1 or type(values[0]) is not cst.Name:
                        continue
                    param = params.get(values[0].value)  # type: ignore[union-attr]
                    if param is None or param.annotation is None or param.default is not None:
                        continue
                    if type(param.annotation.annotation) not in (cst.Name, cst.Attribute):
                        continue  # `Optional[...]`: None converts
                    if any(self_assignments(m, attr) for m in others):
                        continue
                    if self._plain_class(held, 0):
                        found[attr] = f"{PLAIN_OBJECT}: `{held}`"
                for attr, held in self._returned_plain_objects(init.node, params).items():
                    if attr in shadowed or attr in found:
                        continue
                    if not any(self_assignments(m, attr) for m in others):
                        found[attr] = f"{PLAIN_RETURNED}: `{held}`"
            shadowed |= set(cls.attributes) | set(cls.param_classes)
        return found

    def _returned_plain_objects(
        self, init: cst.FunctionDef, params: dict[str, cst.Param]
    ) -> dict[str, str]:
        """``self.plan = plan.resolve(lattice)`` in ``init``, the only binding of the attribute
        there: ``plan`` a parameter without a default annotated with a class of the project
        whose ``resolve`` method returns only instances of plain Python classes (``return
        ScanPlan(...)``): attr -> that class. TorchScript converts no such instance to a module
        attribute (torch 2.13: failed to convert Python type: '...ScanPlan')."""
        found: dict[str, str] = {}
        for statement in init.body.body:
            if type(statement) is not cst.SimpleStatementLine:
                continue
            for small in statement.body:
                if type(small) is not cst.Assign or len(small.targets) != 1:
                    continue
                target, value = small.targets[0].target, small.value
                if (
                    type(target) is not cst.Attribute
                    or type(target.value) is not cst.Name
                    or target.value.value != init.params.params[0].name.value
                    or type(value) is not cst.Call
                    or type(value.func) is not cst.Attribute
                    or type(value.func.value) is not cst.Name
                ):
                    continue
                attr = target.attr.value
                param = params.get(value.func.value.value)
                if (
                    param is None
                    or param.annotation is None
                    or param.default is not None
                    or type(param.annotation.annotation) not in (cst.Name, cst.Attribute)
                    or len(self_assignments(init, attr)) != 1
                ):
                    continue
                owner = self.ctx.qualified_name(param.annotation.annotation)
                info = self.ctx.index.class_info(owner) if owner else None
                method = info[1].methods.get(value.func.attr.value) if info else None
                if method is None:
                    continue
                made = set(method.returns_calls)
                if len(made) == 1 and self._plain_class(next(iter(made)), 0):
                    found[attr] = next(iter(made))
        return found

    def _plain_class(self, name: str, depth: int) -> bool:
        """Whether ``name`` is a plain Python class: of the project (no decorator, no module
        class, every base one too or ``object``), or of an installed library
        (``library_plain_class``)."""
        if depth > 8 or name in ("builtins.object", "object"):
            return depth > 0
        info = self.ctx.index.class_info(name)
        if info is None:
            return library_plain_class(name)
        cls = info[1]
        if cls.decorators or self.ctx.index.is_module_class(name):
            return False
        return all(self._plain_class(base, depth + 1) for base in cls.bases)

    def _base_dataclasses(self, owner: str) -> dict[str, str]:
        """``self.cfg = config`` in the ``__init__`` of a project base of ``owner`` (any file),
        ``config`` a parameter annotated with a dataclass of the project (or defaulting to an
        instance of one; ``ClassSummary.param_classes``), the attribute bound nowhere else in
        the chain before it: TorchScript converts no dataclass instance to a module attribute
        (torch 2.13: ``_jit_try_infer_type`` fails on one). ``owner``'s own ``__init__`` is
        read from source by ``_attributes``."""
        found: dict[str, str] = {}
        shadowed: set[str] = set()
        for position, (name, _, cls) in enumerate(self.ctx.index.mro(owner)):
            if position > 0:
                for attr, held in cls.param_classes.items():
                    if not held or attr in shadowed or attr in found:
                        continue
                    if is_dataclass(self.ctx, held):
                        base = name.rpartition(".")[2]
                        found[attr] = f"{BASE_DATACLASS}: `{held}` (`{base}.__init__`)"
            shadowed |= set(cls.attributes) | set(cls.param_classes)
        return found

    def _unconvertible_function(self, value: cst.BaseExpression) -> Optional[str]:
        """``operator.add`` (or ``operator.add if ... else operator.mul``, each branch one): a
        function a module cannot hold for TorchScript (the generated table
        ``attribute_callables_unconvertible``: builtins, ``operator`` and some ``math``
        functions; ``torch.add``, ``math.sqrt``, ``F.relu`` convert)."""
        branches = [value.body, value.orelse] if type(value) is cst.IfExp else [value]
        table = torchscript_table().get("attribute_callables_unconvertible", {})
        names = []
        for branch in branches:
            if type(branch) not in (cst.Name, cst.Attribute):
                return None
            name = self.ctx.qualified_name(branch)
            if name not in table:
                return None
            names.append(name)
        shown = " / ".join(f"`{n.removeprefix('builtins.')}`" for n in names)
        return f"a Python builtin function ({shown}: {table[names[0]]})"

    def _bound_method(self, value: cst.BaseExpression, owner: str) -> Optional[str]:
        """``self._attend_fused`` (or ``self.a if fused else self.b``, each branch one): a
        method of the class read without a call, a bound method, which TorchScript converts to
        no type (torch 2.13: failed to convert Python type: 'method')."""
        branches = [value]
        if type(value) is cst.IfExp:
            branches = [value.body, value.orelse]
        methods = {m.name.value for m in class_methods(self.ctx, owner)}
        names = [self_attribute(branch) for branch in branches]
        if not all(name is not None and name in methods for name in names):
            return None
        shown = " / ".join(f"`self.{name}`" for name in names)
        return f"a bound method ({shown})"

    def _under_flag(self, flags: list[str]) -> bool:
        """Whether an ``if`` / ``elif`` around the current node tests ``self.<flag>``."""
        for statement in self.ctx.statements:
            if type(statement) is cst.If:
                test = cst.Module([]).code_for_node(statement.test)
                if any(re.search(rf"\bself\.{flag}\b", test) for flag in flags):
                    return True
        return False

    def _bound_in_every_binding(
        self, init: cst.FunctionDef, attr: str, owner: str
    ) -> Optional[str]:
        """``if mode == 'a': self.op = self._a`` / ``elif ...: self.op = self._b``: every
        binding ``__init__`` makes of the attribute is a bound method, so the module holds one
        whichever branch its arguments take (torch 2.13: Module has no attribute 'op')."""
        code = cst.Module([]).code_for_node(init)
        if any(word in code for word in ("setattr", "__dict__")):
            return None
        values = self_assignments(init, attr)
        if len(values) < 2 or any(v is None for v in values):
            return None
        if any(self_assignments(m, attr) for m in class_methods(self.ctx, owner) if m is not init):
            return None
        found = [self._bound_method(v, owner) for v in values]  # type: ignore[arg-type]
        if not all(found):
            return None
        names = [cst.Module([]).code_for_node(v) for v in values]  # type: ignore[arg-type]
        return "a bound method ({})".format(" / ".join(f"`{n}`" for n in names))

    def _table_entry(
        self,
        value: cst.BaseExpression,
        init: cst.FunctionDef,
        defaults: dict[str, cst.BaseExpression],
        params: dict[str, cst.Param],
        owner: str,
    ) -> Optional[str]:
        """``self.act = ACTIVATIONS[act]``: an entry of a module-level dict display (bound
        once) picked by a literal key or by a parameter whose default and whose literal
        arguments at each construction of the class in this file are keys of it; reported
        when an entry so picked is a value TorchScript cannot type (`partial(F.gelu, ...)`:
        torch 2.13, Module has no attribute 'act')."""
        if type(value) is not cst.Subscript or type(value.value) is not cst.Name:
            return None
        if len(value.slice) != 1 or type(value.slice[0].slice) is not cst.Index:
            return None
        table = self._module_dict(value.value.value)
        if table is None:
            return None
        key = value.slice[0].slice.value
        keys: list[cst.BaseExpression] = []
        if type(key) is cst.Name:
            name = key.value
            if name not in defaults or name not in params:
                return None
            keys.append(defaults[name])
            cls = class_def(self.ctx, owner)
            sites = _constructions(self.ctx, cls) if cls is not None else None
            if sites is None:
                return None  # the class named otherwise: arguments unknown
            names = [p.name.value for p in init.params.params]
            for site in sites:
                if any(a.star for a in site):
                    return None
                positional = [a.value for a in site if a.keyword is None]
                by_name = {a.keyword.value: a.value for a in site if a.keyword is not None}
                if name in by_name:
                    keys.append(by_name[name])
                elif names.index(name) - 1 < len(positional):
                    keys.append(positional[names.index(name) - 1])
        else:
            keys.append(key)
        for key in keys:
            literal = literal_value(key, {})
            if literal is ...:
                continue
            entry = next(
                (
                    e.value
                    for e in table.elements
                    if type(e) is cst.DictElement and literal_value(e.key, {}) == literal
                ),
                None,
            )
            if entry is None:
                continue
            what = self._value(entry, {})
            if what is not None:
                table_name = value.value.value
                return f"{what} (the entry {literal!r} of `{table_name}`)"
        return None

    def _module_dict(self, name: str) -> Optional[cst.Dict]:
        """The dict display a module-level name is bound to, when one statement binds it."""
        if bound_elsewhere(self.ctx, name):
            return None
        for stmt in self.ctx.module.body:
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in stmt.body:
                if (
                    type(small) is cst.Assign
                    and len(small.targets) == 1
                    and type(small.targets[0].target) is cst.Name
                    and small.targets[0].target.value == name
                    and type(small.value) is cst.Dict
                ):
                    return small.value
        return None

    def _held_class(
        self,
        value: cst.BaseExpression,
        defaults: dict[str, cst.BaseExpression],
        owner: str,
        init: cst.FunctionDef,
        depth: int = 0,
    ) -> Optional[str]:
        """The code of the class ``value`` is with the constructor's defaults: a class named
        (`nn.GELU`, a class of the project, `float`), a parameter defaulting to one that no
        call of the class in the file passes anything but a class, or the class
        ``act or nn.ReLU`` / ``a if c else b`` picks with the defaults."""
        if depth > 4:
            return None
        if type(value) is cst.Name and value.value in defaults:
            if self._passed_other(owner, init, value.value):
                return None
            return self._held_class(defaults[value.value], {}, owner, init, depth + 1)
        if type(value) is cst.IfExp:
            taken = value_with(value.test, defaults)
            if taken is None:
                return None
            branch = value.body if taken else value.orelse
            return self._held_class(branch, defaults, owner, init, depth + 1)
        if type(value) is cst.BooleanOperation and type(value.operator) is cst.Or:
            if value_with(value.left, defaults) is not False:
                return None
            return self._held_class(value.right, defaults, owner, init, depth + 1)
        if self._is_class(value):
            return cst.Module([]).code_for_node(value)
        return None

    def _is_class(self, value: cst.BaseExpression) -> bool:
        """A name or dotted name that surely is a class: a torch module class, a class of the
        project, or one of Python's own (`int`, `float`, ...)."""
        if type(value) not in (cst.Name, cst.Attribute):
            return False
        name = self.ctx.qualified_name(value)
        if name is None:
            return False
        if name in BUILTIN_CLASSES or is_torch_module_class(name):
            return True
        return self.ctx.index.class_info(name) is not None

    def _numpy_int(
        self,
        value: cst.BaseExpression,
        init: cst.FunctionDef,
        params: dict[str, cst.Param],
        owner: str,
    ) -> Optional[str]:
        """``np.prod(shape)`` / ``np.sum([2, 3])`` of ints (a display of int literals, or a
        parameter of ``__init__`` never rebound whose default and whose argument at each
        construction of the class in this file is one), or ``np.int64(...)``: a NumPy integer
        scalar, which subclasses no Python int (a float reduction gives ``numpy.float64``, a
        float, which TorchScript takes)."""
        scalar = self._numpy_scalar(value)
        if scalar is not None:
            shown = scalar.replace("numpy.", "np.")
            if scalar in NUMPY_INT_TYPES:
                return f"a NumPy integer (`{shown}`, which subclasses no Python int)"
            return f"a NumPy scalar (`{shown}`, which subclasses no Python number)"
        if type(value) is not cst.Call or not value.args:
            return None
        name = self.ctx.qualified_name(value.func) or ""
        if name not in NUMPY_INT_REDUCTIONS or len(value.args) != 1:
            return None
        arg = value.args[0]
        if arg.keyword is not None or arg.star:
            return None
        if not self._int_sequence(arg.value, init, params, owner):
            return None
        return f"a NumPy integer (`{name.replace('numpy.', 'np.')}(...)` of ints: a numpy.int64)"

    def _numpy_scalar(self, value: cst.BaseExpression, depth: int = 0) -> Optional[str]:
        """The NumPy scalar type (``numpy.float32``...) ``value`` surely makes, one that
        subclasses no Python number: ``np.float32(...)`` (``np.int8``, ``np.bool_``...), a float
        one's ``np.sqrt`` / ``np.exp``..., ``-v``, and arithmetic of two of one type or of one
        and a number literal NumPy takes as weak (an int; a float for a float type)."""
        if depth > 6:
            return None
        if type(value) is cst.Call and len(value.args) == 1 and not value.args[0].star:
            name = self.ctx.qualified_name(value.func) or ""
            if value.args[0].keyword is not None:
                return None
            if name in NUMPY_SCALAR_TYPES:
                return name
            if name in NUMPY_FLOAT_UFUNCS:
                inner = self._numpy_scalar(value.args[0].value, depth + 1)
                return inner if inner in NUMPY_FLOAT_TYPES else None
            return None
        if type(value) is cst.UnaryOperation and type(value.operator) is cst.Minus:
            return self._numpy_scalar(value.expression, depth + 1)
        if type(value) is cst.BinaryOperation and type(value.operator) in (
            cst.Add,
            cst.Subtract,
            cst.Multiply,
            cst.Divide,
        ):
            left = self._numpy_scalar(value.left, depth + 1)
            right = self._numpy_scalar(value.right, depth + 1)
            if left is not None and left == right:
                return (
                    left
                    if type(value.operator) is not cst.Divide or left in NUMPY_FLOAT_TYPES
                    else None
                )
            scalar, other = (left, value.right) if left is not None else (right, value.left)
            if scalar is None or (left is not None and right is not None):
                return None
            literal = literal_type(other)
            if scalar in NUMPY_FLOAT_TYPES and literal in ("int", "float"):
                return scalar
        return None

    def _int_sequence(
        self,
        value: cst.BaseExpression,
        init: cst.FunctionDef,
        params: dict[str, cst.Param],
        owner: str,
    ) -> bool:
        if type(value) in (cst.Tuple, cst.List):
            elements = value.elements  # type: ignore[attr-defined]
            return bool(elements) and all(
                type(e) is cst.Element and literal_type(e.value) == "int" for e in elements
            )
        if type(value) is not cst.Name or value.value not in params:
            return False
        param = params[value.value]
        if param.default is None or assignments(init, value.value):
            return False
        if not self._int_sequence(param.default, init, {}, owner):
            return False
        cls = class_def(self.ctx, owner)
        sites = _constructions(self.ctx, cls) if cls is not None else None
        if sites is None:
            return False
        names = [p.name.value for p in init.params.params]
        position = names.index(value.value) - 1
        for site in sites:
            if any(a.star for a in site):
                return False
            given = [
                a.value for a in site if a.keyword is not None and a.keyword.value == value.value
            ]
            positional = [a.value for a in site if a.keyword is None]
            if position < len(positional):
                given.append(positional[position])
            if any(not self._int_sequence(g, init, {}, owner) for g in given):
                return False
        return True

    def _passed_callable(self, owner: str, init: cst.FunctionDef, param: str) -> Optional[str]:
        """``self.upsample = upsample`` where a call of the class in this file passes
        ``upsample`` a ``functools.partial(...)`` or an ``operator`` callable object (by
        keyword or at its position): the module so built holds a value TorchScript converts
        to no type (torch 2.13: failed to convert Python type: 'functools.partial')."""
        names = [p.name.value for p in init.params.params]
        position = names.index(param) - 1 if param in names else None
        short = owner.rsplit(".", 1)[-1]
        found: list[str] = []

        def callable_object(value: cst.BaseExpression) -> None:
            if type(value) is cst.Call and not found:
                name = self.ctx.qualified_name(value.func)
                if name in PARTIALS or name in OPERATOR_CALLABLES:
                    found.append(name)

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if type(node) is not cst.Call:
                return None
            func = node.func
            called = (
                func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
            )
            if called != short:
                return None
            positional = 0
            for arg in node.args:
                if arg.star:
                    return None
                if arg.keyword is not None:
                    if arg.keyword.value == param:
                        callable_object(arg.value)
                else:
                    if positional == position:
                        callable_object(arg.value)
                    positional += 1
            return None

        walk(self.ctx.module, enter, lambda node: None)
        if not found:
            return None
        return (
            f"{PASSED_CALLABLE}: a `{found[0]}` object, given for `{param}` where the file "
            f"builds `{short}(...)`"
        )

    def _passed_other(self, owner: str, init: cst.FunctionDef, param: str) -> bool:
        """Whether a call of the class in this file may give ``param`` a value that is not
        surely a class (by keyword, at its position, or through ``*args`` / ``**kwargs``)."""
        names = [p.name.value for p in init.params.params]
        position = names.index(param) - 1 if param in names else None
        short = owner.rsplit(".", 1)[-1]
        found = False

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if type(node) is not cst.Call:
                return None
            func = node.func
            called = (
                func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
            )
            if called != short:
                return None
            positional = 0
            for arg in node.args:
                if arg.star:
                    found = True
                elif arg.keyword is not None:
                    if arg.keyword.value == param and not self._is_class(arg.value):
                        found = True
                else:
                    if positional == position and not self._is_class(arg.value):
                        found = True
                    positional += 1
            return None

        walk(self.ctx.module, enter, lambda node: None)
        return found

    def _empty_by_defaults(
        self,
        init: cst.FunctionDef,
        attr: str,
        small: cst.Assign,
        defaults: dict[str, cst.BaseExpression],
    ) -> Optional[str]:
        """`self.stages = list(stages or [])` with `stages=None`: an empty list or dict with the
        constructor's defaults, `__init__` binding the attribute only there."""
        if type(small.value) in (cst.List, cst.Dict, cst.Name) or not defaults:
            return None
        kind = _empty_with(small.value, defaults)
        if kind not in ("list", "dict") or not self._only_binding(init, attr):
            return None
        code = cst.Module([]).code_for_node(small.value)
        return f"an empty {kind} with the constructor's defaults (`{code}`)"

    def _module_element(self, element: cst.BaseElement) -> bool:
        """An element that is surely a module: a submodule attribute (``self.fc``) or a call
        of a torch or project module class."""
        if isinstance(element, cst.StarredElement):
            return False
        value = element.value
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        attr = self_attribute(value)
        index = self.ctx.index
        if attr is not None and owner is not None:
            cls = index.attribute_class(owner, attr)
            if cls is None:
                return index.attribute_marker(owner, attr) == "<modules>"
            return is_torch_module_class(cls) or index.is_module_class(cls)
        if isinstance(value, cst.Call):
            name = self.ctx.qualified_name(value.func)
            return name is not None and (is_torch_module_class(name) or index.is_module_class(name))
        return False

    def _modules_inside(self, value: cst.BaseExpression) -> Optional[str]:
        """A list or tuple whose items hold a module beside other values, or a module a
        comprehension takes from a module list: ``[(n, m) for n, m in zip(sizes,
        self.blocks)]``, ``[b for b in self.blocks]``, ``((1, nn.ReLU()), (2, nn.Tanh()))``,
        ``(1, nn.ReLU())``, ``list(zip(sizes, self.blocks))``. torch 2.13 infers a type for
        each item of a list or tuple attribute and has none for a module there (failed to
        convert Python type: 'list' ... Could not infer type of list element: Cannot infer
        concrete type of torch.nn.Module), while an `nn.ModuleList` holds modules only."""
        if isinstance(value, cst.ListComp):
            comp = value.for_in
            if comp.inner_for_in is not None or comp.asynchronous is not None:
                return None
            bound = self._module_items(comp.target, comp.iter)
            if bound and self._holds_module(value.elt, bound):
                return "a list holding modules (a comprehension over a module list)"
            return None
        if isinstance(value, (cst.List, cst.Tuple)) and value.elements:
            if any(isinstance(e, cst.StarredElement) for e in value.elements):
                return None
            if any(self._holds_module(e.value, {}) for e in value.elements):
                kind = "tuple" if isinstance(value, cst.Tuple) else "list"
                return f"a {kind} holding modules beside other values"
            return None
        if (
            isinstance(value, cst.Call)
            and self.ctx.qualified_name(value.func) in ("builtins.list", "builtins.tuple")
            and len(value.args) == 1
            and not value.args[0].keyword
            and not value.args[0].star
        ):
            source = value.args[0].value
            if isinstance(source, cst.Call) and self.ctx.qualified_name(source.func) in (
                "builtins.zip",
                "builtins.enumerate",
            ):
                target = cst.Tuple(
                    [cst.Element(cst.Name(f"_{i}")) for i in range(len(source.args))]
                )
                if any(self._module_items(target, source).values()):
                    return "a list holding modules (a zip or enumerate of a module list)"
        return None

    def _module_items(
        self, target: cst.BaseExpression, iterable: cst.BaseExpression
    ) -> dict[str, bool]:
        """The names ``for <target> in <iterable>`` binds, each with whether it is a module
        of an `nn.ModuleList` / `nn.Sequential` attribute (``zip`` and ``enumerate`` of one
        followed)."""
        if isinstance(target, cst.Name):
            return {target.value: self._module_sequence(iterable)}
        if not isinstance(target, cst.Tuple) or not isinstance(iterable, cst.Call):
            return {}
        name = self.ctx.qualified_name(iterable.func)
        args = iterable.args
        if any(a.keyword or a.star for a in args):
            return {}
        if name == "builtins.zip":
            sources = [a.value for a in args]
        elif name == "builtins.enumerate" and len(args) == 1:
            sources = [None, args[0].value]  # type: ignore[list-item]
        else:
            return {}
        if len(sources) != len(target.elements):
            return {}
        return {
            e.value.value: source is not None and self._module_sequence(source)
            for e, source in zip(target.elements, sources)
            if isinstance(e.value, cst.Name)
        }

    def _module_sequence(self, value: cst.BaseExpression) -> bool:
        """``self.<attr>`` holding an `nn.ModuleList` or `nn.Sequential` (its items are
        modules)."""
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        if self.ctx.index.attribute_class(info.owner_class, attr) in MODULE_SEQUENCES:
            return True
        init = self._init(info.owner_class)
        if init is None:
            return False
        values = self_assignments(init.node, attr)
        return bool(values) and all(
            isinstance(v, cst.Call) and self.ctx.qualified_name(v.func) in MODULE_SEQUENCES
            for v in values
        )

    def _holds_module(self, value: cst.BaseExpression, bound: dict[str, bool]) -> bool:
        """A module, a comprehension name bound to one, or a tuple / list display holding
        one."""
        if isinstance(value, cst.Name) and value.value in bound:
            return bound[value.value]
        if isinstance(value, (cst.Tuple, cst.List)):
            return any(
                not isinstance(e, cst.StarredElement) and self._holds_module(e.value, bound)
                for e in value.elements
            )
        return self._module_element(cst.Element(value))

    @staticmethod
    def _only_binding(init: cst.FunctionDef, attr: str) -> bool:
        """``__init__`` binds ``self.<attr>`` once and neither grows it nor may set it by name."""
        code = cst.Module([]).code_for_node(init)
        if any(word in code for word in ("setattr", "__dict__")):
            return False
        if re.search(rf"self\.{attr}\s*(\.|\[|\+=|\|=)", code):
            return False
        return len(re.findall(rf"self\.{attr}\s*(:[^=\n]*)?=(?!=)", code)) == 1

    def _built_with(
        self,
        owner: str,
        init: cst.FunctionDef,
        defaults: dict[str, cst.BaseExpression],
        mirrors: dict[str, list[str]],
    ) -> list[dict[str, cst.BaseExpression]]:
        """For each call of the class in this file that passes a parameter ``__init__`` does
        not rebind, ``defaults`` with the arguments it passes (and the attributes mirroring
        them): ``HEncLayer(chin, chout, empty=last_freq)`` makes ``self.empty`` stand for
        ``last_freq``, which no literal decides. A ``*args`` call is left out; ``**kwargs``
        adds nothing."""
        cls = class_def(self.ctx, owner)
        if cls is None:
            return []
        sites: list[Sequence[cst.Arg]] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if (
                type(node) is cst.Call
                and type(node.func) is cst.Name  # type: ignore[attr-defined]
                and node.func.value == cls.name.value  # type: ignore[attr-defined]
            ):
                sites.append(node.args)  # type: ignore[attr-defined]
            return None

        walk(self.ctx.module, enter, lambda node: None)
        names = [p.name.value for p in init.params.params]
        found: list[dict[str, cst.BaseExpression]] = []
        for site in sites:
            positional = [a for a in site if a.keyword is None and not a.star]
            if any(a.star == "*" for a in site) or len(positional) > len(names) - 1:
                continue
            passed = {name: a.value for name, a in zip(names[1:], positional)}
            passed.update({a.keyword.value: a.value for a in site if a.keyword is not None})
            passed = {k: v for k, v in passed.items() if k in names and not assignments(init, k)}
            if not passed:
                continue
            bound = dict(defaults)
            for name, value in passed.items():
                bound[name] = value
                for attr in mirrors.get(name, []):
                    bound[f"self.{attr}"] = value
            found.append(bound)
        return found

    def _conditional(
        self, owner: str, init: cst.FunctionDef, annotated: set[str]
    ) -> dict[str, str]:
        """Attributes ``__init__`` sets only inside ``if <test>:`` whose test is false with
        the constructor's defaults (``if use_batch_norm:`` with ``use_batch_norm=False``):
        a module built that way has no such attribute, and TorchScript compiles every branch
        that reads it (a test on a ``Final`` constant aside, which it prunes)."""
        if has_constants(self.ctx, owner):
            return {}
        defaults = {
            p.name.value: p.default
            for p in init.params.params
            if p.default is not None and not assignments(init, p.name.value)
        }
        everywhere = _attribute_counts(init.body)
        mirrors: dict[str, list[str]] = {}  # parameter -> the attributes set to it
        # Every parameter's mirrors, and attributes `__init__` binds once, at its top, to a
        # test of them (`self.project: bool = self.in_dim != self.out_dim`): what the
        # constructions of the class in this file decide.
        every_mirror: dict[str, list[str]] = {}
        derived: dict[str, cst.BaseExpression] = {}
        names = {p.name.value for p in init.params.params} - {"self"}
        # `self.mode = mode` at the top of `__init__`: `self.mode` stands for the parameter.
        for stmt in init.body.body:
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in stmt.body:
                if type(small) is cst.AnnAssign and small.value is not None:
                    target, value = small.target, small.value
                elif type(small) is cst.Assign and len(small.targets) == 1:
                    target, value = small.targets[0].target, small.value
                else:
                    continue
                name = self_attribute(target)
                # (an annotated store is not among `everywhere`'s counts)
                if name is None or everywhere.get(name, 0) + (type(small) is cst.AnnAssign) != 1:
                    continue
                if type(value) is cst.Name and value.value in names:
                    if not assignments(init, value.value):
                        every_mirror.setdefault(value.value, []).append(name)
                    if type(small) is cst.Assign and value.value in defaults:
                        defaults[f"self.{name}"] = defaults[value.value]
                        mirrors.setdefault(value.value, []).append(name)
                elif type(value) in (cst.Comparison, cst.BooleanOperation, cst.UnaryOperation):
                    derived[f"self.{name}"] = value
        built = [
            {**derived, **bound} for bound in self._built_with(owner, init, defaults, every_mirror)
        ]
        found: dict[str, str] = {}
        for stmt in init.body.body:
            if type(stmt) is not cst.If:
                continue
            test = cst.Module([]).code_for_node(stmt.test)
            taken = value_with(stmt.test, defaults)
            if taken is not False and any(value_with(stmt.test, b) is False for b in built):
                # `if self.project:` false for a construction of the class in this file
                # (`GRN(input_dim=self.size, output_dim=self.size)`).
                taken, test = False, BUILT + test
            if taken is True and type(stmt.orelse) is cst.Else:
                # `if bias: ... else: self.register_buffer("bias_zero", ...)` with
                # `bias=True`: a module built with the defaults lacks the `else` side's.
                rest = [s for s in init.body.body if s is not stmt] + [stmt.body]
                negated = f"not ({test})"
                for name, count in _attribute_counts(stmt.orelse.body).items():
                    if any(_may_set_by_name(other, name) for other in rest):
                        continue
                    if count == everywhere.get(name) and name not in annotated:
                        found[name] = negated
                for name in _registered_names(stmt.orelse.body):
                    if name in everywhere or name in annotated:
                        continue
                    if not any(_may_set_by_name(other, name) for other in rest):
                        found[name] = negated
            if taken is not False:
                if not _builds_itself(self.ctx, stmt.body, owner):
                    continue
                # `if level > 0: self.left = Tree(level - 1)`: the recursion ends in a module
                # built with the test false.
                test = RECURSES + test
            # The rest of `__init__` (the `else` included): a `register_parameter("bias",
            # None)` there sets the attribute on the other path (torch 2.13 scripts it, None).
            others = [s for s in init.body.body if s is not stmt]
            if stmt.orelse is not None:
                others.append(stmt.orelse)
            body_only = 0
            for name, count in _attribute_counts(stmt.body).items():
                if any(_may_set_by_name(other, name) for other in others):
                    continue
                if count == everywhere.get(name) and name not in annotated:
                    found[name] = test
                    body_only += 1
            flags = sorted(
                {attr for name in _names_in(stmt.test) for attr in mirrors.get(name, [])}
            )
            if (
                body_only
                and flags
                and type(stmt.orelse) is cst.Else
                and not test.startswith(RECURSES)
            ):
                # `if adaptive: self.gate = ...` / `else: self.alpha = ...`: a module built
                # with the test true lacks the `else` side's attributes just as a default one
                # lacks the body's, and TorchScript compiles the reads of both.
                rest = [s for s in init.body.body if s is not stmt] + [stmt.body]
                for name, count in _attribute_counts(stmt.orelse.body).items():
                    if any(_may_set_by_name(other, name) for other in rest):
                        continue
                    if count == everywhere.get(name) and name not in annotated:
                        found[name] = ELSE + ",".join(flags) + ":" + test
                # `else: self.register_buffer("bias_zero", ...)`: a buffer set by name on
                # that path only.
                for name in _registered_names(stmt.orelse.body):
                    if name in everywhere or name in annotated:
                        continue
                    if any(_may_set_by_name(other, name) for other in rest):
                        continue
                    found[name] = ELSE + ",".join(flags) + ":" + test
        for name, test in _set_after_early_return(
            init, [defaults, *self._built_with(owner, init, defaults, mirrors)]
        ).items():
            if name not in annotated:
                found.setdefault(name, RETURNS + test)
        return found

    def _value(self, value: cst.BaseExpression, params: dict[str, cst.Param]) -> Optional[str]:
        if isinstance(value, cst.List) and not value.elements:
            return "an empty list"
        held = self._unconvertible_function(value)
        if held is not None:
            return held
        if (
            isinstance(value, (cst.List, cst.Tuple))
            and value.elements
            and all(self._module_element(e) for e in value.elements)
        ):
            # torch 2.13: failed to convert Python type: 'tuple' / 'list' (a plain sequence
            # of modules is no module container).
            kind = "tuple" if isinstance(value, cst.Tuple) else "list"
            return f"a plain {kind} of modules"
        if isinstance(value, cst.ListComp) and self._module_element(cst.Element(value.elt)):
            return "a plain list of modules"  # `[nn.Linear(d, d) for _ in range(depth)]`
        inside = self._modules_inside(value)
        if inside is not None:
            return inside
        if isinstance(value, cst.Dict) and not value.elements:
            return "an empty dict"
        held = self._functions_held(value)
        if held is not None:
            return held
        if isinstance(value, (cst.Set, cst.SetComp)):
            return "a set"
        if isinstance(value, cst.Call):
            name = self.ctx.qualified_name(value.func)
            if name in ("builtins.set", "builtins.frozenset"):
                # TorchScript has no set type, whatever the elements (torch 2.13: failed to
                # convert Python type: 'set' / 'frozenset').
                return "a set" if name == "builtins.set" else "a frozenset"
            if name in EMPTY_CALLS and not value.args:
                return "an " + EMPTY_CALLS[name] if name != "builtins.set" else "a set"
            if name is not None and self._is_dataclass(name):
                return "a dataclass instance"
            if name in NUMPY_ARRAYS and self._numpy_only(value):
                return f"a NumPy array (`{name}(...)`)"
            if name in PARTIALS:
                return "a functools.partial"
            if name in OPERATOR_CALLABLES:
                return f"an `{name}` object"
            if name in NAMESPACES:
                return f"a namespace object (`{name}(...)`)"
            if name == "builtins.range":
                # torch 2.13: failed to convert Python type: 'range' (a range bound to a local
                # in scripted code, or `list(range(...))` on the module, compiles).
                return "a range object (`range(...)`)"
            if name in JIT_ATTRIBUTE and not self._script_module():
                # `nn.Module.__setattr__` keeps the `Attribute(value, type)` namedtuple, which
                # eager code reads; TorchScript takes the value with the type.
                return JIT_ATTRIBUTE_HELD
            if name in WEAK_REFERENCES:
                return f"a weak reference (`{name}(...)`)"
            if name in torchscript_table().get("attribute_objects_unconvertible", {}):
                # torch 2.13: failed to convert Python type: 'torch.finfo'.
                return f"{TORCH_OBJECT} `{name}` (`{name}(...)`)"
            if name == "builtins.slice":
                # No slice type for a module attribute (torch 2.13: failed to convert Python
                # type: 'slice'); a slice bound to a local in scripted code compiles.
                return "a slice object (`slice(...)`)"
            untyped = self._untyped_plain_class(value)
            if untyped is not None:
                return untyped
            inherited = self._inheriting_plain_class(value, params)
            if inherited is not None:
                return inherited
        for branch in _result_values(value):
            if not isinstance(branch, (cst.Name, cst.Attribute)):
                continue
            name = self.ctx.qualified_name(branch)
            if name is not None and (
                torchscript_table().get("class_data_values", {}).get(name) == "inline"
            ):
                # `class_data_values`: a memory format no attribute holds (torch 2.13), in
                # either branch of `a if c else b`.
                return f"{TORCH_INLINE_VALUE} `{name}`"
        if isinstance(value, cst.Name) and value.value in params:
            param = params[value.value]
            for hint in (param.annotation.annotation if param.annotation else None, param.default):
                if hint is None:
                    continue
                name = self.ctx.qualified_name(hint.func if isinstance(hint, cst.Call) else hint)
                if name is not None and self._scripted_class(name):
                    return None  # TorchScript types the attribute by the compiled class
                if name is not None and self._is_dataclass(name):
                    return "a dataclass instance"
                if name in NAMESPACES:
                    return f"a namespace object (`{name}`)"
            if value.value in CONFIG_NAMES:
                return f"the `{value.value}` object (a model config, by its name)"
        return None

    def _functions_held(self, value: cst.BaseExpression) -> Optional[str]:
        """``{"relu": F.relu, "gelu": F.gelu}``, ``[F.relu, swish]``, ``(torch.tanh, ...)``:
        a dict / list / tuple display holding a function (a ``torch`` / ``F`` function, a
        function of the project, a lambda), or a dict display whose values are all modules."""
        if isinstance(value, cst.Dict):
            if any(isinstance(e, cst.StarredDictElement) for e in value.elements):
                return None
            items = [e.value for e in value.elements]  # type: ignore[union-attr]
            kind = "dict"
        elif (
            isinstance(value, cst.Call)
            and self.ctx.qualified_name(value.func) == "builtins.dict"
            and value.args
            and all(a.keyword is not None for a in value.args)
        ):
            items = [a.value for a in value.args]  # `dict(relu=F.relu, ...)`
            kind = "dict"
        elif isinstance(value, cst.DictComp):
            items = [value.value]  # `{n: getattr(F, n) for n in names}`
            kind = "dict"
        elif isinstance(value, (cst.List, cst.Tuple)):
            if any(isinstance(e, cst.StarredElement) for e in value.elements):
                return None
            items = [e.value for e in value.elements]
            kind = "list" if isinstance(value, cst.List) else "tuple"
        else:
            return None
        if not items:
            return None
        function = next(
            (self._function_name(item) for item in items if self._function_name(item)), None
        )
        if function is not None:
            return f"a {kind} holding functions (`{function}`)"
        if kind == "dict" and all(self._module_element(cst.Element(value=item)) for item in items):
            return "a plain dict of modules"
        return None

    def _function_name(self, node: cst.BaseExpression) -> Optional[str]:
        """The code of ``node`` when it is a function: a lambda, a function of the project, a
        ``torch.nn.functional`` function or a ``torch`` function that is also a Tensor method
        (``torch.relu``, ``torch.tanh``)."""
        if isinstance(node, cst.Lambda):
            return "lambda"
        if (
            isinstance(node, cst.Call)
            and self.ctx.qualified_name(node.func) == "builtins.getattr"
            and len(node.args) == 2
            and self.ctx.qualified_name(node.args[0].value) in ("torch.nn.functional", "torch")
        ):
            return cst.Module([]).code_for_node(node)
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        name = self.ctx.qualified_name(node)
        if name is None:
            return None
        code = cst.Module([]).code_for_node(node)
        if name.startswith("torch.nn.functional.") and name.rsplit(".", 1)[-1][:1].islower():
            return code
        module, _, short = name.rpartition(".")
        if module == "torch" and short in _tensor_methods():
            return code
        found = self.ctx.index.lookup(name)
        if found is not None and found[0] == "function":
            return code
        return None

    def _numpy_only(self, value: cst.Call) -> bool:
        """Whether every binding of the attribute ``value`` is assigned to, in any method of
        the class, is a NumPy array call (another value on some path types it otherwise)."""
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        attr = next(
            (
                name
                for name, bound in self._init_values(owner or "")
                if bound is value and name is not None
            ),
            None,
        )
        if owner is None or attr is None:
            return False
        values = [v for m in class_methods(self.ctx, owner) for v in self_assignments(m, attr)]
        return all(
            type(v) is cst.Call and self.ctx.qualified_name(v.func) in NUMPY_ARRAYS for v in values
        )

    def _inheriting_plain_class(
        self, call: cst.Call, params: dict[str, cst.Param]
    ) -> Optional[str]:
        """``manifolds.PoincareBall()`` (or ``getattr(manifolds, name)()`` with ``name`` a
        string literal or an ``__init__`` parameter defaulting to one) of a project class that
        is no module, carries no decorator and inherits from another project class, every
        class of the chain based on project classes or ``object`` alone: TorchScript converts
        no instance of a class that inherits (torch 2.13: failed to convert Python type:
        'pkg.PoincareBall' to a TorchScript type)."""
        name = self._built_class_name(call.func, params)
        if name is None or self.ctx.index.is_module_class(name):
            return None
        chain = self.ctx.index.mro(name)
        if len(chain) < 2 or any(cls.decorators for _, _, cls in chain):
            return None
        project = {qualname for qualname, _, _ in chain}
        for _, _, cls in chain:
            if any(b not in project and b not in ("builtins.object", "object") for b in cls.bases):
                return None  # a NamedTuple, an Enum, an Exception, a class of another package
        base = chain[1][0].rpartition(".")[2]
        return f"{INHERITING_CLASS} (`{name.rpartition('.')[2]}`, which inherits from `{base}`)"

    def _built_class_name(
        self, func: cst.BaseExpression, params: dict[str, cst.Param]
    ) -> Optional[str]:
        """The qualified name of the class ``func(...)`` builds: ``func`` itself, or
        ``getattr(module, "Name")`` / ``getattr(module, name)`` with ``name`` a parameter
        whose default is a string (the class built at the constructor's defaults)."""
        if not (
            type(func) is cst.Call
            and type(func.func) is cst.Name
            and func.func.value == "getattr"
            and len(func.args) == 2
        ):
            return self.ctx.qualified_name(func)
        owner, key = (a.value for a in func.args)
        module = self.ctx.qualified_name(owner)
        if module is None or self.ctx.index.get_module(module) is None:
            return None
        if type(key) is cst.Name and key.value in params:
            key = params[key.value].default  # type: ignore[assignment]
        if type(key) is not cst.SimpleString or not isinstance(key.evaluated_value, str):
            return None
        return f"{module}.{key.evaluated_value}"

    def _untyped_plain_class(self, call: cst.Call) -> Optional[str]:
        """``Scaler(2.0)`` of a plain class of this file (no base class) whose ``__init__``
        takes that literal in an unannotated parameter: TorchScript compiles the class and
        types the parameter, and the attribute made from it, as Tensor."""
        if not isinstance(call.func, cst.Name):
            return None
        cls = next(
            (
                stmt
                for stmt in self.ctx.module.body
                if isinstance(stmt, cst.ClassDef) and stmt.name.value == call.func.value
            ),
            None,
        )
        if cls is None or any(
            not (isinstance(b.value, cst.Name) and b.value.value == "object") for b in cls.bases
        ):
            return None
        init = next(
            (
                stmt
                for stmt in cls.body.body
                if isinstance(stmt, cst.FunctionDef) and stmt.name.value == "__init__"
            ),
            None,
        )
        if init is None:
            return None
        params = [*init.params.posonly_params, *init.params.params][1:]
        given = {}
        for position, arg in enumerate(call.args):
            if arg.star:
                return None
            key = arg.keyword.value if arg.keyword is not None else None
            param = next((p for p in params if p.name.value == key), None) if key else None
            if key is None and position < len(params):
                param = params[position]
            if param is not None:
                given[param.name.value] = arg.value
        for param in params:
            value = given.get(param.name.value, param.default)
            if value is not None and self._holds_modules(value):
                # torch 2.13: failed to convert Python type: 'Holder', or, where the class
                # compiles, Could not cast attribute ... Unable to cast Linear to Tensor.
                return (
                    f"a `{cls.name.value}` given modules (`{param.name.value}`; a TorchScript "
                    "class cannot hold an nn.Module)"
                )
            if param.annotation is None and (literal_type(value) or is_none(value)):
                return (
                    f"a `{cls.name.value}` whose `__init__` takes `{param.name.value}` "
                    "unannotated (TorchScript compiles the class and types it as Tensor)"
                )
        return None

    def _holds_modules(self, value: cst.BaseExpression) -> bool:
        """A submodule or module built here (``self.fc``, ``nn.ReLU()``), a list or tuple
        display of them, or ``list(...)`` / ``tuple(...)`` of a module container."""
        if self._module_element(cst.Element(value=value)):
            return True
        if isinstance(value, (cst.List, cst.Tuple)):
            return bool(value.elements) and all(self._module_element(e) for e in value.elements)
        if (
            isinstance(value, cst.Call)
            and self.ctx.qualified_name(value.func) in ("builtins.list", "builtins.tuple")
            and len(value.args) == 1
        ):
            return self._module_element(cst.Element(value=value.args[0].value))
        return False

    def _empty_config_field(
        self, init: cst.FunctionDef, attr: str, small: cst.Assign, owner: str
    ) -> Optional[str]:
        """``self.attn_levels = list(cfg.attn_levels)`` where ``cfg`` is a parameter of a
        ``@dataclass`` class of this file whose field defaults to ``field(default_factory=
        list)``, and every construction of the module in this file passes a config built
        without that field (``Encoder(UNetConfig())``): the attribute is an empty list, which
        TorchScript cannot type (torch 2.13: List trace inputs must have elements)."""
        value = small.value
        kind = "list"
        if (
            type(value) is cst.Call
            and self.ctx.qualified_name(value.func) in ("builtins.list", "builtins.dict")
            and len(value.args) == 1
            and value.args[0].keyword is None
            and not value.args[0].star
        ):
            kind = self.ctx.qualified_name(value.func)[len("builtins.") :]  # type: ignore[index]
            value = value.args[0].value
        if not (type(value) is cst.Attribute and type(value.value) is cst.Name):
            return None
        config, name = value.value.value, value.attr.value
        params = [*init.params.params, *init.params.kwonly_params]
        param = next((p for p in params if p.name.value == config), None)
        if param is None or param.star or assignments(init, config):
            return None
        if not self._only_binding(init, attr):
            return None
        hint = param.annotation.annotation if param.annotation is not None else None
        if hint is None and type(param.default) is cst.Call:
            hint = param.default.func
        qualified = self.ctx.qualified_name(hint) if hint is not None else None
        if qualified is None or not is_dataclass(self.ctx, qualified):
            return None
        dataclass = class_def(self.ctx, qualified)
        factory = _field_factory(self.ctx, dataclass, name) if dataclass is not None else None
        if factory is None or (kind == "list") != (factory == "list"):
            return None
        cls = class_def(self.ctx, owner)
        sites = _constructions(self.ctx, cls) if cls is not None else None
        if sites is None:
            return None  # the class named otherwise: arguments unknown
        position = params.index(param) - 1  # after `self`
        for site in sites or [()]:  # built nowhere here: with the defaults
            if any(a.star for a in site):
                return None
            given = next(
                (a.value for a in site if a.keyword is not None and a.keyword.value == config),
                None,
            )
            positional = [a.value for a in site if a.keyword is None]
            if given is None and param in init.params.params and 0 <= position < len(positional):
                given = positional[position]
            if given is None:
                given = param.default
            if not (
                type(given) is cst.Call
                and self.ctx.qualified_name(given.func) == qualified
                and all(a.keyword is not None and not a.star for a in given.args)
                and all(a.keyword.value != name for a in given.args)  # type: ignore[union-attr]
            ):
                return None
        code = cst.Module([]).code_for_node(small.value)
        short = qualified.rsplit(".", 1)[-1]
        return (
            f"an empty {kind} (`{code}`: the module is built here only with a `{short}` that "
            f"leaves `{name}` to its default, `field(default_factory={factory})`)"
        )

    def _scripted_class(self, qualname: str) -> bool:
        """A class of the project decorated ``@torch.jit.script``."""
        info = self.ctx.index.class_info(qualname)
        return info is not None and "torch.jit.script" in info[1].decorators

    def _is_dataclass(self, qualname: str) -> bool:
        """A ``@dataclass`` TorchScript has no type for: one not compiled with
        ``@torch.jit.script`` (which TorchScript types attributes by; checked on torch 2.13)."""
        info = self.ctx.index.class_info(qualname)
        return (
            info is not None
            and "dataclasses.dataclass" in info[1].decorators
            and "torch.jit.script" not in info[1].decorators
        )


def _field_factory(ctx, dataclass: cst.ClassDef, name: str) -> Optional[str]:  # type: ignore[no-untyped-def]
    """``list`` / ``dict`` where the dataclass's body declares ``name: ... =
    field(default_factory=list)`` (``dict``), its only binding in the body."""
    found: list[Optional[str]] = []
    for line in dataclass.body.body:
        if type(line) is not cst.SimpleStatementLine:
            continue
        for small in line.body:
            if type(small) is cst.AnnAssign and type(small.target) is cst.Name:
                if small.target.value != name:
                    continue
                value = small.value
                made = None
                if type(value) is cst.Call and ctx.qualified_name(value.func) == (
                    "dataclasses.field"
                ):
                    for arg in value.args:
                        if arg.keyword is not None and arg.keyword.value == "default_factory":
                            made = ctx.qualified_name(arg.value)
                found.append(
                    made[len("builtins.") :] if made in ("builtins.list", "builtins.dict") else None
                )
            elif type(small) is cst.Assign and any(
                type(t.target) is cst.Name and t.target.value == name for t in small.targets
            ):
                found.append(None)
    return found[0] if len(found) == 1 else None


def _builds_itself(ctx, body: cst.CSTNode, owner: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``body`` (of the ``__init__`` of ``owner``) calls the class ``owner``."""
    short = owner.rsplit(".", 1)[-1]
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if type(node) is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if (type(func) is cst.Name and func.value == short) or ctx.qualified_name(
                func
            ) == owner:
                found = True
        return False if found else None

    walk(body, enter, lambda node: None)
    return found


def _elements(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The targets a tuple / list unpacking target holds, nested ones included."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [e for element in target.elements for e in _elements(element.value)]
    if isinstance(target, cst.StarredElement):
        return _elements(target.value)
    return [target]


# Calls that build a dict or a set, and the type torch 2.13 names (`'dict' object in attribute
# ... is not a valid constant` for `dict(cfg.strides)` as for a display).
_DICT_OR_SET_BUILDERS = {
    "builtins.dict": "dict",
    "collections.OrderedDict": "collections.OrderedDict",
    "builtins.set": "set",
    "builtins.frozenset": "frozenset",
}


def _not_a_constant(ctx, value: cst.BaseExpression) -> Optional[str]:  # type: ignore[no-untyped-def]
    """The Python type (``dict``, ``set``) of a value no TorchScript constant can be or hold:
    a dict or set display, comprehension or ``dict(...)`` / ``set(...)`` call, or a list /
    tuple display holding one; None when it may be a constant."""
    if type(value) in (cst.Dict, cst.DictComp):
        return "dict"
    if type(value) in (cst.Set, cst.SetComp):
        return "set"
    if type(value) is cst.Call:
        return _DICT_OR_SET_BUILDERS.get(ctx.qualified_name(value.func) or "")
    if type(value) in (cst.List, cst.Tuple):
        for element in value.elements:  # type: ignore[attr-defined]
            if type(element) is not cst.Element:
                return None
            inner = _not_a_constant(ctx, element.value)
            if inner is not None:
                return inner
    return None
