"""TL102: bool(t), int(t), float(t) on a tensor."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import torch_int_argument_refused
from torchlint.lint.graph_queries import (
    ARITHMETIC,
    SIZE_FUNCTIONS,
    SIZE_METHODS,
    UNKNOWN_VALUE,
    assignments,
    parameter,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import NUMPY_SCALAR_MATH, Kind
from torchlint.lint.walk import walk

from ._graph import (
    annotated_tensor,
    compile_break_reported,
    in_raise_statement,
    keyword,
    statement_break_reported,
    with_trace_clause,
)
from .tl106_size_dependent_python import run_as_python_op
from .tl311_self_state_mutation import UnreadStateStores

# A number read in code graph code reaches only through a `torch.autograd.Function` (its
# forward, what it calls): torch.jit.trace records the Function as one Python op that runs its
# forward again on every call (torch 2.13), so each input reads its own number; the tracer
# still warns at the conversion.
TRACE_PYTHON_OP = (
    "torch.jit.trace warns (TracerWarning) but records the `torch.autograd.Function` as one "
    "Python op that runs this code again on every call, so each input reads its own number"
)


def python_op_read(ctx: LintContext, message: Message, cache: dict[int, bool]) -> Message:
    """``message`` for a read of tensor data as Python numbers, with the trace clause only
    warning where graph code reaches the function only through a `torch.autograd.Function`
    (``run_as_python_op``: the trace runs it as a Python op on every call). ``cache`` keeps the
    answer per function node."""
    function = ctx.function
    known = cache.get(id(function))
    if known is None:
        info = ctx.function_info
        while info is not None and info.parent is not None:
            info = info.parent  # a closure runs as its enclosing function does
        region = info.region if info is not None else None
        known = region is not None and run_as_python_op(ctx.index, region.qualname)
        cache[id(function)] = known
    return with_trace_clause(message, TRACE_PYTHON_OP) if known else message


CONVERSIONS = {
    "builtins.bool",
    "builtins.int",
    "builtins.float",
    "builtins.complex",
    "operator.index",  # `__index__`, an int as `int(t)` reads it
}
# A tensor where Python needs an int converts it implicitly; torch.compile(fullgraph=True) and
# torch.export capture that (torch 2.13), plain compile does not.
IMPLICIT_ADVICE = (
    "take the number from a shape where one holds it (`x.size(1)`); only "
    "`torch._dynamo.config.capture_scalar_outputs = True` keeps it in the graph"
)
SLICE_BOUND = Message(
    "a tensor as a slice bound is read as a Python int (`Tensor.item()`)",
    (
        (
            "compile",
            "plain torch.compile breaks the graph here (GB0124); torch.compile(fullgraph=True) "
            "captures it",
        ),
    ),
    IMPLICIT_ADVICE,
)
ZERO_DIM_INDEX = Message(
    "a 0-d tensor indexing a tensor is read as a Python int",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Could not extract specialized integer from "
            "data-dependent expression)",
        ),
    ),
    "index with a 1-d tensor (`x[:, idx]` with `idx` of every position at once), or gather",
)
RANGE_BOUND = Message(
    "a tensor as a `range()` bound is read as a Python int (`__index__`)",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Failed to trace builtin operator) and plain "
            "torch.compile breaks the graph here",
        ),
        (
            "export",
            "torch.export fails (Could not extract specialized integer from data-dependent "
            "expression)",
        ),
        (
            "trace",
            "torch.jit.trace runs the loop the example's number of times for every input, "
            "without a warning",
        ),
    ),
    "loop a bound known before the call (a size or a setting) and mask the steps past each "
    "row's count, or keep the loop outside the compiled code",
)
# 1-d integer tensors: iterating one gives 0-d tensors (`for i in torch.arange(n)`).
ONE_DIM_FACTORIES = frozenset({"torch.arange", "torch.randperm"})
# 2-d ones: a row of one, indexed by an int, is a 0-d tensor (`for ij in pairs: x[ij[0]]`).
TWO_DIM_FACTORIES = frozenset({"torch.cartesian_prod", "torch.nonzero", "torch.argwhere"})
SIZE_ARGUMENT = Message(
    "a tensor as a size is read as a Python int",
    (
        (
            "compile",
            "plain torch.compile breaks the graph here (GB0033 'Data dependent operator'); "
            "torch.compile(fullgraph=True) captures it",
        ),
    ),
    IMPLICIT_ADVICE,
)
COMPLEX_OF_TENSOR = Message(
    "`complex()` of a tensor reads its data as a Python number",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "('Failed to trace builtin operator')",
        ),
        ("export", "torch.export fails on the data-dependent number"),
        ("trace", "torch.jit.trace bakes it in as a constant"),
    ),
    "keep it a tensor: `torch.complex(re, im)`",
)
# Python containers (a list, a tuple, a ModuleList) indexed by a tensor call its `__index__`.
PYTHON_SEQUENCE_KINDS = (Kind.CONST, Kind.TENSORS, Kind.MODULES)
SEQUENCE_INDEX = Message(
    "a tensor indexing a Python list, tuple or ModuleList is read as a Python int (`__index__`)",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here",
        ),
        ("export", "torch.export fails (GuardOnDataDependentSymNode)"),
        ("trace", "torch.jit.trace bakes in the item the example input picked"),
    ),
    "select with tensor operations (`torch.stack(items)[idx]`, a gather), or run every "
    "branch and mask",
)
# Resampling functions whose ``scale_factor`` (keyword, or third positional) must be a
# concrete number.
RESAMPLING = frozenset(
    {
        "torch.nn.functional.interpolate",
        "torch.nn.functional.upsample",
        "torch.nn.functional.upsample_bilinear",
        "torch.nn.functional.upsample_nearest",
    }
)
DATA_SCALE_FACTOR = Message(
    "a number read from tensor data as `scale_factor`",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises here (TypeError when making fake tensor call)",
        ),
        (
            "export",
            "torch.export fails here (scale_factors must be floats, not a data-dependent SymFloat)",
        ),
    ),
    "give the scale as a Python number that does not come from a tensor (a constant of the "
    "model, or a float argument)",
)
# NumPy made from tensors: TL104 / TL306 name export and trace at the conversion to NumPy.
NUMPY_NUMBER = Message(
    "converting NumPy data made from a tensor or its sizes to a Python number",
    (
        (
            "compile",
            "plain torch.compile, which traces NumPy calls as tensor operations, breaks the "
            "graph here",
        ),
    ),
    "use the torch function and keep the value a tensor",
)
# `np.ceil(np.log(n)).astype(int)` of a size `n` (torch 2.13): Dynamo computes the NumPy math on
# the number, and `.astype` of it is "torch.* op returned non-Tensor"; under trace the size is a
# tensor, NumPy's function returns a tensor, and a tensor has no `astype`.
NUMPY_SIZE_ASTYPE = Message(
    "`.astype()` of NumPy math on a size",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (torch.* op returned non-Tensor)",
        ),
        (
            "trace",
            "torch.jit.trace fails (under trace the size is a tensor, the NumPy function returns "
            "a tensor, and a tensor has no `astype`)",
        ),
    ),
    "use `math` on the size and `int()`: `int(math.ceil(math.log(n)))`",
)
# `math.f(t)` of a tensor (torch 2.13): fullgraph raises and plain compile breaks on each; export
# fails on each (its guard on the unbacked float, measured on 39 functions of one and two
# arguments: sqrt, atan2, hypot, fmod, log(t, 2), ...; `trunc`: TypeError) except `math.pow`,
# which it keeps symbolic.
MATH_EXPORT_PASSES = frozenset({"math.pow"})
MATH_OF_TENSOR = Message(
    "a `math` function of a tensor reads its data as a Python float",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here",
        ),
        ("export", "torch.export fails on the data-dependent number"),
        ("trace", "torch.jit.trace bakes it in as a constant"),
    ),
    "use the torch function (`torch.sqrt(t)`, `t.exp()`) and keep the value a tensor",
)
# One-element tensors whose value export's fake tensors keep (torch 2.13's FakeTensor constant
# propagation): `torch.tensor(n)` / `torch.as_tensor(n)` of one Python number (a literal, a
# size under export's static shapes), and ops of such alone. Reading their number needs no
# guard: export passes and keeps the value (`math.ceil(torch.log(torch.as_tensor(2 * n - 1))
# / torch.log(torch.as_tensor(2)))`). Not `torch.scalar_tensor(n)`, a list of sizes, nor an
# `arange` (export fails on each: their values are not kept).
FAKE_CONSTANT_CONSTRUCTORS = frozenset({"torch.tensor", "torch.as_tensor"})


def _python_number(
    ctx: LintContext, expr: cst.BaseExpression, leaves: tuple[Kind, ...], depth: int = 0
) -> bool:
    """A single Python number: a literal, a value of one of the ``leaves`` kinds, or arithmetic
    of such; a local bound once to one counts."""
    kind = type(expr)
    if kind in (cst.Integer, cst.Float):
        return True
    if kind is cst.UnaryOperation:
        return _python_number(ctx, expr.expression, leaves, depth)  # type: ignore[attr-defined]
    if kind is cst.BinaryOperation:
        return isinstance(expr.operator, ARITHMETIC) and all(  # type: ignore[attr-defined]
            _python_number(ctx, side, leaves, depth)
            for side in (expr.left, expr.right)  # type: ignore[attr-defined]
        )
    if kind is cst.Name and depth < 4:
        bound = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        if len(bound) == 1 and bound[0][2] == 1 and bound[0][0] is not UNKNOWN_VALUE:
            return _python_number(ctx, bound[0][0], leaves, depth + 1)
    return ctx.kind(expr) in leaves


def _one_number(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """A single Python number that holds no tensor data: a literal, a size or rank, or
    arithmetic of such (``2 * x.shape[-1] - 1``)."""
    return _python_number(ctx, expr, (Kind.SIZE, Kind.RANK))


def _constant_tensor(
    ctx: LintContext,
    expr: cst.BaseExpression,
    number: Callable[[LintContext, cst.BaseExpression], bool],
    any_order: bool,
    depth: int = 0,
) -> bool:
    """Whether the tensor ``expr`` is made by ``torch.tensor`` / ``torch.as_tensor`` of one
    Python number that ``number`` accepts, or by torch functions, tensor methods and
    arithmetic of such tensors and numbers alone (with ``any_order``, the tensor may be any
    operand of a call, else its first); a local bound once to one counts."""

    def tensor(e: cst.BaseExpression, deeper: int = depth) -> bool:
        return _constant_tensor(ctx, e, number, any_order, deeper)

    kind = type(expr)
    if kind is cst.BinaryOperation:
        sides = (expr.left, expr.right)  # type: ignore[attr-defined]
        return any(map(tensor, sides)) and all(tensor(e) or number(ctx, e) for e in sides)
    if kind is cst.UnaryOperation:
        return tensor(expr.expression)  # type: ignore[attr-defined]
    if kind is cst.Name and depth < 4:
        bound = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        return (
            len(bound) == 1
            and bound[0][2] == 1
            and bound[0][0] is not UNKNOWN_VALUE
            and tensor(bound[0][0], depth + 1)
        )
    if kind is not cst.Call:
        return False
    args = expr.args  # type: ignore[attr-defined]
    if any(arg.star for arg in args):
        return False
    positional = [arg.value for arg in args if arg.keyword is None]
    name = ctx.qualified_name(expr.func) or ""  # type: ignore[attr-defined]
    if name in FAKE_CONSTANT_CONSTRUCTORS:
        # `dtype=` / `device=` keywords change no value.
        return len(positional) == 1 and number(ctx, positional[0])
    func = expr.func  # type: ignore[attr-defined]
    if name.startswith("torch.") and positional:
        operands = positional
    elif type(func) is cst.Attribute and not name:
        operands = [func.value, *positional]  # `t.float()`, `t.sqrt()`: a method of the tensor
    else:
        return False
    first = any(map(tensor, operands)) if any_order else tensor(operands[0])
    return first and all(tensor(e) or number(ctx, e) for e in operands)


def fake_constant(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """Whether the tensor ``expr`` is one whose number export's fake tensor keeps: a constant
    tensor (``_constant_tensor``) of one Python number ``_one_number`` takes
    (``torch.log(torch.as_tensor(n)) / torch.log(torch.as_tensor(2))``)."""
    return _constant_tensor(ctx, expr, _one_number, any_order=False)


def _input_free_number(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """A Python number the same for every input of a trace: a literal, a rank (a trace is
    made for one rank), a setting, or arithmetic of such; not a size (``_one_number`` takes
    sizes, which export's static shapes fix but another input of a trace changes)."""
    return _python_number(ctx, expr, (Kind.RANK, Kind.CONST))


def input_free_tensor(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """Whether the tensor ``expr`` holds the same value for every input of a trace: a constant
    tensor (``_constant_tensor``, in any argument order: ``torch.remainder(dim,
    torch.tensor(rank))``) of numbers ``_input_free_number`` takes. A ``range()`` over it runs
    the same number of times for every input (torch 2.13: the tracer takes its ``__index__``
    without a warning, and the count is right for each input)."""
    return _constant_tensor(ctx, expr, _input_free_number, any_order=True)


# `f"{t:.3f}"`: Tensor.__format__ reads a 0-d tensor's number for a format spec (torch 2.13:
# export's fake tensor refuses it; compile and trace pass).
FORMAT_SPEC = Message(
    "a tensor formatted with a format spec reads its data as a Python number",
    (
        (
            "export",
            "torch.export fails (unsupported format string passed to FakeTensor.__format__)",
        ),
    ),
    "format the tensor outside the exported code, or leave the spec out",
)
# `"peak=%.3f" % t`: %-formatting a tensor reads it. A numeric conversion (%d, %f, %e, %g,
# ...) reads its number (torch 2.13: fullgraph and export fail on the data-dependent value,
# GB0033, and plain compile gives up on the frame); %s / %r formats the tensor (compile
# fails the same way, export passes).
PERCENT_NUMBER = Message(
    "%-formatting a tensor with a numeric conversion reads its data as a Python number",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (GB0033 'Data dependent operator') and plain "
            "torch.compile leaves the whole function uncompiled (it runs eagerly)",
        ),
        ("export", "torch.export fails (data-dependent guard)"),
    ),
    "format the tensor outside the compiled code, or keep the value a tensor",
)
PERCENT_STRING = Message(
    "%-formatting a tensor with %s / %r builds its string in Python",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile leaves the whole "
            "function uncompiled (it runs eagerly)",
        ),
    ),
    "format the tensor outside the compiled code",
)
# A %-conversion: flags, width, precision, then the conversion character.
PERCENT_CONVERSION = re.compile(r"%[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?([diouxXeEfFgGcrsa%])")
# Size methods whose other positional arguments are not sizes: the positions that are.
SIZE_POSITIONS = {"topk": (0,), "narrow": (2,), "new_full": (0,)}


