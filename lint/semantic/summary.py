"""Per-file summaries for the project index, built with the standard library's ``ast``.

A summary holds what other files need to know about this one, and what graph-region analysis
needs about this one: its imports (local name -> qualified name), its classes (bases, methods,
what ``__init__`` assigns to ``self``), its functions (decorators, the calls they make), and the
roots it names (callables passed to ``torch.compile`` and friends). ``ast`` is an order of
magnitude faster than a libcst parse, so indexing a whole project costs little next to linting it.
Summaries are plain data (picklable, JSON-able) so they travel to worker processes and the cache.
"""

from __future__ import annotations

import ast
import builtins
import re
import sys
from array import array
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable, Optional, Union

from torchlint.lint.source import python_tree
from torchlint.lint.tensor_methods import BOOL_METHODS

BUILTIN_NAMES = frozenset(dir(builtins))
# Slotted summaries are smaller and faster to build; dataclass takes ``slots`` from Python 3.10.
_SLOTS: dict[str, bool] = {"slots": True} if sys.version_info >= (3, 10) else {}

# Calls that make their first argument a graph root, and the back-ends each implies.
ROOT_CALLS: dict[str, frozenset[str]] = {
    "torch.compile": frozenset({"compile"}),
    "torch.jit.script": frozenset({"script"}),
    "torch.jit.trace": frozenset({"trace"}),
    "torch.jit.trace_module": frozenset({"trace"}),
    "torch.export.export": frozenset({"export"}),
    "torch.export.draft_export": frozenset({"export"}),
    "torch.export": frozenset({"export"}),
    "torch._dynamo.export": frozenset({"export"}),
    "torch.onnx.export": frozenset({"export", "trace"}),
    "torch._dynamo.optimize": frozenset({"compile"}),
}
# Decorators that make the decorated function a root (called or not: ``@torch.compile`` and
# ``@torch.compile(mode=...)`` alike).
ROOT_DECORATORS: dict[str, frozenset[str]] = {
    "torch.compile": frozenset({"compile"}),
    "torch.jit.script": frozenset({"script"}),
    "torch.jit.script_method": frozenset({"script"}),
    "torch.jit.export": frozenset({"script"}),
    "torch._dynamo.optimize": frozenset({"compile"}),
}
# Decorators that take a function out of the graph for some back-ends.
EXIT_DECORATORS: dict[str, frozenset[str]] = {
    "torch.jit.ignore": frozenset({"script"}),
    "torch.jit.unused": frozenset({"script"}),
    "torch.compiler.disable": frozenset({"compile", "export"}),
    "torch._dynamo.disable": frozenset({"compile", "export"}),
    "torch.compiler.allow_in_graph": frozenset({"compile"}),
    "torch._dynamo.allow_in_graph": frozenset({"compile"}),
}
# Decorators that make calling the function a graph break under compile.
BREAKING_DECORATORS = frozenset({"torch.compiler.disable", "torch._dynamo.disable"})

# Calls that are True exactly under these back-ends (``if torch.jit.is_tracing():``).
GUARD_CALLS: dict[str, frozenset[str]] = {
    "torch.jit.is_scripting": frozenset({"script"}),
    "torch.jit.is_tracing": frozenset({"trace"}),
    "torch._C._get_tracing_state": frozenset({"trace"}),
    "torch._C._is_tracing": frozenset({"trace"}),
    "torch.compiler.is_compiling": frozenset({"compile", "export"}),
    "torch._dynamo.is_compiling": frozenset({"compile", "export"}),
    "torch._utils.is_compiling": frozenset({"compile", "export"}),
    "torch.compiler.is_dynamo_compiling": frozenset({"compile"}),
    "torch._dynamo.external_utils.is_compiling": frozenset({"compile"}),
    "torch.compiler.is_exporting": frozenset({"export"}),
    "torch.onnx.is_in_onnx_export": frozenset({"export"}),
    # FX's tracing flag: set by torch.export's (non-strict) tracing too; the symbolic variant
    # is False whenever Dynamo or export runs (torch 2.13).
    "torch.fx._symbolic_trace.is_fx_tracing": frozenset({"export"}),
    "torch.fx._symbolic_trace.is_fx_symbolic_tracing": frozenset(),
}
# Names of array libraries other than torch, as array-dispatch code compares a backend name
# with them (autoray's ``infer_backend(x) == "jax"``: the top module of the array's class; the
# list holds the backends autoray 0.11 knows besides torch and its own ones).
FOREIGN_ARRAY_BACKENDS = frozenset(
    {"numpy", "jax", "jaxlib", "tensorflow", "cupy", "dask", "mlx", "paddle"}
)


def _foreign_backend_test(test: ast.expr) -> bool:
    """``backend == "jax"`` (either side): true only for another array library's arrays."""
    if not (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
    ):
        return False
    sides = (test.left, test.comparators[0])
    return any(
        isinstance(side, ast.Constant) and side.value in FOREIGN_ARRAY_BACKENDS for side in sides
    )


# Names a project guard wrapper may have (``FunctionSummary.guard_calls`` reads only those).
GUARD_PREFIXES = ("is_", "_is_")

PARTIALS = frozenset({"functools.partial"})
# Module methods registering a forward hook, which runs inside the module's call.
FORWARD_HOOK_REGISTRATIONS = frozenset({"register_forward_hook", "register_forward_pre_hook"})
# Statements an ``is_*`` function may have to be read as a guard wrapper (they are short).
GUARD_BODY_LIMIT = 8

MODULE_BASES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})


# A test that may read which back-end is converting, as the index resolves it (see
# ``_Summarizer._guard_test``): the qualified name of a call that may be a guard, ``("not", t)``,
# ``("and", t, ...)`` / ``("or", t, ...)``, or None for a part that says nothing.
GuardTest = Union[str, tuple, None]
# Tensor methods that give no tensor (a Python value or an array).
# Builtins that turn constructor arguments into another Python value of the configuration.
CONFIG_CONVERSIONS = frozenset(
    {"tuple", "list", "int", "float", "str", "bool", "sorted", "frozenset"}
)
NON_TENSOR_METHODS = frozenset(
    {"tolist", "item", "numpy", "size", "dim", "numel", "data_ptr", "element_size", "nelement"}
)
# The guard test of ``if self.training:`` (any ``<x>.training``): a call under it runs only in
# training mode.
TRAINING_GUARD = "<training>"


# In ``ClassSummary.callables``: the dict of callables an attribute holds one entry of.
REGISTRY_PREFIX = "registry:"
# A callable made by a call of a project function: ``FACTORY_PREFIX`` + its qualified name (the
# index follows the registries the function returns entries of).
FACTORY_PREFIX = "factory:"
# In ``FunctionSummary``'s local instances (``CallRef("instance", ...)``): the result of calling
# what a local holds, ``RESULT_PREFIX`` + the callee the local was made by (``solver_fn =
# select(name); solver = solver_fn(sde)``: ``solver`` is ``RESULT_PREFIX + "select"``, an
# instance of a class ``select`` returns).
RESULT_PREFIX = "result:"


@dataclass(**_SLOTS)
class CallRef:
    """A call made inside a function, in a form the index can resolve across files.

    ``kind`` is ``"name"`` (``helper(...)``, ``mod.helper(...)``, resolved to a qualified name in
    ``target``), ``"self"`` (``self.method(...)``: ``target`` is the method name), ``"attr"``
    (``self.sub.method(...)`` or ``self.sub(...)``: ``target`` is ``sub`` and ``method`` the
    method, ``"__call__"`` for a call), ``"super"`` (``super().method(...)``) or ``"registry"``
    (``fn = REGISTRY[key]; fn(...)``: ``target`` is the dict of callables, or an instance of a
    class holding one, and every callable in it is reached). ``"read"`` is no call either:
    ``self.<target>`` read, which runs a property's getter; ``"attr-read"`` the same for
    ``self.<target>.<method>`` (a property of the held object's class). ``"instance"`` is a
    call of a method (``method``; ``"__call__"`` for a call of the object itself) on a local
    bound to a call of the class ``target`` (``dist = Chain(...); dist.sample()``), and
    ``"instance-read"`` a read of such a local's attribute ``method`` (a property's getter).
    ``"annotation"`` is no call: a name
    in the function's signature (``target``), a class TorchScript compiles with a scripted
    function. ``"with"`` is the context manager of a ``with`` item (``with Timer(...):``, or
    ``with t:`` for a local ``t = Timer(...)``): ``target`` is its class, whose ``__enter__``
    and ``__exit__`` run there, and ``method`` is ``"__init__"`` when the item constructs it
    (``"with-attr"``: the instance in ``self.<target>``, ``with self.timer:``).

    ``guard``: the tests around the call that may read the back-end, all of which must be True
    for it to run (``if not torch.compiler.is_compiling(): helper(x)``; an ``else`` branch and
    the rest of a block after ``if <test>: return`` hold ``("not", test)``). The index resolves
    them as the lint context does a function's own guards, and reaches the callee only for the
    back-ends they leave.
    """

    kind: str
    target: str
    method: str = ""
    line: int = 0
    guard: tuple[GuardTest, ...] = ()


@dataclass(**_SLOTS)
class FunctionSummary:
    qualname: str  # "f", "C.forward", "f.<locals>.g"
    line: int
    decorators: list[str] = field(default_factory=list)
    calls: list[CallRef] = field(default_factory=list)
    params: list[str] = field(default_factory=list)
    # Names of the ``*args`` and ``**kwargs`` parameters ("" without them).
    star_args: str = ""
    star_kwargs: str = ""
    # For ``is_*`` functions that return what other calls say (``return torch.jit.is_tracing()``,
    # ``return a() or b()``): those calls' qualified names; the index resolves them to guards.
    guard_calls: Optional[list[str]] = None
    # A decorator (factory) that stores the function it decorates in a module-level dict
    # (``REGISTRY[name] = fn``): it registers at import time and wraps nothing at call time.
    registers: bool = False
    # Dicts of callables whose entries it returns (``return _solvers[key]``,
    # ``return REGISTRY.get(name)``): a factory; what it gives may be any of them.
    returns_registries: list[str] = field(default_factory=list)
    # What its ``return Name(...)`` statements call (``return HalfSplit(shape)``): a function
    # that returns a project class's instance makes that instance, like the class's own call.
    returns_calls: list[str] = field(default_factory=list)
    # Functions it returns (``return Fn.apply`` of an autograd Function, ``return inner`` of a
    # nested ``def``), qualified: a factory of functions, whose result a caller calls.
    returns_functions: list[str] = field(default_factory=list)
    # Names it returns bare (``return Euler``, ``return methods.Heun``), qualified: where they
    # name project classes, a factory of classes, whose result a caller calls to make one.
    returns_names: list[str] = field(default_factory=list)
    # Its positional parameters with neither an annotation nor a default, which TorchScript
    # types as Tensor; None where that is not all a call's arguments meet: a decorator (one
    # ``decorators`` may not name), a signature type comment (``# type: (int) -> Tensor``),
    # keyword-only, ``*args`` or ``**kwargs`` parameters.
    inferred_tensor_params: Optional[list[str]] = None
    # Every ``return`` gives a boolean tensor by its spelling (a comparison, ``~`` / ``&`` /
    # ``|`` of one, ``torch.logical_or(a, b)``, ``m.any(dim)``, a local bound only to such
    # values), or the return annotation is ``BoolTensor``: a caller indexing with its result
    # selects by a mask (torchist's ``x[~out_of_bounds(x, low, upp)]``).
    returns_mask: bool = False


