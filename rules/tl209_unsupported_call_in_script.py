"""TL209: calls into Python that TorchScript cannot compile."""

from __future__ import annotations

import functools
from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import ARITHMETIC as ELEMENTWISE
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, bound_names
from torchlint.lint.library_source import (
    library_alias,
    library_python_function,
    library_source_problem,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import (
    NAMEDTUPLE_METHODS,
    NUMBER_ABCS,
    collections_namedtuple_fields,
    namedtuple_fields,
    namedtuple_local,
    target_names,
)
from torchlint.lint.semantic.index import is_torch_module_class
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.lint.walk import top_level_definition, walk
from torchlint.rules._graph import TENSOR_RESULT_METHODS
from torchlint.rules._script import (
    SCRIPT,
    attribute_number_type,
    call_return_annotation,
    class_annotations,
    class_def,
    class_methods,
    constant_attributes,
    constant_dead_branch,
    has_constants,
    in_script,
    inferred_tensor_parameter,
    is_enum_class,
    is_method,
    literal_type,
    pruned_by_constant,
    python_module,
    runs_as_built,
    self_assignments,
    self_attribute,
    signature_params,
    signature_type_comment,
    tensor_sequence_annotation,
    tuple_valued,
)
from torchlint.rules.tl207_global_value_in_script import DTYPE_NAMES
from torchlint.rules.tl211_mixed_return_types_in_script import ScriptScalar

# Python modules whose every function is opaque to TorchScript (numpy is no stdlib module, and
# calls into submodules such as `os.path` are not in the generated tables).
PYTHON_MODULES = {
    "numpy": "numpy",
    "random": "`random`",
    "time": "`time`",
    "os": "`os`",
    "copy": "`copy`",
    "logging": "`logging`",
    "pickle": "`pickle`",
    "json": "`json`",
    # Standard modules TorchScript binds nothing of: a call compiles the function from its
    # Python source, which fails (torch 2.13: `platform.system`, global variables aren't
    # supported), or is a C function (`socket.gethostname`, Python builtin ... is currently
    # not supported in Torchscript).
    "platform": "`platform`",
    "socket": "`socket`",
    "getpass": "`getpass`",
    "sys": "`sys`",
    "uuid": "`uuid`",
    "shutil": "`shutil`",
    "glob": "`glob`",
    "tempfile": "`tempfile`",
}
# Methods of torch.nn classes (beyond nn.Module's) that TorchScript compiles from torch's
# Python source when scripted code calls them on a submodule, and rejects (torch 2.13):
# (classes, method, the error).
_RNNS = frozenset({"LSTM", "GRU", "RNN"})
_NORMS = frozenset(f"{kind}{d}d" for kind in ("BatchNorm", "InstanceNorm") for d in (1, 2, 3))
TORCH_MODULE_METHODS = (
    (_RNNS, "flatten_parameters", "SetComp aren't supported"),
    (_RNNS, "reset_parameters", "if-expression's true branch has type float but false branch has type int"),
    (_NORMS, "reset_running_stats", "expected type comment but found 'ident' here"),
    (_NORMS, "reset_parameters", "expected type comment but found 'ident' here"),
    (frozenset({"Linear", "Conv1d", "Conv2d", "Conv3d"}), "reset_parameters", "Unknown type name '_FanMode'"),
)  # fmt: skip
# Str methods TorchScript lacks that no Tensor, list, dict, tuple, number or nn.Module has
# (bytes has them, and TorchScript has no bytes type): a call of one in scripted code fails
# whatever the receiver. (`encode`, `translate` and `maketrans` left out: common names of
# model methods.)
STR_ONLY_METHODS = frozenset({"removeprefix", "removesuffix", "casefold", "format_map", "isascii"})
# str methods whose result is a str (a receiver of another str method).
STR_RESULTS = frozenset(
    "lower upper strip lstrip rstrip replace title capitalize swapcase format join zfill center "
    "ljust rjust expandtabs".split()
)
# Operators whose result is an int only when both operands are (TorchScript has no bitwise float
# ops; `%` and `//` of a float are floats).
INT_OPERATORS = (cst.LeftShift, cst.RightShift, cst.BitAnd, cst.BitOr, cst.BitXor)
# torch.nn layers whose call gives no single Tensor (a tuple, or a NamedTuple).
TUPLE_LAYERS = frozenset(
    {
        "LSTM",
        "GRU",
        "RNN",
        "LSTMCell",
        "MultiheadAttention",
        "AdaptiveLogSoftmaxWithLoss",
        "Transformer",
    }
)
# Elementwise ops (torch functions and Tensor methods) whose every overload gives one Tensor.
ONE_TENSOR_OPS = frozenset(
    "tanh sigmoid relu exp log abs neg sqrt rsqrt sin cos erf square clamp".split()
)
# Tensor methods that return an int, with the positional arguments they take so.
SIZE_METHODS = {"size": 1, "dim": 0, "numel": 0, "nelement": 0, "ndimension": 0}
# Tensor methods and torch factories whose positional arguments are sizes (ints).
SIZE_ARGUMENT_METHODS = frozenset(
    {"reshape", "view", "expand", "repeat", "new_zeros", "new_ones", "new_empty", "tile"}
)
SIZE_ARGUMENT_FACTORIES = frozenset(
    f"torch.{name}" for name in ("zeros", "ones", "empty", "rand", "randn")
)
# torch.nn.functional functions whose every argument after the input is an int or a list of
# ints (kernel sizes, strides, paddings, output sizes, factors; `ceil_mode` a bool): torch 2.13
# rejects a float there (Expected a value of type 'List[int]' for argument 'kernel_size'; for
# max_pool / unfold an internal assert, Expected IntList but got Int).
SIZE_ARGUMENT_FUNCTIONAL = frozenset(
    f"torch.nn.functional.{name}"
    for name in (
        "avg_pool1d",
        "avg_pool2d",
        "avg_pool3d",
        "max_pool1d",
        "max_pool2d",
        "max_pool3d",
        "adaptive_avg_pool1d",
        "adaptive_avg_pool2d",
        "adaptive_avg_pool3d",
        "adaptive_max_pool1d",
        "adaptive_max_pool2d",
        "adaptive_max_pool3d",
        "pixel_shuffle",
        "pixel_unshuffle",
        "unfold",
        "fold",
    )
)
# Tensor methods whose positional arguments are ints (chunks, dims, lengths).
INT_ARGUMENT_METHODS = frozenset({"chunk", "narrow"})
# Operators whose result is an int for int operands and a float when one is a float.
ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo)
# Builtins with a message of their own below.
SPECIAL_BUILTINS = frozenset({"super", "set", "frozenset"})
# What to write by hand for builtins no fix rewrites (the name of a value is only known when
# the code runs; TorchScript resolves every name when it compiles).
BUILTIN_HAND_FIXES = {
    "globals": (
        "pick the function by its name with `if` branches calling each one, or build it as "
        "a module in `__init__`"
    ),
    "locals": "name the value directly",
    "vars": "read the attributes by their names",
    "setattr": "assign the attribute by its name (`self.name = value`)",
    "delattr": "keep the attribute and set it to a value that marks it unused",
    # checked with torch 2.13: `xs[::-1]` of a List[int] and a range counting down script;
    # a ModuleList scripts in a `for` loop, forward only (nor slices nor `reversed`)
    "reversed": (
        "`xs[::-1]` for a list, `range(n - 1, -1, -1)` for a range; a ModuleList is looped "
        "over only forward, so hold its modules in the order the loop needs"
    ),
}


def format_fields(text: str) -> Optional[list[tuple[str, str, Optional[str]]]]:
    """``(field name, format spec, conversion)`` of each replacement field of a format string,
    or None when ``text`` is no valid one; an escaped brace (``{{``) is a field named "{"."""
    import string  # noqa: PLC0415 - only for a str.format call in scripted code

    fields = []
    try:
        for literal, name, spec, conversion in string.Formatter().parse(text):
            if literal.endswith(("{", "}")):
                fields.append(("{", "", None))
            if name is not None:
                fields.append((name, spec or "", conversion))
    except ValueError:
        return None
    return fields


def format_literal(node: cst.BaseExpression) -> Optional[str]:
    """The text of a plain (not f-, not bytes) string literal."""
    if not isinstance(node, cst.SimpleString) or "b" in node.prefix.lower():
        return None
    if "f" in node.prefix.lower():
        return None
    value = node.evaluated_value
    return value if isinstance(value, str) else None


# Builtins TorchScript binds without their keyword arguments (`key=`, `reverse=`, `default=`).
NO_KEYWORDS = frozenset({"builtins.sorted", "builtins.min", "builtins.max"})
TORCH_UNSUPPORTED = {
    "torch.finfo": "`torch.finfo` (Unknown builtin op: aten::finfo)",
    "torch.iinfo": "`torch.iinfo` (Unknown builtin op: aten::iinfo)",
    "torch.utils.checkpoint.checkpoint": "`torch.utils.checkpoint.checkpoint` (takes *args)",
}


# A block whose `checkpoint` call only a `Final` flag reaches, built as `{built}` says.
_RECOMPUTE = """
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

class Block(nn.Module):
    recompute: torch.jit.Final[bool]

    def __init__(self, recompute=False):
        super().__init__()
        self.recompute = recompute
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        if self.recompute and x.dim() > 1:
            x = checkpoint(self.fc, x, use_reentrant=False)
        else:
            x = self.fc(x)
        return x

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block({built}))

    def forward(self, x):
        return self.blocks(x)

def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""

# A NamedTuple class with a method of its own; `BODY` is forward's return value.
_SPAN = """
from typing import NamedTuple

import torch
from torch import nn

class Span(NamedTuple):
    start: torch.Tensor
    end: torch.Tensor

    def length(self) -> torch.Tensor:
        return self.end - self.start

    @property
    def mid(self) -> torch.Tensor:
        return (self.start + self.end) / 2

def span_length(s: Span) -> torch.Tensor:
    return s.end - s.start

class Model(nn.Module):
    def forward(self, x):
        s = Span(x[:, 0], x[:, 1])
        BODY

def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def _example(body: str, extra: str = "") -> str:
    return (
        "import math\n\nimport torch\nfrom torch import nn\n"
        + extra
        + "\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


# `functools.partial` objects: TorchScript compiles no call of one.
PARTIALS = frozenset({"functools.partial"})


# The legacy autocast class of torch.cuda: torch 2.13 compiles it from its source, so
# `with torch.cuda.amp.autocast(enabled=False):` scripts (as `torch.autocast` does).
SCRIPTABLE_CUDA = frozenset({"torch.cuda.amp.autocast", "torch.cuda.amp.autocast_mode.autocast"})


# Builtin types whose methods scripted code cannot read from the class (torch 2.13:
# `dict.fromkeys(...)`: attribute lookup is not defined on dict; `str.join(",", xs)`: on
# __str__; `list.copy(xs)`: on list; `OrderedDict.fromkeys(...)`: on builtin;
# `object.__setattr__(self, ...)`: on python value of type 'type').
BUILTIN_CLASSES = {
    "builtins.dict": ("dict", "dict"),
    "builtins.list": ("list", "list"),
    "builtins.str": ("str", "__str__"),
    "collections.OrderedDict": ("OrderedDict", "builtin"),
    # `object.__setattr__(self, "name", value)`: torch 2.13 takes `object` as a Python type.
    "builtins.object": ("object", "python value of type 'type'"),
}


# Builtins that torch 2.13 refuses a `range(...)` object as the argument of (range cannot be
# used as a value); `list`, `zip` and `enumerate` take one (`reversed` is flagged whatever
# its argument).
RANGE_CONSUMERS = frozenset(
    {
        "builtins.len",
        "builtins.sum",
        "builtins.min",
        "builtins.max",
        "builtins.sorted",
    }
)


# What in a library function's source TorchScript's Python frontend (``torch/jit/frontend.py``)
# rejects while it builds the function's definition, before it records where the function was
# called from: torch's error then names the call of the function that calls it (torch 2.13).
# (A problem found later, in the C++ compiler: an unknown type constructor, a global read as a
# value, names the inner call as usual.) Spelled as ``library_source_problem`` words them.
# torch.nn layers whose input needs one dimension or more (a 0-d tensor fails there).
VECTOR_LAYERS = frozenset(
    {
        "Linear", "LazyLinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
        "ConvTranspose2d", "ConvTranspose3d", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d",
        "LayerNorm", "GroupNorm", "RNN", "LSTM", "GRU",
    }
)  # fmt: skip

FRONTEND_REJECTIONS = (
    (
        "compiles it from its Python source, which takes `*",
        "cannot take its signature (Compiled functions can't take variable number of "
        "arguments or use keyword-only arguments with defaults)",
    ),
    (
        "compiles it from its Python source, which has the keyword-only",
        "cannot take its signature (Compiled functions can't take variable number of "
        "arguments or use keyword-only arguments with defaults)",
    ),
    (
        "compiles it from its Python source, which has an import statement",
        "rejects its source (import statements aren't supported)",
    ),
    (
        "compiles it from its Python source, which has a nested function",
        "rejects its source (function definitions aren't supported)",
    ),
    (
        "compiles it from its Python source, which has a nested class",
        "rejects its source (class definitions aren't supported)",
    ),
)


# Class data of a NamedTuple class (`Out._fields`), which TorchScript cannot look up.
NAMEDTUPLE_CLASS_DATA = frozenset({"_fields", "_field_defaults"})

# `nn.Module` methods that yield the module's submodules (`named_*`: as (name, module) pairs).
MODULE_ITERATORS = frozenset({"modules", "children", "named_modules", "named_children"})


def _target_names(target: cst.BaseExpression) -> set[str]:
    """The names an assignment or loop target binds."""
    if type(target) is cst.Name:
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for e in target.elements for n in _target_names(e.value)}
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return set()


@functools.cache
def _str_method_parameters(method: str) -> frozenset[str]:
    """The parameter names of Python's ``str.<method>`` (``split``: ``sep``, ``maxsplit``)."""
    import inspect  # noqa: PLC0415 - only when a str method's keyword is looked at

    try:
        return frozenset(inspect.signature(getattr(str, method)).parameters)
    except (AttributeError, TypeError, ValueError):
        return frozenset()


