"""TL107: operations whose output shape depends on tensor data, and the operations on such a
result that torch cannot trace with its size unknown."""

from __future__ import annotations

from typing import NamedTuple, Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import ARITHMETIC, UNKNOWN_VALUE, assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.unbacked_sizes import (
    CONSUMER_FUNCTIONS,
    CONSUMER_METHODS,
    WEIGHTED_LOSSES,
    Consumer,
)
from torchlint.lint.walk import walk

from ._graph import (
    call_targets,
    compile_break_reported,
    contains,
    in_loop,
    is_bool_mask,
    keyword,
    submodule_class,
)

DYNAMIC_FUNCTIONS = {
    "torch.nonzero",
    "torch.argwhere",
    "torch.masked_select",
    "torch.unique",
    "torch.unique_consecutive",
    "torch.bincount",
}
DYNAMIC_METHODS = {
    "nonzero",
    "argwhere",
    "masked_select",
    "unique",
    "unique_consecutive",
    "bincount",
}


# Methods whose result has the shape of the tensor they are called on (with no tensor argument).
SHAPE_KEEPING_METHODS = frozenset(
    {
        "float", "double", "half", "bfloat16", "long", "int", "bool", "to", "type", "detach",
        "clone", "contiguous", "cpu", "cuda", "abs", "neg", "exp", "log", "log1p", "log2",
        "sqrt", "rsqrt", "reciprocal", "square", "pow", "sigmoid", "tanh", "relu", "clamp",
        "clamp_min", "clamp_max", "clip", "softmax", "log_softmax", "nan_to_num", "sign",
        "floor", "ceil", "round",
    }
)  # fmt: skip
# Reductions that give a 0-d tensor when called with no argument.
FULL_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "amax", "amin", "prod", "norm"})


# Operators torch tags `dynamic_output_shape` that have no fake-tensor implementation (torch
# 2.13: `torch.Tag.dynamic_output_shape` in their tags, absent from
# `torch._subclasses.fake_impls.op_implementations_dict`): fullgraph raises "Dynamic shape
# operator" and export fails (DynamicOutputShapeException), whatever the inputs.
UNCAPTURED_DYNAMIC_FUNCTIONS = {
    "torch.nn.functional.ctc_loss": "aten._ctc_loss",
    "torch.ctc_loss": "aten._ctc_loss",
    "torch.linalg.lstsq": "aten.linalg_lstsq",
}
UNCAPTURED_DYNAMIC_MODULES = {"torch.nn.CTCLoss": "aten._ctc_loss"}
UNCAPTURED_MESSAGE = Message(
    "operator with a data-dependent output shape that torch cannot capture",
    (
        ("compile", "torch.compile(fullgraph=True) raises here ('Dynamic shape operator')"),
        ("export", "torch.export fails (DynamicOutputShapeException)"),
    ),
    "compute it outside the compiled or exported module (a loss, say, in the training step)",
)


# torch layers and functions that size tensors from their arguments' values inside (torch
# 2.13): the back-ends each fails, by the module's method called (`__call__` for the module
# itself) or by the function. AdaptiveLogSoftmaxWithLoss picks the targets of each cluster with
# `nonzero` (fullgraph: "Dynamic shape operator"; export: GuardOnDataDependentSymNode), and its
# `predict` branches on the argmax's values (trace keeps the example's branch); its `log_prob`
# converts. `pad_packed_sequence` sizes its output from the lengths (export: data-dependent
# integer; compile is TL317's, as Dynamo skips the function).
DATA_SIZED_MODULES = {
    "torch.nn.AdaptiveLogSoftmaxWithLoss": {
        "__call__": ("compile", "export"),
        "forward": ("compile", "export"),
        "predict": ("compile", "export", "trace"),
    },
}
DATA_SIZED_FUNCTIONS = {"torch.nn.utils.rnn.pad_packed_sequence": ("export",)}
DATA_SIZED_MESSAGE = Message(
    "torch call that sizes its result from the values of its arguments inside",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises in torch's own code (data-dependent shapes or "
            "branches)",
        ),
        ("export", "torch.export fails in torch's own code (GuardOnDataDependentSymNode)"),
        ("trace", "torch.jit.trace keeps the branch torch's code took for the example input"),
    ),
    "call it outside the compiled or exported module (a loss in the training step), or use "
    "the method that converts (`log_prob` of an adaptive softmax)",
)


# `unpad_sequence` cuts each row of the batch to its length with a boolean mask, in a Python
# loop over the batch (torch 2.13): plain torch.compile breaks the graph there ("Dynamic shape
# operator"; fullgraph=True accepts it), and torch.jit.trace unrolls the loop for the example
# batch, so another batch size fails; torch.export accepts it.
UNPAD_SEQUENCE = "torch.nn.utils.rnn.unpad_sequence"
UNPAD_MESSAGE = Message(
    "`unpad_sequence` selects each sequence with a boolean mask, in a loop over the batch",
    (
        (
            "compile",
            "plain torch.compile breaks the graph inside it (GB0036 'Dynamic shape operator'); "
            "torch.compile(fullgraph=True) accepts it",
        ),
        (
            "trace",
            "torch.jit.trace unrolls its loop for the example input's batch, so a batch of "
            "another size fails",
        ),
    ),
    "keep the padded tensor and a length mask (`torch.arange(t) < lengths[:, None]`), and "
    "reduce with the mask instead of over the pieces",
)


# Padding sequences of data-dependent lengths: fullgraph compares the lengths (guards such as
# "u1 > u0"); torch.export accepts it (torch 2.13).
PAD_SEQUENCE = "torch.nn.utils.rnn.pad_sequence"
PAD_MESSAGE = Message(
    "`pad_sequence` guards on the data-dependent lengths of its sequences",
    (("compile", "torch.compile(fullgraph=True) raises here"),),
    "keep the full shape (a length mask over the longest possible sequence) instead of padding "
    "pieces whose lengths come from data",
)


# `max(n, 1)` with `n` the data-dependent size of a selection (torch 2.13).
MIN_MAX_MESSAGE = Message(
    "Python max()/min() of a data-dependent size",
    (("export", "torch.export fails here (it cannot pick the winner of an unbacked size)"),),
    "keep the count a tensor (`mask.sum().clamp(min=1)`) instead of the size of a selection",
)


# `x.new_zeros(len(sel))` with `sel` a selection (torch 2.13): `Tensor.__len__` must return a
# Python int; fullgraph=True takes it as a symbolic size.
LEN_MESSAGE = Message(
    "`len()` of a tensor whose first size is data dependent, given as an argument",
    (
        (
            "export",
            "torch.export fails here (Could not extract specialized integer: `len()` must "
            "give a Python int)",
        ),
    ),
    "use `t.shape[0]`, which stays a symbolic size",
)


# The subject of a loop over a tensor whose number of rows is data dependent.
ITERATION = "Python iteration over {}, whose first size is data dependent"


class DataDependentSize(NamedTuple):
    """A tensor whose dimension 0 has a size torch knows only at run time."""

    may_be_empty: bool  # False for `bincount(..., minlength=k)`: at least k long
    one_dim: bool  # surely 1-D, so dimension -1 is the data-dependent one too