@dataclass(**_SLOTS)
class ClassSummary:
    name: str
    line: int
    bases: list[str] = field(default_factory=list)
    methods: dict[str, FunctionSummary] = field(default_factory=dict)
    # self.<attr> assignments in any method: attr -> qualified name of the class instantiated,
    # or a marker: "<modules>" (ModuleList/Sequential/ModuleDict), "<tensor>", "<const>".
    attributes: dict[str, str] = field(default_factory=dict)
    # ``self.<attr> = p`` in ``__init__``, ``p`` a parameter annotated with a class (``config:
    # MoEConfig``, ``Optional[MoEConfig]``) or defaulting to an instance of one (``cfg=Cfg()``)
    # and not rebound: attr -> that class's qualified name ("" where the class binds the
    # attribute elsewhere too). TorchScript types such an attribute from the object it holds.
    param_classes: dict[str, str] = field(default_factory=dict)
    # Element class of ``self.<attr> = nn.ModuleList([Block(...) ...])``.
    container_items: dict[str, str] = field(default_factory=dict)
    decorators: list[str] = field(default_factory=list)
    # Class-body dicts of callables (``_global_mapping = {"sdpa": sdpa_forward, ...}``).
    registries: dict[str, list[str]] = field(default_factory=dict)
    # ``self.<attr> = fn`` / ``partial(fn, ...)`` / ``a if c else b``: names ``self.<attr>(...)``
    # may call (the index keeps those that are project functions).
    callables: dict[str, list[str]] = field(default_factory=dict)
    # Names in the class body's ``__jit_unused_properties__``: properties TorchScript skips.
    unused_properties: list[str] = field(default_factory=list)
    # Names the class body itself binds to a value (not in a method): "value" for data
    # (literals, displays, arithmetic on them), "final" for one TorchScript takes as a
    # constant or leaves alone (annotated ``Final``, named in ``__constants__`` or
    # ``__jit_ignored_attributes__``), "other" for anything else (calls, names, lambdas).
    body_values: dict[str, str] = field(default_factory=dict)
    # Names the class body annotates (``eps: float``, ``cache: Dict[str, Tensor]``):
    # TorchScript reads the annotations of the first class with any, depth-first.
    annotated: list[str] = field(default_factory=list)
    # Forward hooks its methods register on the module or a submodule
    # (``self.fc.register_forward_hook(record)``): qualified names of functions, or
    # ``self.<method>`` for a method of the class. They run inside the module's forward.
    hooks: list[str] = field(default_factory=list)
    # Settings: ``self.<attr> = p`` (or ``bool(p)``) in ``__init__``, ``p`` a parameter with a
    # constant default (``check=False``, ``axis="last"``), the attribute set nowhere else:
    # attr -> (parameter, its position after ``self``, the default). ("", -2, None): set
    # elsewhere too (no setting).
    settings: dict[str, tuple[str, int, object]] = field(default_factory=dict)
    # A state registry (torchmetrics' ``add_state``): method -> the dict attribute ``D`` of
    # a method ``m(self, name, default, ...)`` that sets ``setattr(self, name, ...)`` and
    # ``self.D[name] = ...`` at the top of its body: the names it is given become states.
    state_registries: dict[str, str] = field(default_factory=dict)
    # Methods that reset every state of a registry (``for attr, default in
    # self.D.items(): setattr(self, attr, default.clone())`` at the top of the body):
    # method -> ``D``.
    registry_resets: dict[str, str] = field(default_factory=dict)
    # ``self.m("name", ...)`` calls in its methods: ``m`` -> the literal first arguments
    # (the names a registry method of the class or a base class is given).
    keyed_calls: dict[str, list[str]] = field(default_factory=dict)


@dataclass(**_SLOTS)
class RootRef:
    """A callable passed to a root call: ``torch.compile(model)``, ``torch.jit.script(fn)``."""

    target: str  # qualified name of a function or class, or "C.method"
    backends: frozenset[str]
    line: int


@dataclass(**_SLOTS)
class FileSummary:
    module: str
    path: str
    imports: dict[str, str] = field(default_factory=dict)
    classes: dict[str, ClassSummary] = field(default_factory=dict)
    functions: dict[str, FunctionSummary] = field(default_factory=dict)
    roots: list[RootRef] = field(default_factory=list)
    defined_names: set[str] = field(default_factory=set)
    imports_torch: bool = False
    parsed: bool = True
    # Module-level dicts of callables, and module-level instances (name -> class).
    registries: dict[str, list[str]] = field(default_factory=dict)
    instances: dict[str, str] = field(default_factory=dict)
    # Module-level names of a type that takes None (`OptTensor = Optional[Tensor]`), which
    # TorchScript resolves through their value wherever they are imported.
    optional_aliases: set[str] = field(default_factory=set)
    # Modules whose public names ``from X import *`` brings in (a package ``__init__``'s
    # re-exports: ``from .distributions import *``).
    star_imports: list[str] = field(default_factory=list)
    # The names a module-level ``__all__`` of string literals lists (``from this import *``
    # binds exactly those); None where the file defines no ``__all__`` or builds it otherwise
    # (then the star import binds its public names, those without a leading ``_``).
    all_names: Optional[list[str]] = None
    # Module-level names bound once, by a plain top-level ``NAME = <value>``, to a value
    # TorchScript cannot capture (``_module_values``): name -> its kind ("dict", "int", ...),
    # for scripted code of other files that imports the name.
    values: dict[str, str] = field(default_factory=dict)
    # Functions a function of the file installs as a module's forward (`setattr(module,
    # "forward", forward)`, `module.forward = forward`, the function defined there): scripting
    # that module compiles the function itself.
    forwards: list[str] = field(default_factory=list)
    # Attribute names the file sets on objects other than ``self`` (``layer.strict = True``,
    # ``setattr(layer, "strict", True)``): no setting keeps its default past those.
    stored_attributes: set[str] = field(default_factory=set)
    # Calls of capitalised names (classes made): qualified name -> one entry per call, the
    # number of positional arguments and the keywords given (None: ``*args`` / ``**kwargs``,
    # which may pass anything).
    constructions: dict[str, list[Optional[tuple[int, tuple[str, ...]]]]] = field(
        default_factory=dict
    )
    # The first line of each top-level statement (its first decorator's), and the length of
    # the text summarised: where findings' positions look statements up (positions.py).
    top_lines: tuple[int, ...] = ()
    text_length: int = -1
    # The first line of every statement, in source order (``statement_lines``), so a finding's
    # position needs no parse of its own to number its statement's line.
    statement_lines: array = field(default_factory=lambda: array("I"))

    def qualify(self, name: str) -> str:
        return f"{self.module}.{name}" if self.module else name

    def exports(self, name: str) -> bool:
        """Whether ``from <this module> import *`` binds ``name``: listed in ``__all__`` where
        the module defines one, else a name without a leading underscore."""
        if self.all_names is not None:
            return name in self.all_names
        return not name.startswith("_")

    def resolve_dotted(self, dotted: str) -> Optional[str]:
        """Qualified name for a dotted local reference (``F.relu`` -> ``torch.nn.functional.relu``)."""
        head, _, rest = dotted.partition(".")
        if head in self.imports:
            base = self.imports[head]
        elif head in self.defined_names:
            base = self.qualify(head)
        elif head in BUILTIN_NAMES:
            base = f"builtins.{head}"
        else:
            return None
        # Interned: the same few thousand names recur in every summary of a big tree.
        return sys.intern(f"{base}.{rest}") if rest else sys.intern(base)


# Where things are in the file, not what they are: the index answers nothing from them.
POSITION_FIELDS = frozenset({"line", "top_lines", "text_length", "statement_lines"})


def structure(summary: FileSummary) -> Any:
    """What the index reads of ``summary``, positions left out: two texts of a file with the
    same structure (a fix that annotates a parameter or guards a call in place) give the index
    the same answers about it."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in POSITION_FIELDS}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(asdict(summary))


def _is_final(annotation: ast.expr) -> bool:
    """``Final``, ``Final[T]``, ``typing.Final[T]``, ``torch.jit.Final[T]``."""
    if isinstance(annotation, ast.Subscript):
        annotation = annotation.value
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.startswith(("Final", "typing.Final"))
    return (isinstance(annotation, ast.Name) and annotation.id == "Final") or (
        isinstance(annotation, ast.Attribute) and annotation.attr == "Final"
    )


def _is_data(value: ast.expr) -> bool:
    """A value that is data whatever the names in it are: a literal, a display of data, or
    arithmetic on data (``1e-5``, ``-1``, ``(1, 2)``, ``1 / 3``); calls and bare names may be
    functions or modules."""
    if isinstance(value, ast.Constant):
        return True
    if isinstance(value, (ast.Tuple, ast.List, ast.Set)):
        return all(_is_data(e) for e in value.elts)
    if isinstance(value, ast.Dict):
        return all(
            k is not None and _is_data(k) and _is_data(v) for k, v in zip(value.keys, value.values)
        )
    if isinstance(value, ast.UnaryOp):
        return _is_data(value.operand)
    if isinstance(value, ast.BinOp):
        return _is_data(value.left) and _is_data(value.right)
    return False


def _is_none(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and value.value is None


def first_line(node: ast.stmt) -> int:
    """A statement's first line: its first decorator's, for a decorated definition."""
    decorators = getattr(node, "decorator_list", None)
    if decorators:
        return min(d.lineno for d in decorators)
    return node.lineno


def statement_lines(body: list[ast.stmt]) -> array:
    """The first line of each statement in ``body`` and in the blocks within, depth first in
    source order (so the lines never decrease): a compound statement, then its blocks in the
    order ``ast`` lists their fields (``body``, the handlers', ``orelse``, ``finalbody``)."""
    lines = array("I")
    pending = [iter(body)]
    while pending:
        statement = next(pending[-1], None)
        if statement is None:
            pending.pop()
            continue
        lines.append(first_line(statement))
        blocks = [
            block
            for name in _BLOCK_FIELDS.get(type(statement), ())
            for block in _blocks(statement, name)
        ]
        pending.extend(iter(block) for block in reversed(blocks))
    return lines


def _blocks(statement: ast.stmt, name: str) -> list[list[ast.stmt]]:
    value = getattr(statement, name)
    if name in ("handlers", "cases"):
        return [item.body for item in value]
    return [value]


_LOOP_FIELDS = ("body", "orelse")
_TRY_FIELDS = ("body", "handlers", "orelse", "finalbody")
_BLOCK_FIELDS: dict[type, tuple[str, ...]] = {
    ast.FunctionDef: ("body",),
    ast.AsyncFunctionDef: ("body",),
    ast.ClassDef: ("body",),
    ast.With: ("body",),
    ast.AsyncWith: ("body",),
    ast.If: _LOOP_FIELDS,
    ast.For: _LOOP_FIELDS,
    ast.AsyncFor: _LOOP_FIELDS,
    ast.While: _LOOP_FIELDS,
    ast.Try: _TRY_FIELDS,
}
if sys.version_info >= (3, 10):
    _BLOCK_FIELDS[ast.Match] = ("cases",)
if sys.version_info >= (3, 11):
    _BLOCK_FIELDS[ast.TryStar] = _TRY_FIELDS


def dotted_name(node: ast.AST) -> Optional[str]:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def module_name_for_import(
    current: str, is_package: bool, level: int, module: Optional[str]
) -> str:
    """Absolute module name of ``from <level dots><module> import ...`` inside ``current``."""
    if level == 0:
        return module or ""
    parts = current.split(".") if current else []
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)] if level - 1 <= len(parts) else []
    if module:
        parts.append(module)
    return ".".join(parts)


ParamNode = Union[ast.FunctionDef, ast.AsyncFunctionDef]


# Fields that never hold a node worth visiting (contexts, operators, identifiers).
_NON_NODE_FIELDS = frozenset(
    {"ctx", "op", "ops", "id", "arg", "attr", "name", "module", "level", "type_comment", "kind"}
)
_child_fields_cache: dict[type, tuple[str, ...]] = {}


def _child_fields(cls: type) -> tuple[str, ...]:
    fields = _child_fields_cache.get(cls)
    if fields is None:
        fields = _child_fields_cache[cls] = tuple(
            f
            for f in cls._fields
            if f not in _NON_NODE_FIELDS  # type: ignore[attr-defined]
        )
    return fields


# What a function annotated to return one of these returns: a tensor.
TENSOR_TYPES = frozenset(
    {
        "torch.Tensor",
        "torch.FloatTensor",
        "torch.LongTensor",
        "torch.BoolTensor",
        "torch.DoubleTensor",
        "torch.IntTensor",
        "torch.ByteTensor",
    }
)


