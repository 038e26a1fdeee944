"""Helpers shared by the graph-code rules (TL1xx, TL3xx): the questions the semantic model's
kinds do not answer on their own, such as "is this tensor a boolean mask?" or "does this size
come from a dimension that varies between calls?".

Everything here is syntactic and local to one function, and errs towards "not sure".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.conditions import ends_in_exit
from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import (
    BOOL_FUNCTIONS,
    BOOL_METHODS,
    COMPARISON_OPERATORS,
    UNKNOWN_VALUE,
    assignments,
    none_test,
    parameter,
    self_assignments,
    self_attribute,
)
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.model import FunctionInfo
from torchlint.lint.walk import top_level_definition, walk

ALL_BACKENDS = frozenset({"script", "trace", "compile", "export"})
# The back-ends that convert a model in eval(): code only training runs never reaches them.
INFERENCE_BACKENDS = frozenset({"script", "trace", "export"})

# Tensor methods that give a Tensor (never a tuple): `self.qkv(x).view(...).permute(...)` is a
# Tensor whatever the submodule returns, as only a Tensor has these methods with that result.
TENSOR_RESULT_METHODS = frozenset(
    {
        "view", "reshape", "permute", "transpose", "flatten", "contiguous", "squeeze",
        "unsqueeze", "softmax", "log_softmax", "float", "half", "to", "expand", "repeat", "t",
        "movedim", "swapaxes", "clone", "detach",
    }
)  # fmt: skip


# Trace clauses for a tensor read as a Python number where the trace is right for the inputs
# (torch 2.13 warns there all the same: TracerWarning).
TRACE_PARAMETER_CONSTANT = (
    "torch.jit.trace warns (TracerWarning) and keeps the value the parameters and buffers give "
    "at tracing as a constant: the trace matches eager for every input, but weights loaded into "
    "the traced module later do not change it"
)
TRACE_PYTHON_ONLY = (
    "torch.jit.trace warns (TracerWarning) and runs this Python code only while tracing: the "
    "traced module never updates what it stores"
)
TRACE_TEXT_ONLY = (
    "torch.jit.trace warns (TracerWarning) and makes the text only while tracing: the traced "
    "module never makes it"
)


def with_trace_clause(message: Message, clause: str) -> Message:
    """``message`` with ``clause`` as what trace does (added when it has no trace clause): one
    of the warnings above, after which the trace still computes eager's values."""
    clauses = [(b, clause if b == "trace" else text) for b, text in message.clauses]
    if not any(b == "trace" for b, _ in clauses):
        clauses.append(("trace", clause))
    return Message(message.subject, tuple(clauses), message.advice, message.warns | {"trace"})


