"""TL101: Python control flow on a tensor value."""

from __future__ import annotations

from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import draws_random
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, reporting_statement
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import PREDICATE_FILTERS, Kind
from torchlint.lint.walk import walk
from torchlint.rules.tl106_size_dependent_python import run_as_python_op

from ._graph import (
    TRACE_PARAMETER_CONSTANT,
    condition_parts,
    parameter_data_only,
    with_trace_clause,
)

ALL = ("compile", "export", "trace")


MIN_MAX_MESSAGE = Message(
    "Python max()/min() over tensors compares them in Python",
    (("trace", "torch.jit.trace keeps the example input's winner for every later input"),),
    "use torch.maximum / torch.minimum / torch.clamp",
)
# Calls whose first argument is a predicate called on each item (the itertools ones from the kinds).
PREDICATE_CALLS = frozenset({"builtins.filter"}) | PREDICATE_FILTERS
KEYED_MIN_MAX_MESSAGE = Message(
    "Python max()/min() with `key=` over tensors compares them in Python",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (invalid call to builtin op handler) and plain "
            "torch.compile breaks the graph here",
        ),
        ("trace", "torch.jit.trace keeps the example input's winner for every later input"),
    ),
    "stack the keys and pick with torch.argmax / torch.argmin, or pick by a rule the code knows",
)
# `sorted(t)`, `sorted(idx, key=lambda i: t[i])`, heapq.nlargest: every comparison of two
# elements is a truth test of tensor data, made in Python (torch 2.13: compile breaks with
# "Failed to trace builtin operator" / "sort with non-constant keys" / a skipped heapq
# function, export fails on a data-dependent guard, the trace keeps the example's order).
SORT_MESSAGE = Message(
    "Python sorting or ranking compares tensor elements in Python, reading their data",
    (
        (
            "compile",
            "plain torch.compile breaks the graph and torch.compile(fullgraph=True) raises",
        ),
        ("export", "torch.export fails (data-dependent guard)"),
        ("trace", "torch.jit.trace keeps the example input's order for every later input"),
    ),
    "use torch.sort / torch.argsort / torch.topk on the tensor",
)
# `max(t)` of one tensor iterates its elements: Dynamo rewrites the comparisons to tensor ops
# (compile passes), export fails and the trace keeps the example input's winner.
ITERATED_MIN_MAX_MESSAGE = Message(
    "Python max()/min() of one tensor compares its elements in Python",
    (
        ("export", "torch.export fails on it"),
        ("trace", "torch.jit.trace keeps the example input's winner for every later input"),
    ),
    "use t.max() / t.min() (or torch.amax / torch.amin)",
)
# A check on tensor data under torch.jit.trace (torch 2.13): the tracer warns at the bool()
# and records none of it, so the trace returns where eager raises; on every input eager
# accepts it computes eager's values, so a message with this clause only warns for trace.
TRACE_DROPS_CHECK = (
    "trace",
    "torch.jit.trace warns (TracerWarning: Converting a tensor to a Python boolean) and drops "
    "the check (the trace accepts inputs eager rejects)",
)
# `torch._assert(cond, msg)` with a tensor condition calls bool() on it (torch 2.13: plain
# compile breaks at the data-dependent operator, fullgraph and export fail; the trace drops it).
TORCH_ASSERT_MESSAGE = Message(
    "torch._assert on a tensor condition reads its data as a Python bool",
    (
        (
            "compile",
            "plain torch.compile breaks the graph ('Data dependent operator') and "
            "torch.compile(fullgraph=True) raises",
        ),
        ("export", "torch.export fails (data-dependent guard)"),
        TRACE_DROPS_CHECK,
    ),
    "use torch._assert_async(cond, message), a graph operator compile and export keep, or "
    "check outside forward",
    frozenset({"trace"}),
)
# `torch.testing.assert_close(a, b)` in forward compares the data in Python (torch 2.13: plain
# compile breaks the graph, "Data-dependent branching"; export fails "Comparing ..."; the trace
# runs the check once, on the example input).
TESTING_ASSERTS = frozenset({"torch.testing.assert_close", "torch.testing.assert_allclose"})
TESTING_ASSERT_MESSAGE = Message(
    "torch.testing's assertion compares tensor data in Python",
    (
        (
            "compile",
            "plain torch.compile breaks the graph and torch.compile(fullgraph=True) raises",
        ),
        ("export", "torch.export fails on the comparison"),
    ),
    "check with torch._assert_async(torch.isclose(a, b, rtol, atol).all(), message), or move "
    "the check to a test",
)
# Python's ranking functions: (positional index of the iterable, the function's name).
RANKING_CALLS = {
    "builtins.sorted": 0,
    "heapq.nlargest": 1,
    "heapq.nsmallest": 1,
}
# A branch on a number read out of a tensor: plain torch.compile broke the graph where the
# number was read (TL102 / TL103), so it runs this branch in Python.
NUMBER_CONDITION_MESSAGE = Message(
    "Python condition on a number read from tensor data",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises here (data-dependent guard); plain "
            "torch.compile breaks the graph where the number is read",
        ),
        ("export", "torch.export fails (GuardOnDataDependentSymNode)"),
    ),
    "keep the value a tensor and use torch.where or torch.cond",
)
# A branch on a NumPy array computed from sizes only: Dynamo traces NumPy as tensors, so the
# branch is data-dependent there; export and trace run NumPy on plain numbers.
SIZE_ARRAY_MESSAGE = Message(
    "Python condition on a NumPy array computed from sizes",
    (
        (
            "compile",
            "torch.compile traces NumPy as tensors: torch.compile(fullgraph=True) raises and "
            "plain torch.compile breaks the graph here (GB0170)",
        ),
    ),
    "compute it with Python ints (math, any(), all()) instead of NumPy",
)
ASSERT_MESSAGE = Message(
    "`assert` on tensor data",
    (
        ("export", "torch.export fails (data-dependent guard)"),
        TRACE_DROPS_CHECK,
    ),
    "under `if torch.compiler.is_compiling():` use torch._assert_async(cond, message), a graph "
    "operator compile and export keep, or move the check out of forward",
    frozenset({"trace"}),
)
# With a computed message (an f-string), Dynamo cannot turn the assert into a graph check
# (torch 2.13: "Data-dependent branching"); with a constant one, or none, it does.
ASSERT_COMPUTED_MESSAGE = Message(
    "`assert` on tensor data with a computed message",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(Dynamo keeps an assert on a tensor only with a constant message)",
        ),
        *ASSERT_MESSAGE.clauses,
    ),
    ASSERT_MESSAGE.advice,
    ASSERT_MESSAGE.warns,
)
# `assert not t.any()`, `assert a.all() and b.all()`: Dynamo keeps `assert t` on a tensor as a
# graph check, but `not` / `and` / `or` test the tensor's truth in Python first (torch 2.13:
# "Data-dependent branching"; `assert ~t.any()` compiles).
ASSERT_LOGIC_MESSAGE = Message(
    "`assert` on tensor data through `not` / `and` / `or`",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises ('Data-dependent branching': Dynamo keeps an "
            "assert on a tensor as a graph check only when the test is the tensor itself)",
        ),
        *ASSERT_MESSAGE.clauses,
    ),
    "assert on one boolean tensor (`assert ~t.any()`, `assert (a.all() & b.all())`), or "
    + ASSERT_MESSAGE.advice,
    ASSERT_MESSAGE.warns,
)
# `assert a.item() >= 0 and b.item() <= 1`: one comparison of a number read out of a tensor
# becomes a runtime check, but `and` / `or` / `not` take the truth of an operand in Python
# (torch 2.13: "Could not guard on data-dependent expression" in export and fullgraph).
ASSERT_NUMBER_LOGIC_MESSAGE = Message(
    "`assert` on numbers read out of tensors through `not` / `and` / `or`",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (it cannot guard on the data-dependent "
            "operand whose truth `and` / `or` / `not` take)",
        ),
        (
            "export",
            "torch.export fails (Could not guard on data-dependent expression: only a whole "
            "test that is one comparison becomes a runtime check)",
        ),
    ),
    "assert each comparison on its own (`assert a.item() >= 0`, then `assert b.item() <= 1`), "
    "or use torch._check(...) for each",
)
# `assert torch.allclose(a, b)`: a Python bool computed from the data (torch 2.13: "Data
# dependent operator" aten.allclose; export: DataDependentOutputException).
DATA_BOOL_CALLS = frozenset({"torch.allclose", "torch.equal"})
ASSERT_DATA_BOOL_MESSAGE = Message(
    "`assert` on a Python bool computed from tensor data",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "('Data dependent operator')",
        ),
        ("export", "torch.export fails (its output depends on the data)"),
    ),
    "compare with tensor ops (`torch.isclose(a, b).all()`) and check with "
    "torch._assert_async, or move the check out of forward",
)
# `same = torch.equal(a, b)` anywhere in graph code: the call itself is where torch 2.13 stops,
# used or not (fullgraph=True: "Data dependent operator"; plain compile: a graph break, GB0033;
# export: DataDependentOutputException aten.equal.default), not the later `if same:`.
DATA_BOOL_MESSAGE = Message(
    "a Python bool computed from tensor data (`torch.equal` / `torch.allclose`)",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "('Data dependent operator', GB0033)",
        ),
        ("export", "torch.export fails here (DataDependentOutputException)"),
    ),
    "compare with tensor ops (`(a == b).all()`, `torch.isclose(a, b).all()`) and select with "
    "`torch.where`, or decide outside the model",
)
CLAUSES = (
    (
        "compile",
        "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
        "(GB0170)",
    ),
    ("export", "torch.export fails (GuardOnDataDependentSymNode)"),
    ("trace", "torch.jit.trace bakes in the branch taken for the example input"),
)
# Code graph code reaches only through a `torch.autograd.Function` (its forward, what it
# calls): torch.jit.trace records the Function as one Python op that runs its forward on every
# call (torch 2.13), so the branch follows each input; the tracer still warns at the bool().
PYTHON_OP_TRACE = (
    "trace",
    "torch.jit.trace warns (TracerWarning: Converting a tensor to a Python boolean) but "
    "records the `torch.autograd.Function` as one Python op that runs this code again on every "
    "call, so each input takes its own branch",
)