class _Summarizer(ast.NodeVisitor):
    def __init__(self, summary: FileSummary, is_package: bool) -> None:
        self.summary = summary
        self.is_package = is_package
        self.scope: list[str] = []
        self.class_stack: list[ClassSummary] = []
        self.function_stack: list[FunctionSummary] = []
        # Module-level and function-level "name = ClassName(...)" to resolve torch.compile(name).
        self.instances: list[dict[str, str]] = [{}]
        # Locals bound to the class of ``self`` (``cls = self.__class__``, ``cls = type(self)``)
        # in each function: ``cls.m(...)`` calls the method as ``self.m(...)`` would.
        self.self_classes: list[set[str]] = [set()]
        # Per function: local names bound to callables (see _record_callable).
        self.callables: list[dict[str, list[CallRef]]] = [{}]
        # Names each enclosing function binds (parameters, assignment targets): a name
        # passed on there is that local, not the module's function of the same name.
        self.local_names: list[set[str]] = [set()]
        self.param_names: list[set[str]] = [set()]
        # Per function: the default value of each parameter that has one.
        self.param_defaults: list[dict[str, ast.expr]] = [{}]
        # Per function: parameters annotated as a tensor (``Optional[torch.Tensor]`` too).
        self.tensor_params: list[set[str]] = [set()]
        # Per function: parameters annotated with (or defaulting to an instance of) a class.
        self.param_classes: list[dict[str, str]] = [{}]
        # Per function: locals bound (last) to a torch function's result, a tensor method of
        # one or arithmetic of such (``L = torch.arange(a, b).int()``), for what arithmetic of
        # them stores on self (``self.sizes = 2**L``: a tensor).
        self.local_tensors: list[set[str]] = [set()]
        # Return annotations of this file's module-level functions (``-> LongTensor``), and
        # of its module-level classes' methods, by (class, method).
        self.function_returns: dict[str, ast.expr] = {}
        self.method_returns: dict[tuple[str, str], ast.expr] = {}
        # Module-level decorators that store the function they wrap in a module-level dict
        # (``def register(name): def wrap(fn): REGISTRY[name] = fn ...``): name -> the dict.
        self.registering_decorators: dict[str, str] = {}
        # The guard tests around the current statement in the current function (CallRef.guard),
        # outermost first; a block drops those its statements added when it ends.
        self.guards: list[GuardTest] = []
        # ``self.<name>`` and ``self.<name>.<attr>`` reads recorded (function id, kind, name, attr,
        # guard): one reference each.
        self.reads: set[tuple[int, str, str, Optional[str], tuple]] = set()
        # Lines with a signature type comment (``summarize`` finds them in the text).
        self.type_comment_lines: set[int] = set()

    # ``ast.NodeVisitor`` finds a method by name for every node (a string concatenation and a
    # getattr each); a type lookup among the few handled types, and skipping fields that hold
    # no nodes, halves the summary's cost. Leaves (names, constants) are not called at all.
    # The handlers are plain functions in a table (bound methods kept on ``self`` would make
    # every summarizer a reference cycle). Same order as ``ast.NodeVisitor``.
    def visit(self, node: ast.AST) -> None:
        handler = _HANDLERS.get(type(node))
        if handler is not None:
            handler(self, node)
        else:
            self.generic_visit(node)

    def generic_visit(self, node: ast.AST) -> None:
        kind = type(node)
        fields = _child_fields_cache.get(kind)
        if fields is None:
            fields = _child_fields(kind)
        for name in fields:
            value = getattr(node, name, None)
            if value is None:
                continue
            guards = len(self.guards)
            for item in value if type(value) is list else (value,):
                item_kind = type(item)
                handler = _HANDLERS.get(item_kind)
                if handler is not None:
                    handler(self, item)
                    continue
                item_fields = _child_fields_cache.get(item_kind)
                if item_fields is None:
                    if not isinstance(item, ast.AST):
                        continue
                    item_fields = _child_fields(item_kind)
                if item_fields:
                    self.generic_visit(item)
            if len(self.guards) > guards:
                del self.guards[guards:]  # a block's ``if <guard>: return``: its rest has ended

    # -- imports ---------------------------------------------------------------------------
    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.asname:
                self.summary.imports[alias.asname] = alias.name
            else:
                head = alias.name.split(".")[0]
                self.summary.imports[head] = head
            if alias.name.split(".")[0] == "torch":
                self.summary.imports_torch = True

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = module_name_for_import(self.summary.module, self.is_package, node.level, node.module)
        if base.split(".")[0] == "torch":
            self.summary.imports_torch = True
        for alias in node.names:
            if alias.name == "*":
                if base and not self.function_stack and not self.class_stack:
                    self.summary.star_imports.append(base)
                continue
            self.summary.imports[alias.asname or alias.name] = (
                f"{base}.{alias.name}" if base else alias.name
            )

    # -- definitions -----------------------------------------------------------------------
    def _resolve(self, node: ast.AST) -> Optional[str]:
        dotted = dotted_name(node)
        if dotted is None:
            return None
        head = dotted.split(".")[0]
        for frame in reversed(self.instances):
            if head in frame and "." not in dotted:
                return frame[head]
        resolved = self.summary.resolve_dotted(dotted)
        if (
            resolved is None
            and self.summary.star_imports
            and head != "self"
            and not any(head in fn.params for fn in self.function_stack)
            and not any(head in frame for frame in self.instances)
        ):
            # A name no statement of the file binds, where ``from m import *`` may: the
            # module's own qualified name, which the index follows through the star imports
            # (``lookup``, ``star_name``) to what they bind, or to nothing.
            return sys.intern(self.summary.qualify(dotted))
        return resolved

    def _decorator_names(self, decorators: list[ast.expr]) -> list[str]:
        names = []
        for dec in decorators:
            target = dec.func if isinstance(dec, ast.Call) else dec
            resolved = self._resolve(target)
            if resolved:
                names.append(resolved)
        return names

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if not self.scope:
            self.summary.defined_names.add(node.name)
        qual = ".".join([*self.scope, node.name])
        cls = ClassSummary(
            name=qual,
            line=node.lineno,
            bases=[b for b in (self._resolve(base) for base in node.bases) if b],
            decorators=self._decorator_names(node.decorator_list),
        )
        self.summary.classes[qual] = cls
        self.scope.append(node.name)
        self.class_stack.append(cls)
        # A class defined in a function (a factory's `class Block(nn.Module)`) has methods as
        # any class does (`make.Block.forward`): its body is no longer that function's.
        enclosing, self.function_stack = self.function_stack, []
        self.generic_visit(node)
        self.function_stack = enclosing
        self.class_stack.pop()
        self.scope.pop()

    def _visit_function(self, node: ParamNode) -> None:
        if not self.scope:
            self.summary.defined_names.add(node.name)
        in_class = (
            bool(self.class_stack)
            and self.scope
            and self.scope[-1] == self.class_stack[-1].name.split(".")[-1]
        )
        if self.function_stack:
            qual = f"{self.function_stack[-1].qualname}.<locals>.{node.name}"
        else:
            qual = ".".join([*self.scope, node.name])
        args = node.args
        params = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
        fn = FunctionSummary(
            qualname=qual,
            line=node.lineno,
            decorators=self._decorator_names(node.decorator_list),
            params=params,
            star_args=args.vararg.arg if args.vararg else "",
            star_kwargs=args.kwarg.arg if args.kwarg else "",
        )
        if not (node.decorator_list or args.vararg or args.kwarg or args.kwonlyargs) and not any(
            line in self.type_comment_lines for line in range(node.lineno, node.body[0].lineno)
        ):
            positional = [*args.posonlyargs, *args.args]
            defaulted = len(positional) - len(args.defaults)
            fn.inferred_tensor_params = [
                a.arg for a in positional[:defaulted] if a.annotation is None
            ]
        # Classes named in the annotations (``buffer: Optional[BufferIO]``, also as a string):
        # TorchScript compiles a plain class it meets in a scripted signature, every method.
        annotations = [
            a.annotation
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
            if a.annotation is not None
        ] + ([node.returns] if node.returns is not None else [])
        named: set[str] = set()
        while annotations:
            for part in ast.walk(annotations.pop()):
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    try:
                        annotations.append(ast.parse(part.value, mode="eval").body)
                    except (SyntaxError, ValueError):
                        pass
                elif isinstance(part, (ast.Name, ast.Attribute)):
                    resolved = self._resolve(part)
                    if resolved and not resolved.startswith(("typing.", "torch.", "builtins.")):
                        named.add(resolved)
        fn.calls.extend(CallRef("annotation", name) for name in sorted(named))
        fn.returns_mask = self._returns_mask(node)
        getter = (
            self.class_stack[-1].methods.get(node.name)
            if in_class and not self.function_stack and _is_accessor(node)
            else None
        )
        if getter is not None:
            # `@name.setter` after `@property def name`: one property of the class, whose
            # accessors TorchScript compiles together; it keeps the getter's calls too.
            fn.decorators = [*getter.decorators, *fn.decorators]
            fn.calls = list(getter.calls)
        if in_class and not self.function_stack:
            cls = self.class_stack[-1]
            cls.methods[node.name] = fn
            registry = _state_registry(node)
            if registry is not None:
                cls.state_registries[node.name] = registry
            registry = _registry_reset(node)
            if registry is not None:
                cls.registry_resets[node.name] = registry
        else:
            self.summary.functions[qual] = fn
        for dec in node.decorator_list:
            self._root_from_decorator(dec, qual, node.lineno)
            target = dec.func if isinstance(dec, ast.Call) else dec
            registry = (
                self.registering_decorators.get(target.id) if isinstance(target, ast.Name) else None
            )
            if registry is not None and not self.function_stack and not self.class_stack:
                # `@register_readout("mean")`: the function is an entry of the registry.
                self.summary.registries.setdefault(registry, []).append(self.summary.qualify(qual))
        if not self.scope:
            registry = _stored_registry(node, self.summary.defined_names)
            if registry is not None:
                self.registering_decorators[node.name] = registry
                fn.registers = True
        self.function_stack.append(fn)
        self.instances.append({})
        self.self_classes.append(set())
        self.callables.append({})
        self.local_names.append(_bound_names(node))
        self.param_names.append(_parameter_names(node))
        self.param_defaults.append(_parameter_defaults(node))
        self.tensor_params.append(self._tensor_parameters(node))
        self.param_classes.append(self._parameter_classes(node))
        self.local_tensors.append(set())
        saved_scope, saved_guards = self.scope, self.guards
        self.scope, self.guards = [*self.scope, node.name], []
        for stmt in node.body:
            self.visit(stmt)
        self.summary.forwards.extend(_installed_forwards(node, qual))
        self.guards = saved_guards
        if node.name.startswith(GUARD_PREFIXES) and len(node.body) <= GUARD_BODY_LIMIT:
            fn.guard_calls = self._guard_calls(node)
        self.scope = saved_scope
        self.instances.pop()
        self.self_classes.pop()
        self.callables.pop()
        self.local_names.pop()
        self.param_names.pop()
        self.param_defaults.pop()
        self.tensor_params.pop()
        self.param_classes.pop()
        self.local_tensors.pop()
        self.function_stack.pop()

    visit_FunctionDef = _visit_function
    visit_AsyncFunctionDef = _visit_function

    def _tensor_parameters(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
        """Parameters annotated ``torch.Tensor``, ``Optional[torch.Tensor]``, ``Tensor | None``
        or ``Union[Tensor, None]``."""
        args = node.args
        return {
            a.arg
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
            if a.annotation is not None and self._tensor_annotation(a.annotation)
        }

    def _parameter_classes(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
        """``ClassSummary.param_classes``' parameters: those annotated with a class of a name
        (``config: MoEConfig``, ``Optional[Cfg]``, ``Cfg | None``) or defaulting to a call of
        one (``cfg=Cfg()``), which the function does not rebind; builtins and torch left out."""
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        defaults = _parameter_defaults(node)
        stored = {
            n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
        }
        found: dict[str, str] = {}
        for arg in [*positional, *args.kwonlyargs]:
            if arg.arg in stored:
                continue
            hint: Optional[ast.expr] = arg.annotation
            if isinstance(hint, ast.Subscript) and dotted_name(hint.value) in (
                "Optional",
                "typing.Optional",
            ):
                hint = hint.slice
            elif (
                isinstance(hint, ast.BinOp)
                and isinstance(hint.op, ast.BitOr)
                and _is_none(hint.right)
            ):
                hint = hint.left
            default = defaults.get(arg.arg)
            if hint is None and isinstance(default, ast.Call):
                hint = default.func
            if not isinstance(hint, (ast.Name, ast.Attribute)):
                continue
            name = self._resolve(hint)
            if name and not name.startswith(("builtins.", "torch.", "typing.")):
                found[arg.arg] = name
        return found

    def _returns_mask(self, node: ParamNode) -> bool:
        """``FunctionSummary.returns_mask``: the function's own ``return`` statements (one at
        least, none bare) all give a boolean tensor by their spelling, or its return annotation
        is ``torch.BoolTensor``."""
        if node.returns is not None and self._resolve(node.returns) == "torch.BoolTensor":
            return True
        returns: list[ast.expr] = []
        bindings: dict[str, list[Optional[ast.expr]]] = {}
        stack: list[ast.AST] = list(node.body)
        while stack:
            current = stack.pop()
            if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if isinstance(current, ast.Lambda):
                continue
            if isinstance(current, ast.Return):
                if current.value is None:
                    return False
                returns.append(current.value)
            elif isinstance(current, ast.Assign):
                for target in current.targets:
                    _bind_pieces(target, current.value, bindings)
            elif isinstance(current, (ast.AugAssign, ast.AnnAssign, ast.For, ast.NamedExpr)):
                target = current.target
                value: Optional[ast.expr] = None
                if isinstance(current, ast.AnnAssign):
                    value = current.value
                elif isinstance(current, ast.AugAssign) and isinstance(
                    current.op, (ast.BitAnd, ast.BitOr, ast.BitXor)
                ):
                    # `m |= x > 0` keeps a mask a mask (in place, in its dtype): with a mask on
                    # the right, and every other binding of `m` one, it is one.
                    value = current.value
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Name):
                        bindings.setdefault(sub.id, []).append(value)
            stack.extend(ast.iter_child_nodes(current))

        def mask(expr: Optional[ast.expr], depth: int) -> bool:
            if expr is None or depth > 6:
                return False
            if isinstance(expr, ast.Compare):
                return all(isinstance(op, _MASK_COMPARISONS) for op in expr.ops)
            if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Invert):
                return mask(expr.operand, depth + 1)
            if isinstance(expr, ast.BinOp) and isinstance(
                expr.op, (ast.BitAnd, ast.BitOr, ast.BitXor)
            ):
                return mask(expr.left, depth + 1) or mask(expr.right, depth + 1)
            if isinstance(expr, ast.Call):
                func = expr.func
                name = self._resolve(func) or ""
                if name.startswith("torch.") and name[6:] in _MASK_OPS:
                    return True
                return isinstance(func, ast.Attribute) and func.attr in _MASK_OPS and not name
            if isinstance(expr, ast.Name):
                values = bindings.get(expr.id)
                return bool(values) and all(mask(value, depth + 1) for value in values)
            return False

        return bool(returns) and all(mask(value, 0) for value in returns)

    def _tensor_annotation(self, annotation: ast.expr) -> bool:
        if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
            parts = [annotation.left, annotation.right]
        elif isinstance(annotation, ast.Subscript) and self._resolve(annotation.value) in (
            "typing.Optional",
            "typing.Union",
        ):
            inner = annotation.slice
            parts = list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]
        else:
            parts = [annotation]
        tensors = [p for p in parts if not _is_none(p)]
        return len(tensors) == 1 and self._resolve(tensors[0]) in (
            "torch.Tensor",
            "torch.FloatTensor",
        )

    def _guard_calls(self, node: ParamNode) -> Optional[list[str]]:
        """The calls whose truth ``node`` returns, when its first ``return`` that is not
        ``False`` gives a call, an ``or`` of calls, or a local name bound (``=``, ``|=``) only
        to such values."""
        returns: list[ast.expr] = []
        bindings: dict[str, list[ast.expr]] = {}
        stack: list[ast.AST] = list(node.body)
        while stack:
            current = stack.pop()
            if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if isinstance(current, ast.If) and _foreign_backend_test(current.test):
                # `if backend == "jax": return ...`: another array library's branch, which
                # code running on tensors never takes.
                stack.extend(current.orelse)
                continue
            if isinstance(current, ast.Return):
                if current.value is None:
                    return None
                returns.append(current.value)
            elif isinstance(current, ast.Assign) and len(current.targets) == 1:
                if isinstance(current.targets[0], ast.Name):
                    bindings.setdefault(current.targets[0].id, []).append(current.value)
            elif isinstance(current, ast.AugAssign) and isinstance(current.target, ast.Name):
                if isinstance(current.op, ast.BitOr):
                    bindings.setdefault(current.target.id, []).append(current.value)
            stack.extend(ast.iter_child_nodes(current))
        calls: list[str] = []

        def collect(expr: ast.expr, named: bool) -> bool:
            if isinstance(expr, ast.Constant):
                return expr.value is False
            if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
                return all(collect(value, named) for value in expr.values)
            if isinstance(expr, ast.IfExp):  # `bool(f()) if f is not None else False`
                return collect(expr.body, named) and collect(expr.orelse, named)
            if (
                isinstance(expr, ast.Call)
                and isinstance(expr.func, ast.Name)
                and expr.func.id == "bool"
                and len(expr.args) == 1
            ):
                return collect(expr.args[0], named)
            if isinstance(expr, ast.Call):
                name = self._resolve(expr.func)
                if name:
                    calls.append(name)
                return True
            if isinstance(expr, ast.Name) and not named and expr.id in bindings:
                return all(collect(value, True) for value in bindings[expr.id])
            return False

        # The first return that is not `False` is the path current torch takes: later ones are
        # fallbacks for older releases (`return is_compiling()` where there is no export flag).
        returns.sort(key=lambda value: (value.lineno, value.col_offset))
        taken = [v for v in returns if not (isinstance(v, ast.Constant) and v.value is False)]
        if taken and collect(taken[0], False) and calls:
            return calls
        return None

    def _root_from_decorator(self, dec: ast.expr, qual: str, line: int) -> None:
        target = dec.func if isinstance(dec, ast.Call) else dec
        name = self._resolve(target)
        if name in ROOT_DECORATORS:
            self.summary.roots.append(
                RootRef(self.summary.qualify(qual), ROOT_DECORATORS[name], line)
            )

    # -- assignments: self attributes and local instances ------------------------------------
    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._record_assignment(target, node.value)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self._record_assignment(node.target, node.value)
        if isinstance(node.target, ast.Name) and self._in_class_body():
            cls = self.class_stack[-1]
            cls.annotated.append(node.target.id)
            if _is_final(node.annotation):
                cls.body_values[node.target.id] = "final"
        self.generic_visit(node)

    def _in_class_body(self) -> bool:
        """Whether the current statement is in a class body itself (not in a method)."""
        return (
            bool(self.class_stack)
            and not self.function_stack
            and bool(self.scope)
            and self.scope[-1] == self.class_stack[-1].name.split(".")[-1]
        )

    def _record_body_value(self, name: str, value: ast.expr) -> None:
        """A class-body binding: its kind for ``ClassSummary.body_values``."""
        cls = self.class_stack[-1]
        if name in ("__constants__", "__jit_ignored_attributes__"):
            if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
                for element in value.elts:
                    if isinstance(element, ast.Constant) and isinstance(element.value, str):
                        cls.body_values[element.value] = "final"
            else:  # computed (`Base.__constants__ + [...]`): which names is not known
                cls.body_values[name] = "other"
            return
        if cls.body_values.get(name) == "final":
            return
        cls.body_values[name] = "value" if _is_data(value) else "other"
        held = value
        if (
            isinstance(held, ast.Call)
            and self._resolve(held.func) in ("builtins.staticmethod", "builtins.classmethod")
            and len(held.args) == 1
        ):
            held = held.args[0]
        if isinstance(held, (ast.Name, ast.Attribute)):
            # `_interpolate_fn: Callable = staticmethod(interpolate_grid_2d)` in a subclass's
            # body: what `self._interpolate_fn(...)` in a base-class method calls.
            cls.callables.setdefault(name, []).extend(
                ref for ref in self._function_refs(held) if not ref.startswith("builtins.")
            )

    def _record_assignment(self, target: ast.expr, value: ast.expr) -> None:
        if (
            isinstance(target, (ast.Tuple, ast.List))
            and isinstance(value, (ast.Tuple, ast.List))
            and len(target.elts) == len(value.elts)
            and not any(isinstance(e, ast.Starred) for e in (*target.elts, *value.elts))
        ):
            # `self.stride, self.eps = stride, eps`: each target takes its own value.
            for element, element_value in zip(target.elts, value.elts):
                self._record_assignment(element, element_value)
            return
        if (
            isinstance(target, ast.Name)
            and target.id == "__jit_unused_properties__"
            and self.class_stack
            and not self.function_stack
            and isinstance(value, (ast.List, ast.Tuple))
        ):
            self.class_stack[-1].unused_properties.extend(
                e.value
                for e in value.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            )
        if isinstance(target, ast.Name):
            if self._in_class_body():
                self._record_body_value(target.id, value)
            if not self.function_stack:
                self.summary.defined_names.add(target.id)
                if not self.class_stack:
                    self._record_torch_alias(target.id, value)
                    if self._optional_type(value):
                        self.summary.optional_aliases.add(target.id)
            if self.function_stack and not isinstance(value, ast.Call):
                self.instances[-1].pop(target.id, None)  # rebound to no instance
            if self.function_stack:
                if self._local_tensor_value(value):
                    self.local_tensors[-1].add(target.id)
                else:
                    self.local_tensors[-1].discard(target.id)
            if self.function_stack:
                if _names_self_class(value, self.self_classes[-1]):
                    self.self_classes[-1].add(target.id)
                else:
                    self.self_classes[-1].discard(target.id)
            if (
                isinstance(value, ast.Call)
                and self.function_stack
                and isinstance(value.func, ast.Name)
                and (held := self._local_instance(value.func.id)) is not None
                and ":" not in held
            ):
                # `solver = solver_fn(sde)` for `solver_fn = select(name)`: what calling the
                # factory's result makes (an instance of a class it returns), not its result.
                self.instances[-1][target.id] = RESULT_PREFIX + held
            elif isinstance(value, ast.Call):
                cls = self._resolve(value.func)
                if cls and not cls.startswith("builtins."):  # `getattr(...)` makes no instance
                    self.instances[-1][target.id] = cls
                    if not self.function_stack and not self.class_stack:
                        self.summary.instances[target.id] = cls
                elif (
                    self.function_stack
                    and isinstance(value.func, ast.Subscript)
                    and isinstance(value.func.value, ast.Name)
                ):
                    # `solver = SOLVERS[method](func, y0)`: an instance of an entry of a dict
                    # of classes, whose methods a call on the local runs.
                    registry = self._resolve(value.func.value)
                    if registry:
                        self.instances[-1][target.id] = REGISTRY_PREFIX + registry
            elif isinstance(value, ast.Dict) and not self.function_stack:
                refs = self._dict_refs(value)
                if refs:
                    owner = (
                        self.class_stack[-1].registries
                        if self.class_stack
                        else self.summary.registries
                    )
                    owner[target.id] = refs
            if self.function_stack:
                self._record_callable(target.id, value)
            return
        if (
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
            and self.class_stack
        ):
            cls = self.class_stack[-1]
            seen = target.attr in cls.attributes or target.attr in cls.param_classes
            held_class = (
                self.param_classes[-1].get(value.id)
                if isinstance(value, ast.Name)
                and self.function_stack
                and self.function_stack[-1].qualname == f"{cls.name}.__init__"
                else None
            )
            if held_class and not seen:
                cls.param_classes[target.attr] = held_class
            elif target.attr in cls.param_classes:
                cls.param_classes[target.attr] = ""  # bound again: not known
            previous = cls.attributes.get(target.attr, "<")
            # `self.norm = Norm(d) if ... else None` spelled as two branches: a call of the
            # attribute calls the module (None is never called), so None keeps the class.
            # So does a tensor: `self.register_buffer("alpha", a)` in one branch and
            # `self.alpha = None` in the other make an optional tensor, not a constant.
            if not _is_none(value) or (previous.startswith("<") and previous != "<tensor>"):
                cls.attributes[target.attr] = self._attribute_kind(value, cls, target.attr)
            self._record_setting(cls, target.attr, value)
            held = value
            if isinstance(value, ast.Name) and value.id in self.param_defaults[-1]:
                # `def __init__(self, interp=linear_interp): self.interp = interp`: the default
                # is what the attribute holds unless a caller passes another function.
                held = self.param_defaults[-1][value.id]
            functions = self._function_refs(held)
            if functions:
                cls.callables.setdefault(target.attr, []).extend(functions)
            return
        if isinstance(target, ast.Attribute):
            # `model.norm.strict = True`: another object's attribute set from outside.
            self.summary.stored_attributes.add(target.attr)

    def _record_setting(self, cls: ClassSummary, attr: str, value: ast.expr) -> None:
        """``ClassSummary.settings``: ``self.check = bool(check)`` in ``__init__`` with
        ``check=False``; any other assignment of the attribute makes it no setting."""
        fn = self.function_stack[-1] if self.function_stack else None
        in_init = (
            fn is not None
            and len(self.function_stack) == 1
            and fn.qualname == f"{cls.name}.__init__"
        )
        converted = False
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "bool"
            and len(value.args) == 1
            and not value.keywords
        ):
            value, converted = value.args[0], True
        default = (
            self.param_defaults[-1].get(value.id)
            if in_init and isinstance(value, ast.Name)
            else None
        )
        if (
            attr not in cls.settings
            and fn is not None
            and isinstance(value, ast.Name)
            and isinstance(default, ast.Constant)
            and (default.value is None or type(default.value) in (bool, int, float, str))
        ):
            position = fn.params.index(value.id) - 1 if value.id in fn.params else -1
            held = bool(default.value) if converted else default.value
            cls.settings[attr] = (value.id, position, held)
        else:
            cls.settings[attr] = ("", -2, None)

    def _dict_refs(self, value: ast.Dict, depth: int = 0) -> list[str]:
        """The names a dict of callables holds: its values, ``partial(fn, ...)`` as ``fn``, and
        the values of dicts nested in it (``routines["sinkhorn"]["online"]``)."""
        refs: list[str] = []
        for item in value.values:
            if isinstance(item, ast.Dict) and depth < 3:
                refs.extend(self._dict_refs(item, depth + 1))
            elif isinstance(item, ast.Call) and self._resolve(item.func) in PARTIALS and item.args:
                refs.extend(r for r in (self._resolve(item.args[0]),) if r)
            elif item is not None:
                refs.extend(r for r in (self._resolve(item),) if r)
        return refs

    def visit_Return(self, node: ast.Return) -> None:
        """``return _solvers[key]`` / ``return REGISTRY.get(key, default)``: the function is a
        factory of the dict's entries; ``return HalfSplit(shape)``: of the call's instance."""
        value = node.value
        if self.function_stack and value is not None:
            holder = None
            if isinstance(value, ast.Subscript):
                holder = value.value
            elif (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Attribute)
                and value.func.attr == "get"
            ):
                holder = value.func.value
            registry = self._resolve(holder) if isinstance(holder, ast.Name) else None
            if registry:
                self.function_stack[-1].returns_registries.append(registry)
            elif isinstance(value, ast.Call):
                made = self._resolve(value.func)
                if made and not made.startswith("builtins."):
                    self.function_stack[-1].returns_calls.append(made)
            else:
                returned = self._returned_function(value)
                if returned:
                    self.function_stack[-1].returns_functions.append(returned)
                elif isinstance(value, (ast.Name, ast.Attribute)):
                    # A module-level name or import (`return Euler`), not a local or parameter.
                    dotted = dotted_name(value)
                    head = dotted.split(".")[0] if dotted else ""
                    named = (
                        self.summary.resolve_dotted(dotted)
                        if dotted
                        and head not in self.instances[-1]
                        and head not in self.function_stack[-1].params
                        else None
                    )
                    if named and not named.startswith(("builtins.", "torch.")):
                        self.function_stack[-1].returns_names.append(named)
        self.generic_visit(node)

    def _returned_function(self, value: ast.expr) -> Optional[str]:
        """``Fn.apply`` (an autograd Function, maybe defined in this function, as mpc.pytorch's
        ``LQRStep`` does) or a nested ``def`` returned: its qualified name."""
        if (
            isinstance(value, ast.Attribute)
            and value.attr == "apply"
            and isinstance(value.value, ast.Name)
        ):
            local = ".".join([*self.scope, value.value.id])
            if local in self.summary.classes:
                return f"{self.summary.qualify(local)}.apply"
            resolved = self._resolve(value.value)
            return f"{resolved}.apply" if resolved else None
        if isinstance(value, ast.Name):
            nested = f"{self.function_stack[-1].qualname}.<locals>.{value.id}"
            if nested in self.summary.functions:
                return self.summary.qualify(nested)
        return None

    def _function_refs(self, value: ast.expr) -> list[str]:
        """Names a value may be a function of: ``fn``, ``mod.fn``, ``partial(fn, ...)``, both
        sides of ``a if c else b``, and every entry of a dict of callables indexed by a key
        (``CALIBRATORS[method]``: ``REGISTRY_PREFIX`` + the dict's qualified name)."""
        if isinstance(value, ast.IfExp):
            return self._function_refs(value.body) + self._function_refs(value.orelse)
        if isinstance(value, ast.Subscript) and _callable_display(value.value):
            # A dict, list or tuple display of functions indexed by a key (`{"a": f, "b":
            # g}[mode]`): any of its entries.
            display = value.value
            entries = display.values if isinstance(display, ast.Dict) else display.elts  # type: ignore[attr-defined]
            return [
                ref for entry in entries if entry is not None for ref in self._function_refs(entry)
            ]
        if isinstance(value, ast.Subscript):
            registry = self._resolve(value.value)
            return [REGISTRY_PREFIX + registry] if registry else []
        if isinstance(value, ast.Call):
            called = self._resolve(value.func)
            if called in PARTIALS and value.args:
                return self._function_refs(value.args[0])
            if called and not called.startswith(("torch.", "builtins.")):
                return [FACTORY_PREFIX + called]  # `self.f_solver = get_solver(name)`
            return []
        if (
            isinstance(value, ast.Attribute)
            and isinstance(value.value, ast.Name)
            and value.value.id == "self"
            and self.class_stack
        ):
            # `self.operation = self._concatenation`: a bound method of the class.
            return [self.summary.qualify(f"{self.class_stack[-1].name}.{value.attr}")]
        if isinstance(value, ast.Name) and self.function_stack:
            # `def rot(self, x): ...` nested in `__init__`, then `self.rot = rot`: TorchScript
            # compiles the stored function when scripted code reads the attribute.
            nested = f"{self.function_stack[-1].qualname}.<locals>.{value.id}"
            if nested in self.summary.functions:
                return [self.summary.qualify(nested)]
        if isinstance(value, (ast.Name, ast.Attribute)):
            resolved = self._resolve(value)
            return [resolved] if resolved else []
        return []

    def _optional_type(self, value: ast.expr) -> bool:
        """``Optional[X]``, ``Union[X, None]`` or ``X | None``: a type that takes None."""
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
            return any(
                isinstance(side, ast.Constant) and side.value is None
                for side in (value.left, value.right)
            ) or self._optional_type(value.left)
        if not isinstance(value, ast.Subscript):
            return False
        name = self._resolve(value.value)
        if name == "typing.Optional":
            return True
        members = value.slice.elts if isinstance(value.slice, ast.Tuple) else [value.slice]
        return name == "typing.Union" and any(
            isinstance(m, ast.Constant) and m.value is None for m in members
        )

    def _record_torch_alias(self, name: str, value: ast.expr) -> None:
        """``_is_exporting = torch.compiler.is_exporting`` or ``getattr(torch.compiler,
        "is_exporting", None)`` at module level: the name stands for that torch function (guard
        wrappers call it)."""
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "getattr"
            and len(value.args) >= 2
            and isinstance(value.args[1], ast.Constant)
            and isinstance(value.args[1].value, str)
        ):
            owner = self._resolve(value.args[0])
            resolved = f"{owner}.{value.args[1].value}" if owner else None
        elif isinstance(value, ast.Attribute):
            resolved = self._resolve(value)
        elif isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and value.values:
            self._record_torch_alias(name, value.values[0])  # `getattr(a, "f", None) or ...`
            return
        else:
            return
        # `pscan = PScan.apply`: calls of the name run the autograd.Function's forward.
        if resolved and (resolved.startswith("torch.") or resolved.endswith(".apply")):
            self.summary.imports[name] = resolved

    def _record_callable(self, name: str, value: ast.expr) -> None:
        """A local name bound to a function (``fn = helper``) or to an entry of a dict of
        functions (``fn = REGISTRY[key]``): calls of the name reach those functions."""
        refs: list[CallRef] = []
        if isinstance(value, ast.Subscript) and _callable_display(value.value):
            # `recurrence = {"reference": f, "chunkwise": g}[self.backend]`: any entry.
            refs.extend(CallRef("name", f, line=value.lineno) for f in self._function_refs(value))
        elif isinstance(value, ast.Subscript):
            registry = self._resolve(value.value)
            if registry:
                refs.append(CallRef("registry", registry, line=value.lineno))
        elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            # ``REGISTRY.get(key, default_fn)`` (``get_interface`` ...): any entry of the
            # registry, or the default.
            registry = self._resolve(value.func.value)
            if registry:
                refs.append(CallRef("registry", registry, line=value.lineno))
            for arg in value.args:
                local = isinstance(arg, ast.Name) and arg.id in self.local_names[-1]
                resolved = (
                    self._resolve(arg)
                    if isinstance(arg, (ast.Name, ast.Attribute)) and not local
                    else None
                )
                if resolved:
                    refs.append(CallRef("name", resolved, line=value.lineno))
        else:
            refs.extend(CallRef("name", f, line=value.lineno) for f in self._function_refs(value))
        self.callables[-1].setdefault(name, []).extend(refs)

    def _attribute_kind(self, value: ast.expr, cls: ClassSummary, attr: str) -> str:
        if isinstance(value, ast.IfExp) and (_is_none(value.body) or _is_none(value.orelse)):
            # `Norm(d) if use_norm else None`: what a call of the attribute calls.
            other = value.orelse if _is_none(value.body) else value.body
            return self._attribute_kind(other, cls, attr)
        made = self._default_instance(value)
        if made is not None:
            return made
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and isinstance(value.func.value, ast.Call)
            and value.func.attr not in NON_TENSOR_METHODS
            and self._attribute_kind(value.func.value, cls, attr) == "<tensor>"
        ):
            return "<tensor>"  # `torch.arange(0, n, step).flip(0)`: a tensor's method
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in self.function_returns
            and value.func.id not in self.local_names[-1]
            and self._resolve(self.function_returns[value.func.id]) in TENSOR_TYPES
        ):
            return "<tensor>"  # `self.order = _walk(adjacency)` of `def _walk(...) -> Tensor`
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and isinstance(value.func.value, ast.Name)
            and value.func.value.id == "self"
            and (cls.name, value.func.attr) in self.method_returns
            and self._resolve(self.method_returns[cls.name, value.func.attr]) in TENSOR_TYPES
        ):
            return "<tensor>"  # `self.g = self._as_tensor(g)` of a method `-> torch.Tensor`
        if isinstance(value, ast.Call):
            name = self._resolve(value.func) or ""
            if name in (
                "torch.nn.ModuleList",
                "torch.nn.Sequential",
                "torch.nn.ModuleDict",
                "torch.nn.ParameterList",
                "torch.nn.ParameterDict",
            ):
                item = self._container_item(value)
                if item:
                    cls.container_items[attr] = item
                return "<params>" if "Parameter" in name else "<modules>"
            if name in ("torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.Buffer"):
                return "<tensor>"
            if name.startswith("torch.") and not name.startswith("torch.nn."):
                head = name.rsplit(".", 1)[-1]
                if head[:1].islower():
                    return "<tensor>"
            if (
                name.removeprefix("builtins.") in CONFIG_CONVERSIONS
                and value.args
                and all(
                    self._attribute_kind(a, cls, attr) in ("<param>", "<const>") for a in value.args
                )
            ):
                return "<param>"  # `tuple(class_names)`, `int(dim * ratio)` of constructor args
            return name or "<unknown>"
        if isinstance(value, ast.Constant) or (
            isinstance(value, (ast.Tuple, ast.List))
            and all(isinstance(e, ast.Constant) for e in value.elts)
        ):
            return "<const>"
        if isinstance(value, ast.Name) and self.function_stack:
            if value.id in self.instances[-1]:
                held = self.instances[-1][value.id]
                head = held.rsplit(".", 1)[-1]
                if (
                    held.startswith("torch.")
                    and not held.startswith("torch.nn.")
                    and head[:1].islower()
                ):
                    # `state = torch.full(...); self.state = state`: the tensor a torch
                    # function made, as `self.state = torch.full(...)` is.
                    return "<tensor>"
                return held  # `group = SE3(); self.group = group`
            if value.id in self.tensor_params[-1]:
                # `self.class_weights = class_weights` of `class_weights: Optional[Tensor]`:
                # the tensor (or None) the caller gives, not a config number.
                return "<tensor>"
            # A constructor argument (config value) stored on self; modules passed in stay unknown.
            return "<param>" if value.id in self.function_stack[-1].params else "<unknown>"
        if isinstance(value, (ast.BinOp, ast.UnaryOp, ast.Compare)) and self._tensor_arithmetic(
            value, cls
        ):
            # `self._active = self._active & (self.diff > self.tol)`: arithmetic on a tensor
            # the object keeps is a tensor (a later assignment must not make it a number).
            return "<tensor>"
        if (
            isinstance(value, ast.Attribute)
            and isinstance(value.value, ast.Name)
            and self.function_stack
            and value.value.id in self.instances[-1]
        ):
            # `sig = Signature(g); self.g = sig.g`: what that class keeps there (the index
            # reads it; a number, `<config>`, unless it is a tensor).
            return f"<of:{self.instances[-1][value.value.id]}:{value.attr}>"
        if isinstance(value, (ast.BinOp, ast.UnaryOp)) and self._dispatched_array(value):
            return "<unknown>"  # `anp.ones((d, n), like=backend) / n`: maybe a tensor
        if isinstance(value, (ast.Attribute, ast.BinOp, ast.UnaryOp)):
            return "<config>"
        return "<unknown>"

    def _dispatched_array(self, value: ast.expr) -> bool:
        """Whether arithmetic calls autoray (``anp.ones(..., like=self.backend)``): an array of
        the library its ``like`` names, a tensor when that is torch, so no config number."""
        return any(
            isinstance(node, ast.Call) and (self._resolve(node.func) or "").startswith("autoray.")
            for node in ast.walk(value)
        )

    def _tensor_arithmetic(self, value: ast.expr, cls: ClassSummary, depth: int = 0) -> bool:
        """Whether an operand of the arithmetic or comparison ``value`` is a tensor the object
        keeps (``self.<attr>`` marked ``<tensor>`` by an earlier assignment) or a call of a
        torch function that makes one (``torch.ones(n)``)."""
        if depth > 6:
            return False
        if isinstance(value, ast.BinOp):
            operands = [value.left, value.right]
        elif isinstance(value, ast.UnaryOp):
            operands = [value.operand]
        elif isinstance(value, ast.Compare):
            operands = [value.left, *value.comparators]
        else:
            operands = [value]
        for operand in operands:
            if isinstance(operand, (ast.BinOp, ast.UnaryOp, ast.Compare)):
                if self._tensor_arithmetic(operand, cls, depth + 1):
                    return True
            elif (
                isinstance(operand, ast.Attribute)
                and isinstance(operand.value, ast.Name)
                and operand.value.id == "self"
            ):
                if cls.attributes.get(operand.attr) == "<tensor>":
                    return True
            elif isinstance(operand, ast.Call):
                name = self._resolve(operand.func) or ""
                if name.startswith("torch.") and not name.startswith("torch.nn."):
                    if name.rsplit(".", 1)[-1][:1].islower():
                        return True
            elif isinstance(operand, ast.Name) and operand.id in self.local_tensors[-1]:
                return True  # `self.sizes = 2**L` of `L = torch.arange(a, b).int()`
        return False

    def _local_tensor_value(self, value: ast.expr, depth: int = 0) -> bool:
        """Whether ``value`` is a tensor on its face: a torch function's result (lowercase,
        outside ``torch.nn``), a tensor method of one (``torch.arange(a, b).type(torch.int)``),
        arithmetic with one, or a local already bound to one."""
        if depth > 6:
            return False
        if isinstance(value, ast.Name):
            return value.id in self.local_tensors[-1]
        if isinstance(value, ast.BinOp):
            return self._local_tensor_value(value.left, depth + 1) or self._local_tensor_value(
                value.right, depth + 1
            )
        if isinstance(value, ast.UnaryOp):
            return self._local_tensor_value(value.operand, depth + 1)
        if not isinstance(value, ast.Call):
            return False
        if isinstance(value.func, ast.Attribute) and not isinstance(value.func.value, ast.Name):
            return value.func.attr not in NON_TENSOR_METHODS and self._local_tensor_value(
                value.func.value, depth + 1
            )
        name = self._resolve(value.func) or ""
        if name.startswith("torch.") and not name.startswith("torch.nn."):
            return name.rsplit(".", 1)[-1][:1].islower()
        if isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Name):
            # `L.int()` of a local tensor
            return (
                value.func.value.id in self.local_tensors[-1]
                and value.func.attr not in NON_TENSOR_METHODS
            )
        return False

    def _default_instance(self, value: ast.expr) -> Optional[str]:
        """The class a default makes where a value may be passed in instead: ``group or SE3()``,
        ``SE3() if group is None else group``, ``default(group, SE3())`` (a helper of the
        project, lowercase, given a name and one constructor call); None otherwise."""
        if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
            options = value.values
        elif isinstance(value, ast.IfExp):
            options = [value.body, value.orelse]
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id[:1].islower()
            and not (self._resolve(value.func) or "builtins.").startswith(("torch.", "builtins."))
            and not value.keywords
        ):
            options = value.args
        else:
            return None
        calls = [o for o in options if isinstance(o, ast.Call)]
        if len(calls) != 1 or not all(isinstance(o, (ast.Call, ast.Name)) for o in options):
            return None
        name = self._resolve(calls[0].func) or ""
        last = name.rsplit(".", 1)[-1]
        project = not name.startswith(("torch.", "builtins."))
        return name if project and last[:1].isupper() and len(options) > 1 else None

    def _container_item(self, call: ast.Call) -> Optional[str]:
        for arg in call.args:
            node = arg
            if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
                node = node.elt
            elif isinstance(node, (ast.List, ast.Tuple)) and node.elts:
                node = node.elts[0]
            if isinstance(node, ast.Call):
                return self._resolve(node.func)
        return None

    def visit_For(self, node: ast.For) -> None:
        """``for blk in self.blocks:`` (or ``enumerate(self.blocks)``): a call of ``blk`` is a
        call of an item of ``self.blocks``, which reaches its class's ``forward``."""
        target, iterable = node.target, node.iter
        if (
            isinstance(iterable, ast.Call)
            and isinstance(iterable.func, ast.Name)
            and iterable.func.id == "enumerate"
            and iterable.args
            and isinstance(target, ast.Tuple)
            and len(target.elts) == 2
        ):
            target, iterable = target.elts[1], iterable.args[0]
        if (
            isinstance(iterable, ast.Call)
            and isinstance(iterable.func, ast.Name)
            and iterable.func.id == "reversed"
            and len(iterable.args) == 1
        ):
            iterable = iterable.args[0]  # `for blk in reversed(self.blocks):`
        if isinstance(iterable, ast.Subscript) and isinstance(iterable.slice, ast.Slice):
            iterable = iterable.value  # `for blk in self.blocks[::-1]:`, `self.blocks[1:]`
        if (
            self.function_stack
            and isinstance(target, ast.Name)
            and isinstance(iterable, ast.Attribute)
            and isinstance(iterable.value, ast.Name)
            and iterable.value.id == "self"
        ):
            item = CallRef("item", iterable.attr, method="__call__", line=node.lineno)
            self.callables[-1][target.id] = [item]
        self.generic_visit(node)

    def visit_With(self, node: ast.With) -> None:
        """``with EXPR [as x]:`` runs ``__enter__`` and ``__exit__`` of what ``EXPR`` gives:
        a class constructed there (its ``__init__`` too), a local instance of one, or the
        instance in ``self.<attr>``."""
        if self.function_stack:
            calls = self.function_stack[-1].calls
            guard = tuple(self.guards)
            for item in node.items:
                expr, line = item.context_expr, item.context_expr.lineno
                if isinstance(expr, ast.Call):
                    cls = self._resolve(expr.func)
                    if cls and not cls.startswith("builtins."):
                        calls.append(CallRef("with", cls, "__init__", line, guard))
                elif isinstance(expr, ast.Name):
                    cls = next((f[expr.id] for f in reversed(self.instances) if expr.id in f), None)
                    if cls:
                        calls.append(CallRef("with", cls, line=line, guard=guard))
                elif (
                    isinstance(expr, ast.Attribute)
                    and isinstance(expr.value, ast.Name)
                    and expr.value.id == "self"
                ):
                    calls.append(CallRef("with-attr", expr.attr, line=line, guard=guard))
        self.generic_visit(node)

    # -- guards ----------------------------------------------------------------------------
    def visit_If(self, node: ast.If) -> None:
        """A test that may read the back-end guards what runs under it: the body, the ``else``
        branch (its negation), and the rest of the block after ``if <test>: return ...``."""
        test = self._guard_test(node.test) if self.function_stack else None
        if test is None:
            self.generic_visit(node)
            return
        self.visit(node.test)
        guards = self.guards
        for branch, condition in ((node.body, test), (node.orelse, ("not", test))):
            depth = len(guards)
            guards.append(condition)
            for stmt in branch:
                self.visit(stmt)
            del guards[depth:]
        if not node.orelse and isinstance(node.body[-1], (ast.Return, ast.Raise)):
            guards.append(("not", test))  # until the enclosing block ends (generic_visit)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        test = self._guard_test(node.test) if self.function_stack else None
        if test is None:
            self.generic_visit(node)
            return
        self.visit(node.test)
        for branch, condition in ((node.body, test), (node.orelse, ("not", test))):
            self.guards.append(condition)
            self.visit(branch)
            self.guards.pop()

    def _guard_test(self, test: ast.expr) -> GuardTest:
        """``test`` as the index resolves guards (``model.guard_targets`` for a function's own
        branches): calls that may be guards by their qualified names (torch's, or a project
        ``is_*`` wrapper), under ``not`` / ``and`` / ``or``; None when no part may be one."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = self._guard_test(test.operand)
            return None if inner is None else ("not", inner)
        if isinstance(test, ast.BoolOp):
            parts = [self._guard_test(value) for value in test.values]
            if all(part is None for part in parts):
                return None
            return ("and" if isinstance(test.op, ast.And) else "or", *parts)
        if isinstance(test, ast.Call):
            name = self._resolve(test.func)
            if name and (name in GUARD_CALLS or name.rpartition(".")[2].startswith(GUARD_PREFIXES)):
                return name
        if isinstance(test, ast.Attribute) and test.attr == "training":
            return TRAINING_GUARD  # says nothing of the back-ends; the index reads the mode
        return None

    # -- calls -----------------------------------------------------------------------------
    def visit_Attribute(self, node: ast.Attribute) -> None:
        """``self.<name>`` read in a method: a ``"read"`` reference, which reaches the getter
        when the class makes ``name`` a property (once per name and guard in a function)."""
        value = node.value
        if type(value) is ast.Name and value.id == "self" and type(node.ctx) is ast.Load:
            self._record_read("read", node.attr, None, node.lineno)
            return
        if (
            type(value) is ast.Attribute
            and type(value.value) is ast.Name
            and value.value.id == "self"
            and type(node.ctx) is ast.Load
        ):
            # ``self.annealer.weight``: the getter of a property of the held object's class.
            self._record_read("attr-read", value.attr, node.attr, node.lineno)
        elif type(value) is ast.Name and type(node.ctx) is ast.Load:
            cls = self._local_instance(value.id)
            if cls is not None:  # ``dist.partition``: a property of a local instance's class
                self._record_read("instance-read", cls, node.attr, node.lineno)
        self.generic_visit(node)

    def _local_instance(self, name: str) -> Optional[str]:
        """The class (or callable) whose call a function's local ``name`` was bound to
        (``dist = LinearChainCRF(...)``); None for other names and outside functions."""
        if len(self.instances) < 2 or name not in self.instances[-1]:
            return None
        return self.instances[-1][name]

    def _record_read(self, kind: str, target: str, method: Optional[str], line: int) -> None:
        if not self.function_stack:
            return
        fn = self.function_stack[-1]
        guard = tuple(self.guards)
        key = (id(fn), kind, target, method, guard)
        if key not in self.reads:
            self.reads.add(key)
            fn.calls.append(CallRef(kind, target, method or "", line=line, guard=guard))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = self._resolve(func)
        if name in ROOT_CALLS:
            self._root_from_call(node, ROOT_CALLS[name])
        if (
            name == "builtins.setattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            self.summary.stored_attributes.add(node.args[1].value)
        if name and name.rpartition(".")[2][:1].isupper():
            starred = any(isinstance(a, ast.Starred) for a in node.args) or any(
                k.arg is None for k in node.keywords
            )
            self.summary.constructions.setdefault(name, []).append(
                None
                if starred
                else (len(node.args), tuple(k.arg for k in node.keywords if k.arg is not None))
            )
        self._record_registration(node)
        if self.function_stack:
            calls = self.function_stack[-1].calls
            guard = tuple(self.guards)
            if isinstance(func, ast.Name) and func.id in self.callables[-1]:
                bound = self.callables[-1][func.id]
                calls.extend([replace(ref, guard=guard) for ref in bound] if guard else bound)
            ref = self._call_ref(func, node.lineno)
            if ref is not None:
                ref.guard = guard
                calls.append(ref)
            if name not in NON_CALLING_CONSUMERS:
                calls.extend(self._passed_callables(node, guard))
        self.generic_visit(node)

    def _passed_callables(self, node: ast.Call, guard: tuple[GuardTest, ...]) -> list[CallRef]:
        """What a call hands on as a callable argument, for the callee to call: a function
        (``run(x, pointwise_fn)``), a method or callable attribute of ``self``
        (``slstm_forward(x, self.pointwise)``, ``checkpoint(self.block, x)``), or a local bound
        to one. Dynamo inlines the call the callee makes, so the callable is graph code too."""
        refs: list[CallRef] = []
        values = [*node.args, *(keyword.value for keyword in node.keywords)]
        for value in values:
            if (
                isinstance(value, ast.Name)
                and value.id in self.callables[-1]
                and value.id not in self.param_names[-1]
            ):
                # A local bound to a function or a registry entry; not one bound to what a
                # call returned (`x = helper(x)`: a value, passed on as data).
                refs.extend(
                    replace(ref, guard=guard)
                    for ref in self.callables[-1][value.id]
                    if not ref.target.startswith(FACTORY_PREFIX)
                )
            elif (isinstance(value, ast.Name) and value.id not in self.local_names[-1]) or (
                isinstance(value, ast.Attribute)
                and isinstance(value.value, ast.Name)
                and value.value.id == "self"
            ):
                ref = self._call_ref(value, node.lineno)
                if ref is not None and ref.kind in ("name", "self"):
                    ref.guard = guard
                    refs.append(ref)
        return refs

    def _record_registration(self, node: ast.Call) -> None:
        """``self.register_buffer("name", t)`` and ``register_parameter`` make tensor attributes;
        ``self.<sub>.register_forward_hook(fn)`` (or a pre-hook) makes ``fn`` a hook of the class."""
        func = node.func
        if (
            self.class_stack
            and self.function_stack
            and isinstance(func, ast.Attribute)
            and func.attr in FORWARD_HOOK_REGISTRATIONS
            and node.args
            and _on_self(func.value)
        ):
            hook = node.args[0]
            if (
                isinstance(hook, ast.Attribute)
                and isinstance(hook.value, ast.Name)
                and hook.value.id == "self"
            ):
                self.class_stack[-1].hooks.append(f"self.{hook.attr}")
            else:
                self.class_stack[-1].hooks.extend(self._function_refs(hook))
        if (
            self.class_stack
            and self.function_stack
            and isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id == "self"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            keyed = self.class_stack[-1].keyed_calls.setdefault(func.attr, [])
            keyed.append(node.args[0].value)
        if (
            self.class_stack
            and isinstance(func, ast.Attribute)
            and func.attr in ("register_buffer", "register_parameter")
            and isinstance(func.value, ast.Name)
            and func.value.id == "self"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            self.class_stack[-1].attributes[node.args[0].value] = "<tensor>"

    def _root_from_call(self, node: ast.Call, backends: frozenset[str]) -> None:
        if not node.args:
            return
        arg = node.args[0]
        target: Optional[str] = None
        if isinstance(arg, ast.Call):
            target = self._resolve(arg.func)
        elif isinstance(arg, (ast.Name, ast.Attribute)):
            target = self._resolve(arg)
            if (
                isinstance(arg, ast.Attribute)
                and isinstance(arg.value, ast.Name)
                and arg.value.id == "self"
            ):
                target = None
                if self.class_stack:
                    attr_cls = self.class_stack[-1].attributes.get(arg.attr)
                    target = attr_cls if attr_cls and not attr_cls.startswith("<") else None
                    if target is None:
                        target = self.summary.qualify(f"{self.class_stack[-1].name}.{arg.attr}")
        if target:
            self.summary.roots.append(RootRef(target, backends, node.lineno))

    def _call_ref(self, func: ast.expr, line: int) -> Optional[CallRef]:
        if (
            isinstance(func, ast.Call)
            and func.args
            and isinstance(func.args[0], (ast.Name, ast.Attribute))
            and self._resolve(func.func) in PARTIALS
        ):
            # `functools.partial(model_forward, self)(x)` calls `model_forward`.
            return self._call_ref(func.args[0], line)
        if isinstance(func, ast.Name):
            cls = self._local_instance(func.id)
            if cls is not None:
                return CallRef("instance", cls, method="__call__", line=line)  # `d(x)`
            resolved = self._resolve(func)
            if resolved:
                return CallRef("name", resolved, line=line)
            return None
        base = func
        while isinstance(base, ast.Subscript):
            base = base.value
        if base is not func and isinstance(base, ast.Name):
            # `ROUTINES[kind](x)`, `routines[loss][backend](x)`: an entry of a dict of callables.
            registry = self._resolve(base)
            return CallRef("registry", registry, line=line) if registry else None
        if (
            isinstance(func, ast.Subscript)
            and isinstance(func.value, ast.Attribute)
            and isinstance(func.value.value, ast.Name)
            and func.value.value.id == "self"
        ):
            return CallRef(
                "item", func.value.attr, method="__call__", line=line
            )  # self.layers[i](x)
        if not isinstance(func, ast.Attribute):
            return None
        value = func.value
        if (isinstance(value, ast.Name) and value.id == "self") or _names_self_class(
            value, self.self_classes[-1]
        ):
            # `self.m(...)`; `self.__class__.m(...)`, `type(self).m(...)` or `cls.m(...)` of
            # `cls = self.__class__`: the method of self's class (a subclass's override).
            return CallRef("self", func.attr, line=line)
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "super"
        ):
            return CallRef("super", func.attr, line=line)
        if (
            isinstance(value, ast.Attribute)
            and isinstance(value.value, ast.Name)
            and value.value.id == "self"
        ):
            return CallRef("attr", value.attr, method=func.attr, line=line)
        if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Attribute):
            inner = value.value
            if isinstance(inner.value, ast.Name) and inner.value.id == "self":
                return CallRef("item", inner.attr, method=func.attr, line=line)
        if isinstance(value, ast.Name):
            cls = self._local_instance(value.id)
            if cls is not None:
                return CallRef("instance", cls, method=func.attr, line=line)  # `dist.sample()`
            held = self.param_classes[-1].get(value.id) if self.function_stack else None
            if held:
                # `def axial_apply(x, lattice: Lattice): lattice.to_sequence(x)`: a method of
                # the class the parameter is annotated with (an object the caller holds).
                return CallRef("param", held, method=func.attr, line=line)
            bound = self.callables[-1].get(value.id) if self.function_stack else None
            if bound and len(bound) == 1 and bound[0].kind == "item":
                # `for blk in self.blocks: z = blk.inverse(z)`: a method of each item.
                return CallRef("item", bound[0].target, method=func.attr, line=line)
        resolved = self._resolve(func)
        if resolved:
            return CallRef("name", resolved, line=line)
        return None


def _names_self_class(node: ast.expr, aliases: set[str]) -> bool:
    """Whether ``node`` is the class of ``self``: ``self.__class__``, ``type(self)``, or a
    local in ``aliases`` bound to one of those."""
    if isinstance(node, ast.Name):
        return node.id in aliases
    if isinstance(node, ast.Attribute):
        return (
            node.attr == "__class__"
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        )
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "type"
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == "self"
    )


# Builtins that take a callable without calling it.
NON_CALLING_CONSUMERS = frozenset(
    f"builtins.{name}"
    for name in (
        "isinstance",
        "issubclass",
        "getattr",
        "setattr",
        "hasattr",
        "delattr",
        "id",
        "type",
        "callable",
        "print",
        "repr",
        "str",
        "vars",
        "dir",
    )
)


_HANDLERS: dict[type, Callable[[_Summarizer, Any], None]] = {
    ast.Import: _Summarizer.visit_Import,
    ast.ImportFrom: _Summarizer.visit_ImportFrom,
    ast.ClassDef: _Summarizer.visit_ClassDef,
    ast.FunctionDef: _Summarizer.visit_FunctionDef,
    ast.AsyncFunctionDef: _Summarizer.visit_AsyncFunctionDef,
    ast.Assign: _Summarizer.visit_Assign,
    ast.AnnAssign: _Summarizer.visit_AnnAssign,
    ast.Call: _Summarizer.visit_Call,
    ast.For: _Summarizer.visit_For,
    ast.With: _Summarizer.visit_With,
    ast.If: _Summarizer.visit_If,
    ast.IfExp: _Summarizer.visit_IfExp,
    ast.Attribute: _Summarizer.visit_Attribute,
    ast.Return: _Summarizer.visit_Return,
}


def _is_accessor(node: ParamNode) -> bool:
    """``@name.setter`` / ``@name.deleter`` on ``def name``: an accessor of property ``name``."""
    return any(
        isinstance(dec, ast.Attribute)
        and dec.attr in ("setter", "deleter")
        and isinstance(dec.value, ast.Name)
        and dec.value.id == node.name
        for dec in node.decorator_list
    )


_SIGNATURE_TYPE_COMMENT = re.compile(r"#\s*type:[^\n]*->")


# The value kinds ``_module_values`` records, by the ast node of the value (a display or a
# comprehension: a container; a literal: a number, string or bool).
_VALUE_NODES = {
    ast.Dict: "dict",
    ast.DictComp: "dict",
    ast.List: "list",
    ast.ListComp: "list",
    ast.Set: "set",
    ast.SetComp: "set",
    ast.Tuple: "tuple",
}


# What gives a boolean tensor, applied to tensors: the comparisons, and the torch functions /
# tensor methods of lint.tensor_methods.BOOL_METHODS plus `any` / `all` (torch 2.13: their
# results have dtype torch.bool, also with a `dim`).
_MASK_COMPARISONS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)
_MASK_OPS = BOOL_METHODS | {"any", "all"}


def _bind_pieces(
    target: ast.expr, value: Optional[ast.expr], bindings: dict[str, list[Optional[ast.expr]]]
) -> None:
    """Record what ``target = value`` binds each name to (``a, b = x < lo, x > hi`` binds each
    its piece; None where unknown)."""
    if isinstance(target, ast.Name):
        bindings.setdefault(target.id, []).append(value)
    elif isinstance(target, (ast.Tuple, ast.List)):
        pieces = (
            value.elts
            if isinstance(value, (ast.Tuple, ast.List))
            and len(value.elts) == len(target.elts)
            and not any(isinstance(e, ast.Starred) for e in [*value.elts, *target.elts])
            else [None] * len(target.elts)
        )
        for element, piece in zip(target.elts, pieces):
            _bind_pieces(element, piece, bindings)
    elif isinstance(target, ast.Starred):
        _bind_pieces(target.value, None, bindings)


# the builtins whose call gives a value of one plain type, whatever it converts
_CONVERSIONS = {"int": "int", "float": "float", "bool": "bool", "str": "string"}


def _constant_kind(node: ast.expr) -> Optional[str]:
    """``int`` / ``float`` / ``complex`` / ``bool`` / ``string`` for a literal, a signed one
    (``-100``), arithmetic of numbers (``2 ** 31 - 1``, ``1 / 255``), ``not`` of one, or a
    conversion (``-float("inf")``, ``int("3")``; the builtin unless the module rebinds its
    name, which ``_module_values`` checks); else None."""
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            return "bool"
        if isinstance(value, (int, float, complex)):
            return type(value).__name__
        return "string" if isinstance(value, str) else None
    if isinstance(node, ast.UnaryOp):
        inner = _constant_kind(node.operand)
        if inner is None:
            return None
        if isinstance(node.op, ast.Not):
            return "bool"
        if inner == "string":
            return None
        return "int" if inner == "bool" else inner  # -True is an int
    if isinstance(node, ast.BinOp):
        kinds = {_constant_kind(node.left), _constant_kind(node.right)}
        if None in kinds:
            return None
        if "string" in kinds:
            # "a" + "b", "ab" * 2 are strings; "%d" % 3 too
            return "string" if isinstance(node.op, (ast.Add, ast.Mult, ast.Mod)) else None
        for kind in ("complex", "float"):
            if kind in kinds:
                return kind
        return "float" if isinstance(node.op, ast.Div) else "int"
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _CONVERSIONS
        and not node.keywords
        and len(node.args) <= 1
        and all(_constant_kind(arg) is not None for arg in node.args)
    ):
        return _CONVERSIONS[node.func.id]
    return None


def _conversions_used(node: ast.expr) -> set[str]:
    """The conversion builtins (``float`` of ``-float("inf")``) a value calls by name."""
    return {
        sub.func.id
        for sub in ast.walk(node)
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name)
    } & set(_CONVERSIONS)


def _module_values(body: list[ast.stmt]) -> dict[str, str]:
    """Names of the module bound once, by a top-level ``NAME = value`` (no other binding at
    module level: import, def, class, loop, ``with``, a second assignment or one under ``if``
    / ``try``), to a dict, list, set or tuple display or comprehension, or to an int, float,
    complex, string or bool literal (also signed, arithmetic of numbers or a conversion:
    ``-100``, ``2 ** 31 - 1``, ``-float("inf")``; ``_constant_kind``) -> that kind. TorchScript cannot use them as values where scripted code of
    another file imports them (torch 2.13: python value of type 'dict' cannot be used as a
    value)."""
    counts: dict[str, int] = {}
    kinds: dict[str, str] = {}
    converted: dict[str, set[str]] = {}
    for stmt in body:
        nested = not isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr))
        for node in ast.walk(stmt) if nested else [stmt]:
            names: list[str] = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.alias):
                names = [(node.asname or node.name).split(".")[0]]
            elif isinstance(node, (ast.Name)) and isinstance(node.ctx, (ast.Store, ast.Del)):
                names = [node.id]
            for name in names:
                counts[name] = counts.get(name, 0) + 2
        if nested:
            continue
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            if isinstance(target, ast.Name):
                counts[target.id] = counts.get(target.id, 0) + 1
                kind = _VALUE_NODES.get(type(stmt.value)) or _constant_kind(stmt.value)
                if kind is not None:
                    kinds[target.id] = kind
                    converted[target.id] = _conversions_used(stmt.value)
                continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                counts[node.id] = counts.get(node.id, 0) + 2
    # A value that calls `float(...)` is a float only where the module does not rebind `float`.
    return {
        name: kind
        for name, kind in kinds.items()
        if counts.get(name) == 1 and not any(c in counts for c in converted.get(name, ()))
    }


def summarize(text: str, module: str, path: str, is_package: bool = False) -> FileSummary:
    """Summarise one file's source. A file ``ast`` cannot parse gets an empty, unparsed summary."""
    summary = FileSummary(module=module, path=path)
    tree = python_tree(text)
    if tree is None:
        summary.parsed = False
        return summary
    summary.text_length = len(text)
    summary.top_lines = tuple(first_line(stmt) for stmt in tree.body)
    summary.statement_lines = statement_lines(tree.body)
    # Names defined at module level first, so references resolve regardless of order.
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            summary.defined_names.add(stmt.name)
    summary.values = _module_values(tree.body)
    summary.all_names = _all_names(tree.body)
    try:
        summarizer = _Summarizer(summary, is_package)
        summarizer.function_returns = {
            stmt.name: stmt.returns
            for stmt in tree.body
            if isinstance(stmt, ast.FunctionDef) and stmt.returns is not None
        }
        summarizer.method_returns = {
            (stmt.name, method.name): method.returns
            for stmt in tree.body
            if isinstance(stmt, ast.ClassDef)
            for method in stmt.body
            if isinstance(method, ast.FunctionDef) and method.returns is not None
        }
        if "type:" in text:
            # Lines with a signature type comment (``# type: (int) -> Tensor``), which
            # TorchScript reads as the annotations.
            summarizer.type_comment_lines = {
                text.count("\n", 0, match.start()) + 1
                for match in _SIGNATURE_TYPE_COMMENT.finditer(text)
            }
        summarizer.visit(tree)
    except RecursionError:
        summary.parsed = False
    return summary