def is_bool_mask(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``expr`` is surely a boolean tensor (a comparison, ``~m``, ``m & n``, ``.bool()``)."""
    if depth > 6 or ctx.kind(expr) != Kind.TENSOR:
        return False
    if isinstance(expr, cst.Comparison):
        return all(isinstance(c.operator, COMPARISON_OPERATORS) for c in expr.comparisons)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
        return is_bool_mask(ctx, expr.expression, depth + 1)
    if isinstance(expr, cst.BinaryOperation) and isinstance(
        expr.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)
    ):
        return is_bool_mask(ctx, expr.left, depth + 1) or is_bool_mask(ctx, expr.right, depth + 1)
    if isinstance(expr, cst.Call):
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in BOOL_METHODS:
            return ctx.kind(expr.func.value) == Kind.TENSOR
        if _bool_dtype(ctx, expr):
            return True  # `torch.ones_like(t, dtype=torch.bool)`, `t.to(torch.bool)`
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in LAYOUT_METHODS:
            # `m.unsqueeze(-1)`, `m.view(-1)`: a boolean tensor's elements rearranged (not
            # `m.view(torch.uint8)`, a reinterpretation as another dtype).
            if not any(
                (ctx.qualified_name(arg.value) or "").startswith("torch.") for arg in expr.args
            ):
                return is_bool_mask(ctx, expr.func.value, depth + 1)
        name = ctx.qualified_name(expr.func)
        return name in BOOL_FUNCTIONS or (name is not None and _mask_helper(ctx, name))
    if isinstance(expr, cst.Subscript):
        return is_bool_mask(ctx, expr.value, depth + 1)  # `keep[0]`: a row of a mask is one
    if isinstance(expr, cst.Name):
        values = assignments(ctx.function, expr.value)
        if values and all(v is UNKNOWN_VALUE for v, _, _ in values):
            # `for seq, keep in zip(ids, masks)`: a row of a boolean tensor is one.
            rows = _loop_rows(ctx, expr.value)
            return rows is not None and is_bool_mask(ctx, rows, depth + 1)
        # An in-place update (`keep &= t != pad`) keeps the tensor's dtype: only the plain
        # bindings decide.
        plain = [v for v in values if v[0] is not UNKNOWN_VALUE]
        updates = len(values) - len(plain)
        return (
            bool(plain)
            and (not updates or updates == _augmented_count(ctx.function, expr.value))
            and all(
                is_bool_mask(ctx, value, depth + 1)
                if size == 1
                else _bool_piece(ctx, value, position, size, depth + 1)
                for value, position, size in plain
            )
        )
    return False


def _mask_helper(ctx: LintContext, name: str) -> bool:
    """A project function (of any file) whose every ``return`` gives a boolean tensor, or
    annotated ``-> BoolTensor`` (``FileSummary.functions[...].returns_mask``): torchist's
    ``out_of_bounds(x, low, upp)`` returning ``torch.logical_or(a, b)``."""
    found = ctx.index.lookup(name)
    if found is None or found[0] != "function":
        return False
    return found[1].functions[found[2]].returns_mask


# Tensor methods whose result holds the elements of the tensor they are called on, in its
# dtype (`view` with a dtype argument excepted, checked at the call).
LAYOUT_METHODS = frozenset(
    {
        "view", "reshape", "flatten", "unflatten", "squeeze", "unsqueeze", "expand",
        "expand_as", "t", "transpose", "permute", "movedim", "contiguous", "clone", "detach",
        "flip", "roll", "repeat", "view_as", "reshape_as",
    }
)  # fmt: skip
# Tensor methods (and their `torch.` functions) that split a tensor into a tuple of pieces of
# its dtype: `a, b = m.unbind(-1)` of a boolean `m` binds boolean tensors.
SPLITTING_METHODS = frozenset(
    {"unbind", "chunk", "split", "tensor_split", "hsplit", "vsplit", "dsplit", "unsafe_split"}
)
SPLITTING_FUNCTIONS = frozenset(f"torch.{name}" for name in SPLITTING_METHODS)


def _bool_piece(
    ctx: LintContext, value: cst.BaseExpression, position: int, size: int, depth: int
) -> bool:
    """Whether element ``position`` of a ``size``-name tuple target bound to ``value`` is surely
    a boolean tensor: ``a, b = m.unbind(-1)`` / ``torch.chunk(m, 2)`` of a boolean ``m``, the
    rows of a boolean tensor (``a, b = m``), or that element of a tuple display."""
    if depth > 6:
        return False
    if isinstance(value, (cst.Tuple, cst.List)):
        elements = value.elements
        if len(elements) != size or any(isinstance(e, cst.StarredElement) for e in elements):
            return False
        return is_bool_mask(ctx, elements[position].value, depth + 1)
    if isinstance(value, cst.Call):
        func = value.func
        if isinstance(func, cst.Attribute) and func.attr.value in SPLITTING_METHODS:
            if ctx.kind(func.value) == Kind.TENSOR:
                return is_bool_mask(ctx, func.value, depth + 1)
        if ctx.qualified_name(func) in SPLITTING_FUNCTIONS and value.args:
            first = value.args[0]
            return (
                first.keyword is None
                and not first.star
                and is_bool_mask(ctx, first.value, depth + 1)
            )
    # `a, b = m`: the rows of a boolean tensor.
    return is_bool_mask(ctx, value, depth + 1)


def _augmented_count(function: Optional[cst.FunctionDef], name: str) -> int:
    """How many augmented assignments (``name &= ...``) ``function`` makes to ``name``."""
    count = 0

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal count
        if type(node) in (cst.FunctionDef, cst.Lambda, cst.ClassDef) and node is not function:
            return False
        if type(node) is cst.AugAssign:
            target = node.target  # type: ignore[attr-defined]
            count += type(target) is cst.Name and target.value == name
        return None

    if function is not None:
        walk(function, enter, lambda _: None)
    return count


def _bool_dtype(ctx: LintContext, call: cst.Call) -> bool:
    """A call given ``dtype=torch.bool`` (or ``.to(torch.bool)``): its result is boolean."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "dtype":
            return ctx.qualified_name(arg.value) == "torch.bool"
    func = call.func
    return (
        isinstance(func, cst.Attribute)
        and func.attr.value == "to"
        and any(
            arg.keyword is None and ctx.qualified_name(arg.value) == "torch.bool"
            for arg in call.args
        )
    )


def _loop_rows(ctx: LintContext, name: str) -> Optional[cst.BaseExpression]:
    """The tensor whose rows the one loop or comprehension binding ``name`` walks: ``for
    name in t``, ``for a, name in zip(s, t)``; None otherwise."""
    function = ctx.function
    if function is None:
        return None
    found: list[Optional[cst.BaseExpression]] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind is cst.FunctionDef and node is not function:
            return False
        if kind is cst.For or kind is cst.CompFor:
            target, iterable = node.target, node.iter  # type: ignore[attr-defined]
            if type(target) is cst.Name and target.value == name:
                found.append(iterable)
            elif type(target) is cst.Tuple:
                names = [e.value for e in target.elements]
                if any(type(n) is cst.Name and n.value == name for n in names):
                    found.append(_zip_part(ctx, iterable, names, name))
        return None

    walk(function.body, enter, lambda node: None)
    return found[0] if len(found) == 1 else None


def _zip_part(
    ctx: LintContext,
    iterable: cst.BaseExpression,
    names: list[cst.BaseExpression],
    name: str,
) -> Optional[cst.BaseExpression]:
    if not (
        type(iterable) is cst.Call
        and ctx.qualified_name(iterable.func) == "builtins.zip"  # type: ignore[attr-defined]
        and len(iterable.args) == len(names)  # type: ignore[attr-defined]
    ):
        return None
    for target, arg in zip(names, iterable.args):  # type: ignore[attr-defined]
        if type(target) is cst.Name and target.value == name and arg.keyword is None:
            return arg.value
    return None


def _is_minus_one(node: cst.BaseExpression) -> bool:
    return (
        isinstance(node, cst.UnaryOperation)
        and isinstance(node.operator, cst.Minus)
        and isinstance(node.expression, cst.Integer)
        and node.expression.value == "1"
    )


def _is_shape_of_tensor(ctx: LintContext, node: cst.BaseExpression) -> bool:
    """``x.shape`` or ``x.size()`` of a tensor whose last dimension is a feature size (not a
    channels-first tensor: see ``_spatial``)."""
    if isinstance(node, cst.Attribute) and node.attr.value == "shape":
        return ctx.kind(node.value) == Kind.TENSOR and not _spatial(ctx, node.value)
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute):
        return (
            node.func.attr.value == "size"
            and ctx.kind(node.func.value) == Kind.TENSOR
            and not _spatial(ctx, node.func.value)
        )
    return False


# Functions and torch.nn modules that take channels-first tensors (N, C, L / H, W): the last
# dimension of what they are given is a length or width, which varies, not a feature size.
SPATIAL_FUNCTIONS = frozenset(
    {
        "torch.nn.functional.pad",
        "torch.nn.functional.interpolate",
        "torch.nn.functional.conv1d",
        "torch.nn.functional.conv2d",
        "torch.nn.functional.conv3d",
        "torch.nn.functional.avg_pool1d",
        "torch.nn.functional.avg_pool2d",
        "torch.nn.functional.max_pool1d",
        "torch.nn.functional.max_pool2d",
        "torch.nn.functional.unfold",
        "torch.stft",
        "torch.istft",
    }
)
SPATIAL_MODULE_PREFIXES = (
    "torch.nn.Conv",
    "torch.nn.ConvTranspose",
    "torch.nn.MaxPool",
    "torch.nn.AvgPool",
    "torch.nn.Upsample",
    "torch.nn.ReflectionPad",
    "torch.nn.ReplicationPad",
    "torch.nn.ZeroPad",
    "torch.nn.ConstantPad",
)


def _spatial(ctx: LintContext, tensor: cst.BaseExpression) -> bool:
    """A local ``tensor`` the function hands to a convolution, pool, pad or resize (a
    ``F.*`` function or a submodule of such a ``torch.nn`` class): channels-first, so its last
    size is spatial (``w = x.shape[-1]; F.pad(x, (0, ceil(w / p) * p - w))``)."""
    if type(tensor) is not cst.Name or ctx.function is None:
        return False
    name = tensor.value  # type: ignore[attr-defined]
    names = {name, *_converted_copies(ctx, name)}
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if found or type(node) is not cst.Call:
            return None
        args = node.args  # type: ignore[attr-defined]
        if not args or type(args[0].value) is not cst.Name or args[0].value.value not in names:
            return None
        func = node.func  # type: ignore[attr-defined]
        called = ctx.qualified_name(func)
        if called in SPATIAL_FUNCTIONS or (called and _spatial_helper(ctx, called)):
            found = True
        else:
            cls = submodule_class(ctx, func)
            found = bool(cls and cls.startswith(SPATIAL_MODULE_PREFIXES))
        return None

    walk(ctx.function.body, enter, lambda node: None)
    return found