class UnsupportedCallInScript(Rule):
    """Flags calls into Python that `torch.jit.script` cannot compile.

    ## What it does
    Finds, in code that `torch.jit.script` compiles: numpy calls; `random`, `time`, `os`,
    `copy`, `logging`, `pickle` and `json` calls; the functions of `math`, `itertools`,
    `functools`, `collections`, `operator`, `heapq`, `bisect`, `statistics`, `typing`... that
    TorchScript does not bind (`math.isclose`, `math.prod`, `itertools.chain`,
    `functools.partial`, `collections.defaultdict`, `operator.mul`, ...); the Python builtins it
    does not support (`map`, `filter`, `reversed`, `iter`, `next`, `repr`, `setattr`, `type`,
    `callable`, `vars`, ...); `sorted`, `min` and `max` with keyword arguments (`key=`,
    `reverse=`, `default=`); `d.popitem()` of a dict (TorchScript pops the first item
    inserted, Python the last: another result than eager); `sorted(d)` of a dict itself (a
    parameter or local annotated `Dict[...]`, a local bound only to dict displays), where
    Python sorts its keys (torch
    2.13: Arguments for call are not valid; `sorted(d.keys())` scripts); `sum(...)` of
    tensors; `torch.finfo`,
    `torch.iinfo`, the functions of `torch` TorchScript has no operator for
    (`torch.get_default_dtype()`, `torch.is_tensor`, `torch.get_num_threads()`, torch's checks
    `torch._check_is_size(n)`, `torch._check_index(...)`, ...; from the generated tables),
    `torch.cuda.*` (not the legacy `torch.cuda.amp.autocast`, which scripts),
    `torch.distributions.*` (`Normal(...)`,
    `Categorical(logits=...)`, `kl_divergence`), `torch.utils.checkpoint.checkpoint`, the `torch.distributed`
    functions (`dist.is_initialized()`, `dist.all_reduce(...)`; probed like the stdlib's);
    `super().method(...)` and a method read from a module class (`nn.Linear.forward(self, x)`,
    `Base.helper(self, x)`) or from `torch.Tensor` (`torch.Tensor.softmax(t, 1)`); the `str` methods TorchScript's str lacks (`casefold`,
    `removeprefix`, `removesuffix`, `isascii`, `encode`, `translate`, ...; from torch's own
    schemas, see below) called on a value known to be a str (a string literal, a parameter
    annotated `str`, an attribute `__init__` sets only to string literals or a str parameter,
    a loop variable over a list or tuple of string literals, directly, through a local or a
    `self.names = ["head.cls", ...]` attribute, `enumerate(...)` too), and `removeprefix`,
    `removesuffix`, `casefold`, `format_map` or `isascii` on a receiver of any kind but a
    tensor or module (only str and bytes have them; not where a class of the file defines one);
    the methods of Python's `int` / `float` TorchScript's numbers lack (`bit_length`,
    `to_bytes`, `is_integer`, `conjugate`, ...; from the generated tables) on a value surely of
    that type (a number literal, `int(...)`, `len(...)`, a tensor's size, `x.dim()`,
    arithmetic of those, a parameter annotated `int` / `float`, a local bound only to such
    values); `s.startswith((a, b))` / `s.endswith((a, b))` with a tuple on a receiver of any
    kind but a tensor or module (TorchScript's take one str); `.format(...)` with keyword
    arguments on a str (TorchScript's `format` takes positional arguments only); `.format(...)`
    on a string literal with a field other than `{}` (`"{0}_{1}"`, `"{:.2f}"`, `"{!r}"`) or an
    escaped brace: TorchScript replaces only `{}` fields, in turn, and leaves the others in
    the string as written (`"{0}_{1}".format("stage", 1)` is `"{0}_{1}"` there, so a dict
    key built with it is another key: the scripted model diverges); `isinstance(x,
    numbers.Number)` (TorchScript compiles the class as one of its own: always False) and
    `numbers.Real` / `Integral` / `Complex` (which it fails to compile); a float written into
    a string (`str(x)`, `"{}".format(x)`, `f"{x}"`, of a value TorchScript types as a float,
    joined with `+` or through a local) that is returned, used as a subscript or `.get(...)`
    key, or compared: TorchScript writes floats its own way (`str(1.0)` is `'1.'`, `str(0.1)`
    is `'0.10000000000000001'`), so the key or name differs from eager's; the same for a
    dtype written into a string (`t.dtype`, `torch.float32`, a parameter annotated
    `torch.dtype`): a dtype is an int to TorchScript, `str(torch.float32)` is `'6'` there
    (`str(x.dtype) == "torch.float32"` is False); and for a tensor's shape written into a
    string (`str(x.shape)`, `f"{x.size()}"`, `x.shape[-2:]`; also as a key or item of a
    returned dict, tuple or list): a list of ints to TorchScript, `str(x.shape)` is `'[3, 4]'`
    there, Python's `'torch.Size([3, 4])'`; `a ** b` of ints
    (TorchScript: a float; a base `self.<name>` holding a Python value of no written type
    counts as an int there, since eager takes only an int in those places), `pow(a, b)` of ints and `round(x)` of a number (floats there too; a number also
    the product or quotient of a size and a `self.<name>` holding a Python value of no
    written type, `round(self.keep * x.shape[1])`: eager's round takes only a number there)
    used as a `range` bound, a size argument (`reshape`, `view`, `chunk`, `torch.zeros`, the
    kernel sizes of `F.avg_pool2d` / `max_pool2d` / `adaptive_*` / `unfold`,
    `pixel_shuffle`, ...) or a tensor index; `sum(xs, start)` with a start value (a list: it
    fails to compile; a tensor: TorchScript sums over dim `start`); `sorted(d.items())` of a
    dict of lists or dicts; a method the class body of a `NamedTuple` of the file defines,
    called on an instance, or a `@property` of it read (TorchScript compiles the fields only); the NamedTuple methods
    TorchScript lacks (`_replace`, `_asdict`,
    `count`, `index`, `P._make(...)`) on a `class P(NamedTuple)` of the file, a parameter
    annotated with it, a local bound only to its instances, or the result of a call (a
    submodule's `forward`, a method or function of the file) annotated to return it (`out =
    self.head(x)._asdict()`), directly or through a local bound only to such calls; `t.index(v)` / `t.count(v)` of
    a tuple (a parameter annotated `Tuple[...]`, a local or `self.<attr>` bound only to tuple
    displays, a class attribute set to one); an Enum class of the file indexed by member name
    (`Pool[name]`) or called for a member (`Pool(value)`); `getattr` with a non-literal name;
    `print` with keyword arguments; `hasattr(m, "name")` / `getattr(m, "name", default)` of a
    Python module `m` (`hasattr(F, "scaled_dot_product_attention")`, `math`, a module of the
    project; torch 2.13: attribute lookup is not defined on python value of type 'module');
    `hasattr(p, "name")` / `getattr(p, "name", default)` with
    `p` a parameter TorchScript types Tensor (unannotated without a default, or annotated
    `torch.Tensor`; torch 2.13: hasattr's first argument must be an object or NamedTuple, got
    Tensor (inferred) instead), or a local last bound, by a statement of the function's body
    before the test, to a value surely a Tensor there (`feats = self.backbone(x)` with the
    submodule a torch.nn layer that returns one Tensor, or an `nn.Sequential` ending in one;
    a one-Tensor op of such a value, `torch.tanh(self.proj(x))`); `isinstance(x, C)` (alone or in a tuple of types) with `C` a
    module class of the file, or a `torch.nn` one (`nn.Identity`), that the file names nowhere else (never built, subclassed or
    passed: no module of it is compiled with the model, torch 2.13: `Unknown type name 'C'`); `set(...)`; `sorted(d.items())` of a dict of tensors (a
    parameter or local annotated `Dict[..., Tensor]`, or the result of a submodule or function
    of the file annotated to return one: it fails at run time when two tensors differ in
    shape, strides, dtype or requires_grad; not for a local dict that one store in one loop over
    number literals fills with arithmetic of the loop's number and tensors the loop does not
    rebind, whose tensors all have one type); a `slice(...)` returned, put in a list or
    tuple anywhere (`[slice(None)] * x.dim()`, `for s in (slice(0, 2), ...)`) or passed as an
    argument (TorchScript indexes with one written in the subscript, alone or in a tuple
    there, or bound to a local only); the builtin `sum(t)` of a tensor (alone,
    or scaled or shifted by a number) given to a `torch.nn` layer that needs a dimension
    (`nn.Linear`, a convolution, a norm or recurrent layer; directly or through a local bound
    once): eager `sum` adds the rows, so the model runs only on a tensor of two dimensions or
    more, where TorchScript's `aten::sum` gives a 0-d tensor; a call of a submodule picked by an if-expression
    (`(self.pool if even else self.conv)(x)`, or a local bound only to one: two module types
    TorchScript cannot unify, or of one type a value with no `__call__`; not where the test is
    one TorchScript folds, a constant of the class, `is None`, `torch.jit.is_scripting()`); `tuple(...)` of a list or shape (a list literal or comprehension, a shape, `list(...)`,
    `sorted(...)`, `t.tolist()`, a parameter annotated `List[...]`, a call of a method or
    function of the file annotated to return one, a local bound only to such values or
    annotated `List[...]`, a module attribute the class binds only to lists or to a
    `List[...]` parameter of `__init__`); a Tensor as a `range` bound (`range(steps)` of a parameter annotated Tensor, or a
    tensor method or `torch.*` function of one, `range(lengths.max())`: `all
    inputs of range must be ints, found Tensor`); `t.item()` (a `number` in TorchScript) used
    as a `range` bound, a tensor index or
    the value of a local annotated `int` (`all inputs of range must be ints, found number`;
    sizes, slices and arithmetic take the number); `hash(...)` of a str (a literal, a
    parameter annotated `str`, the variable of a loop over a list of strs), a float or a
    tuple: TorchScript's hash of these differs from Python's (the scripted model computes
    other buckets without an error; a non-negative int's agrees); a function or method that
    calls itself (`method 'build' is called recursively. Recursive calls are not
    supported`; not in a branch an `is_scripting()` guard keeps from script), a property's
    setter that stores the property itself (`self.mode = False` in `@mode.setter def
    mode(self, value)`: TorchScript compiles the store as a call, `method '__mode_setter' is
    called recursively`); a method
    decorated `@torch.jit.unused` called by a statement at the top level of a scripted
    function (not under an `if`, loop or `with`): TorchScript compiles it as a stub that
    raises when the call runs (`This Python function is annotated to be ignored and cannot be
    run`; a module-level function of the file so decorated too, called by name outside an
    if-expression, `and` / `or`, a comprehension or lambda); also one under `if` tests that
    the module's attributes, as the file builds it (the
    constructor's defaults where it builds none; `Model = Block` is an alias), pass
    (`if self.grad_checkpointing:` with `grad_checkpointing: bool = True`, `__init__` setting
    the attribute once from the parameter); `nn.Module`
    methods called on a module (or a container: `self.backbone.parameters()` of an
    `nn.Sequential`) in `forward` that TorchScript cannot compile
    (`self.fc.register_forward_hook(...)`, `.apply()`, `.to()`, `.train()`, `.parameters()`,
    ...); a method read from a builtin class (`dict.fromkeys(keys, 0)`, `str.join(",", xs)`,
    `list.copy(xs)`, `collections.OrderedDict.fromkeys(...)`, `object.__setattr__(self,
    "feats", h)`). None of these in a branch of an
    `if` that the class's constants (`Final` / `__constants__` attributes, one `__init__`
    statement setting each to a literal or a parameter) decide against for every module of the
    class the file builds (by its literal arguments, or the defaults where it builds none):
    TorchScript folds the constant and compiles only the branch taken.

    Which builtins, stdlib functions and str methods TorchScript binds is not a hand list: it is asked of
    torch's own frontend (`benchmarks/torchscript_tables.py` compiles a call of each with
    `torch.jit.script` and reads `torch.jit._builtins`), stored per torch version in
    `torchscript_tables.json`; the linter reads the entry of the installed torch (the newest
    otherwise) and never imports torch.

    Also flagged: a call of an installed library's Python function that TorchScript compiles
    from its source (no operator is bound to it) where that source has what its frontend
    rejects: an import statement (`torch.onnx.is_in_onnx_export()`), `*args` / `**kwargs` /
    keyword-only parameters (`einops.rearrange`), or a signature annotated with a typing
    constructor TorchScript has no type for (`einops.pack(tensors: Sequence[Tensor], ...)`:
    Unknown type constructor Sequence; the constructors are the generated table's
    `annotations`), or a call, outside the body of an `if`, of another such function that
    has one of these (compiled in turn: `i6_models`' `compat.logical_not` calls
    `torch.onnx.is_in_onnx_export()`; behind signatures of plain types only); for a
    `*args`-like signature, an import statement or a nested definition (what torch's Python
    frontend rejects) also each scripted call
    of the function or method of the file whose body holds that library call
    (`self.split(x)` with `def split(self, x): return rearrange(...)`): TorchScript fails on
    the library function while it compiles the callee, and its error names the callee's call
    (`'Model.split' is being compiled since it was called from 'Model.forward'`), not the
    library call inside it. A function behind torch's `@exposed_in(...)` (`torch.func.grad`,
    `vmap`, `hessian`: the decorator hands it back unchanged) is read the same way; other
    decorated functions are left alone. The source is read from site-packages
    (`lint/library_source.py`, following `from X import name` re-exports) without importing
    anything; where the library is not installed in the linting environment there is nothing
    to read and nothing is reported.
    Also `tuple(range(...))` (`range cannot be used as a tuple`), a tuple attribute that
    `__init__` sets from a parameter whose default is a tuple display (for `.index` /
    `.count`), calls of the standard modules TorchScript binds nothing of (`platform.system()`,
    `socket`, `getpass`, `sys`, `uuid`, `shutil`, `glob`, `tempfile`), and methods of torch.nn
    classes TorchScript compiles from torch's source and rejects, called on a submodule
    (`self.rnn.flatten_parameters()` of an LSTM / GRU / RNN, `reset_parameters()` of a Linear,
    Conv or norm layer, `reset_running_stats()`).
    A method decorated `@torch.jit.ignore(drop=True)` (`ignore(True)`) is the same stub as
    `@torch.jit.unused` and is flagged the same way.
    And a tensor indexed with a tuple: an attribute `__init__` sets only to tuples
    (`x[:, self.keep]` with `self.keep = tuple(keep)`), a `Tuple[...]` parameter, a local
    bound only to tuple displays, or a display beside other indices (`x[:, (0, 2)]`; alone,
    `x[(0, 2)]` is `x[0, 2]`): TorchScript indexes a tensor with ints, slices, lists and
    tensors only (torch 2.13: Unsupported operation: indexing tensor with unsupported index
    type 'Tuple[int, int, int]').
    And `len(self)` in a method of a module class whose bases outside the project are
    `nn.Module` only, no class of it marking `__len__` `@torch.jit.export` (or decorating it
    at all): TorchScript's `len` takes lists, dicts, strings, tensors and module containers,
    and on another module looks for a compiled `__len__`, which it compiles only when exported
    (torch 2.13: object has no attribute or method '__len__'), where Python calls the class's
    `__len__`.
    The table's Python functions include those of the back-end namespaces
    (`torch.backends.cuda`, `cudnn`, `mps`, `mha`...): `torch.backends.cuda.flash_sdp_enabled()`
    compiles from its source and fails on the C function it calls (torch 2.13: Python builtin
    <built-in function _get_flash_sdp_enabled> is currently not supported in Torchscript), where
    `torch.backends.mps.is_available()` and `torch.backends.mha.get_fastpath_enabled()` script.
    And a `@classmethod` of a class of the project called through the class's name
    (`HeatmapDecoder.refine(heat, coords)`, also a module class's own `Model.build(x)`):
    TorchScript binds `cls` and then compiles the method with one parameter too many (torch
    2.13: arg_types.size() == param_names.size() - (moduleSelf_ ? 1 : 0) INTERNAL ASSERT
    FAILED); the same method called through `self` and a `@staticmethod` through the class
    compile (another module class's, TL216 flags).

    ## Why is this bad?
    TorchScript compiles calls to torch ops, to the builtins it models, and to Python functions
    it can compile from source; anything else fails: `Python builtin <built-in function
    perf_counter> is currently not supported in Torchscript`, `Unknown builtin op: aten::finfo`,
    `builtin cannot be used as a value` (`map(torch.relu, xs)`), `combinations(Tensor 0,
    Tensor 1) -> Tensor 0` (a Python class it cannot compile), `function cannot be used as a
    value` (`key=`), `attribute lookup is not defined on python value of type 'module'`
    (`torch.cuda`), `'Tensor' object has no attribute or method 'forward'` (`super().forward`),
    `'str' object has no attribute or method 'casefold'` (TorchScript's str has the methods
    of the `aten::` ops whose `self` is a `str`: `lower`, `strip`, `startswith`, ...),
    `'int' object has no attribute or method 'bit_length'`, `aten::startswith(str self, str substr, int start=0, int end=-1) -> bool: Expected a
    value of type 'str' for argument 'substr' but instead found type 'Tuple[str, str]'`,
    `aten::format(str self, ...) -> str: Keyword argument a unknown`,
    `EnumClass cannot be used as a value` / `cannot call a EnumClass`,
    `getattr's second argument must be a string literal`, `print doesn't accept any keyword
    arguments`, `cannot statically infer the expected size of a list in this context`
    (`tuple(x.shape)`). TorchScript's `pow(a, b)` of two ints and `round(x)` are floats
    (`pow(2, 3)` is 8.0, `round(2.6)` is 3.0; Python's are ints), which no range, size or
    pooling kernel takes; its `sum` takes no start value (`Arguments for call are not valid`;
    `sum(t, 1)` of a tensor is `t.sum(1)` there, Python's `t.sum(0) + 1`); it sorts only
    ints, floats, bools, strs, tensors and tuples of these (`Contained elements in (str,
    Tensor[]) are not sortable`). Its NamedTuple has no `_replace` / `_asdict` / `count` /
    `index` (`'__torch__.P' object has no attribute or method '_replace'`; `P._make`:
    `attribute lookup is not defined on __torch__.P`); its tuples have no `index` / `count`
    (`'Tuple[int, int, int]' object has no attribute or method 'index'`). It looks up no
    attribute on a builtin class: `dict.fromkeys(keys, 0)` fails with `attribute lookup is
    not defined on dict` (`on __str__` for `str.join(",", xs)`, `on list`, `on builtin` for
    `OrderedDict.fromkeys`, `torch.Tensor.softmax(t, 1)`, `Tensor.size(t, 0)`; `on python
    value of type 'type'` for `object.__setattr__(self, ...)`), where `{k: 0 for k in keys}` and `",".join(xs)` compile. A `range(...)` object is only what a loop or a
    comprehension iterates (also through `zip` / `enumerate`) or the argument of `list(...)`:
    indexed or sliced (`range(n)[::-1]`), tested with `in` or given to `len` / `sum` / `min` /
    `max` / `sorted` it fails (torch 2.13: `range cannot be used as a value`); iterate
    `range(n - 1, -1, -1)` instead. Unpacked into names (`b, c, i = range(x.dim())`) it fails
    too (`range cannot be used as a tuple`); unpack `list(range(...))`. A `torch.distributed` function is compiled from its Python source,
    which TorchScript cannot: `Tried to lookup unknown attribute on class
    __torch__.torch.distributed.distributed_c10d.GroupMember` (`is_initialized`), `Unknown
    type name 'ProcessGroup'` (`get_rank`, `barrier`), `undefined value has_torch_function`
    (`all_reduce`).

    ## Example
    ```python
    def forward(self, x):
        scale = float(np.sqrt(x.size(-1)))
        return x / scale
    ```
    Use instead:
    ```python
    def forward(self, x):
        scale = math.sqrt(x.size(-1))
        return x / scale
    ```

    ## Fix safety
    Unsafe fixes for the calls with one exact spelling: `copy.deepcopy(t)` -> `t.clone()` and
    NumPy round trips -> the torch function (TL308 / TL306 fixes), `list(map(f, xs))` with a
    named `f` -> `[f(v) for v in xs]` (not over a tensor's rows), and `np.sqrt` of a size or
    rank -> `math.sqrt`. Safe fixes: `super().forward(x)` in a class whose one base is a torch
    layer (`nn.Linear`, `nn.ConvNd`, `nn.LayerNorm`, `nn.GroupNorm`, `nn.RMSNorm`,
    `nn.Embedding`, `nn.Dropout`, `nn.Bilinear`) -> that layer's own forward expression
    (`F.linear(x, self.weight, self.bias)`, `self._conv_forward(x, self.weight, self.bias)`,
    word for word torch 2.13's); a statement that only reports (`print(..., file=...)`,
    logging, warnings filters) -> under `if not torch.jit.is_scripting():`, which TorchScript
    skips and every other back-end runs as before; `s.removeprefix(p)` -> `s[len(p):] if
    s.startswith(p) else s` (`removesuffix`: `s[:-n] if s.endswith(p) else s`, `s` itself for
    an empty literal suffix), for a name or string literal `s` and `p`: Python's own definition
    of the methods. The others have their own TorchScript
    spelling (`math` for other NumPy functions of numbers) or must move out of the scripted code
    (`@torch.jit.unused`), by hand. Safe fix: `sorted(d.items())` of a dict of tensors ->
    `[(key, d[key]) for key in sorted(d.keys())]` (dict keys are unique: Python's sort of the
    pairs compares the keys alone); `tuple(x.shape[a:b])` passed to a torch function (or bound
    to a local read only as such an argument) -> the shape (`torch.Size` is a tuple); `checkpoint(...)` in the body of an `if` with an `else`
    -> `and not torch.jit.is_scripting()` added to the test (False in Python; TorchScript
    compiles the `else`). Safe fix: `"{0}_{1}".format(a, b)` -> `"{}_{}".format(a, b)`,
    numbered or keyword-named fields without conversion or spec, the arguments put in field
    order (reordered or repeated only where each is a name, literal or attribute): Python
    builds the same string. Unsafe fix: `isinstance(x, numbers.Number)` -> `isinstance(x,
    (int, float, complex))` (`Real`: `(int, float)`, `Integral`: `int`): NumPy integer
    scalars, `Fraction` and `Decimal` are `numbers` types no builtin covers. Safe fix:
    `torch.is_tensor(x)` -> `isinstance(x, torch.Tensor)` (torch's own definition of it).
    Unsafe fix: `math.log2(x)` -> `math.log(x, 2)` (which TorchScript binds; computed as
    `log(x) / log(2)`, it can differ in the last bit: `29.000000000000004` for `2**29`).
    Unsafe fix for clock reads (`time.perf_counter()`, `time.time()`, ...): every statement
    that reads a clock or a local such a statement binds (assignments to locals or `self`
    attributes on lines of their own, nothing else in the function reading them) goes under
    `if not torch.jit.is_scripting():`; eager, trace, compile and export run them as before,
    and in scripted code the timing attributes keep their old values.
    Unsafe fix for `int ** int` used as a `range` bound, a size (`reshape`, `view`, `expand`,
    `repeat`, `new_zeros`, ..., `torch.zeros` / `ones` / `empty` / `rand` / `randn`) or a
    tensor index, directly or through a local bound to it: `int(2 ** n)` (Python's power is
    that int for an exponent >= 0; a negative one gave a float that `int` now truncates).
    Unsafe fix for a `@torch.jit.unused` method called that way: `@torch.jit.ignore` (eager
    runs the method as before; the scripted model calls Python for it, which a model saved
    with `torch.jit.save` and loaded elsewhere cannot). Unsafe fix for `t.item()` there: `int(...)` around the reported expression (an integer
    tensor's item is that int in eager; a float tensor's raised there and is truncated now).
    The same unsafe fix for `pow(a, b)` and `round(x)` there: `int(pow(2, i))`,
    `int(round(x))` (`round` of a number is Python's int already, but `int(...)` of a
    symbolic size may specialize it under export / compile). The safe `sorted(d.keys())`
    fix above for a dict of lists or dicts too. Safe fix: `p._replace(b=v)` of a local bound
    only to `P(...)` calls (or its own `_replace`) -> `P(p.a, v)`, the class called with
    every field (Python's `_replace` builds that tuple; typing forbids overriding `__new__`).
    Unsafe fix: `max((f(s) for s in seqs), default=d)` (`min` too; one `for`, no filter, a
    name or attribute iterated, a literal or name default) -> `max([f(s) for s in seqs]) if
    len(seqs) > 0 else d` (an iterable without `len` raises now). Unsafe fix: `sum(terms,
    start)` with a tensor start -> `total = start; for term in terms: total = total + term`
    before the statement, which reads `total` (Python's additions in its order; the sum now
    runs before the rest of the statement). Unsafe fix: `t.index(v)` / `t.count(v)` of a
    tuple -> `list(t).index(v)` / `list(t).count(v)` (the same answer; a missing value raises
    ValueError with another message). Safe fix: `dict.fromkeys(keys, v)` with `v` a number,
    string, bool or None literal (or absent) -> `{k: v for k in keys}` (the same keys in the
    same order, each mapped to the same immutable value).
    Unsafe fix: `return tuple(xs)` in a function annotated `-> Tuple[A, B]` -> `return
    (xs[0], xs[1])` (a call bound to a local first): a list of another length gave a tuple of
    that length in eager.
    """

    code = "TL209"
    name = "unsupported-call-in-script"
    message = "call torch.jit.script cannot compile"
    targets = SCRIPT

    VALID = [
        # The same helper as a staticmethod through the class, and a module's own classmethod
        # through `self`: both compile.
        Valid(
            """
            import torch
            from torch import nn

            class Decoder:
                @staticmethod
                def refine(heat: torch.Tensor) -> torch.Tensor:
                    return heat * 2

            class Model(nn.Module):
                @classmethod
                def scale(cls, x: torch.Tensor) -> torch.Tensor:
                    return x + 1

                def forward(self, x):
                    return Decoder.refine(self.scale(x))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The function a module-level partial wraps, called with its arguments spelled out,
        # compiles.
        Valid(
            """
            import functools

            import torch
            import torch.nn.functional as F
            from torch import nn

            warp = functools.partial(F.grid_sample, align_corners=True)

            class Model(nn.Module):
                def forward(self, x, grid):
                    return F.grid_sample(x, grid, align_corners=True)

            def inputs():
                return [(torch.randn(1, 2, 4, 4), torch.rand(1, 3, 3, 2) * 2 - 1)] * 2
            """
        ),
        # A back-end query whose Python source TorchScript compiles (torch 2.13 scripts it).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if torch.backends.mps.is_available() and torch.backends.mha.get_fastpath_enabled():
                        return x.softmax(-1)
                    return x.log_softmax(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # An exported `__len__`: TorchScript compiles it, and `len(self)` calls it.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])

                @torch.jit.export
                def __len__(self) -> int:
                    return len(self.layers)

                def forward(self, x):
                    return x / len(self)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # torch functions compiled from their Python source whose callees (also compiled from
        # source: `_packed_sequence_init`, `invert_permutation`) TorchScript takes.
        Valid(
            """
            import torch
            from torch import nn
            from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.rnn = nn.GRU(4, 8, batch_first=True)

                def forward(self, x, lengths):
                    packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
                    out, _ = self.rnn(packed)
                    padded, _ = pad_packed_sequence(out, batch_first=True)
                    return padded

            def inputs():
                return [
                    (torch.randn(2, 5, 4), torch.tensor([5, 3])),
                    (torch.randn(3, 4, 4), torch.tensor([4, 4, 2])),
                ]
            """
        ),
        # A list attribute as an index, a tuple's element, a tuple display as the whole index
        # (`x[(0, 1)]` is `x[0, 1]`).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=(0, 2)):
                    super().__init__()
                    self.keep = list(keep)
                    self.pair = tuple(keep)

                def forward(self, x):
                    y = x[:, self.keep] * x[(0, 1)]
                    return y * x[:, self.pair[1]].sum()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A dict's last item taken by its key: TorchScript and Python agree.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    stats = {"low": x * 0.5, "high": x * 2.0}
                    last = stats.pop("high")
                    return last + stats["low"]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The keys of a dict sorted through `.keys()` and through `list(...)`.
        Valid(
            """
            import torch
            from torch import nn
            from typing import Dict

            class Model(nn.Module):
                def forward(self, x):
                    parts: Dict[int, torch.Tensor] = {}
                    for i in range(3):
                        parts[2 - i] = x * i
                    first = [parts[k] for k in sorted(parts.keys())]
                    second = [parts[k] for k in sorted(list(parts))]
                    return torch.stack(first + second)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The same `round(...)` made an int for the size, and one left a float where a float
        # scales a tensor: TorchScript's float and Python's int give the same product.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, stride=2):
                    super().__init__()
                    self.stride = stride

                def forward(self, x):
                    cells = int(round(x.size(1) / self.stride))
                    return torch.zeros(x.size(0), cells) + x[:, :1] * round(self.stride * 1.5)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 6),)]
            """
        ),
        # The legacy `torch.cuda.amp.autocast` is a class TorchScript compiles: the `with` scripts.
        Valid(
            _example(
                "        with torch.cuda.amp.autocast(enabled=False):\n"
                "            y = x.float() * 2\n"
                "        return y"
            )
        ),
        # The same container's own modules iterated: TorchScript unrolls the loop.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.backbone = nn.Sequential(nn.Linear(3, 3), nn.ReLU())

                def forward(self, x):
                    for layer in self.backbone:
                        x = layer(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The tensor converted to an int before it bounds the loop.
        Valid(
            """
            import torch
            from torch import nn

            def add_steps(x: torch.Tensor, steps: torch.Tensor) -> torch.Tensor:
                for _ in range(int(steps.sum())):
                    x = x + 1
                return x

            class Model(nn.Module):
                def forward(self, x):
                    return add_steps(x, torch.tensor([1, 1]))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The same call under a flag the module as built holds False: the stub never runs.
        Valid(
            """
            import torch
            from torch import nn

            class Block(nn.Module):
                def __init__(self, dim: int = 4, aux: bool = False):
                    super().__init__()
                    self.fc = nn.Linear(dim, dim)
                    self.aux = aux

                @torch.jit.unused
                def aux_path(self, x: torch.Tensor) -> torch.Tensor:
                    return self.fc(x).tanh()

                def forward(self, x):
                    if self.aux:
                        return self.aux_path(x)
                    return self.fc(x)

            Model = Block

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # `hasattr` / `getattr` with a default on the module: an object to TorchScript.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scale = 2.0

                def forward(self, x):
                    if hasattr(self, "scale"):
                        x = x * getattr(self, "scale", 1.0)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A `torch.nn` class in `isinstance` that a module of the model is built from.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, norm_layer=nn.Identity):
                    super().__init__()
                    self.norm = norm_layer()

                def forward(self, x):
                    if isinstance(self.norm, nn.Identity):
                        return x
                    return self.norm(x) * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # `list(range(...))` compiles, and a GRU's `flatten_parameters` kept from TorchScript.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.rnn = nn.GRU(4, 4, batch_first=True)

                def forward(self, x):
                    if not torch.jit.is_scripting():
                        self.rnn.flatten_parameters()
                    y, _ = self.rnn(x.flatten(1, 2))
                    return y.mean(dim=list(range(1, y.dim())))

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """
        ),
        # A torch function TorchScript compiles from a source it accepts.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if torch.compiler.is_compiling():
                        return x * 2
                    return x + 1

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A type test against the class of a submodule the model builds.
        Valid(
            """
            import torch
            from torch import nn

            class GateA(nn.Module):
                def forward(self, x):
                    return x * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gate = GateA()

                def forward(self, x):
                    if isinstance(self.gate, GateA):
                        return self.gate(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A dict comprehension and a method called on a value compile.
        Valid(
            _example(
                '        keys = ["a", "b"]\n'
                "        counts = {k: 0 for k in keys}\n"
                '        name = ",".join(keys)\n'
                '        return x * (counts["a"] + len(name))'
            )
        ),
        # `{}` fields in turn; builtin number types.
        Valid(
            _example(
                "        w: Dict[str, float] = {'stage_1': 2.0}\n"
                "        n = x.shape[0]\n"
                "        k = 2 if isinstance(n, (int, float)) else 3\n"
                "        return x * w.get('{}_{}'.format('stage', 1), 0.0) * k",
                "from typing import Dict",
            )
        ),
        # The keys of a dict of tensors sorted (strings compare).
        Valid(
            _example(
                "        d: Dict[str, torch.Tensor] = {'b': x, 'a': x.sum(0)}\n"
                "        return [d[k] for k in sorted(d.keys())]",
                "from typing import Dict",
            )
        ),
        # A `slice(...)` in the subscript or bound to a local indexes (torch 2.13).
        Valid(_example("        s = slice(0, 1)\n        return x[s] + x[slice(1, 2)]")),
        # A decorator is not compiled: TorchScript scripts the cached helper's body.
        Valid(
            """
            import functools

            import torch
            from torch import nn

            @functools.lru_cache(maxsize=8)
            def window_size(seq_len: int, max_window: int) -> int:
                return min(seq_len, max_window)

            class Model(nn.Module):
                def forward(self, x):
                    k = window_size(x.shape[1], 3)
                    return x[:, -k:].mean(1)

            def inputs():
                return [(torch.randn(2, 5, 4),), (torch.randn(1, 2, 4),)]
            """
        ),
        # A str method TorchScript has on the loop variable; a project method named `encode`.
        Valid(
            """
            from typing import Dict
            import torch
            from torch import nn

            class Coder(nn.Module):
                def encode(self, x):
                    return x * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.names = ["a", "b"]
                    self.coder = Coder()

                def forward(self, x):
                    out: Dict[str, torch.Tensor] = {}
                    for name in self.names:
                        out[name.upper()] = self.coder.encode(x)
                    return out["A"] - out["B"]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The Python-only branch TorchScript skips.
        Valid(
            _example(
                "        if not torch.jit.is_scripting():\n"
                "            if torch.distributed.is_initialized():\n"
                "                torch.distributed.all_reduce(x)\n"
                "        return x"
            )
        ),
        Valid(
            _example(
                "        n = math.sqrt(x.size(-1)) + math.log(2.0)\n"
                "        dims = list(x.shape)\n"
                "        sub = getattr(self, 'scale', 1.0)\n"
                "        print('rows', x.size(0))\n"
                "        return x.view(dims) / n * sub"
            )
        ),
        Valid(
            _example(
                "        q, r = divmod(x.size(-1), 2)\n"
                "        dims = sorted([x.size(0), x.size(1)])\n"
                "        m, e = math.frexp(float(dims[0]))\n"
                "        d: Dict[str, torch.Tensor] = OrderedDict()\n"
                "        d['a'] = x * (q + r + m + e + math.gcd(4, 6))\n"
                "        return d['a'] * sum(s for s in x.shape)",
                "from collections import OrderedDict\nfrom typing import Dict\n",
            )
        ),
        # A NamedTuple with a method, read by its fields and a function of the file.
        Valid(_SPAN.replace("BODY", "return s.start * span_length(s)")),
        # `sum` of a list of ints (`aten::sum.int`), a loop-filled one too.
        Valid(
            _example(
                "        sizes: List[int] = []\n"
                "        for d in range(x.dim()):\n"
                "            sizes.append(x.size(d))\n"
                "        return x * sum(sizes)",
                "from typing import List",
            )
        ),
        # A call in a branch a `Final` constant drops for every module the file builds:
        # TorchScript folds the constant and compiles only the branch it takes.
        Valid(_RECOMPUTE.format(built="recompute=False")),
        # `sorted(d.items())` of tensors that all have one type: the same arithmetic of the
        # same tensor for each key (TorchScript compares the pairs' types, then the keys).
        Valid(
            _example(
                "        scaled: Dict[int, torch.Tensor] = {}\n"
                "        for k in range(3, 0, -1):\n"
                "            scaled[k] = x / k - 1\n"
                "        return [v for _, v in sorted(scaled.items())]",
                "from typing import Dict",
            )
        ),
        # `lower` is an aten op on str; `casefold` on a value of unknown type is not judged.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, act: str = "GELU"):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.act = act

                def forward(self, x):
                    y = self.fc(x)
                    if self.act.lower().strip() == "gelu":
                        y = nn.functional.gelu(y)
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # `t.item()` where TorchScript takes a number: sizes, slices, list indexes, arithmetic.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, n: torch.Tensor):
                    k = n.item()
                    rows = [x, x * 2, x * 3, x * 4]
                    y = x.repeat(k, 1)[: k] + torch.zeros(k, 1) * n.item()
                    for _ in range(int(n.item())):
                        y = y + rows[k][0]
                    return y.narrow(0, 0, n.item())

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(1)), (torch.randn(4, 3), torch.tensor(2))]
            """
        ),
        # `hash` of a non-negative int agrees; a recursion TorchScript never compiles.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def halve(self, x: torch.Tensor) -> torch.Tensor:
                    if torch.jit.is_scripting():
                        return x * 0.5
                    return self.halve(x * 0.5) if x.numel() > 1000 else x * 0.5

                def forward(self, x):
                    return self.halve(x) * (hash(x.size(0)) % 7)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A library function whose module-level reads sit under an `is_scripting()` test
        # TorchScript folds (`torch.compiler.is_compiling`).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling():
                        x = x.clamp_min(0.0)
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Module-level functions: `@torch.jit.unused` under an `is_scripting()` guard or an
        # if-expression, `@torch.jit.ignore` (Python runs it).
        Valid(
            """
            import torch
            from torch import nn

            @torch.jit.unused
            def standardize(x: torch.Tensor) -> torch.Tensor:
                return (x - x.mean(-1, keepdim=True)) / (x.std(-1, keepdim=True) + 1e-5)

            @torch.jit.ignore
            def center(x: torch.Tensor) -> torch.Tensor:
                return x - x.mean(-1, keepdim=True)

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.jit.is_scripting():
                        x = x + 0 * standardize(x)
                    y = x if torch.jit.is_scripting() else x + 0 * standardize(x)
                    return center(y)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A `@torch.jit.unused` method called under an `is_scripting()` guard.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                @torch.jit.unused
                def record(self, h: torch.Tensor) -> torch.Tensor:
                    self.last_mean = float(h.mean())
                    return h

                def forward(self, x):
                    if not torch.jit.is_scripting():
                        x = self.record(x)
                    return x * 2.0

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The same local tested with `isinstance`, which TorchScript folds for a Tensor.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 3)

                def forward(self, x):
                    out = torch.tanh(self.proj(x))
                    if isinstance(out, tuple):
                        out = out[0]
                    return out * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
            """
        ),
        # The class token joined with `torch.cat`, which TorchScript binds.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cls = nn.Parameter(torch.randn(4))

                def forward(self, tokens):
                    cls = self.cls.expand(tokens.shape[0], 1, -1)
                    x = torch.cat([cls, tokens], dim=1)
                    return x[:, 0] + x[:, 1:].mean(1)

            def inputs():
                return [(torch.randn(2, 5, 4),), (torch.randn(3, 2, 4),)]
            """
        ),
        # The same gradient with `torch.autograd.grad`, which TorchScript binds.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 1)

                def energy(self, x):
                    return self.fc(x).sum()

                def forward(self, x):
                    x = x.detach().requires_grad_(True)
                    e = self.energy(x)
                    g = torch.autograd.grad([e], [x])[0]
                    assert g is not None
                    return g * e

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # `torch._check` compiles from its Python source (torch 2.13).
        Valid(_example("        torch._check(x.shape[0] > 0)\n        return x * 2")),
    ]
    INVALID = [
        # A partial bound at the top of the file and called in forward (torch 2.13: INTERNAL
        # ASSERT FAILED, arg_types.size() == param_names.size() - ...).
        Invalid(
            """
            from functools import partial

            import torch
            import torch.nn.functional as F
            from torch import nn

            warp = partial(F.grid_sample, mode="bilinear", align_corners=True)

            class Model(nn.Module):
                def forward(self, x, grid):
                    return warp(x, grid)

            def inputs():
                return [(torch.randn(1, 2, 4, 4), torch.rand(1, 3, 3, 2) * 2 - 1)] * 2
            """,
            line=11,
            message_contains="module-level `functools.partial` of a Python function",
            extra={"installed": "torch"},  # F.grid_sample is read from torch's installed source
        ),
        # A classmethod of a plain helper class, called through the class's name.
        Invalid(
            """
            import torch
            from torch import nn

            class Decoder:
                @classmethod
                def refine(cls, heat: torch.Tensor) -> torch.Tensor:
                    return heat * 2

            class Model(nn.Module):
                def forward(self, x):
                    return Decoder.refine(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="@classmethod",
        ),
        # A back-end query whose Python source calls a C function TorchScript cannot bind.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.is_cuda and torch.backends.cuda.flash_sdp_enabled():
                        return x.softmax(-1)
                    return x.log_softmax(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            message_contains="_get_flash_sdp_enabled> is currently not supported",
        ),
        # The builtin `sum` of a tensor given to an `nn.Linear`: `aten::sum` in TorchScript.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.embed = nn.Linear(3, 4)
                    self.head = nn.Linear(4, 2)

                def forward(self, x):
                    pooled = sum(self.embed(x)) / x.shape[0]
                    return self.head(pooled)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="of a tensor given to",
        ),
        # A `slice(...)` as the items of a comprehension: a value, which TorchScript has not.
        Invalid(
            """
            import torch
            from torch import nn

            def take_rows(t: torch.Tensor) -> torch.Tensor:
                picks = [slice(0, 1) for _ in range(2)]
                return t[picks[0]]

            class Model(nn.Module):
                def forward(self, x):
                    return take_rows(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="slice(...)` object made the items",
        ),
        # `hasattr` on a Python module: no attribute lookup on a module value.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if hasattr(F, "mish"):
                        return F.mish(x)
                    return x * torch.tanh(F.softplus(x))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="the Python module",
            extra={"installed": "torch"},  # `F` is a module of torch's installed package
        ),
        # A submodule picked by an if-expression and called: two module types.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.act = nn.ReLU()
                    self.alt = nn.Tanh()

                def forward(self, x):
                    return (self.act if x.shape[0] > 2 else self.alt)(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="picked by an if-expression",
        ),
        # A shape written into a returned string: a list's text in TorchScript.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x * 2, str(x.shape)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="of a shape",
        ),
        # `len(self)` of a module: TorchScript compiles no `__len__` that is not exported.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])

                def __len__(self) -> int:
                    return len(self.layers)

                def forward(self, x):
                    return x / len(self)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="`len(self)` of the module itself",
        ),
        # A tuple attribute beside a slice, and a `Tuple[int, int]` parameter as the index.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=(0, 2, 3)):
                    super().__init__()
                    self.keep = tuple(keep)

                def forward(self, x):
                    return x[:, self.keep] * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
            """,
            line=10,
            message_contains="indexing tensor with unsupported index type 'Tuple[",
        ),
        Invalid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            def corner(x: torch.Tensor, at: Tuple[int, int]) -> torch.Tensor:
                return x[at]

            class Model(nn.Module):
                def forward(self, x):
                    return x * corner(x, (0, 1))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
            """,
            line=7,
            message_contains="indexing tensor with unsupported index type 'Tuple[",
        ),
        # `popitem` of a dict: TorchScript pops the first item inserted, Python the last.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    stats = {"low": x * 0.5, "high": x * 2.0}
                    _, last = stats.popitem()
                    return last + stats["low"] if "low" in stats else last

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
        ),
        # `sorted` given a dict itself (Python sorts its keys).
        Invalid(
            """
            import torch
            from torch import nn
            from typing import Dict

            class Model(nn.Module):
                def forward(self, x):
                    parts: Dict[int, torch.Tensor] = {}
                    for i in range(3):
                        parts[2 - i] = x * i
                    return torch.stack([parts[k] for k in sorted(parts)])

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="Arguments for call are not valid",
        ),
        # A helper calling `einops.rearrange`: torch names the helper's call, not the inner one.
        Invalid(
            """
            import torch
            from einops import rearrange
            from torch import nn

            class Model(nn.Module):
                def split(self, x: torch.Tensor) -> torch.Tensor:
                    return rearrange(x, "b (h d) -> b h d", h=3)

                def forward(self, x):
                    return self.split(x) * 2

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
            """,
            line=10,
            message_contains="is being compiled since it was called from",
            extra={"installed": "einops"},  # read from einops' installed source
        ),
        # A helper reading the ONNX export flag: torch's frontend rejects the flag's source
        # (an import) before it records the call, so its error names the helper's call.
        Invalid(
            """
            import torch
            from torch import nn

            def invert(mask: torch.Tensor) -> torch.Tensor:
                if torch.onnx.is_in_onnx_export():
                    return torch.logical_xor(mask, torch.ones_like(mask))
                return torch.logical_not(mask)

            class Model(nn.Module):
                def forward(self, x):
                    return x.masked_fill(invert(x > 0), 0.0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="import statements aren't supported), so compiling `invert` fails",
            extra={"installed": "torch"},  # read from torch's installed source
        ),
        # `index` of a tuple attribute set from a parameter's tuple default.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.out_indices = out_indices

                def forward(self, x):
                    return x * float(self.out_indices.index(3))

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=11,
            message_contains="tuple method",
        ),
        # `tuple(range(...))`: range cannot be used as a tuple.
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
                    return x.mean(dim=tuple(range(2, x.dim())))

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=11,
            message_contains="range cannot be used as a tuple",
        ),
        # A range unpacked into names: range cannot be used as a tuple.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    first, last = range(2)
                    return x.transpose(first, last)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 5),)]
            """,
            line=6,
            message_contains="range cannot be used as a tuple",
        ),
        # A torch.nn method TorchScript compiles from torch's source and rejects.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.rnn = nn.LSTM(4, 4, batch_first=True)

                def forward(self, x):
                    self.rnn.flatten_parameters()
                    y, _ = self.rnn(x.flatten(1, 2))
                    return y

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=11,
            message_contains="flatten_parameters",
        ),
        # A standard module TorchScript binds nothing of.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn
            import platform

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    pass

                def forward(self, x):
                    if platform.system() == "Darwin":
                        x = x.contiguous()
                    return x

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=12,
            message_contains="`platform` call",
        ),
        # A torch function compiled from its Python source, which imports (ONNX export flag).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if torch.onnx.is_in_onnx_export():
                        return x * 2
                    return x + 1

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="import statement",
            extra={"installed": "torch"},  # read from torch's installed source
        ),
        # A torch function compiled from its Python source that calls another one, whose
        # source TorchScript rejects (a keyword-only parameter): compiled in turn, it fails.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.utils.data._utils.collate import default_collate

            class Model(nn.Module):
                def forward(self, x):
                    batch = default_collate([x, x * 2])
                    return batch.sum(0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="which calls, on line",
            extra={"installed": "torch"},  # read from torch's installed source
        ),
        # A type test against a module class no module of the model is built from.
        Invalid(
            """
            import torch
            from torch import nn

            class Residual(nn.Module):
                def __init__(self, dim: int):
                    super().__init__()
                    self.fc = nn.Linear(dim, dim)

                def forward(self, x):
                    return x + self.fc(x)

            class Gated(Residual):
                pass

            class Plain(nn.Module):
                def forward(self, x):
                    return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleList([Residual(4), Residual(4)])

                def forward(self, x):
                    for block in self.blocks:
                        if not isinstance(block, Plain):
                            x = block(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=26,
            message_contains="Unknown type name 'Plain'",
        ),
        # `getattr(p, "cache", default)` on an unannotated parameter, a Tensor to TorchScript.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def scale_from(self, params, x):
                    scale = getattr(params, "scale", 2.0)
                    return x * scale

                def forward(self, x):
                    return self.scale_from(x, x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            message_contains="hasattr's first argument must be an object or NamedTuple",
        ),
        # A `torch.nn` class no module of the model is built from: the same lookup.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.act = nn.ReLU()

                def forward(self, x):
                    assert isinstance(self.act, (nn.ReLU, nn.Tanhshrink))
                    return self.act(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="Unknown type name 'nn.Tanhshrink'",
        ),
        # `_asdict()` of what a submodule returns, by its `forward`'s annotation.
        Invalid(
            """
            from typing import NamedTuple

            import torch
            from torch import nn

            class Out(NamedTuple):
                logits: torch.Tensor
                boxes: torch.Tensor

            class Head(nn.Module):
                def forward(self, x) -> Out:
                    return Out(x * 2, x.sigmoid())

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = Head()

                def forward(self, x):
                    out = self.head(x)._asdict()
                    return out["logits"] + out["boxes"]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=20,
            message_contains="`Out._asdict()`",
        ),
        # `tuple(...)` of a module attribute `__init__` sets to a `List[int]` parameter.
        Invalid(
            """
            from typing import List

            import torch
            import torch.nn.functional as F
            from torch import nn

            class Resize(nn.Module):
                def __init__(self, size: List[int]):
                    super().__init__()
                    self.size = size

                def forward(self, x):
                    return F.interpolate(x, size=tuple(self.size))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.resize = Resize([5, 7])

                def forward(self, x):
                    return self.resize(x)

            def inputs():
                return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 3, 5),)]
            """,
            line=13,
            message_contains="`tuple(...)`",
        ),
        # `tuple(...)` of a local bound only to a list (`list(...)` of a shape, appended to).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    shape = list(x.shape[:-1])
                    shape.append(2)
                    shape.append(x.size(-1) // 2)
                    return x.view(tuple(shape))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=9,
            message_contains="`tuple(...)`",
        ),
        Invalid(
            _example(
                '        keys = ["a", "b"]\n'
                "        counts = dict.fromkeys(keys, 1)\n"
                '        return x * counts["a"]'
            ),
            line=10,
            message_contains="attribute lookup is not defined on dict",
            fixed=_example(
                '        keys = ["a", "b"]\n'
                "        counts = {k: 1 for k in keys}\n"
                '        return x * counts["a"]'
            ),
        ),
        Invalid(
            _example('        name = str.join(",", ["a", "b"])\n        return x * len(name)'),
            line=9,
            message_contains="attribute lookup is not defined on __str__",
        ),
        Invalid(
            _example(
                "        out = x\n        for i in range(3)[::-1]:\n"
                "            out = out * i\n        return out"
            ),
            line=10,
            message_contains="range cannot be used as a value",
        ),
        Invalid(
            _example(
                "        out = x\n        if x.size(0) in range(2, 4):\n"
                "            out = out + 1\n        return out"
            ),
            line=10,
            message_contains="range cannot be used as a value",
        ),
        Invalid(
            _example("        w = torch.Tensor.softmax(x, 1)\n        return w * x"),
            line=9,
            message_contains="attribute lookup is not defined on builtin",
        ),
        # A base layer's forward called through its class.
        Invalid(
            """
            import torch
            from torch import nn

            class Scaled(nn.Linear):
                def forward(self, x):
                    return nn.Linear.forward(self, x) * 0.5

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = Scaled(4, 4)

                def forward(self, x):
                    return self.a(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            message_contains="module class `nn.Linear`",
        ),
        # A Tensor as a range bound: TorchScript converts none.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, steps: torch.Tensor):
                    for _ in range(steps):
                        x = x * 0.5
                    return x

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(2)), (torch.randn(4, 3), torch.tensor(3))]
            """,
            line=6,
            message_contains="found Tensor",
        ),
        # A tensor method of a parameter annotated Tensor as a range bound.
        Invalid(
            """
            import torch
            from torch import nn

            def add_steps(x: torch.Tensor, steps: torch.Tensor) -> torch.Tensor:
                for _ in range(steps.sum()):
                    x = x + 1
                return x

            class Model(nn.Module):
                def forward(self, x):
                    return add_steps(x, torch.tensor([1, 1]))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="all inputs of range must be ints, found Tensor",
        ),
        # A `@torch.jit.unused` method called under `if self.aux:`, an attribute the module
        # as built (its defaults; `Model = Block` is an alias) holds True: the stub runs.
        Invalid(
            """
            import torch
            from torch import nn

            class Block(nn.Module):
                def __init__(self, dim: int = 4, aux: bool = True):
                    super().__init__()
                    self.fc = nn.Linear(dim, dim)
                    self.aux = aux

                @torch.jit.unused
                def aux_path(self, x: torch.Tensor) -> torch.Tensor:
                    return self.fc(x).tanh()

                def forward(self, x):
                    if self.aux:
                        return self.aux_path(x)
                    return self.fc(x)

            Model = Block

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=16,
            message_contains="annotated to be ignored and cannot be run",
        ),
        # A library function whose source reads a module-level bool (torch.fx's flag).
        Invalid(
            """
            import torch
            from torch import nn
            from torch.fx._symbolic_trace import is_fx_tracing

            class Model(nn.Module):
                def forward(self, x):
                    if not is_fx_tracing():
                        x = x.clamp_min(0.0)
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            message_contains="cannot be used as a value",
            extra={"installed": "torch"},  # read from torch's installed source
        ),
        # A module-level `@torch.jit.unused` function called by forward: the same stub.
        Invalid(
            """
            import torch
            from torch import nn

            @torch.jit.unused
            def standardize(x: torch.Tensor) -> torch.Tensor:
                return (x - x.mean(-1, keepdim=True)) / (x.std(-1, keepdim=True) + 1e-5)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 2)

                def forward(self, x):
                    return self.fc(standardize(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            message_contains="annotated to be ignored and cannot be run",
        ),
        # A `@torch.jit.unused` method called unconditionally: a stub that raises.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                @torch.jit.unused
                def record(self, h: torch.Tensor) -> torch.Tensor:
                    self.last_mean = float(h.mean())
                    return h

                def forward(self, x):
                    h = self.record(torch.relu(x))
                    return h * 2.0

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="annotated to be ignored and cannot be run",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                @torch.jit.ignore
                def record(self, h: torch.Tensor) -> torch.Tensor:
                    self.last_mean = float(h.mean())
                    return h

                def forward(self, x):
                    h = self.record(torch.relu(x))
                    return h * 2.0

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # A torch.distributions class in scripted code.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.distributions import Normal

            class Model(nn.Module):
                def forward(self, x):
                    return Normal(x, torch.ones_like(x)).log_prob(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="torch.distributions",
        ),
        # `hash` of a str (or float, tuple): TorchScript's own hash, another value than eager.
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, fields: List[str] = ["user", "item"]):
                    super().__init__()
                    self.fields = fields

                def forward(self, x):
                    ids = [hash(name) for name in self.fields]
                    return torch.tensor(ids) + x.size(0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="hashes a str its own way",
        ),
        # A method (or function) that calls itself.
        Invalid(
            """
            from typing import List

            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def build(self, x: torch.Tensor, levels: List[torch.Tensor]) -> List[torch.Tensor]:
                    levels.append(x)
                    if x.shape[-1] <= 2:
                        return levels
                    return self.build(F.avg_pool2d(x, 2), levels)

                def forward(self, x):
                    return torch.stack([v.mean((2, 3)) for v in self.build(x, [])], 1)

            def inputs():
                return [(torch.randn(1, 2, 8, 8),), (torch.randn(2, 2, 4, 4),)]
            """,
            line=12,
            message_contains="is called recursively",
        ),
        # TorchScript's tuples have no `index`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.strides = (4, 8, 16)

                def forward(self, x):
                    level = self.strides.index(8)
                    return x * level

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="tuple method `.index()`",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.strides = (4, 8, 16)

                def forward(self, x):
                    level = list(self.strides).index(8)
                    return x * level

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # `max(..., default=...)`: TorchScript's `max` takes no keyword arguments.
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    seqs: List[torch.Tensor] = [x, x[:1]]
                    longest = max((s.shape[0] for s in seqs), default=0)
                    return x[:longest]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="`max(..., default=...)`",
            fixed="""
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    seqs: List[torch.Tensor] = [x, x[:1]]
                    longest = max([s.shape[0] for s in seqs]) if len(seqs) > 0 else 0
                    return x[:longest]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # TorchScript's NamedTuple has no `_replace`.
        Invalid(
            """
            from typing import NamedTuple

            import torch
            from torch import nn

            class Out(NamedTuple):
                logits: torch.Tensor
                scale: float

            class Model(nn.Module):
                def forward(self, x):
                    out = Out(x * 2, 1.0)
                    out = out._replace(logits=out.logits / 2.0, scale=2.0)
                    return out.logits * out.scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="NamedTuple method `Out._replace()`",
            fixed="""
            from typing import NamedTuple

            import torch
            from torch import nn

            class Out(NamedTuple):
                logits: torch.Tensor
                scale: float

            class Model(nn.Module):
                def forward(self, x):
                    out = Out(x * 2, 1.0)
                    out = Out(out.logits / 2.0, 2.0)
                    return out.logits * out.scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # `t.item()` is a `number` in TorchScript: no range bound, tensor index or int.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, steps: torch.Tensor):
                    k = steps.item() + 1
                    for _ in range(k):
                        x = x * 0.5
                    return x

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(2)), (torch.randn(4, 3), torch.tensor(3))]
            """,
            line=7,
            message_contains="all inputs of range must be ints, found number",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, steps: torch.Tensor):
                    k = steps.item() + 1
                    for _ in range(int(k)):
                        x = x * 0.5
                    return x

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(2)), (torch.randn(4, 3), torch.tensor(3))]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, i: torch.Tensor):
                    return x[i.item()]

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(1)), (torch.randn(4, 3), torch.tensor(3))]
            """,
            line=6,
            message_contains="unsupported index type 'number'",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, i: torch.Tensor):
                    return x[int(i.item())]

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(1)), (torch.randn(4, 3), torch.tensor(3))]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, n: torch.Tensor):
                    k: int = n.item()
                    return x * k

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(1)), (torch.randn(4, 3), torch.tensor(3))]
            """,
            line=6,
            message_contains="annotated with type int but is being assigned to a value of type number",
        ),
        # `pow(2, i)` is a float in TorchScript: no kernel size.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    out = torch.zeros_like(x)
                    for i in range(2):
                        k = pow(2, i)
                        out = out + F.interpolate(F.avg_pool2d(x, k), size=x.shape[-2:])
                    return out

            def inputs():
                return [(torch.randn(1, 2, 8, 8),), (torch.randn(2, 2, 4, 4),)]
            """,
            line=10,
            message_contains="`pow(a, b)` of two ints is a float",
            fixed="""
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    out = torch.zeros_like(x)
                    for i in range(2):
                        k = int(pow(2, i))
                        out = out + F.interpolate(F.avg_pool2d(x, k), size=x.shape[-2:])
                    return out

            def inputs():
                return [(torch.randn(1, 2, 8, 8),), (torch.randn(2, 2, 4, 4),)]
            """,
        ),
        # `sum` with a start value: TorchScript's takes none.
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.weights = [1.0, 0.5]

                def forward(self, x):
                    w: List[float] = self.weights
                    return x / sum(w, 0.0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="`sum(xs, start)`",
        ),
        # A tensor start: the loop makes Python's additions in order.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    terms = [x.mean(), x.sum()]
                    return sum(terms, torch.zeros(())) * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="`sum(xs, start)`",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    terms = [x.mean(), x.sum()]
                    total = torch.zeros(())
                    for term in terms:
                        total = total + term
                    return total * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # `sorted(d.items())` of a dict of lists: TorchScript cannot sort the pairs.
        Invalid(
            """
            from typing import Dict, List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    groups: Dict[str, List[torch.Tensor]] = {}
                    for i, g in enumerate(["b", "a", "b"]):
                        groups.setdefault(g, []).append(x[:, i])
                    return [torch.stack(v).sum(0) for k, v in sorted(groups.items())]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="dict of lists",
            fixed="""
            from typing import Dict, List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    groups: Dict[str, List[torch.Tensor]] = {}
                    for i, g in enumerate(["b", "a", "b"]):
                        groups.setdefault(g, []).append(x[:, i])
                    return [torch.stack(v).sum(0) for k, v in [(key, groups[key]) for key in sorted(groups.keys())]]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # `self.k ** 2` as a size, `k` of no written type: eager's view takes only an int, so
        # `k` is one there, and TorchScript's `**` of ints is a float.
        Invalid(
            """
            import torch
            from torch import nn

            class Unfolded(nn.Module):
                def __init__(self, kernel_size):
                    super().__init__()
                    self.kernel_size = kernel_size

                def forward(self, x):
                    return x.view(x.shape[0], self.kernel_size**2, -1)

            class Model(Unfolded):
                def __init__(self):
                    super().__init__(3)

            def inputs():
                return [(torch.randn(2, 9, 4),), (torch.randn(3, 9, 2),)]
            """,
            line=10,
            message_contains="of two ints is a float",
        ),
        # `2 ** n` is a float in TorchScript: no size.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, levels: int = 1):
                    super().__init__()
                    self.levels = levels

                def forward(self, x):
                    n = 2 ** self.levels
                    return x.reshape(n, -1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="`**` of two ints is a float",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, levels: int = 1):
                    super().__init__()
                    self.levels = levels

                def forward(self, x):
                    n = int(2 ** self.levels)
                    return x.reshape(n, -1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # `round(...)` of a size and an attribute of no written type (a number: eager's
        # `round` takes no other), a float in TorchScript, as a factory's size.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, stride=2):
                    super().__init__()
                    self.stride = stride

                def forward(self, x):
                    cells = round(x.size(1) / self.stride)
                    return torch.zeros(x.size(0), cells) + x[:, :1]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 6),)]
            """,
            line=11,
            message_contains="`round(x)` returns a float",
        ),
        # `tuple(...)` of a shape bound to a local that only torch functions read.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, skip):
                    size = tuple(skip.shape[2:])
                    return F.interpolate(x, size=size, mode="nearest") + skip

            def inputs():
                return [
                    (torch.randn(1, 2, 3, 3), torch.randn(1, 2, 6, 5)),
                    (torch.randn(2, 2, 2, 4), torch.randn(2, 2, 3, 7)),
                ]
            """,
            line=7,
            message_contains="`tuple(...)`",
            fixed="""
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, skip):
                    size = skip.shape[2:]
                    return F.interpolate(x, size=size, mode="nearest") + skip

            def inputs():
                return [
                    (torch.randn(1, 2, 3, 3), torch.randn(1, 2, 6, 5)),
                    (torch.randn(2, 2, 2, 4), torch.randn(2, 2, 3, 7)),
                ]
            """,
        ),
        # `tuple(...)` of a list a method returns: TorchScript needs its length.
        Invalid(
            """
            from typing import List, Tuple

            import torch
            from torch import nn

            class Model(nn.Module):
                def parts(self, x: torch.Tensor) -> List[torch.Tensor]:
                    return [x, x * 2]

                def forward(self, x) -> Tuple[torch.Tensor, torch.Tensor]:
                    return tuple(self.parts(x))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="`tuple(...)`",
            fixed="""
            from typing import List, Tuple

            import torch
            from torch import nn

            class Model(nn.Module):
                def parts(self, x: torch.Tensor) -> List[torch.Tensor]:
                    return [x, x * 2]

                def forward(self, x) -> Tuple[torch.Tensor, torch.Tensor]:
                    items = self.parts(x)
                    return (items[0], items[1])

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # A dtype's text is its ScalarType code in TorchScript: the comparison is False.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    if f"{x.dtype}" == "torch.float32":
                        x = x * 2.0
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="of a dtype",
        ),
        # `str(1.0)` is '1.' in TorchScript: the lookup misses and takes the default.
        Invalid(
            _example(
                "        table: Dict[str, float] = {'1.0': 2.0}\n"
                "        return x * table.get(str(1.0 * x.dim() / 2), -1.0)",
                "from typing import Dict",
            ),
            line=10,
            message_contains="`str(...)` of a float",
        ),
        Invalid(
            """
            import math
            from typing import Union

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, bias: Union[torch.Tensor, float] = 0.5):
                    level = int(math.log2(x.shape[0]))
                    if torch.is_tensor(bias):
                        return x + bias * level
                    return x + bias * level

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            fixed="""
            import math
            from typing import Union

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, bias: Union[torch.Tensor, float] = 0.5):
                    level = int(math.log(x.shape[0], 2))
                    if isinstance(bias, torch.Tensor):
                        return x + bias * level
                    return x + bias * level

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # A numbered field: TorchScript keeps `{0}` in the key, the lookup misses.
        Invalid(
            _example(
                "        w: Dict[str, float] = {'stage_1': 2.0}\n"
                "        return x * w.get('{0}_{1}'.format('stage', 1), 0.0)",
                "from typing import Dict",
            ),
            line=10,
            message_contains="`{0}`",
            fixed=_example(
                "        w: Dict[str, float] = {'stage_1': 2.0}\n"
                "        return x * w.get('{}_{}'.format('stage', 1), 0.0)",
                "from typing import Dict",
            ),
        ),
        # `numbers.Number`: always False in TorchScript, the other branch runs.
        Invalid(
            """
            import numbers
            from typing import Union

            import torch
            from torch import nn

            def scale(t: Union[float, torch.Tensor], x: torch.Tensor) -> torch.Tensor:
                if isinstance(t, numbers.Number):
                    return x * float(t)
                return x

            class Model(nn.Module):
                def forward(self, x, t: float = 2.0):
                    return scale(t, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="always False",
            fixed="""
            import numbers
            from typing import Union

            import torch
            from torch import nn

            def scale(t: Union[float, torch.Tensor], x: torch.Tensor) -> torch.Tensor:
                if isinstance(t, (int, float, complex)):
                    return x * float(t)
                return x

            class Model(nn.Module):
                def forward(self, x, t: float = 2.0):
                    return scale(t, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        Invalid(
            """
            from typing import Optional, cast

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale: Optional[torch.Tensor] = None):
                    if scale is None:
                        return x
                    return x * cast(torch.Tensor, scale)

            def inputs():
                return [(torch.randn(2, 3), torch.tensor(2.0)), (torch.randn(4, 3), torch.tensor(3.0))]
            """,
            line=10,
            message_contains="typing.cast",
        ),
        # A float stored on self from an annotated constructor argument.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, scale: float = 2.0):
                    super().__init__()
                    self.scale = scale

                def forward(self, x):
                    if self.scale.is_integer():
                        return x * self.scale
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="float method",
        ),
        # An Enum member looked up by name.
        Invalid(
            """
            import enum
            import torch
            from torch import nn

            class Pool(enum.Enum):
                MEAN = 0
                MAX = 1

            class Model(nn.Module):
                def __init__(self, pool: str = "MAX"):
                    super().__init__()
                    self.pool = pool

                def forward(self, x):
                    return x.amax(1) if Pool[self.pool] == Pool.MAX else x.mean(1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=15,
            message_contains="EnumClass cannot be used as a value",
        ),
        # An int method TorchScript's int lacks, on a tensor's size.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    levels = (x.shape[-1] - 1).bit_length()
                    for _ in range(levels):
                        x = F.avg_pool1d(x, 2, ceil_mode=True)
                    return x

            def inputs():
                return [(torch.randn(1, 2, 8),), (torch.randn(2, 2, 5),)]
            """,
            line=7,
            message_contains="int method `.bit_length()`",
        ),
        # `str.startswith` with a tuple: TorchScript's takes one str.
        Invalid(
            """
            from typing import Dict
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.branches = nn.ModuleDict({"enc_a": nn.Linear(4, 4), "dec": nn.Linear(4, 4)})

                def forward(self, x):
                    outs: Dict[str, torch.Tensor] = {}
                    for name, layer in self.branches.items():
                        if name.endswith(("_a", "_b")):
                            outs[name] = layer(x)
                    return outs["enc_a"]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="with a tuple",
        ),
        # `str.format` with keyword arguments: TorchScript's takes positional ones.
        Invalid(
            """
            from typing import Dict
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x) -> Dict[str, torch.Tensor]:
                    feats: Dict[str, torch.Tensor] = {}
                    for i in range(2):
                        feats["{name}{idx}".format(name="stage", idx=i)] = x * i
                    return feats

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=9,
            message_contains="keyword arguments",
        ),
        # A loop variable over a list of names set in `__init__`.
        Invalid(
            """
            from typing import Dict
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.names = ["out.a", "out.b"]

                def forward(self, x):
                    out: Dict[str, torch.Tensor] = {}
                    for i, name in enumerate(self.names):
                        out[name.removeprefix("out.")] = x * (i + 1)
                    return out["a"] - out["b"]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="removeprefix",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.act = "GELU"

                def forward(self, x):
                    y = self.fc(x)
                    if self.act.casefold() == "gelu":
                        y = nn.functional.gelu(y)
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="casefold",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def stage(name: str) -> int:
                return int(name.removeprefix("stage"))

            class Model(nn.Module):
                def forward(self, x):
                    return x * stage("stage2")

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=5,
            message_contains="removeprefix",
        ),
        Invalid(
            _example(
                "        return x * round(self.ratio, 2)",
                "",
            ).replace(
                "    def forward(self, x):",
                "    def __init__(self, ratio: float = 0.123):\n"
                "        super().__init__()\n"
                "        self.ratio = ratio\n\n"
                "    def forward(self, x):",
            ),
            line=13,
            message_contains="round(x, ndigits)",
        ),
        # monai's VectorQuantizer synchronises its codebook statistics when distributed.
        Invalid(
            _example(
                "        if torch.distributed.is_initialized():\n"
                "            torch.distributed.all_reduce(x)\n"
                "        return x"
            ),
            line=10,
            message_contains="torch.distributed.is_initialized",
        ),
        Invalid(
            _example("        s = 2.0\n        return x * (s() if callable(s) else s)"),
            line=10,
            message_contains="callable",
        ),
        Invalid(
            _example("        return x / float(np.sqrt(x.size(-1)))", "import numpy as np\n"),
            line=10,
        ),
        Invalid(
            _example("        return x * float(math.isclose(1.0, 1.0))"),
            line=9,
            message_contains="math.isclose",
        ),
        Invalid(
            _example("        start = time.perf_counter()\n        return x * 2", "import time\n"),
            line=10,
            message_contains="time",
            fixed=_example(
                "        if not torch.jit.is_scripting():\n"
                "            start = time.perf_counter()\n        return x * 2",
                "import time\n",
            ),
        ),
        Invalid(
            _example(
                "        return x[..., _center(x.shape[-1], 2)]",
                "\n\ndef _center(n: int, k: int):\n    start = (n - k) // 2\n"
                "    return slice(start, start + k)",
            ),
            line=9,
            message_contains="slice",
        ),
        Invalid(
            _example(
                "        d: Dict[str, torch.Tensor] = {'b': x, 'a': x.sum(0)}\n"
                "        return [v for _, v in sorted(d.items())]",
                "from typing import Dict",
            ),
            line=10,
            message_contains="Only values of same type",
            fixed=_example(
                "        d: Dict[str, torch.Tensor] = {'b': x, 'a': x.sum(0)}\n"
                "        return [v for _, v in [(key, d[key]) for key in sorted(d.keys())]]",
                "from typing import Dict",
            ),
        ),
        Invalid(
            # A method of a NamedTuple class called on an instance.
            _SPAN.replace("BODY", "return s.start * s.length()"),
            line=23,
            message_contains="a method of a NamedTuple class",
        ),
        Invalid(
            _SPAN.replace("BODY", "return s.mid * 2"),
            line=23,
            message_contains="a property of a NamedTuple class",
        ),
        Invalid(
            # The same, with one module built with the constant True.
            _RECOMPUTE.format(built="recompute=True"),
            line=15,
            message_contains="checkpoint",
        ),
        Invalid(
            # One store in a loop, but of tensors of other shapes.
            _example(
                "        heads: Dict[int, torch.Tensor] = {}\n"
                "        for k in (2, 1):\n"
                "            heads[k] = x[:, :k]\n"
                "        return [v for _, v in sorted(heads.items())]",
                "from typing import Dict",
            ),
            line=12,
            message_contains="Only values of same type",
        ),
        Invalid(
            _example("        return x.to(torch.get_default_dtype())"),
            line=9,
            message_contains="aten::get_default_dtype",
        ),
        # torch's private checks are asked too: `_check_is_size` has no operator.
        Invalid(
            _example(
                "        n = x.shape[0]\n        torch._check_is_size(n)\n        return x * n"
            ),
            line=10,
            message_contains="aten::_check_is_size",
        ),
        Invalid(
            _example("        return x.clamp(min=torch.finfo(x.dtype).eps)"),
            line=9,
            message_contains="finfo",
        ),
        Invalid(
            _example("        name = 'relu'\n        return getattr(torch, name)(x)"),
            line=10,
            message_contains="getattr",
        ),
        Invalid(
            _example("        print(x.size(0), end='')\n        return x"),
            line=9,
            message_contains="print",
        ),
        Invalid(
            _example("        return x.new_zeros(tuple(x.shape))"), line=9, message_contains="tuple"
        ),
        Invalid(
            _example("        return x / math.cbrt(x.size(-1))"), line=9, message_contains="cbrt"
        ),
        Invalid(
            _example(
                "        return torch.stack(list(itertools.chain(x.unbind(0), x.unbind(0))))",
                "import itertools\n",
            ),
            line=10,
            message_contains="itertools.chain",
        ),
        Invalid(
            _example(
                "        act = functools.partial(torch.clamp, min=0.0)\n        return act(x)",
                "import functools\n",
            ),
            line=10,
            message_contains="functools.partial",
        ),
        Invalid(
            _example(
                "        groups = defaultdict(list)\n        groups['a'].append(x)\n"
                "        return torch.cat(groups['a'])",
                "from collections import defaultdict\n",
            ),
            line=10,
            message_contains="defaultdict",
        ),
        Invalid(
            _example("        return operator.mul(x, 2)", "import operator\n"),
            line=10,
            message_contains="operator.mul",
        ),
        Invalid(
            _example("        return torch.stack(list(map(torch.relu, x.unbind(0))))"),
            line=9,
            message_contains="map",
        ),
        Invalid(
            _example(
                "        sizes = list(filter(None, [x.size(0), 0]))\n        return x * len(sizes)"
            ),
            line=9,
            message_contains="filter",
        ),
        Invalid(
            _example(
                "        out = x\n        for t in reversed([x, x * 2]):\n"
                "            out = out + t\n        return out"
            ),
            line=10,
            message_contains="reversed",
        ),
        Invalid(
            _example("        return x * len(repr(x.size(0)))"), line=9, message_contains="repr"
        ),
        Invalid(
            """
            from typing import Tuple

            import torch
            from torch import nn

            def double(m: nn.Module, args: Tuple[torch.Tensor], out: torch.Tensor) -> torch.Tensor:
                return out * 2

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    self.fc.register_forward_hook(double)
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=15,
            message_contains="register_forward_hook",
        ),
        # The nn.Module methods of a container submodule: torch 2.13 compiles
        # `Module.parameters` from its source (`Yield aren't supported`).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.backbone = nn.Sequential(nn.Linear(3, 3), nn.ReLU())

                def forward(self, x):
                    for p in self.backbone.parameters():
                        p.requires_grad_(False)
                    return self.backbone(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="parameters",
        ),
        # `Module.eval` is annotated `-> Self` (`Unknown type name 'Self'`).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.teacher = nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.1))

                def forward(self, x):
                    self.teacher.eval()
                    return self.teacher(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="eval",
        ),
        Invalid(
            _example("        return x + next(iter(x.unbind(0)))"), line=9, message_contains="iter"
        ),
        Invalid(
            _example("        return x if type(x).__name__ == 'Tensor' else x * 2"),
            line=9,
            message_contains="type",
        ),
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            def _neg(v: int) -> int:
                return -v

            class Model(nn.Module):
                def forward(self, x):
                    dims: List[int] = sorted([x.size(0), x.size(1)], key=_neg)
                    return x * dims[0]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="key=",
        ),
        Invalid(
            _example(
                "        dims = sorted([x.size(0), x.size(1)], reverse=True)\n"
                "        return x * dims[0]"
            ),
            line=9,
            message_contains="reverse=",
        ),
        Invalid(
            _example("        return x * sum(t.sum() for t in x.unbind(0))"),
            line=9,
            message_contains="sum(...)",
        ),
        Invalid(
            _example("        return sum([x, x * 2])"),
            line=9,
            message_contains="sum(...)",
        ),
        Invalid(
            # A list a loop fills with tensors, annotated or not, or a tuple of them.
            _example(
                "        terms: List[torch.Tensor] = []\n"
                "        for k in range(3):\n"
                "            terms.append(x.pow(k).mean())\n"
                "        return x * sum(terms)",
                "from typing import List",
            ),
            line=12,
            message_contains="sum(...)",
        ),
        Invalid(
            _example("        return sum(x.split(1, dim=0))"),
            line=9,
            message_contains="sum(...)",
        ),
        Invalid(
            _example(
                "        parts: Dict[str, torch.Tensor] = {'a': x.mean(), 'b': x.amax()}\n"
                "        return x - sum(parts.values())",
                "from typing import Dict",
            ),
            line=10,
            message_contains="sum(...)",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Linear):
                def __init__(self):
                    super().__init__(3, 3)

                def forward(self, x):
                    return torch.tanh(super().forward(x))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="super()",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)
                    self.last = 0.0

                @torch.jit.ignore(drop=True)
                def _record(self, x: torch.Tensor) -> None:
                    self.last = float(x.mean())

                def forward(self, x):
                    y = self.fc(x)
                    self._record(y)
                    return y

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="ignore(drop=True)",
        ),
        # `getattr` with a default on a local bound to a torch op of a Linear's output: a
        # Tensor to TorchScript, which tests attributes of objects and NamedTuples only.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 3)

                def forward(self, x):
                    out = torch.tanh(self.proj(x))
                    logits = getattr(out, "logits", out)
                    return logits * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            message_contains="hasattr's first argument must be an object or NamedTuple",
        ),
        # `einops.pack`, compiled from its source, whose signature TorchScript cannot type.
        Invalid(
            """
            import einops
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cls = nn.Parameter(torch.randn(4))

                def forward(self, tokens):
                    cls = self.cls.expand(tokens.shape[0], -1)
                    x, _ = einops.pack([cls, tokens], "b * d")
                    return x[:, 0] + x[:, 1:].mean(1)

            def inputs():
                return [(torch.randn(2, 5, 4),), (torch.randn(3, 2, 4),)]
            """,
            line=12,
            message_contains="Unknown type constructor Sequence",
            extra={"installed": "einops"},  # read from einops' installed source
        ),
        # `torch.func.grad_and_value`, behind torch's `@exposed_in(...)`, which hands the
        # function back unchanged: TorchScript compiles its source, which imports.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.func import grad_and_value

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 1)

                def energy(self, x):
                    return self.fc(x).sum()

                def forward(self, x):
                    g, e = grad_and_value(self.energy)(x)
                    return g * e

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
            message_contains="import statements aren't supported",
            extra={"installed": "torch"},  # read from torch's installed source
        ),
    ]

    # heldout41: a submodule called through `__call__` explicitly.
    VALID += [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norm = nn.LayerNorm(4)
                    self.blocks = nn.ModuleList([nn.Linear(4, 4)])

                def forward(self, x):
                    x = self.norm(x)
                    for block in self.blocks:
                        x = block(x)
                    return self.blocks[0](x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID += [
        # torch 2.13: Compiled functions can't take variable number of arguments or use
        # keyword-only arguments with defaults (nn.Module.__call__ is `*args, **kwargs`).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norm = nn.LayerNorm(4)

                def forward(self, x):
                    return x + self.norm.__call__(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="`self.norm.__call__(...)`",
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._decorators: set[int] = set()
        # Tuples written as a subscript's index (`x[(slice(None), 0)]`, which TorchScript reads
        # as `x[:, 0]`).
        self._index_displays: set[int] = set()
        self._called: set[int] = set()  # the `func` of each call visited
        # Names of the decorated methods of the file's NamedTuple classes (computed once).
        self._properties: Optional[set[str]] = None
        self._value_kind = "Tensor"  # of the dict `_dict_value_kind` last recognised
        # Functions of the file whose body calls a library function TorchScript's frontend
        # rejects (id of the def -> that call's name, what TorchScript does), and the scripted
        # calls of functions of the file (context snapshot, call, id of the callee's def, its
        # name).
        self._signature_failers: dict[int, tuple[str, str]] = {}
        self._local_calls: list[tuple[tuple, cst.Call, int, str]] = []
        self._module_functions: Optional[dict[str, cst.FunctionDef]] = None
        self._bound: dict[int, set[str]] = {}

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        # TorchScript compiles the function's body, not its decorators (torch 2.13 scripts a
        # helper under `@functools.lru_cache`): calls there are not scripted code.
        for decorator in node.decorators:
            self._decorators.add(id(decorator.decorator))

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if in_script(self.ctx) and self._enum_class(node.value):
            name = cst.Module([]).code_for_node(node.value)
            self.report(
                node,
                f"`{name}[...]`, the Enum class indexed by member name, in scripted code: "
                "torch.jit.script cannot compile it (EnumClass cannot be used as a value); "
                f"read a member (`{name}.<MEMBER>`) or compare names",
            )
        if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
            self._float_text_used(node.slice[0].slice.value)
        if in_script(self.ctx) and self._range_call(node.value):
            self._range_value(node.value, "indexed or sliced (`range(n)[::-1]`)")
        if in_script(self.ctx):
            self._index_power(node)
            if not pruned_by_constant(self.ctx):
                self._index_item(node)
                self._index_tuple(node)
            for element in node.slice:
                piece = element.slice
                if isinstance(piece, cst.Index) and type(piece.value) is cst.Tuple:
                    self._index_displays.add(id(piece.value))

    def _enum_class(self, value: cst.BaseExpression) -> bool:
        return is_enum_class(self.ctx, value)

    # -- `slice(...)` kept as a value: returned, or in a list / tuple
    def visit_Return(self, node: cst.Return) -> None:
        if node.value is not None:
            if type(node.value) not in (cst.Tuple, cst.List):  # displays: visit_Tuple / List
                self._slice_values(node.value, "returned")
            self._float_text_used(node.value)

    def visit_Tuple(self, node: cst.Tuple) -> None:
        if id(node) not in self._index_displays:  # `x[(slice(None), 0)]` is `x[:, 0]`
            self._slice_values(node, "put in a tuple")

    def visit_List(self, node: cst.List) -> None:
        self._slice_values(node, "put in a list")

    def visit_ListComp(self, node: cst.ListComp) -> None:
        self._slice_values(node.elt, "made the items of a list comprehension")

    def _slice_arguments(self, node: cst.Call) -> None:
        """``f(slice(a, b))``: a ``slice(...)`` passed on is a value too."""
        for arg in node.args:
            if arg.star == "":
                self._slice_values(arg.value, "passed as an argument")

    def _picked_module_call(self, node: cst.Call) -> None:
        """``(self.pool if even else self.conv)(x)``, or a local bound only to such an
        if-expression and called: TorchScript types an if-expression by its branches, and two
        submodules are two module types (two classes, or one class with other constants) it
        cannot unify, or, the same type, a value with no ``__call__``. Not where the test is
        one TorchScript folds (a constant of the class, an ``is None`` test,
        ``torch.jit.is_scripting()``), which leaves one branch."""
        func = node.func
        spelled = cst.Module([]).code_for_node(func)
        function = self.ctx.function
        if type(func) is cst.Name and function is not None:
            bound = assignments(function, func.value)
            if not bound or any(size != 1 or type(v) is not cst.IfExp for v, _, size in bound):
                return
            picks = [v for v, _, _ in bound]
        elif type(func) is cst.IfExp:
            picks = [func]
        else:
            return
        info = self.ctx.function_info
        constants = (
            constant_attributes(self.ctx, info.owner_class)
            if info is not None and info.owner_class is not None
            else set()
        )
        for pick in picks:
            branches = (pick.body, pick.orelse)  # type: ignore[attr-defined]
            if any(
                # `Kind.MODULES`: a called container, an `nn.Sequential`
                self_attribute(b) is None or self.ctx.kind(b) not in (Kind.MODULE, Kind.MODULES)
                for b in branches
            ):
                return
            if self._folded_test(pick.test, constants):  # type: ignore[attr-defined]
                return
        first = picks[0]
        names = " / ".join(
            f"`{cst.Module([]).code_for_node(b)}`"
            for b in (first.body, first.orelse)  # type: ignore[attr-defined]
        )
        classes = {self.ctx.held_class(b) for b in (first.body, first.orelse)}  # type: ignore[attr-defined]
        # Two classes: torch names the if-expression; one class: the call.
        where = first if len(classes) == 2 and None not in classes else node
        self.report(
            where,
            f"`{spelled}(...)` calls a submodule picked by an if-expression ({names}) in "
            "scripted code: TorchScript types the if-expression from both branches, and two "
            "submodules are two module types it cannot unify (torch 2.13: if-expression's true "
            "branch has type ... but false branch has type ...), or, of one type, a value it "
            "cannot call (object has no attribute or method '__call__'); call each submodule "
            "in an `if` / `else` (`y = self.a(x) if c else self.b(x)`)",
        )

    def _folded_test(self, test: cst.BaseExpression, constants: set[str]) -> bool:
        """Whether TorchScript may fold ``test`` to a constant: it reads a constant of the
        class, tests ``is`` / ``is not``, or asks ``torch.jit.is_scripting()`` /
        ``is_tracing()``."""
        found = False

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if self_attribute(node) in constants:  # type: ignore[arg-type]
                found = True
            elif type(node) is cst.Comparison and any(
                type(c.operator) in (cst.Is, cst.IsNot)
                for c in node.comparisons  # type: ignore[attr-defined]
            ):
                found = True
            elif type(node) is cst.Call and (
                self.ctx.qualified_name(node.func)  # type: ignore[attr-defined]
                or ""
            ).startswith(("torch.jit.", "torch._jit_internal.")):
                found = True
            return None

        walk(test, enter, lambda node: None)
        return found

    def _slice_values(self, value: cst.BaseExpression, how: str) -> None:
        """``return slice(a, b)``, ``(slice(...), ...)``, ``[slice(None)] * x.dim()``,
        ``f(slice(a, b))``: torch 2.13 indexes with a ``slice(...)`` call written in the
        subscript (alone or in a tuple there) or bound to a local, and rejects any other use
        (Python slice value cannot be used as a value)."""
        if not in_script(self.ctx) or constant_dead_branch(self.ctx):
            return
        values = (
            [e.value for e in value.elements] if type(value) in (cst.Tuple, cst.List) else [value]
        )
        for element in values:
            if (
                type(element) is cst.Call
                and self.ctx.qualified_name(element.func) == "builtins.slice"
            ):
                self.report(
                    element,
                    f"a `slice(...)` object {how} in scripted code: torch.jit.script has no "
                    "slice values (Python slice value cannot be used as a value; `-> slice` "
                    "is an unknown type); return the bounds and index with `x[..., a:b]`",
                )
                return

    # -- a float made text, used as data: TorchScript's formatting differs from Python's
    def visit_Comparison(self, node: cst.Comparison) -> None:
        for operand in (node.left, *(c.comparator for c in node.comparisons)):
            self._float_text_used(operand)
        if in_script(self.ctx):
            for target in node.comparisons:
                if isinstance(target.operator, (cst.In, cst.NotIn)) and self._range_call(
                    target.comparator
                ):
                    self._range_value(target.comparator, "tested with `in`")

    # -- a `range(...)` object used other than as what a loop iterates
    def _range_call(self, value: cst.BaseExpression) -> bool:
        return (
            isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) == "builtins.range"
        )

    def _range_value(
        self, node: cst.BaseExpression, how: str, torch_says: str = "used as a value"
    ) -> None:
        """torch 2.13 takes ``range(...)`` as what a ``for`` loop or a comprehension iterates
        (also inside ``zip`` / ``enumerate`` there) and as the argument of ``list(...)``;
        indexed, sliced, tested with ``in`` or given to ``len`` / ``reversed`` / ``sum`` /
        ``min`` / ``max`` / ``sorted`` it fails (range cannot be used as a value), unpacked
        into names too (range cannot be used as a tuple)."""
        if pruned_by_constant(self.ctx):
            return
        self.report(
            node,
            f"a `range(...)` object {how} in scripted code: TorchScript has no range values, "
            f"only a loop over one (torch 2.13: range cannot be {torch_says}); iterate "
            "`range(n - 1, -1, -1)` for the reverse order, or make it `list(range(...))`",
        )

    # -- `a, b, c = range(3)`: a range unpacked into names
    def visit_Assign(self, node: cst.Assign) -> None:
        if (
            in_script(self.ctx)
            and self._range_call(node.value)
            and any(isinstance(t.target, cst.Tuple) for t in node.targets)
        ):
            self._range_value(
                node.value, "unpacked into names (`a, b = range(2)`)", "used as a tuple"
            )
        for target in node.targets:
            self._setter_stores_itself(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._setter_stores_itself(node.target)

    # -- a property's setter that stores the property itself
    def _setter_stores_itself(self, target: cst.BaseExpression) -> None:
        """``self.<name> = ...`` in the ``@<name>.setter`` of a scripted class: Python calls
        the setter again (brevitas's ``export_mode`` setter, ``self.export_mode = False``);
        TorchScript compiles the store as a call of ``__<name>_setter`` inside itself."""
        function = self.ctx.function
        info = self.ctx.function_info
        if function is None or info is None or info.parent is not None:
            return
        if info.owner_class is None or not in_script(self.ctx):
            return
        if constant_dead_branch(self.ctx) or pruned_by_constant(self.ctx):
            return
        name = function.name.value
        if self_attribute(target) != name or not any(
            isinstance(d.decorator, cst.Attribute)
            and d.decorator.attr.value == "setter"
            and isinstance(d.decorator.value, cst.Name)
            and d.decorator.value.value == name
            for d in function.decorators
        ):
            return
        self.report(
            target,
            f"`self.{name}` stored in the setter of the property `{name}` in scripted code: "
            "Python runs the setter again, TorchScript compiles the store as a call of the "
            f"setter inside itself and compiles no recursion (torch 2.13: method "
            f"'__{name}_setter' is called recursively. Recursive calls are not supported); "
            f"store the attribute the property wraps (`self._{name} = ...`)",
        )

    # -- `int ** int`, a float in TorchScript, where an int must be
    def _int_power_arguments(self, node: cst.Call) -> None:
        func = node.func
        name = self.ctx.qualified_name(func) or ""
        functional = name in SIZE_ARGUMENT_FUNCTIONAL
        sizes = (
            name == "builtins.range"
            or name in SIZE_ARGUMENT_FACTORIES
            or functional
            or (
                isinstance(func, cst.Attribute)
                and func.attr.value in SIZE_ARGUMENT_METHODS | INT_ARGUMENT_METHODS
                and self.ctx.kind(func.value) is Kind.TENSOR
            )
        )
        if not sizes:
            return
        for arg in node.args:
            if (arg.keyword is None or functional) and not arg.star:
                power = self._int_power(arg.value, 0)
                if power is not None:
                    what = "a `range` bound" if name == "builtins.range" else "a size"
                    self._report_int_power(arg.value, power, what)
                    return

    def _index_power(self, node: cst.Subscript) -> None:
        for element in node.slice:
            piece = element.slice
            bounds = (
                [piece.value]
                if isinstance(piece, cst.Index)
                else [b for b in (piece.lower, piece.upper, piece.step) if b is not None]  # type: ignore[attr-defined]
            )
            for bound in bounds:
                power = self._int_power(bound, 0)
                if power is not None and self.ctx.kind(node.value) is Kind.TENSOR:
                    self._report_int_power(bound, power, "an index")
                    return

    def _int_power(self, value: cst.BaseExpression, depth: int) -> Optional[cst.BaseExpression]:
        """The ``a ** b`` or ``pow(a, b)`` of ints, or ``round(x)`` of a number (Python: an
        int; TorchScript: a float) that ``value`` is, or is built from with ``+ - * // %`` and
        ints, or a local bound only to one is."""
        if depth > 3:
            return None
        scalar = ScriptScalar(self.ctx)
        if isinstance(value, cst.Call) and not any(a.keyword or a.star for a in value.args):
            name = self.ctx.qualified_name(value.func)
            args = [a.value for a in value.args]
            if name == "builtins.pow" and len(args) == 2:
                if all(self._number_type(a) == "int" for a in args):
                    return value
            if name == "builtins.round" and len(args) == 1:
                if self._number_type(args[0]) in ("int", "float") or self._number_product(args[0]):
                    return value
            return None
        if isinstance(value, cst.BinaryOperation):
            if isinstance(value.operator, cst.Power):
                exponent = self.ctx.kind(value.right)
                if self._int_base(value.left, scalar) and (
                    scalar.of(value.right) == "int"
                    or (scalar.of(value.right) is None and exponent in (Kind.CONST, Kind.SIZE))
                ):
                    return value
                return None
            if isinstance(value.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)):
                for side, other in ((value.left, value.right), (value.right, value.left)):
                    found = self._int_power(side, depth + 1)
                    if found is not None and scalar.of(other) == "int":
                        return found
            return None
        function = self.ctx.function
        if isinstance(value, cst.Name) and function is not None:
            bound = assignments(function, value.value)
            found = [self._int_power(v, depth + 1) if v is not None else None for v, _, _ in bound]
            if found and all(f is not None for f in found):
                return found[0]
        return None

    def _number_product(self, value: cst.BaseExpression) -> bool:
        """``self.<name> * n`` (either order, ``/`` too) with ``n`` a number TorchScript
        surely types and ``self.<name>`` a Python value (no tensor) of a type written nowhere
        (``self.keep = keep`` with ``keep=0.6``): eager runs only with a number there, so the
        product is a number and ``round`` of it a float in TorchScript."""
        if not isinstance(value, cst.BinaryOperation) or not isinstance(
            value.operator, (cst.Multiply, cst.Divide)
        ):
            return False
        for side, other in ((value.left, value.right), (value.right, value.left)):
            if (
                self_attribute(side) is not None
                and self.ctx.kind(side) is Kind.CONST
                and self._number_type(other) in ("int", "float")
            ):
                return True
        return False

    def _int_base(self, base: cst.BaseExpression, scalar: ScriptScalar) -> bool:
        """The base of a ``**`` whose result must be an int (a size, a ``range`` bound, an
        index: eager rejects a float there): an int, or a module attribute ``self.<name>``
        holding a Python value (no tensor) of a type not written anywhere, which eager's
        running such a call shows is an int (a float base gives a float power there too)."""
        typed = scalar.of(base)
        if typed is not None:
            return typed == "int"
        return self_attribute(base) is not None and self.ctx.kind(base) is Kind.CONST

    # -- `t.item()`, a `number` in TorchScript, where an int must be
    def _range_item(self, node: cst.Call) -> None:
        if self.ctx.qualified_name(node.func) != "builtins.range":
            return
        for arg in node.args:
            if arg.keyword is None and not arg.star and self._typed_tensor(arg.value):
                code = cst.Module([]).code_for_node(arg.value)
                self.report(
                    arg.value,
                    f"`{code}`, a Tensor, used as a `range` bound in scripted code: TorchScript's "
                    "range takes ints only and converts no Tensor (torch 2.13: all inputs of "
                    f"range must be ints, found Tensor), where Python's reads a one-element "
                    f"integer tensor as its int; write `int({code})`",
                )
                return
            if arg.keyword is None and not arg.star:
                if self._item_number(arg.value, 0):
                    self._report_item(
                        arg.value,
                        "a `range` bound",
                        "range takes ints only (all inputs of range must be ints, found number)",
                    )
                    return

    def _attribute_test_on_tensor(self, node: cst.Call) -> None:
        """``hasattr(p, "name")`` / ``getattr(p, "name", default)`` with ``p`` a parameter
        TorchScript types Tensor (annotated so, or unannotated with no default, never rebound):
        TorchScript compiles both as a test of the attribute on an object or NamedTuple type
        and rejects any other (torch 2.13: hasattr's first argument must be an object or
        NamedTuple, got Tensor (inferred) instead)."""
        name = self.ctx.qualified_name(node.func)
        if name not in ("builtins.hasattr", "builtins.getattr"):
            return
        args = node.args
        if len(args) != (2 if name == "builtins.hasattr" else 3):
            return
        if any(a.keyword is not None or a.star for a in args):
            return
        if type(args[1].value) is not cst.SimpleString:
            return
        subject = args[0].value
        function = self.ctx.function
        module = python_module(self.ctx, subject)
        if module is not None:
            short = name.rsplit(".", 1)[-1]
            spelled = cst.Module([]).code_for_node(subject)
            self.report(
                node,
                f"`{short}({spelled}, ...)` in scripted code, `{spelled}` the Python module "
                f"`{module}`: TorchScript takes a module as a Python value and cannot look an "
                "attribute up on it by name (torch 2.13: attribute lookup is not defined on "
                "python value of type 'module'); decide it once outside scripted code (a "
                "module-level flag stored on the module in __init__) or call the function "
                "directly",
            )
            return
        if type(subject) is not cst.Name or function is None:
            return
        if signature_type_comment(function):
            return
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == subject.value),
            None,
        )
        if param is None:
            bound = self._tensor_binding_before(function, subject.value)
            if bound is None:
                return
            code = cst.Module([]).code_for_node(bound)
            short = name.rsplit(".", 1)[-1]
            self.report(
                node,
                f"`{short}({subject.value}, ...)` in scripted code, `{subject.value}` a Tensor "
                f"to TorchScript (bound to `{code}` before): TorchScript compiles `hasattr` (and "
                "a `getattr` with a default) as a test on an object's or NamedTuple's type and "
                "takes no other type, so scripting fails (torch 2.13: hasattr's first argument "
                "must be an object or NamedTuple, got Tensor instead); drop the test where the "
                "value is always a tensor, or move the lookup out of scripted code",
            )
            return
        if assignments(function, subject.value):
            return
        if param.annotation is None:
            if param.default is not None:
                return
            typed, why = "Tensor (inferred)", "an unannotated parameter is a Tensor there"
        elif self.ctx.qualified_name(param.annotation.annotation) == "torch.Tensor":
            typed, why = "Tensor", "annotated so"
        else:
            return
        short = name.rsplit(".", 1)[-1]
        self.report(
            node,
            f"`{short}({subject.value}, ...)` in scripted code, `{subject.value}` a Tensor to "
            f"TorchScript ({why}): TorchScript compiles `hasattr` (and a `getattr` with a "
            "default) as a test on an object's or NamedTuple's type and takes no other type, "
            f"so scripting fails (torch 2.13: hasattr's first argument must be an object or "
            f"NamedTuple, got {typed} instead); annotate `{subject.value}` with the class it "
            "receives, or move the lookup out of scripted code",
        )

    def _tensor_binding_before(
        self, function: cst.FunctionDef, name: str
    ) -> Optional[cst.BaseExpression]:
        """The value of the last ``name = ...`` standing directly in ``function``'s body before
        the statement holding the current node, when it is surely a Tensor to TorchScript and
        no statement between (nor a compound statement before it) binds ``name`` otherwise:
        the type the local has where the current node reads it."""
        statements = self.ctx.statements
        if function not in statements or statements.index(function) + 1 >= len(statements):
            return None
        here = statements[statements.index(function) + 1]
        body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
        if here not in body:
            return None
        found: Optional[cst.BaseExpression] = None
        for statement in body[: body.index(here)]:
            plain = (
                type(statement) is cst.SimpleStatementLine
                and len(statement.body) == 1
                and type(statement.body[0]) is cst.Assign
                and len(statement.body[0].targets) == 1
                and type(statement.body[0].targets[0].target) is cst.Name
                and statement.body[0].targets[0].target.value == name
            )
            if plain:
                found = statement.body[0].value  # type: ignore[attr-defined]
            elif name in bound_names(statement):
                found = None
        if found is None or not self._surely_tensor_value(found):
            return None
        return found

    def _surely_tensor_value(self, value: cst.BaseExpression) -> bool:
        """A Tensor to TorchScript: a typed tensor (``_typed_tensor``), or a call of a
        submodule ``self.X`` that the class binds only to torch.nn layers returning one Tensor
        (not an RNN, `MultiheadAttention`, a max pool that may return indices, or
        `AdaptiveLogSoftmaxWithLoss`), or to an ``nn.Sequential`` whose last layer is one."""
        if self._typed_tensor(value):
            return True
        if type(value) is not cst.Call or any(a.star for a in value.args):
            return False
        func = value.func
        if type(func) is cst.Attribute and self.ctx.kind(value) is Kind.TENSOR:
            # `torch.tanh(self.proj(x))`, `self.proj(x).flatten(1)`: an op giving a Tensor.
            schemas = torchscript_table()["schemas"]
            op = func.attr.value
            single = op in TENSOR_RESULT_METHODS or op in ONE_TENSOR_OPS
            if self.ctx.qualified_name(func) == "torch." + op:
                first = value.args[0] if value.args else None
                if (
                    single
                    and first is not None
                    and first.keyword is None
                    and op in schemas["torch_functions"]
                ):
                    return self._surely_tensor_value(first.value)
            elif single and op in schemas["tensor_methods"]:
                return self._surely_tensor_value(func.value)
        attr = self_attribute(func)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        bound = [
            v
            for method in class_methods(self.ctx, info.owner_class)
            for v in self_assignments(method, attr)
        ]
        return bool(bound) and all(self._tensor_layer(v, 0) for v in bound)

    def _tensor_layer(self, value: Optional[cst.BaseExpression], depth: int) -> bool:
        if type(value) is not cst.Call or depth > 3:
            return False
        name = self.ctx.qualified_name(value.func) or ""
        if not name.startswith("torch.nn.") or not is_torch_module_class(name):
            return False
        short = name.rsplit(".", 1)[-1]
        if short == "Sequential":
            layers = [a.value for a in value.args if a.keyword is None and not a.star]
            if not layers or len(layers) != len(value.args):
                return False
            return self._tensor_layer(layers[-1], depth + 1)
        return (
            short not in TUPLE_LAYERS
            and "MaxPool" not in short
            and short
            not in (
                "ModuleList",
                "ModuleDict",
                "ParameterList",
                "ParameterDict",
            )
        )

    def _typed_tensor(self, value: cst.BaseExpression) -> bool:
        """A value TorchScript types Tensor: a parameter annotated ``torch.Tensor`` (never
        rebound), or a ``torch.*`` function or tensor method that gives a tensor, called on one
        or on an unannotated parameter (``lengths.max()``, ``torch.sum(lengths)``)."""
        if self._tensor_parameter(value):
            return True
        if (
            type(value) is not cst.Call
            or type(value.func) is not cst.Attribute
            or self.ctx.kind(value) is not Kind.TENSOR
        ):
            return False
        schemas = torchscript_table()["schemas"]
        op = value.func.attr.value
        if self.ctx.qualified_name(value.func) == "torch." + op:
            first = value.args[0] if value.args else None
            if first is None or first.keyword is not None or first.star:
                return False
            receiver, known = first.value, op in schemas["torch_functions"]
        else:
            receiver, known = value.func.value, op in schemas["tensor_methods"]
        return known and (
            inferred_tensor_parameter(self.ctx, receiver) or self._typed_tensor(receiver)
        )

    def _tensor_parameter(self, value: cst.BaseExpression) -> bool:
        """A parameter annotated ``torch.Tensor`` that the function never rebinds: TorchScript
        types it Tensor whatever callers pass (the linter's kinds follow the callers)."""
        function = self.ctx.function
        if not isinstance(value, cst.Name) or function is None:
            return False
        if assignments(function, value.value):
            return False
        return any(
            p.name.value == value.value
            and p.annotation is not None
            and self.ctx.qualified_name(p.annotation.annotation) == "torch.Tensor"
            for p in signature_params(self.ctx, function)
        )

    def _index_item(self, node: cst.Subscript) -> None:
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return
        index = node.slice[0].slice.value
        if self._item_number(index, 0) and self.ctx.kind(node.value) is Kind.TENSOR:
            self._report_item(
                index,
                "a tensor index",
                "a tensor takes no number as an index (indexing tensor with unsupported index "
                "type 'number')",
            )

    def _index_tuple(self, node: cst.Subscript) -> None:
        """``x[:, self.keep]`` with ``self.keep`` a tuple (an attribute ``__init__`` sets only
        to tuples, a ``Tuple[...]`` parameter, a local bound only to tuple displays; a display
        beside other indices, ``x[:, (0, 2)]``): TorchScript indexes a tensor with ints,
        slices, lists and tensors only. ``x[(0, 2)]`` alone is ``x[0, 2]`` to the parser."""
        if self.ctx.kind(node.value) is not Kind.TENSOR:
            return
        for element in node.slice:
            if not isinstance(element.slice, cst.Index):
                continue
            value = element.slice.value
            if type(value) is cst.Tuple:
                if len(node.slice) == 1 or any(
                    type(e) is cst.StarredElement for e in value.elements
                ):
                    continue
                how = "a tuple display"
            else:
                how = tuple_valued(self.ctx, value)
                if how is None:
                    continue
            code = cst.Module([]).code_for_node(value)
            advice = (
                f"Python takes the tuple as one index per dimension: write them out "
                f"(`x[{code}[0], {code}[1]]`)"
                if len(node.slice) == 1
                else "Python takes a tuple beside other indices as a list: make it a list "
                "(`list(...)`, or a list display)"
            )
            self.report(
                value,
                f"a tensor indexed with `{code}`, a tuple ({how}): TorchScript indexes a "
                "tensor with ints, slices, lists and tensors only (torch 2.13: Unsupported "
                "operation: indexing tensor with unsupported index type 'Tuple[...]'); " + advice,
            )
            return

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if not in_script(self.ctx) or node.value is None or not isinstance(node.target, cst.Name):
            return
        if pruned_by_constant(self.ctx):
            return
        annotation = node.annotation.annotation
        if isinstance(annotation, cst.Name) and annotation.value == "int":
            if self._item_number(node.value, 0):
                name = node.target.value
                self._report_item(
                    node.value,
                    "the value of a local annotated `int`",
                    f"no number converts to an int implicitly (Variable '{name}' is annotated "
                    "with type int but is being assigned to a value of type number)",
                )

    def _item_number(self, value: cst.BaseExpression, depth: int) -> bool:
        """``value`` is ``t.item()`` (TorchScript: a ``number``), or built from one with ``+ -
        * // %`` and ints, or a local bound only to one."""
        if depth > 3:
            return False
        if isinstance(value, cst.Call):
            func = value.func
            return (
                isinstance(func, cst.Attribute)
                and func.attr.value == "item"
                and not value.args
                and self.ctx.kind(func.value) is Kind.TENSOR
            )
        if isinstance(value, cst.BinaryOperation) and isinstance(
            value.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo)
        ):
            scalar = ScriptScalar(self.ctx)
            for side, other in ((value.left, value.right), (value.right, value.left)):
                if self._item_number(side, depth + 1) and (
                    scalar.of(other) == "int" or self._item_number(other, depth + 1)
                ):
                    return True
            return False
        function = self.ctx.function
        if isinstance(value, cst.Name) and function is not None:
            bound = assignments(function, value.value)
            return bool(bound) and all(
                v is not None and size == 1 and self._item_number(v, depth + 1)
                for v, _, size in bound
            )
        if (
            isinstance(value, cst.Subscript)
            and len(value.slice) == 1
            and isinstance(value.slice[0].slice, cst.Index)
            and isinstance(value.value, cst.Name)
            and function is not None
        ):
            # An element of a list its display types `List[number]` (`tags = [s.item()]`):
            # TorchScript keeps the type the display gives, whatever is appended later.
            bound = assignments(function, value.value.value)
            return bool(bound) and all(
                size == 1
                and isinstance(v, cst.List)
                and bool(v.elements)
                and all(self._item_number(e.value, depth + 1) for e in v.elements)
                for v, _, size in bound
            )
        return False

    def _report_item(self, where: cst.BaseExpression, what: str, why: str) -> None:
        code = cst.Module([]).code_for_node(where)
        self.report(
            where,
            f"`{code}` used as {what} in scripted code: TorchScript's `Tensor.item()` returns a "
            "`number` (an int or a float, known only at run time), where Python's is an int for "
            f"an integer tensor, and {why} in torch 2.13; write `int({code})`",
        )

    # -- `hash(...)` of a value TorchScript hashes its own way
    def _hashed(self, node: cst.Call) -> None:
        if self.ctx.qualified_name(node.func) != "builtins.hash" or len(node.args) != 1:
            return
        value = node.args[0].value
        if isinstance(value, cst.Tuple):
            what: Optional[str] = "tuple"
        elif self._str_value(value, 0) or self._known_str(value):
            what = "str"
        else:
            what = "float" if self._number_type(value) == "float" else None
        if what is None:
            return
        self.report(
            node,
            f"`hash(...)` of a {what} in scripted code: TorchScript hashes a {what} its own way "
            "(torch 2.13 gives another value than Python's `hash` for 'abc', 1.5 and (1, 2), "
            "and Python salts a str's hash per process unless PYTHONHASHSEED is set), so the "
            "scripted model computes other values (buckets, ids) than eager without an "
            "error; compute a stable code of your own (from `ord(c)` of the characters), or "
            "the ids once in `__init__`",
        )

    def _str_value(self, value: cst.BaseExpression, depth: int) -> bool:
        """A value TorchScript surely types ``str``: a string literal or f-string, ``str(...)``,
        a parameter annotated ``str``, a local bound only to such values, or the variable of a
        ``for`` loop over a list of them (a display of string literals, a parameter annotated
        ``List[str]``, a module attribute ``__init__`` sets only to one)."""
        if depth > 3:
            return False
        if literal_type(value) == "str" or isinstance(value, cst.FormattedString):
            return True
        if isinstance(value, cst.Call):
            return self.ctx.qualified_name(value.func) == "builtins.str"
        function = self.ctx.function
        if not isinstance(value, cst.Name) or function is None:
            return False
        params = [p for p in signature_params(self.ctx, function) if p.name.value == value.value]
        bound = assignments(function, value.value)
        if params:
            annotation = params[0].annotation
            return (
                not bound
                and annotation is not None
                and self.ctx.qualified_name(annotation.annotation) == "builtins.str"
            )
        loops = _loops_over(function, value.value)
        if loops is None:
            return False
        others = [v for v, _, _ in bound if v is not UNKNOWN_VALUE]
        if len(bound) - len(others) != len(loops):
            return False  # another binding TorchScript's type is unknown for
        if not bound:
            return False
        return all(self._str_value(v, depth + 1) for v in others) and all(
            self._str_list(iterable) for iterable in loops
        )

    def _str_list(self, iterable: cst.BaseExpression) -> bool:
        """A list of strs: a display of string literals, a parameter annotated ``List[str]``,
        or ``self.X`` that the class's methods set only to one (or to such a parameter of
        ``__init__``)."""
        if isinstance(iterable, (cst.List, cst.Tuple)):
            return bool(iterable.elements) and all(
                literal_type(e.value) == "str" for e in iterable.elements
            )
        function = self.ctx.function
        if isinstance(iterable, cst.Name) and function is not None:
            return not assignments(function, iterable.value) and _str_list_parameter(
                self.ctx, function, iterable.value
            )
        attr = self_attribute(iterable)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        values = [
            (method, value)
            for method in class_methods(self.ctx, info.owner_class)
            for value in self_assignments(method, attr)
        ]
        return bool(values) and all(
            (isinstance(v, (cst.List, cst.Tuple)) and self._str_list(v))
            or (
                isinstance(v, cst.Name)
                and method.name.value == "__init__"
                and not assignments(method, v.value)
                and _str_list_parameter(self.ctx, method, v.value)
            )
            for method, v in values
        )

    # -- a `@torch.jit.unused` method called where scripted code always runs the call
    def _unused_called(self, node: cst.Call) -> None:
        func = node.func
        function = self.ctx.function
        info = self.ctx.function_info
        if function is None or info is None or info.parent is not None:
            return
        on_self = (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == "self"
            and info.owner_class is not None
        )
        if not on_self:
            self._unused_function_called(node, function)
            return
        statements = self.ctx.statements
        inner = (
            [s for s in statements[statements.index(function) + 1 :]]
            if function in statements
            else None
        )
        if inner is None:
            return
        guarded = any(not isinstance(s, cst.SimpleStatementLine) for s in inner)
        if guarded and not runs_as_built(self.ctx):
            return  # under an `if` the module as built may skip, a loop, `with`: it may not run
        method = next(
            (
                m
                for m in class_methods(self.ctx, info.owner_class)
                if m.name.value == func.attr.value
            ),
            None,
        )
        if method is None:
            return
        decorator = _stub_decorator(self.ctx, method)
        if decorator is None:
            return
        name = func.attr.value
        said = self.ctx.module.code_for_node(decorator)
        stub = (
            "TorchScript compiles the method as a stub that raises, so the scripted model fails "
            "when the call runs (torch 2.13: The following operation failed in the TorchScript "
            "interpreter ... This Python function is annotated to be ignored and cannot be run)"
        )
        if guarded:
            # No `@torch.jit.ignore` advice: an ignored method gets the scripted module as
            # `self`, whose submodules Python cannot call ('torch._C.ScriptModule' object is
            # not callable, torch 2.13).
            self.report(
                node,
                f"`self.{name}(...)` runs a `@{said}` method under `if` tests the module's "
                "attributes pass as this file builds it (the constructor's defaults where it "
                f"builds none): {stub}; add `not torch.jit.is_scripting()` to the test",
            )
            return
        self.report(
            node,
            f"`self.{name}(...)` calls a `@{said}` method wherever this scripted code runs: "
            f"{stub}; guard the call with `if not torch.jit.is_scripting():`, or make the "
            "method `@torch.jit.ignore` (run by Python, not saved with the model)",
        )

    def _unused_function_called(self, node: cst.Call, function: cst.FunctionDef) -> None:
        """``standardize(x)`` at the top level of a scripted function, with ``standardize`` a
        module-level function of this file decorated ``@torch.jit.unused`` (or
        ``@torch.jit.ignore(drop=True)``): the same raising stub as such a method."""
        func = node.func
        if type(func) is not cst.Name:
            return
        module = self.ctx.model.summary.module
        name = self.ctx.qualified_name(func)
        if name not in (func.value, f"{module}.{func.value}" if module else func.value):
            return  # imported, or not this file's function
        statements = self.ctx.statements
        if function not in statements or any(
            not isinstance(s, cst.SimpleStatementLine)
            for s in statements[statements.index(function) + 1 :]
        ):
            return  # under an `if`, a loop, `with`: it may not run
        if _maybe_skipped(statements[-1], node):
            return
        target = top_level_definition(self.ctx.module, func.value)
        if (
            type(target) is not cst.FunctionDef
            or sum(
                1
                for statement in self.ctx.module.body
                if isinstance(statement, (cst.FunctionDef, cst.ClassDef))
                and statement.name.value == func.value
            )
            != 1
        ):
            return
        decorator = _stub_decorator(self.ctx, target)
        if decorator is None:
            return
        said = self.ctx.module.code_for_node(decorator)
        self.report(
            node,
            f"`{func.value}(...)` calls a `@{said}` function wherever this scripted code runs: "
            "TorchScript compiles it as a stub that raises, so the scripted model fails when "
            "the call runs (torch 2.13: The following operation failed in the TorchScript "
            "interpreter ... This Python function is annotated to be ignored and cannot be "
            "run); guard the call with `if not torch.jit.is_scripting():`, or make the "
            "function `@torch.jit.ignore` (run by Python, not saved with the model)",
        )

    def _module_partial_called(self, node: cst.Call) -> None:
        """``warp(right, grid)`` in scripted code, with ``warp = functools.partial(...)`` bound
        once at the top of this file (and not in the function), wrapping a Python function:
        TorchScript fails to compile the call (torch 2.13: INTERNAL ASSERT FAILED,
        arg_types.size() == param_names.size() - ...); a partial of a builtin op compiles."""
        func = node.func
        function = self.ctx.function
        if type(func) is not cst.Name or function is None:
            return
        module = self.ctx.model.summary.module
        if self.ctx.qualified_name(func) not in (
            func.value,
            f"{module}.{func.value}" if module else func.value,
        ):
            return  # imported, or a builtin
        info = self.ctx.function_info
        while info is not None:
            if func.value in bound_names(info.node):
                return  # a local or a parameter of this function (or an enclosing one)
            info = info.parent
        values = [
            statement.value
            for line in self.ctx.module.body
            if isinstance(line, cst.SimpleStatementLine)
            for statement in line.body
            if isinstance(statement, (cst.Assign, cst.AnnAssign))
            and any(
                type(target) is cst.Name and target.value == func.value
                for target in (
                    [t.target for t in statement.targets]
                    if isinstance(statement, cst.Assign)
                    else [statement.target]
                )
            )
        ]
        if len(values) != 1 or not isinstance(values[0], cst.Call):
            return
        call = values[0]
        if self.ctx.qualified_name(call.func) not in PARTIALS or not call.args:
            return
        wrapped = call.args[0].value
        if call.args[0].keyword is not None or not self._python_function(wrapped):
            return  # a partial of a builtin op (`partial(torch.softmax, dim=-1)`) compiles
        self.report(
            node,
            f"`{func.value}(...)` calls a module-level `functools.partial` of a Python function "
            "in scripted code: torch.jit.script cannot compile the call (torch 2.13: INTERNAL "
            "ASSERT FAILED, arg_types.size() == param_names.size() - ...); call the wrapped "
            "function with its arguments spelled out, or define a `def` with them as defaults",
        )

    def _python_function(self, expr: cst.BaseExpression) -> bool:
        """Whether ``expr`` names a Python ``def``: a top-level function of this file, or an
        installed one (``F.hardtanh``, ``F.grid_sample``), not a C builtin (``torch.softmax``,
        ``F.gelu``), which TorchScript binds as an operator."""
        name = self.ctx.qualified_name(expr)
        if name is None:
            return False
        module = self.ctx.model.summary.module
        if type(expr) is cst.Name and name in (expr.value, f"{module}.{expr.value}"):
            return type(top_level_definition(self.ctx.module, expr.value)) is cst.FunctionDef
        return library_python_function(name)

    def _classmethod_through_class(self, node: cst.Call) -> None:
        """``Cls.name(...)`` where ``Cls`` is a class of the project and ``name`` a
        ``@classmethod`` of its own: TorchScript binds ``cls`` and compiles the method with a
        parameter too many (torch 2.13: INTERNAL ASSERT FAILED, arg_types.size() ==
        param_names.size() - ...); through ``self`` it compiles."""
        func = node.func
        if type(func) is not cst.Attribute or type(func.value) is not cst.Name:
            return
        owner = self.ctx.qualified_name(func.value)
        found = self.ctx.index.class_info(owner) if owner else None
        if found is None:
            return
        method = found[1].methods.get(func.attr.value)
        if method is None or "builtins.classmethod" not in method.decorators:
            return
        cls, name = func.value.value, func.attr.value
        info = self.ctx.function_info
        here = info.owner_class if info is not None else None
        if owner != here and self.ctx.index.is_module_class(owner):
            return  # another module class is a Python `type` there: TL216's
        self.report(
            node,
            f"`{cls}.{name}(...)` calls a @classmethod through its class in scripted code: "
            "TorchScript binds `cls` and then compiles the method with a parameter too many, "
            "so scripting fails (torch 2.13: INTERNAL ASSERT FAILED, arg_types.size() == "
            f"param_names.size() - ...); make `{name}` a @staticmethod, or call it through "
            "`self` from a method of the class",
        )

    # -- a function or method that calls itself
    def _module_dunder_call(self, node: cst.Call) -> None:
        """``self.sub.__call__(x)`` (also ``self.subs[i].__call__(x)``) of a submodule:
        TorchScript compiles ``nn.Module.__call__`` itself, whose signature is ``(*args,
        **kwargs)``, where Python runs the same call as ``self.sub(x)``."""
        func = node.func
        if type(func) is not cst.Attribute or func.attr.value != "__call__":
            return
        receiver = func.value
        held = None
        if type(receiver) is cst.Subscript:
            held = self.ctx.held_class(receiver.value, item=True)
        else:
            held = self.ctx.held_class(receiver)
        if held is None or not (
            is_torch_module_class(held) or self.ctx.index.is_module_class(held)
        ):
            return
        code = self.ctx.module.code_for_node(receiver)
        self.report(
            node,
            f"`{code}.__call__(...)` in scripted code: TorchScript compiles `nn.Module.__call__` "
            "itself, which takes `*args, **kwargs` (torch 2.13: Compiled functions can't take "
            f"variable number of arguments or use keyword-only arguments with defaults); call "
            f"the submodule directly: `{code}(...)`",
        )

    def _len_of_module(self, node: cst.Call) -> None:
        """``len(self)`` in a method of a module class whose bases outside the project are
        ``nn.Module`` only: TorchScript's ``len`` takes containers, and on a module it looks
        for a compiled ``__len__``, which it compiles only when ``@torch.jit.export`` marks it
        (torch 2.13: object has no attribute or method '__len__'), where Python calls the
        class's ``__len__``."""
        function = self.ctx.function
        info = self.ctx.function_info
        if function is None or info is None or info.parent is not None:
            return
        owner = info.owner_class
        if owner is None or not is_method(self.ctx, function):
            return
        if self.ctx.qualified_name(node.func) != "builtins.len" or len(node.args) != 1:
            return
        arg = node.args[0]
        if arg.star or arg.keyword is not None or type(arg.value) is not cst.Name:
            return
        params = [*function.params.posonly_params, *function.params.params]
        if not params or arg.value.value != params[0].name.value:
            return  # `len(x)` of something other than the module itself
        if assignments(function, arg.value.value):
            return
        index = self.ctx.index
        chain = index.mro(owner)
        if not chain or not index.is_module_class(owner):
            return
        plain = ("torch.nn.Module", "torch.nn.modules.module.Module", "builtins.object")
        for _, _, cls in chain:
            if any(base not in plain and index.class_info(base) is None for base in cls.bases):
                return  # a container base (`nn.ModuleList`) or a class not known
        for name, _, _ in chain:
            cls_node = class_def(self.ctx, name)
            if cls_node is None:
                return  # a base in another file: its `__len__` is not seen
            for stmt in cls_node.body.body:
                if (
                    type(stmt) is cst.FunctionDef
                    and stmt.name.value == "__len__"
                    and stmt.decorators
                ):
                    return  # `@torch.jit.export def __len__`: compiled
        self.report(
            node,
            f"`len({arg.value.value})` of the module itself in scripted code: TorchScript's "
            "`len` takes lists, dicts, strings, tensors and module containers, and on another "
            "module it looks for a compiled `__len__`, which it compiles only under "
            "`@torch.jit.export` (torch 2.13: object has no attribute or method '__len__'); "
            "mark `__len__` `@torch.jit.export`, or use what it counts (`len(self.layers)`)",
        )

    def _recursive(self, node: cst.Call) -> None:
        function = self.ctx.function
        info = self.ctx.function_info
        if function is None or info is None or info.parent is not None:
            return
        name = function.name.value
        func = node.func
        if info.owner_class is not None and is_method(self.ctx, function):
            calls_itself = (
                isinstance(func, cst.Attribute)
                and func.attr.value == name
                and isinstance(func.value, cst.Name)
                and func.value.value == "self"
            )
            kind = "method"
        else:
            calls_itself = (
                info.owner_class is None
                and isinstance(func, cst.Name)
                and func.value == name
                and not assignments(function, name)
                and not any(p.name.value == name for p in signature_params(self.ctx, function))
            )
            kind = "function"
        if not calls_itself:
            return
        self.report(
            node,
            f"`{name}` calls itself in scripted code: TorchScript compiles no recursion "
            f"(torch 2.13: {kind} '{name}' is called recursively. Recursive calls are not "
            "supported); write it as a loop over the levels",
        )

    def _report_int_power(
        self, where: cst.BaseExpression, power: cst.BaseExpression, what: str
    ) -> None:
        code = cst.Module([]).code_for_node(power)
        if isinstance(power, cst.BinaryOperation):
            why = "TorchScript's `**` of two ints is a float (torch 2.13: `2 ** 3` is 8.0)"
        elif self.ctx.qualified_name(power.func) == "builtins.pow":  # type: ignore[attr-defined]
            why = (
                "TorchScript's `pow(a, b)` of two ints is a float (torch 2.13: `pow(2, 3)` is 8.0)"
            )
        else:
            why = (
                "TorchScript's `round(x)` returns a float (torch 2.13: `round(2.6)` is 3.0, "
                "`round(3)` is 3.0)"
            )
        self.report(
            where,
            f"`{code}` used as {what} in scripted code: {why}, where Python's is an int, and "
            "ranges, sizes and indices take ints (all inputs of range must be ints, found "
            f"float; no overload of the op takes the float); write `int({code})`",
        )

    def _float_text_used(self, value: cst.BaseExpression) -> None:
        """A string a float was written into (``str(x)``, ``"{}".format(x)``, ``f"{x}"``,
        joined with ``+``, or a local bound only to one) used where its text matters: returned,
        a subscript or ``.get(...)`` key, compared."""
        if not in_script(self.ctx):
            return
        if isinstance(value, (cst.Tuple, cst.List, cst.Dict)):
            # `return {str(x.shape): y}`, `return y, f"{scale}"`: each key and item is output.
            for element in value.elements:
                if isinstance(element, cst.DictElement):
                    self._float_text_used(element.key)
                elif isinstance(element, cst.Element):
                    self._float_text_used(element.value)
            return
        found = self._float_text_of(value, 0)
        if found is not None:
            self._float_text(*found)

    def _float_text_of(
        self, value: cst.BaseExpression, depth: int
    ) -> Optional[tuple[cst.CSTNode, str]]:
        if depth > 3:
            return None
        scalar = ScriptScalar(self.ctx)
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
            return self._float_text_of(value.left, depth + 1) or self._float_text_of(
                value.right, depth + 1
            )
        if isinstance(value, cst.FormattedString):
            for part in value.parts:
                if (
                    isinstance(part, cst.FormattedStringExpression)
                    and part.format_spec is None
                    and part.conversion is None
                    and scalar.of(part.expression) == "float"
                ):
                    return value, "an f-string field of a float"
                if (
                    isinstance(part, cst.FormattedStringExpression)
                    and part.format_spec is None
                    and part.conversion is None
                    and self._dtype_value(part.expression)
                ):
                    return value, "an f-string field of a dtype"
                if (
                    isinstance(part, cst.FormattedStringExpression)
                    and part.format_spec is None
                    and part.conversion is None
                    and self._shape_value(part.expression)
                ):
                    return value, "an f-string field of a shape"
            return None
        if isinstance(value, cst.Call):
            args = [a.value for a in value.args if a.keyword is None and not a.star]
            if self.ctx.qualified_name(value.func) == "builtins.str" and len(value.args) == 1:
                if args and scalar.of(args[0]) == "float":
                    return value, "`str(...)` of a float"
                if args and self._dtype_value(args[0]):
                    return value, "`str(...)` of a dtype"
                if args and self._shape_value(args[0]):
                    return value, "`str(...)` of a shape"
                return None
            func = value.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value == "format"
                and format_literal(func.value) is not None
            ):
                if any(scalar.of(v) == "float" for v in args):
                    return value, "`str.format` of a float"
                if any(self._dtype_value(v) for v in args):
                    return value, "`str.format` of a dtype"
                if any(self._shape_value(v) for v in args):
                    return value, "`str.format` of a shape"
            return None
        function = self.ctx.function
        if isinstance(value, cst.Name) and function is not None:
            bound = assignments(function, value.value)
            found = [
                self._float_text_of(v, depth + 1) if v is not None else None for v, _, _ in bound
            ]
            if found and all(f is not None for f in found):
                return found[0]
        return None

    def _shape_value(self, value: cst.BaseExpression) -> bool:
        """A tensor's shape: ``t.shape`` / ``t.size()`` of a tensor, or a slice of one
        (``t.shape[-2:]``), a list of ints to TorchScript (torch 2.13: ``str(x.shape)`` is
        ``'[3, 4]'`` there, Python's ``'torch.Size([3, 4])'``)."""
        if (
            isinstance(value, cst.Subscript)
            and len(value.slice) == 1
            and isinstance(value.slice[0].slice, cst.Slice)
        ):
            value = value.value
        if isinstance(value, cst.Call) and not value.args:
            value = value.func
            if not (isinstance(value, cst.Attribute) and value.attr.value == "size"):
                return False
        elif not (isinstance(value, cst.Attribute) and value.attr.value == "shape"):
            return False
        return self.ctx.kind(value.value) is Kind.TENSOR or inferred_tensor_parameter(
            self.ctx, value.value
        )

    def _dtype_value(self, value: cst.BaseExpression) -> bool:
        """A ``torch.dtype`` to TorchScript: ``t.dtype`` of a tensor, ``torch.float32`` (and
        the other dtype names), or a parameter annotated ``torch.dtype`` never rebound."""
        if isinstance(value, cst.Attribute):
            if value.attr.value == "dtype":
                return self.ctx.kind(value.value) is Kind.TENSOR
            name = self.ctx.qualified_name(value) or ""
            return name.startswith("torch.") and name[6:] in DTYPE_NAMES
        function = self.ctx.function
        if isinstance(value, cst.Name) and function is not None:
            for param in signature_params(self.ctx, function):
                if param.name.value == value.value:
                    return (
                        param.annotation is not None
                        and not assignments(function, value.value)
                        and self.ctx.qualified_name(param.annotation.annotation) == "torch.dtype"
                    )
        return False

    def _float_text(self, node: cst.CSTNode, what: str) -> None:
        if what.endswith("shape"):
            self.report(
                node,
                f"{what} in scripted code: a shape is a list of ints to TorchScript, so its "
                "text is the list's (torch 2.13: `str(x.shape)` is `'[3, 4]'` there, "
                "Python's `'torch.Size([3, 4])'`), and a string built from it (a key, a name "
                "returned or compared) differs from eager's; write `str(list(x.shape))`, the "
                "same text in both",
            )
            return
        if what.endswith("dtype"):
            self.report(
                node,
                f"{what} in scripted code: a dtype is an int to TorchScript (its ScalarType "
                "code), so its text is that number (torch 2.13: `str(torch.float32)` is `'6'` "
                "there, Python's `'torch.float32'`), and a name compared or keyed on it "
                "differs from eager's; compare the dtype itself (`x.dtype == torch.float32`)",
            )
            return
        self.report(
            node,
            f"{what} in scripted code: TorchScript writes floats its own way (torch 2.13: "
            "`str(1.0)` is `'1.'` and `str(0.1)` is `'0.10000000000000001'` there, Python's "
            "`'1.0'` / `'0.1'`), so a string built from one (a dict key, a name compared) "
            "differs from eager's; key on an int (`int(round(scale * 100))`) or keep the "
            "float itself",
        )

    def visit_Call(self, node: cst.Call) -> None:
        self._called.add(id(node.func))
        if not in_script(self.ctx) or id(node) in self._decorators:
            return
        if constant_dead_branch(self.ctx):
            return  # TorchScript compiles no call here (the class's constants decide)
        if self._format_fields(node) or self._number_abc(node) or self._unknown_module_type(node):
            return
        self._slice_arguments(node)
        self._picked_module_call(node)
        self._int_power_arguments(node)
        if not pruned_by_constant(self.ctx):
            self._range_item(node)
            self._attribute_test_on_tensor(node)
            self._hashed(node)
            self._recursive(node)
            self._unused_called(node)
            self._module_partial_called(node)
            self._len_of_module(node)
            self._module_dunder_call(node)
            self._classmethod_through_class(node)
        func = node.func
        if (
            node.args
            and node.args[0].keyword is None
            and self._range_call(node.args[0].value)
            and self.ctx.qualified_name(func) in RANGE_CONSUMERS
        ):
            self._range_value(node.args[0].value, f"given to `{func.value}(...)`")  # type: ignore[attr-defined]
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in ("get", "pop", "setdefault")
            and node.args
            and node.args[0].keyword is None
        ):
            self._float_text_used(node.args[0].value)
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "popitem"
            and not node.args
            and self._dict_name(func.value)
        ):
            text = self.ctx.module.code_for_node(func.value)
            self.report(
                node,
                f"`{text}.popitem()` in scripted code: TorchScript's `popitem` removes and "
                "returns the first item inserted, Python's the last (torch 2.13), so the "
                "scripted model gets another key and value than eager wherever the dict holds "
                f"two or more; name the key (`{text}.pop(key)`)",
            )
            return
        if (
            self.ctx.qualified_name(node.func) == "builtins.sorted"
            and node.args
            and node.args[0].keyword is None
            and self._dict_name(node.args[0].value)
        ):
            text = self.ctx.module.code_for_node(node.args[0].value)
            self.report(
                node,
                f"`sorted({text})` of a dict itself in scripted code, where Python sorts its "
                "keys: torch.jit.script fails (Arguments for call are not valid); sort the "
                f"keys: `sorted({text}.keys())`",
            )
            return
        if (
            self.ctx.qualified_name(node.func) == "builtins.sorted"
            and node.args
            and self._tensor_dict_items(node.args[0].value)
        ):
            if self._value_kind == "Tensor" and self._same_typed_values(node.args[0].value):
                return
            if self._value_kind != "Tensor":
                shown = (
                    "`Dict[str, List[Tensor]]`: Contained elements in (str, Tensor[])"
                    if self._value_kind == "list"
                    else "`Dict[str, Dict[str, int]]`: Contained elements in (str, Dict(str, int))"
                )
                self.report(
                    node,
                    f"`sorted(d.items())` of a dict of {self._value_kind}s in scripted code: "
                    "TorchScript sorts only ints, floats, bools, strs, tensors, classes with "
                    "`__lt__` and tuples of these, and fails at run time on the (key, "
                    f"{self._value_kind}) pairs (torch 2.13, for {shown} are not sortable), where Python compares the keys alone; sort "
                    "the keys: `[(k, d[k]) for k in sorted(d.keys())]`",
                )
                return
            self.report(
                node,
                "`sorted(d.items())` of a dict of tensors in scripted code: TorchScript "
                "compares the (key, tensor) tuples by their types first, a tensor's shape, "
                "dtype and requires_grad included, and fails at run time when two differ "
                "(torch 2.13: Only values of same type can be compared. Found Tuple[str, "
                "Tensor] and Tuple[str, Tensor]), where Python compares the keys alone; sort "
                "the keys: `[d[k] for k in sorted(d.keys())]`",
            )
            return
        if (
            self.ctx.qualified_name(node.func) == "builtins.sum"
            and len(node.args) == 2
            and self.ctx.kind(node.args[0].value) is Kind.TENSOR
        ):
            self.report(
                node,
                "`sum(t, start)` of a tensor in scripted code: TorchScript binds it to "
                "`aten::sum(Tensor self, int[1]? dim)`, so `sum(t, 1)` is `t.sum(1)` there, "
                "where Python's is `t.sum(0) + 1` (torch 2.13: a (2,) result against eager's "
                "(3,) for a (2, 3) tensor); write `t.sum(0) + start`",
            )
            return
        self._tensor_sum_fed_to_layer(node)
        self._record_local_call(node)
        problem = self._problem(node)
        if problem is not None:
            self.report(node, f"{problem} in scripted code: torch.jit.script cannot compile it")
            info = self.ctx.function_info
            rejected = next(
                (why for spelled, why in FRONTEND_REJECTIONS if spelled in problem), None
            )
            if "which calls, on line" in problem:
                rejected = None  # the frontend rejects a function it calls: this call is named
            if rejected is not None and info is not None and info.parent is None:
                self._signature_failers.setdefault(
                    id(info.node), (self.ctx.qualified_name(node.func) or "?", rejected)
                )

    # -- `sum(t)` of a tensor whose result a layer needing one dimension or more takes
    def _tensor_sum_fed_to_layer(self, node: cst.Call) -> None:
        """``self.head(sum(self.phi(x)) / n)``: the builtin ``sum`` of a tensor, alone or
        divided / multiplied / shifted by a number (a size, a literal), given to a submodule
        of a ``torch.nn`` class whose input needs one dimension or more (``nn.Linear``, a
        convolution, a norm layer, a recurrent layer), directly or through a local bound once.
        Eager Python adds the tensor's rows (``sum`` iterates dim 0), so the model runs only
        where the tensor has two dimensions or more; TorchScript binds ``sum`` to
        ``aten::sum``, the sum of every element, a 0-d tensor the layer fails on (torch
        2.13: both arguments to linear need to be at least 1D)."""
        attr = self_attribute(node.func)
        if attr is None or not node.args:
            return
        if node.args[0].keyword is not None or node.args[0].star:
            return
        made = self.ctx.held_class(node.func) or ""
        if not made.startswith("torch.nn.") or made.rpartition(".")[2] not in VECTOR_LAYERS:
            return
        found = self._tensor_sum_in(node.args[0].value, 0)
        if found is None:
            return
        self.report(
            found,
            f"`sum(...)` of a tensor given to `self.{attr}` (an `nn."
            f"{made.rpartition('.')[2]}`, which needs one dimension or more) in scripted code: "
            "eager Python's `sum` adds the tensor's rows (it iterates dim 0), so this runs "
            "only on a tensor of two dimensions or more, and TorchScript's `sum` of a tensor "
            "is `aten::sum`, the sum of every element, a 0-d tensor (torch 2.13: both "
            "arguments to linear need to be at least 1D); write `t.sum(0)`",
        )

    def _tensor_sum_in(self, value: cst.BaseExpression, depth: int) -> Optional[cst.Call]:
        if depth > 3:
            return None
        if type(value) is cst.Call:
            args = value.args  # type: ignore[attr-defined]
            if (
                self.ctx.qualified_name(value.func) == "builtins.sum"  # type: ignore[attr-defined]
                and len(args) == 1
                and args[0].keyword is None
                and not args[0].star
                and (
                    self.ctx.kind(args[0].value) is Kind.TENSOR
                    or inferred_tensor_parameter(self.ctx, args[0].value)
                )
            ):
                return value  # type: ignore[return-value]
            return None
        if type(value) is cst.BinaryOperation and type(value.operator) in (  # type: ignore[attr-defined]
            cst.Add,
            cst.Subtract,
            cst.Multiply,
            cst.Divide,
        ):
            for mine, other in ((value.left, value.right), (value.right, value.left)):  # type: ignore[attr-defined]
                if self._plain_number(other):
                    found = self._tensor_sum_in(mine, depth + 1)
                    if found is not None:
                        return found
            return None
        function = self.ctx.function
        if type(value) is cst.Name and function is not None:
            bound = assignments(function, value.value)  # type: ignore[attr-defined]
            if len(bound) == 1 and bound[0][2] == 1 and bound[0][0] is not UNKNOWN_VALUE:
                return self._tensor_sum_in(bound[0][0], depth + 1)
        return None

    def _plain_number(self, value: cst.BaseExpression) -> bool:
        """A number that adds no dimension: a literal, a size, a rank, a constant."""
        return literal_type(value) in ("int", "float") or self.ctx.kind(value) in (
            Kind.SIZE,
            Kind.RANK,
        )

    # -- a call of a function of the file whose body calls an uncompilable signature
    def _record_local_call(self, node: cst.Call) -> None:
        """Keep a scripted call of a method of the class (``self.m(...)``) or a module-level
        function of the file (``g(...)``) for ``leave_Module``."""
        func = node.func
        info = self.ctx.function_info
        callee: Optional[cst.FunctionDef] = None
        if type(func) is cst.Name:
            if self._module_functions is None:
                self._module_functions = {
                    stmt.name.value: stmt
                    for stmt in self.ctx.module.body
                    if type(stmt) is cst.FunctionDef
                }
            callee = self._module_functions.get(func.value)
            function = self.ctx.function
            if callee is not None and function is not None:
                local = self._bound.get(id(function))
                if local is None:
                    local = self._bound[id(function)] = bound_names(function)
                if func.value in local:
                    callee = None  # a local of that name shadows it
        elif self_attribute(func) is not None and info is not None and info.owner_class:
            callee = next(
                (
                    m
                    for m in class_methods(self.ctx, info.owner_class)
                    if m.name.value == func.attr.value  # type: ignore[attr-defined]
                    and not m.decorators
                ),
                None,
            )
        if callee is None and type(func) in (cst.Name, cst.Attribute):
            self._other_file_call(node)
            return
        if callee is None or callee is self.ctx.function or callee.decorators:
            return
        name = cst.Module([]).code_for_node(func)
        self._local_calls.append((self.ctx.snapshot(), node, id(callee), name))

    def _other_file_call(self, node: cst.Call) -> None:
        """A scripted call of an undecorated function of another file of the project whose
        body calls, unconditionally, a library function whose signature TorchScript's
        frontend rejects (``coerce_to_multichannel_grid`` in ``utils.py`` calling
        ``einops.rearrange``): compiling the callee fails, and torch's error names this call
        ('coerce_to_multichannel_grid' is being compiled since it was called from ...)."""
        qualified = self.ctx.qualified_name(node.func)
        module = self.ctx.model.summary.module
        found = self.ctx.index.lookup(qualified) if qualified else None
        if found is None or found[0] != "function" or found[1].module == module:
            return
        function = found[1].functions.get(found[2])
        if function is None or function.decorators:
            return
        for call in function.calls:
            if call.kind != "name" or call.guard or not call.target:
                continue
            target = call.target
            problem = library_source_problem(target)  # None for the project's own code
            if problem is None:
                alias = library_alias(target)
                problem = library_source_problem(alias) if alias else None
            if problem is None or "which calls, on line" in problem:
                continue
            rejected = next(
                (why for spelled, why in FRONTEND_REJECTIONS if spelled in problem), None
            )
            if rejected is None:
                continue
            name = cst.Module([]).code_for_node(node.func)
            short = name.rpartition(".")[2]
            self.report(
                node,
                f"`{name}(...)` makes TorchScript compile `{short}` (defined in "
                f"`{found[1].module}`), whose body calls `{target}`: TorchScript compiles that "
                f"from its Python source and {rejected}, so compiling `{short}` fails, and "
                f"torch's error names this call ('{short}' is being compiled since it was "
                f"called from ...); replace the `{target.rpartition('.')[2]}` call there",
            )
            return

    def leave_Module(self, original_node: cst.Module) -> None:
        """A scripted call of a function of the file whose body calls a library function
        with `*args` / `**kwargs` / keyword-only parameters: TorchScript fails on the library
        function's signature while it compiles the callee, and its error names this call as
        where the callee was called from (torch 2.13: 'M.helper' is being compiled since it
        was called from 'M.forward'), not the library call inside it."""
        for snapshot, call, callee, name in self._local_calls:
            failing = self._signature_failers.get(callee)
            if failing is None:
                continue
            library, rejected = failing
            short = name.rpartition(".")[2]
            message = (
                f"`{name}(...)` makes TorchScript compile `{short}`, whose body calls "
                f"`{library}`: TorchScript compiles that from its Python source and "
                f"{rejected}, so compiling "
                f"`{short}` fails, and torch's error names this call ('{short}' is being "
                f"compiled since it was called from ...), not the call inside `{short}`; "
                f"replace the `{library.rpartition('.')[2]}` call there"
            )
            self.ctx.replay(snapshot, functools.partial(self.report, call, message))

    def _format_fields(self, node: cst.Call) -> bool:
        """``"{0}_{1}".format(a, b)``: TorchScript's ``format`` replaces each ``{}`` in turn
        and leaves every other field as written (torch 2.13: ``"{0}_{1}".format("stage", 1)``
        is ``"{0}_{1}"``, ``"{:.2f}".format(x)`` is ``"{:.2f}"``); an escaped brace fails."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "format"):
            return False
        if any(arg.keyword is not None for arg in node.args):
            return False  # the keyword case is `_problem`'s
        text = format_literal(func.value)
        fields = format_fields(text) if text is not None else None
        if not fields:
            return False
        odd = [f for f in fields if f[0] or f[1] or f[2]]
        if not odd:
            return False
        name, spec, conversion = odd[0]
        if name == "{":
            shown, what = "an escaped brace (`{{` / `}}`)", "fails at run time (Too few arguments)"
        else:
            shown = (
                "{"
                + name
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
            shown, what = f"the field `{shown}`", "leaves it in the string as written"
        self.report(
            node,
            f"`str.format` with {shown} in scripted code: TorchScript's `format` replaces only "
            f"`{{}}` fields, in turn, and {what}, so the scripted string differs from Python's "
            "(`'{0}_{1}'.format('a', 1)` is `'{0}_{1}'` there); write `{}` fields in argument "
            "order, or build the string with `+` and `str(...)`",
        )
        return True

    def _unknown_module_type(self, node: cst.Call) -> bool:
        """``isinstance(x, C)`` (or ``(A, C)``) with ``C`` a module class of this file, or a
        ``torch.nn`` module class (``nn.Identity``), that the file names nowhere else (never
        built, subclassed or passed): no module of it is compiled with the model, and
        TorchScript has no type for it (it resolves a class to the type of a module already
        compiled under the class's qualified name)."""
        if self.ctx.qualified_name(node.func) != "builtins.isinstance" or len(node.args) != 2:
            return False
        kinds = node.args[1].value
        elements = [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
        for element in elements:
            if isinstance(element, cst.Name):
                name = element.value
                qualname = self.ctx.qualified_name(element)
                if (
                    class_def(self.ctx, name) is None and not self._torch_nn_module_class(qualname)
                ) or qualname is None:
                    continue
                if not self.ctx.index.is_module_class(qualname):
                    continue
            elif isinstance(element, cst.Attribute):
                name = element.attr.value
                qualname = self.ctx.qualified_name(element)
                if not self._torch_nn_module_class(qualname):
                    continue
            else:
                continue
            if self._named_outside_isinstance(name):
                continue
            spelled = cst.Module([]).code_for_node(element)
            self.report(
                node,
                f"`isinstance(..., {spelled})` in scripted code, with `{spelled}` a "
                "module class this file never builds: TorchScript knows a module class as a "
                "type only once a module of it is compiled with the model (torch 2.13: Unknown "
                f"type name '{spelled}'); test a flag set in `__init__` instead "
                f"(`self.is_b = isinstance(gate, {spelled})`)",
            )
            return True
        return False

    @staticmethod
    def _torch_nn_module_class(qualname: Optional[str]) -> bool:
        """A module class of ``torch.nn`` other than ``nn.Module`` itself."""
        return (
            qualname is not None
            and qualname.startswith("torch.nn.")
            and qualname != "torch.nn.Module"
            and is_torch_module_class(qualname)
        )

    def _named_outside_isinstance(self, name: str) -> bool:
        """Whether the file names ``name`` anywhere but its own ``class`` statement and the
        class argument of ``isinstance(...)`` calls."""
        cache = self.__dict__.setdefault("_named_outside", {})
        if name in cache:
            return cache[name]
        allowed: set[int] = set()
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if isinstance(child, cst.ClassDef) and child.name.value == name:
                allowed.add(id(child.name))
            elif (
                isinstance(child, cst.Call)
                and isinstance(child.func, cst.Name)
                and child.func.value == "isinstance"
                and len(child.args) == 2
            ):
                kinds = child.args[1].value
                named = (
                    [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
                )
                allowed.update(id(e) for e in named)
                allowed.update(id(e.attr) for e in named if isinstance(e, cst.Attribute))
            elif isinstance(child, cst.ImportAlias):
                allowed.add(id(child.name))  # an import builds nothing
            elif isinstance(child, cst.Name) and child.value == name and id(child) not in allowed:
                found = True
            elif isinstance(child, cst.SimpleString) and name in child.value:
                found = True  # named in a string (`__all__`, a registry, getattr)
            return False if found else None

        walk(self.ctx.module, enter, lambda child: None)
        cache[name] = found
        return found

    def _number_abc(self, node: cst.Call) -> bool:
        """``isinstance(x, numbers.Number)`` (``numbers.Real`` / ``Integral`` / ``Complex``,
        alone or in a tuple of types)."""
        if self.ctx.qualified_name(node.func) != "builtins.isinstance" or len(node.args) != 2:
            return False
        kinds = node.args[1].value
        elements = [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
        names = [self.ctx.qualified_name(e) for e in elements]
        abc = next((n for n in names if n in NUMBER_ABCS), None)
        if abc is None:
            return False
        builtins = ", ".join(NUMBER_ABCS[abc])
        if abc == "numbers.Number":
            what = (
                "TorchScript compiles `numbers.Number` as a class of its own, of which no int, "
                "float or tensor is an instance: the test is always False there, where Python's "
                "is True for numbers"
            )
        else:
            what = (
                f"TorchScript cannot compile `{abc}` (torch 2.13 fails inside its frontend on "
                "the `numbers` module's source: 'UnaryOp' object has no attribute 'range', or "
                "no attribute or method '__ne__')"
            )
        self.report(
            node,
            f"`isinstance(..., {abc})` in scripted code: {what}; test the builtin types "
            f"(`isinstance(x, ({builtins}))`)",
        )
        return True

    def _problem(self, node: cst.Call) -> Optional[str]:
        func = node.func
        if isinstance(func, cst.Attribute):
            owner = self.ctx.qualified_name(func.value)
            if owner in BUILTIN_CLASSES:
                spelled = cst.Module([]).code_for_node(func)
                short, said = BUILTIN_CLASSES[owner]
                return (
                    f"`{spelled}(...)`, a method read from the class `{short}` (TorchScript "
                    f"looks up no attribute on a builtin type: attribute lookup is not defined "
                    f"on {said}"
                    + (
                        "; build the dict with a comprehension, `{k: v for k in keys}`)"
                        if func.attr.value == "fromkeys"
                        else (
                            "; assign the attribute on `self` (set in `__init__`), or keep the "
                            "call under `if not torch.jit.is_scripting():`)"
                        )
                        if owner == "builtins.object"
                        else "; call the method on a value: `s.join(xs)`, `xs.copy()`)"
                    )
                )
            if owner == "torch.Tensor" and node.args:
                spelled = cst.Module([]).code_for_node(func)
                return (
                    f"`{spelled}(...)`, a method read from the class `Tensor` (TorchScript looks "
                    "up no attribute on it: attribute lookup is not defined on builtin; call the "
                    f"method on the tensor: `t.{func.attr.value}(...)`)"
                )
            if (
                owner is not None
                and node.args
                and isinstance(node.args[0].value, cst.Name)
                and node.args[0].value.value == "self"
                and self.ctx.index.is_module_class(owner)
            ):
                spelled = cst.Module([]).code_for_node(func)
                return (
                    f"`{spelled}(self, ...)`, a method read from the module class "
                    f"`{cst.Module([]).code_for_node(func.value)}` (TorchScript does not compile "
                    "a method looked up on a class: attribute lookup is not defined on python "
                    "value of type 'type', or, for a submodule, the method is compiled as a "
                    "function whose `self` is a Tensor; `super()` is not compiled either: write "
                    "the base's code in this class (`F.linear(x, self.weight, self.bias)`))"
                )
        if isinstance(func, cst.Name) and self._enum_class(func):
            return (
                f"the Enum class `{func.value}(...)` called for a member (TorchScript: cannot "
                "call a EnumClass)"
            )
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in torchscript_table().get("str_methods_unbound", ())
            and (self._known_str(func.value) or self._str_only_method(func))
        ):
            return (
                f"the str method `.{func.attr.value}()` (TorchScript's str has no "
                f"`{func.attr.value}`: 'str' object has no attribute or method)"
            )
        if isinstance(func, cst.Attribute):
            number = self._number_type(func.value)
            unbound = torchscript_table().get("number_methods_unbound", {})
            if number is not None and func.attr.value in unbound.get(number, ()):
                return (
                    f"the {number} method `.{func.attr.value}()` (TorchScript's {number} has no "
                    f"`{func.attr.value}`: '{number}' object has no attribute or method)"
                )
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in ("index", "count")
            and self._tuple_receiver(func.value)
        ):
            method = func.attr.value
            return (
                f"the tuple method `.{method}()` (TorchScript's tuples have no `{method}`: "
                f"'Tuple[...]' object has no attribute or method '{method}'; its lists do: "
                f"`list(t).{method}(v)`)"
            )
        namedtuple = self._namedtuple_own_method(func)
        if namedtuple is not None:
            method = func.attr.value  # type: ignore[attr-defined]
            return (
                f"`{namedtuple}.{method}()`, a method of a NamedTuple class (TorchScript "
                "compiles a NamedTuple's fields only: object has no attribute or method "
                f"'{method}'; make it a function of the file taking the tuple, "
                f"`{method}(t)`)"
            )
        namedtuple = self._namedtuple_receiver(func)
        if namedtuple is not None:
            method = func.attr.value  # type: ignore[attr-defined]
            if method == "_make":
                return (
                    f"the NamedTuple class method `{namedtuple}._make()` (TorchScript: attribute "
                    f"lookup is not defined on the NamedTuple class; call `{namedtuple}(...)`)"
                )
            return (
                f"the NamedTuple method `{namedtuple}.{method}()` (TorchScript's NamedTuple has "
                f"no `{method}`: object has no attribute or method '{method}'"
                + (
                    f"; build a new one: `{namedtuple}(field=..., ...)`)"
                    if method == "_replace"
                    else ")"
                )
            )
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in ("startswith", "endswith")
            and node.args
            and node.args[0].keyword is None
            and (
                isinstance(node.args[0].value, cst.Tuple)
                or tuple_valued(self.ctx, node.args[0].value) is not None
            )
            and self._str_receiver(func)
        ):
            # torch 2.13: `aten::startswith(str self, str substr, int start=0, int end=-1)`.
            method = func.attr.value
            return (
                f"`str.{method}` with a tuple (TorchScript's `{method}` takes one str: "
                f"`s.{method}(a) or s.{method}(b)`)"
            )
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "format"
            and any(arg.keyword is not None for arg in node.args)
            and self._known_str(func.value)
        ):
            # torch 2.13: `aten::format(str self, ...) -> str` takes positional arguments only
            # (named fields `{a}` are filled from them in order).
            return (
                "`str.format` with keyword arguments (TorchScript's `format` takes positional "
                "arguments only: `'{}{}'.format(a, b)`)"
            )
        keyword = self._str_keyword_unbound(node)
        if keyword is not None:
            method, names = func.attr.value, torchscript_table()["str_method_keywords"]  # type: ignore[attr-defined]
            taken = ", ".join(f"`{n}`" for n in names[method])
            return (
                f"`str.{method}` with the keyword `{keyword}=` (TorchScript's `{method}` names "
                f"its arguments {taken}: no overload takes `{keyword}`, Arguments for call are "
                "not valid; pass it by position)"
            )
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in torchscript_table()["module_methods_unsupported"]
            and (
                self.ctx.kind(func.value) in (Kind.MODULE, Kind.MODULES)
                or self._module_loop_variable(func.value)
            )
        ):
            # A container (`nn.Sequential`, `nn.ModuleList`, `nn.ModuleDict`) inherits them
            # too: torch 2.13 compiles `.eval()` from its source (`Unknown type name 'Self'`)
            # and `.parameters()` (`Yield aren't supported`).
            return f"the nn.Module method `.{func.attr.value}()` (TorchScript cannot compile it)"
        own = self._torch_module_method(func)
        if own is not None:
            return own
        name = self.ctx.qualified_name(func)
        if name is None:
            if (
                isinstance(func, cst.Attribute)
                and isinstance(func.value, cst.Call)
                and self.ctx.qualified_name(func.value.func) == "builtins.super"
            ):
                return (
                    f"`super().{func.attr.value}(...)` (TorchScript has no `super()`: call what "
                    "the parent computes directly, e.g. `F.linear(x, self.weight, self.bias)`, or "
                    "hold the parent as a submodule)"
                )
            return None
        if name == "typing.cast":
            # torch 2.13: the type argument is a value there ("builtin cannot be used as a
            # value", "__int__ cannot be used as a value"), whatever the type.
            return "`typing.cast` (TorchScript cannot take its type argument as a value)"
        module, _, rest = name.partition(".")
        table = torchscript_table()
        package, _, function = name.rpartition(".")
        nested = table["modules"].get(package) if "." in package else None
        if nested is not None and function in nested["unsupported"]:
            # `torch.distributed.is_initialized`: compiled from its Python source, which fails.
            return f"`{name}` (TorchScript binds no `{name}`)"
        stdlib = table["modules"].get(module)
        if stdlib is not None and rest in stdlib["unsupported"]:
            return f"`{name}` (TorchScript binds no `{module}.{rest}`)"
        if module in PYTHON_MODULES and rest:
            return f"{PYTHON_MODULES[module]} call `{name}`"
        if module == "builtins" and rest in table["builtins_unsupported"]:
            if rest not in SPECIAL_BUILTINS:
                hand = BUILTIN_HAND_FIXES.get(rest)
                return f"the builtin `{rest}()` (TorchScript does not support it" + (
                    f": {hand})" if hand else ")"
                )
        keyword = next((arg.keyword.value for arg in node.args if arg.keyword is not None), None)
        if name in NO_KEYWORDS and keyword is not None:
            if rest == "sorted" and keyword == "key":
                # no rewrite keeps eager: the hand fix (torch 2.13 scripts both)
                return (
                    "`sorted(..., key=...)` (TorchScript's `sorted` takes no keyword arguments: "
                    "sort `(key, index)` tuples, compared item by item, or order by "
                    "`torch.tensor(keys).argsort(descending=..., stable=True)`)"
                )
            return (
                f"`{rest}(..., {keyword}=...)` (TorchScript's `{rest}` takes no keyword arguments)"
            )
        if name == "builtins.sum" and (len(node.args) > 1 or keyword == "start"):
            # torch 2.13: `sum` binds `aten::sum` alone: a list (no start value) or a tensor
            # and its dims, so `sum(t, 1)` is `t.sum(1)` there, not Python's `t.sum(0) + 1`.
            if self.ctx.kind(node.args[0].value) is Kind.TENSOR:
                return None  # reported by `visit_Call`: it compiles, to another sum
            return (
                "`sum(xs, start)` with a start value (TorchScript's `sum` takes no start: "
                "`Arguments for call are not valid` for a list, and `sum(t, 1)` of a tensor is "
                "`t.sum(1)` there, where Python's is `t.sum(0) + 1`; add the start outside the "
                "call, or sum tensors in a loop)"
            )
        if name == "builtins.sum" and node.args and self._tensor_sequence(node.args[0].value):
            return (
                "`sum(...)` of a list or tuple of tensors (TorchScript's `sum` is `aten::sum`: "
                "a tensor, or a list of ints, floats, bools or complex numbers; for a list of "
                "tensors, Arguments for call are not valid; add them in a loop, `total = "
                "xs[0]` then `total = total + t` for the rest)"
            )
        if name in TORCH_UNSUPPORTED:
            return TORCH_UNSUPPORTED[name]
        unbound = table.get("torch_functions_unbound", {}).get(name)
        if unbound is not None:
            # `torch.get_default_dtype()`: a C function TorchScript has no operator for.
            return f"`{name}` ({unbound.rstrip('.:')})"
        source_error = table.get("python_functions_unscriptable", {}).get(name)
        if source_error is not None:
            # `nn.init.calculate_gain(...)`: a Python function of torch that TorchScript
            # compiles from its source when called, and fails on (the generated table).
            return (
                f"`{name}` (TorchScript compiles it from its Python source when scripted code "
                f"calls it, and torch 2.13 fails there: {source_error.rstrip('.:')}; keep the "
                "call out of scripted code: compute a constant result in `__init__`, or "
                "guard the call with `if not torch.jit.is_scripting():`)"
            )
        class_error = table.get("python_classes_unscriptable", {}).get(name)
        if class_error is not None:
            # `torch.quasirandom.SobolEngine(...)`: a Python class of torch that TorchScript
            # compiles as a TorchScript class when scripted code builds one, and fails on.
            return (
                f"`{name}(...)` (TorchScript compiles the class as a TorchScript class when "
                f"scripted code builds one, and torch 2.13 fails there: {class_error.rstrip('.:')}; "
                "build it in `__init__` and keep what it makes (a buffer), or build it outside "
                "scripted code)"
            )
        if name.startswith("torch.cuda.") and name not in SCRIPTABLE_CUDA:
            return f"`{name}` (torch.cuda is a Python module to TorchScript)"
        if name.startswith("torch.distributions."):
            # torch 2.13 compiles a distribution from its Python source and fails: `Compiled
            # functions can't take variable number of arguments or use keyword-only arguments
            # with defaults` (Normal, Categorical), `method '__init__' is called recursively`
            # (kl_divergence).
            return (
                f"`{name}` (TorchScript compiles torch.distributions from their Python source, "
                "which fails: torch 2.13 reports Compiled functions can't take variable number "
                "of arguments or use keyword-only arguments with defaults for the "
                "distributions' constructors; write the density with torch ops, or keep it out "
                "of scripted code)"
            )
        if name == "builtins.getattr" and len(node.args) >= 2:
            if not isinstance(node.args[1].value, cst.SimpleString):
                # torch 2.13: a `for` over an nn.ModuleList scripts, and so does getattr of a
                # buffer by a literal name (`getattr(self, "anchors_l0")`)
                return (
                    "`getattr` with a non-literal attribute name (hold the modules in an "
                    "`nn.ModuleList` and loop over it: `for stage in self.stages`; name "
                    'buffers by literals: `getattr(self, "anchors_l0")`)'
                )
        if name == "builtins.print" and any(arg.keyword is not None for arg in node.args):
            return "`print` with keyword arguments"
        if name in ("builtins.set", "builtins.frozenset"):
            # torch 2.13: `if v not in seen: seen.append(v)` on a List[int] scripts
            return (
                f"`{name[9:]}(...)` (no set type: keep the values in a list, appending one "
                "only `if v not in seen`)"
            )
        if name == "builtins.round" and (len(node.args) > 1 or keyword == "ndigits"):
            # torch 2.13: `torch.round(t, decimals=3)` scripts (aten::round.decimals)
            return (
                "`round(x, ndigits)` (TorchScript's `round` takes the number alone: round a "
                "tensor with `torch.round(t, decimals=n)`, or compute the rounded constant in "
                "`__init__`)"
            )
        if (
            name == "builtins.tuple"
            and node.args
            and type(node.args[0].value) is cst.Call
            and self.ctx.qualified_name(node.args[0].value.func) == "builtins.range"  # type: ignore[attr-defined]
        ):
            return (
                "`tuple(range(...))` (TorchScript: range cannot be used as a tuple; "
                "`list(range(...))` compiles)"
            )
        if name == "builtins.tuple" and node.args and self._list_like(node.args[0].value):
            return "`tuple(...)` of a list or shape (size unknown statically)"
        problem = library_source_problem(name)
        if problem is None and name:
            alias = library_alias(name)  # `torch.utils.data.default_collate`
            problem = library_source_problem(alias) if alias else None
        return problem

    def _torch_module_method(self, func: cst.BaseExpression) -> Optional[str]:
        """``self.rnn.flatten_parameters()`` of a torch.nn submodule: a method of its class
        (``TORCH_MODULE_METHODS``) that TorchScript compiles from torch's Python source and
        rejects."""
        if not isinstance(func, cst.Attribute):
            return None
        cls = self.ctx.held_class(func.value) or ""
        short = cls.rpartition(".")[2]
        if not cls.startswith("torch.nn."):
            return None
        for classes, method, error in TORCH_MODULE_METHODS:
            if func.attr.value == method and short in classes:
                return (
                    f"`nn.{short}.{method}()` (TorchScript compiles it from torch's Python "
                    f"source and fails, torch 2.13: {error}; call it outside the scripted code, "
                    "or under `if not torch.jit.is_scripting():`)"
                )
        return None

    def _tuple_receiver(self, value: cst.BaseExpression) -> bool:
        """A value TorchScript types as a tuple: what ``tuple_valued`` knows, or
        ``self.<attr>`` that the class body binds to a tuple display and no method binds to
        anything but a tuple display or ``self.<attr>`` itself."""
        if tuple_valued(self.ctx, value) is not None:
            return True
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        owner = class_def(self.ctx, info.owner_class)
        if owner is None:
            return False
        bound = []
        for line in owner.body.body:
            if isinstance(line, cst.SimpleStatementLine):
                for small in line.body:
                    if isinstance(small, cst.Assign) and any(
                        isinstance(t.target, cst.Name) and t.target.value == attr
                        for t in small.targets
                    ):
                        bound.append(small.value)
                    elif (
                        isinstance(small, cst.AnnAssign)
                        and isinstance(small.target, cst.Name)
                        and small.target.value == attr
                    ):
                        bound.append(small.value)
        if not bound or not all(isinstance(v, cst.Tuple) for v in bound):
            return False
        for method in class_methods(self.ctx, info.owner_class):
            for stored in self_assignments(method, attr):
                if not isinstance(stored, cst.Tuple) and self_attribute(stored) != attr:
                    return False
        return True

    def _namedtuple_receiver(self, func: cst.BaseExpression) -> Optional[str]:
        """The NamedTuple class of this file whose method TorchScript lacks (``_replace``,
        ``_asdict``, ``_make``, ``count``, ``index``) ``func`` names: on the class itself, a
        parameter annotated with it, or a local bound only to its instances."""
        if not (isinstance(func, cst.Attribute) and func.attr.value in NAMEDTUPLE_METHODS):
            return None
        found = self._namedtuple_class(func)
        if found is None and func.attr.value != "_make":
            found = self._collections_namedtuple_local(func.value)
        return found

    def _collections_namedtuple_local(self, receiver: cst.BaseExpression) -> Optional[str]:
        """``P`` for a local bound only to calls of ``P``, where the module binds ``P`` once, to
        ``collections.namedtuple("P", ...)``: TorchScript compiles such a class as a
        NamedTuple too (torch 2.13: `'__torch__.P' object has no attribute or method
        '_asdict'`)."""
        function = self.ctx.function
        if type(receiver) is not cst.Name or function is None:
            return None
        bound = assignments(function, receiver.value)
        if not bound or any(
            size != 1 or type(v) is not cst.Call or type(v.func) is not cst.Name
            for v, _, size in bound
        ):
            return None
        names = {v.func.value for v, _, _ in bound}  # type: ignore[attr-defined]
        if len(names) != 1:
            return None
        name = names.pop()
        return name if collections_namedtuple_fields(self.ctx, name) is not None else None

    def visit_Attribute(self, node: cst.Attribute) -> None:
        """``boxes.area`` of a ``@property`` a NamedTuple class of this file defines: its
        getter is a method TorchScript does not compile either. ``Out._fields`` /
        ``Out._field_defaults`` read on the NamedTuple class itself."""
        self._namedtuple_class_data(node)
        if self._properties is None:
            self._properties = {
                line.name.value
                for statement in self.ctx.module.body
                if isinstance(statement, cst.ClassDef)
                and namedtuple_fields(self.ctx, statement.name.value) is not None
                for line in statement.body.body
                if isinstance(line, cst.FunctionDef) and line.decorators
            }
        if node.attr.value not in self._properties or id(node) in self._called:
            return
        if not in_script(self.ctx) or constant_dead_branch(self.ctx):
            return
        found = self._namedtuple_own_method(node, getter=True)
        if found is not None:
            self.report(
                node,
                f"`{found}.{node.attr.value}`, a property of a NamedTuple class, in scripted "
                "code: TorchScript compiles a NamedTuple's fields only (object has no attribute "
                f"or method '{node.attr.value}'); make it a function of the file taking the "
                f"tuple, `{node.attr.value}(t)`",
            )

    def _namedtuple_class_data(self, node: cst.Attribute) -> None:
        """``Out._fields`` (or ``_field_defaults``) on a NamedTuple class of this file
        (``class Out(NamedTuple)`` or ``Out = namedtuple("Out", [...])``) that the function
        does not rebind: TorchScript resolves the class to its NamedTuple type, on which no
        attribute is looked up (torch 2.13: attribute lookup is not defined on
        __torch__...Out)."""
        receiver = node.value
        if node.attr.value not in NAMEDTUPLE_CLASS_DATA or type(receiver) is not cst.Name:
            return
        function = self.ctx.function
        name = receiver.value
        if function is None or assignments(function, name):
            return
        if any(p.name.value == name for p in signature_params(self.ctx, function)):
            return
        fields = namedtuple_fields(self.ctx, name)
        if fields is None:
            fields = collections_namedtuple_fields(self.ctx, name)
        if fields is None or not in_script(self.ctx) or constant_dead_branch(self.ctx):
            return
        spelled = "[" + ", ".join(f'"{f}"' for f in fields) + "]"
        self.report(
            node,
            f"`{name}.{node.attr.value}`, read on a NamedTuple class in scripted code: "
            "TorchScript compiles the class as a NamedTuple type and looks up no attribute on "
            f"it (torch 2.13: attribute lookup is not defined on __torch__...{name}); write "
            + (
                f"the field names out, `{spelled}`"
                if node.attr.value == "_fields"
                else "the defaults out as values"
            ),
        )

    def _namedtuple_own_method(
        self, func: cst.BaseExpression, getter: bool = False
    ) -> Optional[str]:
        """The NamedTuple class of this file whose own method (a ``def`` in its body)
        ``func`` calls on an instance: TorchScript compiles a NamedTuple's fields only."""
        if (
            not isinstance(func, cst.Attribute)
            or isinstance(func.value, cst.Name)
            and (namedtuple_fields(self.ctx, func.value.value) is not None)
        ):
            return None
        found = self._namedtuple_class(func)
        if found is None:
            return None
        for statement in self.ctx.module.body:
            if isinstance(statement, cst.ClassDef) and statement.name.value == found:
                if any(
                    isinstance(line, cst.FunctionDef)
                    and line.name.value == func.attr.value
                    and getter
                    == any(
                        self.ctx.qualified_name(d.decorator) == "builtins.property"
                        for d in line.decorators
                    )
                    for line in statement.body.body
                ):
                    return found
        return None

    def _namedtuple_class(self, func: cst.Attribute) -> Optional[str]:
        receiver = func.value
        function = self.ctx.function
        if isinstance(receiver, cst.Call):
            return self._namedtuple_returned(receiver.func)
        if not isinstance(receiver, cst.Name) or function is None:
            return None
        name = receiver.value
        bound = assignments(function, name)
        if bound and all(
            size == 1 and isinstance(v, cst.Call) and self._namedtuple_returned(v.func)
            for v, _, size in bound
        ):
            found = {self._namedtuple_returned(v.func) for v, _, _ in bound}  # type: ignore[attr-defined]
            if len(found) == 1:
                return found.pop()
        if not assignments(function, name) and namedtuple_fields(self.ctx, name) is not None:
            if not any(p.name.value == name for p in signature_params(self.ctx, function)):
                return name if func.attr.value == "_make" else None
        for param in signature_params(self.ctx, function):
            if param.name.value == name:
                annotation = param.annotation.annotation if param.annotation else None
                if (
                    isinstance(annotation, cst.Name)
                    and not assignments(function, name)
                    and namedtuple_fields(self.ctx, annotation.value) is not None
                ):
                    return annotation.value
                return None
        return namedtuple_local(self.ctx, function, name)

    def _namedtuple_returned(self, func: cst.BaseExpression) -> Optional[str]:
        """The NamedTuple class of this file a call of ``func`` returns, by its return
        annotation (``def forward(self, x) -> DetOutput`` of a submodule's class)."""
        returns = self._return_annotation(func)
        if isinstance(returns, cst.Name) and namedtuple_fields(self.ctx, returns.value) is not None:
            return returns.value
        return None

    def _tensor_dict_items(self, value: cst.BaseExpression, method: str = "items") -> bool:
        """``d.items()`` (or ``d.<method>()``) of a dict whose values are tensors: ``d`` a
        parameter or local annotated ``Dict[..., Tensor]``, or a local bound only to calls of a
        submodule or a function of this file whose return annotation is one."""
        if not (
            isinstance(value, cst.Call)
            and not value.args
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == method
            and isinstance(value.func.value, cst.Name)
        ):
            return False
        name = value.func.value.value
        function = self.ctx.function
        if function is None:
            return False
        for param in signature_params(self.ctx, function):
            if param.name.value == name:
                return param.annotation is not None and self._tensor_dict_annotation(
                    param.annotation.annotation
                )
        annotated = self._annotated_locals(function).get(name)
        if annotated is not None:
            return self._tensor_dict_annotation(annotated)
        bound = assignments(function, name)
        return bool(bound) and all(
            isinstance(v, cst.Call) and self._returns_tensor_dict(v.func) for v, _, _ in bound
        )

    def _dict_name(self, value: cst.BaseExpression) -> bool:
        """A name TorchScript types as a dict: a parameter or local annotated ``Dict[K, V]``
        (``dict[K, V]``), or a local bound only to dict displays."""
        function = self.ctx.function
        if not isinstance(value, cst.Name) or function is None:
            return False
        name = value.value

        def is_dict(annotation: Optional[cst.BaseExpression]) -> bool:
            return (
                isinstance(annotation, cst.Subscript)
                and len(annotation.slice) == 2
                and self.ctx.qualified_name(annotation.value) in ("typing.Dict", "builtins.dict")
            )

        for param in signature_params(self.ctx, function):
            if param.name.value == name:
                return param.annotation is not None and is_dict(param.annotation.annotation)
        annotated = self._annotated_locals(function).get(name)
        if annotated is not None:
            return is_dict(annotated)
        bound = assignments(function, name)
        return bool(bound) and all(isinstance(v, cst.Dict) for v, _, _ in bound)

    def _same_typed_values(self, items: cst.BaseExpression) -> bool:
        """``d.items()`` of a local dict whose tensors all have one type (shape, strides,
        dtype, requires_grad): bound only to ``{}`` and filled by one ``d[k] = v`` in one (not
        nested) ``for`` loop over number literals (or a ``range``), ``v`` arithmetic of names the loop does
        not rebind and the loop's number. TorchScript's sort compares the ``(key, tensor)``
        pairs by type before the keys, so these sort as in Python (torch 2.13: ``x * lvl``
        for ``lvl in (3, 1, 2)`` sorts; a slice or a ``.double()`` among them fails)."""
        function = self.ctx.function
        name = items.func.value.value  # type: ignore[attr-defined]
        bound = assignments(function, name)
        if not bound or not all(
            isinstance(v, cst.Dict) and not v.elements and size == 1 for v, _, size in bound
        ):
            return False
        stores: list[tuple[cst.Assign, cst.For]] = []
        other = False
        loops: list[cst.For] = []

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal other
            if isinstance(child, (cst.Lambda, cst.ClassDef)) or (
                isinstance(child, cst.FunctionDef) and child is not function
            ):
                return False
            if isinstance(child, cst.For):
                loops.append(child)
            if isinstance(child, (cst.AugAssign, cst.Del)) and _is_name(_root(child.target), name):
                other = True
            if isinstance(child, cst.Assign):
                for target in child.targets:
                    if isinstance(target.target, cst.Subscript) and _is_name(
                        target.target.value, name
                    ):
                        if len(child.targets) != 1 or len(loops) != 1:
                            other = True
                        else:
                            stores.append((child, loops[-1]))
            if (
                isinstance(child, cst.Call)
                and isinstance(child.func, cst.Attribute)
                and _is_name(child.func.value, name)
                and child.func.attr.value not in ("items", "keys", "values", "get")
            ):
                other = True  # update, setdefault, pop, ...
            if isinstance(child, cst.Arg) and _is_name(child.value, name):
                other = True  # passed to a call that may store into it
            return None

        def leave(child: cst.CSTNode) -> None:
            if isinstance(child, cst.For):
                loops.pop()

        walk(function, enter, leave)
        if other or len(stores) != 1:
            return False
        store, loop = stores[0]
        if not isinstance(loop.target, cst.Name) or not self._number_iterable(loop.iter):
            return False
        varying = bound_names(loop.body) | {loop.target.value}
        return self._invariant_arithmetic(store.value, varying, loop.target.value)

    def _number_iterable(self, value: cst.BaseExpression) -> bool:
        """A ``range(...)`` or a tuple / list display of int literals (or of float ones)."""
        if isinstance(value, cst.Call):
            return self.ctx.qualified_name(value.func) == "builtins.range"
        if isinstance(value, (cst.Tuple, cst.List)) and value.elements:
            kinds = {type(e.value) for e in value.elements}
            return kinds in ({cst.Integer}, {cst.Float})
        return False

    def _invariant_arithmetic(
        self, value: cst.BaseExpression, varying: set[str], number: str
    ) -> bool:
        """Arithmetic (``+ - * / // % **``, unary minus) of number literals, the loop's
        ``number`` and names the loop does not rebind."""
        if isinstance(value, (cst.Integer, cst.Float)):
            return True
        if isinstance(value, cst.Name):
            return value.value == number or value.value not in varying
        if isinstance(value, cst.UnaryOperation) and isinstance(
            value.operator, (cst.Minus, cst.Plus)
        ):
            return self._invariant_arithmetic(value.expression, varying, number)
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, ELEMENTWISE):
            return self._invariant_arithmetic(
                value.left, varying, number
            ) and self._invariant_arithmetic(value.right, varying, number)
        return False

    def _annotated_locals(self, function: cst.FunctionDef) -> dict[str, cst.BaseExpression]:
        found: dict[str, cst.BaseExpression] = {}

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return child is function
            if isinstance(child, cst.AnnAssign) and isinstance(child.target, cst.Name):
                found[child.target.value] = child.annotation.annotation
            return None

        walk(function, enter, lambda child: None)
        return found

    def _tensor_dict_annotation(self, annotation: cst.BaseExpression) -> bool:
        if not isinstance(annotation, cst.Subscript) or len(annotation.slice) != 2:
            return False
        if self.ctx.qualified_name(annotation.value) not in ("typing.Dict", "builtins.dict"):
            return False
        return self._dict_value_kind(annotation) is not None

    def _dict_value_kind(self, annotation: cst.BaseExpression) -> Optional[str]:
        """``Tensor`` / ``list`` / ``dict`` for a ``Dict[K, V]`` annotation whose ``V`` is a
        tensor, a ``List[...]`` or a ``Dict[...]`` (values TorchScript's sort of the
        ``(key, value)`` pairs cannot compare)."""
        if not isinstance(annotation, cst.Subscript) or len(annotation.slice) != 2:
            return None
        element = annotation.slice[1].slice
        if not isinstance(element, cst.Index):
            return None
        value = element.value
        found: Optional[str] = None
        if self.ctx.qualified_name(value) == "torch.Tensor":
            found = "Tensor"
        elif isinstance(value, cst.Subscript):
            container = self.ctx.qualified_name(value.value)
            if container in ("typing.List", "builtins.list"):
                found = "list"
            elif container in ("typing.Dict", "builtins.dict"):
                found = "dict"
        if found is not None:
            self._value_kind = found
        return found

    def _returns_tensor_dict(self, func: cst.BaseExpression) -> bool:
        """A call of ``self.<submodule>`` whose class (this file) annotates ``forward`` to
        return ``Dict[..., Tensor]``, or of a function of this file annotated so."""
        returns = self._return_annotation(func)
        return returns is not None and self._tensor_dict_annotation(returns)

    def _return_annotation(self, func: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        return call_return_annotation(self.ctx, func)

    def _known_str(self, value: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether TorchScript types ``value`` as a ``str``: a string literal or f-string, a
        ``str(...)`` call, a str method's result on one, a parameter annotated ``str`` (or
        unannotated with a string default) or a local bound only to string literals, that the
        function never rebinds otherwise, and ``self.X`` every assignment of which, in the
        module class's methods, is a string literal or such a parameter of ``__init__``."""
        if depth > 4:
            return False
        if isinstance(value, cst.FormattedString) or literal_type(value) == "str":
            return True
        if isinstance(value, cst.Call):
            func = value.func
            if isinstance(func, cst.Attribute) and func.attr.value in STR_RESULTS:
                return self._known_str(func.value, depth + 1)
            return self.ctx.qualified_name(func) == "builtins.str"
        function = self.ctx.function
        if isinstance(value, cst.Name) and function is not None:
            return self._str_name(function, value.value, depth)
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None or function is None:
            return False
        if not is_method(self.ctx, function):
            return False
        owner = info.owner_class
        if attr in class_annotations(self.ctx, owner):
            return False
        methods = class_methods(self.ctx, owner)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None or not self_assignments(init, attr):
            return False
        for method in methods:
            for bound in self_assignments(method, attr):
                if bound is None:
                    return False
                if isinstance(bound, cst.Name) and method is init:
                    if not self._str_param(init, bound.value):
                        return False
                elif not (isinstance(bound, cst.FormattedString) or literal_type(bound) == "str"):
                    return False
        return True

    def _attribute_number_type(self, value: cst.Attribute) -> Optional[str]:
        return attribute_number_type(self.ctx, value)

    def _number_type(self, value: cst.BaseExpression, depth: int = 0) -> Optional[str]:
        """``int`` or ``float`` for a value TorchScript surely types so: a number literal, an
        ``int(...)`` / ``float(...)`` / ``len(...)`` call, a tensor's size (``x.shape[i]``,
        ``x.size(i)``, ``x.dim()``, ``x.numel()``, ``x.ndim``), arithmetic of those (``/``
        gives a float; ``**`` left out: TorchScript's int power is a float), a parameter
        annotated ``int`` / ``float`` that the function never rebinds, or a local bound only
        to such values (``for i in range(...)`` too). None when unsure."""
        if depth > 4:
            return None
        while isinstance(value, cst.UnaryOperation) and isinstance(
            value.operator, (cst.Minus, cst.Plus, cst.BitInvert)
        ):
            value = value.expression
        literal = literal_type(value)
        if literal in ("int", "float"):
            return literal
        if isinstance(value, cst.BinaryOperation):
            left = self._number_type(value.left, depth + 1)
            right = self._number_type(value.right, depth + 1)
            if left is None or right is None:
                return None
            if isinstance(value.operator, cst.Divide):
                return "float"
            if isinstance(value.operator, INT_OPERATORS):
                return left if left == right == "int" else None
            if isinstance(value.operator, ARITHMETIC):
                return "float" if "float" in (left, right) else "int"
            return None
        if isinstance(value, cst.Subscript):
            return "int" if self._size_subscript(value) else None
        if isinstance(value, cst.Attribute):
            if value.attr.value == "ndim" and self._tensor(value.value):
                return "int"
            return self._attribute_number_type(value)
        if isinstance(value, cst.Call):
            name = self.ctx.qualified_name(value.func)
            if name in ("builtins.int", "builtins.len"):
                return "int"
            if name == "builtins.float":
                return "float"
            func = value.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value in SIZE_METHODS
                and len(value.args) == SIZE_METHODS[func.attr.value]
                and all(arg.keyword is None for arg in value.args)
                and self._tensor(func.value)
            ):
                return "int"
            return None
        function = self.ctx.function
        if not isinstance(value, cst.Name) or function is None:
            return None
        bound = assignments(function, value.value)
        for param in signature_params(self.ctx, function):
            if param.name.value == value.value:
                if bound or param.annotation is None:
                    return None
                name = self.ctx.qualified_name(param.annotation.annotation)
                return {"builtins.int": "int", "builtins.float": "float"}.get(name or "")
        if bound and len(bound) == _enumerate_indices(function, value.value):
            return "int"  # only ever `for i, v in enumerate(...)`'s counter
        types = set()
        for bound_value, _, size in bound:
            if size != 1:
                return None
            if (
                isinstance(bound_value, cst.Call)
                and self.ctx.qualified_name(bound_value.func) == "builtins.range"
            ):
                types.add("int")
                continue
            types.add(self._number_type(bound_value, depth + 1))
        return types.pop() if len(types) == 1 else None

    def _size_subscript(self, value: cst.Subscript) -> bool:
        """``x.shape[i]`` / ``x.size()[i]`` with one integer index, ``x`` a tensor."""
        if len(value.slice) != 1 or not isinstance(value.slice[0].slice, cst.Index):
            return False
        index = value.slice[0].slice.value
        if not (
            literal_type(index) == "int"
            or (isinstance(index, cst.Name) and self._number_type(index, 4) == "int")
        ):
            return False
        base = value.value
        if isinstance(base, cst.Attribute) and base.attr.value == "shape":
            return self._tensor(base.value)
        return (
            isinstance(base, cst.Call)
            and isinstance(base.func, cst.Attribute)
            and base.func.attr.value == "size"
            and not base.args
            and self._tensor(base.func.value)
        )

    def _tensor(self, value: cst.BaseExpression) -> bool:
        return self.ctx.kind(value) is Kind.TENSOR

    def _str_name(self, function: cst.FunctionDef, name: str, depth: int) -> bool:
        bound = assignments(function, name)
        params = {p.name.value for p in signature_params(self.ctx, function)}
        if name in params:  # unannotated, TorchScript types it Tensor whatever its default
            return not bound and self._str_param(function, name, defaults=False)
        loops = _loop_iterables(function, name)
        if loops and len(loops) == len(bound):
            # Only bound by `for name in <seq>` / `for i, name in enumerate(<seq>)`.
            return all(self._str_sequence(iterable, depth + 1) for iterable in loops)
        return bool(bound) and all(
            size == 1 and self._known_str(v, depth + 1) for v, _, size in bound
        )

    def _str_sequence(self, value: cst.BaseExpression, depth: int) -> bool:
        """A list or tuple of string literals: a display, a local bound only to one, or
        ``self.X`` every assignment of which in the module class's methods is one (set in
        ``__init__``, not annotated in the class body)."""
        if depth > 4:
            return False
        if isinstance(value, (cst.List, cst.Tuple)):
            return bool(value.elements) and all(
                not isinstance(e, cst.StarredElement) and literal_type(e.value) == "str"
                for e in value.elements
            )
        function = self.ctx.function
        if isinstance(value, cst.Name) and function is not None:
            bound = assignments(function, value.value)
            return bool(bound) and all(
                size == 1 and self._str_sequence(v, depth + 1) for v, _, size in bound
            )
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None or function is None:
            return False
        if not is_method(self.ctx, function) or attr in class_annotations(
            self.ctx, info.owner_class
        ):
            return False
        methods = class_methods(self.ctx, info.owner_class)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None or not self_assignments(init, attr):
            return False
        return all(
            bound is not None and self._str_sequence(bound, depth + 1)
            for method in methods
            for bound in self_assignments(method, attr)
        )

    def _str_only_method(self, func: cst.Attribute) -> bool:
        """``x.removeprefix(...)`` (``removesuffix``, ``casefold``, ``format_map``,
        ``isascii``) on a receiver of unknown kind: only str (and bytes, which TorchScript has
        no type for) has these methods, unless a class of this file defines one."""
        return func.attr.value in STR_ONLY_METHODS and self._str_receiver(func)

    def _str_keyword_unbound(self, node: cst.Call) -> Optional[str]:
        """The keyword of ``s.method(..., kw=v)`` on a receiver that may be a str, where
        ``kw`` is an argument Python's ``str.method`` takes and no ``aten::`` schema of the
        method with a ``str self`` names it (``str_method_keywords``: ``s.split("/",
        maxsplit=1)``, TorchScript's ``split`` takes ``separator`` and ``max``)."""
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value == "format":
            return None
        names = torchscript_table().get("str_method_keywords", {}).get(func.attr.value)
        if names is None:
            return None
        python = _str_method_parameters(func.attr.value)
        for arg in node.args:
            if arg.keyword is None or arg.keyword.value in names:
                continue
            if arg.keyword.value in python and (
                self._known_str(func.value) or self._str_receiver(func)
            ):
                return arg.keyword.value
        return None

    def _module_loop_variable(self, value: cst.BaseExpression) -> bool:
        """A name the current function binds only as the target (or the second element of the
        target) of ``for`` loops over ``<module>.modules()`` / ``.children()`` /
        ``.named_modules()`` / ``.named_children()``: each element is a submodule, on which
        TorchScript compiles an ``nn.Module`` method from its source."""
        function = self.ctx.function
        if type(value) is not cst.Name or function is None:
            return False
        loops: list[cst.For] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if isinstance(node, cst.FunctionDef):
                return False
            if type(node) is cst.For and value.value in _target_names(node.target):  # type: ignore[attr-defined]
                loops.append(node)  # type: ignore[arg-type]
            return None

        walk(function.body, enter, lambda node: None)
        if not loops or len(assignments(function, value.value)) != len(loops):
            return False  # bound otherwise too
        for loop in loops:
            call = loop.iter
            if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
                return False
            method = call.func.attr.value
            if method not in MODULE_ITERATORS or self.ctx.kind(call.func.value) not in (
                Kind.MODULE,
                Kind.MODULES,
            ):
                return False
            target = loop.target
            if method.startswith("named_"):
                if not (
                    isinstance(target, (cst.Tuple, cst.List))
                    and len(target.elements) == 2
                    and type(target.elements[1].value) is cst.Name
                    and target.elements[1].value.value == value.value
                ):
                    return False
            elif not (type(target) is cst.Name and target.value == value.value):
                return False
        return True

    def _str_receiver(self, func: cst.Attribute) -> bool:
        """``x.method`` on a receiver that may be a str: not ``self`` / ``cls``, not a tensor
        or module, and no class of this file defines ``method``."""
        name = func.attr.value
        receiver = func.value
        if isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"):
            return False
        if self.ctx.kind(receiver) in (Kind.MODULE, Kind.MODULES, Kind.TENSOR, Kind.TENSORS):
            return False
        summary = self.ctx.model.summary
        return not any(name in cls.methods for cls in summary.classes.values())

    def _str_param(self, function: cst.FunctionDef, name: str, defaults: bool = True) -> bool:
        """A parameter annotated ``str`` (with ``defaults``, or unannotated with a string
        literal default: a module built with its defaults holds a str) that ``function``
        never rebinds."""
        if assignments(function, name):
            return False
        for param in signature_params(self.ctx, function):
            if param.name.value != name:
                continue
            if param.annotation is not None:
                return self.ctx.qualified_name(param.annotation.annotation) == "builtins.str"
            return defaults and literal_type(param.default) == "str"
        return False

    def _tensor_sequence(self, value: cst.BaseExpression) -> bool:
        """A list or tuple of tensors, which TorchScript's ``sum`` (``aten::sum`` of an
        ``int[]``, ``float[]``, ``complex[]`` or a tensor) does not take: a display,
        comprehension or generator expression of tensors, a value the kind inference knows
        holds tensors (``x.unbind(0)``, a list a loop appends tensors to), a parameter or local
        annotated ``List[Tensor]`` / ``Tuple[Tensor, ...]``, or ``d.values()`` of a dict of
        tensors."""
        if self._tensor_elements(value):
            return True
        if isinstance(value, cst.Tuple) and value.elements:
            return all(self.ctx.kind(e.value) is Kind.TENSOR for e in value.elements)
        if self.ctx.kind(value) is Kind.TENSORS:
            return True
        if self._tensor_dict_items(value, "values"):
            return self._value_kind == "Tensor"
        function = self.ctx.function
        if not isinstance(value, cst.Name) or function is None:
            return False
        annotation = next(
            (
                p.annotation.annotation if p.annotation is not None else None
                for p in signature_params(self.ctx, function)
                if p.name.value == value.value
            ),
            self._annotated_locals(function).get(value.value),
        )
        return tensor_sequence_annotation(self.ctx, annotation)

    def _tensor_elements(self, value: cst.BaseExpression) -> bool:
        """A list display, list comprehension or generator expression of tensors."""
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
            return self.ctx.kind(value.elt) is Kind.TENSOR
        if isinstance(value, cst.List) and value.elements:
            return all(self.ctx.kind(e.value) is Kind.TENSOR for e in value.elements)
        return False

    def _list_like(self, value: cst.BaseExpression, depth: int = 0) -> bool:
        """A value TorchScript types as a list (of a length it does not know): a list display
        or comprehension, a shape, ``list(...)`` / ``sorted(...)`` / ``t.tolist()``, a call of
        a method or function of this file annotated ``-> List[...]``, a parameter annotated
        ``List[...]``, and a local bound only to such values (or annotated ``List[...]``)."""
        if isinstance(value, (cst.List, cst.ListComp, cst.GeneratorExp)):
            return True
        if isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) in (
            "builtins.list",
            "builtins.sorted",
        ):
            return True
        if (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == "tolist"
            and not value.args
            and self.ctx.kind(value.func.value) is Kind.TENSOR
        ):
            return True
        while isinstance(value, cst.Subscript):
            value = value.value
        if isinstance(value, cst.Attribute) and value.attr.value == "shape":
            return self.ctx.kind(value.value) is Kind.TENSOR
        if (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == "size"
        ):
            return not value.args and self.ctx.kind(value.func.value) is Kind.TENSOR
        if isinstance(value, cst.Call):
            definition = self._callee(value.func)
            return definition is not None and self._list_annotation(definition.returns)
        if self_attribute(value) is not None:
            return self._list_attribute(value)
        if isinstance(value, cst.Name) and self.ctx.function is not None:
            param = next(
                (
                    p
                    for p in signature_params(self.ctx, self.ctx.function)
                    if p.name.value == value.value
                ),
                None,
            )
            if param is not None:
                if not assignments(self.ctx.function, value.value):
                    return self._list_annotation(param.annotation)
                return False
            annotated = _local_annotation(self.ctx.function, value.value)
            if annotated is not None:
                return self._list_annotation(annotated)
            bound = assignments(self.ctx.function, value.value)
            return (
                depth < 3
                and bool(bound)
                and all(
                    size == 1 and v is not value and self._list_like(v, depth + 1)
                    for v, _, size in bound
                )
            )
        return False

    def _list_attribute(self, value: cst.BaseExpression) -> bool:
        """``self.<attr>`` that the module class's methods bind only to lists: a list display
        or comprehension, ``list(...)``, or a parameter of ``__init__`` annotated
        ``List[...]`` (a module attribute TorchScript types ``List[T]``). Not in a class with
        ``Final`` / ``__constants__`` (a constant list is a tuple there) or that annotates the
        attribute in its body."""
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        owner = info.owner_class
        if attr in class_annotations(self.ctx, owner) or has_constants(self.ctx, owner):
            return False
        methods = class_methods(self.ctx, owner)
        found = False
        for method in methods:
            params = {p.name.value: p for p in method.params.params}
            for bound in self_assignments(method, attr):
                if isinstance(bound, (cst.List, cst.ListComp)) or (
                    isinstance(bound, cst.Call)
                    and self.ctx.qualified_name(bound.func) == "builtins.list"
                ):
                    found = True
                    continue
                param = params.get(bound.value) if isinstance(bound, cst.Name) else None
                if (
                    param is None
                    or method.name.value != "__init__"
                    or assignments(method, param.name.value)
                    or not self._list_annotation(param.annotation)
                ):
                    return False
                found = True
        return found

    def _callee(self, func: cst.BaseExpression) -> Optional[cst.FunctionDef]:
        """The definition of ``self.m`` (a method of the current class) or of a module-level
        function of this file."""
        attr = self_attribute(func)
        info = self.ctx.function_info
        if attr is not None and info is not None and info.owner_class is not None:
            return next(
                (m for m in class_methods(self.ctx, info.owner_class) if m.name.value == attr),
                None,
            )
        if isinstance(func, cst.Name):
            return next(
                (
                    s
                    for s in self.ctx.module.body
                    if isinstance(s, cst.FunctionDef) and s.name.value == func.value
                ),
                None,
            )
        return None

    def _list_annotation(self, annotation: Optional[cst.Annotation]) -> bool:
        """``List[...]`` / ``list[...]``: a list of a length TorchScript does not know."""
        if annotation is None or not isinstance(annotation.annotation, cst.Subscript):
            return False
        name = self.ctx.qualified_name(annotation.annotation.value)
        return name in ("typing.List", "builtins.list")