def _all_names(body: list[ast.stmt]) -> Optional[list[str]]:
    """The names a module-level ``__all__`` lists: ``__all__ = [...]`` (or a tuple), grown by
    ``__all__ += [...]`` and ``__all__.extend([...])`` / ``.append("x")``, all of string
    literals. None where no statement sets ``__all__``, or one builds it another way (its names
    unknown: a star import then binds the public names, the larger set)."""
    names: Optional[list[str]] = None

    def literal(node: Optional[ast.expr]) -> Optional[list[str]]:
        if isinstance(node, (ast.List, ast.Tuple)) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts
        ):
            return [e.value for e in node.elts]  # type: ignore[attr-defined]
        return None

    for stmt in body:
        value: Optional[ast.expr] = None
        grows = False
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets
        ):
            value = stmt.value
        elif (
            isinstance(stmt, (ast.AugAssign, ast.AnnAssign))
            and isinstance(stmt.target, ast.Name)
            and stmt.target.id == "__all__"
        ):
            value, grows = stmt.value, isinstance(stmt, ast.AugAssign)
        elif (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and isinstance(stmt.value.func.value, ast.Name)
            and stmt.value.func.value.id == "__all__"
            and stmt.value.func.attr in ("extend", "append")
            and len(stmt.value.args) == 1
        ):
            arg = stmt.value.args[0]
            if stmt.value.func.attr == "append":
                value = ast.List(elts=[arg], ctx=ast.Load())
            else:
                value = arg
            grows = True
        else:
            continue
        listed = literal(value)
        if listed is None:
            return None  # built another way: which names, the file does not say
        names = [*(names or []), *listed] if grows else listed
    return names