# Tensor methods that give the same values in another dtype, device or memory layout.
CONVERSION_METHODS = frozenset(
    {"to", "float", "double", "half", "bfloat16", "contiguous", "detach", "clone", "type"}
)


def _converted_copies(ctx: LintContext, name: str) -> list[str]:
    """Locals bound to ``name`` converted (``x = signal.to(torch.float32)``): the same
    dimensions, so what the function does to them it does to ``name``'s."""
    copies: list[str] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is not cst.Assign or len(node.targets) != 1:  # type: ignore[attr-defined]
            return None
        target = node.targets[0].target  # type: ignore[attr-defined]
        value = node.value  # type: ignore[attr-defined]
        if (
            type(target) is cst.Name
            and type(value) is cst.Call
            and type(value.func) is cst.Attribute
            and value.func.attr.value in CONVERSION_METHODS
            and type(value.func.value) is cst.Name
            and value.func.value.value == name
        ):
            copies.append(target.value)
        return None

    walk(ctx.function.body, enter, lambda node: None)  # type: ignore[union-attr]
    return copies


def _is_one(node: cst.BaseExpression) -> bool:
    return type(node) is cst.Integer and node.value == "1"  # type: ignore[attr-defined]


CONVOLUTIONS = ("torch.nn.Conv", "torch.nn.ConvTranspose")


def _convolved(ctx: LintContext, tensor: cst.BaseExpression, depth: int = 0) -> bool:
    """The output of a convolution submodule (``self.proj(x)``, a local bound only to one,
    or one scaled by a mask: ``stats = self.proj(x) * x_mask``): its dimension 1 holds the
    channels the weight fixes (``torch.split(stats, stats.size(1) // 2, dim=1)``)."""
    if depth > 3:
        return False
    kind = type(tensor)
    if kind is cst.BinaryOperation:
        return _convolved(ctx, tensor.left, depth + 1) or _convolved(ctx, tensor.right, depth + 1)  # type: ignore[attr-defined]
    if kind is cst.Name:
        bound = assignments(ctx.function, tensor.value)  # type: ignore[attr-defined]
        return bool(bound) and all(
            size == 1 and value is not UNKNOWN_VALUE and _convolved(ctx, value, depth + 1)
            for value, _, size in bound
        )
    if kind is not cst.Call:
        return False
    cls = submodule_class(ctx, tensor.func)  # type: ignore[attr-defined]
    return bool(cls and cls.startswith(CONVOLUTIONS))


def submodule_class(ctx: LintContext, func: cst.BaseExpression) -> Optional[str]:
    """The class of the submodule ``self.<attr>`` a method of the current class calls."""
    info = ctx.function_info
    attr = self_attribute(func)
    if attr is None or info is None or not info.owner_class:
        return None
    return ctx.index.attribute_class(info.owner_class, attr)


def _spatial_helper(ctx: LintContext, name: str) -> bool:
    """A project function that calls a convolution, pool, pad, resize or STFT itself
    (demucs' ``pad1d(x, (pad, pad + le * hl - x.shape[-1]))``, ``spectro(x, nfft, hl)``)."""
    found = ctx.index.lookup(name)
    if found is None or found[0] != "function":
        return False
    calls = found[1].functions[found[2]].calls
    return any(call.kind == "name" and call.target in SPATIAL_FUNCTIONS for call in calls)


# Tensors built from Python values: their sizes are those values' lengths, not the input's.
_FROM_PYTHON_DATA = frozenset({"torch.tensor", "torch.as_tensor", "torch.Tensor"})


def _from_python_data(ctx: LintContext, tensor: cst.BaseExpression) -> bool:
    """``t`` bound only to ``torch.tensor(values)`` / ``x.new_tensor(values)`` of Python
    values (``X.new_tensor([0.04, 0.29, 0.30])``): ``torch.jit.trace`` records the same sizes
    for every input, so a size of ``t`` never varies."""
    if type(tensor) is not cst.Name:
        return False
    bound = assignments(ctx.function, tensor.value)  # type: ignore[attr-defined]
    if not bound:
        return False
    for value, _, size in bound:
        if size != 1 or type(value) is not cst.Call:
            return False
        func = value.func  # type: ignore[attr-defined]
        if not (
            ctx.qualified_name(func) in _FROM_PYTHON_DATA
            or (type(func) is cst.Attribute and func.attr.value == "new_tensor")  # type: ignore[attr-defined]
        ):
            return False
        data = [a.value for a in value.args if a.keyword is None and not a.star]  # type: ignore[attr-defined]
        if not data or ctx.kind(data[0]) != Kind.CONST:
            return False
    return True


def _fixed_sizes(ctx: LintContext, tensor: cst.BaseExpression) -> bool:
    """Whether ``tensor`` has the same sizes on every call: made from Python data
    (``_from_python_data``), or a parameter or buffer of the module (``self.grid``, or a helper's
    parameter that every call in the file passes one to) that only ``__init__`` assigns."""
    if _from_python_data(ctx, tensor):
        return True
    if type(tensor) is cst.Name:
        passed = _arguments_passed(ctx, tensor.value)  # type: ignore[attr-defined]
        return bool(passed) and all(init_only_state(ctx, value) for value in passed)
    return init_only_state(ctx, tensor)


def init_only_state(ctx: LintContext, tensor: cst.BaseExpression) -> bool:
    """``self.<attr>`` (or a chain under it: ``self.table.weight``) that no method but
    ``__init__`` assigns or updates in place."""
    attr = self_attribute(tensor)
    if attr is None:
        return False
    assigned = re.compile(
        rf"self\.{re.escape(attr)}\s*(?:=(?!=)|\.\s*[a-z][a-z0-9_]*_\s*\(|[-+*/]=)"
    )
    return not _written_outside_init(ctx, assigned)


def init_values(
    ctx: LintContext, expr: cst.BaseExpression
) -> Optional[list[Optional[cst.BaseExpression]]]:
    """What the ``__init__`` of the current method's class, defined in this file, binds to
    ``self.<attr>`` for ``expr`` = ``self.<attr>`` (``self_assignments``); None for anything
    else, or where this file has no such ``__init__``."""
    attr = self_attribute(expr)
    info = ctx.function_info
    if attr is None or info is None or not info.owner_class:
        return None
    owner = info.owner_class.removeprefix(ctx.model.summary.module + ".")
    init = top_level_definition(ctx.module, f"{owner}.__init__")
    return self_assignments(init, attr) if isinstance(init, cst.FunctionDef) else None