def python_op_message(message: Message) -> Message:
    """``message`` for code the trace runs as a Python op: its trace clause only warns."""
    clauses = tuple(PYTHON_OP_TRACE if b == "trace" else (b, t) for b, t in message.clauses)
    if "trace" not in dict(clauses):
        clauses = (*clauses, PYTHON_OP_TRACE)
    return Message(message.subject, clauses, message.advice, message.warns | {"trace"})


# No rewrite keeps a number of steps that the data decides: the advice says what to do by hand.
WHILE_MESSAGE = Message(
    "`while` loop on tensor data",
    CLAUSES,
    "without a step limit (`and i < n`) no rewrite keeps the step count the data decides: "
    "run a fixed number of steps and freeze the finished values (`for _ in range(max_steps): x = torch.where(done, x, step(x))`), "
    "use torch._higher_order_ops.while_loop (compile and export), or move the loop out of "
    "the model",
)
# `if cond: raise ...` (nothing else in the branch, no `else`): a check. The trace warns and
# drops it, and computes eager's values on every input eager accepts (torch 2.13).
CHECK_MESSAGE = Message(
    "Python check on tensor data (a branch that only raises)",
    (*CLAUSES[:2], TRACE_DROPS_CHECK),
    "under `if torch.compiler.is_compiling():` use torch._assert_async(cond, message), a graph "
    "operator compile and export keep, or move the check out of forward",
    frozenset({"trace"}),
)
# `if cond: <report>` (print / logging / warnings with pure arguments, no `else`): the tracer
# warns at the bool() and records none of it, so the traced module never reports and its
# outputs are eager's on every input (torch 2.13): trace only warns.
REPORT_MESSAGE = Message(
    "Python condition on tensor data (a branch that only reports)",
    (
        *CLAUSES[:2],
        (
            "trace",
            "torch.jit.trace warns (TracerWarning: Converting a tensor to a Python boolean) and "
            "drops the report (the traced module never reports)",
        ),
    ),
    "report outside the model, or skip the test and its report while compiling (`if not "
    "torch.compiler.is_compiling() and (...)`)",
    frozenset({"trace"}),
)
# A branch that draws random numbers: `torch.where` runs both sides, so it would draw on every
# call and change every later draw (what draws: `lint/dynamo_tables.py`'s `draws_random`).
DRAW_MESSAGE = Message(
    "Python condition on tensor data",
    CLAUSES,
    "a branch draws random numbers, so torch.where, which runs both branches, would draw on "
    "every call and change every later draw: take the decision outside the model (pass it in "
    "as an input), or move this code out of the graph",
)
EXIT_MESSAGE = Message(
    "loop exit on tensor data",
    CLAUSES,
    "run every step and mask the finished ones (`done = done | cond`, "
    "`x = torch.where(done, x, new_x)`); results whose length depends on the exit (a list "
    "appended each step) cannot be one graph: pad them to the full length, or move the loop "
    "out of the model",
)