def _callable_display(value: ast.expr) -> bool:
    """A dict, list or tuple display (``{"a": f, "b": g}``, ``(f, g)``) indexed in place: the
    callables a subscript of it may be."""
    return isinstance(value, (ast.Dict, ast.List, ast.Tuple))


def _stored_registry(node: ParamNode, module_names: set[str]) -> Optional[str]:
    """For a module-level decorator (factory) that stores what it wraps in a module-level dict
    (``REGISTRY[name] = fn`` in it or in its inner function): that dict's name."""
    for part in ast.walk(node):
        if isinstance(part, ast.Assign):
            for target in part.targets:
                if (
                    isinstance(target, ast.Subscript)
                    and isinstance(target.value, ast.Name)
                    and target.value.id in module_names
                    and isinstance(part.value, ast.Name)
                ):
                    return target.value.id
    return None


def _parameter_names(function: Union[ast.FunctionDef, ast.AsyncFunctionDef]) -> set[str]:
    arguments = function.args
    names = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    names.update(a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None)
    return names


def _parameter_defaults(
    function: Union[ast.FunctionDef, ast.AsyncFunctionDef],
) -> dict[str, ast.expr]:
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    with_default = positional[len(positional) - len(arguments.defaults) :]
    defaults = {a.arg: d for a, d in zip(with_default, arguments.defaults)}
    defaults.update(
        (a.arg, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None
    )
    return defaults


def _bound_names(function: Union[ast.FunctionDef, ast.AsyncFunctionDef]) -> set[str]:
    """The names ``function`` binds: its parameters and every name it assigns."""
    names = _parameter_names(function)
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _self_dict(node: ast.expr) -> Optional[str]:
    """``D`` for ``self.D``; None otherwise."""
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    ):
        return node.attr
    return None