def _written_outside_init(ctx: LintContext, pattern: re.Pattern[str]) -> bool:
    in_init = False
    for line in ctx.source.splitlines():
        stripped = line.strip()
        if stripped.startswith("def "):
            in_init = stripped.startswith("def __init__")
        if not in_init and pattern.search(line):
            return True
    return False


def _arguments_passed(ctx: LintContext, name: str) -> list[cst.BaseExpression]:
    """What the calls in this file of the current module-level function pass to its
    parameter ``name`` (positionally or by keyword); empty when a call passes it by ``*`` /
    ``**``, leaves it to its default, or the function is not one of the file's own."""
    function = ctx.function
    info = ctx.function_info
    if function is None or info is None or info.owner_class or "." in info.qualname:
        return []
    params = function.params
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    if name not in positional and name not in [p.name.value for p in params.kwonly_params]:
        return []
    own_name = ctx.model.summary.qualify(info.qualname)
    found: list[cst.BaseExpression] = []
    complete = True

    def enter(node: cst.CSTNode) -> bool:
        nonlocal complete
        if type(node) is not cst.Call or ctx.qualified_name(node.func) != own_name:  # type: ignore[attr-defined]
            return True
        value = _argument_for(node, positional, name)  # type: ignore[arg-type]
        if value is None:
            complete = False
        else:
            found.append(value)
        return True

    walk(ctx.module, enter, _ignore)
    return found if complete else []


def _argument_for(call: cst.Call, positional: list[str], name: str) -> Optional[cst.BaseExpression]:
    for i, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == name:
                return arg.value
        elif i < len(positional) and positional[i] == name:
            return arg.value
    return None


def shape_owner(node: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """``t`` of ``t.shape`` / ``t.size()``."""
    if type(node) is cst.Attribute and node.attr.value == "shape":  # type: ignore[attr-defined]
        return node.value  # type: ignore[attr-defined]
    if type(node) is cst.Call and type(node.func) is cst.Attribute:  # type: ignore[attr-defined]
        return node.func.value if node.func.attr.value == "size" else None  # type: ignore[attr-defined]
    return None


def varying_size(
    ctx: LintContext, expr: cst.BaseExpression, depth: int = 0, last_dim_fixed: bool = True
) -> bool:
    """Whether the size ``expr`` may vary between calls (so ``torch.jit.trace`` bakes it in).

    With ``last_dim_fixed``, sizes of the last dimension (``x.shape[-1]``, ``x.size(-1)``, the
    last name of ``b, t, d = x.shape``) are taken as fixed: in arithmetic they are feature sizes
    that weights depend on. Every other size (batch, sequence, ``numel``, ``len``) may vary.
    """
    if depth > 6:
        return False
    kind = ctx.kind(expr)
    if kind not in (Kind.SIZE, Kind.SHAPE, Kind.SIZE_NDARRAY):
        return False  # NumPy made from sizes (`np.prod(x.shape[1:])`) varies with them
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1:
        index = expr.slice[0].slice
        owner = shape_owner(expr.value)
        if owner is not None and _fixed_sizes(ctx, owner):
            return False
        if owner is not None and isinstance(index, cst.Index) and _is_one(index.value):
            if _convolved(ctx, owner):
                return False  # the channels a convolution made: its weight fixes them
        if (
            last_dim_fixed
            and isinstance(index, cst.Index)
            and _is_minus_one(index.value)
            and _is_shape_of_tensor(ctx, expr.value)
        ):
            return False
        return True
    if (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "size"
    ):
        args = [a.value for a in expr.args]
        if _fixed_sizes(ctx, expr.func.value):
            return False
        if len(args) == 1 and _is_one(args[0]) and _convolved(ctx, expr.func.value):
            return False
        return not (last_dim_fixed and len(args) == 1 and _is_minus_one(args[0]))
    if isinstance(expr, cst.BinaryOperation):
        return varying_size(ctx, expr.left, depth + 1, last_dim_fixed) or varying_size(
            ctx, expr.right, depth + 1, last_dim_fixed
        )
    if isinstance(expr, cst.UnaryOperation):
        return varying_size(ctx, expr.expression, depth + 1, last_dim_fixed)
    if isinstance(expr, cst.Comparison):
        parts = [expr.left, *(c.comparator for c in expr.comparisons)]
        return any(varying_size(ctx, part, depth + 1, last_dim_fixed) for part in parts)
    if isinstance(expr, (cst.List, cst.Tuple)):
        return any(varying_size(ctx, el.value, depth + 1, last_dim_fixed) for el in expr.elements)
    if isinstance(expr, cst.Name):
        values = assignments(ctx.function, expr.value)
        if not values or _is_parameter(ctx.function, expr.value):
            # A parameter or global given as a size: assume it varies (also when the function
            # rebinds it, `length = math.ceil(length / stride)`).
            return True
        for value, position, size in values:
            if value is UNKNOWN_VALUE:
                return True
            if size > 1:
                if last_dim_fixed and _is_shape_of_tensor(ctx, value) and position == size - 1:
                    continue
                return True
            if varying_size(ctx, value, depth + 1, last_dim_fixed):
                return True
        return False
    if isinstance(expr, cst.Call):
        func = expr.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in ("numel", "nelement")
            and not expr.args
            and ctx.kind(func.value) == Kind.TENSOR
        ):
            # every size of the tensor, unless it is data or a parameter / buffer `__init__` made
            return not _fixed_sizes(ctx, func.value)
        return any(varying_size(ctx, a.value, depth + 1, last_dim_fixed) for a in expr.args)
    return True


def _is_parameter(function: Optional[cst.FunctionDef], name: str) -> bool:
    if function is None:
        return False
    params = function.params
    return any(
        p.name.value == name
        for p in (*params.posonly_params, *params.params, *params.kwonly_params)
    )


def is_empty_check(test: cst.BaseExpression) -> bool:
    """``n == 0``, ``n != 0``, ``n > 0``, ``n < 1``: a guard for empty inputs, which the traced
    inputs do not exercise and which leaves the result for non-empty inputs unchanged."""
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test = test.expression
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        right = target.comparator
        if isinstance(right, cst.Integer) and right.value in ("0", "1"):
            if right.value == "0":
                return isinstance(
                    target.operator, (cst.Equal, cst.NotEqual, cst.GreaterThan, cst.LessThanEqual)
                )
            return isinstance(target.operator, (cst.LessThan, cst.GreaterThanEqual))
    if isinstance(test, cst.Call) and isinstance(test.func, cst.Attribute):
        return test.func.attr.value in ("numel", "nelement")
    return False


