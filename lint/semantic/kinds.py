"""Value kinds in graph code: what each expression is at run time, as far as the code shows.

The question every graph-code rule asks is "is this value a tensor, a size, data pulled out of
a tensor, or a plain Python value?". :class:`KindInference` answers it for one function by
walking its statements in order, binding names through assignments, augmented assignments,
tuple unpacking, ``for`` targets and ``with ... as``, and joining the branches of ``if`` and
loops. Unknown stays unknown: rules flag only what the model is sure of.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Optional, Union

import libcst as cst

from torchlint.lint.conditions import ends_in_exit
from torchlint.lint.dynamo_tables import (
    WHILE_LOOP_OPERATORS,
    torch_container_returns,
    torch_state_queries,
    torch_state_query_breaks,
    torch_tuple_returns,
)
from torchlint.lint.graph_queries import assignments, bound_names
from torchlint.lint.semantic.summary import GUARD_CALLS, PARTIALS, REGISTRY_PREFIX, RESULT_PREFIX
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.lint.walk import walk

# Methods of torch.Tensor that NumPy arrays, Python containers and numbers do not have: a name
# they are called on is a tensor.
TENSOR_ONLY_METHODS = frozenset(
    "masked_fill masked_fill_ unsqueeze unsqueeze_ logical_not logical_and logical_or "
    "type_as expand_as bool long float half bfloat16 contiguous detach masked_select "
    "eq ne lt le gt ge norm softmax log_softmax sigmoid relu clamp_min clamp_max".split()
)
# Methods of a tensor that no list, number or NumPy array has (for ``_tensor_uses``).
TENSOR_USE_METHODS = TENSOR_ONLY_METHODS | frozenset(
    "dim double clone view permute size new_zeros new_ones new_full new_empty numel".split()
)
# Attributes of a tensor read off a library function's parameter (``M.shape[-2:]``).
TENSOR_USE_ATTRIBUTES = frozenset({"shape", "dtype", "device", "requires_grad"})
# Methods whose first argument is a boolean tensor mask.
MASK_METHODS = frozenset({"masked_fill", "masked_fill_", "masked_select", "masked_scatter"})

# Keys of the parameter kinds a call site gives for what lands in the callee's ``*args`` (an
# item of it) and ``**kwargs`` (a value of it); a parameter's name never starts with ``*``.
STAR_ARGS, STAR_KWARGS = "*", "**"

if TYPE_CHECKING:
    from torchlint.lint.semantic.model import FileModel


# Functions that map a function over a dimension of tensors (`vmap(f)(x)`).
VMAP_FUNCTIONS = frozenset({"torch.vmap", "torch.func.vmap", "functorch.vmap"})


@functools.cache
def _tensor_attributes() -> frozenset[str]:
    return frozenset(torchscript_table()["tensor_attributes"])


def foreign_tensor_method(method: str) -> bool:
    """Whether ``method`` is no public method or attribute of ``torch.Tensor`` (the generated
    table of torch's own attributes; private and dunder names are not judged)."""
    return not method.startswith("_") and method not in _tensor_attributes()


class Kind(enum.Enum):
    TENSOR = "tensor"
    TENSORS = "tensors"  # list / tuple of tensors
    SIZE = "size"  # an int from a shape: x.shape[0], x.size(1), x.numel()
    RANK = "rank"  # number of dimensions: x.dim(), len(x.shape); static for every back-end
    SHAPE = "shape"  # a torch.Size or tuple of sizes
    DATA = "data"  # a Python value made from tensor data: x.item(), int(t), t.tolist()
    NDARRAY = "ndarray"  # numpy data made from tensors
    # numpy data made from sizes only (`np.array(x.shape[2:]) % 4`): torch.compile traces NumPy
    # as tensors, so a truth test on it is a data-dependent branch there; export and trace see
    # plain numbers.
    SIZE_NDARRAY = "size-ndarray"
    CONST = "const"  # a Python value that does not depend on tensor data (literal, config)
    NONE = "none"
    MODULE = "module"
    MODULES = "modules"  # ModuleList / Sequential / ModuleDict
    UNKNOWN = "unknown"

    @property
    def data_dependent(self) -> bool:
        """A Python truth test or conversion of this value needs the tensor's data."""
        return self in (Kind.TENSOR, Kind.DATA, Kind.NDARRAY)


T, TS, SIZE, RANK, SHAPE, DATA, ND, SND, CONST, NONE, MOD, MODS, UNK = (
    Kind.TENSOR,
    Kind.TENSORS,
    Kind.SIZE,
    Kind.RANK,
    Kind.SHAPE,
    Kind.DATA,
    Kind.NDARRAY,
    Kind.SIZE_NDARRAY,
    Kind.CONST,
    Kind.NONE,
    Kind.MODULE,
    Kind.MODULES,
    Kind.UNKNOWN,
)

# Tensor attributes that are not tensors.
TENSOR_META_ATTRS = {
    "shape": SHAPE,
    "ndim": RANK,
    "dtype": CONST,
    "device": CONST,
    "layout": CONST,
    "is_cuda": CONST,
    "is_cpu": CONST,
    "is_sparse": CONST,
    "is_quantized": CONST,
    "is_meta": CONST,
    "is_leaf": CONST,
    "requires_grad": CONST,
    "is_nested": CONST,
    "names": CONST,
    "grad_fn": CONST,
    "itemsize": CONST,
    "nbytes": SIZE,
}
# Tensor methods that return something other than one tensor.
TENSOR_METHOD_KINDS = {
    "item": DATA,
    "tolist": DATA,
    "numpy": ND,
    "data_ptr": DATA,
    "dim": RANK,
    "ndimension": RANK,
    "numel": SIZE,
    "nelement": SIZE,
    "element_size": CONST,
    "get_device": CONST,
    "is_contiguous": CONST,
    "is_floating_point": CONST,
    "is_complex": CONST,
    "is_signed": CONST,
    "is_pinned": CONST,
    "is_inference": CONST,
    "is_shared": CONST,
    "is_set_to": CONST,
    "stride": SHAPE,
    # A tuple of ints read off the strides (torch/_tensor.py: `dim_order(...) -> tuple`).
    "dim_order": SHAPE,
    "storage_offset": SIZE,
    "untyped_storage": UNK,  # a storage object: its `nbytes()` is a Python int
    "storage": UNK,
    "split": TS,
    "chunk": TS,
    "unbind": TS,
    "tensor_split": TS,
    "hsplit": TS,
    "vsplit": TS,
    "dsplit": TS,
    "split_with_sizes": TS,
    "unflatten": T,
    # (sort, topk, svd, ...: torch's operators that return a tuple, dynamo_tables.json)
    "parameters": TS,
    "__len__": SIZE,
    # Dict methods: the "tensor" is really a module's output (a loss module's dict of losses).
    "keys": UNK,
    "values": UNK,
    "items": UNK,
}
# Reductions that return (values, indices) when given a dim.
TENSOR_DIM_PAIR_METHODS = {
    "max",
    "min",
    "median",
    "nanmedian",
    "cummax",
    "cummin",
    "var_mean",
    "std_mean",
}
# torch.* functions that return something other than one tensor.
TORCH_FUNCTION_KINDS = {
    "torch.is_tensor": CONST,
    "torch.is_storage": CONST,
    "torch.is_floating_point": CONST,
    "torch.is_complex": CONST,
    "torch.is_grad_enabled": CONST,
    "torch.is_inference_mode_enabled": CONST,
    "torch.get_default_dtype": CONST,
    "torch.numel": SIZE,
    "torch.Size": SHAPE,
    "torch.broadcast_shapes": SHAPE,
    "torch.finfo": CONST,
    "torch.iinfo": CONST,
    "torch.device": CONST,
    "torch.dtype": CONST,
    "torch.get_autocast_gpu_dtype": CONST,
    "torch.split": TS,
    "torch.chunk": TS,
    "torch.unbind": TS,
    "torch.tensor_split": TS,
    "torch.broadcast_tensors": TS,
    "torch.meshgrid": TS,
    "torch.jit.is_scripting": CONST,
    "torch.jit.is_tracing": CONST,
    "torch.compiler.is_compiling": CONST,
    "torch.compiler.is_dynamo_compiling": CONST,
    "torch.compiler.is_exporting": CONST,
    "torch._dynamo.is_compiling": CONST,
    "torch.jit.annotate": UNK,
    "torch.no_grad": CONST,
    "torch.enable_grad": CONST,
    "torch.autocast": CONST,
    "torch.set_grad_enabled": CONST,
    "torch.inference_mode": CONST,
}
TORCH_NON_TENSOR_PREFIXES = (
    "torch.cuda.",
    "torch.backends.",
    "torch.distributed.",
    "torch.utils.",
    "torch.jit.",
    "torch.compiler.",
    "torch._dynamo.",
    "torch.fx.",
    "torch.onnx.",
    "torch.export.",
    "torch.autograd.",
    "torch.amp.",
    "torch.testing.",
    "torch.hub.",
    "torch.overrides.",
    "torch.library.",
    # Registered operators (`torch.ops.sru_cuda.sru_forward(...)`): what one returns is in its
    # schema, often a tuple of tensors (fresh2's sru: TL105's `.unbind(0)` on that tuple).
    "torch.ops.",
)
# Python builtins that read the truth or number out of their argument.
CONVERTING_BUILTINS = {"int", "float", "bool", "complex"}
NEUTRAL_BUILTINS = {"abs", "round", "min", "max", "sum", "pow", "divmod"}
# The `operator` module's binary arithmetic and comparisons: `operator.gt(a, b)` is `a > b`.
OPERATOR_FUNCTIONS = frozenset(
    f"operator.{name}"
    for name in (
        "add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul",
        "lt", "le", "gt", "ge", "eq", "ne", "and_", "or_", "xor",
        "__add__", "__sub__", "__mul__", "__truediv__", "__lt__", "__le__", "__gt__",
        "__ge__", "__eq__", "__ne__",
    )
)  # fmt: skip
CONST_BUILTINS = {
    "isinstance",
    "issubclass",
    "hasattr",
    "callable",
    "type",
    "id",
    "hash",
    "str",
    "repr",
    "getattr",
    "print",
    "format",
    "dict",
    "set",
    "frozenset",
    "object",
    "super",
    "range",
    "slice",
    "chr",
    "ord",
}

# Builtins whose result holds (or is computed from) their arguments' items: constant only
# when those are (`map(f, (q, k))` of tensors is not).
# itertools functions whose first argument is a predicate called on each item of the second.
PREDICATE_FILTERS = frozenset(
    {"itertools.takewhile", "itertools.dropwhile", "itertools.filterfalse"}
)
ITEM_BUILTINS = {"enumerate", "zip", "iter", "next", "map", "filter", "sorted", "reversed"}
TRUTH_BUILTINS = {"all", "any"}

# Third-party functions that take a tensor and give one back.
TENSOR_IN_TENSOR_OUT = frozenset(
    {
        "einops.rearrange",
        "einops.repeat",
        "einops.reduce",
        "einops.einsum",
    }
)

# Third-party functions that take a tensor and give back a list of tensors:
# `a, b = einops.unpack(packed, shapes, "b * d")` (einops 0.8: `List[Tensor]`, one per shape).
TENSOR_IN_TENSORS_OUT = frozenset({"einops.unpack"})

# Third-party functions that return a tuple: the kinds of its elements.
# `packed, shapes = einops.pack([x, y], "b * d")`: a tensor and a list of shapes.
THIRD_PARTY_TUPLE_RETURNS = {"einops.pack": (T, UNK)}
TENSOR_ANNOTATIONS = {"torch.Tensor", "torch.FloatTensor", "torch.LongTensor", "torch.BoolTensor"}
CONST_ANNOTATIONS = {
    "builtins.int",
    "builtins.float",
    "builtins.bool",
    "builtins.str",
    "builtins.bytes",
    "builtins.complex",
    "torch.dtype",
    "torch.device",
    "torch.Size",
}
# Builtin types no tensor is an instance of: after ``isinstance(x, (list, tuple)) and`` (or in
# the body of ``if isinstance(x, dict):``), ``x`` is not a tensor, whatever it was before.
NON_TENSOR_TYPES = frozenset(
    f"builtins.{name}"
    for name in (
        "list",
        "tuple",
        "dict",
        "set",
        "frozenset",
        "str",
        "bytes",
        "int",
        "float",
        "bool",
        "complex",
        "range",
        "slice",
    )
)
CONTAINER_ANNOTATIONS = {
    "typing.List",
    "typing.Tuple",
    "typing.Sequence",
    "typing.Iterable",
    "builtins.list",
    "builtins.tuple",
    "collections.abc.Sequence",
}

KindOrTuple = Union[Kind, tuple]


def _is_torch_state_query(name: str) -> bool:
    """``torch.is_autocast_enabled(...)``, ``torch.get_autocast_dtype(...)``: a Python value
    about torch's state or a tensor's type, not a tensor (``torch.is_nonzero`` reads data).
    Functions with a signature come from torch's own annotations; C functions without one
    go by their name."""
    if name in torch_state_queries() or name in torch_state_query_breaks():
        return True
    if name in GUARD_CALLS:
        # `torch._C._get_tracing_state()`: the tracer's state object, or None outside a trace
        # (what `torch.jit.is_tracing()` tests); the back-end guards answer a Python value.
        return True
    last = name.rsplit(".", 1)[-1].removeprefix("_")  # C bindings: `torch._C._is_tracing`
    if last.startswith("is_"):
        return last != "is_nonzero"
    return last.startswith("get_") and last.endswith(("_enabled", "_dtype", "_device"))


# Modules that re-export `typing`'s names (`from beartype.typing import Optional`).
TYPING_ALIASES = ("typing_extensions.", "beartype.typing.")


def typing_name(name: str) -> str:
    """``name`` spelled from ``typing`` when it is a re-export of ``typing``'s."""
    for alias in TYPING_ALIASES:
        if name.startswith(alias):
            return "typing." + name[len(alias) :]
    return name


def _returns_extras(call: cst.Call) -> bool:
    """``return_inverse=True`` / ``return_counts=True`` given: ``unique`` returns a tuple."""
    return any(
        arg.keyword is not None
        and arg.keyword.value in ("return_inverse", "return_counts")
        and not (isinstance(arg.value, cst.Name) and arg.value.value == "False")
        for arg in call.args
    )


def join(a: Kind, b: Kind) -> Kind:
    """The kind of a value that is ``a`` on one path and ``b`` on another."""
    if a == b:
        return a
    pair = {a, b}
    if NONE in pair:
        other = (pair - {NONE}).pop()
        return other if other in (T, TS, MOD, CONST) else UNK
    if pair <= {CONST, SIZE, RANK}:
        return SIZE if SIZE in pair else RANK
    if pair == {CONST, SHAPE}:
        return SHAPE  # `self.img_size` on one path, `x.shape[-2:]` on another
    if pair <= {CONST, DATA}:
        return DATA
    if pair <= {CONST, SIZE, RANK, SHAPE, SND}:
        return SND
    return UNK


def combine(kinds: Iterable[Kind]) -> Kind:
    """The kind of an arithmetic or comparison result over operands of these kinds."""
    kinds = list(kinds)
    if T in kinds:
        return T
    if ND in kinds:
        return ND
    if SND in kinds:
        if DATA in kinds:
            return ND
        return SND if all(k in (CONST, SIZE, RANK, SHAPE, SND) for k in kinds) else UNK
    if DATA in kinds:
        return DATA if all(k in (DATA, CONST, SIZE, RANK) for k in kinds) else UNK
    if all(k in (CONST, SIZE, RANK, SHAPE) for k in kinds):
        if SHAPE in kinds:
            return SHAPE
        if SIZE in kinds:
            return SIZE
        if RANK in kinds:
            return RANK
        return CONST
    if SIZE in kinds and all(k in (CONST, SIZE, RANK, UNK) for k in kinds):
        # A size with a value of unknown kind (a config value, mostly) still varies with the
        # input: at least a size, whatever the other operand is.
        return SIZE
    return UNK


def spread_source(elements: Sequence[cst.BaseElement], position: int, size: int) -> Optional[int]:
    """Which element of a literal with one starred element (``*x.shape, x.device``) fills
    target ``position`` of ``size``: the element before or after the star, or the starred one
    for the targets it fills. None without exactly one starred element."""
    starred = [i for i, e in enumerate(elements) if type(e) is cst.StarredElement]
    if len(starred) != 1:
        return None
    star, after = starred[0], len(elements) - starred[0] - 1
    if position < star:
        return position
    if position >= size - after:
        return position - size + len(elements)
    return star


def _names_in(expr: cst.BaseExpression) -> set[str]:
    """The plain names an arithmetic expression computes from (`T // n` gives ``n``); not
    through calls, subscripts or attributes, which may take a number out of a tensor."""
    if type(expr) is cst.Name:
        return {expr.value}  # type: ignore[attr-defined]
    if type(expr) is cst.BinaryOperation:
        return _names_in(expr.left) | _names_in(expr.right)  # type: ignore[attr-defined]
    if type(expr) is cst.UnaryOperation:
        return _names_in(expr.expression)  # type: ignore[attr-defined]
    return set()


def _has_yield(function: cst.FunctionDef) -> bool:
    """Whether ``function`` itself (not a function nested in it) yields: a generator."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and node is not function:
            return False
        if isinstance(node, cst.Yield):
            found = True
        return not found

    walk(function, enter, lambda node: None)
    return found


def _leaves_block(body: cst.BaseSuite) -> bool:
    """Whether ``body`` ends by leaving it (``raise``, ``return``, ``continue``, ``break``):
    nothing it binds reaches the statements after its compound statement."""
    statements = body.body if isinstance(body, cst.IndentedBlock) else [body]
    if not statements:
        return False
    last = statements[-1]
    if isinstance(last, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
        return isinstance(last.body[-1], (cst.Raise, cst.Return, cst.Continue, cst.Break))
    return False


def element_kind(kind: Kind) -> Kind:
    """The kind of what iterating over (or indexing one item of) a value gives."""
    return {
        T: T,
        TS: T,
        SHAPE: SIZE,
        MODS: MOD,
        CONST: CONST,
        DATA: DATA,
        ND: ND,
        SND: SND,
    }.get(kind, UNK)


# autoray's functions whose answer on an array is no array (autoray 0.11: its own
# ``shape`` / ``ndim`` / ``size``, the backend and dtype queries, ``to_numpy``), and numpy's
# functions that give a tuple of arrays. Read from autoray.py of 0.11.0.
AUTORAY_ANSWERS = {
    "shape": SHAPE,
    "ndim": RANK,
    "size": SIZE,
    "infer_backend": CONST,
    "get_dtype_name": CONST,
    "to_backend_dtype": CONST,
    "is_array": CONST,
    "is_scalar": CONST,
    "to_numpy": ND,
}
AUTORAY_TUPLES = frozenset({"meshgrid", "split", "array_split", "nonzero", "unstack"})
# autoray's own top-level functions that return an array like the one given.
AUTORAY_ARRAY_FUNCTIONS = frozenset(
    {"astype", "conj", "transpose", "dag", "real", "imag", "reshape"}
)

_LITERAL_TYPES = frozenset(
    {cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString}
)
_COMPREHENSION_TYPES = frozenset({cst.ListComp, cst.GeneratorExp, cst.SetComp})


def _array_index(node: cst.Subscript) -> bool:
    """``v[:, 0]``, ``v[..., None]``: indexing that lists, tuples, strings and dicts reject, so
    ``v`` is an array, which in graph code is a tensor."""
    elements = node.slice
    if len(elements) < 2:
        return False
    for element in elements:
        if type(element.slice) is cst.Slice:
            return True
        value = element.slice.value  # type: ignore[attr-defined]
        if type(value) is cst.Ellipsis or (type(value) is cst.Name and value.value == "None"):
            return True
    return False


# One-argument NumPy functions that, given one number made from sizes, give a number that
# torch.compile computes without tracing an array (torch 2.13: `int(np.ceil(h.shape[0] / 2))`
# passes fullgraph with a varying size; `np.prod(x.shape[1:])` and `np.maximum(n, 2)` break).
NUMPY_SCALAR_MATH = frozenset(
    "ceil floor trunc rint round abs absolute fabs sqrt exp log log2 log10".split()
)


class KindInference:
    """Kinds of every expression in one function, with the names it binds.

    ``param_kinds`` overrides the kinds of parameters (from call sites); otherwise a graph
    root's parameters are tensors unless annotated or defaulted as something else.
    """

    def __init__(
        self,
        model: FileModel,
        func: cst.FunctionDef,
        owner_class: Optional[str],
        param_kinds: Optional[dict[str, Kind]] = None,
        params_are_tensors: bool = True,
        outer_env: Optional[dict[str, Kind]] = None,
        params_used_as_tensors: bool = False,
        outer_tensor_dicts: Optional[set[str]] = None,
        outer_size_dicts: Optional[set[str]] = None,
        python_caller: bool = False,
    ) -> None:
        """``params_used_as_tensors``: a parameter nothing else tells the kind of is a tensor
        where the function uses it as one (``_tensor_uses``): a library function's API, which
        no forward passes arguments to. ``python_caller``: a root the model's Python calls,
        not a back-end (a module's ``forward_<mode>``): a parameter annotated as a number or
        a tensor (``dt: Union[float, Tensor]``) takes the number, as the caller's settings
        are; a back-end hands a converted ``forward`` tensors."""
        self.model = model
        self.func = func
        self.owner_class = owner_class
        self.kinds: dict[int, Kind] = {}
        self.env: dict[str, Kind] = dict(outer_env or {})
        self.returns: Optional[Kind] = None
        # Element kinds of the tuple displays it returns, by length (for unpacking at callers:
        # a caller unpacking n names got a tuple of n, when the call did not raise).
        self.tuple_returns: Optional[dict[int, tuple[Kind, ...]]] = None
        self.self_name: Optional[str] = None
        # (callee fully qualified name, positional arg kinds, keyword arg kinds) of project calls
        self.calls: list[tuple[str, list[Kind], dict[str, Kind]]] = []
        # Names bound to submodules of a known class (``for layer in self.layers``).
        self.module_items: dict[str, str] = {}
        # Local names bound to a function of the project or a ``functools.partial`` of one
        # (``run = partial(model_forward, self)``): a call of the name calls that function.
        # Every function a name was bound to so far (``fn = a if c else b`` spelled as two
        # branches): a call of the name may call any of them.
        self.callable_names: dict[str, list[cst.BaseExpression]] = {}
        # Functions defined in the body (never rebound) -> the kind they return.
        self.local_returns: dict[str, Kind] = {}
        # Names bound only to empty lists that tensors are appended to (_grow_tensor_list).
        self.tensor_lists: set[str] = set()
        # Names bound only to empty lists that only sizes are appended to (_grow_tensor_list).
        self.size_lists: set[str] = set()
        # Names bound only to empty lists that only tuple displays of one length are appended
        # to (``sets.append((mask, labels))``): the kinds of each position, joined over the
        # appends; None once something else is appended (_grow_tensor_list).
        self.tuple_lists: dict[str, Optional[tuple[Kind, ...]]] = {}
        # ``**kwargs`` parameters every call site fills with tensors only (``record(mean=t)``).
        # (and, from the enclosing function of a nested one, local dicts filled only with
        # tensors: ``v = {}; v[name] = vec[None, :]``, read by a closure as ``v[name]``).
        self.tensor_dicts: set[str] = set(outer_tensor_dicts or ())
        # Local dicts filled only with sizes (``flat[name] = v[name].shape[0] == 1``), from
        # the enclosing function too; and local dicts given items of several known kinds.
        self.size_dicts: set[str] = set(outer_size_dicts or ())
        self._mixed_dicts: set[str] = set()
        self.uninformed: set[str] = set()
        # Parameters annotated as a tensor or something else (``dt: Union[float, Tensor]``),
        # never rebound: the kind of the rest, which a failed ``isinstance(dt, torch.Tensor)``
        # leaves (``dt.item() if isinstance(dt, torch.Tensor) else dt`` is a number).
        self.non_tensor_kinds: dict[str, Kind] = {}
        self._params_used_as_tensors = params_used_as_tensors
        self._python_caller = python_caller
        self._bind_params(param_kinds or {}, params_are_tensors)

    # -- parameters ----------------------------------------------------------------------
    def _bind_params(self, overrides: dict[str, Kind], params_are_tensors: bool) -> None:
        params = self.func.params
        ordered = [*params.posonly_params, *params.params]
        if self.owner_class and ordered and not self._is_static():
            self.self_name = ordered[0].name.value
            self.env[self.self_name] = MOD
            ordered = ordered[1:]
        uninformed: set[str] = set()
        for param in [*ordered, *params.kwonly_params]:
            name = param.name.value
            # A call site's kind wins, except an unknown one over an annotation (a helper's
            # ``query: torch.Tensor`` called with a value of unknown kind is still a tensor).
            # A graph root keeps its own assumptions over an unknown kind from a caller.
            if name in overrides and (
                overrides[name] != UNK or (param.annotation is None and not params_are_tensors)
            ):
                self.env[name] = overrides[name]
                continue
            self.env[name] = self._param_kind(param, params_are_tensors)
            if (
                name not in overrides
                and not params_are_tensors
                and param.annotation is None
                and param.default is None
            ):
                uninformed.add(name)
        # Parameters nothing tells the kind of (no call site seen, no annotation, no default),
        # never rebound: passed on as they are, they tell a callee nothing either.
        self.uninformed = uninformed - bound_names(self.func.body) if uninformed else uninformed
        for param in [*ordered, *params.kwonly_params]:
            if param.annotation is not None:
                rest = self._non_tensor_part(param.annotation.annotation)
                if rest is not None:
                    self.non_tensor_kinds[param.name.value] = rest
        if self.non_tensor_kinds:
            for name in bound_names(self.func.body):
                self.non_tensor_kinds.pop(name, None)
        if self._python_caller:
            for name, rest in self.non_tensor_kinds.items():
                if rest == CONST and name not in overrides and self.env.get(name) == UNK:
                    self.env[name] = CONST
        if isinstance(params.star_arg, cst.Param):
            name = params.star_arg.name.value
            passed = overrides.get(STAR_ARGS + name)
            self.env[name] = TS if params_are_tensors or passed == T else UNK
        if params.star_kwarg is not None:
            name = params.star_kwarg.name.value
            self.env[name] = UNK
            if overrides.get(STAR_KWARGS + name) == T:
                self.tensor_dicts.add(name)

    def passes_nothing(self, arg: cst.BaseExpression) -> bool:
        """Whether the argument ``arg`` is a parameter of this function whose kind nothing
        told (``uninformed``): its unknown kind is a lack of information, not a value of
        another kind, and must not weaken what the callee's other call sites establish. A
        caller modelled without its own callers (one file deep, or before they were inferred)
        passes such parameters on; a caller not modelled at all is left out the same way."""
        return type(arg) is cst.Name and arg.value in self.uninformed

    def _is_static(self) -> bool:
        for dec in self.func.decorators:
            name = self.model.qualified_name(dec.decorator)
            if name in ("builtins.staticmethod",):
                return True
        return False

    def _param_kind(self, param: cst.Param, params_are_tensors: bool) -> Kind:
        if param.annotation is not None:
            return self.annotation_kind(param.annotation.annotation)
        default = param.default
        if default is not None:
            if isinstance(default, cst.Name) and default.value == "None":
                # A graph root's ``mask=None`` whose function calls a method only tensors have
                # on it (``mask.unsqueeze(1)``) or masks with it: an optional tensor input.
                if params_are_tensors and param.name.value in self._tensor_method_receivers:
                    return T
                return UNK
            kind = self.kind(default)
            return CONST if kind in (CONST, NONE) else kind
        if params_are_tensors and param.name.value in self._range_operands:
            # `forward(self, x, num_steps)` with `range(0, T, T // num_steps)`: a number.
            return UNK
        if self._params_used_as_tensors and param.name.value in self._tensor_uses:
            return T
        return T if params_are_tensors else UNK

    @functools.cached_property
    def _tensor_uses(self) -> set[str]:
        """Names the function uses as tensors: receivers of a tensor-only method or mask
        (``_tensor_method_receivers``) or of a method or attribute only tensors have among
        the values a library passes around (``M.dim()``, ``M.double()``, ``M.shape``), and
        operands of a ``torch.*`` call (``torch.sum(q0 * q1, dim=-1)``)."""
        found = set(self._tensor_method_receivers)

        def operand_names(node: cst.BaseExpression) -> None:
            if type(node) is cst.Name:
                found.add(node.value)  # type: ignore[attr-defined]
            elif type(node) is cst.BinaryOperation:
                operand_names(node.left)  # type: ignore[attr-defined]
                operand_names(node.right)  # type: ignore[attr-defined]

        def enter(node: cst.CSTNode) -> None:
            if (
                type(node) is cst.Attribute
                and type(node.value) is cst.Name  # type: ignore[attr-defined]
                and node.attr.value in TENSOR_USE_ATTRIBUTES  # type: ignore[attr-defined]
            ):
                found.add(node.value.value)  # type: ignore[attr-defined]
            if type(node) is not cst.Call:
                return
            func = node.func  # type: ignore[attr-defined]
            if type(func) is cst.Attribute and type(func.value) is cst.Name:
                if func.attr.value in TENSOR_USE_METHODS:
                    found.add(func.value.value)
            if (self.model.qualified_name(func) or "").startswith("torch."):
                for arg in node.args:  # type: ignore[attr-defined]
                    operand_names(arg.value)

        walk(self.func.body, enter, lambda node: None)
        return found

    @functools.cached_property
    def _range_operands(self) -> set[str]:
        """Names the arguments of a ``range(...)`` call or the bounds of a slice compute from,
        directly or through local names bound to expressions of them (``step = self.T // n``;
        ``range(0, T, step)``; ``z[..., pad:pad + length]``): Python ints, not tensors."""
        used: set[str] = set()
        bound: dict[str, list[cst.BaseExpression]] = {}

        def enter(node: cst.CSTNode) -> None:
            if type(node) is cst.Call and self.model.qualified_name(node.func) == "builtins.range":  # type: ignore[attr-defined]
                for arg in node.args:  # type: ignore[attr-defined]
                    used.update(_names_in(arg.value))
            elif type(node) is cst.Slice:
                for end in (node.lower, node.upper, node.step):  # type: ignore[attr-defined]
                    if end is not None:
                        used.update(_names_in(end))
            elif type(node) is cst.Assign:
                for target in node.targets:  # type: ignore[attr-defined]
                    if type(target.target) is cst.Name:
                        bound.setdefault(target.target.value, []).append(node.value)  # type: ignore[attr-defined]

        walk(self.func.body, enter, lambda node: None)
        frontier = set(used)
        for _ in range(3):
            found = {n for name in frontier for v in bound.get(name, []) for n in _names_in(v)}
            frontier = found - used
            used |= found
        return used

    def _hashed_container(self, node: cst.BaseExpression) -> bool:
        """A set or dict written out or built here (`{a, b}`, `set(xs)`, `dict(...)`), whose
        membership test hashes its operand."""
        if type(node) in (cst.Set, cst.SetComp, cst.Dict, cst.DictComp):
            return True
        return type(node) is cst.Call and self.model.qualified_name(node.func) in (
            "builtins.set",
            "builtins.frozenset",
            "builtins.dict",
        )

    @functools.cached_property
    def _otherwise_filled(self) -> set[str]:
        """Names this function fills other than by ``.append`` (``.extend``, ``.insert``,
        ``+=``, an item assigned): what such a list holds is not only what is appended."""
        found: set[str] = set()

        def enter(node: cst.CSTNode) -> None:
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
                receiver = node.func.value
                if isinstance(receiver, cst.Name) and node.func.attr.value in (
                    "extend",
                    "insert",
                    "__setitem__",
                    "__iadd__",
                ):
                    found.add(receiver.value)
            elif isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
                found.add(node.target.value)
            elif isinstance(node, (cst.Assign, cst.AnnAssign)):
                targets = (
                    [t.target for t in node.targets]
                    if isinstance(node, cst.Assign)
                    else [node.target]
                )
                for target in targets:
                    if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
                        found.add(target.value.value)

        walk(self.func.body, enter, lambda node: None)
        return found

    @functools.cached_property
    def _tensor_method_receivers(self) -> set[str]:
        """Names this function calls a tensor-only method on (``m.unsqueeze(1)``) or uses (or
        indexes) as the mask of ``masked_fill`` / ``masked_select`` / ``torch.where``; one walk
        of the body, whatever the number of ``=None`` parameters asking."""
        found: set[str] = set()

        def enter(node: cst.CSTNode) -> None:
            if not isinstance(node, cst.Call):
                return
            func = node.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
                if func.attr.value in TENSOR_ONLY_METHODS:
                    found.add(func.value.value)
            mask_argument = (
                isinstance(func, cst.Attribute) and func.attr.value in MASK_METHODS
            ) or self.model.qualified_name(func) == "torch.where"
            if mask_argument and node.args and node.args[0].keyword is None:
                # ``scores.masked_fill(mask[:, None], ...)``: the mask is a tensor.
                mask = node.args[0].value
                if isinstance(mask, cst.Subscript):
                    mask = mask.value
                if isinstance(mask, cst.Name):
                    found.add(mask.value)

        walk(self.func.body, enter, lambda node: None)
        return found

    def annotation_kind(self, node: cst.BaseExpression) -> Kind:
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
            return UNK
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            left = self.annotation_kind(node.left)
            right = self.annotation_kind(node.right)
            return join(left, right)
        if isinstance(node, cst.Name) and node.value == "None":
            return NONE
        if isinstance(node, cst.Subscript):
            outer = typing_name(self.model.qualified_name(node.value) or "")
            inner = [
                self.annotation_kind(el.slice.value)
                for el in node.slice
                if isinstance(el.slice, cst.Index)
            ]
            if outer in ("typing.Optional",):
                return inner[0] if inner else UNK
            if outer == "typing.Union":
                result = inner[0] if inner else UNK
                for k in inner[1:]:
                    result = join(result, k)
                return result
            if outer in CONTAINER_ANNOTATIONS:
                if inner and all(k == T for k in inner if k != UNK) and T in inner:
                    return TS
                if inner and all(k == CONST for k in inner):
                    return CONST
                return UNK
            if outer in ("typing.Dict", "builtins.dict"):
                return CONST if inner and all(k == CONST for k in inner) else UNK
            return UNK
        name = typing_name(self.model.qualified_name(node) or "")
        if name in TENSOR_ANNOTATIONS or (name.startswith("torch.") and name.endswith("Tensor")):
            return T  # torch.Tensor, torch.ByteTensor, torch.cuda.FloatTensor, ...
        if name in CONST_ANNOTATIONS:
            return CONST
        return UNK

    def _non_tensor_part(self, node: cst.BaseExpression) -> Optional[Kind]:
        """For an annotation that unites a tensor with other types (``Union[float, Tensor]``,
        ``float | torch.Tensor``), the kind of the other members joined; None otherwise."""
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            members: list[cst.BaseExpression] = []
            stack: list[cst.BaseExpression] = [node]
            while stack:
                item = stack.pop()
                if isinstance(item, cst.BinaryOperation) and isinstance(item.operator, cst.BitOr):
                    stack.extend((item.right, item.left))
                else:
                    members.append(item)
        elif isinstance(node, cst.Subscript) and typing_name(
            self.model.qualified_name(node.value) or ""
        ) in ("typing.Union", "typing.Optional"):
            members = [el.slice.value for el in node.slice if isinstance(el.slice, cst.Index)]
            if typing_name(self.model.qualified_name(node.value) or "") == "typing.Optional":
                members.append(cst.Name("None"))
        else:
            return None
        kinds = [self.annotation_kind(member) for member in members]
        rest = [kind for kind in kinds if kind != T]
        if len(rest) == len(kinds) or not rest:
            return None
        result = rest[0]
        for kind in rest[1:]:
            result = join(result, kind)
        return result

    def _untensored(self, name: str) -> Kind:
        """The kind of ``name`` where a test proved it is not a tensor."""
        return self.non_tensor_kinds.get(name, UNK)

    # -- statements ----------------------------------------------------------------------
    def run(self) -> KindInference:
        self._block(self.func.body.body)
        return self

    def _block(self, statements: Sequence[cst.CSTNode]) -> None:
        for stmt in statements:
            self._statement(stmt)

    def _suite(self, suite: cst.BaseSuite) -> None:
        self._block(suite.body)

    def _statement(self, stmt: cst.CSTNode) -> None:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                self._small(small)
        elif isinstance(stmt, cst.SimpleStatementSuite):
            for small in stmt.body:
                self._small(small)
        elif isinstance(stmt, cst.If):
            self.kind(stmt.test)
            before = dict(self.env)
            narrowed = self._tensor_test(stmt.test)
            if narrowed is not None:
                name, is_tensor = narrowed
                self.env[name] = T if is_tensor else self._untensored(name)
            # `if isinstance(inputs, (list, tuple)):`: not a tensor in the body only (the other
            # branch may have anything else, a tensor among them).
            not_tensors = [
                other
                for other in self._not_tensor_names(stmt.test)
                if self.env.get(other) == T and (narrowed is None or other != narrowed[0])
            ]
            for other in not_tensors:
                self.env[other] = UNK
            self._suite(stmt.body)
            after_body = self.env
            self.env = dict(before)
            if narrowed is not None:
                self.env[name] = self._untensored(name) if is_tensor else T
            if stmt.orelse is not None:
                if isinstance(stmt.orelse, cst.If):
                    self._statement(stmt.orelse)
                else:
                    self._suite(stmt.orelse.body)
            if (
                isinstance(stmt.orelse, cst.Else)
                and ends_in_exit(stmt.orelse.body)
                and not ends_in_exit(stmt.body)
            ):
                # `if isinstance(k, int): k = torch.full(...) else: raise`: only the body goes on.
                joined = after_body
            else:
                joined = self._join_envs(after_body, self.env)
            if narrowed is not None:
                if ends_in_exit(stmt.body):
                    # `if isinstance(x, Tensor): return ...`: below, x is not a tensor.
                    joined[name] = self.env.get(name, UNK)
                elif (after_body.get(name), self.env.get(name)) == (
                    (T, UNK) if is_tensor else (UNK, T)
                ):
                    joined[name] = before.get(name, UNK)  # neither branch bound it again
            for other in not_tensors:
                # Where the body goes on and did not bind it again, the kind it had before.
                if after_body.get(other) == UNK and joined is not after_body:
                    joined[other] = self.env.get(other, T)
            self.env = joined
        elif isinstance(stmt, (cst.For,)):
            iter_kind = self._iter_kind(stmt.iter)
            before = dict(self.env)
            self._bind(stmt.target, iter_kind)
            self._bind_module_items(stmt.target, stmt.iter)
            self._suite(stmt.body)
            if stmt.orelse is not None:
                self._suite(stmt.orelse.body)
            self.env = self._join_envs(before, self.env)
        elif isinstance(stmt, cst.While):
            first = self.kind(stmt.test)
            before = dict(self.env)
            self._suite(stmt.body)
            # Second look at the test with what the body rebinds (``while err > tol: err = ...``):
            # from the second iteration on, the test sees the body's values.
            self._forget(stmt.test)
            if self.kind(stmt.test) == UNK:
                self.kinds[id(stmt.test)] = first
            self.env = self._join_envs(before, self.env)
            if stmt.orelse is not None:
                self._suite(stmt.orelse.body)
        elif isinstance(stmt, cst.With):
            for item in stmt.items:
                kind = self.kind(item.item)
                if item.asname is not None:
                    self._bind(item.asname.name, kind if kind != CONST else UNK)
            self._suite(stmt.body)
        elif isinstance(stmt, cst.Try):
            # After the statement a name has the kind of any path through it: the body (and
            # its `else`), or a handler entered from anywhere in the body (`try: v =
            # bool(t > 0)` / `except Exception: v = False` leaves a data-dependent bool).
            before = dict(self.env)
            self._suite(stmt.body)
            if stmt.orelse is not None:
                self._suite(stmt.orelse.body)
            after_body = self.env
            joined = after_body
            for handler in stmt.handlers:
                self.env = self._join_envs(before, after_body)
                if handler.name is not None:
                    self._bind(handler.name.name, UNK)
                self._suite(handler.body)
                if not _leaves_block(handler.body):
                    joined = self._join_envs(joined, self.env)
            self.env = joined
            if stmt.finalbody is not None:
                self._suite(stmt.finalbody.body)
        elif isinstance(stmt, cst.FunctionDef):
            self.env[stmt.name.value] = CONST
            # `def cond(w, old): return torch.linalg.norm(w - old) >= eps` in the body: a
            # call of the name returns what the nested function returns.
            returned = self._nested_return(stmt)
            if returned is not None:
                self.local_returns[stmt.name.value] = returned
            else:
                self.local_returns.pop(stmt.name.value, None)
        elif isinstance(stmt, cst.ClassDef):
            self.env[stmt.name.value] = CONST
        elif isinstance(stmt, cst.Match):
            self.kind(stmt.subject)
            for case in stmt.cases:
                self._suite(case.body)

    def _nested_return(self, function: cst.FunctionDef) -> Optional[Kind]:
        """The kind a function defined in this body returns, its parameters of unknown kind
        and the names of the enclosing body as they are here; None where not known (a
        decorated or async function, a generator, no return)."""
        if function.decorators or function.asynchronous is not None or _has_yield(function):
            return None
        if not isinstance(function.body, cst.IndentedBlock):
            return None
        inner = KindInference(
            self.model, function, None, params_are_tensors=False, outer_env=dict(self.env)
        )
        inner.local_returns = dict(self.local_returns)
        inner.run()
        return inner.returns if inner.returns not in (None, UNK) else None

    def _forget(self, node: cst.CSTNode) -> None:
        """Drop memoised kinds under ``node`` so they are computed again."""
        stack = [node]
        while stack:
            current = stack.pop()
            self.kinds.pop(id(current), None)
            stack.extend(current.children)

    def _super_call(self, node: cst.BaseExpression) -> bool:
        """``super()`` (or ``super(Cls, self)``)."""
        return isinstance(node, cst.Call) and self.model.qualified_name(node.func) == (
            "builtins.super"
        )

    def _tensor_test(self, test: cst.BaseExpression) -> Optional[tuple[str, bool]]:
        """``(name, True)`` for a test that holds when parameter or local ``name`` is a tensor
        (``isinstance(x, torch.Tensor)``, ``torch.is_tensor(x)``, ``type(x) is torch.Tensor``,
        ``type(x).__name__ == "Tensor"``), ``(name, False)`` for its negation; else None.
        Only for a name this function's kinds take for a tensor or do not know."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            inner = self._tensor_test(test.expression)
            return (inner[0], not inner[1]) if inner is not None else None
        subject: Optional[cst.BaseExpression] = None
        positive = True
        if isinstance(test, cst.Call) and len(test.args) >= 1:
            name = self.model.qualified_name(test.func)
            if name == "torch.is_tensor" and len(test.args) == 1:
                subject = test.args[0].value
            elif name == "builtins.isinstance" and len(test.args) == 2:
                if self.model.qualified_name(test.args[1].value) == "torch.Tensor":
                    subject = test.args[0].value
        elif isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            target = test.comparisons[0]
            operator = target.operator
            if isinstance(operator, (cst.NotEqual, cst.IsNot)):
                positive = False
            elif not isinstance(operator, (cst.Equal, cst.Is)):
                return None
            subject = self._type_of(test.left, target.comparator)
        if not isinstance(subject, cst.Name) or self.env.get(subject.value) not in (T, UNK):
            return None
        return subject.value, positive

    def _not_tensor_names(self, test: cst.BaseExpression) -> tuple[str, ...]:
        """Names a test that holds proves are not tensors: ``x`` of ``isinstance(x, T)`` with
        ``T`` builtin types no tensor is an instance of (``(list, tuple)``, ``dict``, ``int``),
        and of each such test of an ``and`` chain (``isinstance(x, tuple) and len(x) == 2``)."""
        if type(test) is cst.BooleanOperation and type(test.operator) is cst.And:
            return self._not_tensor_names(test.left) + self._not_tensor_names(test.right)
        if not (
            type(test) is cst.Call
            and len(test.args) == 2
            and type(test.args[0].value) is cst.Name
            and self.model.qualified_name(test.func) == "builtins.isinstance"
        ):
            return ()
        types = test.args[1].value
        elements = (
            [el.value for el in types.elements] if type(types) in (cst.Tuple, cst.List) else [types]
        )
        if not elements or any(
            self.model.qualified_name(el) not in NON_TENSOR_TYPES for el in elements
        ):
            return ()
        return (test.args[0].value.value,)  # type: ignore[attr-defined]

    def _kind_narrowed(self, node: cst.BaseExpression, names: Sequence[str]) -> Kind:
        """The kind of ``node`` with ``names`` taken for non-tensors (unknown) while it is
        computed: the right operand of ``isinstance(x, (list, tuple)) and len(x) == 2``."""
        narrowed = [name for name in names if self.env.get(name) == T]
        if not narrowed:
            return self.kind(node)
        saved = {name: self.env[name] for name in narrowed}
        for name in narrowed:
            self.env[name] = UNK
        try:
            return self.kind(node)
        finally:
            self.env.update(saved)

    def _type_of(
        self, left: cst.BaseExpression, right: cst.BaseExpression
    ) -> Optional[cst.BaseExpression]:
        """``x`` of ``type(x) is torch.Tensor`` / ``type(x).__name__ == "Tensor"``."""
        call = left.value if isinstance(left, cst.Attribute) else left
        if not (
            isinstance(call, cst.Call)
            and self.model.qualified_name(call.func) == "builtins.type"
            and len(call.args) == 1
        ):
            return None
        if isinstance(left, cst.Attribute):
            named = left.attr.value == "__name__" and isinstance(right, cst.SimpleString)
            if not named or right.evaluated_value != "Tensor":  # type: ignore[union-attr]
                return None
        elif self.model.qualified_name(right) != "torch.Tensor":
            return None
        return call.args[0].value

    def _join_envs(self, a: dict[str, Kind], b: dict[str, Kind]) -> dict[str, Kind]:
        out = {}
        for name in a.keys() | b.keys():
            ka, kb = a.get(name), b.get(name)
            out[name] = join(ka, kb) if ka is not None and kb is not None else (ka or kb)  # type: ignore[arg-type]
            if name in self.tensor_lists and TS in (ka, kb) and {ka, kb} <= {CONST, UNK, TS}:
                out[name] = TS  # the empty list before a loop that appends tensors to it
        return out

    def _grow_tensor_list(self, call: cst.BaseExpression) -> None:
        """``feats.append(x)`` of a tensor to a name bound to an empty list: a list of tensors
        from here on (``feats = []`` before a loop of stages)."""
        if not (
            type(call) is cst.Call
            and type(call.func) is cst.Attribute
            and call.func.attr.value == "append"
            and type(call.func.value) is cst.Name
            and len(call.args) == 1
        ):
            return
        name = call.func.value.value
        item = self.kind(call.args[0].value)
        self._grow_tuple_list(name, call.args[0].value)
        if name in self.size_lists and item not in (SIZE, RANK):
            # A size list given something else: not all sizes any more.
            self.size_lists.discard(name)
            self.env[name] = UNK
            return
        if item == SIZE and self.env.get(name) in (CONST, UNK, SHAPE) and self._grown_list(name):
            # `sizes = []; sizes.append(x.size(0))`: a list of sizes, like a shape (its
            # items and their comparisons are sizes: torchsde's `batch_sizes`).
            self.size_lists.add(name)
            self.env[name] = SHAPE
            return
        if self.env.get(name) not in (CONST, UNK, TS) or item != T:
            return
        if self._grown_list(name):
            self.tensor_lists.add(name)
            self.env[name] = TS

    def _grow_tuple_list(self, name: str, value: cst.BaseExpression) -> None:
        """``sets.append((label_mask, labels))``: the list's items are tuples of those kinds,
        which iterating over it unpacks (``for mask, labels in sets``, ``s[1]`` of ``for s in
        sets``)."""
        if name in self.tuple_lists and self.tuple_lists[name] is None:
            return
        if (
            type(value) is not cst.Tuple
            or not value.elements
            or any(type(e) is cst.StarredElement for e in value.elements)  # type: ignore[attr-defined]
            or not self._grown_list(name)
            or name in self._otherwise_filled
        ):
            if name in self.tuple_lists or self._grown_list(name):
                self.tuple_lists[name] = None
            return
        kinds = tuple(self.kind(e.value) for e in value.elements)  # type: ignore[attr-defined]
        before = self.tuple_lists.get(name)
        if before is None and name not in self.tuple_lists:
            self.tuple_lists[name] = kinds
        elif before is not None and len(before) == len(kinds):
            self.tuple_lists[name] = tuple(join(a, b) for a, b in zip(before, kinds))
        else:
            self.tuple_lists[name] = None

    def _grown_list(self, name: str) -> bool:
        """Whether the local ``name`` is bound to an empty list, and only ever to lists."""
        bound = assignments(self.func, name)
        return bool(
            bound
            and any(type(value) is cst.List and not value.elements for value, _, _ in bound)
            # Rebound only to other lists (`outs = [o.clamp(-c, c) for o in outs]`), whose
            # kind the binding itself gives.
            and all(type(value) in (cst.List, cst.ListComp) for value, _, _ in bound)
            and all(size == 1 for _, _, size in bound)
        )

    def _self_attribute_name(self, node: cst.BaseExpression) -> Optional[str]:
        """``attr`` when ``node`` is ``self.<attr>`` of a method."""
        if (
            self.owner_class is not None
            and type(node) is cst.Attribute
            and type(node.value) is cst.Name  # type: ignore[attr-defined]
            and node.value.value == self.self_name  # type: ignore[attr-defined]
        ):
            return node.attr.value  # type: ignore[attr-defined]
        return None

    def _store_item(self, target: cst.BaseExpression, kind: Kind) -> None:
        """``self.results[-1] = ih.sum()``: an item of an object's container set."""
        if type(target) is cst.Subscript:
            attr = self._self_attribute_name(target.value)  # type: ignore[attr-defined]
            if attr is not None:
                self.model.record_item(self.owner_class, attr, kind, appended=False)  # type: ignore[arg-type]

    def _store_list_item(self, call: cst.BaseExpression) -> None:
        """``self.results.append(t)``, ``.insert(i, t)``, ``.extend(ts)``: an item put into a
        list the object keeps."""
        if type(call) is not cst.Call or type(call.func) is not cst.Attribute:  # type: ignore[attr-defined]
            return
        method = call.func.attr.value  # type: ignore[attr-defined]
        attr = self._self_attribute_name(call.func.value)  # type: ignore[attr-defined]
        args = [a.value for a in call.args if a.keyword is None and not a.star]  # type: ignore[attr-defined]
        if attr is None or len(args) != len(call.args):  # type: ignore[attr-defined]
            return
        if method == "append" and len(args) == 1:
            kind = self.kind(args[0])
        elif method == "insert" and len(args) == 2:
            kind = self.kind(args[1])
        elif method == "extend" and len(args) == 1:
            kind = element_kind(self.kind(args[0]))
        else:
            return
        self.model.record_item(self.owner_class, attr, kind, appended=True)  # type: ignore[arg-type]

    def _small(self, small: cst.BaseSmallStatement) -> None:
        if isinstance(small, cst.Assign):
            unpacked = [
                len(t.target.elements)  # type: ignore[attr-defined]
                for t in small.targets
                if type(t.target) in (cst.Tuple, cst.List)
            ]
            kind = self._value_kind(small.value, unpacked[0] if len(set(unpacked)) == 1 else 0)
            for target in small.targets:
                self._bind(target.target, self._spread(small.value, target.target) or kind)
                self._fill_dict(target.target, kind)
                self._store_item(target.target, self._collapse(kind))
                if type(target.target) is cst.Name:
                    self._bind_callable(target.target.value, small.value)
        elif isinstance(small, cst.AnnAssign):
            if small.value is not None:
                kind = self._value_kind(small.value, 0)
                annotated = self.annotation_kind(small.annotation.annotation)
                self._bind(small.target, annotated if annotated != UNK else kind)
        elif isinstance(small, cst.AugAssign):
            value = self.kind(small.value)
            current = self.kind(small.target)
            self._bind(small.target, combine([current, value]))
            self._store_item(small.target, combine([current, value]))
        elif isinstance(small, cst.Return):
            kind = self.kind(small.value) if small.value is not None else NONE
            self.returns = kind if self.returns is None else join(self.returns, kind)
            self._return_elements(small.value)
        elif isinstance(small, cst.Expr):
            self.kind(small.value)
            self._grow_tensor_list(small.value)
            self._store_list_item(small.value)
        elif isinstance(small, cst.Assert):
            self.kind(small.test)
            if small.msg is not None:
                self.kind(small.msg)
        elif isinstance(small, cst.Raise):
            if small.exc is not None:
                self.kind(small.exc)

    def _return_elements(self, value: Optional[cst.BaseExpression]) -> None:
        """Track the element kinds of the tuples a function returns, by length, for callers
        that unpack it: ``x, (hiddens, attn) = layers(x, return_hiddens=True)`` unpacks what the
        tuple-returning ``return`` gives, whatever the function's other returns are; a caller
        unpacking nine names from a setup that returns nine values on one branch and eleven on
        the other (torchesnufft's ``helpers.setup``) got the nine."""
        elements = self._literal_elements(value) if value is not None else None
        if elements is None:
            return
        if self.tuple_returns is None:
            self.tuple_returns = {}
        known = self.tuple_returns.get(len(elements))
        self.tuple_returns[len(elements)] = (
            elements if known is None else tuple(join(a, b) for a, b in zip(known, elements))
        )

    def _literal_elements(self, value: cst.BaseExpression) -> Optional[tuple[Kind, ...]]:
        if isinstance(value, (cst.Tuple, cst.List)) and not any(
            isinstance(el, cst.StarredElement) for el in value.elements
        ):
            return tuple(self.kind(el.value) for el in value.elements)
        return None

    def _spread(
        self, value: cst.BaseExpression, target: cst.BaseExpression
    ) -> Optional[tuple[Kind, ...]]:
        """Element kinds for ``b, n, device = *x.shape, x.device``: the starred part fills the
        targets the other elements leave, each an element of it (a size of a shape)."""
        if type(value) not in (cst.Tuple, cst.List) or type(target) not in (cst.Tuple, cst.List):
            return None
        elements = value.elements  # type: ignore[attr-defined]
        targets = target.elements  # type: ignore[attr-defined]
        starred_targets = [i for i, t in enumerate(targets) if type(t) is cst.StarredElement]
        if len(starred_targets) == 1:
            return self._spread_into_star(elements, len(targets), starred_targets[0])
        size = len(targets)
        if size < len(elements) - 1 or starred_targets:
            return None
        if spread_source(elements, 0, size) is None:  # not exactly one starred element
            return None
        kinds = []
        for position in range(size):
            element = elements[spread_source(elements, position, size)]  # type: ignore[index]
            kind = self.kind(element.value)
            kinds.append(element_kind(kind) if type(element) is cst.StarredElement else kind)
        return tuple(kinds)

    def _spread_into_star(
        self, elements: Sequence[cst.BaseElement], size: int, star: int
    ) -> Optional[tuple[Kind, ...]]:
        """Element kinds for ``b, *dims, device = *x.shape, x.device``: the targets before
        the starred one take elements from the front, those after it from the back (each an
        element of a starred value they fall in), and the starred target a list of the rest:
        sizes make a shape."""
        value_stars = [i for i, e in enumerate(elements) if type(e) is cst.StarredElement]
        if len(value_stars) > 1 or (not value_stars and len(elements) < size - 1):
            return None
        after = size - star - 1
        if value_stars:
            # The starred value's length is unknown: plain targets that reach into it take
            # items of it, and the starred target takes what is left of it.
            value_star = value_stars[0]
            spread = element_kind(self.kind(elements[value_star].value))
            tail = len(elements) - value_star - 1
            front = [
                self.kind(elements[i].value) if i < value_star else spread for i in range(star)
            ]
            back = [
                self.kind(elements[len(elements) - after + j].value)
                if after - j <= tail
                else spread
                for j in range(after)
            ]
            rest_elements = elements[min(star, value_star) : len(elements) - min(after, tail)]
        else:
            front = [self.kind(e.value) for e in elements[:star]]
            back = [self.kind(e.value) for e in elements[len(elements) - after :]]
            rest_elements = elements[star : len(elements) - after]
        middle = [self.kind(e.value) for e in rest_elements]
        if middle and all(k in (T, TS) for k in middle):
            rest = TS
        else:
            rest = combine(middle) if middle else CONST
            rest = SHAPE if rest in (SIZE, SHAPE) else rest if rest == CONST else UNK
        return (*front, rest, *back)

    def _value_kind(self, value: cst.BaseExpression, unpacking: int) -> KindOrTuple:
        """Like :meth:`kind`, but a tuple literal, or (when ``unpacking`` into that many
        names) a call of a project function or submodule that returns one, keeps the kinds of
        its elements."""
        kind = self.kind(value)
        elements = self._literal_elements(value)
        if elements is None and unpacking and type(value) is cst.Call:
            func = value.func  # type: ignore[attr-defined]
            # The table first: einops installed beside the project is no project code.
            elements = THIRD_PARTY_TUPLE_RETURNS.get(
                self.model.qualified_name(func) or ""
            ) or self.model.call_tuple_kinds(value, self.owner_class, unpacking)
            if elements is None and self.kind(func) == MOD:
                elements = self.model.module_tuple_kinds(self._module_class(func), length=unpacking)
            if elements is None and type(func) is cst.Attribute:
                held = self._held_class(func.value)  # `self.norm.normalize(x)`
                if held is not None:
                    elements = self.model.module_tuple_kinds(held, func.attr.value, unpacking)
                else:
                    # `ys, extra = solver.integrate(y0, ts)` on a local instance of a project
                    # class (or of each class a factory gives): the method's tuples.
                    tuples = [
                        self.model.module_tuple_kinds(cls, func.attr.value, unpacking)
                        for cls in self._local_instance_classes(func.value)
                    ]
                    if tuples and all(t is not None for t in tuples):
                        elements = tuple(
                            functools.reduce(join, column)
                            for column in zip(*tuples)  # type: ignore[misc]
                        )
        return elements if elements is not None else kind

    def _bind(self, target: cst.BaseExpression, kind: KindOrTuple) -> None:
        if isinstance(target, cst.Name):
            self.local_returns.pop(target.value, None)
            self.env[target.value] = self._collapse(kind)
            self.kinds[id(target)] = self.env[target.value]
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            if isinstance(kind, tuple):
                if len(kind) == len(elements):
                    for el, k in zip(elements, kind):
                        self._bind(el.value, k)
                    return
                kind = UNK
            item = element_kind(kind)
            if kind in (T, TS, MOD, UNK):
                item = {T: T, TS: T}.get(kind, UNK)
            for el in elements:
                if isinstance(el, cst.StarredElement):
                    self._bind(el.value, TS if item == T else (SHAPE if item == SIZE else UNK))
                else:
                    self._bind(el.value, item)
        elif isinstance(target, cst.StarredElement):
            self._bind(target.value, UNK)
        elif (
            isinstance(target, cst.Attribute)
            and isinstance(target.value, cst.Name)
            and target.value.value == self.self_name
            and self.owner_class is not None
        ):
            # `self.scale = v` of a property with a setter calls the setter with `v`.
            self.model.record_setter(
                self.owner_class, target.attr.value, self._collapse(kind), self
            )
            self.model.record_init_attribute(
                self.owner_class, target.attr.value, self._collapse(kind), self
            )
        # Attribute and subscript targets mutate objects; they bind no name.

    @staticmethod
    def _collapse(kind: KindOrTuple) -> Kind:
        if not isinstance(kind, tuple):
            return kind
        kinds = [k if isinstance(k, Kind) else UNK for k in kind]
        if kinds and all(k == T for k in kinds):
            return TS
        if kinds and all(k in (SIZE, CONST, RANK) for k in kinds):
            return SHAPE if SIZE in kinds else CONST
        return UNK

    def _iter_kind(self, node: cst.BaseExpression) -> KindOrTuple:
        """The kind bound to the target of ``for target in node``."""
        self.kind(node)
        if isinstance(node, cst.Call):
            name = self.model.qualified_name(node.func)
            args = [a.value for a in node.args if a.keyword is None and not a.star]
            if name == "builtins.range":
                return combine(self.kind(a) for a in args) if args else CONST
            if name == "builtins.enumerate" and args:
                return (CONST, self._iter_kind(args[0]))
            if name == "builtins.zip":
                return tuple(self._iter_kind(a) for a in args)
            if (
                name in ("builtins.reversed", "builtins.sorted", "builtins.list", "builtins.tuple")
                and args
            ):
                return self._iter_kind(args[0])
            if name == "itertools.groupby" and args:
                # `for key, group in groupby(row)`: keys are items of `row`, groups runs of them.
                item = self._iter_kind(args[0])
                return (item, UNK) if isinstance(item, Kind) else (UNK, UNK)
            if name in ("itertools.islice", "itertools.chain", "itertools.cycle") and args:
                items = {self._iter_kind(a) for a in (args[:1] if "chain" not in name else args)}
                return items.pop() if len(items) == 1 else UNK
            if name in PREDICATE_FILTERS and len(args) == 2:
                return self._iter_kind(args[1])  # `takewhile(pred, conf)`: items of `conf`
            if isinstance(node.func, cst.Attribute) and node.func.attr.value in ("items",):
                return (CONST, T if self._tensor_dict(node.func.value) else UNK)
            if isinstance(node.func, cst.Attribute) and node.func.attr.value == "values":
                return T if self._tensor_dict(node.func.value) else UNK
            if isinstance(node.func, cst.Attribute) and node.func.attr.value in ("keys",):
                return CONST
        if type(node) is cst.Name and self.tuple_lists.get(node.value):
            return self.tuple_lists[node.value]  # type: ignore[return-value]
        return element_kind(self.kind(node))

    def _fill_dict(self, target: cst.BaseExpression, kind: KindOrTuple) -> None:
        """``d[key] = value`` into a local bound to an empty dict display (``d = {}``): a dict
        whose items are tensors when every item stored is a tensor or of unknown kind and one
        at least is a tensor (``v[name] = vec[None, :]``), sizes likewise (``flat[name] =
        v[name].shape[0] == 1``); ``d[key]`` is then a tensor or a size, where the display
        alone made it a constant."""
        if not (
            type(target) is cst.Subscript
            and type(target.value) is cst.Name  # type: ignore[attr-defined]
            and len(target.slice) == 1  # type: ignore[attr-defined]
            and type(target.slice[0].slice) is cst.Index  # type: ignore[attr-defined]
        ):
            return
        name = target.value.value  # type: ignore[attr-defined]
        if name in self._mixed_dicts or not self._empty_dict(name):
            return
        filled = {T: self.tensor_dicts, SIZE: self.size_dicts}
        if kind == UNK:
            return
        if kind in filled and not any(name in other for k, other in filled.items() if k != kind):
            filled[kind].add(name)  # type: ignore[index]
            return
        self._mixed_dicts.add(name)
        self.tensor_dicts.discard(name)
        self.size_dicts.discard(name)

    def _empty_dict(self, name: str) -> bool:
        """Whether every binding of the local ``name`` in this function is an empty dict
        display or ``dict()``."""
        bound = assignments(self.func, name)
        return bool(bound) and all(
            size == 1
            and (
                (type(value) is cst.Dict and not value.elements)  # type: ignore[attr-defined]
                or (
                    type(value) is cst.Call
                    and type(value.func) is cst.Name  # type: ignore[attr-defined]
                    and value.func.value == "dict"  # type: ignore[attr-defined]
                    and not value.args  # type: ignore[attr-defined]
                )
            )
            for value, _, size in bound
        )

    def _tensor_dict(self, node: cst.BaseExpression) -> bool:
        return type(node) is cst.Name and node.value in self.tensor_dicts

    # -- expressions ---------------------------------------------------------------------
    def kind(self, node: cst.BaseExpression) -> Kind:
        cached = self.kinds.get(id(node))
        if cached is not None:
            return cached
        try:
            result = self._compute(node)
        except RecursionError:
            result = UNK
        self.kinds[id(node)] = result
        return result

    def _compute(self, node: cst.BaseExpression) -> Kind:
        # Exact types, not isinstance: libcst nodes are ABCs, and their isinstance checks cost
        # ten times a type comparison on this hot path (the classes here have no subclasses).
        node_type = type(node)
        if node_type is cst.Name:
            value = node.value
            if value in self.env:
                return self.env[value]
            if value == "None":
                return NONE
            if value in ("True", "False"):
                return CONST
            return self.model.global_kind(value)
        if node_type in _LITERAL_TYPES:
            return CONST
        if node_type is cst.FormattedString:
            for part in node.parts:
                if isinstance(part, cst.FormattedStringExpression):
                    self.kind(part.expression)
            return CONST
        if node_type is cst.Ellipsis:
            return CONST
        if node_type is cst.Attribute:
            return self._attribute(node)
        if node_type is cst.Subscript:
            return self._subscript(node)
        if node_type is cst.BinaryOperation:
            left, right = self.kind(node.left), self.kind(node.right)
            if left == TS and right == TS and type(node.operator) is cst.Add:
                return TS  # `outputs + (attn,)`: a longer tuple, not tensor arithmetic
            return combine([left, right])
        if node_type is cst.Comparison:
            kinds = [self.kind(node.left)]
            identity = True
            for target in node.comparisons:
                kinds.append(self.kind(target.comparator))
                if not isinstance(target.operator, (cst.Is, cst.IsNot)):
                    identity = False
                if isinstance(target.operator, (cst.In, cst.NotIn)):
                    if self._hashed_container(target.comparator):
                        # `y in set(x.parents())`: a tensor hashes by identity, so the test
                        # reads no data.
                        return CONST
                    if self.kind(target.comparator) in (CONST, SHAPE, UNK, MODS):
                        # `t in (0, 1)` of a tensor is a tensor; `x.shape[1] in (1, 3)` of a
                        # size is a decision on the size; anything else a Python bool.
                        return kinds[0] if kinds[0] in (T, SIZE) else CONST
            if identity:
                return CONST
            return combine(kinds)
        if node_type is cst.UnaryOperation:
            inner = self.kind(node.expression)
            if isinstance(node.operator, cst.Not):
                if inner == SND:
                    return SND
                return DATA if inner in (T, ND) else inner if inner != SHAPE else CONST
            return inner
        if node_type is cst.BooleanOperation:
            left = self.kind(node.left)
            right = self._kind_narrowed(
                node.right,
                self._not_tensor_names(node.left) if type(node.operator) is cst.And else (),
            )
            if type(node.operator) is cst.And:
                # `a and b` is `b` whenever `a` holds, and `a` is already a Python truth test
                # (the rules flag that). Code gated by a test that fails on the back-ends'
                # examples (`self.training and ...`) gives the gate's value.
                if self.model.false_on_examples(node.left, self.kind, self.owner_class):
                    return CONST
                if right != UNK:
                    return right
            return (
                combine([left, right])
                if UNK not in (left, right)
                else (T if T in (left, right) else UNK)
            )
        if node_type is cst.IfExp:
            self.kind(node.test)
            narrowed = self._tensor_test(node.test)
            if narrowed is None:
                return join(self.kind(node.body), self.kind(node.orelse))
            # `dt.item() if isinstance(dt, torch.Tensor) else dt`: each side sees what the
            # test proved of the name.
            name, is_tensor = narrowed
            had = name in self.env
            saved = self.env.get(name, UNK)
            try:
                self.env[name] = T if is_tensor else self._untensored(name)
                body = self.kind(node.body)
                self.env[name] = self._untensored(name) if is_tensor else T
                orelse = self.kind(node.orelse)
            finally:
                if had:
                    self.env[name] = saved
                else:
                    del self.env[name]
            return join(body, orelse)
        if node_type is cst.Call:
            return self._call(node)
        if node_type is cst.Tuple or node_type is cst.List:
            kinds = [self.kind(el.value) for el in node.elements]
            if not kinds:
                return CONST
            if all(k in (T, TS, NONE) for k in kinds) and (T in kinds or TS in kinds):
                # `(out, None)`, `(hidden, attn_weights)`: what an attention layer returns.
                return TS
            if all(k in (CONST, NONE) for k in kinds):
                return CONST
            if all(k in (SIZE, CONST, RANK) for k in kinds):
                return SHAPE
            return UNK
        if node_type is cst.Set:
            kinds = [self.kind(el.value) for el in node.elements]
            return CONST if all(k == CONST for k in kinds) else UNK
        if node_type is cst.Dict:
            kinds = []
            for el in node.elements:
                if isinstance(el, cst.DictElement):
                    self.kind(el.key)
                    kinds.append(self.kind(el.value))
                else:
                    kinds.append(self.kind(el.value))
            return CONST if all(k == CONST for k in kinds) else UNK
        if node_type in _COMPREHENSION_TYPES:
            return self._comprehension(node, node.elt)
        if node_type is cst.DictComp:
            self._comprehension(node, node.value, node.key)
            return UNK
        if node_type is cst.Lambda:
            return CONST
        if node_type is cst.StarredElement:
            return self.kind(node.value)
        if node_type is cst.NamedExpr:
            kind = self.kind(node.value)
            self._bind(node.target, kind)
            return kind
        if node_type is cst.Element:
            return self.kind(node.value)
        return UNK

    def _comprehension(
        self,
        node: cst.BaseExpression,
        elt: cst.BaseExpression,
        key: Optional[cst.BaseExpression] = None,
    ) -> Kind:
        """The kind of a comprehension of ``elt`` (a dict comprehension's ``key`` is looked at
        with the same bindings)."""
        saved = dict(self.env)
        comp: Optional[cst.CompFor] = node.for_in  # type: ignore[attr-defined]
        while comp is not None:
            self._bind(comp.target, self._iter_kind(comp.iter))
            for cond in comp.ifs:
                self.kind(cond.test)
            comp = comp.inner_for_in
        if key is not None:
            self.kind(key)
        element = self.kind(elt)
        self.env = saved
        if element == T:
            return TS
        if element in (CONST, SIZE, RANK) and not isinstance(node, cst.GeneratorExp):
            return CONST if element == CONST else SHAPE
        if element == DATA:
            return DATA  # `[float(v) for v in t.tolist()]`: numbers read from tensor data
        if isinstance(node, cst.GeneratorExp) and element in (T, DATA, CONST, SIZE):
            return {T: TS, DATA: DATA, CONST: CONST, SIZE: SHAPE}[element]
        return UNK

    def _autograd_ctx(self, node: cst.BaseExpression) -> bool:
        """``node`` is the first parameter (``ctx``) of a static method of a
        ``torch.autograd.Function`` subclass."""
        func = self.func
        if type(node) is not cst.Name or func is None or self.owner_class is None:
            return False
        params = [*func.params.posonly_params, *func.params.params]
        return (
            bool(params)
            and params[0].name.value == node.value  # type: ignore[attr-defined]
            and self.model.index.is_autograd_function(self.owner_class)
        )

    def _attribute(self, node: cst.Attribute) -> Kind:
        attr = node.attr.value
        qualified = self.model.qualified_name(node) if self._is_global_chain(node) else None
        if qualified is not None:
            if qualified.startswith("torch.") or qualified.startswith(("numpy.", "math.")):
                return CONST
        value_kind = self.kind(node.value)
        if value_kind == T:
            if attr in TENSOR_META_ATTRS:
                return TENSOR_META_ATTRS[attr]
            if attr.startswith("is_"):
                # `x.is_mps`, `x.is_xpu`, `x.is_sparse_csr`: every `is_*` attribute of
                # torch.Tensor (torch 2.13, `dir(torch.Tensor)`) is a bool property about the
                # device or layout, or a method (`is_contiguous`), never a tensor.
                return CONST
            return T
        if value_kind == MOD:
            if isinstance(node.value, cst.Name) and node.value.value == self.self_name:
                return self.model.self_attribute_kind(self.owner_class, attr)
            if attr in ("weight", "bias", "running_mean", "running_var"):
                return T
            if attr == "training":
                return CONST
            held = self._held_class(node.value)
            if held is not None:
                # `self.sampler.timesteps`: what the held object's class stores there.
                return self.model.self_attribute_kind(held, attr)
            return UNK
        if value_kind in (CONST,):
            return CONST
        if value_kind == SHAPE:
            return CONST
        if value_kind in (ND, SND):
            if attr in ("T", "mT", "real", "imag", "flat"):
                return value_kind  # `arr.T`: the same data, viewed
            if attr in ("ndim", "dtype", "itemsize"):
                return CONST
        if value_kind == TS and attr in ("values", "indices"):
            # `t.max(-1).values`, `torch.topk(t, k).indices`: the named fields of the pair a
            # reduction with a dim returns.
            return T
        if attr == "saved_tensors" and self._autograd_ctx(node.value):
            # `x, n = ctx.saved_tensors` in an autograd Function: what `save_for_backward`
            # kept, tensors.
            return TS
        if value_kind == UNK and attr == "shape" and not self._is_global_chain(node):
            # A value of unknown kind whose `.shape` graph code reads is an array, which in
            # graph code is a tensor (as `v[:, 0]` is): its shape is sizes.
            return SHAPE
        return UNK

    def _held_class(self, node: cst.BaseExpression) -> Optional[str]:
        """The project class of the object ``self.<name>`` holds, when ``node`` is that."""
        if (
            self.owner_class is None
            or type(node) is not cst.Attribute
            or type(node.value) is not cst.Name  # type: ignore[attr-defined]
            or node.value.value != self.self_name  # type: ignore[attr-defined]
        ):
            return None
        held = self.model.index.attribute_class(self.owner_class, node.attr.value)  # type: ignore[attr-defined]
        return held if held is not None and self.model.index.mro(held) else None

    def _local_instance_classes(self, node: cst.BaseExpression) -> list[str]:
        """The project classes of the object a local name is bound to, once, in this
        function: a call of the class, or of an entry of a dict of classes
        (``SOLVERS[method](...)``)."""
        if type(node) is not cst.Name:
            return []
        bound = assignments(self.func, node.value)  # type: ignore[attr-defined]
        if len(bound) != 1 or bound[0][2] != 1 or type(bound[0][0]) is not cst.Call:
            return []
        made = bound[0][0].func  # type: ignore[union-attr]
        if type(made) is cst.Subscript and type(made.value) is cst.Name:  # type: ignore[attr-defined]
            registry = self.model.qualified_name(made.value)  # type: ignore[attr-defined]
            return self.model.index.instance_classes(REGISTRY_PREFIX + registry) if registry else []
        if type(made) is cst.Name:
            held = assignments(self.func, made.value)  # type: ignore[attr-defined]
            if len(held) == 1 and held[0][2] == 1 and type(held[0][0]) is cst.Call:
                # `solver = solver_fn(sde)` for `solver_fn = select(name)`: an instance of a
                # class the factory returns.
                factory = self.model.qualified_name(held[0][0].func)  # type: ignore[attr-defined]
                return self.model.index.instance_classes(RESULT_PREFIX + factory) if factory else []
        name = self.model.qualified_name(made)
        return self.model.index.instance_classes(name) if name else []

    def _is_global_chain(self, node: cst.BaseExpression) -> bool:
        while type(node) is cst.Attribute:
            node = node.value  # type: ignore[attr-defined]
        return type(node) is cst.Name and node.value not in self.env  # type: ignore[attr-defined]

    def _subscript(self, node: cst.Subscript) -> Kind:
        value = self.kind(node.value)
        slices = []
        for el in node.slice:
            if isinstance(el.slice, cst.Index):
                slices.append(el.slice.value)
                self.kind(el.slice.value)
            else:
                for part in (el.slice.lower, el.slice.upper, el.slice.step):
                    if part is not None:
                        self.kind(part)
                slices.append(None)
        is_slice = any(s is None for s in slices)
        if value == T:
            return T
        if value == SHAPE:
            return SHAPE if is_slice else SIZE
        if value == TS:
            return TS if is_slice else T
        if value == MODS:
            return MODS if is_slice else MOD
        if self._tensor_dict(node.value) and not is_slice:
            return T
        if type(node.value) is cst.Name and node.value.value in self.size_dicts and not is_slice:
            return SIZE
        if value in (CONST, DATA, ND, SND):
            return value
        if value == UNK and _array_index(node):
            return T
        return UNK

    def _call(self, node: cst.Call) -> Kind:
        arg_kinds = [self.kind(arg.value) for arg in node.args]
        positional = [
            k for arg, k in zip(node.args, arg_kinds) if arg.keyword is None and not arg.star
        ]
        func = node.func
        name = self.model.qualified_name(func) if self._is_global_chain(func) else None
        if name is not None:
            result = self._named_call(name, node, positional, arg_kinds)
            if result is not None:
                return result
        if isinstance(func, cst.Attribute) and self._names_self_class(func.value):
            # `self.__class__._F(x, y)`, `type(self).make(x)`, `cls._F(x, y)` of
            # `cls = self.__class__`: a method of self's class, as `self._F(x, y)` calls it.
            return self._self_call(func.attr.value, node)
        if isinstance(func, cst.Attribute):
            receiver = self.kind(func.value)
            method = func.attr.value
            if receiver == T:
                if method in TENSOR_DIM_PAIR_METHODS:
                    return TS if node.args else T
                if method == "size":
                    return SIZE if node.args else SHAPE
                if method == "type" and not node.args:
                    return CONST  # `x.type()`: the type's name, "torch.FloatTensor"
                if method == "nonzero" and any(
                    a.keyword is not None and a.keyword.value == "as_tuple" for a in node.args
                ):
                    return TS
                if method in ("unique", "unique_consecutive") and _returns_extras(node):
                    return TS
                if method not in TENSOR_METHOD_KINDS and f"torch.{method}" in torch_tuple_returns():
                    return TS  # `x.histogram(8)`, `a.slogdet()`
                if method not in TENSOR_METHOD_KINDS and foreign_tensor_method(method):
                    # `y.from_forward()` of a Tensor subclass (flowtorch's BijectiveTensor):
                    # a method torch.Tensor lacks returns what its class says, not a tensor.
                    return UNK
                return TENSOR_METHOD_KINDS.get(method, T)
            if receiver == SHAPE:
                return SIZE if method in ("numel", "index", "count") else CONST
            if receiver == TS:
                return UNK
            if receiver == MOD:
                if isinstance(func.value, cst.Name) and func.value.value == self.self_name:
                    return self._self_call(func.attr.value, node)
                if method in ("parameters", "buffers"):
                    return TS
                held = self._held_class(func.value)
                if held is None and type(func.value) is cst.Name:
                    # `for blk in self.blocks: z = blk.inverse(z)`: a module of the container.
                    held = self.module_items.get(func.value.value)  # type: ignore[attr-defined]
                if held is not None and method != "forward":
                    # `self.sampler.step(eps, t)`: the method learns its arguments' kinds.
                    return self.model.held_call_kind(held, method, node, self)
                if method == "forward":
                    return T
                return UNK
            if receiver == MODS:
                return UNK
            if receiver in (CONST, UNK) and method != "forward":
                held = self._held_class(func.value)
                if held is not None:
                    # `self.ball.project(x)` on a plain object of a project class the module
                    # holds: the method learns its arguments' kinds, as a submodule's does.
                    return self.model.held_call_kind(held, method, node, self)
                made = self._local_instance_classes(func.value)
                if made:
                    # `solver = SOLVERS[name](f, y0); solver.integrate(t)`: likewise.
                    kinds = [self.model.held_call_kind(c, method, node, self) for c in made]
                    return kinds[0] if len(set(kinds)) == 1 else UNK
            if receiver == CONST:
                if method == "forward" and self._super_call(func.value):
                    return T  # a mixin's or subclass's `super().forward(x)`: the module's
                return CONST if all(k == CONST for k in arg_kinds) else UNK
            if receiver in (ND, SND):
                return receiver
            if receiver == DATA:
                return DATA
            if receiver == UNK and method == "size" and not self._is_global_chain(func):
                # `v.size(1)` of a value of unknown kind: an array's (lists, tuples and NumPy
                # arrays have no `size()` method), which in graph code is a tensor.
                return SIZE if node.args else SHAPE
            if (
                receiver == UNK
                and method in TENSOR_ONLY_METHODS
                and not self._is_global_chain(func)
            ):
                # `(a.argmax(-1) == b).float()` of values of unknown kind (outputs of a module
                # passed in from outside): only a tensor has the method, and it gives one.
                return T
            return UNK
        mapped = self._vmapped_kind(func, positional)
        if mapped is not None:
            return mapped
        if type(func) is cst.Name and func.value in self.local_returns:
            return self.local_returns[func.value]  # type: ignore[attr-defined]
        direct = self._direct_calls(node)
        if direct:
            kinds = [self._call(call) for call in direct]
            result = kinds[0]
            for kind in kinds[1:]:
                result = join(result, kind)
            return result
        registry = func
        while type(registry) is cst.Subscript:
            registry = registry.value  # type: ignore[attr-defined]
        if registry is not func and type(registry) is cst.Name and self._is_global_chain(registry):
            name = self.model.qualified_name(registry)
            made = self.model.registry_call_kind(name, node, self) if name is not None else None
            if made is not None:
                return made
        if type(func) is cst.Name:
            decorated = self._decorated_call_kind(func.value)  # type: ignore[attr-defined]
            if decorated is not None:
                return decorated
        callee_kind = self.kind(func)
        if callee_kind == MOD:
            return self.model.module_call_kind(self._module_class(func), node, self)
        return UNK

    def _decorated_call_kind(self, name: str) -> Optional[Kind]:
        """``fn(*args, **kwargs)`` in the wrapper a project decorator nests, ``fn`` being the
        decorator's (first) parameter: a call of the functions the decorator wraps, which
        gives what they return (joined; None where no decorated function is known)."""
        info = self.model.functions.get(id(self.func))
        decorator = info.parent if info is not None else None
        if decorator is None or info.region is None:
            return None
        params = [*decorator.node.params.posonly_params, *decorator.node.params.params]
        own = self.func.params  # type: ignore[attr-defined]
        if (
            not params
            or params[0].name.value != name
            or assignments(self.func, name)  # type: ignore[arg-type]
            or any(
                p.name.value == name for p in (*own.posonly_params, *own.params, *own.kwonly_params)
            )
        ):
            return None
        index, summary = self.model.index, self.model.summary
        decorator_fq = summary.qualify(decorator.qualname)
        result: Optional[Kind] = None
        for caller in sorted(index.callers(summary.qualify(info.qualname))):
            found = index.lookup(caller)
            if found is None or found[0] not in ("function", "method"):
                continue
            if found[0] == "function":
                function = found[1].functions[found[2]]
            else:
                owner, _, method = found[2].rpartition(".")
                function = found[1].classes[owner].methods[method]
            if decorator_fq not in function.decorators:
                continue
            kind = self.model._callee_return_kind(caller, found[1])
            result = kind if result is None else join(result, kind)
        return result

    def _bind_callable(self, name: str, value: cst.BaseExpression) -> None:
        if self._partial_of(value) is not None or (
            type(value) in (cst.Name, cst.Attribute)
            and self._is_global_chain(value)
            and self.model.index.lookup(self.model.qualified_name(value) or "") is not None
        ):
            self.callable_names.setdefault(name, []).append(value)
        else:
            self.callable_names.pop(name, None)

    def _partial_of(self, value: cst.BaseExpression) -> Optional[cst.Call]:
        """``value`` when it is ``functools.partial(f, ...)`` of a named function ``f``."""
        if (
            type(value) is cst.Call
            and value.args  # type: ignore[attr-defined]
            and not value.args[0].star  # type: ignore[attr-defined]
            and self._is_global_chain(value.func)  # type: ignore[attr-defined]
            and self.model.qualified_name(value.func) in PARTIALS  # type: ignore[attr-defined]
            and self._is_global_chain(value.args[0].value)  # type: ignore[attr-defined]
        ):
            return value  # type: ignore[return-value]
        return None

    def _direct_calls(self, node: cst.Call) -> list[cst.Call]:
        """The calls ``node`` makes, spelled directly: ``partial(f, self)(x)`` and ``run(x)``
        after ``run = partial(f, self)`` are ``f(self, x)``; ``run(x)`` after ``run = f`` is
        ``f(x)`` (so the callee learns its parameters' kinds)."""
        func = node.func
        if type(func) is cst.Name and func.value in self.callable_names:
            return [self._spelled(value, node) for value in self.callable_names[func.value]]
        return [self._spelled(func, node)] if self._partial_of(func) is not None else []

    def _spelled(self, func: cst.BaseExpression, node: cst.Call) -> cst.Call:
        partial = self._partial_of(func)
        if partial is None:
            return cst.Call(func=func, args=node.args)
        target, merged = partial.args[0].value, [*partial.args[1:], *node.args]
        # The bound and the given positionals first: libcst validates the order.
        ordered = sorted(merged, key=lambda a: a.keyword is not None or a.star == "**")
        return cst.Call(func=target, args=ordered)

    def _module_class(self, node: cst.BaseExpression) -> Optional[str]:
        """The class of the submodule ``node`` names: ``self.attn``, ``self.layers[i]``, or a
        name bound by ``for layer in self.layers`` / ``enumerate(self.layers)``."""
        if type(node) is cst.Name:
            return self.module_items.get(node.value)  # type: ignore[attr-defined]
        if type(node) is cst.Subscript:
            return self._self_attribute_class(node.value, item=True)  # type: ignore[attr-defined]
        return self._self_attribute_class(node, item=False)

    def _self_attribute_class(self, node: cst.BaseExpression, item: bool) -> Optional[str]:
        if (
            type(node) is cst.Attribute
            and type(node.value) is cst.Name  # type: ignore[attr-defined]
            and node.value.value == self.self_name  # type: ignore[attr-defined]
            and self.owner_class is not None
        ):
            attr = node.attr.value  # type: ignore[attr-defined]
            return self.model.index.attribute_class(self.owner_class, attr, item=item)
        return None

    def _bind_module_items(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> None:
        if type(iterable) is cst.Call:
            if self.model.qualified_name(iterable.func) != "builtins.enumerate":  # type: ignore[attr-defined]
                return
            args = iterable.args  # type: ignore[attr-defined]
            if not args or type(target) is not cst.Tuple or len(target.elements) != 2:  # type: ignore[attr-defined]
                return
            iterable, target = args[0].value, target.elements[1].value  # type: ignore[attr-defined]
        if type(target) is cst.Name:
            owner = self._self_attribute_class(iterable, item=True)
            if owner is not None:
                self.module_items[target.value] = owner  # type: ignore[attr-defined]

    def _named_call(
        self, name: str, node: cst.Call, positional: list[Kind], arg_kinds: list[Kind]
    ) -> Optional[Kind]:
        if (
            name in PREDICATE_FILTERS
            and len(node.args) == 2
            and type(node.args[0].value) is cst.Lambda
        ):
            # `takewhile(lambda c: c > t, conf)`: the predicate sees the items.
            items = self._collapse(self._iter_kind(node.args[1].value))
            self._lambda_kind(node.args[0].value, items)  # type: ignore[arg-type]
            return UNK
        if name in OPERATOR_FUNCTIONS and len(positional) == 2 and len(node.args) == 2:
            # `operator.gt(p.max(), thr)`: the operator's own result (a tensor of tensors).
            return combine(positional)
        if name.startswith("builtins."):
            short = name[len("builtins.") :]
            first = positional[0] if positional else None
            if short in ("sorted", "min", "max") and len(positional) == 1:
                key = next(
                    (a.value for a in node.args if a.keyword and a.keyword.value == "key"), None
                )
                if type(key) is cst.Lambda:
                    # `max(outs, key=lambda t: t.norm())`: the key sees the items.
                    items = self._collapse(self._iter_kind(node.args[0].value))
                    self._lambda_kind(key, items)  # type: ignore[arg-type]
            if short == "len":
                if first == T:
                    return SIZE
                if first in (SHAPE,):
                    return RANK
                return CONST if first in (CONST, TS, MODS, RANK) else UNK
            if short in CONVERTING_BUILTINS:
                if first in (T, ND, DATA):
                    return DATA
                if first == SND:
                    return SND
                if first in (SIZE, RANK):
                    return first
                return CONST if first in (CONST, None) else UNK
            if short in NEUTRAL_BUILTINS:
                if short in ("sum", "min", "max") and len(positional) == 1 and first == TS:
                    return T
                if short in ("sum", "min", "max") and len(positional) == 1 and first == SHAPE:
                    return SIZE  # `min(x.shape[-2:])`: one of the sizes
                return combine(arg_kinds) if arg_kinds else CONST
            if short in ("list", "tuple"):
                if first == T:
                    return TS
                return first if first in (SHAPE, TS, CONST, MODS) else UNK
            if short in CONST_BUILTINS:
                return CONST
            if short == "map" and len(node.args) >= 2:
                mapped = self._mapped_kind(node)
                if mapped is not None:
                    return mapped
            if short == "filter" and len(node.args) == 2 and type(node.args[0].value) is cst.Lambda:
                # `filter(lambda v: v.abs().sum() > 0, views)`: the lambda sees the items.
                items = self._collapse(self._iter_kind(node.args[1].value))
                self._lambda_kind(node.args[0].value, items)  # type: ignore[arg-type]
                return arg_kinds[1] if arg_kinds[1] in (TS, DATA, CONST) else UNK
            if short in ITEM_BUILTINS:
                return CONST if all(k == CONST for k in arg_kinds) else UNK
            if short in TRUTH_BUILTINS:
                if any(k in (T, TS, DATA, ND) for k in arg_kinds):
                    return DATA  # the truth of each item of a tensor
                if SND in arg_kinds:
                    return SND
                return CONST if all(k == CONST for k in arg_kinds) else UNK
            return UNK
        if name in ("torch.unique", "torch.unique_consecutive") and _returns_extras(node):
            return TS  # `values, inverse = torch.unique(x, return_inverse=True)`
        # torch's while loop returns the tuple of the carried tensors.
        if name in WHILE_LOOP_OPERATORS:
            return TS  # `x, err = torch.while_loop(cond, body, (x, err))`: the carried values
        if name in TORCH_FUNCTION_KINDS:
            return TORCH_FUNCTION_KINDS[name]
        if name in torch_tuple_returns():
            return TS  # `hist, edges = torch.histogram(x, bins=8)`
        if name in torch_container_returns():
            return UNK  # `params, buffers = stack_module_state(...)`: two dicts, no tensor
        if name.startswith("torch.sym_"):
            # `torch.sym_max(H, W)`, `torch.sym_int(n)`: Python numbers (SymInts under
            # compile and export) computed from their arguments, not tensors.
            return combine(arg_kinds) if arg_kinds else UNK
        if name.startswith("torch.") and _is_torch_state_query(name):
            return CONST
        if name in ("torch.where", "torch.nonzero") and len(node.args) == 1:
            return TS if name == "torch.where" else T
        if name in ("torch.max", "torch.min", "torch.median") and len(node.args) >= 2:
            second = arg_kinds[1] if len(arg_kinds) > 1 else None
            return TS if second in (CONST, SIZE, RANK) else T
        if (
            name.startswith("torch.nn.functional.")
            or name.startswith("torch.special.")
            or name.startswith("torch.linalg.")
            or name.startswith("torch.fft.")
        ):
            return T
        if name.startswith("torch.nn."):
            return MOD if name.rsplit(".", 1)[-1][:1].isupper() else UNK
        if name.startswith(TORCH_NON_TENSOR_PREFIXES):
            return CONST if name.startswith(("torch.cuda.", "torch.backends.")) else UNK
        if name.startswith("torch."):
            last = name.rsplit(".", 1)[-1]
            if last[:1].isupper() and not last.endswith("Tensor"):
                # torch 2.13's capitalised names ending in `Tensor` are `Tensor` and the
                # legacy typed constructors (`FloatTensor` ... `BFloat16Tensor`, checked with
                # `dir(torch)`): each call makes a tensor.
                return CONST if last in ("Size", "Generator") else UNK
            return T
        if name in TENSOR_IN_TENSOR_OUT:
            return T if T in arg_kinds else UNK
        if name in TENSOR_IN_TENSORS_OUT:
            return TS if arg_kinds[:1] == [T] else UNK
        if name.startswith("numpy.") or name == "numpy":
            if all(k in (CONST,) for k in arg_kinds):
                return CONST
            if all(k in (CONST, DATA) for k in arg_kinds):
                # `np.log(x.item())`, `np.arange(a, b)` of numbers read out: computed from those
                # numbers on the host; no tensor becomes an array here.
                return DATA
            if (
                name[6:] in NUMPY_SCALAR_MATH
                and len(arg_kinds) == 1
                and arg_kinds[0] in (SIZE, RANK)
                and not node.args[0].keyword
            ):
                # `np.ceil(x.shape[0] / 2)`: Dynamo computes it on the number (a SymInt's
                # float), not as a traced array; the tracer still reads the size.
                return arg_kinds[0]
            if all(k in (CONST, SIZE, RANK, SHAPE, SND) for k in arg_kinds):
                return SND  # `np.array(x.shape[2:])`, `np.prod(x.shape)`
            return ND
        if name.startswith("math."):
            if any(k in (T, ND, DATA) for k in arg_kinds):
                return DATA
            if name in ("math.prod", "math.fsum") and arg_kinds == [SHAPE]:
                return SIZE  # `math.prod(x.shape[1:])`: a number of elements
            return combine(arg_kinds) if arg_kinds else CONST
        if name.startswith(("random.", "time.", "os.", "sys.", "logging.", "warnings.", "copy.")):
            return CONST if name.startswith(("random.", "time.", "os.", "sys.")) else UNK
        if name.startswith("autoray."):
            # `autoray.do` is defined in `autoray.autoray`, which the package re-exports.
            function = name.removeprefix("autoray.autoray.").removeprefix("autoray.")
            dispatched = self._autoray_kind(function, node, arg_kinds)
            if dispatched is not None:
                return dispatched
        project = self.model.project_call_kind(name, node, self)
        if project is not None:
            return project
        if self.model.index.is_module_class(name):
            return MOD
        return None

    def _autoray_kind(self, name: str, node: cst.Call, arg_kinds: list[Kind]) -> Optional[Kind]:
        """autoray's calls (``from autoray import numpy as anp``; ``anp.sum(x)``,
        ``do("sum", x)``, ``astype(x, dtype)``): numpy's API run by the library of the array
        it dispatches on, ``like=`` when given, else the arguments (autoray 0.11's
        ``_choose_backend``: the first argument by default, either of two for its binary
        functions, the items of a sequence for ``stack`` / ``concatenate``). On a tensor that
        library is torch: a tensor comes back, or the few non-array answers listed."""
        if name.startswith("numpy."):
            function = name[len("numpy.") :]
        elif name == "do" and node.args and type(node.args[0].value) is cst.SimpleString:
            function = node.args[0].value.evaluated_value  # type: ignore[attr-defined]
            arg_kinds = arg_kinds[1:]
            node = node.with_changes(args=node.args[1:])
        elif name in AUTORAY_ANSWERS or name in AUTORAY_ARRAY_FUNCTIONS:
            function = name
        else:
            return None
        like = [k for a, k in zip(node.args, arg_kinds) if a.keyword and a.keyword.value == "like"]
        dispatch = like or [
            k for a, k in zip(node.args, arg_kinds) if a.keyword is None and not a.star
        ]
        if not any(k in (T, TS) for k in dispatch):
            return None
        if function in AUTORAY_ANSWERS:
            return AUTORAY_ANSWERS[function]
        if function in AUTORAY_TUPLES or (function == "where" and len(node.args) == 1):
            return TS
        return T

    def _lambda_kind(self, func: cst.Lambda, *items: Kind) -> Optional[Kind]:
        """The kind of a lambda's body called on ``items`` (what ``map``, ``filter`` or a
        ``key=`` gives it; None when its parameters do not take them one each); its
        sub-expressions keep the kinds that binding gives them."""
        params = func.params.params
        if len(params) != len(items) or func.params.star_arg is not cst.MaybeSentinel.DEFAULT:
            return None
        saved = dict(self.env)
        for param, item in zip(params, items):
            self.env[param.name.value] = item
        self._forget(func.body)
        result = self.kind(func.body)
        self.env = saved
        return result

    def _vmapped_kind(self, func: cst.BaseExpression, positional: list[Kind]) -> Optional[Kind]:
        """``torch.vmap(lambda c: f(c))(x)`` on tensors: a tensor where the function, given
        one slice of each (a tensor), gives a tensor; None when not such a call."""
        if type(func) is not cst.Call or not func.args or func.args[0].keyword is not None:  # type: ignore[attr-defined]
            return None
        inner = func.func  # type: ignore[attr-defined]
        name = self.model.qualified_name(inner) if self._is_global_chain(inner) else None
        if name not in VMAP_FUNCTIONS or not positional or any(k != T for k in positional):
            return None
        mapped = func.args[0].value  # type: ignore[attr-defined]
        if type(mapped) is not cst.Lambda:
            # `vmap(torch.sin)(x)`: a torch function of one tensor gives one.
            fn = self.model.qualified_name(mapped) if self._is_global_chain(mapped) else None
            torch_fn = fn is not None and fn.startswith("torch.") and not fn.startswith("torch.nn.")
            return T if torch_fn and len(positional) == 1 else None
        return T if self._lambda_kind(mapped, *positional) == T else None  # type: ignore[arg-type]

    def _mapped_kind(self, node: cst.Call) -> Optional[Kind]:
        """``map(lambda t: t * 2, (q, k))``, ``map(torch.detach, states)``: the items are what
        the function gives for the iterables' items; tensors make a sequence of tensors."""
        func = node.args[0].value
        items = [self._collapse(self._iter_kind(a.value)) for a in node.args[1:]]
        if type(func) is cst.Lambda:
            result = self._lambda_kind(func, *items)  # type: ignore[arg-type]
            if result is None:
                return None
            if result == SIZE and SIZE in items:
                # `h, w = map(lambda s: s // p, x.shape[-2:])`: sizes computed from sizes.
                return SHAPE
        else:
            name = self.model.qualified_name(func) if self._is_global_chain(func) else None
            if not name or not name.startswith("torch.") or name.startswith("torch.nn."):
                return None
            result = T if items == [T] else UNK
        return TS if result == T else None

    def _names_self_class(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether ``node`` is the class of this method's ``self``: ``self.__class__``,
        ``type(self)``, or a local bound only to one of those."""
        if self.self_name is None or depth > 2:
            return False
        if type(node) is cst.Attribute:
            return (
                node.attr.value == "__class__"  # type: ignore[attr-defined]
                and type(node.value) is cst.Name  # type: ignore[attr-defined]
                and node.value.value == self.self_name  # type: ignore[attr-defined]
            )
        if type(node) is cst.Call:
            args = node.args  # type: ignore[attr-defined]
            return (
                self.model.qualified_name(node.func) == "builtins.type"  # type: ignore[attr-defined]
                and len(args) == 1
                and args[0].keyword is None
                and not args[0].star
                and type(args[0].value) is cst.Name
                and args[0].value.value == self.self_name
            )
        if type(node) is cst.Name and node.value != self.self_name:  # type: ignore[attr-defined]
            bound = assignments(self.func, node.value)  # type: ignore[attr-defined]
            return bool(bound) and all(
                size == 1 and self._names_self_class(value, depth + 1) for value, _, size in bound
            )
        return False

    def _self_call(self, attr: str, node: cst.Call) -> Kind:
        return self.model.self_call_kind(self.owner_class, attr, node, self)
