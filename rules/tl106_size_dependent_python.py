"""TL106: Python control flow and conversions on sizes (trace only)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import (
    UNKNOWN_VALUE,
    assignments,
    list_items,
    loop_iterables,
    or_operands,
    self_attribute,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.summary import FunctionSummary
from torchlint.lint.trace_int_tables import BakedArgument, baked_arguments
from torchlint.lint.walk import walk

from ._graph import (
    _arguments_passed,
    _is_parameter,
    annotated_tensor,
    call_targets,
    condition_parts,
    keyword,
    only_raises,
    shape_owner,
    submodule_class,
    varying_size,
)

# Calls that turn a size into a plain Python number the tracer cannot follow.
SIZE_CONSUMERS = {
    "builtins.range",
    "builtins.int",
    "builtins.float",
    "builtins.min",
    "builtins.max",
}

# Kinds of what `.size()` is called on in graph code when it gives sizes the tracer records: a
# tensor, or a value of unknown kind (the kinds take its `.size()` for an array's: a tensor's).
ARRAY_KINDS = (Kind.TENSOR, Kind.UNKNOWN)

# Built-ins that pick one of the sizes they are given by comparing them in Python.
COMPARING_BUILTINS = frozenset({"builtins.min", "builtins.max"})

# Methods of Python's int and float that torch.Tensor does not have: under trace a size is a
# 0-dim tensor, so calling one raises AttributeError (tests check the list against torch).
NUMBER_ONLY_METHODS = frozenset(
    {
        "as_integer_ratio",
        "bit_count",
        "bit_length",
        "conjugate",
        "hex",
        "is_integer",
        "to_bytes",
    }
)


# Keyword arguments ATen types `bool` (no Tensor overload): a 0-dim tensor passed there raises
# TypeError ("argument 'keepdim' must be bool, not Tensor"; checked with torch 2.13 for each).
OPERATOR_BOOL_KEYWORDS = frozenset(
    {"is_causal", "keepdim", "largest", "descending", "align_corners"}
)


def bool_argument_message(keyword_name: str) -> Message:
    return Message(
        f"a size comparison passed for the bool argument `{keyword_name}`",
        (
            (
                "trace",
                "while tracing the comparison is a 0-dim tensor (an `and` / `or` chain hands it "
                f"on where it decides the result), and the operator refuses it (TypeError: "
                f"argument '{keyword_name}' must be bool, not Tensor), so torch.jit.trace fails",
            ),
        ),
        "decide the flag from the module's configuration, or use torch.compile / torch.export, "
        "which keep sizes symbolic",
    )


def method_message(method: str) -> Message:
    return Message(
        f"`.{method}()` called on a size",
        (
            (
                "trace",
                f"torch.jit.trace fails (AttributeError): under trace sizes are 0-dim tensors, "
                f"which have no `.{method}()`",
            ),
        ),
        "compute it with integer arithmetic on the size (`n % p == 0`), or use torch.compile "
        "/ torch.export, where sizes are ints",
    )


def conversion_message(function: str) -> Message:
    """``math.sqrt(x.size(1))``, ``int(x.shape[0] / 2)``: no decision, a number made of a size."""
    return Message(
        f"`{function}()` of a size makes a Python number",
        (
            (
                "trace",
                "torch.jit.trace records the example input's value as a constant (it warns: "
                "TracerWarning), so inputs of another size compute with the example's number",
            ),
        ),
        "keep it a tensor op the tracer records (`x.size(1) ** 0.5`, `torch.full((), n)` "
        "and torch's own math), or use torch.compile / torch.export, which keep sizes symbolic",
    )


def feature_conversion_message(function: str) -> Message:
    """``math.sqrt(d)`` (or ``np.sqrt(d)``) of the last dimension's size: a feature size the
    weights fix."""
    numpy = function.startswith("numpy.")
    converted = (
        "NumPy array" if numpy else "Python integer" if function == "int" else "Python float"
    )
    return Message(
        f"`{function}()` of a feature size (the last dimension) makes a "
        f"{'NumPy' if numpy else 'Python'} number",
        (
            (
                "trace",
                f"torch.jit.trace warns (TracerWarning: Converting a tensor to a {converted}) "
                "and records the example input's value as a constant, the same for every input "
                "the weights accept",
            ),
        ),
        "to trace without the warning, compute it in `__init__` from the configured size, or "
        "keep it a tensor op the tracer records (`x.size(-1) ** 0.5`)",
        frozenset({"trace"}),
    )


# `torch.einsum` of three or more operands: with opt_einsum installed (torch/functional.py uses
# it whenever `torch.backends.opt_einsum` finds it), torch asks opt_einsum for a contraction
# order, which reads every operand's sizes as Python integers (torch 2.13: TracerWarning
# Converting a tensor to a Python integer at the einsum's line, parameters' sizes too). The
# order only changes the cost: the traced result stays right for other sizes.
EINSUM_PATH_MESSAGE = Message(
    "`torch.einsum` of three or more operands",
    (
        (
            "trace",
            "with opt_einsum installed torch picks the contraction order from the operands' "
            "sizes read as Python integers, and torch.jit.trace warns (TracerWarning: "
            "Converting a tensor to a Python integer) and keeps the order chosen for the "
            "example's sizes",
        ),
    ),
    "to trace without the warning, contract two operands at a time "
    "(`torch.einsum(eq2, torch.einsum(eq1, a, b), c)`), or set "
    "`torch.backends.opt_einsum.enabled = False` before tracing",
    frozenset({"trace"}),
)

EINSUM_CALLS = frozenset({"torch.einsum", "torch.functional.einsum"})


def einsum_operands(node: cst.Call) -> Optional[int]:
    """The number of operands of ``torch.einsum(equation, a, b, ...)`` (or of its list form,
    ``torch.einsum(equation, [a, b, c])``); None when a star hides how many, or for the
    sublist form (``torch.einsum(a, [0, 1], b, [1, 2])``)."""
    args = node.args
    if not args or any(arg.keyword is not None for arg in args):
        return None
    if any(arg.star for arg in args) or type(args[0].value) not in (
        cst.SimpleString,
        cst.ConcatenatedString,
        cst.FormattedString,
        cst.Name,
        cst.Attribute,
    ):
        return None
    rest = [arg.value for arg in args[1:]]
    if len(rest) == 1 and type(rest[0]) in (cst.List, cst.Tuple):
        elements = rest[0].elements  # type: ignore[attr-defined]
        if any(type(e) is cst.StarredElement for e in elements):
            return None
        return len(elements)
    if any(type(value) in (cst.List, cst.Tuple) for value in rest):
        return None
    return len(rest)


# `x.shape.numel()`: torch.Size's own product, a Python int the tracer does not see (torch
# 2.13: `x.numel()` and `math.prod(x.shape)` are recorded, this one is baked in).
SHAPE_NUMEL_MESSAGE = Message(
    "`.numel()` of a shape (`torch.Size`) is a Python int the tracer does not record",
    (
        (
            "trace",
            "torch.jit.trace bakes in the example input's element count, so inputs of another "
            "size fail or silently reuse it",
        ),
    ),
    "use `x.numel()`, which the tracer records",
)
ROUND_MESSAGE = Message(
    "`round()` of a size",
    (
        (
            "trace",
            "torch.jit.trace fails (TypeError): under trace sizes are 0-dim tensors, which "
            "define no `__round__`",
        ),
    ),
    "compute it with integer arithmetic on the size (`n // 2`, `(n + 1) // 2`), or use "
    "torch.compile / torch.export, where sizes are ints",
)


DIM_ORDER_MESSAGE = Message(
    "`.dim_order()` of a tensor",
    (
        (
            "trace",
            "torch.jit.trace fails (AssertionError: unexpected sym_eq): torch works the order "
            "out of sizes and strides in Python, and under trace sizes are 0-dim tensors",
        ),
    ),
    "test the layout with `x.is_contiguous(memory_format=torch.channels_last)`, or use "
    "torch.compile / torch.export, where sizes are ints",
)


DIVMOD_MESSAGE = Message(
    "`divmod()` of a size",
    (
        (
            "trace",
            "torch.jit.trace fails (TypeError): under trace sizes are 0-dim tensors, for which "
            "divmod has no operator",
        ),
    ),
    "spell it `n // k, n % k`, which the tracer records on the size",
)


# `torch.sym_max(t, n)` / `torch.sym_min`: torch/__init__.py asserts each operand is a Python
# or NumPy number (or a SymInt); a size is a 0-dim tensor while tracing.
SYM_MINMAX_CALLS = frozenset({"torch.sym_max", "torch.sym_min"})
SYM_MINMAX_MESSAGE = Message(
    "`torch.sym_max()` / `torch.sym_min()` of a size",
    (
        (
            "trace",
            "torch.jit.trace fails (AssertionError): under trace sizes are 0-dim tensors, and "
            "these take only Python numbers and symbolic sizes",
        ),
    ),
    "use `max()` / `min()` on the size, or torch.compile / torch.export, where sizes are symbolic",
)


# `json.dumps({"size": [h, w]})`: the JSON encoder knows no tensor, and a size read off a
# tensor is a 0-dim tensor while tracing.
JSON_CALLS = frozenset({"json.dumps", "json.dump"})
JSON_MESSAGE = Message(
    "`json.dumps()` of a size",
    (
        (
            "trace",
            "torch.jit.trace fails (TypeError: Object of type Tensor is not JSON serializable): "
            "under trace sizes are 0-dim tensors",
        ),
    ),
    "build the text outside the traced code (sizes are ints there), or use torch.compile / "
    "torch.export",
)
# Kinds of values that hold no size (a container of sizes has kind const, shape or unknown).
NOT_SIZE_HOLDERS = (Kind.TENSOR, Kind.TENSORS, Kind.MODULE, Kind.MODULES, Kind.NONE, Kind.RANK)
# Calls that copy the items of their argument into a new container (JSON encodes each).
CONTAINER_COPIES = frozenset(
    {"builtins.list", "builtins.tuple", "builtins.dict", "builtins.sorted", "builtins.reversed"}
)


# `nn.LayerNorm(h.shape[-1])` built inside forward: its constructor gets the size as a 0-dim
# tensor while tracing.
MODULE_FROM_SIZE_MESSAGE = Message(
    "an nn module built in forward from a size",
    (
        (
            "trace",
            "torch.jit.trace hands the constructor the size as a 0-dim tensor: nn.LayerNorm "
            "fails on it (TypeError: iteration over a 0-d tensor), and the layers that test or "
            "convert it in Python warn (TracerWarning) and keep the example's size",
        ),
    ),
    "build the module in `__init__` from the configured width (or call the functional form, "
    "`F.layer_norm(h, h.shape[-1:])`, which takes the shape)",
)


# `F.interpolate(x, scale_factor=fine.shape[-1] / x.shape[-1])`: while tracing the ratio is a
# 0-dim tensor, and interpolate takes no tensor scale factor (torch 2.13: TypeError,
# "upsample_nearest2d() received an invalid combination of arguments").
SCALE_FACTOR_MESSAGE = Message(
    "`scale_factor` computed from sizes",
    (
        (
            "trace",
            "torch.jit.trace fails (TypeError): under trace sizes are 0-dim tensors, and "
            "interpolate takes no tensor scale factor",
        ),
    ),
    "pass the target size instead (`size=fine.shape[-2:]`), which the tracer records",
)
INTERPOLATE_CALLS = frozenset({"torch.nn.functional.interpolate", "torch.nn.functional.upsample"})

# Max-unpooling given the sizes to restore (`unpool(p, idx, output_size=x.size())`): torch
# 2.13 checks them with `torch._check`, which under trace gets tensors and raises. By the
# function, where `output_size` sits positionally; the modules take it third.
MAX_UNPOOL_FUNCTIONS = {
    "torch.nn.functional.max_unpool1d": 5,
    "torch.nn.functional.max_unpool2d": 5,
    "torch.nn.functional.max_unpool3d": 5,
}
MAX_UNPOOL_MODULES = frozenset(
    {"torch.nn.MaxUnpool1d", "torch.nn.MaxUnpool2d", "torch.nn.MaxUnpool3d"}
)
UNPOOL_MESSAGE = Message(
    "`output_size` of a max-unpooling read off a tensor's shape",
    (
        (
            "trace",
            "torch.jit.trace fails (TypeError: cond must be a bool, but got a Tensor): under "
            "trace sizes are 0-dim tensors, and max_unpool checks `output_size` with "
            "torch._check",
        ),
    ),
    "leave `output_size` out where the default size fits, or use torch.compile / "
    "torch.export, where sizes are ints",
)


# Library calls that test the sizes they are handed in Python: `einops.unpack` asks `-1 in
# shape` of every packed shape, which under trace are tensors read off the packed inputs.
UNPACK_CALLS = frozenset({"einops.unpack", "einops.packing.unpack"})
UNPACK_MESSAGE = Message(
    "`einops.unpack` tests the packed shapes in Python (`-1 in shape`)",
    (
        (
            "trace",
            "under torch.jit.trace they are traced sizes, so the tracer warns (TracerWarning: "
            "converting a tensor to a Python boolean) and records those tests as constants",
        ),
    ),
    "the unpacked tensors still follow the input's sizes, so the warning is harmless while "
    "no packed shape holds -1; to trace without it, split the packed tensor with "
    "`torch.split` on the inputs' sizes, or use torch.compile / torch.export",
    frozenset({"trace"}),
)

# torch's associative scan (torch 2.13, `combine_mode="generic"`, the one CPU runs) checks its
# inputs' sizes in Python (`x.shape[d] == 0`) and splits the scan dimension into halves by
# its length: under torch.jit.trace the sizes are 0-d tensors, so the tracer warns inside it
# (TracerWarning: Converting a tensor to a Python boolean) and unrolls the example's length.
SIZE_TESTING_SCANS = frozenset(
    {
        "torch._higher_order_ops.associative_scan",
        "torch._higher_order_ops.associative_scan.associative_scan",
    }
)
SCAN_MESSAGE = Message(
    "`associative_scan` tests and splits its inputs' sizes in Python",
    (
        (
            "trace",
            "torch.jit.trace warns (TracerWarning: Converting a tensor to a Python boolean) "
            "inside it and unrolls the scan for the example input's length along `dim`, "
            "right for inputs of that length only",
        ),
    ),
    "scan along a dimension of fixed length (chunks of a constant size), or use torch.compile "
    "/ torch.export, which keep sizes symbolic",
    frozenset({"trace"}),
)

# Which integer arguments of torch functions the trace bakes (keeps the example's number) or
# refuses (tracing raises), measured per torch version by benchmarks/trace_int_tables.py.
# A size of the last dimension handed to them is a feature size the weights fix, except for
# the functions that slide or shift along it (pools, roll), where it is a length.
LAST_DIM_VARIES = ("pool", "roll")
# `torch.split` / `t.split` are SPLIT_MESSAGE's.
SPLIT_CALLS = frozenset({"torch.split", "Tensor.split"})


def baked_size_message(function: str, argument: BakedArgument, form: str) -> Message:
    """The message for a size handed to ``argument`` of ``function`` in ``form``."""
    short = function.replace("torch.nn.functional.", "F.").replace("Tensor.", "t.")
    recorded = [f for f, verdict in argument.verdicts.items() if verdict == "recorded"]
    if "list" in recorded:
        advice = (
            f"give `{argument.name}` as a tuple of sizes, which the tracer records, or use "
            "torch.compile / torch.export"
        )
    else:
        advice = "use torch.compile / torch.export, which keep sizes symbolic"
    if argument.verdicts[form] == "refused":
        error = argument.confirmed.get(form, "")
        kind = error.split(":", 1)[0] if error else ""
        return Message(
            f"a size from a tensor given as `{argument.name}` of `{short}`",
            (
                (
                    "trace",
                    f"torch.jit.trace fails{f' ({kind})' if kind else ''}: under trace a size "
                    f"is a 0-dim tensor, which `{short}` does not take as `{argument.name}`",
                ),
            ),
            advice,
        )
    seen = argument.confirmed.get(form)
    outcome = {
        "fails": "inputs of another size fail",
        "diverges": "inputs of another size are computed with the example's value",
    }.get(seen or "", "inputs of another size fail or are computed with the example's value")
    return Message(
        f"a size from a tensor given as `{argument.name}` of `{short}`, which torch reads as a "
        "Python int",
        (
            (
                "trace",
                f"torch.jit.trace keeps the example input's number there, so {outcome}",
            ),
        ),
        advice,
    )


SPLIT_MESSAGE = Message(
    "torch.split with a size taken from a tensor",
    (
        (
            "trace",
            "torch.jit.trace turns the size into a constant (TracerWarning), so inputs of another "
            "size are split like the example",
        ),
    ),
    "use tensor_split / chunk with a fixed count, or torch.compile / torch.export",
)


class SizeDependentPython(Rule):
    """Flags Python branches, loops and conversions on sizes that vary between calls (trace only).

    ## What it does
    Finds `if x.shape[0] > 1:`, `while n < x.size(1):`, `for t in range(x.size(1)):`,
    `int(x.shape[0])`, `min(x.size(0), k)`, `min(x.shape[-2:])`, `math.sqrt(x.size(1))` and
    `torch.split(x, x.shape[1] // 2, dim=1)` in graph code, `x.dim_order()` (torch works the
    order out of sizes in Python and fails while tracing), `x.shape.numel()` (torch.Size's
    product: a Python int the tracer does not record, where `x.numel()` and
    `math.prod(x.shape)` are recorded), checks for empty inputs
    (`if x.numel() == 0:`, `max(n - 1, 1)`: the tracer warns there too), sizes computed by a
    project function or method (`if not empty(q):` with `def empty(t): return t.numel() == 0`,
    `for i in range(n_windows(x, 2)):`), and methods of Python numbers called on a size
    (`(h / p).is_integer()`, `n.bit_length()`), `round()` of a size (`round(d * 0.5)`), `json.dumps()` of a size or of a container
    holding one (`json.dumps({"size": [h, w]})`, also through a helper's parameter every call
    of which gives sizes) and an
    `F.interpolate` scale factor computed from sizes (`scale_factor=fine.shape[-1] /
    x.shape[-1]`), which raise under trace whatever the size: sizes are tensors there. So is a
    name bound to a size comparison or an `and` / `or` chain over one (`causal = is_causal and
    (s_past == 0)`), tested later (`if not causal:`: the chain hands on the comparison, a
    0-dim tensor while tracing, and torch warns at the test too) or passed for an operator's
    `bool` argument (`F.scaled_dot_product_attention(..., is_causal=causal)`, `keepdim=`,
    `largest=`, `descending=`, `align_corners=`), which refuses a tensor: the trace fails with
    TypeError. Not a comparison of numbers `int()` / `float()` already made of a size
    (`log_denom > 0` of `log_denom = math.log1p(float(n))`): the conversion is flagged, and
    the test is Python's own (no warning). A size turned into a NumPy number (`np.ceil(x.shape[0] / 4)`, `np.prod(x.shape[1:])`)
    is flagged like
    `math.ceil`. `einops.unpack(x, ps, pattern)` with packed shapes computed by `pack` is
    flagged too: einops tests them in Python (`-1 in shape`), and the tracer warns there
    (harmless while no shape holds -1). `torch.einsum` of three or more operands is a trace
    warning too: with opt_einsum installed torch picks the contraction order from the
    operands' sizes read as Python integers (the result stays right for other sizes). Sizes of
    the last dimension in arithmetic (feature sizes that weights fix: the trace is right for every
    input the weights accept; `math.sqrt(d)`, `np.sqrt(d)`, `int(d)` and `float(d)` of one are flagged as a
    trace warning only, since the tracer warns converting it; not where a configured
    count is clamped to one, `min(self.top_k, scores.size(-1))`, which says it varies, nor of
    a channels-first tensor the function pads, resizes, pools or convolves, whose last size
    is a length or width: `w = x.shape[-1]; F.pad(x, (0, math.ceil(w / p) * p - w))`), ranks
    (`x.dim()`, `x.ndim`: the tracer
    sees them as plain ints and gives no warning; a trace is taken per rank anyway),
    and config values are not
    flagged, nor size tests behind a configuration setting (`self.mode == "chunked" and
    x.size(1) > 4`, `max_len is not None and x.size(1) > max_len` with `max_len` an optional
    int defaulting to None, `self.max_pool is not None and ...` with a setting on `self`): they
    run only in that configuration (an attribute the graph code itself assigns is state, not
    a setting). An equality test of a shape is a decision on its sizes,
    also through a name bound to it (`shape = x.shape; if shape == expected:`), and so is a
    cache hit (`if self.memo is not None and self.memo.shape == x.shape: return self.memo`:
    once an eager call filled the cache, the trace returns it as a constant), but not a cache
    regrown on a miss (`if self.grid.shape != x.shape: self.grid = make_grid(x)`). Each operand
    of an `or` is a decision of its own (`k == 0
    or k == x.size(0)`), and a size compared with a number read from data (`k =
    int(mask.sum())`) is a size decision too: the comparison is a tensor while tracing. A
    function decorated with `torch.jit.script_if_tracing` is scripted while tracing, so its
    loops and tests on sizes are not flagged. `output_size=x.size()` (or a slice of a shape,
    or a list of sizes) given to `F.max_unpool1d/2d/3d` or an `nn.MaxUnpool` module fails
    trace: max_unpool checks it with `torch._check`, which raises on a tensor ("cond must be a
    bool"). `torch.sym_max(t, n)` / `torch.sym_min` of a size fail trace (they assert Python
    numbers or symbolic sizes), and so does an `nn` layer built in forward from a size
    (`nn.LayerNorm(h.shape[-1])`: iteration over a 0-d tensor; other layers test or convert
    the size in Python and warn); a shape (`nn.LayerNorm(h.shape[-2:])`) is not flagged.
    A clamp at zero (`pad = max(8 - x.size(1), 0)`) is: the trace keeps whichever side
    won for the example, so longer inputs get a negative pad.

    Input checks (`assert q.size() == k.size()`, `if x.size(0) != n: raise ValueError(...)`)
    are TL109's (traced-input-check): the trace drops them, so it accepts inputs that eager
    rejects. Operands that only run in training or half precision
    (`self.training and n > 1`) are not flagged: back-ends convert an `eval()` model on float32
    examples. `a and b` outside a condition tests `a` (`causal = q.size(1) > 1 and mask is
    None` is flagged). Code that graph code reaches only through a `torch.autograd.Function`
    (`Fn.apply(x)`: its `forward`, its `backward`, what they call) is not flagged, but for a
    comparison of a size read off a tensor there (`if x.shape[d] == 1:`, which still raises
    a TracerWarning while tracing): the trace records the Function as one Python op that
    runs its forward on every call, so no size is baked in.

    ## Why is this bad?
    `torch.jit.trace` records tensor operations only: a Python decision on a size is taken once
    for the example input and baked in, so an input of another batch size or sequence length
    silently follows the example's path (a `range(x.size(1))` loop keeps the example's length,
    with no warning). Under trace a size is a 0-dim tensor, so int and float methods
    (`.is_integer()`, `.bit_length()`) fail with `AttributeError`, and `round()` and
    `divmod()` with `TypeError` (a tensor defines no `__round__`, and divmod of a tensor and an
    int has no operator).
    Some torch functions read an argument as a Python int, so a size handed to them is a
    constant of the trace too, and some refuse a traced size outright. Which ones is measured
    on torch by `benchmarks/trace_int_tables.py` (`rules/trace_int_tables.json`: a call whose
    argument is an input's size is traced and run on another size): a convolution's stride,
    padding, dilation and `groups` (`F.conv2d(x.reshape(1, b * c, h, w), kernel, groups=b)`,
    the per-sample kernels of CondConv), the window, stride and padding of the pools given one
    size, `torch.roll`'s single shift, `chunk`'s count, `tensor_split` / `unbind`, a reduction's
    single `dim` (`F.max_pool1d(x, x.size(2))`, the text-CNN global pool, keeps the example's
    window: longer inputs are pooled in pieces); the adaptive 2-d / 3-d pools given one size
    and `F.unfold` fail while tracing (`TypeError`). Most take a traced size and follow it
    (`x.narrow(0, 0, n)`, `topk(n)`, `torch.arange(n)`, `F.pad`, `F.interpolate(size=...)`,
    `F.group_norm(x, n)`), and so do pools and `roll` given a tuple of sizes. A convolution's
    channel count (`groups=c` of `b, c, h, w = x.shape`, or a size of its own weight) is fixed
    by the weights and not flagged, unless the weight is itself built from a size that varies
    (`w = self.taps.expand(c, 1, 5)`: its channels follow the input's).
    `torch.compile` and `torch.export` handle sizes symbolically (or recompile), so this is a
    `trace`-only finding.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            h = torch.zeros(x.size(0), 4)
            for t in range(x.size(1)):
                h = self.cell(x[:, t], h)
            return h
    ```
    Use instead: `torch.compile` or `torch.export` (which keep sizes symbolic), or script the
    loop (`torch.jit.script`), or trace with the sizes used in production.

    ## Fix safety
    A safe fix for `x.shape.numel()` / `x.size().numel()`: `x.numel()`, the same int in eager,
    recorded by the tracer (TorchScript rejects the original and scripts the fix).
    Unsafe fixes (`--unsafe-fixes`) where the test is one comparison of sizes the tracer records
    (`x.size(1) > self.max_len`, `t % 2 == 1`, names bound to such sizes), which is a 0-d bool
    tensor while tracing: `if c: x = F.pad(x, (0, p))` -> `x = F.pad(x, (0, p * (c)))` (a pad
    of 0 copies `x`), or the pad alone where the test is false only when every amount is 0
    (`if pad_h or pad_w:`, `if pad > 0:` of a `%` remainder); `math.log(x.size(1))` (and the
    other `math` functions torch has) -> `torch.log(torch.full((), x.size(1),
    dtype=torch.float64))` where the value only meets tensors; `if x.size(1) > n: x = x[:, :n]` -> the slice alone (it leaves a shorter
    `x` as it was; other statements of the branch stay under the `if`); `if c: y = a else: y =
    b` (or a ternary, or returns) -> `y = torch.where(torch.full((), c, dtype=torch.bool), a,
    b)` where neither value can change the shape (both branches run); and a row loop
    (`for i in range(x.size(0)): outs.append(f(x[i]))` + `torch.stack(outs)`) -> `f(x)` as for
    TL105; `int(x.size(1))` -> `x.size(1)` (an int already; not `int` of a division). Checked
    with torch: the trace gives eager's results on other sizes, and script, compile and export
    pass as before. Loops over time that carry a state (`h = cell(x[:, t], h)`), `and` / `or`
    tests, `min` / `max` / `math.*` of a size have no traced form: script them or use
    torch.compile / torch.export.
    """

    code = "TL106"
    name = "size-dependent-python"
    subject = "Python decision on a size"
    clauses = {
        "trace": (
            "torch.jit.trace bakes in the example input's size, so inputs of another size silently"
            " take the same path"
        ),
    }
    advice = (
        "compute it with tensor ops the tracer records (`F.pad(x, (0, p * (test)))`, "
        "`torch.where(torch.full((), test, dtype=torch.bool), a, b)`, one batched op instead of "
        "a row loop), or use torch.compile / torch.export, which keep sizes symbolic"
    )
    targets = ("trace",)

    VALID = [
        # A loop over the time steps in a function tracing scripts: TorchScript keeps the loop.
        Valid(
            """
            import torch
            from torch import nn

            @torch.jit.script_if_tracing
            def decay(x: torch.Tensor) -> torch.Tensor:
                out = [x[:, 0]]
                for t in range(1, x.size(1)):
                    out.append(0.5 * out[-1] + x[:, t])
                return torch.stack(out, dim=1)

            class Model(nn.Module):
                def forward(self, x):
                    return decay(x.relu())

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 7),)]
            """,
            backends=("trace",),
        ),
        # The size of a buffer only __init__ sets, read directly or by a helper it is passed
        # to: the same on every call.
        Valid(
            """
            import torch
            from torch import nn

            def integrate(y, grid):
                for i in range(grid.shape[0] - 1):
                    y = y + (grid[i + 1] - grid[i]) * y.tanh()
                return y

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.register_buffer("grid", torch.linspace(0.0, 1.0, 5))

                def forward(self, x):
                    h = self.fc(x)
                    for i in range(self.grid.size(0) - 1):
                        h = h * self.grid[i + 1]
                    return integrate(h, self.grid)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The same pool with its window as a tuple of sizes, and an adaptive pool: recorded.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    a = F.max_pool1d(x, (x.size(2),)).squeeze(2)
                    b = F.adaptive_avg_pool1d(x, 1).squeeze(2)
                    return a + b + x.roll((x.size(2) // 2,), (2,)).sum(2)

            def inputs():
                return [(torch.randn(2, 4, 10),), (torch.randn(3, 4, 16),)]
            """,
            backends=("trace",),
        ),
        # Integer arguments the tracer records when given sizes: narrow's length, topk's k,
        # arange, group_norm's groups, pad amounts, one_hot's classes, repeat_interleave.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    b = x.shape[0]
                    head = x.narrow(0, 0, b - 1).sum(0)
                    top = x.flatten(1).topk(b, dim=1).values.sum()
                    steps = torch.arange(b).float().sum()
                    normed = F.group_norm(x.reshape(1, b * 3, 4), b).sum()
                    padded = F.pad(x, (0, b)).sum()
                    hot = F.one_hot(torch.zeros(2, dtype=torch.long), b).sum()
                    reps = x.repeat_interleave(b, 0).sum()
                    return head + top + steps + normed + padded + hot + reps

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(4, 3, 4),)]
            """,
            backends=("trace",),
        ),
        # A target size, not a scale factor: the tracer records it.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, coarse, fine):
                    return F.interpolate(coarse, size=fine.shape[-2:], mode="nearest") + fine

            def inputs():
                return [
                    (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 8, 8)),
                    (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 12, 12)),
                ]
            """
        ),
        # Packed shapes written out in the code are Python ints: nothing is traced.
        Valid(
            """
            import torch
            from einops import unpack
            from torch import nn

            class Model(nn.Module):
                def forward(self, packed):
                    a, b = unpack(packed, [(3,), (2, 2)], "n * d")
                    return a.sum(1) + b.sum((1, 2))

            def inputs():
                return [(torch.randn(2, 7, 4),), (torch.randn(5, 7, 4),)]
            """
        ),
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Cache:
                def ready(self) -> bool:
                    return True

            class Model(nn.Module):
                def forward(self, x, cache: Optional[Cache] = None):
                    seq_len = x.shape[1]
                    use_cache = cache is not None and cache.ready()
                    if use_cache and seq_len == 1:
                        return x
                    return x * 2

            def inputs():
                return [(torch.randn(2, 1, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
        # Ranks are plain ints to the tracer (no TracerWarning): a trace is taken per rank.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x, mask):
                    if mask.dim() == 2:
                        mask = mask[:, None, :]
                    if x.ndim == 3:
                        x = x.flatten(0, 1)
                    return self.fc(x).sum() + mask.sum()

            def inputs():
                return [(torch.randn(2, 3, 4), torch.ones(2, 3)), (torch.randn(3, 5, 4), torch.ones(3, 5))]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, depth: int = 2, use_norm: bool = True):
                    super().__init__()
                    self.depth = depth
                    self.use_norm = use_norm
                    self.norm = nn.LayerNorm(4)
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(depth)])

                def forward(self, x):
                    for i in range(self.depth):
                        x = self.layers[i](x)
                    if self.use_norm and x.dim() == 2:
                        x = self.norm(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Near misses of the helper and method cases: a project helper over configuration
        # values, `range` over a Python int, and `.is_integer()` on config values and on a
        # size already made a Python number by `int` (TL106 flags the conversion only when
        # the size varies; here it is a rank).
        Valid(
            """
            import torch
            from torch import nn

            def n_blocks(depth: int, group: int) -> int:
                return depth // group

            class Model(nn.Module):
                def __init__(self, dim: int = 4, heads: int = 2, depth: int = 4):
                    super().__init__()
                    self.dim, self.heads, self.depth = dim, heads, depth

                def forward(self, x):
                    if not (self.dim / self.heads).is_integer():
                        raise ValueError("dim must divide by heads")
                    for _ in range(n_blocks(self.depth, 2)):
                        x = x * 2
                    if int(x.dim()).bit_length() > 1:
                        x = x + 1
                    return x * round(x.dim() * 0.5) + round(self.dim * 0.5)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    b, t = x.shape[0], x.shape[1]
                    pos = torch.arange(t, dtype=x.dtype)
                    return x.view(b * t, -1).view(b, t, -1) + pos[None, :, None]

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.cumsum(1)

            def chunked(model, x, size: int = 2):
                outs = []
                for start in range(0, x.shape[1], size):
                    outs.append(model(x[:, start : start + size]))
                return torch.cat(outs, 1)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.jit.is_tracing() and x.shape[0] > 2:
                        x = x - x.mean(0, keepdim=True)
                    return x * 2

            def inputs():
                return [(torch.randn(1, 4),), (torch.randn(1, 4) + 1,)]
            """
        ),
        # An input check on the batch size: trace warns and drops it, valid inputs agree.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q, k):
                    assert q.size() == k.size(), "q and k must match"
                    if q.size(0) != k.size(0):
                        raise ValueError("batch sizes differ")
                    return q * k

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(5, 4), torch.randn(5, 4))]
            """
        ),
        # A size test behind a configuration setting runs only in that configuration.
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, mode: str = "full", limit: Optional[int] = None):
                    super().__init__()
                    self.mode = mode

                def forward(self, x, max_len: Optional[int] = None):
                    if self.mode == "chunked" and x.size(1) > 4:
                        x = x[:, :4]
                    if max_len is not None and x.size(1) > max_len:
                        x = x[:, :max_len]
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(2, 6, 4),)]
            """
        ),
        # Sizes are tensors only while tracing: the isinstance branch is the traced one.
        Valid(
            """
            import math
            import torch
            import torch.nn.functional as F
            from torch import nn

            def same_pad(n: int, k: int, s: int):
                if isinstance(n, torch.Tensor):
                    return torch.clamp(((n / s).ceil() - 1) * s + k - n, min=0)
                return max((math.ceil(n / s) - 1) * s + k - n, 0)

            class Model(nn.Module):
                def forward(self, x):
                    pad = same_pad(x.shape[-1], 3, 2)
                    return F.pad(x, [0, pad])

            def inputs():
                return [(torch.randn(2, 3, 8),), (torch.randn(2, 3, 9),)]
            """
        ),
        # Halves of the channels a convolution made (a flow's mean and log-scale): dimension 1
        # of its output is fixed by the weight.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Conv1d(4, 8, 1)

                def forward(self, x, mask):
                    stats = self.proj(x) * mask
                    m, logs = torch.split(stats, stats.size(1) // 2, dim=1)
                    return m * logs.exp()

            def inputs():
                return [
                    (torch.randn(2, 4, 5), torch.ones(2, 1, 5)),
                    (torch.randn(3, 4, 7), torch.ones(3, 1, 7)),
                ]
            """
        ),
        # The same kind of helper handed a value of unknown kind and a list of names: the
        # call on the list tests no size.
        Valid(
            """
            import torch
            from torch import nn

            def is_empty(t):
                return len(t) == 0

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.names = ["a", "b"]
                    self.extra = {}

                def forward(self, x):
                    skip = self.extra.get("skip", ())
                    if is_empty(skip):
                        x = x + 1
                    if is_empty(self.names):
                        return x
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(3, 5),)]
            """
        ),
        # `map(int, ...)` over a configured grid: no size.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.grid = (2, 3)

                def forward(self, x):
                    h, w = map(int, self.grid)
                    return x.reshape(x.shape[0], h, w).sum(-1)

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
            """
        ),
    ]
    INVALID = [
        # A feature size made a Python number: the trace is right for every input the weights
        # accept, but the tracer warns converting it (the package corpora count the warning).
        Invalid(
            """
            import math
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q, k):
                    b, t, d = q.shape
                    scale = 1.0 / math.sqrt(d)
                    if q.size(-1) != 8:
                        raise ValueError("bad head size")
                    return (q @ k.transpose(-1, -2)) * scale

            def inputs():
                return [(torch.randn(2, 3, 8), torch.randn(2, 3, 8)), (torch.randn(3, 5, 8), torch.randn(3, 5, 8))]
            """,
            line=8,
            trace_warning=True,
            message_contains="feature size",
        ),
        # The same with NumPy: the tracer warns converting the size to a NumPy array.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x / float(np.sqrt(x.size(-1)))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            trace_warning=True,
            message_contains="NumPy array",
        ),
        # A clip padded to at least the receptive field with torch.sym_max on its length.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = x.size(1)
                    return F.pad(x, (0, 0, 0, torch.sym_max(n, 6) - n))

            def inputs():
                return [(torch.randn(2, 4, 3),), (torch.randn(1, 9, 3),)]
            """,
            line=8,
            message_contains="sym_max",
        ),
        # A layer norm built in forward from the width of its input.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return nn.LayerNorm(x.size(-1))(x.relu())

            def inputs():
                return [(torch.randn(2, 4, 3),), (torch.randn(1, 5, 3),)]
            """,
            line=6,
            message_contains="nn module built in forward",
        ),
        # A decoder unpooling back to the encoder's spatial size, read off its shape.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.unpool = nn.MaxUnpool2d(2)

                def forward(self, x):
                    p, where = F.max_pool2d(x, 2, return_indices=True)
                    return self.unpool(p.sigmoid(), where, output_size=x.shape[-2:])

            def inputs():
                return [(torch.randn(1, 2, 6, 6),), (torch.randn(2, 2, 5, 7),)]
            """,
            line=12,
        ),
        # Heatmap peaks turned into (row, column) with the map's own spatial shape.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Conv2d(4, 3, 1)

                def forward(self, x):
                    heat = self.head(x)
                    flat = heat.flatten(2).argmax(-1)
                    rows, cols = torch.unravel_index(flat, heat.shape[-2:])
                    return torch.stack((cols, rows), dim=-1)

            def inputs():
                return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 5, 9),)]
            """,
            line=12,
        ),
        # The frame count of an audio signal rounded up in Python, handed to a project padding
        # helper: the last size is a length there, and the trace keeps the example's padding.
        Invalid(
            """
            import math

            import torch
            import torch.nn.functional as F
            from torch import nn

            def pad_right(x, amount):
                return F.pad(x, (0, amount), mode="reflect")

            class Model(nn.Module):
                def __init__(self, hop: int = 4):
                    super().__init__()
                    self.hop = hop
                    self.proj = nn.Conv1d(1, 2, 4, stride=4)

                def forward(self, wav):
                    frames = math.ceil(wav.shape[-1] / self.hop)
                    return self.proj(pad_right(wav, frames * self.hop - wav.shape[-1]))

            def inputs():
                return [(torch.randn(2, 1, 9),), (torch.randn(2, 1, 14),)]
            """,
            line=17,
        ),
        # A helper rebinding the size it is given: the parameter still varies with the input.
        Invalid(
            """
            import math
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def valid_length(self, length):
                    length = math.ceil(length / 4)
                    return length * 4

                def forward(self, x):
                    return F.pad(x, (0, self.valid_length(x.shape[-1]) - x.shape[-1]))

            def inputs():
                return [(torch.randn(2, 1, 10),), (torch.randn(2, 1, 13),)]
            """,
            line=8,
            backends=("trace",),
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.up = nn.ConvTranspose2d(4, 4, 2, stride=2)

                def forward(self, x, skip):
                    x = self.up(x)
                    if x.shape != skip.shape:
                        x = F.interpolate(x, size=skip.shape[-2:], mode="nearest")
                    return torch.cat([x, skip], dim=1)

            def inputs():
                return [
                    (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 8, 8)),
                    (torch.randn(1, 4, 3, 3), torch.randn(1, 4, 7, 7)),
                ]
            """,
            line=12,
        ),
        Invalid(
            """
            import math

            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.embed = nn.Conv1d(4, 8, 4, stride=4)

                def forward(self, x):
                    width = x.shape[-1]
                    target = math.ceil(width / 4) * 4
                    x = F.pad(x, (0, target - width))
                    return self.embed(x)

            def inputs():
                return [(torch.randn(2, 4, 13),), (torch.randn(2, 4, 16),), (torch.randn(3, 4, 9),)]
            """,
            line=14,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mix = nn.Linear(6, 6)

                def forward(self, x):
                    rows = x.shape.numel() // 6
                    return self.mix(x.reshape(rows, 6)).reshape(x.shape)

            def inputs():
                return [(torch.randn(2, 3, 6),), (torch.randn(4, 5, 6),)]
            """,
            line=10,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.mix = nn.Linear(6, 6)

                    def forward(self, x):
                        rows = x.numel() // 6
                        return self.mix(x.reshape(rows, 6)).reshape(x.shape)

                def inputs():
                    return [(torch.randn(2, 3, 6),), (torch.randn(4, 5, 6),)]
            """,
        ),
        # A shape slice compared with a fixed grid: the trace keeps the example's answer.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                grid = (8, 8)

                def forward(self, img):
                    if tuple(img.shape[-2:]) != self.grid:
                        img = F.interpolate(img, size=self.grid, mode="bilinear")
                    return img.flatten(1)

            def inputs():
                return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 12, 10),)]
            """,
            line=9,
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    _, rem = divmod(x.size(-1), 4)
                    return F.pad(x, (0, (4 - rem) % 4))

            def inputs():
                return [(torch.randn(2, 16),), (torch.randn(2, 18),)]
            """,
            line=7,
            message_contains="divmod",
        ),
        # A global max pool spelled with the sequence length: the trace keeps the example's
        # window, so a longer input is pooled in pieces.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv1d(4, 8, 3)

                def forward(self, x):
                    h = F.relu(self.conv(x))
                    return F.max_pool1d(h, h.size(2)).squeeze(2)

            def inputs():
                return [(torch.randn(2, 4, 10),), (torch.randn(3, 4, 16),)]
            """,
            line=12,
            message_contains="reads as a Python int",
        ),
        # A per-sample convolution grouped by the batch size (CondConv-style expert kernels):
        # the trace keeps the example's number of groups, so another batch size fails.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.weight = nn.Parameter(torch.randn(2, 4, 4, 3, 3))
                    self.route = nn.Linear(4, 2)

                def forward(self, x):
                    b, c, h, w = x.shape
                    r = torch.sigmoid(self.route(x.mean((2, 3))))
                    kernel = torch.einsum("be,eoikl->boikl", r, self.weight).reshape(b * 4, c, 3, 3)
                    out = F.conv2d(x.reshape(1, b * c, h, w), kernel, padding=1, groups=b)
                    return out.reshape(b, 4, h, w)

            def inputs():
                return [(torch.randn(2, 4, 6, 6),), (torch.randn(3, 4, 6, 6),)]
            """,
            line=15,
            message_contains="groups",
        ),
        # A depthwise filter whose weight is repeated to the input's channel count: the
        # weights fix nothing, and the trace keeps the example's number of groups.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("taps", torch.tensor([[[0.25, 0.5, 0.25]]]))

                def forward(self, signal):
                    ch = signal.size(1)
                    weight = self.taps.expand(ch, 1, 3)
                    return F.conv1d(signal, weight, padding=1, groups=ch)

            def inputs():
                return [(torch.randn(2, 3, 16),), (torch.randn(2, 5, 12),)]
            """,
            line=13,
            message_contains="groups",
        ),
        # A chunk count from the batch size: the trace keeps the example's count.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    parts = x.chunk(x.shape[0], 1)
                    return parts[0] * 2

            def inputs():
                return [(torch.randn(2, 6, 4),), (torch.randn(3, 6, 4),)]
            """,
            line=6,
            message_contains="chunks",
        ),
        # An adaptive 2-d pool given one size: while tracing it is a 0-dim tensor, which the
        # pool does not take (TypeError); a tuple of sizes is recorded.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return F.adaptive_avg_pool2d(x, x.shape[2] // 2)

            def inputs():
                return [(torch.randn(1, 2, 8, 8),), (torch.randn(1, 2, 12, 12),)]
            """,
            line=7,
            message_contains="fails (TypeError)",
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, coarse, fine):
                    ratio = fine.shape[-1] / coarse.shape[-1]
                    return F.interpolate(coarse, scale_factor=ratio, mode="nearest") + fine

            def inputs():
                return [
                    (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 8, 8)),
                    (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 12, 12)),
                ]
            """,
            line=8,
            message_contains="scale_factor",
        ),
        # Clamping a configured count to the last size: that size varies.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.top_k = 6

                def forward(self, scores):
                    k = min(self.top_k, scores.size(-1))
                    return scores.topk(k, dim=-1).values

            def inputs():
                return [(torch.randn(2, 9),), (torch.randn(2, 4),)]
            """,
            line=10,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cell = nn.GRUCell(4, 4)

                def forward(self, x):
                    h = torch.zeros(x.size(0), 4)
                    for t in range(x.size(1)):
                        h = self.cell(x[:, t], h)
                    return h

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(2, 5, 4),)]
            """,
            line=11,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.shape[0] > 2:
                        x = x - x.mean(0, keepdim=True)
                    return x * 2

            def inputs():
                return [(torch.randn(1, 4),), (torch.randn(5, 4),)]
            """,
            line=6,
        ),
        Invalid(
            """
            import math
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = x.shape[0]
                    return x.sum(0) / math.sqrt(n)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    k = min(x.shape[0], 2)
                    return x * k

            def inputs():
                return [(torch.randn(1, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
        ),
        # `and` tests the truth of its left operand even outside an `if`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q, mask=None):
                    causal = q.size(1) > 1 and mask is None
                    if causal:
                        return q.tril()
                    return q

            def inputs():
                return [(torch.randn(2, 3, 3),), (torch.randn(2, 1, 3),)]
            """,
            line=6,
        ),
        # The split size is read as a Python int: the trace splits every input like the example.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    a, b = torch.split(x, x.shape[1] // 2, dim=1)
                    return a * b

            def inputs():
                return [(torch.randn(2, 6, 3),), (torch.randn(2, 8, 3),)]
            """,
            line=6,
        ),
        # A clamp at zero: the trace keeps the example's side of `max` (here the difference,
        # so a longer input gets a negative pad, which crops).
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    pad = max(8 - x.size(1), 0)
                    return F.pad(x, (0, 0, 0, pad)).sum(1)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(2, 10, 4),)]
            """,
            line=7,
        ),
        # A walrus keeps the arithmetic on the size: this is padding, not an emptiness check.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, length: int = 4):
                    if (pad := length - x.size(1)) > 0:
                        x = F.pad(x, (0, 0, 0, pad))
                    return x.sum(1)

            def inputs():
                return [(torch.randn(2, 2, 3),), (torch.randn(2, 6, 3),)]
            """,
            line=7,
        ),
        # Padding to a multiple: `pad > 0` is computed from the length, not an emptiness check.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    b, t, d = x.shape
                    pad = (4 - t % 4) % 4
                    if pad > 0:
                        x = F.pad(x, (0, 0, 0, pad))
                    return x.reshape(b, -1, 4 * d).sum(-1)

            def inputs():
                return [(torch.randn(2, 8, 3),), (torch.randn(2, 6, 3),)]
            """,
            line=9,
            fixed="""
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    b, t, d = x.shape
                    pad = (4 - t % 4) % 4
                    x = F.pad(x, (0, 0, 0, pad))
                    return x.reshape(b, -1, 4 * d).sum(-1)

            def inputs():
                return [(torch.randn(2, 8, 3),), (torch.randn(2, 6, 3),)]
            """,
        ),
        # Checks for empty inputs: the tracer warns, and an empty input takes the example's
        # path.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, boxes):
                    if boxes.numel() == 0:
                        return boxes.new_zeros((0,))
                    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])

            def inputs():
                return [(torch.rand(3, 4),), (torch.rand(5, 4),)]
            """,
            line=6,
            trace_warning=True,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = max(x.size(1) - 1, 1)
                    return (x.sum(1) - x[:, 0]) / n

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(2, 6, 4),)]
            """,
            line=6,
            trace_warning=True,
        ),
        # NumPy on a batch size: the tracer records the number it gives for the example.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    k = int(np.ceil(x.shape[0] / 2))
                    return x * k

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        # NumPy over a slice of the shape (a Flatten): every size it reads is baked in.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.view(x.shape[0], int(np.prod(x.shape[1:])))

            def inputs():
                return [(torch.randn(2, 2, 4, 4),), (torch.randn(2, 2, 3, 5),)]
            """,
            line=7,
        ),
        # The emptiness check lives in a helper: the caller's `if` converts the traced result.
        Invalid(
            """
            import torch
            from torch import nn

            def empty(t):
                return t.numel() == 0

            class Model(nn.Module):
                def forward(self, q, k):
                    out = q
                    if not empty(k):
                        out = out * 2 + k.sum(0, keepdim=True)
                    return out

            def inputs():
                return [(torch.randn(2, 4), torch.randn(3, 4)), (torch.randn(2, 4), torch.randn(0, 4))]
            """,
            line=10,
        ),
        # A loop over a size a method computes: the trace unrolls the example's count.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, window: int = 2):
                    super().__init__()
                    self.window = window

                def n_windows(self, x):
                    return x.shape[1] // self.window

                def forward(self, x):
                    out = x[:, :1]
                    for i in range(self.n_windows(x)):
                        out = out + x[:, i * self.window : i * self.window + 1]
                    return out

            def inputs():
                return [(torch.randn(2, 4, 3),), (torch.randn(2, 8, 3),)]
            """,
            line=14,
        ),
        # A method of Python numbers on a size: under trace the size is a tensor.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, multiple: int = 4):
                    seqlen = x.shape[1]
                    m = seqlen / multiple
                    if m.is_integer():
                        return x
                    pad = multiple - seqlen % multiple
                    return F.pad(x, (0, 0, 0, pad))

            def inputs():
                return [(torch.randn(2, 8, 3),), (torch.randn(2, 6, 3),)]
            """,
            line=9,
            message_contains="AttributeError",
        ),
        # `dim_order()` works the layout out of sizes in Python: it raises while tracing.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Conv2d(3, 4, 1)

                def forward(self, img):
                    layout = img.dim_order()
                    y = self.proj(img)
                    return y.flatten(1) if layout[-1] == 3 else y.mean((2, 3))

            def inputs():
                return [(torch.randn(2, 3, 5, 5),), (torch.randn(1, 3, 4, 6),)]
            """,
            line=10,
            message_contains="sym_eq",
        ),
        # round() of a feature size: the same on every call, but a tensor while tracing.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim: int = 10):
                    super().__init__()
                    self.fc = nn.Linear(dim, dim)

                def forward(self, x):
                    h = self.fc(x)
                    split = round(h.shape[-1] * 0.5)
                    a, b = h[..., :split], h[..., split:]
                    return torch.cat([a * torch.sigmoid(b), b], dim=-1)

            def inputs():
                return [(torch.randn(2, 10),), (torch.randn(4, 10),)]
            """,
            line=11,
            message_contains="__round__",
        ),
        # `einops.unpack` tests the packed shapes in Python: the tracer warns at the call.
        Invalid(
            """
            import torch
            from einops import pack, unpack
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, y):
                    packed, ps = pack([x, y], "b * d")
                    a, b = unpack(packed * 2, ps, "b * d")
                    return a.sum(1) + b.flatten(1, 2).sum(1)

            def inputs():
                return [
                    (torch.randn(2, 3, 4), torch.randn(2, 5, 6, 4)),
                    (torch.randn(2, 4, 4), torch.randn(2, 2, 6, 4)),
                ]
            """,
            line=8,
            trace_warning=True,
            message_contains="einops.unpack",
        ),
        # `min` over a shape compares its sizes in Python: the trace keeps the one the example
        # input made the smaller, whichever is smaller later.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    side = min(x.shape[-2:])
                    return x[..., :side, :side]

            def inputs():
                return [(torch.randn(1, 1, 4, 6),), (torch.randn(1, 1, 6, 4),)]
            """,
            line=6,
        ),
        # The same in a helper whose parameter's kind the linter does not know (the caller's
        # value defaults to None): its `.shape` says it is a tensor.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            def pad_to_multiple(t, multiple):
                m = t.shape[-1] / multiple
                if m.is_integer():
                    return t
                return F.pad(t, (0, multiple - t.shape[-1] % multiple))

            class Model(nn.Module):
                def forward(self, x, mask=None):
                    if mask is not None:
                        x = x * pad_to_multiple(mask, 4)[..., : x.shape[-1]]
                    return x

            def inputs():
                return [(torch.randn(2, 8), torch.ones(2, 8)), (torch.randn(2, 6), torch.ones(2, 6))]
            """,
            line=7,
            message_contains="AttributeError",
        ),
        # A file's helper testing for an empty tensor, also handed a value of unknown kind
        # elsewhere (`k` out of `map` over a method): the call on a tensor still gives a size
        # test, which the trace bakes (the example's empty tail drops the sum).
        Invalid(
            """
            import torch
            from torch import nn

            def is_empty(t):
                return t.numel() == 0

            class Model(nn.Module):
                def split(self, t):
                    return t.reshape(t.shape[0], -1)

                def forward(self, x):
                    q, k = map(self.split, (x, x.flip(0)))
                    if is_empty(k):
                        return q
                    tail = x[:, 3:]
                    if is_empty(tail):
                        return q.sum(-1)
                    return q.sum(-1) + tail.sum(-1)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(3, 5),)]
            """,
            line=16,
        ),
        # Sizes mapped through a lambda stay sizes: the padding decision is the example's.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    h, w = map(lambda s: s % 4, x.shape[-2:])
                    if h or w:
                        x = F.pad(x, (0, (4 - w) % 4, 0, (4 - h) % 4))
                    return x.mean((-2, -1))

            def inputs():
                return [(torch.randn(1, 2, 8, 8),), (torch.randn(1, 2, 6, 7),)]
            """,
            line=8,
        ),
        # `map(int, ...)` over sizes: each one made a Python number, as `int(x.size(2))` is.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    h, w = map(int, x.shape[-2:])
                    pos = torch.arange(h * w, dtype=x.dtype).reshape(h, w)
                    return x + pos

            def inputs():
                return [(torch.randn(1, 4, 4),), (torch.randn(2, 5, 6),)]
            """,
            line=6,
            message_contains="`int()` of a size",
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._covered: set[int] = set()
        self._python_op: dict[int, bool] = {}  # function node -> run_as_python_op
        # `X` of the `if ...: return self.X` being checked: a cache hit returning the cache.
        self._returned_attr: Optional[str] = None
        # `range(...)` calls of loops that partition a size into pieces (`_partitions`).
        self._partitions: set[int] = set()

    def visit_For(self, node: cst.For) -> None:
        if _partitions(node):
            self._partitions.add(id(node.iter))

    def report(self, node: cst.CSTNode, message=None, **kwargs) -> None:  # type: ignore[no-untyped-def, override]
        function = self.ctx.function
        if function is not None:
            known = self._python_op.get(id(function))
            if known is None:
                info = self.ctx.function_info
                while info is not None and info.parent is not None:
                    info = info.parent  # a closure runs as its enclosing function does
                region = info.region if info is not None else None
                known = region is not None and run_as_python_op(self.ctx.index, region.qualname)
                self._python_op[id(function)] = known
            if known and not self._warns_in_python_op(node):
                return
        super().report(node, message, **kwargs)

    def _warns_in_python_op(self, node: cst.CSTNode) -> bool:
        """Whether a finding in code the trace runs as a Python op (``run_as_python_op``),
        where nothing is baked in, is still a TracerWarning: a test or conversion of a size
        (the tracer's sizes are 0-dim tensors there: "Converting a tensor to a Python
        boolean"), but not `range(n)` or tests of its loop counters, which torch takes
        without a warning (checked with torch.jit.trace)."""
        if isinstance(node, cst.Call) and self.ctx.qualified_name(node.func) == "builtins.range":
            return False
        found = False

        def enter(part: cst.CSTNode) -> bool:
            nonlocal found
            if isinstance(part, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)):
                found = found or self.ctx.kind(part) == Kind.SIZE
            return not found

        walk(node, enter, lambda part: None)
        return found

    def _varying(self, part: cst.BaseExpression) -> bool:
        # A decision may test any dimension, the last one included (odd lengths, padding).
        if type(part) is cst.UnaryOperation and type(part.operator) is cst.Not:  # type: ignore[attr-defined]
            return self._varying(part.expression)  # type: ignore[attr-defined]
        if isinstance(part, cst.Comparison) and _tests_clamped_setting(self.ctx, part):
            return False
        if type(part) is cst.Name and self._bound_to_size_test(part):
            return True
        if isinstance(part, cst.Comparison) and self._compares_shape(part):
            return True
        if isinstance(part, cst.Comparison) and self.ctx.kind(part) == Kind.DATA:
            # `n_pos == m` with `n_pos = int(mask.sum())`: the number is a Python int while
            # tracing, the size a 0-dim tensor, so the comparison is a tensor too (TL101 has
            # the data side, for compile and export).
            operands = [part.left, *(c.comparator for c in part.comparisons)]
            return any(
                self.ctx.kind(operand) == Kind.SIZE
                and varying_size(self.ctx, operand, last_dim_fixed=False)
                for operand in operands
            )
        return (
            self.ctx.kind(part) == Kind.SIZE
            and (
                varying_size(self.ctx, part, last_dim_fixed=False)
                or from_project_call(self.ctx, part)
                or _tests_traced_size(self.ctx, part)
            )
            and not _compares_converted_numbers(self.ctx, part)
        )

    def _compares_shape(self, part: cst.Comparison) -> bool:
        """``x.shape[-2:] != self.grid`` / ``tuple(x.shape[-2:]) == (h, w)`` / ``x.shape !=
        skip.shape``: an equality test of a shape or a slice of one, which the tracer takes
        for the example's sizes."""
        if not all(isinstance(c.operator, (cst.Equal, cst.NotEqual)) for c in part.comparisons):
            return False
        operands = [part.left, *(c.comparator for c in part.comparisons)]
        if any(
            _shape_of_self_attribute(operand) and _shape_owner_attr(operand) != self._returned_attr
            for operand in operands
        ):
            # `if self.grid.shape[2:4] != p.shape[2:4]: self.grid = make_grid(...)`: a cache
            # regrown on demand; the trace keeps the regrowing path, right for every size. Not
            # `if self.cache.shape == x.shape: return self.cache`: a hit returns the cache, which
            # the trace keeps as a constant for every input.
            return False
        for operand in operands:
            if (
                isinstance(operand, cst.Call)
                and self.ctx.qualified_name(operand.func) in ("builtins.tuple", "builtins.list")
                and len(operand.args) == 1
            ):
                operand = operand.args[0].value
            if (
                (isinstance(operand, cst.Subscript) or shape_owner(operand) is not None)
                and self.ctx.kind(operand) == Kind.SHAPE
                and varying_size(self.ctx, operand, last_dim_fixed=False)
            ):
                return True
            if isinstance(operand, cst.Name) and self._bound_to_shape(operand):
                return True
        return False

    def _bool_arguments(self, node: cst.Call) -> None:
        """``F.scaled_dot_product_attention(q, k, v, is_causal=causal)`` with ``causal`` a size
        comparison (or a name bound to one, or to an ``and`` / ``or`` chain over one): while
        tracing the comparison is a 0-dim tensor, which an operator's ``bool`` argument
        refuses (torch 2.13: TypeError "argument 'is_causal' must be bool, not Tensor")."""
        func = node.func
        name = self.ctx.qualified_name(func) or ""
        if not (
            (name.startswith("torch.") and not name.startswith("torch.nn.modules"))
            or (type(func) is cst.Attribute and self.ctx.kind(func.value) == Kind.TENSOR)  # type: ignore[attr-defined]
        ):
            return
        for arg in node.args:
            if arg.keyword is None or arg.keyword.value not in OPERATOR_BOOL_KEYWORDS:
                continue
            value = arg.value
            if (type(value) is cst.Comparison and self._varying(value)) or (
                type(value) is cst.Name and self._bound_to_size_test(value)
            ):
                self.report(value, bool_argument_message(arg.keyword.value))

    def _bound_to_size_test(self, name: cst.Name, depth: int = 0) -> bool:
        """``causal = is_causal and (s_past == 0)``: a name every binding of which is a size
        comparison or an ``and`` / ``or`` chain with one among its operands. While tracing the
        comparison is a 0-dim tensor, and the chain hands it on where it decides the result, so
        a later ``if not causal:`` converts it to a Python bool (torch 2.13: TracerWarning at
        the test as well as at the chain)."""
        if depth > 2 or self.ctx.function is None:
            return False
        values = assignments(self.ctx.function, name.value)
        if not values:
            return False
        for value, _, size in values:
            if value is UNKNOWN_VALUE or size != 1:
                return False
            operands = _cover(value, set()) if type(value) is cst.BooleanOperation else [value]
            if not any(
                type(operand) is cst.Comparison and self._varying(operand) for operand in operands
            ):
                return False
        return True

    def _bound_to_shape(self, name: cst.Name) -> bool:
        """``shape = x.shape`` / ``a, b = x.shape[:-2], y.shape[:-2]`` / ``plan =
        tuple(x.shape[-2:])``: a name every binding of which is a tensor's shape (or a slice of
        one, or a tuple / list copy of either) that may vary, as compared above."""
        if self.ctx.kind(name) != Kind.SHAPE:
            return False
        values = assignments(self.ctx.function, name.value)
        if not values:
            return False
        for value, position, size in values:
            if value is UNKNOWN_VALUE:
                return False
            if size > 1:
                if not isinstance(value, (cst.Tuple, cst.List)) or len(value.elements) != size:
                    return False
                value = value.elements[position].value
            if (
                isinstance(value, cst.Call)
                and self.ctx.qualified_name(value.func) in ("builtins.tuple", "builtins.list")
                and len(value.args) == 1
                and not value.args[0].star
            ):
                # `plan = tuple(x.shape[-2:])`: the sizes copied into a tuple, compared as
                # they are (torch 2.13 warns at the test: each size is a 0-dim tensor).
                value = value.args[0].value
            if not (
                (isinstance(value, cst.Subscript) or shape_owner(value) is not None)
                and shape_of_tensor(self.ctx, value)
                and varying_size(self.ctx, value, last_dim_fixed=False)
            ):
                return False
        return True

    def _check_test(self, test: cst.BaseExpression) -> None:
        if not self.ctx.in_graph:
            return
        _cover(test, self._covered)
        for part, excluded in condition_parts(self.ctx, test):
            if "trace" in excluded:
                continue
            operands = or_operands(part)
            if self._varying(part) and not (
                len(operands) > 1 and _optional_setting_test(self.ctx, operands[0])
            ):
                # `chunk is None or seq.shape[0] <= chunk`: the size is compared only where a
                # caller gives the optional setting (the operands below, up to that test).
                self.report(part)
            elif _configuration(self.ctx, part):
                return  # the rest runs only in some configurations, which the code cannot show
            else:
                # `n_pos == 0 or n_pos == m`: each operand of an `or` is a decision of its own
                # (torch warns at the one that compares a size), up to a configuration test.
                for operand in or_operands(part):
                    if _configuration(self.ctx, operand) or _none_test(operand):
                        break  # `mask is not None or ...`: the rest runs for some inputs only
                    if self._varying(operand):
                        self.report(operand)
                        break

    def visit_If(self, node: cst.If) -> None:
        if only_raises(node.body) or _fills_memo(node):
            # Input validation is TL109's business. A memo filled on a miss (`if n not in
            # self._tables: self._tables[n] = build(n)`) gives the same value either way:
            # under trace a size is a tensor no key equals, so every call builds it, traced.
            _cover(node.test, self._covered)
        else:
            self._returned_attr = _returned_self_attribute(node.body)
            try:
                self._check_test(node.test)
            finally:
                self._returned_attr = None

    def visit_While(self, node: cst.While) -> None:
        self._check_test(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._check_test(node.test)

    def visit_Assert(self, node: cst.Assert) -> None:
        _cover(node.test, self._covered)  # input validation: TL109's business

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        # `n > 1 and flag` outside a condition still tests the truth of every operand but the
        # last: `is_causal = q_len > 1 and mask is None` decides on the size.
        if id(node) in self._covered or not self.ctx.in_graph:
            return
        operands = _cover(node, self._covered)
        tested = operands[:-1]
        parts = (
            condition_parts(self.ctx, _and_chain(tested))
            if _only_and(node)
            else [(operand, frozenset()) for operand in tested]
        )
        for part, excluded in parts:
            if "trace" in excluded:
                continue
            if self._varying(part):
                self.report(part)
                return

    def _unpool_output_size(self, node: cst.Call, name: str) -> Optional[cst.BaseExpression]:
        """The ``output_size`` of a max-unpooling call when it holds sizes read off a tensor
        (``x.size()``, ``x.shape[-2:]``, ``[h.size(2), h.size(3)]``)."""
        position = MAX_UNPOOL_FUNCTIONS.get(name)
        if position is None and submodule_class(self.ctx, node.func) in MAX_UNPOOL_MODULES:
            position = 2
        if position is None:
            return None
        positional = call_targets(node)
        value = keyword(node, "output_size") or (
            positional[position] if len(positional) > position else None
        )
        if value is None:
            return None
        if self.ctx.kind(value) == Kind.SHAPE and shape_of_tensor(self.ctx, value):
            return value
        if isinstance(value, (cst.List, cst.Tuple)) and any(
            tensor_under_trace(self.ctx, element.value) for element in value.elements
        ):
            return value
        return None

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        self._bool_arguments(node)
        if (
            type(func) is cst.Attribute
            and func.attr.value in NUMBER_ONLY_METHODS  # type: ignore[attr-defined]
            and tensor_under_trace(self.ctx, func.value)  # type: ignore[attr-defined]
        ):
            self.report(node, method_message(func.attr.value))  # type: ignore[attr-defined]
            return
        if (
            type(func) is cst.Attribute
            and func.attr.value == "numel"  # type: ignore[attr-defined]
            and not node.args
            and self.ctx.kind(func.value) == Kind.SHAPE  # type: ignore[attr-defined]
            and varying_size(self.ctx, func.value)  # type: ignore[attr-defined]
        ):
            self.report(node, SHAPE_NUMEL_MESSAGE)
            return
        if (
            type(func) is cst.Attribute
            and func.attr.value == "dim_order"  # type: ignore[attr-defined]
            and self.ctx.kind(func.value) == Kind.TENSOR  # type: ignore[attr-defined]
        ):
            # torch/_tensor.py's `dim_order` compares sizes and strides with `sym_eq`, which
            # asserts on the 0-dim tensors sizes are while tracing, whatever the layout.
            self.report(node, DIM_ORDER_MESSAGE)
            return
        name = self.ctx.qualified_name(node.func) or ""
        if name in EINSUM_CALLS:
            count = einsum_operands(node)
            if count is not None and count >= 3:
                self.report(node, EINSUM_PATH_MESSAGE)
            return
        if name == "builtins.map":
            self._mapped_conversion(node)
            return
        if name == "builtins.round":
            # Under trace a size is a 0-dim tensor, which has no `__round__`: round() raises
            # whatever the size, varying or fixed by the weights.
            args = call_targets(node)
            if args and tensor_under_trace(self.ctx, args[0]):
                self.report(node, ROUND_MESSAGE)
            return
        if name == "builtins.divmod":
            # `divmod` of a 0-dim tensor and an int has no operator (TypeError under trace).
            args = call_targets(node)
            if any(tensor_under_trace(self.ctx, a) for a in args[:2]):
                self.report(node, DIVMOD_MESSAGE)
            return
        if name in JSON_CALLS:
            args = call_targets(node)
            if args and holds_traced_size(self.ctx, args[0]):
                self.report(node, JSON_MESSAGE)
            return
        if name in SYM_MINMAX_CALLS:
            if any(tensor_under_trace(self.ctx, a) for a in call_targets(node)[:2]):
                self.report(node, SYM_MINMAX_MESSAGE)
            return
        if (
            name.startswith("torch.nn.")
            and self.ctx.index.is_module_class(name)
            and any(tensor_under_trace(self.ctx, a.value) for a in node.args if not a.star)
        ):
            self.report(node, MODULE_FROM_SIZE_MESSAGE)
            return
        if name in INTERPOLATE_CALLS:
            positional = call_targets(node)
            scale = keyword(node, "scale_factor") or (
                positional[2] if len(positional) > 2 else None
            )
            if scale is not None and tensor_under_trace(self.ctx, scale):
                self.report(scale, SCALE_FACTOR_MESSAGE)
            return
        output_size = self._unpool_output_size(node, name)
        if output_size is not None:
            self.report(output_size, UNPOOL_MESSAGE)
            return
        if name in SIZE_TESTING_SCANS or self._aliased(node.func) in SIZE_TESTING_SCANS:
            self.report(node, SCAN_MESSAGE)
            return
        if name in UNPACK_CALLS:
            shapes = call_targets(node)[1:2] or [keyword(node, "packed_shapes")]
            if shapes[0] is not None and not _literal(shapes[0]):
                self.report(node, UNPACK_MESSAGE)
            return
        baked = self._baked_size_argument(node, name)
        if baked is not None:
            self.report(baked[0], baked[1])
            return
        split_size = self._split_size(node, name)
        if split_size is not None:
            # `torch.split` reads its size as a Python int; a last-dimension size is a feature
            # size that weights fix (`q, k, v = qkv.split(d, -1)`), the same on every call.
            if self.ctx.kind(split_size) == Kind.SIZE and varying_size(self.ctx, split_size):
                self.report(node, SPLIT_MESSAGE)
            return
        if name not in SIZE_CONSUMERS and not name.startswith(("math.", "numpy.")):
            return
        if id(node) in self._partitions:
            return
        args = call_targets(node)
        # `min(x.shape[-2:])` compares the sizes it is given; `int(np.prod(x.shape[1:]))` makes
        # a number of the sizes NumPy read.
        if name in COMPARING_BUILTINS:
            compared: tuple[Kind, ...] = (Kind.SIZE, Kind.SHAPE)
        elif name in ("builtins.int", "builtins.float"):
            compared = (Kind.SIZE, Kind.SIZE_NDARRAY)
        else:
            compared = (Kind.SIZE,)
        # `min(self.top_k, scores.size(-1))` clamps a configured count to a size: the size can
        # be the smaller one, so it varies, last dimension or not.
        clamped = name in COMPARING_BUILTINS and any(self.ctx.kind(a) == Kind.CONST for a in args)
        # `for t in range(1, x.size(-1))`: a loop steps through the last dimension as through
        # any other (time last, as in audio's batch x channels x frames).
        clamped = clamped or name == "builtins.range"
        if any(
            self.ctx.kind(a) in compared
            and not maybe_python_number(self.ctx, a)
            and not self._numpy_call_flagged(a)
            and (
                varying_size(self.ctx, a, last_dim_fixed=not clamped)
                or from_project_call(self.ctx, a)
            )
            for a in args
        ):
            if name.startswith("math.") or name in ("builtins.int", "builtins.float"):
                self.report(node, conversion_message(name.removeprefix("builtins.")))
            else:
                self.report(node)
        elif (
            name.startswith(("math.", "numpy.")) or name in ("builtins.int", "builtins.float")
        ) and any(
            self.ctx.kind(a) in compared
            and not maybe_python_number(self.ctx, a)
            and not self._numpy_call_flagged(a)
            and varying_size(self.ctx, a, last_dim_fixed=False)
            for a in args
        ):
            # `1.0 / math.sqrt(d)` of a feature size: the same number for every input the
            # weights accept, yet a 0-d tensor while tracing, which warns converting it.
            self.report(node, feature_conversion_message(name.removeprefix("builtins.")))

    def _aliased(self, func: cst.BaseExpression) -> Optional[str]:
        """The qualified name of what a local name is bound to, when it is bound once to a
        qualified name (``scan = torch._higher_order_ops.associative_scan``); else None."""
        if type(func) is not cst.Name:
            return None
        bound = assignments(self.ctx.function, func.value)  # type: ignore[attr-defined]
        if len(bound) != 1 or bound[0][0] is UNKNOWN_VALUE or bound[0][2] != 1:
            return None
        value = bound[0][0]
        if type(value) not in (cst.Attribute, cst.Name):
            return None
        return self.ctx.qualified_name(value)

    def _mapped_conversion(self, node: cst.Call) -> None:
        """``h, w = map(int, x.shape[-2:])``, ``map(math.ceil, (h / p, w / p))``: each size
        made a Python number, as ``int(x.size(2))`` is."""
        if len(node.args) != 2 or any(a.keyword is not None or a.star for a in node.args):
            return
        function = self.ctx.qualified_name(node.args[0].value) or ""
        if function not in ("builtins.int", "builtins.float") and not function.startswith("math."):
            return
        sizes = node.args[1].value
        if self.ctx.kind(sizes) == Kind.SHAPE and varying_size(self.ctx, sizes):
            self.report(node, conversion_message(function.removeprefix("builtins.")))

    def _numpy_call_flagged(self, value: cst.BaseExpression) -> bool:
        """``np.ceil(x.shape[0] / 2)`` inside ``int(...)``: flagged as the NumPy call already
        (it is given a size), not a second time as the conversion."""
        if not isinstance(value, cst.Call):
            return False
        name = self.ctx.qualified_name(value.func) or ""
        if not name.startswith("numpy.") or self.ctx.kind(value) not in (
            Kind.SIZE_NDARRAY,
            Kind.SIZE,
        ):
            return False
        return any(self.ctx.kind(a) == Kind.SIZE for a in call_targets(value))

    def _baked_size_argument(
        self, node: cst.Call, name: str
    ) -> Optional[tuple[cst.BaseExpression, Message]]:
        """The argument of a call given a size that varies between calls, where the trace bakes
        or refuses it in that form (``rules/trace_int_tables.json``), with its message."""
        func = node.func
        function = name
        if not baked_arguments(name) and type(func) is cst.Attribute:
            if self.ctx.kind(func.value) != Kind.TENSOR:  # type: ignore[attr-defined]
                return None
            function = f"Tensor.{func.attr.value}"  # type: ignore[attr-defined]
        table = baked_arguments(function)
        if not table or function in SPLIT_CALLS:
            return None
        last_dim_fixed = not any(part in function for part in LAST_DIM_VARIES)
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        for argument in table:
            value = keyword(node, argument.name)
            if value is None and argument.position is not None:
                if len(positional) > argument.position:
                    value = positional[argument.position]
            if value is None:
                continue
            shaped = False
            if isinstance(value, (cst.Tuple, cst.List)):
                form = "list"
                parts = [element.value for element in value.elements]
            elif (
                self.ctx.kind(value) == Kind.SHAPE
                and isinstance(value, cst.Subscript)
                and shape_of_tensor(self.ctx, value.value)
            ):
                # `heat.shape[-2:]`: sizes of a tensor in a torch.Size, each traced.
                form = "list"
                parts = [value]
                shaped = True
            elif (
                "varargs" in argument.verdicts
                and argument.position == 0
                and len(positional) > 1
                and keyword(node, argument.name) is None
            ):
                form = "varargs"
                parts = positional
            else:
                form = "int"
                parts = [value]
            if argument.verdicts.get(form) not in ("baked", "refused"):
                continue
            weight = (
                (keyword(node, "weight") or (positional[1:2] or [None])[0])
                if ("conv" in function)
                else None
            )
            if any(
                (shaped or tensor_under_trace(self.ctx, part))
                and varying_size(self.ctx, part, last_dim_fixed=last_dim_fixed)
                and not (
                    weight is not None
                    and _feature_size(self.ctx, part, weight)
                    and not _weight_from_sizes(self.ctx, weight)
                )
                for part in parts
            ):
                return value, baked_size_message(function, argument, form)
        return None

    def _split_size(self, node: cst.Call, name: str) -> Optional[cst.BaseExpression]:
        """The split size of ``torch.split(t, n)`` / ``t.split(n)``."""
        args = [a for a in node.args if not a.star]
        size_arg = keyword(node, "split_size_or_sections") or keyword(node, "split_size")
        if name == "torch.split":
            return size_arg or (
                args[1].value if len(args) > 1 and args[1].keyword is None else None
            )
        func = node.func
        if type(func) is cst.Attribute and func.attr.value == "split":  # type: ignore[attr-defined]
            if self.ctx.kind(func.value) == Kind.TENSOR:  # type: ignore[attr-defined]
                return size_arg or (args[0].value if args and args[0].keyword is None else None)
        return None


# What makes a Python number of a size while tracing (the conversion warns, and is flagged).
NUMBER_CONVERSIONS = frozenset({"builtins.int", "builtins.float"})


def _compares_converted_numbers(ctx: LintContext, part: cst.BaseExpression) -> bool:
    """``log_denom > 0`` with ``log_denom = math.log1p(float(max(n - 1, 1)))``: a comparison
    whose every operand is a literal or a number made by ``int()`` / ``float()`` of a size.
    While tracing, the conversion already made a Python number (the TracerWarning and the
    finding are at it), so the comparison is Python's own: torch 2.13 does not warn there."""
    if type(part) is not cst.Comparison:
        return False
    operands = [part.left, *(c.comparator for c in part.comparisons)]  # type: ignore[attr-defined]
    converted = [_converted_number(ctx, operand) for operand in operands]
    return any(converted) and all(
        done or type(operand) in (cst.Integer, cst.Float)
        for operand, done in zip(operands, converted)
    )


def _converted_number(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """A Python number made from a size by ``int()`` / ``float()``, through ``math`` functions,
    arithmetic with literals, conditional expressions and names bound only to such."""
    if depth > 4:
        return False
    kind = type(expr)
    if kind in (cst.Integer, cst.Float):
        return False
    if kind is cst.Call:
        name = ctx.qualified_name(expr.func) or ""  # type: ignore[attr-defined]
        if name in NUMBER_CONVERSIONS:
            return True
        args = [a.value for a in expr.args if not a.star]  # type: ignore[attr-defined]
        return (
            name.startswith("math.")
            and bool(args)
            and any(_converted_number(ctx, a, depth + 1) for a in args)
            and all(
                _converted_number(ctx, a, depth + 1) or type(a) in (cst.Integer, cst.Float)
                for a in args
            )
        )
    if kind is cst.BinaryOperation:
        sides = (expr.left, expr.right)  # type: ignore[attr-defined]
        return any(_converted_number(ctx, side, depth + 1) for side in sides) and all(
            _converted_number(ctx, side, depth + 1) or type(side) in (cst.Integer, cst.Float)
            for side in sides
        )
    if kind is cst.UnaryOperation:
        return _converted_number(ctx, expr.expression, depth + 1)  # type: ignore[attr-defined]
    if kind is cst.IfExp:
        branches = (expr.body, expr.orelse)  # type: ignore[attr-defined]
        return any(_converted_number(ctx, b, depth + 1) for b in branches) and all(
            _converted_number(ctx, b, depth + 1) or type(b) in (cst.Integer, cst.Float)
            for b in branches
        )
    if kind is cst.Name and ctx.function is not None:
        values = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        return bool(values) and all(
            value is not UNKNOWN_VALUE and size == 1 and _converted_number(ctx, value, depth + 1)
            for value, _, size in values
        )
    return False


def _feature_size(
    ctx: LintContext, expr: cst.BaseExpression, weight: cst.BaseExpression, depth: int = 0
) -> bool:
    """A convolution's channel count: dimension 1 of a channels-first tensor (``x.shape[1]``,
    ``x.size(1)``, ``c`` of ``b, c, h, w = x.shape``) or a size of the convolution's own weight
    (``groups=kernel.size(0)``). The weights fix them (depthwise ``groups=C``), so the trace is
    right for every input the weights accept."""
    if depth > 4:
        return False
    if type(expr) is cst.Subscript and len(expr.slice) == 1:  # type: ignore[attr-defined]
        owner = shape_owner(expr.value)  # type: ignore[attr-defined]
        index = expr.slice[0].slice  # type: ignore[attr-defined]
        return owner is not None and (
            owner.deep_equals(weight)
            or (
                type(index) is cst.Index
                and type(index.value) is cst.Integer
                and index.value.value == "1"
            )  # type: ignore[attr-defined]
        )
    if (
        type(expr) is cst.Call
        and type(expr.func) is cst.Attribute
        and expr.func.attr.value == "size"
    ):  # type: ignore[attr-defined]
        owner = expr.func.value  # type: ignore[attr-defined]
        args = call_targets(expr)  # type: ignore[arg-type]
        return owner.deep_equals(weight) or (
            len(args) == 1 and type(args[0]) is cst.Integer and args[0].value == "1"  # type: ignore[attr-defined]
        )
    if type(expr) is cst.Name:
        values = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        return bool(values) and all(
            value is not UNKNOWN_VALUE
            and (
                (size > 1 and position == 1 and shape_owner(value) is not None)
                or (size == 1 and _feature_size(ctx, value, weight, depth + 1))
            )
            for value, position, size in values
        )
    return False


def _weight_from_sizes(ctx: LintContext, weight: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether a convolution's weight is built from a size that varies: ``w =
    self.kernel.repeat(c, 1, 1, 1)`` with ``c = x.shape[1]``. Its channel count then follows
    the input's, so ``groups=c`` is no count the weights fix: the trace bakes it in."""
    if depth > 3:
        return False
    if type(weight) is cst.Name:
        values = assignments(ctx.function, weight.value)  # type: ignore[attr-defined]
        return any(
            value is not UNKNOWN_VALUE and size == 1 and _weight_from_sizes(ctx, value, depth + 1)
            for value, _, size in values
        )
    if type(weight) is not cst.Call:
        return False
    for argument in weight.args:  # type: ignore[attr-defined]
        value = argument.value
        if ctx.kind(value) == Kind.SIZE and varying_size(ctx, value, last_dim_fixed=False):
            return True
    func = weight.func  # type: ignore[attr-defined]
    return type(func) is cst.Attribute and _weight_from_sizes(ctx, func.value, depth + 1)


def _shape_owner_attr(expr: cst.BaseExpression) -> Optional[str]:
    """``X`` of ``self.X.shape[...]`` / ``self.X.size(...)``."""
    if isinstance(expr, cst.Subscript):
        expr = expr.value
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        expr = expr.func
    return self_attribute(expr.value) if isinstance(expr, cst.Attribute) else None


def _returned_self_attribute(body: cst.BaseSuite) -> Optional[str]:
    """``X`` when the block is only ``return self.X``."""
    statements = body.body if isinstance(body, cst.IndentedBlock) else ()
    if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine):
        return None
    small = statements[0].body
    if len(small) != 1 or not isinstance(small[0], cst.Return) or small[0].value is None:
        return None
    return self_attribute(small[0].value)


def _shape_of_self_attribute(expr: cst.BaseExpression) -> bool:
    """``self.X.shape`` (sliced or indexed) or ``self.X.size(...)``."""
    if isinstance(expr, cst.Subscript):
        expr = expr.value
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        expr = expr.func if expr.func.attr.value == "size" else expr
    if not (isinstance(expr, cst.Attribute) and expr.attr.value in ("shape", "size")):
        return False
    return self_attribute(expr.value) is not None


def _literal(expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` is written out in the code (``[(2,), (3, 4)]``), not computed."""
    kind = type(expr)
    if kind is cst.Tuple or kind is cst.List:
        return all(_literal(el.value) for el in expr.elements)  # type: ignore[attr-defined]
    return kind is cst.Integer or (
        kind is cst.UnaryOperation and type(expr.expression) is cst.Integer  # type: ignore[attr-defined]
    )


def _cover(expr: cst.BaseExpression, covered: set[int]) -> list[cst.BaseExpression]:
    """Mark the and/or nodes of ``expr`` as seen; return its operands in evaluation order."""
    if type(expr) is cst.BooleanOperation:
        covered.add(id(expr))
        return _cover(expr.left, covered) + _cover(expr.right, covered)  # type: ignore[attr-defined]
    return [expr]


def _only_and(expr: cst.BaseExpression) -> bool:
    if type(expr) is not cst.BooleanOperation:
        return True
    return (
        type(expr.operator) is cst.And  # type: ignore[attr-defined]
        and _only_and(expr.left)  # type: ignore[attr-defined]
        and _only_and(expr.right)  # type: ignore[attr-defined]
    )


def _and_chain(operands: list[cst.BaseExpression]) -> cst.BaseExpression:
    """One ``and`` chain over ``operands`` (for :func:`condition_parts`, which reads guards)."""
    chain = operands[0]
    for operand in operands[1:]:
        chain = cst.BooleanOperation(left=chain, operator=cst.And(), right=operand)
    return chain


def _configuration(ctx: LintContext, test: cst.BaseExpression, depth: int = 0) -> bool:
    """A test of the module's configuration, not of the input: a setting on ``self``
    compared with a literal or taken as a flag (``self.attention_type == "block_sparse"``,
    ``self.config.use_tpu``), an optional setting on ``self`` tested against ``None``
    (``self.max_pool_size is not None``), an optional non-tensor parameter left at its ``None``
    default (``max_candidates is not None``), or a local flag every binding of which starts with one
    (``use_cache = cache is not None and cache.ready()``)."""
    if type(test) is cst.Name and depth < 2:
        bound = assignments(ctx.function, test.value)  # type: ignore[attr-defined]
        return bool(bound) and all(
            size == 1 and _configuration(ctx, _first_operand(value), depth + 1)
            for value, _, size in bound
        )
    if type(test) is cst.Comparison and len(test.comparisons) == 1:  # type: ignore[attr-defined]
        left, target = test.left, test.comparisons[0]  # type: ignore[attr-defined]
        right = target.comparator
        if type(right) is cst.Name and right.value == "None":
            if type(target.operator) in (cst.Is, cst.IsNot) and _self_setting(ctx, left):
                return True  # `self.max_pool_size is not None`: an optional setting
            return type(target.operator) is cst.IsNot and _none_default_setting(ctx, left)
        if type(right) in (cst.SimpleString, cst.Integer, cst.Float):
            return _self_setting(ctx, left)
        return False
    return _self_setting(ctx, test)


def _optional_setting_test(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """``chunk is None`` of a parameter defaulting to None that holds no tensor (an optional
    number or setting): what an ``or`` tests after it runs only when a caller gives it."""
    if not _none_test(expr) or type(expr.left) is not cst.Name:  # type: ignore[attr-defined]
        return False
    name = expr.left.value  # type: ignore[attr-defined]
    function = ctx.function
    if function is None or assignments(function, name):
        return False
    params = function.params
    return any(
        param.name.value == name
        and type(param.default) is cst.Name
        and param.default.value == "None"  # type: ignore[attr-defined]
        for param in (*params.params, *params.kwonly_params)
    ) and ctx.kind(expr.left) not in (Kind.TENSOR, Kind.TENSORS, Kind.DATA)  # type: ignore[attr-defined]


def _none_test(expr: cst.BaseExpression) -> bool:
    """``x is None`` / ``x is not None``."""
    return (
        type(expr) is cst.Comparison
        and len(expr.comparisons) == 1  # type: ignore[attr-defined]
        and type(expr.comparisons[0].operator) in (cst.Is, cst.IsNot)  # type: ignore[attr-defined]
        and type(expr.comparisons[0].comparator) is cst.Name  # type: ignore[attr-defined]
        and expr.comparisons[0].comparator.value == "None"  # type: ignore[attr-defined]
    )


def _first_operand(expr: cst.BaseExpression) -> cst.BaseExpression:
    """The first operand of an ``and`` chain (the expression itself otherwise)."""
    while type(expr) is cst.BooleanOperation and type(expr.operator) is cst.And:  # type: ignore[attr-defined]
        expr = expr.left  # type: ignore[attr-defined]
    return expr


def _self_setting(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """``self.x`` / ``self.config.x`` holding a constant (not a tensor or module)."""
    node = expr
    while type(node) is cst.Attribute:
        node = node.value  # type: ignore[attr-defined]
    return (
        expr is not node
        and type(node) is cst.Name
        and node.value == "self"  # type: ignore[attr-defined]
        and ctx.kind(expr) in (Kind.CONST, Kind.UNKNOWN)
        and not _assigned_in_function(ctx.function, self_attribute(expr))
    )


def _assigned_in_function(function: Optional[cst.FunctionDef], attr: Optional[str]) -> bool:
    """Whether ``function`` assigns ``self.<attr>`` (``self.cached = x * 2``): state the
    graph code keeps from call to call (a lazy cache), not a setting of the module."""
    if function is None or attr is None:
        return False
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if type(node) is cst.Assign:
            found = found or any(
                self_attribute(t.target) == attr
                for t in node.targets  # type: ignore[attr-defined]
            )
        elif type(node) in (cst.AugAssign, cst.AnnAssign):
            found = found or self_attribute(node.target) == attr  # type: ignore[attr-defined]
        return not found and type(node) not in (cst.FunctionDef, cst.Lambda) or node is function

    walk(function, enter, lambda node: None)
    return found


def _none_default_setting(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """A parameter annotated as a non-tensor type (a number, a cache object) whose default is
    ``None``."""
    func = ctx.function
    if type(expr) is not cst.Name or func is None:
        return False
    for param in (*func.params.params, *func.params.kwonly_params):
        if param.name.value == expr.value:  # type: ignore[attr-defined]
            default = param.default
            return (
                type(default) is cst.Name
                and default.value == "None"  # type: ignore[attr-defined]
                and param.annotation is not None
                and ctx.kind(expr) in (Kind.CONST, Kind.UNKNOWN)
            )
    return False


def from_project_call(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether the size ``expr`` is computed by a function or method of the project
    (``empty(q)``, ``n_windows(x, 2)``, ``h, w = self._grid(x)``): the model knows a size comes
    back, not which dimension, and the tracer warns or unrolls whichever it is."""
    if depth > 6:
        return False
    kind = type(expr)
    if kind is cst.Call:
        return ctx.kind(expr) == Kind.SIZE and project_callee(ctx, expr.func)  # type: ignore[attr-defined]
    if kind is cst.UnaryOperation:
        return from_project_call(ctx, expr.expression, depth + 1)  # type: ignore[attr-defined]
    if kind is cst.BinaryOperation:
        return from_project_call(ctx, expr.left, depth + 1) or from_project_call(  # type: ignore[attr-defined]
            ctx,
            expr.right,  # type: ignore[attr-defined]
            depth + 1,
        )
    if kind is cst.Comparison:
        operands = [expr.left, *(c.comparator for c in expr.comparisons)]  # type: ignore[attr-defined]
        return any(from_project_call(ctx, operand, depth + 1) for operand in operands)
    if kind is cst.Name and ctx.kind(expr) == Kind.SIZE:
        for value, _, size in assignments(ctx.function, expr.value):  # type: ignore[attr-defined]
            if value is UNKNOWN_VALUE:
                continue
            if size > 1:  # `h, w = pair_shape(x)`: the call gives the tuple
                if type(value) is cst.Call and project_callee(ctx, value.func):  # type: ignore[attr-defined]
                    return True
            elif from_project_call(ctx, value, depth + 1):
                return True
    return False


PYTHON_NUMBER_CALLS = frozenset({"builtins.int", "builtins.float", "builtins.round"})


def maybe_python_number(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether the size ``expr`` may be a plain Python number under trace: ``int(n)`` is one
    (the tracer converted there), and ``min(n, int(...))`` is whichever operand wins, so
    what is computed from it later may be a number the tracer never sees."""
    if depth > 6:
        return False
    kind = type(expr)
    if kind is cst.Call:
        name = ctx.qualified_name(expr.func)  # type: ignore[attr-defined]
        if name in PYTHON_NUMBER_CALLS:
            return True
        return name in COMPARING_BUILTINS and any(
            maybe_python_number(ctx, a.value, depth + 1)
            for a in expr.args  # type: ignore[attr-defined]
        )
    if kind is cst.BinaryOperation:  # `num_steps - 2` with `num_steps = int(...)`
        left, right = expr.left, expr.right  # type: ignore[attr-defined]
        return (maybe_python_number(ctx, left, depth + 1) or ctx.kind(left) == Kind.CONST) and (
            maybe_python_number(ctx, right, depth + 1) or ctx.kind(right) == Kind.CONST
        )
    if kind is cst.UnaryOperation:
        return maybe_python_number(ctx, expr.expression, depth + 1)  # type: ignore[attr-defined]
    if kind is cst.Name:
        return any(
            value is not UNKNOWN_VALUE
            and size == 1
            and not _holds(value, expr)
            and maybe_python_number(ctx, value, depth + 1)
            for value, _, size in assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        )
    return False


def _partitions(node: cst.For) -> bool:
    """A helper's ``for start in range(0, n, step):`` that only yields the piece ``start :
    min(n, start + step)`` (``yield slice(start, min(n, start + step))``): the trace keeps the
    example's number of pieces, but the last one ends at ``min(n, ...)``, which returns ``n``
    itself, the size each input gives, where ``start + step`` reaches it; the pieces cover
    every input, so a caller that computes each piece on its own (what such a helper is for:
    a batch cut to bound memory) gets eager's result for any size (torch 2.13; not so with
    ``min(start + step, n)``, which keeps the example's end on a tie, nor a loop whose own
    body runs a recurrence over the pieces). The tracer warns at the ``min``, flagged there."""
    call = node.iter
    target = node.target
    if (
        type(call) is not cst.Call
        or type(call.func) is not cst.Name  # type: ignore[attr-defined]
        or call.func.value != "range"  # type: ignore[attr-defined]
        or type(target) is not cst.Name
        or len(call.args) != 3  # type: ignore[attr-defined]
        or any(a.keyword is not None or a.star for a in call.args)  # type: ignore[attr-defined]
    ):
        return False
    code = cst.Module([]).code_for_node
    stop, step = code(call.args[1].value), code(call.args[2].value)  # type: ignore[attr-defined]
    name = target.value  # type: ignore[attr-defined]

    def piece(lower: Optional[cst.BaseExpression], upper: Optional[cst.BaseExpression]) -> bool:
        return (
            type(lower) is cst.Name
            and lower.value == name  # type: ignore[attr-defined]
            and type(upper) is cst.Call
            and code(upper.func) == "min"  # type: ignore[attr-defined]
            and len(upper.args) == 2  # type: ignore[attr-defined]
            and code(upper.args[0].value) == stop  # type: ignore[attr-defined]
            and code(upper.args[1].value).replace(" ", "") == f"{name}+{step}".replace(" ", "")  # type: ignore[attr-defined]
        )

    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    if not body or not all(
        type(statement) is cst.SimpleStatementLine
        and all(
            type(small) is cst.Expr and type(small.value) is cst.Yield  # type: ignore[attr-defined]
            for small in statement.body  # type: ignore[attr-defined]
        )
        for statement in body
    ):
        return False
    pieces: set[int] = set()
    reads: list[cst.Name] = []

    def enter(part: cst.CSTNode) -> bool:
        kind = type(part)
        if kind is cst.Call and code(part.func) == "slice":  # type: ignore[attr-defined]
            args = [a.value for a in part.args]  # type: ignore[attr-defined]
            if len(args) == 2 and piece(args[0], args[1]):
                pieces.add(id(args[0]))
        elif kind is cst.Slice and piece(part.lower, part.upper):  # type: ignore[attr-defined]
            pieces.add(id(part.lower))  # type: ignore[attr-defined]
        elif kind is cst.Name and part.value == name:  # type: ignore[attr-defined]
            reads.append(part)  # type: ignore[arg-type]
        return True

    walk(node.body, enter, lambda part: None)
    # Each read is a piece's start or the `start` inside that piece's `min(n, start + step)`.
    starts = [r for r in reads if id(r) in pieces]
    return bool(starts) and len(reads) == 2 * len(starts)


def _tests_clamped_setting(ctx: LintContext, test: cst.Comparison) -> bool:
    """``if group_size == 2:`` after ``if group_size > x.shape[d]: group_size = x.shape[d]``:
    every operand that may hold a size is a parameter that holds one only where such a clamp,
    a test of the parameter itself (flagged there), rebound it. On the path the example takes
    without the clamp the test compares the caller's number (torch 2.13: no TracerWarning);
    the size enters only through the clamp's decision. Not so where the clamp also takes the
    size for a parameter left None (``if group_size is None or ...``): a caller passing None
    gets the size, and the test decides on it."""
    operands = [test.left, *(c.comparator for c in test.comparisons)]
    sized = [o for o in operands if ctx.kind(o) == Kind.SIZE]
    return bool(sized) and all(
        type(o) is cst.Name and _clamped_parameter(ctx, o.value)  # type: ignore[attr-defined]
        for o in sized
    )


def _clamped_parameter(ctx: LintContext, name: str) -> bool:
    """Whether ``name`` is a parameter of the current function (not a tensor) that the
    function rebinds only inside ``if`` statements whose test reads ``name`` itself."""
    function = ctx.function
    if function is None:
        return False
    params = function.params
    param = next(
        (
            p
            for p in (*params.posonly_params, *params.params, *params.kwonly_params)
            if p.name.value == name
        ),
        None,
    )
    if param is None or annotated_tensor(ctx, name):
        return False
    tests: list[cst.BaseExpression] = []
    rebound = clamped = 0

    def reads(expr: cst.BaseExpression) -> bool:
        found = False

        def enter(node: cst.CSTNode) -> bool:
            nonlocal found
            found = found or (type(node) is cst.Name and node.value == name)  # type: ignore[attr-defined]
            return not found

        walk(expr, enter, lambda node: None)
        return found

    def enter(node: cst.CSTNode) -> bool:
        nonlocal rebound, clamped
        kind = type(node)
        if kind in (cst.FunctionDef, cst.Lambda, cst.ClassDef) and node is not function:
            return False
        if kind is cst.If:
            tests.append(node.test)  # type: ignore[attr-defined]
        elif kind in (cst.Assign, cst.AugAssign, cst.AnnAssign):
            targets = (
                [t.target for t in node.targets]  # type: ignore[attr-defined]
                if kind is cst.Assign
                else [node.target]  # type: ignore[attr-defined]
            )
            if any(type(t) is cst.Name and t.value == name for t in targets):
                rebound += 1
                clamped += bool(tests) and reads(tests[-1]) and not _none_alternative(tests[-1])
        elif kind in (cst.For, cst.With, cst.NamedExpr):
            target = getattr(node, "target", None)
            if target is not None and reads(target):
                rebound += 1  # bound by a loop or a walrus: not a clamp
        return True

    def leave(node: cst.CSTNode) -> None:
        if type(node) is cst.If:
            tests.pop()

    walk(function.body, enter, leave)
    return rebound > 0 and rebound == clamped


def _none_alternative(test: cst.BaseExpression) -> bool:
    """Whether ``test`` asks whether a value is None or falsy (``k is None``, ``not k``)."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        kind = type(node)
        if kind is cst.Comparison:
            found = found or any(
                type(c.comparator) is cst.Name and c.comparator.value == "None"  # type: ignore[attr-defined]
                for c in node.comparisons  # type: ignore[attr-defined]
            )
        elif kind is cst.UnaryOperation and type(node.operator) is cst.Not:  # type: ignore[attr-defined]
            found = found or type(node.expression) is cst.Name  # type: ignore[attr-defined]
        return not found

    walk(test, enter, lambda node: None)
    return found


def _holds(value: cst.CSTNode, read: cst.CSTNode) -> bool:
    """Whether ``read`` is part of ``value``: in ``chunk = max(1, int(chunk))`` the ``chunk``
    read on the right is the value before this binding (a parameter's), not the binding."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        found = found or node is read
        return not found

    walk(value, enter, lambda node: None)
    return found


def project_callee(ctx: LintContext, func: cst.BaseExpression) -> bool:
    """Whether ``func`` names a function of the project or a method of the current class that
    does not ask whether it is being traced (``not torch.jit.is_tracing() and n >= 256``
    never compares the size under trace)."""
    found: Optional[FunctionSummary] = None
    info = ctx.function_info
    params = ctx.function.params.params if ctx.function is not None else ()
    if (
        type(func) is cst.Attribute
        and type(func.value) is cst.Name  # type: ignore[attr-defined]
        and info is not None
        and info.owner_class
        and params
        and params[0].name.value == func.value.value  # type: ignore[attr-defined]
    ):
        method = ctx.index.find_method(info.owner_class, func.attr.value)  # type: ignore[attr-defined]
        found = method[2] if method is not None else None
    else:
        name = ctx.qualified_name(func)
        target = ctx.index.lookup(name) if name else None
        if target is not None and target[0] == "function":
            found = target[1].functions.get(target[2])
        elif target is not None and target[0] == "method":
            owner, _, method_name = target[2].rpartition(".")
            found = target[1].classes[owner].methods.get(method_name)
    return found is not None and not any(
        call.kind == "name" and "trace" in (ctx.index.guard_function(call.target) or ())
        for call in found.calls
    )


def _fills_memo(node: cst.If) -> bool:
    """``if key not in memo:`` with no ``else``, whose body stores ``memo[key] = ...``."""
    test = node.test
    if (
        node.orelse is not None
        or type(test) is not cst.Comparison
        or len(test.comparisons) != 1
        or type(test.comparisons[0].operator) is not cst.NotIn
    ):
        return False
    code = cst.Module([]).code_for_node
    key, memo = code(test.left), code(test.comparisons[0].comparator)
    for statement in getattr(node.body, "body", ()):
        for small in getattr(statement, "body", ()):
            if type(small) is not cst.Assign:
                continue
            for target in small.targets:
                stored = target.target
                if (
                    type(stored) is cst.Subscript
                    and code(stored.value) == memo
                    and len(stored.slice) == 1
                    and type(stored.slice[0].slice) is cst.Index
                    and code(stored.slice[0].slice.value) == key
                ):
                    return True
    return False


def tensor_under_trace(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether the size ``expr`` is a 0-dim tensor while tracing: read off a tensor
    (``x.shape[1]``, ``x.size(1)``, ``x.numel()``, ``self.fc.weight.shape[0]``), a name
    bound to one, or arithmetic on one. ``int(n)`` and ``float(n)`` give Python numbers back
    (the tracer converts), and so do ranks (``x.dim()``) and ``len(x)``; ``round(n)`` raises
    (a tensor has no ``__round__``)."""
    if depth > 6 or ctx.kind(expr) != Kind.SIZE:
        return False
    kind = type(expr)
    if kind is cst.Subscript:
        return ctx.kind(expr.value) == Kind.SHAPE and shape_of_tensor(ctx, expr.value)  # type: ignore[attr-defined]
    if kind is cst.Call:
        func = expr.func  # type: ignore[attr-defined]
        if type(func) is cst.Attribute:
            return func.attr.value in ("size", "numel", "nelement") and (  # type: ignore[attr-defined]
                ctx.kind(func.value) in ARRAY_KINDS  # type: ignore[attr-defined]
            )
        # `len(x)` is a Python int even while tracing (the tracer only warns).
        return ctx.qualified_name(func) == "torch.numel"
    if kind is cst.BinaryOperation:
        return tensor_under_trace(ctx, expr.left, depth + 1) or tensor_under_trace(  # type: ignore[attr-defined]
            ctx,
            expr.right,  # type: ignore[attr-defined]
            depth + 1,
        )
    if kind is cst.UnaryOperation:
        return tensor_under_trace(ctx, expr.expression, depth + 1)  # type: ignore[attr-defined]
    if kind is cst.Name:
        values = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        loops = loop_iterables(ctx.function, expr.value)  # type: ignore[attr-defined]
        if sum(value is UNKNOWN_VALUE for value, _, _ in values) == len(loops) and all(
            shape_of_tensor(ctx, iterable) for iterable in loops
        ):
            # `for s in sizes[1:]` over a shape or a list of sizes: each item is one.
            values = [v for v in values if v[0] is not UNKNOWN_VALUE]
            if loops and not values:
                return True
        for value, _, size in values:
            if value is UNKNOWN_VALUE:
                return False  # rebound in a loop or an augmented assignment: not sure
            if size > 1:  # `b, c, h, w = x.shape`
                if not shape_of_tensor(ctx, value):
                    return False
            elif not tensor_under_trace(ctx, value, depth + 1):
                return False
        return bool(values)
    return False


def shape_of_tensor(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """``x.shape`` or ``x.size()`` of a tensor (sliced or not); ``v.shape`` of a value of
    unknown kind is a tensor's too (the kinds say so: graph code reads shapes off arrays)."""
    while type(expr) is cst.Subscript:
        expr = expr.value  # type: ignore[attr-defined]
    if type(expr) is cst.Attribute:
        if expr.attr.value != "shape":  # type: ignore[attr-defined]
            return False
        owner = ctx.kind(expr.value)  # type: ignore[attr-defined]
        return owner == Kind.TENSOR or (owner == Kind.UNKNOWN and ctx.kind(expr) == Kind.SHAPE)
    if type(expr) is cst.Call and type(expr.func) is cst.Attribute:  # type: ignore[attr-defined]
        func = expr.func  # type: ignore[attr-defined]
        return func.attr.value == "size" and ctx.kind(func.value) in ARRAY_KINDS
    if type(expr) is cst.Name and ctx.kind(expr) == Kind.SHAPE:
        # A local list of sizes (`sizes = []; sizes.append(x.size(0))`): while tracing, a
        # list of 0-dim tensors (torchsde's `batch_sizes`).
        items = list_items(ctx.function, expr.value)  # type: ignore[attr-defined]
        return bool(items) and all(tensor_under_trace(ctx, item) for item in items)  # type: ignore[union-attr]
    return False


def _tests_traced_size(ctx: LintContext, test: cst.BaseExpression) -> bool:
    """Whether a test compares (or takes the truth of) a size that is a tensor under trace,
    such as ``x.numel() == 0``. ``len(x)`` is TL105's (tensor-iteration)."""
    while type(test) is cst.UnaryOperation:
        test = test.expression  # type: ignore[attr-defined]
    operands = (
        [test.left, *(c.comparator for c in test.comparisons)]  # type: ignore[attr-defined]
        if type(test) is cst.Comparison
        else [test]
    )
    return any(
        tensor_under_trace(ctx, operand)
        and not (
            type(operand) is cst.Call and ctx.qualified_name(operand.func) == "builtins.len"  # type: ignore[attr-defined]
        )
        for operand in operands
    )


# What autograd calls on a Function: the trace's Python op runs `forward` on every call, and
# autograd its `backward` (never traced) when gradients flow back through the trace.
AUTOGRAD_METHODS = frozenset({"forward", "backward", "jvp", "vjp", "setup_context"})


def run_as_python_op(index, qualname: str, seen: Optional[set[str]] = None) -> bool:  # type: ignore[no-untyped-def]
    """Whether graph code reaches the function ``qualname`` only through the methods of a
    ``torch.autograd.Function`` (``Fn.apply(x)``: its forward, its backward, or what they
    call).
    torch.jit.trace records such a call as one Python op (torch 2.13 prints
    `^Fn[...](%x)`) that runs the Function's Python forward on every call of the trace:
    its size decisions follow each input (checked with torch.jit.trace: a loop over
    `range(x.shape[0])` there gives eager's results on another size, the same loop called
    directly does not). Its tensor-to-Python conversions still raise TracerWarnings while
    tracing, which other rules report."""
    owner, _, method = qualname.rpartition(".")
    if method in AUTOGRAD_METHODS and owner and index.is_autograd_function(owner):
        return True
    region = index.regions().get(qualname)
    if region is None or (qualname in region.roots and qualname not in index.library_api):
        return False  # a root: converted directly
    # A function library's API is a root too (a model may call it), but one the library
    # itself calls only from Functions' forwards (torch-interpol's spline filters) is their
    # helper: judged by those callers, like any other function.
    seen = {qualname} if seen is None else seen | {qualname}
    callers = index.callers(qualname) - seen
    return bool(callers) and all(run_as_python_op(index, caller, seen) for caller in callers)


class _CallerView:
    """``ctx`` seen from another function of the file (a caller): kinds and bindings are that
    function's."""

    def __init__(self, ctx: LintContext, function: cst.FunctionDef, kinds: object) -> None:
        self._ctx = ctx
        self.function = function
        self._kinds = kinds

    def kind(self, node: cst.BaseExpression) -> Kind:
        return self._kinds.kind(node)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self._ctx, name)


def _callers_of_arguments(
    ctx: LintContext, arguments: list[cst.BaseExpression]
) -> Optional[list[tuple[cst.BaseExpression, cst.FunctionDef]]]:
    """Each argument with the function of the file that holds it; None when one is outside
    every function."""
    wanted = {id(a) for a in arguments}
    found: dict[int, cst.FunctionDef] = {}
    stack: list[cst.FunctionDef] = []

    def enter(node: cst.CSTNode) -> bool:
        if type(node) is cst.FunctionDef:
            stack.append(node)  # type: ignore[arg-type]
        elif id(node) in wanted and stack:
            found[id(node)] = stack[-1]
        return True

    def leave(node: cst.CSTNode) -> None:
        if type(node) is cst.FunctionDef:
            stack.pop()

    walk(ctx.module, enter, leave)
    if len(found) != len(wanted):
        return None
    return [(a, found[id(a)]) for a in arguments]


def holds_traced_size(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``expr`` is, or is a display / copy holding, a size that is a 0-dim tensor while
    tracing: ``[h, w]``, ``{"size": list(x.shape[2:])}``, a name bound only to one, or a
    parameter of a function of the file that every call of it (from graph code of the file)
    gives one."""
    if depth > 6:
        return False
    kind = type(expr)
    if kind is cst.Dict:
        return any(
            (type(el) is cst.DictElement and holds_traced_size(ctx, el.key, depth + 1))  # type: ignore[attr-defined]
            or holds_traced_size(ctx, el.value, depth + 1)
            for el in expr.elements  # type: ignore[attr-defined]
        )
    if kind in (cst.List, cst.Tuple, cst.Set):
        return any(holds_traced_size(ctx, el.value, depth + 1) for el in expr.elements)  # type: ignore[attr-defined]
    if kind is cst.Call:
        if ctx.qualified_name(expr.func) in CONTAINER_COPIES:  # type: ignore[attr-defined]
            return any(
                holds_traced_size(ctx, a.value, depth + 1)
                for a in expr.args  # type: ignore[attr-defined]
                if not a.star
            )
        return tensor_under_trace(ctx, expr)
    value_kind = ctx.kind(expr)
    if value_kind == Kind.SIZE and tensor_under_trace(ctx, expr):
        return True
    if value_kind == Kind.SHAPE and shape_of_tensor(ctx, expr):
        return True
    if kind is not cst.Name or value_kind in NOT_SIZE_HOLDERS:
        return False
    name = expr.value  # type: ignore[attr-defined]
    if _is_parameter(ctx.function, name):
        passed = _arguments_passed(ctx, name)
        callers = _callers_of_arguments(ctx, passed) if passed else None
        if not callers:
            return False
        for argument, caller in callers:
            kinds = ctx.model.inference(caller)
            if kinds is None or not holds_traced_size(
                _CallerView(ctx, caller, kinds),  # type: ignore[arg-type]
                argument,
                depth + 1,
            ):
                return False
        return True
    values = assignments(ctx.function, name)
    return bool(values) and all(
        value is not UNKNOWN_VALUE and size == 1 and holds_traced_size(ctx, value, depth + 1)
        for value, _, size in values
    )