def _local_annotation(function: cst.FunctionDef, name: str) -> Optional[cst.Annotation]:
    """The annotation of ``name: T = ...`` / ``name: T`` in ``function`` (nested functions
    left out), or None."""
    found: list[cst.Annotation] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and node is not function:
            return False
        if (
            isinstance(node, cst.AnnAssign)
            and isinstance(node.target, cst.Name)
            and node.target.value == name
        ):
            found.append(node.annotation)
        return None

    walk(function, enter, lambda node: None)
    return found[0] if found else None


def _loop_iterables(function: cst.FunctionDef, name: str) -> list[cst.BaseExpression]:
    """The sequences ``for name in <seq>`` and ``for i, name in enumerate(<seq>)`` loop over in
    ``function`` (nested functions left out); empty when some ``for`` binds ``name`` otherwise."""
    found: list[cst.BaseExpression] = []
    other = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal other
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and node is not function:
            return False
        if not isinstance(node, (cst.For, cst.CompFor)):
            return None
        target, iterable = node.target, node.iter
        if isinstance(target, cst.Name) and target.value == name:
            found.append(iterable)
        elif (
            isinstance(target, cst.Tuple)
            and len(target.elements) == 2
            and isinstance(target.elements[1].value, cst.Name)
            and target.elements[1].value.value == name
            and isinstance(iterable, cst.Call)
            and isinstance(iterable.func, cst.Name)
            and iterable.func.value == "enumerate"
            and len(iterable.args) == 1
        ):
            found.append(iterable.args[0].value)
        elif name in {n.value for n in _names(target)}:
            other = True
        return None

    walk(function, enter, lambda node: None)
    return [] if other else found