def call_targets(node: cst.Call) -> list[cst.BaseExpression]:
    """Positional argument values of a call."""
    return [a.value for a in node.args if a.keyword is None and not a.star]


def keyword(node: cst.Call, name: str) -> Optional[cst.BaseExpression]:
    for arg in node.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def condition_parts(
    ctx: LintContext, test: cst.BaseExpression
) -> list[tuple[cst.BaseExpression, frozenset[str]]]:
    """The operands of a top-level ``and`` chain, each with the back-ends it never runs under.

    In ``not torch.jit.is_tracing() and x.shape[0] > 2`` the size test is short-circuited away
    while tracing, so it is excluded from ``trace``; after ``self.training and`` or
    ``x.dtype == torch.float16 and`` it is excluded from every back-end (see
    ``FileModel.false_on_examples``). Guard operands themselves are left out.
    """
    operands: list[cst.BaseExpression] = []
    pending = [test]  # left to right, without a recursive closure (a reference cycle)
    while pending:
        node = pending.pop()
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.And):
            pending.extend((node.right, node.left))
        else:
            operands.append(node)
    known_none = _NoneFacts(ctx)
    if len(operands) == 1:
        return [(test, known_none.short_circuited(test))]
    parts = []
    excluded: frozenset[str] = frozenset()
    for operand in operands:
        info = ctx.function_info
        if ctx.model.false_on_examples(
            operand, ctx.kind, info.owner_class if info is not None else None
        ):
            # `self.training and ...`: the rest never runs on an eval() model, which is what
            # trace and export convert; torch.compile also compiles training steps, so compile
            # keeps it (the finding's condition says `self.training`).
            training = type(operand) is cst.Attribute and operand.attr.value == "training"
            excluded = excluded | (INFERENCE_BACKENDS if training else ALL_BACKENDS)
            continue
        guard = ctx.model.guard_targets(operand, ctx.kind)
        if guard is not None:
            # `not is_tracing()`: the rest never runs where the guard cannot be true.
            excluded = excluded | (ALL_BACKENDS - guard[0])
            known_none.learn(operand, True)
            continue
        parts.append((operand, excluded | known_none.short_circuited(operand)))
        known_none.learn(operand, True)
    return parts


class _NoneFacts:
    """Names known to be None under some back-ends where a condition runs, from earlier
    operands of its ``and`` chain and earlier early exits of the function: after
    ``if mask is not None and is_tracing(mask): return``, ``mask`` is None wherever
    ``is_tracing()`` is surely true, so ``mask is None or mask.all()`` never reads the mask
    there (transformers' masking utilities)."""

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx
        # Computed on first use (most conditions never ask); what operands taught before that.
        self.facts: Optional[dict[str, frozenset[str]]] = None
        self._pending: list[tuple[cst.BaseExpression, bool]] = []

    def short_circuited(self, operand: cst.BaseExpression) -> frozenset[str]:
        """Back-ends under which ``X is None or ...`` stops at its first operand."""
        if type(operand) is not cst.BooleanOperation or type(operand.operator) is not cst.Or:  # type: ignore[attr-defined]
            return frozenset()
        first = operand
        while type(first) is cst.BooleanOperation:
            first = first.left  # type: ignore[attr-defined]
        name = _none_test(first, is_none=True)
        if name is None:
            return frozenset()
        return self._known().get(name, frozenset())

    def learn(self, expr: cst.BaseExpression, truth: bool) -> None:
        if self.facts is not None:
            _merge(self.facts, _none_when(self.ctx, expr, truth))
        else:
            self._pending.append((expr, truth))

    def _known(self) -> dict[str, frozenset[str]]:
        if self.facts is None:
            self.facts = {}
            for part in _earlier_parts(self.ctx):
                if type(part) is cst.If and part.orelse is None and ends_in_exit(part.body):  # type: ignore[attr-defined]
                    _merge(self.facts, _none_when(self.ctx, part.test, False))  # type: ignore[attr-defined]
            for expr, truth in self._pending:
                _merge(self.facts, _none_when(self.ctx, expr, truth))
        return self.facts


def _none_test(expr: cst.BaseExpression, is_none: bool) -> Optional[str]:
    """``X`` of ``X is None`` (or of ``X is not None`` when ``is_none`` is False)."""
    found = none_test(expr)
    return found[0] if found is not None and found[1] is not is_none else None


def in_raise_statement(ctx: LintContext) -> bool:
    """Whether the current node is in a ``raise`` statement: an error message, built only on
    the failing path."""
    line = ctx.statements[-1] if ctx.statements else None
    return isinstance(line, cst.SimpleStatementLine) and any(
        isinstance(small, cst.Raise) for small in line.body
    )


def only_raises(body: cst.BaseSuite) -> bool:
    """Whether an ``if`` body is only a ``raise``: the branch rejects inputs, nothing else."""
    statements = list(body.body)
    if len(statements) != 1:
        return False
    only = statements[0]
    smalls = only.body if isinstance(only, cst.SimpleStatementLine) else [only]
    return len(smalls) == 1 and isinstance(smalls[0], cst.Raise)


def _none_when(
    ctx: LintContext, expr: cst.BaseExpression, truth: bool
) -> dict[str, frozenset[str]]:
    """Names that are None, and under which back-ends, when ``expr`` has the value ``truth``."""
    kind = type(expr)
    if kind is cst.UnaryOperation and type(expr.operator) is cst.Not:  # type: ignore[attr-defined]
        return _none_when(ctx, expr.expression, not truth)  # type: ignore[attr-defined]
    if kind is cst.BooleanOperation:
        is_and = type(expr.operator) is cst.And  # type: ignore[attr-defined]
        if is_and == truth:  # both operands have the value `truth`
            facts = _none_when(ctx, expr.left, truth)  # type: ignore[attr-defined]
            _merge(facts, _none_when(ctx, expr.right, truth))  # type: ignore[attr-defined]
            return facts
        if is_and and not truth:  # `X is not None and guard` is False where the guard holds
            for name_side, guard_side in ((expr.left, expr.right), (expr.right, expr.left)):  # type: ignore[attr-defined]
                name = _none_test(name_side, is_none=False)
                guard = ctx.model.guard_targets(guard_side, ctx.kind) if name else None
                if name and guard is not None and guard[1]:
                    return {name: guard[1]}
        return {}
    name = _none_test(expr, is_none=truth)
    return {name: ALL_BACKENDS} if name else {}