class TensorCondition(Rule):
    """Flags `if`, `while`, ternaries, `assert`, `and`/`or`/`not` whose condition is tensor data.

    ## What it does
    Finds Python truth tests in graph code whose value comes from tensor data: `if x.sum() > 0:`,
    `while err > tol:`, `y = a if mask.all() else b`, `if x:`, `assert (p >= 0).all()`,
    `ok = (x > 0).any() and flag`, conditions on `.item()` results, and Python `max()` /
    `min()` over tensors (`max(x.sum(), 1.0)`: a trace problem only, since Dynamo rewrites
    it to a tensor operation; of parameters, buffers and constants alone, `min(self
    .logit_scale.exp(), 100.0)`, the trace only warns: every input gets the same winner).
    Comparisons Python makes among a tensor's elements are truth
    tests too: `sorted(t)`, `sorted(idx, key=lambda i: t[i])`, `sorted(feats, key=lambda f:
    f.norm().item())`, `heapq.nlargest(k, idx,
    key=...)`, `max(t)` of one tensor (export and trace only: Dynamo rewrites that one),
    `max(feats, key=lambda t: t.shape[-1])` over tensors (compile too: Dynamo has no handler
    for `max` / `min` with `key=` over tensors, "invalid call to builtin op handler"), and
    `torch._assert(cond, msg)` with a tensor `cond` (compile and export),
    `torch.testing.assert_close(a, b)` of tensors in forward (compile and export), an `assert`
    on numbers read out of tensors joined by `and` / `or` / `not` (`assert w.min().item() >= 0
    and w.max().item() <= 1`: compile and export; one comparison alone becomes a runtime
    check), and the lambda
    `filter` (or `itertools.takewhile` / `dropwhile` / `filterfalse`) tests each item with
    (`filter(lambda v: v.abs().sum() > 0, views)`). Conditions on sizes,
    `self.training`, config attributes, Python scalars and `is None` tests are not flagged.
    Operands that only run in training (`self.training and torch.rand([]) < p`, ActNorm's
    `self.training and not self.initialized`) are flagged for compile alone, with the
    condition `self.training`: torch.compile compiles training steps too, while trace and
    export convert an `eval()` model, where they never run. Operands that only run in half
    precision (`x.dtype == torch.float16 and x.isinf().any()`) are not flagged: back-ends
    convert float32 examples. An optional argument defaulted by `or` (`reference = reference or
    x.mean(...)`, the parameter defaulting to `None`) is not flagged: left at `None` the `or`
    reads no data, and a given tensor of several elements already raises in eager.

    ## Why is this bad?
    The branch taken depends on the values in the tensor, which no graph can know ahead of time.
    `torch.compile(fullgraph=True)` raises (GB0170 "Data-dependent branching") and plain
    `torch.compile` breaks the graph there; `torch.export.export` fails with
    `GuardOnDataDependentSymNode`; `torch.jit.trace` records the branch taken for the example
    input (with a `TracerWarning`) and silently takes it for every later input. An `assert` on
    tensor data fails `torch.export` (non-strict) and is dropped by `torch.jit.trace` (the
    trace accepts inputs eager rejects); `torch.compile` keeps it when its message is a constant
    and its test is the tensor itself (with a computed message, an f-string, `fullgraph=True`
    raises and plain compile breaks the graph; with `not` / `and` / `or` in the test,
    `assert not t.any()`, `fullgraph=True` raises: Python tests the tensor's truth first). `assert torch.allclose(a, b)` (or `torch.equal`) asserts a Python bool read from the
    data: compile and export fail there, as on `torch.testing.assert_close(a, b)` (plain
    compile breaks the graph, export fails comparing; the trace runs the check once). A branch
    on a number already read out with `.item()` makes `torch.compile(fullgraph=True)` and
    `torch.export` fail at the branch (plain `torch.compile` broke the graph where the number
    was read); the trace took the number at `.item()` (TL103), so this finding does not name
    trace, and an `assert` on such a number is accepted by export as a runtime check.
    An `if` without `else` whose body only reports (`print`, `logging`, `warnings` with
    arguments that change nothing) names trace as a warning: the tracer warns at the bool()
    (TracerWarning) and drops the report, and its outputs are eager's on every input.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            if x.sum() > 0:
                return x * 2
            return x - 1
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return torch.where(x.sum() > 0, x * 2, x - 1)
    ```
    For branches that differ in structure, use `torch.cond(pred, true_fn, false_fn, (x,))`.

    ## Fix safety
    Unsafe fix, for code it can see whole, on a condition that is surely a boolean tensor
    (`not` / `and` / `or` of those, `bool(t)`, `t.item()`, `any(t)` / `all(t)` read as
    `t.any()` / `t.all()`, a comparison of `.item()` of a
    reduction with numbers, also through a name bound to it, which then holds the 0-d tensor):
    - a ternary, and `if` / `elif` / `else` chains whose branches assign the same names (or,
      without `else`, names that hold tensors before): `y = torch.where(c1, a, torch.where(c2,
      b, y))` per name; `y += 1` counts as `y = y + 1`;
    - branches that end in `return` (an early `return` is followed by the rest of its block):
      their assignments run for every input and the return selects, `return torch.where(c, a,
      b)` (tuples element by element); names the later code rebinds are kept first;
    - `i = 0` + `while cond and i < n: <assignments>; i += 1` -> `for _ in range(n):` with each
      assignment selected on `cond` (the names `cond` reads then stop changing);
    - `if cond: break` in a `for` loop whose body is otherwise assignments: every step runs,
      `stopped = torch.logical_or(stopped, cond)` stands where the `break` was, and each value
      carried from before the loop becomes `torch.where(stopped, old, new)` (a value bound to
      `None` before takes its first step's; a Python part of the test, `not self.training and
      ...`, stays a Python test around the update); not where a carried value is grown (`torch.cat`,
      `F.pad`, ...), a step's temporary is read after the loop, or the body appends, prints or
      stores attributes;
    - `torch.testing.assert_close(a, b)` as a statement -> under `if not
      torch.compiler.is_compiling():` (compiled and exported code runs without the check);
    - `assert cond, "message"` and `if cond: raise E("message")` -> `if
      torch.compiler.is_compiling(): torch._assert_async(...)` before the original check (in
      `else` / `elif`): compile and export keep the check as a graph operator, raising
      `RuntimeError` (asynchronously on CUDA); eager, script and trace run the original;
      `torch._assert(cond, "message")` gets the same guard; `torch.allclose(a, b, ...)` there
      is asserted as `torch.isclose(a, b, ...).all()` (the tensor ATen reads allclose from);
    - `max(t, c)` / `min(t, c)` of a tensor and a number -> `t.clamp(min=c)` / `t.clamp(max=c)`
      (the same value, NaN included; a tensor where the number won).

    - a fast path that sets an optional mask to `None` on a test of its data (`if mask is not
      None and not mask.any(): mask = None`, or `None` in one branch of an `if` / `else` that
      builds it in the other) is dropped, so the general path runs for every input, where every
      later read of the name is a mask keyword of a call (`key_padding_mask=`, `attn_mask=`,
      `attention_mask=`, ...), whose API takes `None` as "nothing masked".

    `torch.where` evaluates every branch (cost, and errors the untaken one would raise) and
    broadcasts them together, so branches of other shapes or dtypes give another result. Where
    the finding does not name `trace`, `if` / `else` returning calls over the same tensor names
    become `torch.cond(cond, f, g, (x,))`, which needs both to return the same shape and dtype.
    A `while` without a step limit and a `break` on tensor data have no equal rewrite (the
    number of steps is the data): the message says what to do by hand. Nor has a branch that
    draws random numbers (`torch.randint`, `x.bernoulli()`, `random.random()`): `torch.where`
    would draw on every call and change every later draw, so the `if` is kept and the message
    says to take the decision outside the model.

    `torch.equal(a, b)` / `torch.allclose(a, b)` in graph code are flagged at the call for
    compile and export, whether the bool is used or not: torch stops there ("Data dependent
    operator", GB0033; export's DataDependentOutputException). A later `if same:` on that bool
    is flagged for trace, which keeps the branch the example took.
    """

    code = "TL101"
    name = "tensor-condition"
    subject = "Python condition on tensor data"
    clauses = dict(CLAUSES)
    advice = "use torch.where or torch.cond"
    targets = ALL

    VALID = [
        # Ranking Python values (config numbers, sizes) compares no tensor data.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = {"a": 0.5, "b": 2.0, "c": 1.0}

                def forward(self, x):
                    names = sorted(self.scales, key=lambda n: self.scales[n])
                    torch._assert(x.dim() == 2, "expects (batch, features)")
                    return x * self.scales[names[0]]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # An optional tensor argument defaulted by `or` (ezgatr's `reference`): left at None the
        # `or` reads no data, and a given tensor of several elements already raises in eager.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, reference=None):
                    reference = reference or x.mean(dim=-1, keepdim=True)
                    return x - reference

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # Sizes are not data: compile and export handle them (trace is TL106's business).
        Valid(
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
            backends=("compile", "export"),
        ),
        Valid(
            # A torch function about torch's state returns a Python bool (torch's own
            # annotations say which), not a tensor: every back-end reads it as a constant.
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if torch.are_deterministic_algorithms_enabled():
                        return x.cumsum(0)
                    return x * 2

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
        ),
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, p: float = 0.1):
                    super().__init__()
                    self.p = p
                    self.fc = nn.Linear(4, 4)

                def forward(self, x, mask=None):
                    x = self.fc(x)
                    if self.training and self.p > 0:
                        x = F.dropout(x, self.p)
                    if mask is not None:
                        x = x * mask
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, activation: str = "gelu", residual: bool = True):
                    super().__init__()
                    self.activation = activation
                    self.residual = residual
                    self.fc = nn.Linear(4, 4)

                def forward(self, x, temperature: float = 1.0):
                    h = self.fc(x) / temperature
                    h = h.tanh() if self.activation == "tanh" else torch.nn.functional.gelu(h)
                    if self.residual and temperature > 0:
                        h = h + x
                    return h

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Block(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return x + self.fc(x).relu()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleList([Block() for _ in range(3)])

                def forward(self, x):
                    for i, block in enumerate(self.blocks):
                        if i % 2 == 0 or not x.requires_grad:
                            x = block(x)
                    return torch.where(x > 0, x, x * 0.1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Outside graph code: an evaluation loop may branch on tensor values.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 1)

                def forward(self, x):
                    return self.fc(x)

            def evaluate(model, batches):
                worst = 0.0
                for x, y in batches:
                    loss = (model(x) - y).pow(2).mean()
                    if loss > worst:
                        worst = loss.item()
                return worst

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Behind a matching guard: eager-only validation.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
                        if torch.isnan(x).any():
                            raise ValueError("NaN input")
                    return x.softmax(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # An assert on a number read out of a tensor becomes a runtime check in export.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    assert lengths.max().item() <= x.shape[1]
                    return x * 2

            def inputs():
                return [(torch.randn(2, 8), torch.tensor([3, 5])), (torch.randn(2, 8), torch.tensor([1, 2]))]
            """,
            backends=("export",),
        ),
        # Where the guard holds, the early exit leaves `mask` None, so `mask.all()` never runs
        # under compile, export or trace (eager reads it).
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            def is_tracing(t=None) -> bool:
                return torch.compiler.is_compiling() or torch.jit.is_tracing()

            class Model(nn.Module):
                def forward(self, x, mask: Optional[torch.Tensor] = None):
                    if mask is not None and is_tracing(mask):
                        return x
                    if mask is None or mask.all():
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            backends=("compile", "export", "trace"),
        ),
        # Half-precision and training-only operands never run on the float32 eval() examples.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, layerdrop: float = 0.1):
                    super().__init__()
                    self.layerdrop = layerdrop
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    if x.dtype == torch.float16 and not torch.isfinite(x).all():
                        x = torch.clamp(x, -1000.0, 1000.0)
                    skip = self.training and torch.rand([]) < self.layerdrop
                    if not skip:
                        x = self.fc(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        # What a submodule returns is what its forward returns: here a tuple, whose truth is
        # its length, not tensor data.
        Valid(
            """
            import torch
            from torch import nn

            class Attention(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.qkv = nn.Linear(4, 12)

                def forward(self, x):
                    q, k, v = self.qkv(x).chunk(3, dim=-1)
                    weights = (q @ k.transpose(-2, -1)).softmax(-1)
                    return weights @ v, weights

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.attn = Attention()

                def forward(self, x):
                    out, weights = self.attn(x)
                    extras = self.attn(out)[1:]
                    if extras:
                        out = out + extras[0].mean(-1, keepdim=True)
                    return out + weights.mean(-1, keepdim=True)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
        # torch layers that return tuples (LSTM, GRU, MultiheadAttention) give tuples.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.attn = nn.MultiheadAttention(4, 1, batch_first=True)

                def forward(self, x):
                    outputs = self.attn(x, x, x)
                    out = outputs[0] if outputs else x
                    return out.relu()

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
    ]
    INVALID = [
        # Two checks of numbers read out of the weights joined by `and` (focal frequency loss).
        Invalid(
            # A branch that draws: torch.where would draw on every call (the advice says so).
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q):
                    if q.max() > 2:
                        return q.argmax(-1)
                    return torch.randint(0, q.shape[-1], (q.shape[0],))

            def inputs():
                return [(torch.rand(2, 4),), (torch.rand(3, 4) + 5,)]
            """,
            line=6,
            backends=("compile", "export"),
            message_contains="a branch draws random numbers",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    w = torch.sigmoid(x)
                    assert w.min().item() >= 0 and w.max().item() <= 1, "weights in [0, 1]"
                    return x * w

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            backends=("compile", "export"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    assert not x.abs().max().item() > 100
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            backends=("compile", "export"),
        ),
        # Tensors ranked by a number read from each: the comparisons read tensor data.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, a, b, c):
                    ranked = sorted([a, b, c], key=lambda t: t.abs().sum().item())
                    return ranked[-1] - ranked[0]

            def inputs():
                x = torch.randn(2, 4)
                return [(x, 2 * x, 3 * x), (3 * x, 2 * x, x)]
            """,
            line=6,
            message_contains="sorting or ranking",
        ),
        # The widest of two maps, picked with max(key=...): no Dynamo handler; the trace keeps
        # the example's pick.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, a, b):
                    widest = max([a, b], key=lambda t: t.shape[-1])
                    return widest.sum(-1)

            def inputs():
                return [(torch.randn(2, 5), torch.randn(2, 3)), (torch.randn(2, 3), torch.randn(2, 7))]
            """,
            line=6,
            backends=("compile", "trace"),
            message_contains="key=",
        ),
        # A method of a plain object the module holds takes the tensors it is given.
        Invalid(
            """
            import torch
            from torch import nn

            class Ball:
                def __init__(self, c=1.0):
                    self.c = c

                def project(self, x):
                    norm = x.norm(dim=-1, keepdim=True)
                    if (norm > self.c).any():
                        x = x / norm
                    return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ball = Ball(1.0)
                    self.lin = nn.Linear(4, 4, bias=False)

                def forward(self, x):
                    return self.ball.project(self.lin(x))

            def inputs():
                x = torch.randn(3, 4)
                return [(x * 0.01,), (x * 100,)]
            """,
            line=10,
            backends=("compile", "export", "trace"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, a, b):
                    views = list(filter(lambda v: v.abs().sum() > 0, [a, b]))
                    return self.proj(torch.stack(views).mean(0))

            def inputs():
                return [(torch.randn(2, 4), torch.zeros(2, 4)), (torch.randn(2, 4), torch.randn(2, 4))]
            """,
            line=10,
        ),
        Invalid(
            """
            import logging

            import torch
            from torch import nn

            log = logging.getLogger(__name__)

            class Model(nn.Module):
                def forward(self, x):
                    y = x.tanh()
                    if not torch.isfinite(y).all():
                        log.warning("non-finite output for a batch of %d", x.shape[0])
                    return y

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3).log(),)]
            """,
            line=11,
            backends=("compile", "export", "trace"),
            trace_warning=True,
            message_contains="only reports",
        ),
        # A comprehension filter on numbers read from the data: a Python branch per element.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    h = x * 2
                    kept = [v for v in h.sum(1).tolist() if v > 0]
                    return h * len(kept)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4) - 1,)]
            """,
            line=7,
            backends=("export",),
        ),
        # A match statement on a number read from the data: each case is a Python comparison.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.router = nn.Linear(4, 2)

                def forward(self, x):
                    mode = self.router(x.mean(0)).argmax()
                    match mode.item():
                        case 0:
                            return x * 2
                        case _:
                            return x - 1

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4) * 4,), (torch.randn(3, 4) - 2,)]
            """,
            line=11,
            backends=("export",),
        ),
        # `not` of a tensor in the test: Python tests the truth of the tensor before Dynamo
        # could keep the assert.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    assert not x.isnan().any(), "NaN in features"
                    return x * 2

            def inputs():
                return [(torch.randn(3, 4),), (torch.full((3, 4), float("nan")),)]
            """,
            line=6,
            backends=("compile", "export"),
            message_contains="not",
        ),
        # A computed message: Dynamo cannot keep the assert as a graph check.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.vocab = 10

                def forward(self, ids):
                    assert ids.max() < self.vocab, f"id out of range for {self.vocab}"
                    return ids * 2

            def inputs():
                return [(torch.tensor([1, 2, 3]),), (torch.tensor([4, 12]),)]
            """,
            line=10,
            message_contains="computed message",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    y = x.flip(0).flip(0)
                    assert torch.allclose(x, y)
                    return y * 2

            def inputs():
                return [(torch.rand(3, 4),), (torch.rand(5, 4),)]
            """,
            line=7,
            backends=("compile", "export"),
            message_contains="Python bool computed",
        ),
        # any() of a tensor tests each element's truth in Python.
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
                    if any(h.norm(dim=-1) > 2.0):
                        h = h / h.norm(dim=-1).max()
                    return h

            def inputs():
                return [(torch.randn(3, 4) * 0.1,), (torch.randn(3, 4) * 5,)]
            """,
            line=11,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.score = nn.Linear(4, 1)

                def forward(self, x):
                    s = self.score(x).squeeze(-1)
                    order = sorted(range(len(s)), key=lambda i: s[i], reverse=True)
                    return x[order[:2]]

            def inputs():
                return [(torch.randn(5, 4),), (torch.randn(5, 4) * 3,)]
            """,
            line=11,
            message_contains="sorting or ranking",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    torch._assert(x.min() >= -10, "features out of range")
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            backends=("compile", "export", "trace"),
            trace_warning=True,
            message_contains="torch._assert",
        ),
        # A sanity check left in forward: the normalised features must be centred.
        Invalid(
            """
            import torch
            import torch.nn as nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norm = nn.LayerNorm(8, elementwise_affine=False)

                def forward(self, x):
                    y = self.norm(x)
                    torch.testing.assert_close(y.mean(-1), torch.zeros_like(y[..., 0]), atol=1e-4, rtol=0.0)
                    return y * 2

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8) * 3.0,)]
            """,
            line=11,
            backends=("compile", "export"),
            message_contains="torch.testing",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    peak = max(x.sum(-1))
                    return x / peak

            def inputs():
                return [(torch.rand(3, 4) + 1,), (torch.rand(3, 4) * 5 + 1,)]
            """,
            line=6,
            backends=("export", "trace"),
            message_contains="of one tensor",
        ),
        # An optional mask input (`pad_mask=None`, used as a mask): a tensor when given.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.qk = nn.Linear(8, 16)

                def forward(self, x, pad_mask=None):
                    q, k = self.qk(x).chunk(2, dim=-1)
                    scores = q @ k.transpose(-1, -2)
                    if pad_mask is not None and pad_mask.any():
                        scores = scores.masked_fill(pad_mask[:, None, :], float("-inf"))
                    return F.softmax(scores, dim=-1)

            def inputs():
                none = torch.zeros(2, 4, dtype=torch.bool)
                some = torch.tensor([[False, False, False, True], [False, False, True, True]])
                return [(torch.randn(2, 4, 8), none), (torch.randn(2, 4, 8), some)]
            """,
            line=13,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.sum() > 0:
                        return x * 2
                    return x + 1

            def inputs():
                return [(torch.ones(2, 3),), (-torch.ones(2, 3),)]
            """,
            line=6,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x):
                        return torch.where(x.sum() > 0, x * 2, x + 1)

                def inputs():
                    return [(torch.ones(2, 3),), (-torch.ones(2, 3),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, a):
                    x = torch.ones_like(a)
                    err = (x * x - a).abs().max()
                    while err > 1e-4:
                        x = 0.5 * (x + a / x)
                        err = (x * x - a).abs().max()
                    return x

            def inputs():
                return [(torch.rand(3) + 1,), (torch.rand(3) * 100 + 1,)]
            """,
            line=8,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def clip_if_large(t):
                return t.clamp(-1, 1) if t.abs().max() > 1 else t

            class Model(nn.Module):
                def forward(self, x):
                    return clip_if_large(x * 3)

            def inputs():
                return [(torch.full((2, 3), 0.1),), (torch.full((2, 3), 2.0),)]
            """,
            line=5,
            fixed="""
                import torch
                from torch import nn

                def clip_if_large(t):
                    return torch.where(t.abs().max() > 1, t.clamp(-1, 1), t)

                class Model(nn.Module):
                    def forward(self, x):
                        return clip_if_large(x * 3)

                def inputs():
                    return [(torch.full((2, 3), 0.1),), (torch.full((2, 3), 2.0),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    mask = x > 0
                    if not mask.any():
                        return x
                    return x * mask * 2

            def inputs():
                return [(-torch.ones(2, 3),), (torch.ones(2, 3),)]
            """,
            line=7,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x):
                        mask = x > 0
                        return torch.where(torch.logical_not(mask.any()), x, x * mask * 2)

                def inputs():
                    return [(-torch.ones(2, 3),), (torch.ones(2, 3),)]
            """,
        ),
        # The trace drops the check before and after the fix (it runs the original `assert`),
        # so the fixed code is checked under export only.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, probs):
                    assert (probs >= 0).all(), "probabilities must be non-negative"
                    return probs / probs.sum(-1, keepdim=True)

            def inputs():
                return [(torch.rand(2, 4),), (torch.rand(2, 4) - 2,)]
            """,
            line=6,
            backends=("export",),
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, probs):
                        if torch.compiler.is_compiling():
                            torch._assert_async((probs >= 0).all(), "probabilities must be non-negative")
                        else:
                            assert (probs >= 0).all(), "probabilities must be non-negative"
                        return probs / probs.sum(-1, keepdim=True)

                def inputs():
                    return [(torch.rand(2, 4),), (torch.rand(2, 4) - 2,)]
            """,
        ),
        # An early return: the statements after it run for every input, the return selects.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, x, valid):
                    if not valid.any():
                        return x
                    h = self.proj(x)
                    return torch.where(valid[:, None], h, x)

            def inputs():
                return [
                    (torch.randn(3, 4), torch.tensor([False, False, False])),
                    (torch.randn(3, 4), torch.tensor([True, False, True])),
                ]
            """,
            line=10,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.proj = nn.Linear(4, 4)

                    def forward(self, x, valid):
                        h = self.proj(x)
                        return torch.where(torch.logical_not(valid.any()), x, torch.where(valid[:, None], h, x))

                def inputs():
                    return [
                        (torch.randn(3, 4), torch.tensor([False, False, False])),
                        (torch.randn(3, 4), torch.tensor([True, False, True])),
                    ]
            """,
        ),
        # Python max() of a tensor: the trace keeps the example's winner.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    total = x.sum()
                    return x / max(total, 1.0)

            def inputs():
                return [(torch.ones(2, 3),), (torch.full((2, 3), 0.01),)]
            """,
            line=7,
            backends=("trace",),
        ),
        # A branch on a number read out of a tensor: compile and export fail at the branch
        # (the trace already took the number at `.item()`, which TL103 flags).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    longest = lengths.max().item()
                    if longest > 3:
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 8), torch.tensor([3, 5])), (torch.randn(2, 8), torch.tensor([1, 2]))]
            """,
            line=7,
            backends=("compile", "export"),
        ),
        # Compile traces NumPy as tensors: a branch on an array of sizes is data-dependent.
        # Export and trace run NumPy on plain numbers and accept it (tests/test_kinds_precision).
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, patch: int = 2):
                    super().__init__()
                    self.patch = patch

                def forward(self, x):
                    remainder = np.array(x.shape[2:]) % self.patch
                    if remainder.any():
                        raise ValueError("spatial size must be divisible by the patch size")
                    return x * 2

            def inputs():
                return [(torch.randn(1, 2, 4, 4),), (torch.randn(1, 2, 6, 8),)]
            """,
            line=12,
            backends=("compile",),
            message_contains="NumPy array computed from sizes",
        ),
    ]

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._covered: set[int] = set()
        # `torch.equal` / `torch.allclose` calls an `assert` finding already covers.
        self._asserted: set[int] = set()
        # `if` without `else` whose branch leaves the block -> the statements after it.
        self._after: dict[int, tuple[cst.BaseStatement, ...]] = {}

    def _cover(self, expr: cst.BaseExpression) -> None:
        """Mark the and/or/not nodes of a condition so they are not reported twice."""
        if isinstance(expr, cst.BooleanOperation):
            self._covered.add(id(expr))
            self._cover(expr.left)
            self._cover(expr.right)
        elif isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            self._covered.add(id(expr))
            self._cover(expr.expression)

    def _data_dependent(self, expr: cst.BaseExpression) -> bool:
        """Whether the truth test of ``expr`` reads tensor data (looking through and/or/not)."""
        if isinstance(expr, cst.BooleanOperation):
            self._covered.add(id(expr))
            return self._data_dependent(expr.left) or self._data_dependent(expr.right)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            self._covered.add(id(expr))
            return self._data_dependent(expr.expression)
        return self.ctx.kind(expr) in (Kind.TENSOR, Kind.DATA, Kind.NDARRAY, Kind.SIZE_NDARRAY)

    def _targets(self, expr: cst.BaseExpression, excluded: frozenset[str] = frozenset()) -> list:
        """Back-ends a truth test of ``expr`` breaks: all three for a tensor; for a Python
        number read out of one (``.item()``) compile and export only, since the trace already
        took the number at the conversion (TL102 / TL103 flag that)."""
        if self._tensor_valued(expr):
            targets: tuple[str, ...] = ALL
        elif self._reads_number(expr):
            targets = ("compile", "export")
        else:  # a NumPy array of sizes
            targets = ("compile",)
        return [t for t in targets if t not in excluded]

    def _report_condition(
        self, part: cst.BaseExpression, targets: list, tensor_message: Optional[Message] = None
    ) -> None:
        if self._tensor_valued(part):
            message = tensor_message
        elif self._reads_number(part):
            message = NUMBER_CONDITION_MESSAGE
        else:
            message = SIZE_ARRAY_MESSAGE
        if "trace" in targets and self._in_python_op():
            message = python_op_message(message or self.template)
        self.report(part, message, targets=targets)

    def _in_python_op(self) -> bool:
        """Whether graph code reaches this function only through a `torch.autograd.Function`
        (``run_as_python_op``), where the trace runs it as a Python op on every call."""
        function = self.ctx.function
        cache = self.__dict__.setdefault("_python_op", {})
        known = cache.get(id(function))
        if known is None:
            info = self.ctx.function_info
            while info is not None and info.parent is not None:
                info = info.parent  # a closure runs as its enclosing function does
            region = info.region if info is not None else None
            known = region is not None and run_as_python_op(self.ctx.index, region.qualname)
            cache[id(function)] = known
        return known

    def _data_bool(self, expr: cst.BaseExpression) -> bool:
        """``torch.equal(a, b)`` (or ``allclose``), or a name only ever bound to one, looking
        through ``not``."""
        while isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            expr = expr.expression
        if isinstance(expr, cst.Name):
            bound = assignments(self.ctx.function, expr.value)
            return bool(bound) and all(
                size == 1 and self._data_bool(value) for value, _, size in bound
            )
        return isinstance(expr, cst.Call) and self.ctx.qualified_name(expr.func) in DATA_BOOL_CALLS

    def _reads_number(self, expr: cst.BaseExpression) -> bool:
        """Whether the test reads a number out of tensor data (``.item()``, ``int(t)``)."""
        if isinstance(expr, cst.BooleanOperation):
            return self._reads_number(expr.left) or self._reads_number(expr.right)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            return self._reads_number(expr.expression)
        return self.ctx.kind(expr) == Kind.DATA

    def _tensor_valued(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.BooleanOperation):
            return self._tensor_valued(expr.left) or self._tensor_valued(expr.right)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            return self._tensor_valued(expr.expression)
        if (
            isinstance(expr, cst.Call)
            and len(expr.args) == 1
            and self.ctx.qualified_name(expr.func) in ("builtins.any", "builtins.all")
        ):
            # `any(t > 0)` tests each element's truth in Python: the trace keeps the path too,
            # as for `all(torch.isfinite(f).all() for f in feats)` of tensors.
            arg = expr.args[0].value
            if isinstance(arg, (cst.GeneratorExp, cst.ListComp)):
                return self.ctx.kind(arg.elt) == Kind.TENSOR
            return self.ctx.kind(arg) == Kind.TENSOR
        return self.ctx.kind(expr) in (Kind.TENSOR, Kind.NDARRAY)

    def _check_test(
        self,
        test: cst.BaseExpression,
        message: Optional[Message] = None,
        reports_only: bool = False,
    ) -> None:
        if not self.ctx.in_graph:
            return
        self._cover(test)
        for part, excluded in condition_parts(self.ctx, test):
            if self._data_dependent(part):
                if self._data_bool(part):
                    # Compile and export stop at the call (DATA_BOOL_MESSAGE); the trace
                    # keeps the branch the example's bool took.
                    excluded = excluded | {"compile", "export"}
                    if reports_only:
                        # The report is all the branch does: the trace's outputs are eager's.
                        excluded = excluded | {"trace"}
                if self._converted_in_try(part):
                    # Export raises at the conversion, inside the `try`, and the handler's
                    # value is taken: only the compiled branch reaches the guard.
                    excluded = excluded | {"export"}
                targets = self._targets(part, excluded)
                if targets:
                    self._report_condition(part, targets, message)
                return

    def _converted_in_try(self, part: cst.BaseExpression) -> bool:
        """``v`` (or ``not v``) bound in the body of a ``try`` of this function to a Python
        number or bool made from a tensor (``v = bool(norm > tol)``, ``t.item()``), a
        handler of which catches what export raises there (``except Exception:``, bare
        ``except:``, ``RuntimeError``) and binds ``v`` too. torch 2.13: export raises
        GuardOnDataDependentSymNode at the conversion, the handler runs, and the branch on
        ``v`` exports; fullgraph compile makes the conversion a symbolic bool and fails at
        the branch."""
        while isinstance(part, cst.UnaryOperation) and isinstance(part.operator, cst.Not):
            part = part.expression
        function = self.ctx.function
        if type(part) is not cst.Name or function is None:
            return False
        name = part.value
        found = False

        def binds(body: cst.BaseSuite, converted: bool) -> bool:
            for stmt in body.body if isinstance(body, cst.IndentedBlock) else []:
                if type(stmt) is not cst.SimpleStatementLine:
                    continue
                for small in stmt.body:
                    if (
                        type(small) is cst.Assign
                        and len(small.targets) == 1
                        and type(small.targets[0].target) is cst.Name
                        and small.targets[0].target.value == name
                        and (not converted or self._tensor_conversion(small.value))
                    ):
                        return True
            return False

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if (
                isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef))
                and node is not function
            ):
                return False
            if type(node) is cst.Try and binds(node.body, True):
                found = found or any(
                    self._catches_guard_error(handler) and binds(handler.body, False)
                    for handler in node.handlers
                )
            return not found

        walk(function, enter, lambda node: None)
        return found

    def _tensor_conversion(self, value: cst.BaseExpression) -> bool:
        """``bool(t)``, ``int(t)``, ``float(t)`` of a tensor, or ``t.item()``."""
        if type(value) is not cst.Call:
            return False
        if type(value.func) is cst.Attribute and value.func.attr.value == "item":
            return self.ctx.kind(value.func.value) == Kind.TENSOR
        return (
            self.ctx.qualified_name(value.func)
            in ("builtins.bool", "builtins.int", "builtins.float")
            and len(value.args) == 1
            and self.ctx.kind(value.args[0].value) == Kind.TENSOR
        )

    def _catches_guard_error(self, handler: cst.ExceptHandler) -> bool:
        """A handler catching GuardOnDataDependentSymNode (a RuntimeError)."""
        if handler.type is None:
            return True
        caught = handler.type.elements if type(handler.type) is cst.Tuple else None
        types = [e.value for e in caught] if caught is not None else [handler.type]
        return any(
            self.ctx.qualified_name(t)
            in ("builtins.Exception", "builtins.BaseException", "builtins.RuntimeError")
            for t in types
        )

    def visit_If(self, node: cst.If) -> None:
        # A branch that only reports leaves the traced outputs as eager's on every input.
        reports_only = (
            node.orelse is None
            and isinstance(node.body, cst.IndentedBlock)
            and all(reporting_statement(self.ctx, s, self.ctx.kind) for s in node.body.body)
        )
        message = EXIT_MESSAGE if _only_exits_loop(node) else None
        if _only_raises(self.ctx, node):
            message = CHECK_MESSAGE
        elif message is None and self._draws(
            (node.body, node.orelse, *self._after.get(id(node), ()))
        ):
            message = DRAW_MESSAGE
        if reports_only:
            message = REPORT_MESSAGE
        self._check_test(node.test, message, reports_only=reports_only)

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        # `if cond: return a` with no `else`: what follows in the block is the other branch.
        statements = node.body
        for index, statement in enumerate(statements):
            if (
                isinstance(statement, cst.If)
                and statement.orelse is None
                and isinstance(statement.body, cst.IndentedBlock)
                and isinstance(last := statement.body.body[-1], cst.SimpleStatementLine)
                and isinstance(last.body[-1], (cst.Return, cst.Raise, cst.Continue, cst.Break))
            ):
                self._after[id(statement)] = tuple(statements[index + 1 :])

    def visit_While(self, node: cst.While) -> None:
        self._check_test(node.test, WHILE_MESSAGE)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._check_test(node.test, DRAW_MESSAGE if self._draws((node.body, node.orelse)) else None)

    def _draws(self, branches: tuple[Optional[cst.CSTNode], ...]) -> bool:
        """Whether a call in ``branches`` draws random numbers."""
        for branch in branches:
            for call in m.findall(branch, m.Call()) if branch is not None else ():
                func = call.func  # type: ignore[attr-defined]
                method = func.attr.value if isinstance(func, cst.Attribute) else None
                if draws_random(self.ctx.qualified_name(func) or "", method):
                    return True
        return False

    def visit_CompIf(self, node: cst.CompIf) -> None:
        # `[v for i in ids if i != pad]`: each element's test is a Python branch.
        self._check_test(node.test)

    def visit_Match(self, node: cst.Match) -> None:
        # `match mode.item(): case 0:`: each case compares the subject in Python.
        self._check_test(node.subject)

    def visit_Assert(self, node: cst.Assert) -> None:
        self._cover(node.test)
        # An assert on a number read out of a tensor (`assert x.max().item() <= n`) becomes a
        # runtime check in export; on the tensor itself (`assert (x > 0).all()`) it fails.
        if not self.ctx.in_graph:
            return
        test = node.test
        while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test = test.expression
        if isinstance(test, cst.Call) and self.ctx.qualified_name(test.func) in DATA_BOOL_CALLS:
            self._asserted.add(id(test))
            self.report(node.test, ASSERT_DATA_BOOL_MESSAGE, targets=("compile", "export"))
            return
        if self._data_dependent(node.test) and self._tensor_valued(node.test):
            computed = node.msg is not None and not isinstance(
                node.msg, (cst.SimpleString, cst.ConcatenatedString)
            )
            if computed:
                self.report(node.test, ASSERT_COMPUTED_MESSAGE, targets=ALL)
            elif isinstance(node.test, cst.BooleanOperation) or (
                isinstance(node.test, cst.UnaryOperation)
                and isinstance(node.test.operator, cst.Not)
            ):
                self.report(node.test, ASSERT_LOGIC_MESSAGE, targets=ALL)
            else:
                self.report(node.test, ASSERT_MESSAGE, targets=("export", "trace"))
        elif (
            isinstance(node.test, cst.BooleanOperation)
            or (
                isinstance(node.test, cst.UnaryOperation)
                and isinstance(node.test.operator, cst.Not)
            )
        ) and self._data_dependent(node.test):
            self.report(node.test, ASSERT_NUMBER_LOGIC_MESSAGE, targets=("compile", "export"))

    def visit_Call(self, node: cst.Call) -> None:
        # `max(t, 1.0)` compares in Python: Dynamo rewrites it to a tensor op, the tracer
        # takes the winner for the example input.
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        args = [a.value for a in node.args if a.keyword is None and not a.star]
        if name in DATA_BOOL_CALLS and id(node) not in self._asserted:
            self.report(node, DATA_BOOL_MESSAGE, targets=("compile", "export"))
            return
        if name == "torch._assert" and args and self.ctx.kind(args[0]) == Kind.TENSOR:
            self.report(args[0], TORCH_ASSERT_MESSAGE, targets=("compile", "export", "trace"))
            return
        if name in TESTING_ASSERTS and any(self.ctx.kind(a) == Kind.TENSOR for a in args):
            self.report(node, TESTING_ASSERT_MESSAGE, targets=("compile", "export"))
            return
        if name in PREDICATE_CALLS and args and isinstance(args[0], cst.Lambda):
            # `filter(lambda v: v.abs().sum() > 0, views)` tests the truth of each result
            # (`itertools.takewhile` / `dropwhile` / `filterfalse` too).
            self._check_test(args[0].body)
            return
        if name in RANKING_CALLS or name in ("builtins.max", "builtins.min"):
            if self._ranks_tensor_data(node, RANKING_CALLS.get(name, 0)):
                self.report(node, SORT_MESSAGE, targets=ALL)
                return
        if name not in ("builtins.max", "builtins.min"):
            return
        tensors = [a for a in args if self.ctx.kind(a) in (Kind.TENSOR, Kind.TENSORS)]
        keyed = any(a.keyword is not None and a.keyword.value == "key" for a in node.args)
        if len(args) == 1 and self.ctx.kind(args[0]) == Kind.TENSOR:
            self.report(node, ITERATED_MIN_MAX_MESSAGE, targets=("export", "trace"))
        elif tensors and keyed and len(args) == 1:
            # `max(feats, key=lambda t: t.shape[-1])`: Dynamo has no handler for the call.
            self.report(node, KEYED_MIN_MAX_MESSAGE, targets=("compile", "trace"))
        elif tensors and (len(args) > 1 or self.ctx.kind(args[0]) == Kind.TENSORS):
            message = MIN_MAX_MESSAGE
            if len(args) > 1 and all(
                parameter_data_only(self.ctx, a) if a in tensors else self.ctx.kind(a) == Kind.CONST
                for a in args
            ):
                # `min(self.logit_scale.exp(), 100.0)`: the same winner for every input.
                message = with_trace_clause(MIN_MAX_MESSAGE, TRACE_PARAMETER_CONSTANT)
            self.report(node, message, targets=("trace",))

    def _ranks_tensor_data(self, node: cst.Call, position: int) -> bool:
        """``sorted(t)`` / ``heapq.nlargest(k, t)`` over a tensor's elements, or any of them
        (``max`` / ``min`` too) with a ``key`` whose result is a tensor or a number read from
        one (``key=lambda t: t.norm().item()``)."""
        key = next((a.value for a in node.args if a.keyword and a.keyword.value == "key"), None)
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        if key is not None:
            if not isinstance(key, cst.Lambda):
                return False
            if self.ctx.kind(key.body) in (Kind.TENSOR, Kind.DATA):
                return True
            # `key=lambda c: c[0]` over `[(logp[i], i) for i in ...]`: the tuples' tensors.
            index = _item_of_parameter(key)
            ranked = positional[position] if len(positional) > position else None
            return (
                index is not None
                and ranked is not None
                and any(
                    len(items) > index and self.ctx.kind(items[index]) in (Kind.TENSOR, Kind.DATA)
                    for items in self._tuple_items(ranked)
                )
            )
        if len(positional) <= position or self.ctx.qualified_name(node.func) in (
            "builtins.max",
            "builtins.min",
        ):
            return False
        return self.ctx.kind(positional[position]) == Kind.TENSOR

    def _tuple_items(self, ranked: cst.BaseExpression) -> list[list[cst.BaseExpression]]:
        """The items of the tuple displays a ranked list is built from: the element of a list
        comprehension or the tuples of a list display, directly or through a name bound once."""
        if isinstance(ranked, cst.Name):
            bound = assignments(self.ctx.function, ranked.value)
            if len(bound) != 1 or bound[0][0] is UNKNOWN_VALUE or bound[0][2] != 1:
                return []
            ranked = bound[0][0]
        if isinstance(ranked, (cst.ListComp, cst.GeneratorExp)):
            tuples = [ranked.elt]
        elif isinstance(ranked, (cst.List, cst.Tuple)):
            tuples = [e.value for e in ranked.elements]
        else:
            return []
        return [
            [e.value for e in t.elements if isinstance(e, cst.Element)]
            for t in tuples
            if isinstance(t, cst.Tuple)
        ]

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        # `a and b` outside a condition still tests the truth of `a`.
        if id(node) in self._covered or not self.ctx.in_graph:
            return
        if type(node.operator) is cst.Or and self._none_default(node.left):
            # `reference = reference or x.mean(...)`: a None test by intent. Left at None the
            # `or` reads no data; given, a tensor of more than one element raises in eager
            # already (its truth is ambiguous), so no working model passes one.
            return
        if self._data_dependent(node.left):
            self._report_condition(node.left, self._targets(node.left))

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if (
            id(node) in self._covered
            or not isinstance(node.operator, cst.Not)
            or not self.ctx.in_graph
        ):
            return
        if self._data_dependent(node.expression):
            self._report_condition(node.expression, self._targets(node.expression))

    def _none_default(self, expr: cst.BaseExpression) -> bool:
        """Whether ``expr`` is a parameter of the enclosing function that defaults to None."""
        function = self.ctx.function
        if type(expr) is not cst.Name or function is None:
            return False
        params = function.params
        return any(
            param.name.value == expr.value
            and type(param.default) is cst.Name
            and param.default.value == "None"
            for param in (*params.params, *params.kwonly_params)
        )