def _enumerate_indices(function: cst.FunctionDef, name: str) -> int:
    """How many ``for name, v in enumerate(seq)`` loops (comprehensions too) of ``function``
    bind ``name`` as the counter (an int; nested functions left out)."""
    count = 0

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal count
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and node is not function:
            return False
        if (
            isinstance(node, (cst.For, cst.CompFor))
            and isinstance(node.target, cst.Tuple)
            and len(node.target.elements) == 2
            and isinstance(node.target.elements[0].value, cst.Name)
            and node.target.elements[0].value.value == name
            and isinstance(node.iter, cst.Call)
            and isinstance(node.iter.func, cst.Name)
            and node.iter.func.value == "enumerate"
            and len(node.iter.args) == 1
        ):
            count += 1
        return None

    walk(function, enter, lambda node: None)
    return count


def _names(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _names(e.value)]
    return []


def _loops_over(function: cst.FunctionDef, name: str) -> Optional[list[cst.BaseExpression]]:
    """The iterables of the ``for`` loops (and comprehensions) whose target is the bare name
    ``name`` in ``function``; None when a loop unpacks into it."""
    found: list[cst.BaseExpression] = []
    unpacked = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal unpacked
        if isinstance(child, (cst.For, cst.CompFor)):
            target = child.target
            if isinstance(target, cst.Name) and target.value == name:
                found.append(child.iter)
            elif not isinstance(target, cst.Name):
                names = target_names(target)
                unpacked = unpacked or name in names
        return None

    walk(function.body, enter, lambda child: None)
    return None if unpacked else found