class DataDependentShape(Rule):
    """Flags `nonzero`, `masked_select`, `x[mask]`, `unique`, `bincount` and one-argument
    `torch.where`, and the operations on their results that guard on the size.

    ## What it does
    Finds operations in graph code whose output size depends on the values of a tensor:
    `x.nonzero()`, `torch.nonzero(m)`, `torch.argwhere`, `masked_select`, indexing with a boolean
    mask (`x[x > 0]`, `logits[labels != -100]`), `torch.unique`, `torch.bincount` and
    `torch.where(cond)` with one argument, and `repeat_interleave` with tensor repeats
    (`torch.repeat_interleave(h, durations, dim=0)`, a length regulator). A mask may come
    through a helper's parameter that every call of it in the file passes a boolean mask
    (`self._ap(scores, targets == c)`), or be what a project function returns that gives a
    boolean tensor at every `return` (a comparison, `~` / `&` / `|` of one, a `torch.logical_*`
    / `isnan`-like call, `.any(dim)`, a local bound only to such values) or is annotated `->
    BoolTensor` (torchist's `x[~out_of_bounds(x, low, upp)]`), and what it indexes may be a
    value of unknown kind (`torch.vmap(f)(x)[mask]`): a boolean tensor indexes arrays only.
    The tensor methods are flagged with positional arguments too (`idx.bincount(weights)`,
    `t.unique(True)`).
    `nn.utils.rnn.unpad_sequence` is flagged for compile and trace: it cuts each row with a
    boolean mask in a Python loop over the batch (plain compile breaks the graph inside it;
    fullgraph accepts it; trace unrolls the loop, so another batch size fails). Masked assignment
    (`x[mask] = 0`), `torch.where(cond, a, b)` and `repeat_interleave` with an int count are
    not flagged: torch 2.13 compiles them without a break. An augmented masked assignment
    (`x[mask] += v`) is: Python reads the selection `x[mask]` first.

    It also finds Python comparisons of such a result's size (`if token_idx.numel() == 0:`,
    `len(idx) > 0`, `idx.shape[0]`; `rows, cols = torch.where(mask)` included; a name a loop
    rebinds to a selection, also by tuple assignment, as in `while order.numel() > 0:` with
    `order, boxes = order[1:][keep], boxes[1:][keep]`) and loops over
    its rows (`for c in torch.unique(labels):`), which
    `torch.compile(fullgraph=True)` and `torch.export` cannot decide, and the operations that
    need such a result's size, applied to one directly or
    through names bound once in the function (with `.float()`-like methods and arithmetic with
    numbers or full reductions on the way, as in `w = counts.sum() / (counts + 1.0)`):
    `logsumexp`, `roll`, `cdist`, `cov`, `corrcoef`, `F.batch_norm`, `diff` / `trapezoid`
    and `chunk` / `split` / `tensor_split` / `unbind` along dimension 0 (the data-dependent
    one), and the `weight` of `F.cross_entropy` / `F.nll_loss`. Sizes or indices given as a
    list to `split` / `tensor_split` are left alone, and so are `logsumexp`, `roll`, `diff`,
    `trapezoid` and `batch_norm` of a `bincount(..., minlength=k)` result (at least `k` long,
    which is all they ask) and operations after a `torch._check(...)` on the tensor (but not
    `chunk` / `split` / `tensor_split` / `unbind` / `cov` / `corrcoef` / `cdist`, which
    need the size itself). `nn.utils.rnn.pad_sequence` over a list holding such tensors (a
    list literal, or a list the function appends them to) is flagged for compile only:
    `torch.compile(fullgraph=True)` raises there, `torch.export` accepts it. torch's own code
    does the same inside some layers and functions, flagged where they are called: an
    `nn.AdaptiveLogSoftmaxWithLoss` called with targets (compile, export; it selects each
    cluster's targets with `nonzero`) and its `predict` (also trace: it branches on the
    argmax's values), but not its `log_prob`; `nn.utils.rnn.pad_packed_sequence` (export).

    `F.ctc_loss` / `nn.CTCLoss` and `torch.linalg.lstsq` are flagged wherever they run: torch
    tags their operators `dynamic_output_shape` and has no fake-tensor implementation for
    them, so `torch.compile(fullgraph=True)` raises ("Dynamic shape operator") and
    `torch.export` fails (DynamicOutputShapeException) on every input.

    ## Why is this bad?
    Plain `torch.compile` cannot size the result ahead of time and breaks the graph there
    (GB0036 "Dynamic shape operator"); `torch.compile(fullgraph=True)` and `torch.export`
    capture it with an unbacked size, and `torch.jit.trace` records it.

    Dynamo reports the break only where its graph already holds operations of the same frame
    and outside loops: on a frame's first operation it runs the whole frame eagerly, and a break
    inside a `for` / `while` loop makes it skip the frame, with no break reported either way.
    The rule follows torch: `idx = mask.nonzero()` or `counts = torch.bincount(labels)` as the
    first line of `forward`, or `nonzero` inside a loop over experts, is not flagged (boolean
    indexing breaks even as the first operation). In a helper `forward` calls, the others are
    flagged as if the caller had run operations before the call; `bincount` only after
    operations of the helper itself.

    Some operations on the result then ask a question about its size that torch cannot answer
    with the size unknown, and `torch.export` and `torch.compile(fullgraph=True)` both fail
    there ("Could not guard on data-dependent expression", or "Could not extract specialized
    integer"): `logsumexp`, `roll`, `diff`, `trapezoid` and `batch_norm` ask whether it is
    empty; `cdist` whether it is empty or above a size; `chunk`, `split`, `tensor_split`,
    `unbind`, `cov`, `corrcoef` and `.tolist()` need its value; `cross_entropy` and `nll_loss` check that
    `weight` has one entry per class. Measured with torch 2.13 on masked selections, `nonzero`
    indices, `masked_select`, `unique` and `bincount` results; the reductions, softmax, norms,
    matmul, sorting, `topk`, `quantile`, reshapes, concatenation, padding, arithmetic with a
    fixed-size tensor and the losses of the tensor itself pass. These findings name
    `torch.compile` whether or not plain `torch.compile` reported a break at the selection:
    `fullgraph=True` fails at them either way. A Python comparison of such a size
    (`if idx.shape[0] > 0:`, also through a name bound to `len(...)` / `.shape[0]`) or a
    `range()` over it fails both too; a Python `max(n, 1)` / `min(n, k)` of it fails `torch.export` only (fullgraph=True takes
    a symbolic max).

    ## Example
    ```python
    class Loss(nn.Module):
        def forward(self, logits, labels):
            valid = labels != -100
            return logits[valid].logsumexp(-1).mean()
    ```
    Use instead:
    ```python
    class Loss(nn.Module):
        def forward(self, logits, labels):
            valid = (labels != -100).to(logits.dtype)
            return (logits.logsumexp(-1) * valid).sum() / valid.sum().clamp(min=1)
    ```

    ## Fix safety
    Unsafe, for the operations that ask whether the size is 0 and for a loss's class weights:
    `torch._check(t.shape[0] > 0)` (or `torch._check(w.shape[0] == input.shape[1])`) before
    the statement, under `if torch.compiler.is_compiling():` (an inline `x[mask]` is first
    bound to `selected`), which lets torch.export and fullgraph=True pass; eager is unchanged,
    trace skips it. Compiled or exported code then raises on an empty selection where eager
    gives -inf or nan (see `fixers/data_dependent_size_check.py`).

    Unsafe fixes, where the mask surely selects elements (built elementwise from a masked
    tensor): a full reduction of elementwise math over `x[mask]` / `masked_select(x, mask)`
    becomes the reduction of `torch.where(mask, E(x), fill)` (`sum`; `mean` as that sum over
    `mask.sum()`; `max` / `min` / `amax` / `amin` with a fill of -inf / inf), also where the
    selection is bound to a name read once, by that reduction (the binding goes);
    `F.cross_entropy(logits[m], labels[m])` (and `nll_loss`) with `m` built from `labels`
    becomes `F.cross_entropy(logits.flatten(0, -2), torch.where(m, labels, -100).flatten())`;
    `F.mse_loss(a[m], b[m])` (and the other elementwise losses) becomes the masked sum (or
    mean) of the `reduction="none"` loss; `idx = m.nonzero().squeeze(1)` used only as
    `y.index_select(0, idx).sum(0)` / `y[idx].mean(0)` becomes `idx = m` and
    `torch.where(idx, y.movedim(0, -1), 0).sum(-1)` (over `idx.sum()` for the mean). The sums add zeros in other places and in another
    order (last-bit differences), an integer `max` / `min` becomes floating point, gradients
    pass through `torch.where`'s other branch. Masks that may select rows, and other uses of
    the selection, get no automatic fix: their full-shape form depends on ranks the code does
    not show. `bincount` and the operations that guard on a data-dependent size get no fix
    either; for those that ask whether the tensor is empty, `torch._check(t.shape[0] > 0)`
    before them, and for a class `weight`, `torch._check(w.shape[0] == num_classes)` (or
    `torch.bincount(labels, minlength=k)[:k]`) lets both back-ends through. The count of a
    selection (`n = len(torch.nonzero(m))`, `m.nonzero().shape[0]`) that only meets tensor
    arithmetic and `max(n, 1)` becomes `torch.count_nonzero(m)` (unsafe: an int64 0-d tensor
    where it was an int), which compile, export and trace take whole. An `if` / ternary testing
    such a count (`len(sel)`, `.shape[0]`, `.size(0)` against any number, `.numel()` of
    `nonzero` against 0; `sel` the selection of `m`, `torch.where(m)[i]`, `x[m]` of a boolean
    `m`, or a name bound to one and read only so) tests `torch.count_nonzero(m)` instead and
    selects its branches with `torch.where` as TL101's fix does (unsafe: both branches run for
    every input); a branch that reads the selection keeps the guard it needs and no fix.
    """

    code = "TL107"
    name = "data-dependent-shape"
    subject = "output shape depends on tensor data"
    clauses = {
        "compile": (
            "plain torch.compile breaks the graph here (GB0036 'Dynamic shape operator'); "
            "torch.compile(fullgraph=True) accepts it, with a size known only at run time"
        ),
        "export": (
            "torch.export captures it with a size known only at run time and fails where a "
            "later operation guards on that size"
        ),
        "trace": (
            "torch.jit.trace keeps what torch's own code did for the example input (the "
            "branch it took, the rows it looped over), so other inputs fail or differ"
        ),
    }
    advice = (
        "use masks that keep the shape: torch.where(mask, x, 0).sum() / mask.sum() for a "
        "masked mean, ignore_index for a masked cross_entropy"
    )
    targets = ("compile",)
    # operations that guard on the size of such a result; torch calls that loop over a batch
    also_reports = ("export", "trace")

    VALID = [
        # `log_prob` of an adaptive softmax computes every cluster: it converts everywhere.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.AdaptiveLogSoftmaxWithLoss(8, 20, cutoffs=[5, 10])

                def forward(self, x):
                    return self.head.log_prob(x)

            def inputs():
                torch.manual_seed(0)
                return [(torch.randn(6, 8),), (torch.randn(3, 8),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, threshold: float = 0.0):
                    pos = x > threshold
                    y = torch.where(pos, x, x * 0.01)
                    return y.masked_fill(~pos, 0.0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    x = x.clone()
                    x[x < 0] = 0.0
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, idx):
                    rows = x[idx]
                    cols = x[:, 1:]
                    return rows.sum() + cols[0].sum() + x[0, -1]

            def inputs():
                return [
                    (torch.randn(4, 3), torch.tensor([0, 2])),
                    (torch.randn(5, 3), torch.tensor([1, 1])),
                ]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.softmax(-1)

            def keep_confident(model, x, threshold: float = 0.5):
                probs = model(x)
                return probs[probs.max(-1).values > threshold].nonzero()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.experts = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    gate = (x.sum(-1, keepdim=True) > 0).to(x.dtype)
                    out = gate * self.experts[0](x) + (1 - gate) * self.experts[1](x)
                    return out, gate.sum(0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The frame's first operation: Dynamo runs the whole frame eagerly, no break reported.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x, active):
                    idx = active.nonzero(as_tuple=True)[0]
                    return x.index_add(0, idx, self.fc(x.index_select(0, idx)))

            def inputs():
                return [
                    (torch.randn(3, 4), torch.tensor([True, False, True])),
                    (torch.randn(4, 4), torch.tensor([False, True, True, True])),
                ]
            """
        ),
        # Inside a loop: a break there makes Dynamo skip the frame, no break reported.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, n_experts: int = 3):
                    super().__init__()
                    self.gate = nn.Linear(4, n_experts)
                    self.experts = nn.ModuleList([nn.Linear(4, 4) for _ in range(n_experts)])

                def forward(self, x):
                    choice = self.gate(x).argmax(-1)
                    out = torch.zeros_like(x)
                    for e, expert in enumerate(self.experts):
                        idx = (choice == e).nonzero(as_tuple=True)[0]
                        out = out.index_add(0, idx, expert(x.index_select(0, idx)))
                    return out

            def inputs():
                return [(torch.randn(6, 4),), (torch.randn(5, 4),)]
            """
        ),
        # bincount as the frame's first operation: Dynamo runs the frame eagerly (no break),
        # and what follows only reads the counts (minlength keeps logsumexp's input non-empty;
        # the slice gives cross_entropy a weight of the class count).
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, logits, labels):
                    counts = torch.bincount(labels, minlength=4).float()
                    weights = 1.0 / (counts[:4] + 1.0)
                    prior = counts.logsumexp(0)
                    return F.cross_entropy(logits, labels, weight=weights) + prior

            def inputs():
                return [
                    (torch.randn(5, 4), torch.tensor([0, 1, 1, 3, 2])),
                    (torch.randn(6, 4), torch.tensor([2, 2, 2, 0, 1, 3])),
                ]
            """,
            backends=("compile", "export"),
        ),
        # torch._check tells torch the size: cross_entropy's weight guard passes.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, logits, labels):
                    counts = torch.bincount(labels, minlength=4).float()
                    torch._check(counts.shape[0] == logits.shape[1])
                    return F.cross_entropy(logits, labels, weight=counts.sum() / (counts + 1.0))

            def inputs():
                return [
                    (torch.randn(5, 4), torch.tensor([0, 1, 1, 3, 2])),
                    (torch.randn(6, 4), torch.tensor([2, 2, 2, 0, 1, 3])),
                ]
            """,
            backends=("compile", "export"),
        ),
    ]
    INVALID = [
        # Utterance-level pooling over the unpadded pieces of a padded batch.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.nn.utils.rnn import unpad_sequence

            class Model(nn.Module):
                def forward(self, x, lengths):
                    h = x.tanh()
                    pieces = unpad_sequence(h, lengths, batch_first=True)
                    return torch.stack([p.mean(0) for p in pieces])

            def inputs():
                return [
                    (torch.randn(2, 5, 3), torch.tensor([5, 2])),
                    (torch.randn(3, 4, 3), torch.tensor([1, 4, 3])),
                ]
            """,
            line=8,
            backends=("compile", "trace"),
        ),
        # pad_packed_sequence sizes its output from the lengths' values.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

            class Model(nn.Module):
                def forward(self, x, lengths):
                    packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
                    out, _ = pad_packed_sequence(packed, batch_first=True)
                    return out

            def inputs():
                return [(torch.randn(3, 5, 8), torch.tensor([5, 3, 2])), (torch.randn(3, 5, 8), torch.tensor([4, 2, 1]))]
            """,
            line=8,
            backends=("export",),
        ),
        # torch's adaptive softmax selects each cluster's targets with `nonzero` inside.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(8, 8)
                    self.head = nn.AdaptiveLogSoftmaxWithLoss(8, 20, cutoffs=[5, 10])

                def forward(self, x, targets):
                    out = self.head(self.fc(x), targets)
                    return out.output, out.loss

            def inputs():
                torch.manual_seed(0)
                return [(torch.randn(6, 8), torch.randint(0, 20, (6,))), (torch.randn(6, 8), torch.randint(0, 4, (6,)))]
            """,
            line=11,
            backends=("compile", "export"),
            message_contains="sizes its result from the values",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(8, 8)
                    self.head = nn.AdaptiveLogSoftmaxWithLoss(8, 20, cutoffs=[5, 10])

                def forward(self, x):
                    return self.head.predict(self.fc(x))

            def inputs():
                torch.manual_seed(0)
                return [(torch.randn(6, 8),), (torch.randn(6, 8),)]
            """,
            line=11,
            backends=("compile", "export", "trace"),
        ),
        # A loop over the rows nonzero selected: Python needs their number.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    idx = (x.sum(1) > 0).nonzero().squeeze(1)
                    out = x.new_zeros(x.shape[1])
                    for i in idx:
                        out = out + x[i]
                    return out

            def inputs():
                return [(torch.randn(6, 4),), (torch.randn(6, 4),)]
            """,
            line=8,
            backends=("compile", "export"),
        ),
        # An augmented store reads the selection first (plain compile's break only).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.bias = nn.Parameter(torch.ones(4))

                def forward(self, x, labels):
                    x = x.clone()
                    x[labels == 1] += self.bias
                    return x

            def inputs():
                labels = torch.tensor([[1, 0, 1], [0, 0, 1]])
                return [(torch.randn(2, 3, 4), labels), (torch.randn(2, 3, 4), labels.flip(1))]
            """,
            line=11,
            backends=("compile",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gate = nn.Linear(4, 1)
                    self.step = nn.Linear(4, 4)

                def forward(self, x):
                    active = self.gate(x).squeeze(-1) > 0
                    count = active.nonzero().shape[0]
                    for _ in range(count):
                        x = x + 0.1 * torch.tanh(self.step(x))
                    return x

            def inputs():
                return [(torch.randn(4, 4),), (torch.randn(5, 4) + 1.0,)]
            """,
            line=13,
            backends=("compile", "export"),
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 6)

                def forward(self, x, targets, target_lengths):
                    log_probs = self.fc(x).log_softmax(-1).transpose(0, 1)
                    lengths = torch.full((log_probs.shape[1],), log_probs.shape[0], dtype=torch.long)
                    return F.ctc_loss(log_probs, targets, lengths, target_lengths, reduction="none")

            def inputs():
                return [
                    (torch.randn(2, 10, 4), torch.randint(1, 6, (2, 3)), torch.tensor([3, 2])),
                    (torch.randn(3, 12, 4), torch.randint(1, 6, (3, 4)), torch.tensor([4, 2, 3])),
                ]
            """,
            line=13,
            backends=("compile", "export"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 6)
                    self.ctc = nn.CTCLoss(reduction="sum")

                def forward(self, x, targets, target_lengths):
                    log_probs = self.fc(x).log_softmax(-1).transpose(0, 1)
                    lengths = torch.full((log_probs.shape[1],), log_probs.shape[0], dtype=torch.long)
                    return self.ctc(log_probs, targets, lengths, target_lengths)

            def inputs():
                return [
                    (torch.randn(2, 10, 4), torch.randint(1, 6, (2, 3)), torch.tensor([3, 2])),
                    (torch.randn(3, 12, 4), torch.randint(1, 6, (3, 4)), torch.tensor([4, 2, 3])),
                ]
            """,
            line=13,
            backends=("compile", "export"),
        ),
        # Per-row boolean masks taken from a zip: a row of a mask indexes as the mask does.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, ids):
                    ids = ids * 2
                    keep = ids != 0
                    rows = [seq[k] for seq, k in zip(ids, keep)]
                    return torch.stack([r.sum() for r in rows])

            def inputs():
                return [(torch.tensor([[1, 0, 2], [0, 0, 3]]),), (torch.tensor([[1, 1, 2], [0, 4, 3]]),)]
            """,
            line=8,
            backends=("compile",),
        ),
        # A Python list of a data-dependent length.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, batch):
                    x = x * 2
                    counts = torch.bincount(batch)
                    sums = [x[:n].sum(0) for n in counts.tolist()]
                    return torch.stack(sums)

            def inputs():
                return [
                    (torch.randn(7, 3), torch.tensor([0, 0, 1, 1, 1, 2, 2])),
                    (torch.randn(7, 3), torch.tensor([0, 1, 1, 1, 1, 1, 2])),
                ]
            """,
            line=8,
            backends=("compile", "export"),
            message_contains="`.tolist()` guards",
        ),
        # A helper's first statement, but the receiver is an operation of its own.
        Invalid(
            """
            import torch
            from torch import nn

            def segment_ids(counts):
                return torch.arange(counts.numel()).repeat_interleave(counts)

            class Model(nn.Module):
                def forward(self, x, counts):
                    return x[segment_ids(counts)]

            def inputs():
                return [
                    (torch.randn(6, 3), torch.tensor([2, 4])),
                    (torch.randn(6, 3), torch.tensor([5, 1])),
                ]
            """,
            line=5,
            backends=("compile",),
        ),
        # The size of a selection as a Python int, compared or ranked in Python.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    active = len(torch.nonzero(x.sum(-1) > 0.5))
                    return x.sum(0) / max(active, 1)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=7,
            backends=("export",),
            message_contains="max()/min()",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = torch.nonzero(x.sum(-1) > 0.5).shape[0]
                    if n > 0:
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=7,
            backends=("compile", "export"),
            message_contains="Python comparison",
        ),
        # A greedy suppression loop: from the second iteration on, `order` is a selection.
        Invalid(
            """
            import torch
            from torch import nn

            def suppress(scores, thr: float):
                order = scores.argsort(descending=True)
                keep = []
                while order.numel() > 0:
                    keep.append(order[0])
                    gaps = (scores[order[1:]] - scores[order[0]]).abs()
                    order = order[1:][gaps > thr]
                return torch.stack(keep)

            class Model(nn.Module):
                def forward(self, scores):
                    return suppress(scores.sigmoid(), 0.05)

            def inputs():
                return [(torch.randn(6),), (torch.randn(9),)]
            """,
            line=7,
            backends=("compile", "export"),
            message_contains="data-dependent size of `order`",
        ),
        # A branch on how many tokens an expert got: the count is unbacked.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.router = nn.Linear(4, 2)
                    self.expert = nn.Linear(4, 4)

                def forward(self, x):
                    choice = self.router(x).argmax(-1)
                    rows, _ = torch.where((choice == 1)[:, None].expand(-1, 1))
                    if rows.numel() == 0:
                        return x
                    return x.index_add(0, rows, self.expert(x[rows]))

            def inputs():
                return [(torch.randn(6, 4),), (torch.randn(5, 4) * 3,)]
            """,
            line=13,
            backends=("compile", "export"),
            message_contains="comparison of the data-dependent size",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, tokens, durations):
                    h = self.proj(tokens)
                    return torch.repeat_interleave(h, durations, dim=0)

            def inputs():
                return [
                    (torch.randn(3, 4), torch.tensor([1, 2, 1])),
                    (torch.randn(3, 4), torch.tensor([2, 2, 3])),
                ]
            """,
            line=11,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, h, durations):
                    h = h * 2
                    out = []
                    for seq, d in zip(h, durations):
                        out.append(seq.repeat_interleave(d, dim=0))
                    return nn.utils.rnn.pad_sequence(out, batch_first=True)

            def inputs():
                return [
                    (torch.randn(2, 3, 4), torch.tensor([[1, 2, 1], [2, 2, 0]])),
                    (torch.randn(2, 3, 4), torch.tensor([[3, 1, 2], [1, 1, 1]])),
                ]
            """,
            line=10,
        ),
        # The selection breaks plain torch.compile (line 7); logsumexp then asks whether it is
        # empty, which fails fullgraph=True and torch.export (line 8). The fix repairs export
        # (and fullgraph); plain compile still breaks at the selection, its own finding.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, logits, labels):
                    valid = labels != -100
                    kept = logits[valid]
                    return kept.logsumexp(-1).mean()

            def inputs():
                return [
                    (torch.randn(4, 3), torch.tensor([0, -100, 2, 1])),
                    (torch.randn(4, 3), torch.tensor([-100, -100, 2, 1])),
                ]
            """,
            line=8,
            backends=("export",),
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, logits, labels):
                        valid = labels != -100
                        kept = logits[valid]
                        if torch.compiler.is_compiling():
                            torch._check(kept.shape[0] > 0)
                        return kept.logsumexp(-1).mean()

                def inputs():
                    return [
                        (torch.randn(4, 3), torch.tensor([0, -100, 2, 1])),
                        (torch.randn(4, 3), torch.tensor([-100, -100, 2, 1])),
                    ]
            """,
            message_contains="`.logsumexp()` guards on the data-dependent size of `kept`",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, scores, feats):
                    keep = (scores > 0.5).nonzero().squeeze(1)
                    return feats.index_select(0, keep).sum(0)

            def inputs():
                return [
                    (torch.tensor([0.9, 0.1, 0.7]), torch.randn(3, 4)),
                    (torch.tensor([0.2, 0.8, 0.6]), torch.randn(3, 4)),
                ]
            """,
            line=6,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return torch.where(x > 0)[0]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return torch.masked_select(x, x > 0).sum()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x):
                        return torch.where(x > 0, x, 0).sum()

                def inputs():
                    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(4, 3)

                def forward(self, x, labels):
                    logits = self.head(x)
                    keep = labels >= 0
                    return F.cross_entropy(logits[keep], labels[keep])

            def inputs():
                return [
                    (torch.randn(4, 4), torch.tensor([0, -1, 2, 1])),
                    (torch.randn(5, 4), torch.tensor([1, 1, -1, -1, 2])),
                ]
            """,
            line=13,
            fixed="""
                import torch
                import torch.nn.functional as F
                from torch import nn

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.head = nn.Linear(4, 3)

                    def forward(self, x, labels):
                        logits = self.head(x)
                        keep = labels >= 0
                        return F.cross_entropy(logits.flatten(0, -2), torch.where(keep, labels, -100).flatten())

                def inputs():
                    return [
                        (torch.randn(4, 4), torch.tensor([0, -1, 2, 1])),
                        (torch.randn(5, 4), torch.tensor([1, 1, -1, -1, 2])),
                    ]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, labels):
                    h = x.softmax(-1)
                    n_classes = torch.unique(labels).numel()
                    return h.sum(0) / n_classes

            def inputs():
                return [
                    (torch.randn(4, 3), torch.tensor([0, 1, 1, 2])),
                    (torch.randn(5, 3), torch.tensor([3, 3, 3, 3, 1])),
                ]
            """,
            line=7,
        ),
        # bincount after other operations: plain torch.compile breaks the graph there.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, logits, labels):
                    probs = logits.softmax(-1)
                    counts = torch.bincount(labels, minlength=4)
                    return probs.sum(0) / counts.clamp(min=1)

            def inputs():
                return [
                    (torch.randn(5, 4), torch.tensor([0, 1, 1, 3, 2])),
                    (torch.randn(6, 4), torch.tensor([2, 2, 2, 0, 1, 3])),
                ]
            """,
            line=7,
        ),
        # Class weights from bincount: nll_loss checks the weight has one entry per class
        # (the bincount itself, the frame's first operation, breaks nothing).
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, log_probs, labels):
                    freq = labels.bincount(minlength=4).float() / labels.numel()
                    inverse = (freq + 1e-3).reciprocal()
                    return F.nll_loss(log_probs, labels, inverse)

            def inputs():
                return [
                    (torch.randn(5, 4), torch.tensor([0, 1, 1, 3, 2])),
                    (torch.randn(6, 4), torch.tensor([2, 2, 2, 0, 1, 3])),
                ]
            """,
            line=9,
            backends=("compile", "export"),
            message_contains="`nll_loss` guards on the data-dependent size of its weight",
        ),
        # split needs the size of the rows nonzero picked.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, scores, feats):
                    keep = (scores > 0.5).nonzero().squeeze(1)
                    picked = feats.index_select(0, keep)
                    return picked.split(1)[0].sum()

            def inputs():
                return [
                    (torch.tensor([0.9, 0.1, 0.7]), torch.randn(3, 4)),
                    (torch.tensor([0.2, 0.8, 0.6]), torch.randn(3, 4)),
                ]
            """,
            line=8,
            backends=("compile", "export"),
        ),
    ]

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._stores: set[int] = set()
        self._names: list[str] = []  # names the last `_size_of` went through
        self._site: Optional[cst.CSTNode] = None  # the operation `_size_of` answers for
        # `_parameter_mask` answers, by (function, parameter); False while being computed.
        self._parameter_masks: dict[tuple[int, str], bool] = {}

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._stores.add(id(target.target))

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        # `x[mask] += v` reads `x[mask]` first: a boolean selection, as in `x[mask] + v`.
        if not isinstance(node.target, cst.Subscript):
            self._stores.add(id(node.target))

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        name = self.ctx.qualified_name(func)
        data_sized = DATA_SIZED_FUNCTIONS.get(name or "") or self._data_sized_call(func)
        if name in UNCAPTURED_DYNAMIC_FUNCTIONS or self._uncaptured_module(func):
            self.report(node, UNCAPTURED_MESSAGE, targets=("compile", "export"))
        elif name == UNPAD_SEQUENCE:
            self.report(node, UNPAD_MESSAGE, targets=("compile", "trace"))
        elif data_sized:
            self.report(node, DATA_SIZED_MESSAGE, targets=data_sized)
        elif name in DYNAMIC_FUNCTIONS or (name == "torch.where" and len(node.args) == 1):
            self._report_op(node, call_targets(node))
        elif self._tensor_repeats(node, name):
            # `torch.arange(n).repeat_interleave(counts)`: the receiver runs first.
            receiver = [func.value] if isinstance(func, cst.Attribute) else []
            self._report_op(node, [*receiver, *call_targets(node)], callers_ran_operations=False)
        elif (
            isinstance(func, cst.Attribute)
            and func.attr.value in DYNAMIC_METHODS
            and self.ctx.kind(func.value) == Kind.TENSOR
        ):
            # Positional arguments change nothing: `idx.bincount(weights)`, `t.unique(True)`
            # (sorted), `t.unique_consecutive(True)` are as data-sized (torch 2.13: plain
            # compile breaks, GB0036, checked in tests/test_s24_fresh15_miss.py).
            self._report_op(node, [func.value, *call_targets(node)])

        if name not in ("builtins.max", "builtins.min", "builtins.range"):
            self._check_len_argument(node)
        if name in ("builtins.max", "builtins.min"):
            self._check_python_min_max(node)
        elif name == "builtins.range":
            for bound in call_targets(node):
                if self._report_size_use(node, bound, "a Python `range()`"):
                    break
        self._check_consumer(node, name)

    def _data_sized_call(self, func: cst.BaseExpression) -> tuple[str, ...]:
        """The back-ends ``self.<attr>(...)`` / ``self.<attr>.<method>(...)`` of a module of
        ``DATA_SIZED_MODULES`` fails; empty for anything else."""
        method = "__call__"
        if isinstance(func, cst.Attribute) and self_attribute(func.value) is not None:
            method, func = func.attr.value, func.value
        built = submodule_class(self.ctx, func)
        return DATA_SIZED_MODULES.get(built or "", {}).get(method, ())

    def _uncaptured_module(self, func: cst.BaseExpression) -> bool:
        """``self.<attr>(...)`` of a module built from one of ``UNCAPTURED_DYNAMIC_MODULES``."""
        built = submodule_class(self.ctx, func)
        return built is not None and built in UNCAPTURED_DYNAMIC_MODULES

    def _tensor_repeats(self, node: cst.Call, name: Optional[str]) -> bool:
        """``repeat_interleave`` whose repeats are a tensor: the output size is their sum."""
        func = node.func
        positional = call_targets(node)
        if name == "torch.repeat_interleave":
            repeats = keyword(node, "repeats") or (
                positional[1] if len(positional) > 1 else positional[0] if positional else None
            )
        elif isinstance(func, cst.Attribute) and func.attr.value == "repeat_interleave":
            if self.ctx.kind(func.value) != Kind.TENSOR:
                return False
            repeats = keyword(node, "repeats") or (positional[0] if positional else None)
        else:
            return False
        return repeats is not None and self.ctx.kind(repeats) == Kind.TENSOR

    def _report_op(
        self,
        node: cst.Call,
        operands: list[cst.BaseExpression],
        callers_ran_operations: bool = True,
    ) -> None:
        # Dynamo reports the break only after other operations of the frame and outside loops.
        # For bincount and repeat_interleave in a helper, the helper's own operations must show
        # that the frame's graph holds something already (a helper called first breaks nothing).
        func = node.func
        bincount = (self.ctx.qualified_name(func) == "torch.bincount") or (
            isinstance(func, cst.Attribute) and func.attr.value == "bincount"
        )
        if compile_break_reported(
            self.ctx,
            node,
            operands,
            callers_ran_operations=callers_ran_operations and not bincount,
        ):
            self.report(node)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if not self.ctx.in_graph or id(node) in self._stores:
            return
        receiver = self.ctx.kind(node.value)
        if receiver not in (Kind.TENSOR, Kind.UNKNOWN):
            return
        # `x[mask]`, `edge_index[:, mask]`: a boolean mask in any position. Boolean indexing
        # breaks even as the frame's first operation, but not inside a loop. What a boolean
        # tensor indexes is an array: a value of unknown kind (`pairwise = vmap(f)(x)`) too.
        masks = [
            element.slice.value
            for element in node.slice
            if isinstance(element.slice, cst.Index) and self._bool_mask(element.slice.value)
        ]
        if masks and not in_loop(self.ctx, node):
            self.report(node)

    def _bool_mask(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """``is_bool_mask``, also through the parameters of a helper that every call of it
        passes a boolean mask (``self._ap(scores, targets == c)`` into ``def _ap(self,
        scores, is_pos)``), names bound to such masks and choices between two masks."""
        if is_bool_mask(self.ctx, expr):
            return True
        if depth > 4 or self.ctx.kind(expr) != Kind.TENSOR:
            return False
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
            return self._bool_mask(expr.expression, depth + 1)
        if isinstance(expr, cst.BinaryOperation) and isinstance(
            expr.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)
        ):
            return self._bool_mask(expr.left, depth + 1) or self._bool_mask(expr.right, depth + 1)
        if isinstance(expr, cst.IfExp):
            return self._bool_mask(expr.body, depth + 1) and self._bool_mask(expr.orelse, depth + 1)
        if not isinstance(expr, cst.Name) or self.ctx.function is None:
            return False
        values = assignments(self.ctx.function, expr.value)
        if not values:
            return self._parameter_mask(expr.value, depth)
        return all(
            value is not UNKNOWN_VALUE and size == 1 and self._bool_mask(value, depth + 1)
            for value, _, size in values
        )

    def _parameter_mask(self, name: str, depth: int) -> bool:
        """Whether ``name`` is a parameter of the current function that each of its calls,
        all of them in this file, passes a boolean mask to (positionally or by keyword)."""
        function = self.ctx.function
        if function is None:
            return False
        key = (id(function), name)
        if key not in self._parameter_masks:
            self._parameter_masks[key] = False  # a recursive call of the helper: not known
            self._parameter_masks[key] = self._passed_masks(name, depth)
        return self._parameter_masks[key]

    def _passed_masks(self, name: str, depth: int) -> bool:
        function, info = self.ctx.function, self.ctx.function_info
        if function is None or info is None:
            return False
        params = function.params
        positional = [p.name.value for p in (*params.posonly_params, *params.params)]
        keywords = positional + [p.name.value for p in params.kwonly_params]
        if name not in keywords:
            return False
        method = info.owner_class is not None
        static = any(
            isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
            for d in function.decorators
        )
        if method and not static:
            positional = positional[1:]  # `self` (or `cls`), which the call does not pass
        module = self.ctx.model.summary.module
        fq = f"{module}.{info.qualname}" if module else info.qualname
        callers = self.ctx.index.callers(fq)
        local = {
            f"{module}.{other.qualname}" if module else other.qualname: other
            for other in self.ctx.model.functions.values()
        }
        if not callers or any(caller not in local for caller in callers):
            return False  # a call from another file, or none: what it passes is not seen
        found = False
        for caller in callers:
            other = local[caller]
            for call in _calls_of(other.node, function.name.value, method):
                argument = _argument(call, name, positional)
                if argument is None or not self._in_caller(other, argument, depth):
                    return False
                found = True
        return found

    def _in_caller(self, caller, argument: cst.BaseExpression, depth: int) -> bool:
        """``_bool_mask`` of ``argument`` read in the function ``caller`` (a FunctionInfo)."""
        inference = self.ctx.model.inference(caller.node)
        if inference is None:
            return False
        frames = self.ctx._functions  # the caller's frame, for its kinds and bindings
        frames.append((caller, inference))
        try:
            return self._bool_mask(argument, depth + 1)
        finally:
            frames.pop()

    # -- operations that guard on a data-dependent size ---------------------------------------
    def _check_consumer(self, node: cst.Call, name: Optional[str]) -> None:
        """Flag ``node`` when it is an operation of the ``Consumer`` table applied to a tensor
        whose size is data dependent: torch.export and torch.compile(fullgraph=True) fail
        there (plain torch.compile broke the graph at the selection already, or ran the frame
        eagerly; fullgraph fails either way)."""
        func = node.func
        positional = call_targets(node)
        self._site = node
        if name in WEIGHTED_LOSSES:
            weight = keyword(node, "weight")
            if weight is None and len(positional) > 2:
                weight = positional[2]
            self._names = []
            if weight is not None and self._size_of(weight) is not None:
                op = name.rsplit(".", 1)[1]
                self._report_consumer(node, f"`{op}`", weight, "classes")
            return
        if name == PAD_SEQUENCE:
            sequences = keyword(node, "sequences") or (positional[0] if positional else None)
            if sequences is not None and self._holds_data_dependent(sequences):
                self.report(node, PAD_MESSAGE, targets=("compile",))
            return
        consumer = CONSUMER_FUNCTIONS.get(name) if name else None
        if consumer is not None:
            tensors = positional[:2] if name == "torch.cdist" else positional[:1]
            if not tensors and keyword(node, "input") is not None:
                tensors = [keyword(node, "input")]  # type: ignore[list-item]
            args = positional[1:]
            op = f"`{name.rsplit('.', 1)[1]}`"  # type: ignore[union-attr]
        elif isinstance(func, cst.Attribute) and func.attr.value in CONSUMER_METHODS:
            consumer = CONSUMER_METHODS[func.attr.value]
            tensors, args = [func.value], positional
            op = f"`.{func.attr.value}()`"
        else:
            return
        for tensor in tensors:
            self._names = []
            size = self._size_of(tensor)
            if size is None or (consumer.need == "nonempty" and not size.may_be_empty):
                continue
            if consumer.dim is not None and not _along_dim_zero(node, args, consumer, size):
                continue
            if op in ("`.split()`", "`split`", "`.tensor_split()`", "`tensor_split`") and (
                args and isinstance(args[0], (cst.List, cst.Tuple))
            ):
                continue  # sizes or indices given: not measured on data-dependent sizes
            self._report_consumer(node, op, tensor, consumer.need)
            return

    def visit_Comparison(self, node: cst.Comparison) -> None:
        """``if token_idx.numel() == 0:``: Python compares the data-dependent size."""
        if not self.ctx.in_graph:
            return
        if all(type(c.operator) in (cst.Is, cst.IsNot) for c in node.comparisons):
            return  # `if n is None:`: an identity test, no guard on the size (torch 2.13)
        self._site = node
        for operand in (node.left, *(c.comparator for c in node.comparisons)):
            if self._report_size_use(node, operand, "a Python comparison"):
                return

    def visit_For(self, node: cst.For) -> None:
        """``for c in torch.unique(labels):``: Python needs the number of rows to iterate."""
        if self.ctx.in_graph and self.ctx.kind(node.iter) == Kind.TENSOR:
            self._report_tensor_size_use(node.iter, node.iter, ITERATION)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        if self.ctx.in_graph and self.ctx.kind(node.iter) == Kind.TENSOR:
            self._report_tensor_size_use(node.iter, node.iter, ITERATION)

    def _report_size_use(self, node: cst.CSTNode, operand: cst.BaseExpression, use: str) -> bool:
        """Report ``node`` when ``operand`` reads the data-dependent size of a tensor that
        Python then needs the value of (``use``: what Python does with it)."""
        tensor = self._size_operand(operand)
        if tensor is None:
            return False
        return self._report_tensor_size_use(
            node, tensor, f"{use} of the data-dependent size of {{}}"
        )

    def _report_tensor_size_use(
        self, node: cst.CSTNode, tensor: cst.BaseExpression, subject: str
    ) -> bool:
        """Report ``node`` when Python needs the dimension-0 size of ``tensor`` and that size
        is data dependent (``subject``: the message's subject, ``{}`` the tensor)."""
        self._names = []
        if self._size_of(tensor) is None or (self._names and self._checked(set(self._names))):
            return False
        text = self.ctx.module.code_for_node(tensor).strip()
        what = f"`{text}`" if len(text) <= 40 and "\n" not in text else "a tensor"
        self.report(
            node,
            Message(
                subject.format(what),
                (
                    ("compile", "torch.compile(fullgraph=True) raises here"),
                    ("export", "torch.export fails here (GuardOnDataDependentSymNode)"),
                ),
                "keep the full shape (a mask instead of the selection), so that no "
                "branch depends on how many elements were selected",
            ),
            targets=("compile", "export"),
        )
        return True

    def _size_operand(self, operand: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """The tensor whose dimension-0 size ``operand`` reads, directly or through a name
        bound once to the read (``n = len(torch.nonzero(m))``)."""
        tensor = _size_read(operand)
        if tensor is None and isinstance(operand, cst.Name):
            bound = assignments(self.ctx.function, operand.value)
            if len(bound) == 1 and bound[0][2] == 1:
                tensor = _size_read(bound[0][0])
        return tensor

    def _check_len_argument(self, node: cst.Call) -> None:
        """``x.new_zeros(len(docs))`` with ``docs`` a selection: ``Tensor.__len__`` returns a
        Python int, which torch.export cannot make of an unbacked size (torch 2.13: "Could not
        extract specialized integer"); ``docs.shape[0]`` stays symbolic, and fullgraph=True
        takes ``len()`` as a symbolic size."""
        for arg in node.args:
            value = arg.value
            if (
                arg.keyword is not None
                or arg.star
                or type(value) is not cst.Call
                or self.ctx.qualified_name(value.func) != "builtins.len"  # type: ignore[attr-defined]
                or len(value.args) != 1  # type: ignore[attr-defined]
            ):
                continue
            tensor = value.args[0].value  # type: ignore[attr-defined]
            self._names = []
            if self._size_of(tensor) is None or (self._names and self._checked(set(self._names))):
                continue
            self.report(value, LEN_MESSAGE, targets=("export",))

    def _check_python_min_max(self, node: cst.Call) -> None:
        """``max(n, 1)`` of a data-dependent size: export cannot pick the winner (torch 2.13:
        "Could not extract specialized integer"); fullgraph=True takes a symbolic max."""
        for arg in node.args:
            tensor = None if arg.keyword or arg.star else self._size_operand(arg.value)
            if tensor is None:
                continue
            self._names = []
            if self._size_of(tensor) is None or (self._names and self._checked(set(self._names))):
                continue
            self.report(node, MIN_MAX_MESSAGE, targets=("export",))
            return

    def _where_tuple(self, value: cst.BaseExpression) -> bool:
        """``rows, cols = torch.where(mask)`` (one argument) or ``mask.nonzero(as_tuple=True)``:
        index tensors of a data-dependent length each."""
        if not isinstance(value, cst.Call):
            return False
        name = self.ctx.qualified_name(value.func)
        if name == "torch.where":
            return len(value.args) == 1 and value.args[0].keyword is None
        func = value.func
        return (
            isinstance(func, cst.Attribute)
            and func.attr.value == "nonzero"
            and self.ctx.kind(func.value) == Kind.TENSOR
            and any(
                a.keyword is not None
                and a.keyword.value == "as_tuple"
                and isinstance(a.value, cst.Name)
                and a.value.value == "True"
                for a in value.args
            )
        )

    def _report_consumer(
        self, node: cst.Call, op: str, operand: cst.BaseExpression, need: str
    ) -> None:
        if need != "count" and self._names and self._checked(set(self._names)):
            # `torch._check(counts.shape[0] == k)`: torch is told the size (no check lets it
            # split or chunk a size it does not know)
            return
        text = self.ctx.module.code_for_node(operand).strip()
        what = f"`{text}`" if len(text) <= 40 and "\n" not in text else "its input"
        self.report(node, _consumer_message(op, what, text, need), targets=("compile", "export"))

    def _holds_data_dependent(self, sequences: cst.BaseExpression) -> bool:
        """A list literal with a tensor of data-dependent size, or a name bound once to a list
        that the function appends one to."""
        if isinstance(sequences, (cst.List, cst.Tuple)):
            elements = [e.value for e in sequences.elements if isinstance(e, cst.Element)]
        elif isinstance(sequences, cst.Name) and self.ctx.function is not None:
            elements = _appended(self.ctx.function, sequences.value)
        else:
            return False
        for element in elements:
            self._names = []
            if self._size_of(element) is not None:
                return True
        return False

    def _size_of(self, expr: cst.BaseExpression, depth: int = 0) -> Optional[DataDependentSize]:
        """The data-dependent size of ``expr``: a selection (``x[mask]``, ``x[idx]`` with
        ``idx`` from ``nonzero``, ``masked_select``, ``unique``, ``bincount``, one-argument
        ``torch.where(...)[0]``), elementwise math of one with numbers or 0-d reductions, or a
        name bound once in the function to one. None when not sure."""
        if depth > 8:
            return None
        kind = type(expr)
        if kind is cst.Name:
            self._names.append(expr.value)  # type: ignore[attr-defined]
            bound = assignments(self.ctx.function, expr.value)  # type: ignore[attr-defined]
            if len(bound) > 1:
                found = self._loop_carried_size(bound, depth)
                if found is not None:
                    return found
                bound = self._straight_line_binding(bound)
            if len(bound) != 1:
                return None
            value, position, width = bound[0]
            if expr.value in self._parameters() and not self._before_site(value):  # type: ignore[attr-defined]
                return None  # the parameter, before its one binding
            if width > 1:  # `values, counts = torch.unique(x, return_counts=True)`
                if self._unique_tuple(value) or self._where_tuple(value):
                    return DataDependentSize(True, True)
                if position == 0 and self._unique_call(value):
                    # `values, inverse = torch.unique(x, return_inverse=True)`: the distinct
                    # values come first (the inverse has the input's size).
                    return DataDependentSize(True, True)
                return None
            return self._size_of(value, depth + 1)
        if self.ctx.kind(expr) != Kind.TENSOR:
            return None
        if kind is cst.Subscript:
            return self._subscript_size(expr, depth)  # type: ignore[arg-type]
        if kind is cst.BinaryOperation and isinstance(expr.operator, ARITHMETIC):  # type: ignore[attr-defined]
            left = self._size_of(expr.left, depth + 1)  # type: ignore[attr-defined]
            right = self._size_of(expr.right, depth + 1)  # type: ignore[attr-defined]
            if left is not None and right is None and self._scalar(expr.right):  # type: ignore[attr-defined]
                return left
            if right is not None and left is None and self._scalar(expr.left):  # type: ignore[attr-defined]
                return right
            return None
        if kind is cst.UnaryOperation and isinstance(expr.operator, cst.Minus):  # type: ignore[attr-defined]
            return self._size_of(expr.expression, depth + 1)  # type: ignore[attr-defined]
        if kind is cst.Call:
            return self._call_size(expr, depth)  # type: ignore[arg-type]
        return None

    def _straight_line_binding(
        self, bound: list[tuple[cst.BaseExpression, int, int]]
    ) -> list[tuple[cst.BaseExpression, int, int]]:
        """Of a name's several bindings, the one the site reads, as a one-item list (empty when
        not sure): the last binding before the site, made by a statement of the function's own
        body (not under an ``if``, a loop, a ``try`` or a ``with``, so it runs on every call
        and replaces the earlier ones), the site not in a loop (a later binding would reach it
        on the next iteration). A tuple of as many values as targets gives its element
        (``logits, labels = logits[valid], labels[valid]``)."""
        func, site = self.ctx.function, self._site
        if func is None or site is None or any(value is UNKNOWN_VALUE for value, _, _ in bound):
            return []
        if any(isinstance(s, (cst.While, cst.For)) for s in self.ctx.statements):
            return []
        values = {id(value): binding for binding in bound for value in (binding[0],)}
        before: list[tuple[cst.BaseExpression, int, int]] = []
        done = False

        def enter(node: cst.CSTNode) -> bool:
            nonlocal done
            if done:
                return False
            if node is site:
                done = True
                return False
            if id(node) in values:
                before.append(values[id(node)])
            return True

        walk(func.body, enter, _ignore)
        if not done or not before:
            return []
        value, position, width = before[-1]
        top = next((stmt for stmt in func.body.body if contains(stmt, value)), None)  # type: ignore[union-attr]
        if not isinstance(top, cst.SimpleStatementLine) or contains(top, site):
            return []
        if width > 1:
            if not (
                isinstance(value, (cst.Tuple, cst.List))
                and len(value.elements) == width
                and not any(isinstance(e, cst.StarredElement) for e in value.elements)
            ):
                return [(value, position, width)]  # `_size_of` reads the tuple's makers
            value, width = value.elements[position].value, 1
        return [(value, 0, width)]

    def _loop_carried_size(
        self, bound: list[tuple[cst.BaseExpression, int, int]], depth: int
    ) -> Optional[DataDependentSize]:
        """A name the body of a loop around the current node rebinds to a selection
        (``order = order[1:][ious <= t]`` in ``while order.numel() > 0:``): from the second
        iteration on, its size is data dependent."""
        loops = [s for s in self.ctx.statements if isinstance(s, (cst.While, cst.For))]
        in_loop_test = bool(self.ctx.statements) and isinstance(self.ctx.statements[-1], cst.While)
        for value, position, width in bound:
            if (
                width > 1
                and in_loop_test
                and isinstance(value, (cst.Tuple, cst.List))
                and len(value.elements) == width
                and not any(isinstance(e, cst.StarredElement) for e in value.elements)
            ):
                # `remaining, boxes = remaining[1:][keep], rest[keep]` read back by the
                # `while` test: the element it takes.
                value, width = value.elements[position].value, 1
            if (
                width == 1
                and value is not UNKNOWN_VALUE
                and any(contains(loop.body, value) for loop in loops)
            ):
                found = self._size_of(value, depth + 1)
                if found is not None:
                    return found
        return None

    def _call_size(self, call: cst.Call, depth: int) -> Optional[DataDependentSize]:
        func = call.func
        name = self.ctx.qualified_name(func)
        positional = call_targets(call)
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        if self._tensor_repeats(call, name):
            # Flattened without a dimension: 1-D; along `dim`, that dimension (0 for rows).
            dim = keyword(call, "dim")
            if dim is None and len(positional) > (2 if method is None else 1):
                dim = positional[2 if method is None else 1]
            if dim is None:
                return DataDependentSize(True, True)
            return DataDependentSize(True, False) if _int_value(dim) == 0 else None
        if name in DYNAMIC_FUNCTIONS or (
            method in DYNAMIC_METHODS and self.ctx.kind(func.value) == Kind.TENSOR  # type: ignore[union-attr]
        ):
            op = (name or "").rsplit(".", 1)[-1] if name in DYNAMIC_FUNCTIONS else method
            if op in ("nonzero", "argwhere"):
                as_tuple = keyword(call, "as_tuple")
                if as_tuple is not None and not _is_false(as_tuple):
                    return None  # a tuple; `[0]` of it is handled by the subscript
                return DataDependentSize(True, False)
            if op in ("unique", "unique_consecutive"):
                if any(a.keyword is not None and a.keyword.value != "sorted" for a in call.args):
                    return None  # a tuple (return_inverse / return_counts) or along a dim
                return DataDependentSize(True, True)
            if op == "bincount":
                minlength = keyword(call, "minlength")
                empty = minlength is None or (
                    isinstance(minlength, cst.Integer) and minlength.value == "0"
                )
                return DataDependentSize(empty, True)
            return DataDependentSize(True, True)  # masked_select
        if method is None:
            return None
        receiver = func.value  # type: ignore[union-attr]
        if method in SHAPE_KEEPING_METHODS:
            if any(self.ctx.kind(a.value) == Kind.TENSOR for a in call.args) and method != "to":
                return None
            return self._size_of(receiver, depth + 1)
        if method == "index_select" and len(positional) == 2 and _int_value(positional[0]) == 0:
            if self._size_of(positional[1], depth + 1) is not None:
                return DataDependentSize(True, False)
            return None
        if method == "squeeze" and len(positional) == 1:
            dim = _int_value(positional[0])
            if dim is not None and dim > 0:
                inner = self._size_of(receiver, depth + 1)
                return DataDependentSize(inner.may_be_empty, False) if inner else None
            if dim is not None and dim < 0:
                # `m.nonzero().squeeze(-1)`: a negative dimension of a tensor that is not 1-D
                # is not dimension 0 (nonzero's indices are (n, ndim)).
                inner = self._size_of(receiver, depth + 1)
                if inner is not None and not inner.one_dim:
                    return DataDependentSize(inner.may_be_empty, False)
            return None
        if (
            method in ("flatten", "ravel")
            and not call.args
            or (
                method in ("view", "reshape")
                and len(positional) == 1
                and _int_value(positional[0]) == -1
            )
        ):
            inner = self._size_of(receiver, depth + 1)
            return DataDependentSize(inner.may_be_empty, True) if inner else None
        return None

    def _subscript_size(self, node: cst.Subscript, depth: int) -> Optional[DataDependentSize]:
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        index = node.slice[0].slice.value
        value = node.value
        if isinstance(index, cst.Integer) and self._tuple_of_sizes(value):
            return DataDependentSize(True, True)  # `torch.where(m)[0]`, `nonzero(as_tuple=True)[0]`
        if self.ctx.kind(value) != Kind.TENSOR:
            return None
        if is_bool_mask(self.ctx, index) or self._size_of(index, depth + 1) is not None:
            return DataDependentSize(True, False)
        return None

    def _tuple_of_sizes(self, value: cst.BaseExpression) -> bool:
        """``torch.where(m)``, ``m.nonzero(as_tuple=True)``, ``torch.unique(x, return_counts=
        True)``: a tuple of data-dependent-size tensors."""
        if not isinstance(value, cst.Call):
            return False
        name = self.ctx.qualified_name(value.func)
        if name == "torch.where":
            return len(value.args) == 1
        if self._unique_tuple(value):
            return True
        as_tuple = keyword(value, "as_tuple")
        if as_tuple is None or _is_false(as_tuple):
            return False
        func = value.func
        return name == "torch.nonzero" or (
            isinstance(func, cst.Attribute)
            and func.attr.value == "nonzero"
            and self.ctx.kind(func.value) == Kind.TENSOR
        )

    def _unique_call(self, value: cst.BaseExpression) -> bool:
        """``torch.unique(x, ...)`` / ``x.unique(...)`` (or ``unique_consecutive``) over the
        flattened input (no ``dim``)."""
        if type(value) is not cst.Call or keyword(value, "dim") is not None:
            return False
        func = value.func  # type: ignore[attr-defined]
        return self.ctx.qualified_name(func) in ("torch.unique", "torch.unique_consecutive") or (
            type(func) is cst.Attribute
            and func.attr.value in ("unique", "unique_consecutive")
            and self.ctx.kind(func.value) == Kind.TENSOR
        )

    def _unique_tuple(self, value: cst.BaseExpression) -> bool:
        """``torch.unique(x, return_counts=True)`` (or return_inverse): a tuple of 1-D tensors
        of the number of distinct values."""
        if not isinstance(value, cst.Call) or keyword(value, "dim") is not None:
            return False
        func = value.func
        if not (
            self.ctx.qualified_name(func) in ("torch.unique", "torch.unique_consecutive")
            or (
                isinstance(func, cst.Attribute)
                and func.attr.value in ("unique", "unique_consecutive")
                and self.ctx.kind(func.value) == Kind.TENSOR
            )
        ):
            return False
        counts = keyword(value, "return_counts")
        return counts is not None and not _is_false(counts)

    def _parameters(self) -> set[str]:
        func = self.ctx.function
        if func is None:
            return set()
        params = func.params
        every = [*params.posonly_params, *params.params, *params.kwonly_params]
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                every.append(star)
        return {param.name.value for param in every}

    def _before_site(self, value: cst.CSTNode) -> bool:
        """Whether ``value`` comes before the operation being checked in the function."""
        func, site = self.ctx.function, self._site
        if func is None or site is None:
            return False
        first: Optional[cst.CSTNode] = None

        def enter(node: cst.CSTNode) -> bool:
            nonlocal first
            if first is None and (node is value or node is site):
                first = node
            return first is None

        walk(func.body, enter, _ignore)
        return first is value

    def _checked(self, names: set[str]) -> bool:
        """Whether the function calls ``torch._check(...)`` (or another ``torch._check*``) on
        one of ``names``: torch then knows what the check says about its size."""
        func = self.ctx.function
        if func is None:
            return False
        found = False

        def enter(node: cst.CSTNode) -> bool:
            nonlocal found
            if found:
                return False
            if type(node) is cst.Call and (
                self.ctx.qualified_name(node.func) or ""  # type: ignore[attr-defined]
            ).startswith("torch._check"):
                found = _mentions(node, names)
                return False
            return True

        walk(func.body, enter, _ignore)
        return found

    def _scalar(self, expr: cst.BaseExpression) -> bool:
        """A Python number, or a 0-d full reduction: broadcasting keeps the other side's size."""
        if self.ctx.kind(expr) in (Kind.CONST, Kind.SIZE, Kind.DATA):
            return True
        if isinstance(expr, (cst.Integer, cst.Float)):
            return True
        return (
            isinstance(expr, cst.Call)
            and not expr.args
            and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value in FULL_REDUCTIONS
            and self.ctx.kind(expr.func.value) == Kind.TENSOR
        )


def _ignore(node: cst.CSTNode) -> None:
    return None


def _mentions(root: cst.CSTNode, names: set[str]) -> bool:
    """Whether a name in ``names`` is read inside ``root``."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if type(node) is cst.Name and node.value in names:  # type: ignore[attr-defined]
            found = True
        return not found

    walk(root, enter, _ignore)
    return found


def _int_value(expr: cst.BaseExpression) -> Optional[int]:
    """The value of an integer literal (``0``, ``-1``), or None."""
    sign = 1
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        sign, expr = -1, expr.expression
    if isinstance(expr, cst.Integer):
        return sign * int(expr.value)
    return None


def _is_false(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "False"


def _along_dim_zero(
    node: cst.Call, args: list[cst.BaseExpression], consumer: Consumer, size: DataDependentSize
) -> bool:
    """Whether the operation runs along the data-dependent dimension (0, or -1 of a 1-D
    tensor); False when the dimension is not an integer literal."""
    position, default = consumer.dim  # type: ignore[misc]
    given = keyword(node, "dim")
    if given is None and 0 <= position < len(args):
        given = args[position]
    dim = default if given is None else _int_value(given)
    return dim == 0 or (dim == -1 and size.one_dim)


def _appended(func: cst.FunctionDef, name: str) -> list[cst.BaseExpression]:
    """What ``func`` appends to the list ``name`` (``name.append(x)``)."""
    found: list[cst.BaseExpression] = []

    def enter(node: cst.CSTNode) -> bool:
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "append"
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == name
            and len(node.args) == 1
        ):
            found.append(node.args[0].value)
        return True

    walk(func.body, enter, lambda node: None)
    return found


def _size_read(expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """``t`` of ``t.numel()``, ``t.shape[0]``, ``t.size(0)`` or ``len(t)`` (dimension 0: the
    data-dependent one), also bound by a walrus (``(n := t.numel()) < k``)."""
    if type(expr) is cst.NamedExpr:
        expr = expr.value  # type: ignore[attr-defined]
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method, args = expr.func.attr.value, expr.args
        if method == "numel" and not args:
            return expr.func.value
        if (
            method == "size"
            and len(args) == 1
            and isinstance(args[0].value, cst.Integer)
            and args[0].value.value == "0"
        ):
            return expr.func.value
    if (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Name)
        and expr.func.value == "len"
        and len(expr.args) == 1
    ):
        return expr.args[0].value
    if (
        isinstance(expr, cst.Subscript)
        and isinstance(expr.value, cst.Attribute)
        and expr.value.attr.value == "shape"
        and len(expr.slice) == 1
        and isinstance(expr.slice[0].slice, cst.Index)
        and isinstance(expr.slice[0].slice.value, cst.Integer)
        and expr.slice[0].slice.value.value == "0"
    ):
        return expr.value.value
    return None


def _consumer_message(op: str, what: str, text: str, need: str) -> Message:
    """The message of an operation that guards on a data-dependent size."""
    name = text if len(text) <= 40 and "\n" not in text and text.isidentifier() else "t"
    if need == "nonempty":
        advice = (
            f"`torch._check({name}.shape[0] > 0)` before it lets torch accept it; or keep the "
            "full shape, torch.where(mask, x, fill) instead of x[mask]"
        )
    elif need == "classes":
        advice = (
            f"`torch._check({name}.shape[0] == num_classes)` before the loss lets torch accept "
            "it (or give bincount the class count as minlength and slice to it)"
        )
    else:
        advice = "keep the full shape: torch.where(mask, x, fill) instead of x[mask]"
    whose = f"its weight {what}" if need == "classes" else what
    return Message(
        f"{op} guards on the data-dependent size of {whose}",
        (
            ("compile", "torch.compile(fullgraph=True) raises here"),
            ("export", "torch.export fails here"),
        ),
        advice,
    )


def _calls_of(function: cst.FunctionDef, name: str, method: bool) -> list[cst.Call]:
    """The calls in ``function`` of ``name``: ``self.name(...)`` (``self`` its first
    parameter) for a method, ``name(...)`` for a function; none of nested functions."""
    params = function.params.params
    owner = params[0].name.value if method and params else None
    if method and owner is None:
        return []
    calls: list[cst.Call] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) in (cst.FunctionDef, cst.Lambda, cst.ClassDef) and node is not function:
            return False
        if type(node) is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if method:
                if (
                    type(func) is cst.Attribute
                    and type(func.value) is cst.Name
                    and func.value.value == owner
                    and func.attr.value == name
                ):
                    calls.append(node)  # type: ignore[arg-type]
            elif type(func) is cst.Name and func.value == name:
                calls.append(node)  # type: ignore[arg-type]
        return None

    walk(function, enter, lambda _: None)
    return calls


def _argument(call: cst.Call, name: str, positional: list[str]) -> Optional[cst.BaseExpression]:
    """What ``call`` passes to the parameter ``name`` (None: its default, or through ``*`` /
    ``**``)."""
    index = 0
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == name:
                return arg.value
            continue
        if index < len(positional) and positional[index] == name:
            return arg.value
        index += 1
    return None
