"""TL109: input checks on sizes, which torch.jit.trace drops (trace only)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, list_items, loop_iterables
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind, spread_source
from torchlint.lint.walk import walk

from ._graph import (
    condition_parts,
    only_raises,
    parameter_data_only,
)
from .tl106_size_dependent_python import project_callee

# Tensor methods whose result the tracer records as a 0-dim tensor (`x.stride()`,
# `x.storage_offset()` and `x.nbytes` stay plain ints: torch does not warn at them).
TRACED_SIZE_METHODS = frozenset({"size", "numel", "nelement"})
TRACED_SIZE_FUNCTIONS = frozenset({"builtins.len", "torch.numel"})
COMPREHENSIONS = (cst.ListComp, cst.GeneratorExp, cst.SetComp)
# Comparisons whose value is a tensor or tensor data are tensor conditions (TL101), not sizes.
TENSOR_KINDS = (Kind.TENSOR, Kind.TENSORS, Kind.DATA, Kind.NDARRAY)


# Calls that check a condition like `assert` (`torch._assert`, timm's `_assert`), and those
# that need a Python bool: under trace a size comparison is a tensor, and they raise.
CHECK_CALLS = frozenset({"torch._check", "torch._check_with"})
ASSERT_CALLS = CHECK_CALLS | {"torch._assert"}
CHECK_MESSAGE = Message(
    "torch._check on a size",
    (
        (
            "trace",
            "torch.jit.trace fails (TypeError: cond must be a bool, but got a Tensor): under "
            "trace sizes are tensors",
        ),
    ),
    "skip the check while tracing (`if not torch.jit.is_tracing():`) or use torch.compile / "
    "torch.export, which keep it",
)


class TracedInputCheck(Rule):
    """Flags input checks on sizes in graph code, which `torch.jit.trace` drops (trace only).

    ## What it does
    Finds `assert <test>` and `if <test>: raise ...` (an `if` whose body is only a `raise`) in
    graph code where the test compares sizes of tensors: `assert x.size(0) == n`,
    `assert q.size() == k.size()`, `assert list(x.size()) == [b, t, d]`,
    `if x.shape[-1] != self.dim: raise ValueError(...)`, names unpacked from
    `b, c, h, w = x.shape`, `assert t % (w * 2) == 0`, `assert x.size()[:3] == y.size()[:3]`,
    `assert all(s > 1 for s in x.shape[2:])`.
    `torch._assert(H == self.h, msg)` counts like `assert`, and `torch._check(x.size(0) == n)`
    is flagged too: under trace it raises `TypeError` instead of checking.
    Every dimension counts, the last one included. Not flagged: ranks (`x.dim() == 3`,
    `x.ndim`, `len(x.shape)`: torch does not trace them), strides, config values, `x is None`,
    dtypes, checks under `if not torch.jit.is_tracing():`, and checks that read tensors only
    through `self` of a module (`self.weight.size(0) == n`: the same for every input). `self`
    of a plain project class (no `nn.Module` nor other foreign class among its ancestors) is
    an object graph code builds from its inputs, so `if not self.is_square: raise` (a
    property comparing `self.shape[-1]` and `self.shape[-2]`, linear-operator's operators) is
    flagged.

    ## Why is this bad?
    Under `torch.jit.trace` every size is a traced 0-dim tensor, so the comparison prints
    `TracerWarning: Converting a tensor to a Python boolean might cause the trace to be
    incorrect`, passes once for the example input, and is not recorded: the traced model
    silently accepts inputs that eager rejects (and returns garbage or fails later, deep inside
    an operation). `torch.jit.script`, `torch.compile` and `torch.export` keep the check.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            if x.size(1) != 3:
                raise ValueError("expected 3 channels")
            return self.conv(x)
    ```
    Use instead: validate inputs before calling the traced module (in the code that calls it),
    or use `torch.export`, which records size checks as guards of the exported program
    (`ep.module()` raises on an input that fails them).

    ## Fix safety
    No automatic fix. `torch._check(x.size(1) == 3)` is what `torch.compile` and
    `torch.export` offer for size checks, but under `torch.jit.trace` it raises `TypeError`
    (its condition is a tensor there), so it is not a fix for trace. Guarding the check with
    `if not torch.jit.is_tracing():` silences the warning and keeps eager's check, but the
    traced model still accepts every input. `torch._assert(x.size(1) == 3, msg)` and
    `torch._assert_async(torch.tensor(...))` are dropped by the trace too (torch 2.13): no form
    of the check survives `torch.jit.trace`.
    """

    code = "TL109"
    name = "traced-input-check"
    subject = "Input check on a size"
    clauses = {
        "trace": (
            "torch.jit.trace drops it (TracerWarning), so the traced model silently accepts inputs"
            " that eager rejects"
        ),
    }
    advice = (
        "validate inputs outside the traced module, or use torch.export, which keeps size checks"
    )
    # The trace computes eager's values on every input eager accepts.
    warns = frozenset({"trace"})
    targets = ("trace",)

    VALID = [
        # Ranks are plain ints under trace: the check stays a Python check, no warning.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    assert x.dim() == 3, "expected (batch, time, features)"
                    if x.ndim != 3:
                        raise ValueError("expected a 3-d input")
                    return x.cumsum(1)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
        # Config values and `is None` checks do not depend on sizes.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, mode: str = "sum", heads: int = 2, causal: bool = False):
                    super().__init__()
                    self.mode = mode
                    self.heads = heads
                    self.causal = causal
                    self.pad_token_id = 0

                def forward(self, x):
                    assert x is not None
                    if self.mode not in ("sum", "mean"):
                        raise ValueError(f"unknown mode {self.mode}")
                    assert self.heads > 0 and x.dtype == torch.float32
                    # Runs only in a causal configuration, which the linter cannot see.
                    assert self.causal is False or x.size(0) == x.size(1)
                    if self.mode == "mean" and x.size(0) > 8:
                        raise ValueError("mean mode takes at most 8 rows")
                    if self.pad_token_id is None and x.size(0) != 1:
                        raise ValueError("batches need a padding token")
                    return x.sum(-1) if self.mode == "sum" else x.mean(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Not run while tracing: eager keeps the check, the trace never had it.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q, k):
                    if not torch.jit.is_tracing():
                        assert q.size() == k.size(), "q and k must match"
                    if not torch.jit.is_tracing() and q.size(0) != k.size(0):
                        raise ValueError("batch sizes differ")
                    return q * k

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(5, 4), torch.randn(5, 4))]
            """
        ),
        # A size check in driver code (not reached from forward) is plain Python.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.relu()

            def run_batches(model, batches):
                outs = []
                for x in batches:
                    if x.size(0) == 0:
                        raise ValueError("empty batch")
                    assert x.shape[-1] == 4
                    outs.append(model(x))
                return outs

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A function argument that is not a size, and the size of a module's own weight,
        # which is the same for every input.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x, scale: float = 2.0):
                    if scale <= 0:
                        raise ValueError("scale must be positive")
                    assert self.fc.weight.size(0) == 4
                    return self.fc(x) * scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A branch that does work is TL106's (size-dependent Python), not an input check.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.size(-1) != 4:
                        x = x[..., :4]
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A submodule returning its configured grid (a constant): nothing to trace.
        Valid(
            """
            import torch
            from torch import nn

            class PatchEmbed(nn.Module):
                def __init__(self, grid: int = 2):
                    super().__init__()
                    self.grid = grid
                    self.proj = nn.Conv2d(3, 4, 2, 2)

                def forward(self, x):
                    return self.proj(x).flatten(2).transpose(1, 2), self.grid

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.embed = PatchEmbed()

                def forward(self, x):
                    tokens, grid = self.embed(x)
                    if grid != 2:
                        raise ValueError("unexpected grid")
                    return tokens.mean(1)

            def inputs():
                return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 4, 4),)]
            """
        ),
    ]
    INVALID = [
        # `self` of a plain class graph code builds from its input: its sizes are the input's.
        Invalid(
            """
            import torch
            from torch import nn

            class Operator:
                def __init__(self, t):
                    self.t = t

                @property
                def is_square(self):
                    return self.t.shape[-1] == self.t.shape[-2]

                def diagonal(self):
                    if not self.is_square:
                        raise RuntimeError("square operators only")
                    return self.t.diagonal(dim1=-2, dim2=-1)

            class Model(nn.Module):
                def forward(self, x):
                    op = Operator(x)
                    return op.diagonal() * 2

            def inputs():
                return [(torch.randn(3, 3),), (torch.randn(2, 4),)]
            """,
            line=13,
        ),
        # `torch._assert` is dropped like `assert` (the f-string message is read too).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    b, c, h, w = x.shape
                    torch._assert(h == 4, f"expected height 4, got {h}")
                    return x * 2

            def inputs():
                return [(torch.randn(1, 2, 4, 4),), (torch.randn(1, 2, 5, 4),)]
            """,
            line=7,
        ),
        # `torch._check` wants a Python bool: the trace fails.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    torch._check(x.size(2) == 4, lambda: "expected height 4")
                    return x * 2

            def inputs():
                return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 4, 4),)]
            """,
            line=6,
            message_contains="torch._check",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q, k):
                    assert q.size() == k.size(), "q and k must match"
                    return q * k.sum(0)

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(2, 4), torch.randn(3, 4))]
            """,
            line=6,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, num_channels: int = 3):
                    super().__init__()
                    self.num_channels = num_channels

                def forward(self, pixel_values):
                    batch_size, num_channels, height, width = pixel_values.shape
                    if num_channels != self.num_channels:
                        raise ValueError("channel dimension does not match the configuration")
                    return pixel_values.mean(1)

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(2, 1, 4, 4),)]
            """,
            line=11,
        ),
        # The last dimension counts too.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.dim = 4

                def forward(self, x):
                    assert x.shape[-1] == self.dim, "bad feature size"
                    return x.sum(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 6),)]
            """,
            line=10,
        ),
        # Arithmetic on sizes, and slices of sizes.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, query, key, w: int = 2):
                    batch, seq_len, dim = query.size()
                    assert seq_len % (w * 2) == 0, "pad the sequence to a multiple of 2w"
                    assert query.size()[:2] == key.size()[:2]
                    return query.sum(1) * dim + key.mean(1)

            def inputs():
                return [(torch.randn(2, 8, 3), torch.randn(2, 8, 3)), (torch.randn(2, 6, 3), torch.randn(2, 6, 3))]
            """,
            line=7,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.numel() == 0:
                        raise ValueError("empty input")
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(0, 4),)]
            """,
            line=6,
        ),
        # A flag parameter left at its default: the check runs in the default configuration.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, image_size: int = 4):
                    super().__init__()
                    self.image_size = image_size

                def forward(self, pixel_values, interpolate: bool = False):
                    _, _, height, width = pixel_values.shape
                    if not interpolate and (height != self.image_size or width != self.image_size):
                        raise ValueError("input image size does not match the model")
                    return pixel_values.flatten(2).mean(-1)

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(2, 3, 6, 6),)]
            """,
            line=11,
        ),
        # An optional input: the check runs whenever the input is given.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask=None):
                    if mask is not None and mask.size() != x.size()[:2]:
                        raise ValueError("mask must be (batch, time)")
                    return x * mask.unsqueeze(-1)

            def inputs():
                return [(torch.randn(2, 3, 4), torch.ones(2, 3)), (torch.randn(2, 3, 4), torch.ones(2, 1))]
            """,
            line=6,
        ),
        # A size a submodule returns (the patch grid beside the tokens): under trace it is a
        # tensor too, and the check is dropped.
        Invalid(
            """
            import torch
            from torch import nn

            class PatchEmbed(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Conv2d(3, 4, 2, 2)

                def forward(self, x):
                    x = self.proj(x)
                    return x.flatten(2).transpose(1, 2), x.shape[-2:]

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.embed = PatchEmbed()

                def forward(self, x):
                    tokens, grid = self.embed(x)
                    if grid[0] != 2:
                        raise ValueError("expected a 4x4 image")
                    return tokens.mean(1)

            def inputs():
                return [(torch.randn(1, 3, 4, 4),), (torch.randn(1, 3, 6, 6),)]
            """,
            line=20,
        ),
        # A comprehension over sizes: each comparison is a Python bool the trace drops.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    assert all(s % 2 == 0 for s in x.shape[2:]), "sides must be even"
                    return x.reshape(x.shape[0], x.shape[1], -1, 2).sum(-1)

            def inputs():
                return [(torch.randn(1, 2, 4, 4),), (torch.randn(1, 2, 3, 4),)]
            """,
            line=6,
        ),
        # A helper's parameter the linter knows nothing about (its caller's value defaults to
        # None): graph code reads its `.shape`, so it is a tensor, and its sizes are traced.
        Invalid(
            """
            import torch
            from torch import nn

            def apply_rotary(t, pos):
                assert pos.shape[-2] >= t.shape[-2], "too few positions"
                return t * pos[-t.shape[-2]:].cos()

            class Model(nn.Module):
                def forward(self, x, pos=None):
                    if pos is not None:
                        x = apply_rotary(x, pos)
                    return x

            def inputs():
                return [(torch.randn(2, 4, 3), torch.randn(6, 3)), (torch.randn(2, 2, 3), torch.randn(1, 3))]
            """,
            line=5,
        ),
    ]

    def visit_Assert(self, node: cst.Assert) -> None:
        self._check_test(node.test, passing=cst.And)

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.qualified_name(node.func)
        if name in ASSERT_CALLS and node.args and node.args[0].keyword is None:
            self._check_test(
                node.args[0].value,
                CHECK_MESSAGE if name in CHECK_CALLS else None,
                passing=cst.And,
            )

    def visit_If(self, node: cst.If) -> None:
        if only_raises(node.body):
            self._check_test(node.test, passing=cst.Or)

    def _check_test(
        self,
        test: cst.BaseExpression,
        message: Optional[Message] = None,
        passing: Optional[type] = None,
    ) -> None:
        """``passing``: the operator of a chain at the top of ``test`` whose operands every
        call that passes the check evaluates: ``or`` for ``if a or b: raise`` (a call that
        does not raise found each operand false), ``and`` for ``assert a and b``."""
        if not self.ctx.in_graph:
            return
        for part, excluded in condition_parts(self.ctx, test):
            if "trace" in excluded:
                continue
            if _tests_input_size(self.ctx, part, _chain(part, passing)):
                self.report(part, message)
                return
            if (
                passing is not cst.And
                and _is_setting(self.ctx, part)
                and _default_truth(self.ctx, part) is not True
            ):
                return  # the rest of the `and` chain runs only in some configurations


def _chain(test: cst.BaseExpression, operator: Optional[type]) -> set[int]:
    """The ``BooleanOperation`` nodes of the chain of ``operator`` at the top of ``test``."""
    found: set[int] = set()
    pending = [test]
    while operator is not None and pending:
        node = pending.pop()
        if type(node) is cst.BooleanOperation and type(node.operator) is operator:  # type: ignore[attr-defined]
            found.add(id(node))
            pending += [node.left, node.right]  # type: ignore[attr-defined]
    return found


def _tests_input_size(
    ctx: LintContext, test: cst.BaseExpression, evaluated: frozenset[int] | set[int] = frozenset()
) -> bool:
    """Whether ``test`` compares (or takes the truth of) a size the tracer records from an
    input, not only from ``self``'s parameters. ``evaluated``: boolean operations (of the
    check's chain, ``_chain``) whose every operand a passing call evaluates, so a size test
    after a setting's test (``if lag < 0 or lag >= r.shape[0]: raise``) runs all the same."""
    if parameter_data_only(ctx, test) and not per_call_self(ctx):
        return False
    found = False
    # Targets of comprehensions over traced sizes (`all(s > 1 for s in x.shape[2:])`).
    size_targets: set[str] = set()

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        kind = type(node)
        if found or kind is cst.Lambda or kind is cst.FunctionDef:
            return False
        if kind in COMPREHENSIONS:
            comp = node.for_in  # type: ignore[attr-defined]
            while comp is not None:  # its targets are bound before the element is computed
                if type(comp.target) is cst.Name and traced_size(ctx, comp.iter):
                    size_targets.add(comp.target.value)
                comp = comp.inner_for_in
            return True
        if kind is cst.Comparison and size_targets:
            operands = [node.left, *(c.comparator for c in node.comparisons)]  # type: ignore[attr-defined]
            if any(_size_arithmetic(o, size_targets) for o in operands):
                found = True
                return False
        if kind is cst.BooleanOperation:
            left = node.left  # type: ignore[attr-defined]
            walk(left, enter, _ignore)
            # The right operand runs when the left one is true (`and`) or false (`or`).
            runs_on = type(node.operator) is cst.And  # type: ignore[attr-defined]
            if (
                id(node) in evaluated
                or not _is_setting(ctx, left)
                or _default_truth(ctx, left) is runs_on
            ):
                walk(node.right, enter, _ignore)  # type: ignore[attr-defined]
            return False
        if kind is cst.Comparison:
            found = _compares_traced_size(ctx, node)  # type: ignore[arg-type]
        if kind is cst.Name and id(node) in tested:
            # `_check = v.shape[-1] == 6` then `if not _check: raise`: the local holds the
            # comparison, which the tracer converts to a bool at the test.
            bound = _bound_test(ctx, node)  # type: ignore[arg-type]
            if bound is not None:
                walk(bound, enter, _ignore)
            return False
        return not found

    # Names the test takes the truth of (itself, under `not`, or an operand of `and` / `or`).
    tested: set[int] = set()
    pending = [test]
    while pending:
        node = pending.pop()
        if type(node) is cst.UnaryOperation and type(node.operator) is cst.Not:  # type: ignore[attr-defined]
            pending.append(node.expression)  # type: ignore[attr-defined]
        elif type(node) is cst.BooleanOperation:
            pending += [node.left, node.right]  # type: ignore[attr-defined]
        elif type(node) is cst.Name:
            tested.add(id(node))
    bare = test
    while type(bare) is cst.UnaryOperation and type(bare.operator) is cst.Not:  # type: ignore[attr-defined]
        bare = bare.expression  # type: ignore[attr-defined]
    if ctx.kind(bare) == Kind.SIZE and traced_size(ctx, bare):  # `assert x.numel()`
        return True
    walk(test, enter, _ignore)
    return found


def _bound_test(ctx: LintContext, name: cst.Name) -> Optional[cst.BaseExpression]:
    """The comparison a local is bound to once (``ok = x.shape[-1] == 6``), else None."""
    values = assignments(ctx.function, name.value)
    if len(values) != 1:
        return None
    value, position, size = values[0]
    if position != 0 or size != 1 or type(value) is not cst.Comparison:
        return None
    return value


def _size_arithmetic(expr: cst.BaseExpression, names: set[str]) -> bool:
    """Whether ``expr`` is one of ``names`` or arithmetic on one (``s % 2``)."""
    kind = type(expr)
    if kind is cst.Name:
        return expr.value in names  # type: ignore[attr-defined]
    if kind is cst.BinaryOperation:
        return _size_arithmetic(expr.left, names) or _size_arithmetic(expr.right, names)  # type: ignore[attr-defined]
    if kind is cst.UnaryOperation:
        return _size_arithmetic(expr.expression, names)  # type: ignore[attr-defined]
    return False


def _ignore(node: cst.CSTNode) -> None:
    return None


def _is_setting(ctx: LintContext, test: cst.BaseExpression) -> bool:
    """Whether ``test`` is a setting, not a property of the input: a config value, a flag
    parameter, a dtype (``self.config.use_tpu``, ``causal is False``). In ``setting and check``
    or ``setting or check`` the check runs only in some configurations, which the linter
    cannot see, so it is not claimed. ``mask is not None`` asks whether an input was given:
    what follows it runs whenever the input is (``self.config.pad_token_id is None`` is a
    setting)."""
    if (
        type(test) is cst.Comparison
        and _is_parameter(ctx, test.left)  # type: ignore[attr-defined]
        and all(
            type(c.operator) in (cst.Is, cst.IsNot)
            and type(c.comparator) is cst.Name
            and c.comparator.value == "None"  # type: ignore[attr-defined]
            for c in test.comparisons  # type: ignore[attr-defined]
        )
    ):
        return False
    if type(test) is cst.Comparison and any(
        _reads_rank(operand)
        for operand in (test.left, *(c.comparator for c in test.comparisons))  # type: ignore[attr-defined]
    ):
        return False  # `M.dim() == 3`: the input's rank, whatever the kinds say of `M`
    return ctx.kind(test) in (Kind.CONST, Kind.UNKNOWN)


def _reads_rank(expr: cst.BaseExpression) -> bool:
    """``v.dim()``, ``v.ndimension()``, ``v.ndim`` or ``len(v.shape)``: the rank of a value,
    a property of the input (the tracer sees a Python int there, so what follows runs for every
    input of that rank)."""
    kind = type(expr)
    if kind is cst.Attribute:
        return expr.attr.value == "ndim"  # type: ignore[attr-defined]
    if kind is not cst.Call:
        return False
    func = expr.func  # type: ignore[attr-defined]
    if type(func) is cst.Attribute:
        return func.attr.value in ("dim", "ndimension") and not expr.args  # type: ignore[attr-defined]
    args = expr.args  # type: ignore[attr-defined]
    return (
        type(func) is cst.Name
        and func.value == "len"
        and len(args) == 1
        and type(args[0].value) is cst.Attribute
        and args[0].value.attr.value == "shape"
    )


def _is_parameter(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` names a parameter of the current function (an input)."""
    func = ctx.function
    if type(expr) is not cst.Name or func is None:
        return False
    params = func.params
    return any(
        param.name.value == expr.value  # type: ignore[attr-defined]
        for param in (*params.params, *params.kwonly_params, *params.posonly_params)
    )


def _default_truth(ctx: LintContext, test: cst.BaseExpression) -> Optional[bool]:
    """The truth of ``flag`` / ``not flag`` when ``flag`` is a parameter left at its default
    (``interpolate_pos_encoding=False``) and never reassigned; None when not known. A check
    behind ``not interpolate_pos_encoding and ...`` runs in the default configuration."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:  # type: ignore[attr-defined]
        inner = _default_truth(ctx, test.expression)  # type: ignore[attr-defined]
        return None if inner is None else not inner
    func = ctx.function
    if type(test) is not cst.Name or func is None or assignments(func, test.value):  # type: ignore[attr-defined]
        return None
    params = func.params
    for param in (*params.params, *params.kwonly_params):
        if param.name.value == test.value and type(param.default) is cst.Name:  # type: ignore[attr-defined]
            value = param.default.value  # type: ignore[attr-defined]
            return {"True": True, "False": False, "None": False}.get(value)
    return None


def _compares_traced_size(ctx: LintContext, node: cst.Comparison) -> bool:
    if any(type(c.operator) in (cst.Is, cst.IsNot) for c in node.comparisons):
        return False
    if ctx.kind(node) in TENSOR_KINDS:
        return False
    operands = [node.left, *(c.comparator for c in node.comparisons)]
    return any(traced_size(ctx, operand) for operand in operands)


def traced_size(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``expr`` is a size ``torch.jit.trace`` records as a tensor (``x.size(0)``,
    ``x.shape[-1]``, ``x.numel()``, ``len(x)``, names bound to them, arithmetic on them), so
    a Python comparison on it warns and is baked in."""
    if depth > 6 or ctx.kind(expr) not in (Kind.SIZE, Kind.SHAPE):
        return False
    kind = type(expr)
    if kind is cst.Attribute:
        # `self.is_square` of a property of the class that reads sizes (`return
        # self.shape[-1] == self.shape[-2]`): the property runs while tracing, so its sizes
        # are tensors as much as `x.shape`'s.
        return expr.attr.value == "shape" or _size_property(ctx, expr)  # type: ignore[arg-type]
    if kind is cst.Subscript:
        return traced_size(ctx, expr.value, depth + 1)  # type: ignore[attr-defined]
    if kind is cst.BinaryOperation:
        return traced_size(ctx, expr.left, depth + 1) or traced_size(  # type: ignore[attr-defined]
            ctx,
            expr.right,  # type: ignore[attr-defined]
            depth + 1,
        )
    if kind is cst.UnaryOperation:
        return traced_size(ctx, expr.expression, depth + 1)  # type: ignore[attr-defined]
    if kind is cst.Tuple or kind is cst.List:
        return any(traced_size(ctx, el.value, depth + 1) for el in expr.elements)  # type: ignore[attr-defined]
    if kind is cst.Call:
        return _traced_size_call(ctx, expr, depth)  # type: ignore[arg-type]
    if kind is cst.Name:
        return _traced_size_name(ctx, expr, depth)  # type: ignore[arg-type]
    return False


def _traced_size_call(ctx: LintContext, call: cst.Call, depth: int) -> bool:
    func = call.func
    if type(func) is cst.Attribute:
        receiver = ctx.kind(func.value)  # type: ignore[attr-defined]
        if receiver == Kind.TENSOR:
            return func.attr.value in TRACED_SIZE_METHODS  # type: ignore[attr-defined]
        if receiver == Kind.UNKNOWN:  # the kinds take `v.size(1)` for a tensor's
            return func.attr.value == "size"  # type: ignore[attr-defined]
        if receiver == Kind.SHAPE:  # `x.shape.numel()`
            return traced_size(ctx, func.value, depth + 1)  # type: ignore[attr-defined]
    if ctx.qualified_name(func) in TRACED_SIZE_FUNCTIONS:
        return True  # its kind is a size, so its argument is a tensor
    if _computed_elsewhere(ctx, call):  # `n = self.seq_len(x)`
        return True
    # `list(x.size())`, `tuple(x.shape)`, `torch.Size([b, t])`, `max(a, b)`
    return any(traced_size(ctx, arg.value, depth + 1) for arg in call.args)


def _traced_size_name(ctx: LintContext, name: cst.Name, depth: int) -> bool:
    values = assignments(ctx.function, name.value)
    if not values:
        return True  # a parameter the model knows to be a size
    if ctx.kind(name) == Kind.SHAPE:
        # A local list of sizes (`sizes = []; sizes.append(x.size(0))`).
        items = list_items(ctx.function, name.value)
        if items and any(traced_size(ctx, item, depth + 1) for item in items):
            return True
    # `for s in sizes[1:]`: an item of a shape or list of sizes.
    if any(
        traced_size(ctx, iterable, depth + 1)
        for iterable in loop_iterables(ctx.function, name.value)
    ):
        return True
    for value, position, size in values:
        if value is UNKNOWN_VALUE:
            continue
        if size > 1 and type(value) in (cst.Tuple, cst.List):
            elements = value.elements  # type: ignore[attr-defined]
            if len(elements) == size:  # `b, n = x.size(0), 4`
                value = elements[position].value
            else:  # `b, n, device = *x.shape, x.device`: the starred shape fills the middle
                source = spread_source(elements, position, size)
                value = elements[source].value if source is not None else value
        elif size > 1 and type(value) is cst.Call:
            # `tokens, hw = self.embed(x)`: the model says which items are sizes.
            if _computed_elsewhere(ctx, value) and ctx.kind(name) in (Kind.SIZE, Kind.SHAPE):  # type: ignore[arg-type]
                return True
        if traced_size(ctx, value, depth + 1):
            return True
    return False


# Bases outside the project a class may have and still be a plain object (any other foreign
# base may keep fixed state: not claimed).
PLAIN_BASES = frozenset({"object", "builtins.object", "abc.ABC", "typing.Generic"})


def per_call_self(ctx: LintContext) -> bool:
    """Whether ``self`` of the current method is a plain object, not a module: a class of the
    project none of whose ancestors is an ``nn.Module`` (or anything else outside the project
    but ``object``, ``ABC`` and ``Generic``). Graph code builds such objects from its inputs
    (linear-operator's ``LinearOperator`` wraps the tensors a forward computes), so the sizes
    it reads off ``self`` are the input's, not fixed by weights, and the tracer bakes them in
    like any other."""
    info = ctx.function_info
    if info is None or not info.owner_class:
        return False
    classes = ctx.index.mro(info.owner_class)
    if not classes or ctx.index.is_module_class(info.owner_class):
        return False
    known = {name for name, _, _ in classes}
    return all(base in known or base in PLAIN_BASES for _, _, cls in classes for base in cls.bases)


def _size_property(ctx: LintContext, expr: cst.Attribute) -> bool:
    """``self.<name>`` where ``<name>`` is a property of the current class (or an ancestor)
    that gives a size or a test of sizes (the model's kind of the access says which)."""
    info = ctx.function_info
    if (
        type(expr.value) is not cst.Name
        or expr.value.value != "self"  # type: ignore[attr-defined]
        or info is None
        or not info.owner_class
    ):
        return False
    found = ctx.index.find_method(info.owner_class, expr.attr.value)
    return (
        found is not None
        and any(d in ("property", "builtins.property") for d in found[2].decorators)
        and project_callee(ctx, expr)
    )


def _computed_elsewhere(ctx: LintContext, call: cst.Call) -> bool:
    """A call of a submodule or of project code whose result the model knows to be sizes: the
    callee read them off tensors, which under trace makes them tensors too."""
    func = call.func
    return ctx.kind(func) == Kind.MODULE or project_callee(ctx, func)