def _str_list_parameter(ctx: LintContext, function: cst.FunctionDef, name: str) -> bool:
    """A parameter of ``function`` annotated ``List[str]`` / ``list[str]``."""
    params = function.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value != name or param.annotation is None:
            continue
        annotation = param.annotation.annotation
        return (
            isinstance(annotation, cst.Subscript)
            and ctx.qualified_name(annotation.value) in ("typing.List", "builtins.list")
            and len(annotation.slice) == 1
            and isinstance(annotation.slice[0].slice, cst.Index)
            and ctx.qualified_name(annotation.slice[0].slice.value) == "builtins.str"
        )
    return False


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _root(target: cst.BaseExpression) -> cst.BaseExpression:
    """What a subscript or attribute target stores into (``d`` of ``d[k].x``)."""
    while isinstance(target, (cst.Subscript, cst.Attribute)):
        target = target.value
    return target


def _maybe_skipped(statement: cst.CSTNode, call: cst.Call) -> bool:
    """Whether ``call`` sits, within ``statement``, where Python may not evaluate it: a
    branch of an if-expression, the right of ``and`` / ``or``, a comprehension or lambda."""
    open_parts: list[cst.CSTNode] = []
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if node is call:
            found = any(
                type(p) in (cst.IfExp, cst.BooleanOperation, cst.Lambda)
                or isinstance(p, (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp))
                for p in open_parts
            )
            return False
        open_parts.append(node)
        return None

    def leave(node: cst.CSTNode) -> None:
        if open_parts and open_parts[-1] is node:
            open_parts.pop()

    walk(statement, enter, leave)
    return found


def _stub_decorator(ctx: LintContext, function: cst.FunctionDef) -> Optional[cst.BaseExpression]:
    """The decorator that makes ``function`` a stub raising when scripted code calls it:
    ``@torch.jit.unused`` or ``@torch.jit.ignore(drop=True)``; None without one."""
    return next(
        (
            d.decorator
            for d in function.decorators
            if ctx.qualified_name(d.decorator) == "torch.jit.unused"
            or _dropping_ignore(ctx, d.decorator)
        ),
        None,
    )


def _dropping_ignore(ctx: LintContext, decorator: cst.BaseExpression) -> bool:
    """``@torch.jit.ignore(drop=True)`` (``ignore(True)``): the same stub as
    ``@torch.jit.unused``, which raises when scripted code calls it."""
    if type(decorator) is not cst.Call or ctx.qualified_name(decorator.func) != "torch.jit.ignore":
        return False
    for position, arg in enumerate(decorator.args):
        if (arg.keyword is None and position == 0) or (
            arg.keyword is not None and arg.keyword.value == "drop"
        ):
            return type(arg.value) is cst.Name and arg.value.value == "True"
    return False