def _merge(facts: dict[str, frozenset[str]], more: dict[str, frozenset[str]]) -> None:
    for name, backends in more.items():
        facts[name] = facts.get(name, frozenset()) | backends


# Expressions that add an operation to Dynamo's graph when their value is a tensor.
_OP_TYPES = (
    cst.Call,
    cst.BinaryOperation,
    cst.Comparison,
    cst.UnaryOperation,
    cst.Subscript,
)


_TRACED_AS_TENSOR = (Kind.TENSOR, Kind.NDARRAY, Kind.SIZE_NDARRAY)


def has_tensor_op(ctx: LintContext, expr: cst.CSTNode) -> bool:
    """Whether evaluating ``expr`` runs a tensor operation (a call, arithmetic or indexing whose
    value is a tensor), so Dynamo's graph holds something once it has run."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if found or type(node) is cst.FunctionDef or type(node) is cst.Lambda:
            return False
        # NumPy calls count: Dynamo traces them as tensor operations (`np.prod(x.shape[1:])`).
        if isinstance(node, _OP_TYPES) and ctx.kind(node) in _TRACED_AS_TENSOR:  # type: ignore[arg-type]
            found = True
            return False
        return True

    walk(expr, enter, _ignore)
    return found


def _ignore(node: cst.CSTNode) -> None:
    return None


# Container methods that store their arguments in the container.
STORING_METHODS = frozenset({"append", "extend", "insert", "add", "update", "appendleft"})


def stored_state(ctx: LintContext, node: cst.CSTNode) -> set[str]:
    """The attributes of ``self`` that the current statement stores ``node`` into, when that
    is all it does with it: ``self.X = ...`` / ``self.X[k] = ...`` with ``node`` in the value,
    or ``self.X.append(...)`` (``extend``, ``add``, ...) with ``node`` in the arguments. Empty
    for any other statement. A caller checks the attributes against the graph code's reads
    (TL311's ``self_reads``): state nobody reads back never reaches a traced tensor."""
    statement = ctx.statements[-1] if ctx.statements else None
    if type(statement) is not cst.SimpleStatementLine or len(statement.body) != 1:  # type: ignore[attr-defined]
        return set()
    small = statement.body[0]  # type: ignore[attr-defined]
    if type(small) is cst.Assign:
        attrs = {_store_target(t.target, _module_parameter(ctx)) for t in small.targets}
        if None in attrs or not contains(small.value, node):
            return set()
        return attrs  # type: ignore[return-value]
    if type(small) is cst.Expr and type(small.value) is cst.Call:
        func = small.value.func
        if (
            type(func) is cst.Attribute
            and func.attr.value in STORING_METHODS
            and any(contains(arg.value, node) for arg in small.value.args)
        ):
            attr = _store_target(func.value)
            return {attr} if attr is not None else set()
    return set()


def _store_target(target: cst.BaseExpression, module: Optional[str] = None) -> Optional[str]:
    """``X`` of ``self.X`` or ``self.X[...]`` (or of ``module.X``, ``module`` naming the module
    a function outside any class is handed)."""
    if type(target) is cst.Subscript:
        target = target.value  # type: ignore[attr-defined]
    if (
        module is not None
        and type(target) is cst.Attribute
        and type(target.value) is cst.Name
        and target.value.value == module
    ):
        return target.attr.value
    return self_attribute(target)


def _module_parameter(ctx: LintContext) -> Optional[str]:
    """The first parameter of a graph function defined outside any class: the module a
    forward hook (``def record(module, args, output)``) is handed."""
    info = ctx.function_info
    function = ctx.function
    if info is None or info.owner_class or function is None or not function.params.params:
        return None
    return function.params.params[0].name.value


def contains(root: cst.CSTNode, target: cst.CSTNode) -> bool:
    """Whether ``target`` is ``root`` or inside it."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if node is target:
            found = True
        return not found

    walk(root, enter, _ignore)
    return found


def in_loop(ctx: LintContext, node: cst.CSTNode) -> bool:
    """Whether ``node`` runs once per iteration of a ``for`` / ``while`` loop of the current
    function (a ``for`` loop's iterable is evaluated once, before the loop)."""
    func = ctx.function
    for statement in reversed(ctx.statements):
        if statement is func:
            return False
        kind = type(statement)
        if kind is cst.While:
            return True
        if kind is cst.For and not contains(statement.iter, node):  # type: ignore[attr-defined]
            return True
        if _in_generator(statement, node):
            return True
    return False


def _in_generator(statement: cst.CSTNode, node: cst.CSTNode) -> bool:
    """``node`` runs per item of a generator expression of ``statement`` (not in its first
    iterable): torch 2.13's Dynamo skips the whole frame on a break there, as in a loop
    (``min(r.norm().item() for r in h)``: no graph, no break reported)."""
    found = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if found or (child is not statement and type(child) in (cst.FunctionDef, cst.ClassDef)):
            return False
        if type(child) is cst.GeneratorExp and contains(child, node):
            found = not contains(child.for_in.iter, node)  # type: ignore[attr-defined]
            return False
        return None

    walk(statement, enter, lambda _: None)
    return found


def _in_comprehension_over_tensor(ctx: LintContext, node: cst.CSTNode) -> bool:
    """``node`` runs per item of a list, set or dict comprehension over a tensor (``[int(i)
    for i in ids]``): Dynamo runs the comprehension inline (no frame of its own to skip, as
    for a loop or a generator) and unbinds the tensor into its items first, so its graph holds
    operations before the break (torch 2.13 reports it: Unsupported Tensor.item() call)."""
    if not ctx.statements:
        return False
    found = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if found or type(child) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            return False
        if type(child) in (cst.ListComp, cst.SetComp, cst.DictComp) and contains(child, node):
            for_in = child.for_in  # type: ignore[attr-defined]
            if not contains(for_in.iter, node) and ctx.kind(for_in.iter) == Kind.TENSOR:
                found = True
                return False
        return None

    walk(ctx.statements[-1], enter, lambda _: None)
    return found


def _earlier_parts(ctx: LintContext) -> list[cst.CSTNode]:
    """What the current function runs before the statement holding the current node: earlier
    statements of each enclosing block and the tests of enclosing ``if`` / ``while``."""
    func = ctx.function
    if func is None:
        return []
    chain = list(ctx.statements)
    try:
        chain = chain[chain.index(func) :]
    except ValueError:
        return []
    parts: list[cst.CSTNode] = []
    for outer, inner in zip(chain, chain[1:]):
        blocks: list[cst.BaseSuite] = [outer.body]  # type: ignore[attr-defined]
        orelse = getattr(outer, "orelse", None)
        while orelse is not None:  # elif chains nest If nodes in orelse
            blocks.append(orelse.body)
            orelse = getattr(orelse, "orelse", None) if type(orelse) is cst.If else None
        test = getattr(outer, "test", None)
        if test is not None:
            parts.append(test)
        if type(outer) is cst.For:
            parts.append(outer.iter)  # type: ignore[attr-defined]
        for block in blocks:
            statements = getattr(block, "body", ())
            if not isinstance(statements, (list, tuple)):
                continue
            if any(s is inner for s in statements):
                for s in statements:
                    if s is inner:
                        break
                    parts.append(s)
                break
    return parts


def compile_break_reported(
    ctx: LintContext,
    node: cst.CSTNode,
    operands: Sequence[cst.CSTNode] = (),
    callers_ran_operations: bool = True,
) -> bool:
    """Whether plain ``torch.compile`` reports a graph break at ``node``, a construct that
    ``fullgraph=True`` accepts but plain Dynamo does not capture (``.item()``, ``.tolist()``,
    ``nonzero``, ``unique``, one-argument ``torch.where``).

    Dynamo reports such a break only when its graph already holds operations from this frame:
    on the frame's first operation it runs the whole frame eagerly instead, and a break inside a
    ``for`` / ``while`` loop, or inside a ``@contextlib.contextmanager`` generator a ``with``
    enters, makes it skip the frame; ``torch._dynamo.explain`` lists none of these.
    So: not inside a loop, and some tensor operation runs before it, in ``operands`` (the
    construct's inputs) or in earlier statements of the function. For a helper (not a root of
    its region), the caller is assumed to have run operations before calling it, unless
    ``callers_ran_operations`` is False: then the helper's own operations must show it.
    """
    entered = _context_manager_entered_late(ctx)
    if entered is not None:
        return entered
    inlined = _inlined(ctx, ctx.function_info)
    if in_loop(ctx, node) and not inlined:
        return False
    if any(has_tensor_op(ctx, operand) for operand in operands):
        return True
    if _in_comprehension_over_tensor(ctx, node):
        return True
    if callers_ran_operations and inlined and not _called_first(ctx):
        return True
    return any(has_tensor_op(ctx, part) for part in _earlier_parts(ctx))


# Decorators that make a generator function a context manager.
CONTEXT_MANAGER_DECORATORS = frozenset({"contextlib.contextmanager"})


def _context_manager_entered_late(ctx: LintContext) -> Optional[bool]:
    """For a generator made a context manager (``@contextlib.contextmanager``), whether Dynamo
    reports a break in it; None for any other function. Dynamo inlines the generator where a
    ``with`` enters it and, on a construct it does not capture there (``float(t)``,
    ``.item()``, ``.tolist()``), goes back to the start of that ``with`` statement: it reports
    the break only when its graph holds more than one call by then, else it skips the frame
    (torch 2.13: no graph, no break reported, and ``fullgraph=True`` runs the frame eagerly
    without raising). So: some ``with`` of this file enters it after two tensor operations in
    earlier statements of its function, or from a helper (whose caller is assumed to have run
    them); True where no ``with`` of this file enters it."""
    function = ctx.function
    info = ctx.function_info
    if function is None or info is None:
        return None
    if not any(
        ctx.qualified_name(d.decorator) in CONTEXT_MANAGER_DECORATORS for d in function.decorators
    ):
        return None
    name = function.name.value
    called = m.Call(func=m.Attribute(value=m.Name("self"), attr=m.Name(name)) | m.Name(name))
    entered = False
    for other in ctx.model.functions.values():
        body = getattr(other.node.body, "body", ())
        for position, statement in enumerate(body):
            withs = m.findall(
                statement, m.With(items=[m.ZeroOrMore(), m.WithItem(item=called), m.ZeroOrMore()])
            )
            if not withs:
                continue
            entered = True
            root = other.region is not None and other.region.qualname in other.region.roots
            if not root or withs[0] is not statement:
                return True
            inference = ctx.model.inference(other.node)
            if inference is None or _op_count(inference, body[:position], 2) >= 2:
                return True
    return None if not entered else False


def _op_count(inference, statements: Sequence[cst.CSTNode], limit: int) -> int:  # type: ignore[no-untyped-def]
    """How many tensor operations ``statements`` of another function run (its kinds from
    ``inference``), counted up to ``limit``."""
    count = 0

    def enter(node: cst.CSTNode) -> bool:
        nonlocal count
        if count >= limit or type(node) is cst.FunctionDef or type(node) is cst.Lambda:
            return False
        if isinstance(node, _OP_TYPES) and inference.kind(node) in _TRACED_AS_TENSOR:
            count += 1
        return True

    for statement in statements:
        walk(statement, enter, _ignore)
    return count


def _called_first(ctx: LintContext) -> bool:
    """Whether every call of the current helper is the first statement of a root's body
    (``def forward(self, x): seq = self.build(x, lens)``) with plain names and attributes for
    arguments: the frame Dynamo inlines it into has run no operation before it, so the
    helper's own operations must show one (callers all in this file)."""
    info = ctx.function_info
    region = info.region if info is not None else None
    if info is None or region is None:
        return False
    callers = ctx.index.callers(region.qualname)
    if not callers:
        return False
    name = info.node.name.value
    pattern = m.Call(func=m.Attribute(value=m.Name("self"), attr=m.Name(name)) | m.Name(name))
    found = 0
    for other in ctx.model.functions.values():
        calls = m.findall(other.node, pattern)
        if not calls:
            continue
        found += 1
        root = other.region is not None and other.region.qualname in other.region.roots
        body = [s for s in other.node.body.body if not _docstring(s)]  # type: ignore[attr-defined]
        if not root or _inlined(ctx, other) or not body:
            return False
        first = m.findall(body[0], pattern)
        if len(first) != len(calls) or any(
            m.findall(arg.value, m.Call() | m.BinaryOperation() | m.Subscript())
            for call in calls
            for arg in call.args  # type: ignore[attr-defined]
        ):
            return False
    return found == len(callers)


def _docstring(statement: cst.CSTNode) -> bool:
    return m.matches(
        statement, m.SimpleStatementLine(body=[m.Expr(m.SimpleString() | m.ConcatenatedString())])
    )


def _inlined(ctx: LintContext, info: Optional[FunctionInfo]) -> bool:
    """Whether Dynamo reaches the function ``info`` (of this file) by inlining a call from
    another frame: a helper of the region, or the ``forward`` of a module class another module
    of the project holds. A break there is taken at the call in the caller's frame (outside the
    callee's loops) and reported, when the caller's graph holds operations (assumed)."""
    region = info.region if info is not None else None
    if region is not None and region.qualname not in region.roots:
        return True
    if region is not None and region.qualname in ctx.index.library_api:
        # A function library's API (torchesnufft's helpers): a model's forward in another
        # project calls it, and Dynamo inlines it into that frame.
        return True
    return bool(
        info is not None
        and info.owner_class
        and held_by_another_module(ctx.index, info.owner_class)
    )


def held_by_another_module(index: ProjectIndex, owner: str) -> bool:
    """Whether some project class keeps an instance of ``owner`` as a submodule
    (``self.block = Block()``, ``nn.ModuleList([Block() ...])``)."""
    return any(
        owner in cls.attributes.values() or owner in cls.container_items.values()
        for summary in index.by_path.values()
        for cls in summary.classes.values()
    )


def statement_break_reported(ctx: LintContext, node: cst.CSTNode) -> bool:
    """Whether plain ``torch.compile`` reports a graph break that Dynamo takes at a statement
    boundary: an unsupported step that is not a call (a 0-d tensor as a slice bound, read by
    ``Tensor.item()`` inside the subscript). Dynamo then goes back to the last instruction with
    an empty stack, the start of the statement, and reports the break only when its graph holds
    more than one call by then (``is_non_empty_graph``); otherwise it runs the whole frame
    eagerly. So: not inside a loop, and two tensor operations in earlier statements (a helper's
    caller is assumed to have run them)."""
    entered = _context_manager_entered_late(ctx)
    if entered is not None:
        return entered
    inlined = _inlined(ctx, ctx.function_info)
    if in_loop(ctx, node) and not inlined:
        return False
    if inlined:
        return True
    return sum(tensor_op_count(ctx, part, 2) for part in _earlier_parts(ctx)) >= 2


def tensor_op_count(ctx: LintContext, expr: cst.CSTNode, limit: int) -> int:
    """How many tensor operations evaluating ``expr`` runs, counted up to ``limit``."""
    count = 0

    def enter(node: cst.CSTNode) -> bool:
        nonlocal count
        if count >= limit or type(node) is cst.FunctionDef or type(node) is cst.Lambda:
            return False
        # NumPy calls count: Dynamo traces them as tensor operations (`np.prod(x.shape[1:])`).
        if isinstance(node, _OP_TYPES) and ctx.kind(node) in _TRACED_AS_TENSOR:  # type: ignore[arg-type]
            count += 1
        return True

    walk(expr, enter, _ignore)
    return count


def annotated_tensor(ctx: LintContext, name: str) -> bool:
    """Whether ``name`` is a parameter annotated as a tensor (``Optional[torch.Tensor]``)."""
    func = ctx.function
    inference = ctx.model.inference(func) if func is not None else None
    if inference is None:
        return False
    param = parameter(func, name)
    if param is None or param.annotation is None:
        return False
    return inference.annotation_kind(param.annotation.annotation) == Kind.TENSOR


# Builtins whose result is a function of their arguments alone (`range(self.steps)`).
SIZE_BUILTINS = frozenset(
    {"builtins.range", "builtins.len", "builtins.int", "builtins.float", "builtins.min",
     "builtins.max", "builtins.abs", "builtins.round"}
)  # fmt: skip


def parameter_data_only(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``expr`` reads tensors only through ``self`` (parameters, buffers) and torch, not
    through the function's inputs: its value is the same for every input, so ``torch.jit.trace``
    baking it in as a constant changes nothing. A local bound once to such a value counts
    (``w = self.weight.detach()``)."""
    names: list[cst.Name] = []

    def enter(node: cst.CSTNode) -> bool:
        kind = type(node)
        if kind is cst.Attribute:  # `a.b`: only `a` names a value
            walk(node.value, enter, _ignore)  # type: ignore[attr-defined]
            return False
        if kind is cst.Arg:  # `f(k=v)`: only `v` names a value
            walk(node.value, enter, _ignore)  # type: ignore[attr-defined]
            return False
        if kind is cst.Name:
            names.append(node)  # type: ignore[arg-type]
        return True

    walk(expr, enter, _ignore)
    return (
        bool(names)
        and all(
            name.value == "self"
            or (ctx.qualified_name(name) or "").startswith(("torch", "math"))
            or ctx.qualified_name(name) in SIZE_BUILTINS
            or (depth < 4 and _bound_to_parameter_data(ctx, name, depth))
            for name in names
        )
        and not any(_updated_in_place(ctx, attr) for attr in _self_attributes(expr))
    )


def _self_attributes(expr: cst.CSTNode) -> set[str]:
    found: set[str] = set()

    def enter(node: cst.CSTNode) -> bool:
        attr = self_attribute(node)
        if attr is not None:
            found.add(attr)
        return True

    walk(expr, enter, _ignore)
    return found


def _updated_in_place(ctx: LintContext, attr: str) -> bool:
    """Whether the file changes ``self.<attr>`` outside ``__init__`` by an in-place tensor
    method (``self.min_val.copy_(...)``, ``.mul_``, ``.lerp_``) or an augmented assignment: a
    running statistic the data updates, not a constant of the module."""
    pattern = re.compile(rf"self\.{re.escape(attr)}\s*(?:\.\s*[a-z][a-z0-9_]*_\s*\(|[-+*/]=)")
    return _written_outside_init(ctx, pattern)


def _bound_to_parameter_data(ctx: LintContext, name: cst.Name, depth: int) -> bool:
    function = ctx.function
    if function is None or parameter(function, name.value) is not None:
        return False
    bound = assignments(function, name.value)
    return len(bound) == 1 and bound[0][2] == 1 and parameter_data_only(ctx, bound[0][0], depth + 1)


def top_level_method(module: cst.Module, class_name: str, name: str) -> Optional[cst.FunctionDef]:
    """The method ``name`` of the top-level class ``class_name`` of this file."""
    for statement in module.body:
        if type(statement) is cst.ClassDef and statement.name.value == class_name:
            for item in statement.body.body:  # type: ignore[attr-defined]
                if type(item) is cst.FunctionDef and item.name.value == name:
                    return item
    return None


def applied_autograd_forward(ctx: LintContext, call: cst.Call) -> Optional[cst.FunctionDef]:
    """The ``forward`` of the project ``torch.autograd.Function`` whose ``Fn.apply(...)``
    ``call`` is, when the Function is a top-level class of this file."""
    func = call.func
    if type(func) is not cst.Attribute or func.attr.value != "apply":  # type: ignore[attr-defined]
        return None
    name = ctx.qualified_name(func.value)  # type: ignore[attr-defined]
    if not name or not ctx.index.is_autograd_function(name):
        return None
    return top_level_method(ctx.module, name.rpartition(".")[2], "forward")