def _item_of_parameter(key: cst.Lambda) -> Optional[int]:
    """``k`` of ``lambda c: c[k]`` (a non-negative integer literal), else None."""
    params = key.params.params
    body = key.body
    if (
        len(params) != 1
        or not isinstance(body, cst.Subscript)
        or not isinstance(body.value, cst.Name)
        or body.value.value != params[0].name.value
        or len(body.slice) != 1
    ):
        return None
    index = body.slice[0].slice
    if isinstance(index, cst.Index) and isinstance(index.value, cst.Integer):
        return int(index.value.value)
    return None


def _only_exits_loop(node: cst.If) -> bool:
    """``if cond: break`` (or ``continue``), without ``else``."""
    if node.orelse is not None:
        return False
    body = node.body.body
    if isinstance(node.body, cst.IndentedBlock):
        if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine):
            return False
        body = body[0].body
    return len(body) == 1 and isinstance(body[0], (cst.Break, cst.Continue))


def _only_raises(ctx: LintContext, node: cst.If) -> bool:
    """``if cond: raise E(...)`` with no ``else``: a check whose body may report first."""
    if node.orelse is not None or not isinstance(node.body, cst.IndentedBlock):
        return False
    *before, last = node.body.body
    return (
        isinstance(last, cst.SimpleStatementLine)
        and len(last.body) == 1
        and isinstance(last.body[0], cst.Raise)
        and all(reporting_statement(ctx, s, ctx.kind) for s in before)
    )