class TensorToPythonScalar(UnreadStateStores, Rule):
    """Flags `bool(t)`, `int(t)`, `float(t)`, `complex(t)` of tensors in graph code, and tensors
    used where Python needs an int (slice bounds, sizes).

    ## What it does
    Finds conversions of a tensor to a Python number in graph code, such as
    `longest = int(lengths.max())` or `scale = float(x.norm())`. Conversions of sizes
    (`int(x.shape[0])`), config values and Python scalars are not flagged.

    A tensor indexing a Python list, tuple or `ModuleList` (`self.heads[domain[0]]`,
    `scales[t.argmax()]`) is converted the same way, by its `__index__`: compile, export and
    trace all fail or specialise there (an unannotated `forward` parameter, usually an int, is
    not taken for a tensor).

    The same for NumPy data made from a tensor (`float(np.mean(h.numpy()))`) and for `math`
    functions of a tensor (`math.sqrt(h.var() + 1e-5)`, `math.atan2(v[1], v[0])`, which read it
    with `__float__`: export is claimed for every one but `math.pow`, which torch 2.13's export
    keeps symbolic). Nor is export claimed for a conversion of a tensor whose number export's
    fake tensor keeps: `torch.tensor(n)` / `torch.as_tensor(n)` of one number (a literal, a
    size, fixed under export's static shapes) and ops of such alone (`math.ceil(torch.log(
    torch.as_tensor(2 * x.shape[-1] - 1)) / torch.log(torch.as_tensor(2)))`: torch 2.13's
    export passes and keeps the value; compile still breaks, trace still bakes it in). Also the implicit
    conversions: a tensor as a slice bound (`y[..., :n]` with `n` a 0-d
    tensor, as julius' resampler slices by `torch.ceil(...).long()`) and a tensor read from data
    as a size (`torch.arange(lengths.max())`, `x.new_zeros(n, d)`, `x.topk(k)`, `F.pad`'s pad,
    and the other size factories and methods). Those name plain compile only:
    `torch.compile(fullgraph=True)` and `torch.export` capture them. Not so an argument the
    operator's schema types `int` rather than `SymInt` (`torch.fft.fftfreq(ns[0])`,
    `torch.hann_window(n)`, `torch.tril_indices(k, k)`, from the generated
    `torch_int_argument_refused` table): fullgraph and export both need its value ("Could not
    extract specialized integer from data-dependent expression"). A tensor made from sizes
    and numbers alone (`torch.div(x.size(1), 2, rounding_mode="floor")`) sizes tensors without
    a break, and an unannotated parameter (`torch.arange(seq_len)`) is usually an int, so
    neither is flagged as a size. A tensor given a format spec in an f-string
    (`f"{loss:.3f}"`, in a print or a log message too) is read as a number by
    `Tensor.__format__`: export's fake tensor refuses it (compile and trace pass; not flagged
    in a `raise` statement's message). So is a tensor %-formatted with a numeric conversion
    (`"peak=%.3f" % t`: fullgraph and export fail, plain compile runs the function eagerly);
    with `%s` / `%r` only compile fails (export and trace pass).

    `complex(re, im)` of tensors, `map(float, t)` over a tensor and `operator.index(t)` convert
    the same way.

    ## Why is this bad?
    The conversion reads the tensor's data on the host, which a graph cannot represent:
    plain `torch.compile` breaks the graph (GB0124, as for `.item()`), and using the number for
    shapes or branches makes `torch.export.export` fail on a data-dependent expression.
    `torch.compile(fullgraph=True)` captures the number and fails only where it decides a branch
    (TL101). `torch.jit.trace` records the number as a constant, so every later
    input reuses the example input's value. As for `.item()` (TL103), compile is claimed where
    Dynamo reports the break (after other operations of the frame, outside the compiled frame's
    own loops: a loop in a helper or a submodule's `forward` that Dynamo inlines does not hide
    it), and NumPy made from one size (`int(np.ceil(x.shape[0] / 2))`) is not claimed for
    compile (Dynamo computes it on the number; `np.prod(x.shape[1:])` it traces). Trace is
    claimed at every conversion, where torch 2.13 warns (TracerWarning): a value read only from
    parameters and buffers (`float(self.scale)`) is the same for every input, but the traced
    module keeps it as a constant, so weights loaded into it later do not change it; a number
    only stored where no graph code reads it back is stored only while tracing.

    NumPy data made from a tensor (`float(np.percentile(h.detach().numpy(), 95))`) is a tensor
    to `torch.compile`, which traces NumPy calls as tensor operations: converting it breaks
    plain compile as a tensor's conversion does (export and trace fail earlier, at the
    conversion to NumPy: TL104, TL306). `.astype()` of NumPy math on one size
    (`np.ceil(np.log(L)).astype("int")`, Informer's sample count) fails both: fullgraph raises
    ("torch.* op returned non-Tensor") and under trace the size is a tensor, so the NumPy
    function returns a tensor, which has no `astype`; `int(math.ceil(math.log(L)))` is the fix.

    Where Python needs an int, Dynamo converts a tensor itself (a size, `topk`'s `k`, the split
    points of `tensor_split` given as a tensor): a size argument breaks plain
    compile at the call (GB0033 'Data dependent operator'), a slice bound inside the subscript
    (GB0124). The subscript is not a call, so Dynamo goes back to the start of the statement
    and reports the break only when its graph holds more than one operation by then
    (`is_non_empty_graph`); otherwise it runs the whole frame eagerly, and nothing is flagged.
    Only `torch._dynamo.config.capture_scalar_outputs = True` keeps either in the graph.

    A tensor formatted with a format spec (`f"{t:.3f}"`, `"{:.3f}".format(t)`) reads its
    number: `torch.export` fails there ("unsupported format string passed to
    FakeTensor.__format__"); compile and trace pass.

    A number read from tensor data (`.item()`, `float(t)`, through helpers) given as the
    `scale_factor` of `F.interpolate` / `F.upsample` (alone or in a tuple) is flagged where it is
    given: the resampling kernels take concrete floats, so `torch.compile(fullgraph=True)`
    raises there ("TypeError when making fake tensor call") and `torch.export` fails
    ("scale_factors must be tuple of floats, but found element of type SymFloat").

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x, lengths):
            longest = int(lengths.max())
            return x[:, :longest].sum(1)
    ```
    Use instead: keep the value a tensor (`longest = lengths.max()`: slicing, sizes and
    arithmetic take a 0-d tensor), or compute it outside `forward` and pass it in.

    ## Fix safety
    The unsafe fix keeps the 0-d tensor: `int(t)` -> `t.long()` (just `t` where `t` is surely an
    integer count or index, or where the value is a slice bound, as `.long()` there breaks plain
    compile), `float(t)` -> `t.detach().float()` (`.reshape(())` added where `t` is not surely
    0-d), offered only where every use of
    the value (and of the one name bound to it) takes a tensor in its place: arithmetic with a
    tensor, a slice bound, a single index (`x[:, k]` -> `x[:, k.reshape(1)].squeeze(1)`), a size
    (`torch.arange(n)`, `torch.full((n,), v)`, `x.new_zeros(n, d)`, `x.repeat(n, 1)`,
    `x.topk(k)`, `F.pad(x, (0, n))`), a `clamp` bound, `max(n, 1)` (-> `n.clamp(min=1)`) or
    `math.sqrt(v)` (-> `torch.sqrt(v)`); the same for `math.sqrt(t)` of a tensor itself (->
    `torch.sqrt(t.detach())`); `complex(re, im)` of tensors -> `torch.complex(re.detach(),
    im.detach())` (float32 parts where `complex()` held doubles; a tensor it meets keeps the
    result's dtype) and `operator.index(t)` -> what `int(t)` becomes, under the same condition
    (see `fixers/number_builtins.py`). `bool(t)` read only by `if` tests is bound to the tensor by
    TL101's fix of those tests; other `bool(t)`, branches, `range(n)`, Python lists and
    return values keep the number, with no fix (see `fixers/scalar_to_tensor.py`). A number
    that only feeds reporting state (`self.summary = "peak=%.3f" % h.max()`, a print, a local
    only those read) gets another unsafe fix: those statements go under `if not
    torch.compiler.is_compiling():`, so compile and export skip the report (the attribute keeps
    its old value there) and eager, script and trace run it as before. A submodule picked from
    a `ModuleList` by a tensor (`self.heads[i](x)`, or `head = self.heads[i]` called in the
    next statement) gets the unsafe fix `torch.stack([m(x) for m in self.heads])
    .index_select(0, i.reshape(1)).squeeze(0)`: every head runs (their outputs must share a
    shape), and every back-end records the selection (see `fixers/module_select.py`).
    Export and trace then see tensor operations; plain `torch.compile` passes too, except where
    the value sizes a tensor or bounds a slice (which reads it with an implicit `.item()`; only
    `.item()` gives a size, and plain compile breaks on it: the `capture_scalar_outputs`
    setting belongs to the caller, no fix can set it).
    Where the value bounds a slice or sizes a tensor, the fixed code keeps the plain-compile
    break, now at the slice or the size (and flagged there by this rule), while export and
    trace are repaired. (TL103's fix in that place is made only without compile among the
    targets, as it would bring this rule's finding.)
    Unsafe: `float(t)` was a double and `t.float()` is float32 (arithmetic on the number alone
    differs in the last bits, within the benchmarks' allclose); a float64/float16 value met with
    an integer tensor keeps its dtype; `int(t)` of a float tensor used as a slice bound is no
    longer truncated and fails; indexing by a tensor copies where an int index made a view.
    """

    code = "TL102"
    name = "tensor-to-python-scalar"
    subject = "converting a tensor to a Python number reads its data"
    clauses = {
        "compile": "plain torch.compile breaks the graph here (GB0124)",
        "export": "torch.export fails on the data-dependent number",
        "trace": "torch.jit.trace bakes it in as a constant",
    }
    advice = "keep it a tensor"
    targets = ("compile", "export", "trace")
    _annotations = 0  # how many annotations the walk is inside

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._zero_dim_reported: set[int] = set()
        self._python_op: dict[int, bool] = {}  # function node -> run_as_python_op

    VALID = [
        # Informer's sample count with `math` and `int()`: a number both back-ends compute.
        Valid(
            """
            import math

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q):
                    u = 2 * int(math.ceil(math.log(q.shape[1])))
                    return q[:, : min(u, q.shape[1])].mean(1)

            def inputs():
                return [(torch.randn(2, 8, 4),), (torch.randn(2, 8, 4) + 1,)]
            """,
            backends=("compile",),
        ),
        # Every column at once with a 1-d index, and a loop over Python ints.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    idx = torch.arange(x.shape[-1]).flip(0)
                    cols = [x[:, i] * (i + 1) for i in range(x.shape[-1])]
                    return x[:, idx] + torch.stack(cols, -1), x[:, x[0].argmax(-1, keepdim=True)]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(3, 3),)]
            """
        ),
        # `tuple[torch.Tensor | None, ...]` in a signature is a type, not an index.
        Valid(
            """
            from __future__ import annotations

            from collections.abc import Iterable

            import torch
            from torch import nn

            class Cache:
                def __init__(self, data: Iterable[tuple[torch.Tensor | None, ...]] | None = None):
                    self.layers = list(data) if data is not None else []

            class Model(nn.Module):
                def forward(self, x, past: list[tuple[torch.Tensor | None, ...]] | None = None):
                    cache = Cache(past)
                    return x * (len(cache.layers) + 1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim: int = 4, scale: float = 2.0):
                    super().__init__()
                    self.scale = float(scale)
                    self.heads = int(dim // 2)
                    self.fc = nn.Linear(dim, dim)

                def forward(self, x, alpha: float = 0.5):
                    return self.fc(x) * float(alpha) * self.scale / int(self.heads)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    d = int(x.shape[-1])
                    return x / float(d) ** 0.5

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    for i, layer in enumerate(self.layers):
                        x = layer(x) * float(i + 1)
                    return x if bool(self.training) else x.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.softmax(-1)

            def accuracy(model, x, y):
                correct = int((model(x).argmax(-1) == y).sum())
                return correct / float(len(y))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
                        if float(x.abs().max()) > 1e6:
                            raise ValueError("overflow")
                    return x.tanh()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    half = torch.div(x.size(1), 2, rounding_mode="floor")
                    y = x.relu() * 2
                    return y.new_zeros(half, 2) + y[:, :2].sum()

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 8),)]
            """
        ),
        # One operation before the statement: Dynamo runs the frame eagerly, no break reported.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    longest = lengths.max()
                    return x[:, :longest].sum(1)

            def inputs():
                return [
                    (torch.randn(2, 6, 3), torch.tensor([3, 2])),
                    (torch.randn(2, 6, 3), torch.tensor([5, 6])),
                ]
            """
        ),
    ]
    INVALID = [
        # A loop counted by the data (how many positions are positive), a step per count.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    out = x
                    for i in range(1, (x > 0).sum()):
                        out = out + i
                    return out

            def inputs():
                return [(torch.tensor([1.0, 2.0, -1.0]),), (torch.tensor([1.0, 2.0, 3.0, 4.0]),)]
            """,
            line=7,
            backends=("compile", "export", "trace"),
            message_contains="`range()` bound",
        ),
        # A window length read from the data: hann_window's `int` argument (not a SymInt).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    win = torch.hann_window(lengths.max())
                    return x[:, : win.shape[0]] * win

            def inputs():
                return [
                    (torch.randn(2, 8), torch.tensor([5, 3])),
                    (torch.randn(3, 9), torch.tensor([4, 6, 2])),
                ]
            """,
            line=6,
            backends=("compile", "export"),
            message_contains="`window_length` of `torch.hann_window`",
        ),
        # A property setter given a tensor: `self.scale = t` runs `float(value)` on it.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self._scale = 1.0

                @property
                def scale(self) -> float:
                    return self._scale

                @scale.setter
                def scale(self, value) -> None:
                    self._scale = float(value)

                def forward(self, x):
                    self.scale = x.detach().abs().amax().clamp(min=1e-8) / 127
                    return torch.round(x / self.scale) * self.scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4) * 3,)]
            """,
            line=15,
        ),
        # Informer's ProbSparse sample count: NumPy math on a sequence length, then `astype`.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q):
                    u = 2 * np.ceil(np.log(q.shape[1])).astype("int")
                    return q[:, : int(u)].mean(1)

            def inputs():
                return [(torch.randn(2, 8, 4),), (torch.randn(2, 8, 4) + 1,)]
            """,
            line=7,
            backends=("compile", "trace"),
        ),
        # Columns picked one by one with the elements of an arange: each is a 0-d tensor.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    cols = []
                    for i in torch.arange(x.shape[-1]):
                        cols.append(x[:, i] * (i + 1))
                    return torch.stack(cols, -1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(3, 3),)]
            """,
            line=8,
            backends=("compile",),
        ),
        # A pair of channels from a cartesian product, and the winner of a global argmax.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    c = x.shape[1]
                    out = torch.zeros(x.shape[0], c, c)
                    pairs = torch.cartesian_prod(torch.arange(c), torch.arange(c))
                    for ij in pairs:
                        out[:, ij[0], ij[1]] = (x[:, ij[0]] * x[:, ij[1]]).mean(-1)
                    return out, x[0, 0, x[0, 0].argmax()]

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 3, 4),)]
            """,
            line=10,
            backends=("compile",),
        ),
        # A math function of two values read from a tensor: export guards on them.
        Invalid(
            """
            import math

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    v = x.mean(0)
                    return x * math.atan2(v[1], v[0])

            def inputs():
                return [(torch.randn(3, 2),), (torch.randn(3, 2) - 1,)]
            """,
            line=9,
            backends=("compile", "export", "trace"),
        ),
        # A statistic kept on self for logging, which no graph code reads back: the trace
        # computes the output as eager does, so the finding names compile and export only.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gate = nn.Linear(4, 4)
                    self.density = []

                def forward(self, x):
                    m = self.gate(x).sigmoid()
                    self.density.append(float((m > 0.5).float().mean()))
                    return x * m

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            trace_warning=True,
            backends=("compile", "export"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.heads = nn.ModuleList(nn.Linear(4, 3) for _ in range(3))

                def forward(self, x, domain: torch.Tensor):
                    return self.heads[domain[0]](x)

            def inputs():
                return [(torch.randn(2, 4), torch.tensor([1, 1])), (torch.randn(2, 4), torch.tensor([2, 2]))]
            """,
            line=10,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.heads = nn.ModuleList(nn.Linear(4, 3) for _ in range(3))

                    def forward(self, x, domain: torch.Tensor):
                        return torch.stack([module(x) for module in self.heads]).index_select(0, domain[0].reshape(1)).squeeze(0)

                def inputs():
                    return [(torch.randn(2, 4), torch.tensor([1, 1])), (torch.randn(2, 4), torch.tensor([2, 2]))]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = [0.5, 1.0, 2.0]

                def forward(self, x, level: torch.Tensor):
                    return x * self.scales[level.argmax()]

            def inputs():
                return [(torch.randn(2, 4), torch.tensor([0.1, 0.9, 0.0])), (torch.randn(2, 4), torch.tensor([0.0, 0.1, 0.9]))]
            """,
            line=10,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    y = x * 2
                    w = complex(y.sum(), y.mean())
                    return y * w.real

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            message_contains="complex",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    y = x * 2
                    return y * sum(map(float, y.sum(1)))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        # A cosine schedule of a step kept in a buffer: every math function of the tensor
        # reads its number (export: a guard on the unbacked float).
        Invalid(
            """
            import math

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("step", torch.tensor(3.0))

                def forward(self, x):
                    y = x * 2
                    return y * math.cos(math.pi * self.step / 10)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            trace_warning=True,
            backends=("compile", "export"),
            message_contains="math",
        ),
        # `str.format` with a format spec formats the tensor as an f-string does.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.summary = ""

                def forward(self, x):
                    h = x.relu()
                    self.summary = "mean={:.4f}".format(h.mean())
                    return h

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            backends=("export",),
            message_contains="format spec",
        ),
        # Split points computed from data: Dynamo reads the tensor as Python ints.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, h, lengths: torch.Tensor):
                    h = h * 2
                    cuts = lengths.cumsum(0)[:-1]
                    parts = h.tensor_split(cuts)
                    return torch.stack([p.mean(0) for p in parts])

            def inputs():
                return [(torch.randn(10, 6), torch.tensor([3, 4, 3])), (torch.randn(10, 6), torch.tensor([1, 4, 5]))]
            """,
            line=8,
            backends=("compile",),
            message_contains="as a size",
        ),
        # A data-dependent scale for a resampling kernel: fullgraph and export need a float.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale):
                    y = x * 2
                    s = scale.item()
                    return F.interpolate(y, scale_factor=(s, s), mode="bilinear")

            def inputs():
                return [(torch.rand(1, 3, 8, 8), torch.tensor(2.0)), (torch.rand(1, 3, 8, 8), torch.tensor(3.0))]
            """,
            line=9,
            backends=("compile", "export"),
            message_contains="scale_factor",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.summary = ""

                def forward(self, x):
                    h = x.relu()
                    self.summary = "peak=%.3f mean=%.3f" % (h.max(), h.mean())
                    return h

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            backends=("compile", "export"),
            message_contains="numeric conversion",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.summary = ""

                def forward(self, x):
                    h = x.relu()
                    self.summary = "peak=%s" % h.max()
                    return h

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            backends=("compile",),
            message_contains="%s / %r",
        ),
        # A format spec on a tensor: export's fake tensor cannot give the number.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    label = f"mean {h.mean():.3f}"
                    return h * len(label)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("export",),
            message_contains="format spec",
        ),
        # In a submodule's loop: Dynamo inlines the call, breaks at it in the caller's frame
        # (after the caller's operations) and reports it; only a loop of the compiled frame
        # itself makes Dynamo skip the frame instead.
        Invalid(
            """
            import torch
            from torch import nn

            class PostProcess(nn.Module):
                def forward(self, scores):
                    kept = []
                    for row in scores:
                        k = int((row > 0).sum())
                        kept.append(row * k)
                    return torch.stack(kept)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.post = PostProcess()

                def forward(self, x):
                    return self.post(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4) * 2,)]
            """,
            line=8,
            backends=("compile", "export", "trace"),
        ),
        Invalid(
            """
            import math

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim: int = 8):
                    super().__init__()
                    self.fc = nn.Linear(dim, dim)

                def forward(self, x):
                    h = self.fc(x)
                    std = math.sqrt(h.var() + 1e-5)
                    return h / std

            def inputs():
                return [(torch.randn(4, 8),), (torch.randn(4, 8) * 7,)]
            """,
            line=13,
            message_contains="`math` function",
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(8, 8)

                def forward(self, x):
                    h = self.fc(x)
                    p95 = np.percentile(h.detach().numpy(), 95)
                    return h.clamp(max=float(p95))

            def inputs():
                return [(torch.randn(4, 8),), (torch.randn(5, 8) * 3,)]
            """,
            line=13,
            backends=("compile",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    y = x.relu() * 2
                    n = (x > 0).sum(1).max()
                    return y[:, :n]

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 8),)]
            """,
            line=8,
            backends=("compile",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    h = x.relu()
                    mask = torch.arange(lengths.max()) < lengths[:, None]
                    return h[:, : mask.shape[1]] * mask[..., None]

            def inputs():
                return [
                    (torch.randn(2, 6, 3), torch.tensor([3, 2])),
                    (torch.randn(2, 6, 3), torch.tensor([5, 6])),
                ]
            """,
            line=7,
            backends=("compile",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    longest = int(lengths.max())
                    return x[:, :longest].sum(1)

            def inputs():
                return [
                    (torch.randn(2, 6, 3), torch.tensor([3, 2])),
                    (torch.randn(2, 6, 3), torch.tensor([5, 6])),
                ]
            """,
            line=6,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x, lengths):
                        longest = lengths.max()
                        return x[:, :longest].sum(1)

                def inputs():
                    return [
                        (torch.randn(2, 6, 3), torch.tensor([3, 2])),
                        (torch.randn(2, 6, 3), torch.tensor([5, 6])),
                    ]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    s = float(x.sum())
                    return x * s

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x):
                        s = x.sum().detach().float()
                        return x * s

                def inputs():
                    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if bool((x > 0).all()):
                        return x
                    return -x

            def inputs():
                return [(torch.ones(2, 3),), (-torch.ones(2, 3),)]
            """,
            line=6,
        ),
    ]

    def _int_argument(self, node: cst.Call, name: str) -> None:
        """``torch.fft.fftfreq(ns[0])``, ``torch.hann_window(n)`` with a tensor read from data:
        an argument the operator's schema types ``int`` (not ``SymInt``), which fullgraph and
        export must know the value of (the generated ``torch_int_argument_refused`` table)."""
        arguments = torch_int_argument_refused().get(name)
        if not arguments:
            return
        for argument, facts in arguments.items():
            given = keyword(node, argument)
            position = facts["position"]
            if given is None and len(node.args) > position:
                if any(a.keyword is not None or a.star for a in node.args[: position + 1]):
                    continue
                given = node.args[position].value
            if given is None or not self._from_data(given):
                continue
            message = Message(
                f"a tensor as `{argument}` of `{name}` is read as a Python int the operator "
                "needs the value of",
                (
                    (
                        "compile",
                        "torch.compile(fullgraph=True) raises (Could not extract specialized "
                        "integer from data-dependent expression) and plain torch.compile "
                        "breaks the graph here",
                    ),
                    ("export", f"torch.export fails ({facts['export'].split(' from ')[0]})"),
                ),
                f"pass `{argument}` as a Python int known before the call (a size or a "
                "setting), not a value read from a tensor",
            )
            self.report(node, message, targets=["compile", "export"])

    def _numpy_size_astype(self, node: cst.Call) -> bool:
        """``np.ceil(np.log(n)).astype("int")`` with ``n`` a size: NumPy scalar math of the
        size, converted with ``astype``."""
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "astype":
            return False
        receiver = func.value
        if not isinstance(receiver, cst.Call):
            return False
        name = self.ctx.qualified_name(receiver.func) or ""
        return (
            name.startswith("numpy.")
            and name[6:] in NUMPY_SCALAR_MATH
            and self.ctx.kind(receiver) == Kind.SIZE
        )

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        for size in self._size_arguments(node):
            if self._from_data(size) and compile_break_reported(self.ctx, node, (size,)):
                self.report(size, SIZE_ARGUMENT, targets=["compile"])
        name = self.ctx.qualified_name(node.func) or ""
        self._int_argument(node, name)
        if name == "builtins.range":
            bounds = [a.value for a in node.args if a.keyword is None and not a.star]
            if any(
                self.ctx.kind(bound) is Kind.TENSOR and not self._assumed_tensor(bound)
                for bound in bounds
            ):
                # A bound of the same value for every input: the trace's count is right.
                trace = not all(
                    self.ctx.kind(bound) is not Kind.TENSOR or input_free_tensor(self.ctx, bound)
                    for bound in bounds
                )
                targets = ["compile", "export", "trace"] if trace else ["compile", "export"]
                self.report(node, RANGE_BOUND, targets=targets)
        if self._numpy_size_astype(node):
            self.report(node, NUMPY_SIZE_ASTYPE, targets=["compile", "trace"])
        if name in RESAMPLING:
            self._data_scale_factor(node)
        self._format_method(node)
        if name.startswith("math.") and node.args and not node.args[0].keyword:
            self._math_of_tensor(node, name)
            return
        if name == "builtins.map" and len(node.args) == 2 and not node.args[0].keyword:
            # `map(float, t)`: the conversion applied to each element of the tensor.
            converter = self.ctx.qualified_name(node.args[0].value)
            value = node.args[1].value
            if converter in CONVERSIONS and self.ctx.kind(value) == Kind.TENSOR:
                self._report_read(node, value, export=True)
            return
        if name == "builtins.complex" and node.args:
            # `complex(re, im)` reads each tensor part as `float(t)` does; Dynamo has no
            # handler for the builtin itself.
            for arg in node.args:
                if arg.keyword is None and self.ctx.kind(arg.value) == Kind.TENSOR:
                    self._report_read(node, arg.value, export=True, message=COMPLEX_OF_TENSOR)
                    return
            return
        if len(node.args) != 1 or node.args[0].keyword is not None:
            return
        if name not in CONVERSIONS:
            return
        value = node.args[0].value
        kind = self.ctx.kind(value)
        if kind in (Kind.NDARRAY, Kind.SIZE_NDARRAY) and compile_break_reported(
            self.ctx, node, (value,)
        ):
            self.report(node, NUMPY_NUMBER, targets=["compile"])
        if kind != Kind.TENSOR:
            return
        self._report_read(node, value, export=True)

    def _math_of_tensor(self, node: cst.Call, name: str) -> None:
        """``math.sqrt(h.var())``: Python's math functions read a tensor argument as a float
        (``__float__``), as ``float(t)`` does."""
        value = node.args[0].value
        if self.ctx.kind(value) != Kind.TENSOR or self._assumed_tensor(value):
            return
        self._report_read(
            node, value, export=name not in MATH_EXPORT_PASSES, message=MATH_OF_TENSOR
        )

    def _report_read(
        self,
        node: cst.Call,
        value: cst.BaseExpression,
        export: bool,
        message: Optional[Message] = None,
    ) -> None:
        """Report a read of the tensor ``value``'s data as a number at ``node``: compile where
        Dynamo reports the break, export when asked, trace always (torch warns): a value from
        parameters and buffers alone is the same for every input but kept as a constant, and
        one only stored where no graph code reads it is stored only while tracing."""
        targets = ["export"] if export and not fake_constant(self.ctx, value) else []
        if compile_break_reported(self.ctx, node, (value,)):
            targets.append("compile")
        targets.append("trace")
        message = self.read_message(message or self.template, node, value)
        self.report(node, python_op_read(self.ctx, message, self._python_op), targets=targets)

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> None:
        if (
            self.ctx.in_graph
            and node.format_spec
            and self.ctx.kind(node.expression) == Kind.TENSOR
            and not in_raise_statement(self.ctx)
        ):
            self.report(node.expression, FORMAT_SPEC, targets=["export"])

    def _format_method(self, node: cst.Call) -> None:
        """``"mean={:.4f}".format(t)``: a field with a format spec formats its argument as
        an f-string does (``f"{t:.4f}"``)."""
        func = node.func
        if (
            not isinstance(func, cst.Attribute)
            or func.attr.value != "format"
            or not isinstance(func.value, cst.SimpleString)
            or in_raise_statement(self.ctx)
        ):
            return
        text = func.value.evaluated_value
        if not isinstance(text, str):
            return
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        keywords = {a.keyword.value: a.value for a in node.args if a.keyword is not None}
        automatic = 0
        try:
            fields = list(string.Formatter().parse(text))
        except ValueError:
            return
        for _, field, spec, _ in fields:
            if field is None:
                continue
            head = re.split(r"[.\[]", field, maxsplit=1)[0]
            if head == "":
                index: object = automatic
                automatic += 1
            else:
                index = int(head) if head.isdigit() else head
            value = (
                positional[index]
                if isinstance(index, int) and index < len(positional)
                else keywords.get(index)  # type: ignore[arg-type]
            )
            if spec and head == field and value is not None and self.ctx.kind(value) == Kind.TENSOR:
                self.report(value, FORMAT_SPEC, targets=["export"])
                return

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        """``"peak=%.3f" % t`` / ``"%d-%d" % (a, b)``: each tensor operand is formatted by
        the conversion it meets."""
        if (
            not self.ctx.in_graph
            or not isinstance(node.operator, cst.Modulo)
            or not isinstance(node.left, cst.SimpleString)
            or in_raise_statement(self.ctx)
        ):
            return
        text = node.left.evaluated_value
        if not isinstance(text, str):
            return
        conversions = [c for c in PERCENT_CONVERSION.findall(text) if c != "%"]
        right = node.right
        operands = [e.value for e in right.elements] if isinstance(right, cst.Tuple) else [right]
        if len(operands) != len(conversions):
            return
        for operand, conversion in zip(operands, conversions):
            if self.ctx.kind(operand) != Kind.TENSOR:
                continue
            if conversion in "sra":
                self.report(operand, PERCENT_STRING, targets=["compile"])
            else:
                self.report(operand, PERCENT_NUMBER, targets=["compile", "export"])
            return

    def visit_Annotation(self, node: cst.Annotation) -> None:
        self._annotations += 1

    def leave_Annotation(self, node: cst.Annotation) -> None:
        self._annotations -= 1

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if not self.ctx.in_graph or self._annotations:
            return  # `Iterable[tuple[torch.Tensor | None, ...]]` is a type, no indexing
        receiver = self.ctx.kind(node.value)
        if receiver in PYTHON_SEQUENCE_KINDS and len(node.slice) == 1:
            index = node.slice[0].slice
            if (
                isinstance(index, cst.Index)
                and self.ctx.kind(index.value) == Kind.TENSOR
                and not self._assumed_tensor(index.value)
            ):
                self.report(index.value, SEQUENCE_INDEX)
            return
        if receiver != Kind.TENSOR:
            return
        for element in node.slice:
            bounds = element.slice
            if isinstance(bounds, cst.Index) and self._zero_dim(bounds.value):
                statement = id(self.ctx.statements[-1]) if self.ctx.statements else id(node)
                if statement not in self._zero_dim_reported:  # once per statement
                    self._zero_dim_reported.add(statement)
                    self.report(bounds.value, ZERO_DIM_INDEX, targets=["compile"])
                continue
            if not isinstance(bounds, cst.Slice):
                continue
            for bound in (bounds.lower, bounds.upper, bounds.step):
                if (
                    bound is not None
                    and self.ctx.kind(bound) == Kind.TENSOR
                    and not self._assumed_tensor(bound)
                ):
                    if statement_break_reported(self.ctx, node):
                        self.report(bound, SLICE_BOUND, targets=["compile"])

    def _zero_dim(self, index: cst.BaseExpression) -> bool:
        """A 0-d integer tensor: ``t.argmax()`` / ``t.argmin()`` over all elements, the loop
        variable of ``for i in torch.arange(n)``, or ``ij[0]`` of ``for ij in
        torch.cartesian_prod(a, b)`` (also through a name bound to the factory)."""
        kind = type(index)
        if kind is cst.Call:
            func = index.func  # type: ignore[attr-defined]
            return (
                type(func) is cst.Attribute
                and func.attr.value in ("argmax", "argmin")
                and not index.args  # type: ignore[attr-defined]
                and self.ctx.kind(func.value) == Kind.TENSOR
            )
        if kind is cst.Name:
            return self._loop_over(index.value, ONE_DIM_FACTORIES)  # type: ignore[attr-defined]
        if kind is cst.Subscript and type(index.value) is cst.Name and len(index.slice) == 1:  # type: ignore[attr-defined]
            position = index.slice[0].slice  # type: ignore[attr-defined]
            return (
                type(position) is cst.Index
                and type(position.value) is cst.Integer
                and self._loop_over(index.value.value, TWO_DIM_FACTORIES)  # type: ignore[attr-defined]
            )
        return False

    def _loop_over(self, name: str, factories: frozenset[str]) -> bool:
        """Whether ``name`` is bound only as the target of a loop over a tensor one of
        ``factories`` made (directly, or through a name bound only to it)."""
        function = self.ctx.function
        bound = assignments(function, name)
        if function is None or len(bound) != 1 or bound[0][0] is not UNKNOWN_VALUE:
            return False
        loops: list[cst.For] = []

        def enter(node: cst.CSTNode) -> None:
            if (
                type(node) is cst.For
                and type(node.target) is cst.Name  # type: ignore[attr-defined]
                and node.target.value == name  # type: ignore[attr-defined]
            ):
                loops.append(node)  # type: ignore[arg-type]

        walk(function.body, enter, lambda node: None)
        if len(loops) != 1:
            return False
        source = loops[0].iter
        if type(source) is cst.Name:
            values = assignments(function, source.value)
            if len(values) != 1 or values[0][2] != 1:
                return False
            source = values[0][0]
        return type(source) is cst.Call and self.ctx.qualified_name(source.func) in factories

    def _data_scale_factor(self, node: cst.Call) -> None:
        """``F.interpolate(x, scale_factor=s)`` with ``s`` (or an element of a tuple of them) a
        number read from tensor data: Dynamo and export must hand the resampling kernel a
        concrete float (torch 2.13: 'scale_factors must be tuple of floats, but found element
        of type SymFloat')."""
        scale = keyword(node, "scale_factor")
        if scale is None:
            positional = [a.value for a in node.args if a.keyword is None and not a.star]
            scale = positional[2] if len(positional) > 2 else None
        if scale is None:
            return
        parts = (
            [e.value for e in scale.elements]
            if isinstance(scale, (cst.Tuple, cst.List))
            else [scale]
        )
        if any(self.ctx.kind(part) == Kind.DATA for part in parts):
            self.report(scale, DATA_SCALE_FACTOR, targets=["compile", "export"])

    def _size_arguments(self, node: cst.Call) -> list[cst.BaseExpression]:
        """The arguments of ``node`` that size a tensor: positional ints of the size factories
        and methods, the elements of a size tuple, ``F.pad``'s pad."""
        func = node.func
        name = self.ctx.qualified_name(func)
        positions: Optional[tuple[int, ...]] = None
        if name in SIZE_FUNCTIONS:
            positions = (0,) if name == "torch.full" else None
        elif name == "torch.tensor_split" or (
            isinstance(func, cst.Attribute)
            and func.attr.value == "tensor_split"
            and self.ctx.kind(func.value) == Kind.TENSOR
        ):
            # Split points given as a tensor are read as Python ints (GB0033), one per point.
            index = 1 if name == "torch.tensor_split" else 0
            points = keyword(node, "indices") or keyword(node, "tensor_indices_or_sections")
            if points is None and len(node.args) > index and node.args[index].keyword is None:
                points = node.args[index].value
            return [points] if points is not None else []
        elif name == "torch.nn.functional.pad":
            pad = keyword(node, "pad")
            if pad is None and len(node.args) > 1 and node.args[1].keyword is None:
                pad = node.args[1].value
            return _elements(pad)
        elif (
            isinstance(func, cst.Attribute)
            and func.attr.value in SIZE_METHODS
            and self.ctx.kind(func.value) == Kind.TENSOR
        ):
            positions = SIZE_POSITIONS.get(func.attr.value)
            if func.attr.value == "topk" and keyword(node, "k") is not None:
                return [keyword(node, "k")]  # type: ignore[list-item]
        else:
            return []
        sizes: list[cst.BaseExpression] = []
        for position, arg in enumerate(node.args):
            if arg.keyword is not None or arg.star or (positions and position not in positions):
                continue
            sizes.extend(_elements(arg.value) if position == 0 else [arg.value])
        return sizes

    def _parameter(self, name: cst.Name) -> Optional[cst.Param]:
        """The parameter ``name`` reads, when the function never binds it again."""
        func = self.ctx.function
        if func is None or assignments(func, name.value):
            return None
        return parameter(func, name.value)

    def _assumed_tensor(self, value: cst.BaseExpression) -> bool:
        """A tensor only by the graph's assumption about unannotated parameters of a graph
        root (``n``, ``n + 1``): callers often pass an int there. A helper's parameter takes
        its kind from its calls, where a tensor is one."""
        if isinstance(value, cst.Name):
            param = self._parameter(value)
            if param is not None:
                info = self.ctx.function_info
                region = info.region if info is not None else None
                helper = region is not None and region.qualname not in region.roots
                return param.annotation is None and not helper
            bound = assignments(self.ctx.function, value.value)
            return len(bound) == 1 and bound[0][2] == 1 and self._assumed_tensor(bound[0][0])
        if isinstance(value, cst.UnaryOperation):
            return self._assumed_tensor(value.expression)
        if isinstance(value, cst.BinaryOperation):
            return all(
                self._assumed_tensor(side) or self.ctx.kind(side) != Kind.TENSOR
                for side in (value.left, value.right)
            )
        return False

    def _from_data(self, value: cst.BaseExpression, depth: int = 0) -> bool:
        """A tensor read from an input's or a module's data (``lengths.max()``, ``mask.sum()``,
        ``self.fc(x)``), not one made from numbers and sizes (``torch.div(x.size(1), 2)``,
        ``torch.tensor(n)``): Dynamo knows the value of the latter and sizes with it."""
        if depth > 8 or self.ctx.kind(value) != Kind.TENSOR:
            return False
        if isinstance(value, cst.Name):
            param = self._parameter(value)
            bound = assignments(self.ctx.function, value.value)
            if param is not None and annotated_tensor(self.ctx, value.value):
                return True
            # A parameter rebound in the body (`max_len = max_len or lengths.max()`) counts
            # what it is rebound to.
            return any(self._from_data(v, depth + 1) for v, _, _ in bound)
        if isinstance(value, cst.Attribute):
            return True
        if isinstance(value, cst.Subscript):
            return self._data_source(value.value, depth)
        if isinstance(value, cst.Call):
            func = value.func
            args = [arg.value for arg in value.args]
            if isinstance(func, cst.Attribute) and self.ctx.kind(func.value) == Kind.TENSOR:
                return self._data_source(func.value, depth) or self._any_data(args, depth)
            if (self.ctx.qualified_name(func) or "").startswith("torch."):
                return self._any_data(args, depth)
            return self.ctx.kind(func) == Kind.MODULE
        if isinstance(value, cst.UnaryOperation):
            return self._from_data(value.expression, depth + 1)
        if isinstance(value, cst.BinaryOperation):
            return self._any_data([value.left, value.right], depth)
        if isinstance(value, cst.IfExp):
            return self._any_data([value.body, value.orelse], depth)
        if isinstance(value, cst.BooleanOperation):
            return self._any_data([value.left, value.right], depth)
        if isinstance(value, cst.Comparison):  # `(s > t).sum()`: a mask of the data
            return self._any_data([value.left, *(c.comparator for c in value.comparisons)], depth)
        return False

    def _data_source(self, value: cst.BaseExpression, depth: int) -> bool:
        """What a method is called on or a subscript reads: a parameter counts as an input.
        A step into a part of the expression, so it takes no depth: a chain of methods
        (``present.clamp(min=1).clamp(max=self.k)`` of ``(p > t).sum(-1).max().long()``) is
        followed to its end; only the steps through names (which may cycle) and those
        branching into several operands count."""
        if isinstance(value, cst.Name) and self._parameter(value) is not None:
            return self.ctx.kind(value) == Kind.TENSOR
        return self._from_data(value, depth)

    def _any_data(self, values: list[cst.BaseExpression], depth: int) -> bool:
        return any(self._from_data(v, depth + 1) for v in values)


def _elements(value: Optional[cst.BaseExpression]) -> list[cst.BaseExpression]:
    """The elements of a literal tuple / list, else the value itself."""
    if isinstance(value, (cst.Tuple, cst.List)):
        return [e.value for e in value.elements if isinstance(e, cst.Element)]
    return [value] if value is not None else []