def _state_registry(node: ParamNode) -> Optional[str]:
    """``D`` when the method registers a named state: ``def m(self, name, ...)`` whose
    top-level statements include ``setattr(self, name, ...)`` and ``self.D[name] = ...``."""
    params = [*node.args.posonlyargs, *node.args.args]
    if len(params) < 2:
        return None
    name = params[1].arg
    stored = registry = None
    for statement in node.body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            call = statement.value
            stored = stored or (
                isinstance(call.func, ast.Name)
                and call.func.id == "setattr"
                and len(call.args) == 3
                and isinstance(call.args[0], ast.Name)
                and call.args[0].id == "self"
                and isinstance(call.args[1], ast.Name)
                and call.args[1].id == name
            )
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if (
                isinstance(target, ast.Subscript)
                and isinstance(target.slice, ast.Name)
                and target.slice.id == name
            ):
                registry = registry or _self_dict(target.value)
    return registry if stored else None


def _registry_reset(node: ParamNode) -> Optional[str]:
    """``D`` when a top-level statement of the method gives every state of registry ``D`` its
    registered value again: ``for attr, default in self.D.items(): setattr(self, attr, <from
    default>)``, or ``for attr in self.D: setattr(self, attr, <from self.D[attr]>)``."""
    for statement in node.body:
        if not isinstance(statement, ast.For):
            continue
        source, target = statement.iter, statement.target
        method = ""
        if (
            isinstance(source, ast.Call)
            and isinstance(source.func, ast.Attribute)
            and not source.args
        ):
            method, source = source.func.attr, source.func.value
        registry = _self_dict(source)
        if registry is None:
            continue
        if method == "items" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            key, value = target.elts
        elif method in ("", "keys") and isinstance(target, ast.Name):
            key, value = target, None
        else:
            continue
        if not (isinstance(key, ast.Name) and (value is None or isinstance(value, ast.Name))):
            continue
        for part in ast.walk(statement):
            if not (
                isinstance(part, ast.Call)
                and isinstance(part.func, ast.Name)
                and part.func.id == "setattr"
                and len(part.args) == 3
                and isinstance(part.args[0], ast.Name)
                and part.args[0].id == "self"
                and isinstance(part.args[1], ast.Name)
                and part.args[1].id == key.id
            ):
                continue
            for read in ast.walk(part.args[2]):
                from_value = (
                    value is not None and isinstance(read, ast.Name) and read.id == value.id
                )
                from_registry = (
                    isinstance(read, ast.Subscript)
                    and _self_dict(read.value) == registry
                    and isinstance(read.slice, ast.Name)
                    and read.slice.id == key.id
                )
                if from_value or from_registry:
                    return registry
    return None


def _on_self(node: ast.expr) -> bool:
    """``self``, or a submodule reached from it (``self.fc``, ``self.blocks[0].attn``)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return isinstance(node, ast.Name) and node.id == "self"


def _installed_forwards(node: ParamNode, qual: str) -> list[str]:
    """The functions ``node`` defines and installs as a module's forward at its top level:
    ``setattr(module, "forward", forward)`` or ``module.forward = forward``."""
    defined = {
        stmt.name for stmt in node.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    found: list[str] = []
    for stmt in node.body:
        value: Optional[ast.expr] = None
        if (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Name)
            and stmt.value.func.id == "setattr"
            and len(stmt.value.args) == 3
            and isinstance(stmt.value.args[1], ast.Constant)
            and stmt.value.args[1].value == "forward"
        ):
            value = stmt.value.args[2]
        elif (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Attribute)
            and stmt.targets[0].attr == "forward"
        ):
            value = stmt.value
        if isinstance(value, ast.Name) and value.id in defined:
            found.append(f"{qual}.<locals>.{value.id}")
    return found
