"""Session 31 (helper-280): fresh22's trace false findings and misses, in other spellings.

- TL102: a `range()` bound that is a tensor of the same value for every input (built by
  ``torch.tensor`` of a rank, a literal or a setting, and torch ops of such: torch-frft's
  ``torch.remainder(req_dim, torch.tensor(dim_count))`` einsum letters) is no trace claim:
  the tracer takes its ``__index__`` without a warning and the loop's count is right for every
  input. Compile and export keep their claims. A bound from a size (``torch.tensor(x.shape[0])``)
  stays flagged for trace: the loop keeps the example's count.
- TL110: ``torch.tensor(n)`` / ``torch.as_tensor(n)`` of a size the tracer holds as a 0-d
  tensor (``n = x.size(dim)``, arithmetic of it): TL108 leaves it (the trace computes the value
  from each input's size), yet torch warns; TL110 now says so, with that claim, where it said
  nothing (torch-frft's ``torch.sqrt(torch.tensor(N))``).
- TL106: ``plan = tuple(x.shape[-2:])`` then ``if plan != getattr(self, "_plan", None):`` is a
  comparison of the sizes, copied into a tuple (pytorch-hexagdly's per-size plan: torch warns at
  the test, and the trace keeps the plan made for the example).
- TL106: ``int(chunk)`` in ``chunk = max(1, int(chunk))`` reads the parameter (a size the
  callers give), not the rebinding it computes: the conversion of a size (torchtsetlin's
  ``chunk_indices``; torch warns there).
- TL106: a helper's ``for start in range(0, n, step):`` that only yields the piece
  ``slice(start, min(n, start + step))`` partitions the size: the trace keeps the example's
  count of pieces, but the last one ends at ``n`` itself, so a caller computing each piece on
  its own gets eager's result for every size (torchtsetlin's batch chunks; a false finding).
  ``min(start + step, n)`` keeps the example's end on a tie, and a loop running a recurrence
  over its pieces (titans-memory's chunks) gets another result: both still flagged.
- TL106: ``if group_size == 2:`` after the clamp ``if group_size > x.shape[d]: group_size =
  x.shape[d]`` compares the caller's number on the path where the clamp (flagged itself) did
  not run: no decision on a size there (torch does not warn). A parameter rebound to a size
  unconditionally, or where the caller leaves it None (deel-torchlip's ``if group_size is None
  or group_size > ...``, which its ``full_sort`` calls with None), stays flagged.
- Kinds: ``state = torch.full(...); self.state = state`` keeps a tensor on ``self`` as
  ``self.state = torch.full(...)`` does, so a property testing ``self.state.numel() > 0`` is a
  size test (torchtsetlin's ``if not self.is_initialized:``, where torch warns).

Each claim about torch is checked by running it (torch 2.13, CPU).
"""

from __future__ import annotations

import textwrap
import warnings

from .conftest import requires_torch
from .lint_helpers import findings, load_module

# torch-frft's einsum letters: a loop bound from the input's rank through a tensor.
RANK_BOUND = """
import torch
from torch import nn


def letters(dim_count: int, req_dim: int) -> str:
    dim = torch.remainder(req_dim, torch.tensor(dim_count))
    diff = dim_count - dim
    return "".join([chr(c) for c in range(97, 97 + diff)])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.rand(4))

    def forward(self, x):
        s = letters(len(x.shape), -1)
        return torch.einsum(f"...{s},a->...{s}", x, self.w)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
"""

# A loop bound from the input's size through a tensor: the trace keeps the example's count.
SIZE_BOUND = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        n = torch.tensor(x.shape[0])
        return torch.stack([x[i] * i for i in range(n)])


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
"""

# torch-frft's chirp scale: a tensor of the input's size (and arithmetic of sizes).
SIZE_TENSOR = """
import torch
from torch import nn


def core(signal: torch.Tensor, dim: int = -2) -> torch.Tensor:
    N = signal.size(dim)
    deltax = torch.sqrt(torch.tensor(N, device=signal.device))
    M = signal.size(0)
    span = torch.as_tensor(2 * M + N - 1)
    return signal / deltax + span


class Model(nn.Module):
    def forward(self, x):
        return core(x)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(5, 4),)]
"""

# The same scale made with `torch.scalar_tensor` / `torch.full`: no warning, nothing to report.
SIZE_TENSOR_CLEAN = SIZE_TENSOR.replace(
    "torch.tensor(N, device=signal.device)", "torch.scalar_tensor(N, device=signal.device)"
).replace("torch.as_tensor(2 * M + N - 1)", "torch.full((), 2 * M + N - 1)")


def _source(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(_source(text).splitlines(), 1) if needle in line)


def _trace(module, primed: bool = False):
    """(TracerWarning lines in the module, whether the trace on input A gives eager's result on
    input B); ``primed``: the model runs A eagerly first, as the corpus models have."""
    import torch

    model = module.Model()
    first, second = module.inputs()
    if primed:
        model(*first)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, first, check_trace=False)
    lines = sorted(
        {
            w.lineno
            for w in caught
            if w.category is torch.jit.TracerWarning and w.filename == module.__file__
        }
    )
    got, want = traced(*second), model(*second)
    return lines, got.shape == want.shape and bool(torch.allclose(got, want))


def test_a_range_bound_of_the_same_value_for_every_input_is_no_trace_claim():
    assert findings(RANK_BOUND, "TL102", "trace") == []
    (found,) = findings(RANK_BOUND, "TL102", "compile")
    assert found.line == _line(RANK_BOUND, "range(97")
    assert "trace" not in found.targets
    (sized,) = findings(SIZE_BOUND, "TL102", "trace")
    assert sized.line == _line(SIZE_BOUND, "range(n)")
    assert "runs the loop the example's number of times" in sized.message


@requires_torch
def test_torch_traces_a_range_over_a_rank_tensor_right_and_one_over_a_size_tensor_wrong(tmp_path):
    rank = load_module(tmp_path, _source(RANK_BOUND), "s31_rank_bound")
    # torch.tensor(dim_count) warns at its line; the range line does not, and B is right.
    assert _trace(rank) == ([_line(RANK_BOUND, "torch.tensor(dim_count)")], True)
    size = load_module(tmp_path, _source(SIZE_BOUND), "s31_size_bound")
    lines, same = _trace(size)
    assert _line(SIZE_BOUND, "range(n)") not in lines
    assert not same  # the loop kept the example's 2 rows for B's 3


def test_a_tensor_of_a_size_the_trace_follows_is_a_warning():
    found = findings(SIZE_TENSOR, "TL110", "trace")
    assert [d.line for d in found] == [
        _line(SIZE_TENSOR, "torch.tensor(N"),
        _line(SIZE_TENSOR, "torch.as_tensor("),
    ]
    assert all(d.warns == ("trace",) for d in found)
    assert "computes it from each input's size" in found[0].message
    assert "`torch.as_tensor` of a size" in found[1].message
    assert findings(SIZE_TENSOR, "TL108", "trace") == []
    assert findings(SIZE_TENSOR_CLEAN, "TL110", "trace") == []
    assert findings(SIZE_TENSOR_CLEAN, "TL108", "trace") == []


@requires_torch
def test_torch_warns_at_a_tensor_of_a_size_and_follows_the_size(tmp_path):
    module = load_module(tmp_path, _source(SIZE_TENSOR), "s31_size_tensor")
    assert _trace(module) == (
        [_line(SIZE_TENSOR, "torch.tensor(N"), _line(SIZE_TENSOR, "torch.as_tensor(")],
        True,
    )
    clean = load_module(tmp_path, _source(SIZE_TENSOR_CLEAN), "s31_size_tensor_clean")
    assert _trace(clean) == ([], True)


# pytorch-hexagdly's plan of slices, remade whenever the input's height and width change.
PLAN = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        plan = tuple(x.shape[-2:])
        if plan != getattr(self, "_plan", None):
            self.rows = plan[0] // 2
            self._plan = plan
        return x[..., : self.rows, :] * self.scale


def inputs():
    return [(torch.rand(2, 4, 6),), (torch.rand(2, 8, 6),)]
"""

# The plan keyed on a setting: the same for every input.
PLAN_SETTING = PLAN.replace("plan = tuple(x.shape[-2:])", "plan = tuple(self.sizes)").replace(
    "self.scale = nn.Parameter(torch.ones(1))",
    "self.scale = nn.Parameter(torch.ones(1))\n        self.sizes = [4, 6]",
)


def test_a_tuple_copy_of_a_shape_compared_is_a_size_decision():
    assert [d.line for d in findings(PLAN, "TL106", "trace")] == [_line(PLAN, "if plan !=")]
    assert findings(PLAN_SETTING, "TL106", "trace") == []


@requires_torch
def test_torch_warns_at_a_tuple_copy_of_a_shape_and_keeps_the_examples_plan(tmp_path):
    module = load_module(tmp_path, _source(PLAN), "s31_plan")
    lines, same = _trace(module, primed=True)
    assert lines == [_line(PLAN, "if plan !=")]
    assert not same  # B's 8 rows cut to the example's 2
    setting = load_module(tmp_path, _source(PLAN_SETTING), "s31_plan_setting")
    assert _trace(setting, primed=True) == ([], True)


# torchtsetlin's lazily made state: a property tests the buffer's size.
LAZY_STATE = """
from typing import Optional

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.n: Optional[int] = None
        self.register_buffer("state", torch.empty(0))

    @property
    def ready(self) -> bool:
        return self.n is not None and self.state.numel() > 0

    def init_state(self, n: int, fill: bool = True) -> None:
        self.n = n
        if fill:
            state = torch.full((n,), 2.0)
        else:
            state = torch.zeros(n)
        self.state = state

    def forward(self, x):
        if not self.ready:
            self.init_state(4)
        return x * self.state


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
"""

# The state kept as a Python list: no tensor, no size test.
LAZY_LIST = (
    LAZY_STATE.replace("self.state.numel() > 0", "len(self.items) > 0")
    .replace(
        "        self.state = state\n", "        self.state = state\n        self.items = [n]\n"
    )
    .replace(
        'self.register_buffer("state", torch.empty(0))',
        'self.register_buffer("state", torch.empty(0))\n        self.items = []',
    )
)


def test_a_property_testing_a_tensor_a_local_held_is_a_size_test():
    assert [d.line for d in findings(LAZY_STATE, "TL106", "trace")] == [
        _line(LAZY_STATE, "if not self.ready")
    ]
    assert findings(LAZY_LIST, "TL106", "trace") == []


@requires_torch
def test_torch_warns_at_a_property_testing_a_buffers_size(tmp_path):
    module = load_module(tmp_path, _source(LAZY_STATE), "s31_lazy_state")
    assert _trace(module, primed=True) == ([_line(LAZY_STATE, "if not self.ready")], True)
    plain = load_module(tmp_path, _source(LAZY_LIST), "s31_lazy_list")
    assert _trace(plain, primed=True) == ([], True)


# torchtsetlin's chunk_indices: the batch cut into pieces of at most `step` rows.
PARTITION = """
import torch
from torch import nn


def pieces(n: int, chunk: int):
    chunk = max(1, int(chunk))
    for start in range(0, n, chunk):
        yield slice(start, min(n, start + chunk))


class Model(nn.Module):
    def forward(self, x):
        return torch.cat([x[part] * 2 for part in pieces(x.shape[0], x.shape[1])])


def inputs():
    return [(torch.rand(4, 2),), (torch.rand(7, 2),)]
"""

# The end written `min(start + chunk, n)`: on the example's tie it keeps the constant.
PARTITION_TIE = PARTITION.replace("min(n, start + chunk)", "min(start + chunk, n)")


def test_a_loop_partitioning_a_size_is_no_decision_but_its_int_is_a_conversion():
    found = findings(PARTITION, "TL106", "trace")
    assert [d.line for d in found] == [_line(PARTITION, "int(chunk)"), _line(PARTITION, "min(n,")]
    assert "`int()` of a size" in found[0].message
    tie = [d.line for d in findings(PARTITION_TIE, "TL106", "trace")]
    assert _line(PARTITION_TIE, "for start in range") in tie


@requires_torch
def test_torch_traces_a_partition_right_and_one_ending_at_the_examples_end_wrong(tmp_path):
    module = load_module(tmp_path, _source(PARTITION), "s31_partition")
    # torch warns at the conversion and at `min` (its bool), not at the loop; B is right.
    assert _trace(module) == ([_line(PARTITION, "int(chunk)"), _line(PARTITION, "min(n,")], True)
    tie = load_module(tmp_path, _source(PARTITION_TIE), "s31_partition_tie")
    lines, same = _trace(tie)
    assert _line(PARTITION_TIE, "for start in range") not in lines
    assert not same  # the trace kept the example's 4 rows of B's 7


# deel-torchlip's group_sort: a group size clamped to the channels, then tested.
CLAMP = """
from typing import Optional

import torch
from torch import nn


def group_sort(x: torch.Tensor, group_size: int = 2, dim: int = 1) -> torch.Tensor:
    if group_size > x.shape[dim]:
        group_size = x.shape[dim]
    if group_size == 2:
        pairs = x.view(x.shape[0], -1, 2)
        low, high = pairs.min(-1, keepdim=True)[0], pairs.max(-1, keepdim=True)[0]
        return torch.cat([low, high], -1).view(x.shape)
    return x.sort(dim)[0]


class Model(nn.Module):
    def forward(self, x):
        return group_sort(x, 2)


def inputs():
    return [(torch.rand(2, 8),), (torch.rand(3, 8),)]
"""

# The parameter rebound to the batch size whatever it held: a decision on the size.
UNCLAMPED = CLAMP.replace(
    "    if group_size > x.shape[dim]:\n        group_size = x.shape[dim]\n",
    "    group_size = x.shape[0]\n",
)

# deel-torchlip's spelling: a None group size takes the channels, which a caller may ask for.
NONE_DEFAULT = CLAMP.replace("group_size: int = 2", "group_size: Optional[int] = None").replace(
    "if group_size > x.shape[dim]:", "if group_size is None or group_size > x.shape[dim]:"
)
NONE_CALLER = (
    NONE_DEFAULT.replace("group_sort(x, 2)", "group_sort(x, None)")
    .replace("torch.rand(2, 8)", "torch.rand(3, 2)")
    .replace("torch.rand(3, 8)", "torch.rand(3, 4)")
)


def test_a_test_of_a_clamped_setting_is_no_size_decision():
    assert [d.line for d in findings(CLAMP, "TL106", "trace")] == [_line(CLAMP, "if group_size >")]
    assert [d.line for d in findings(NONE_DEFAULT, "TL106", "trace")] == [
        _line(NONE_DEFAULT, "if group_size is"),
        _line(NONE_DEFAULT, "if group_size == 2"),
    ]
    assert [d.line for d in findings(UNCLAMPED, "TL106", "trace")] == [
        _line(UNCLAMPED, "if group_size == 2")
    ]


@requires_torch
def test_torch_warns_at_the_clamp_not_at_the_test_of_the_setting(tmp_path):
    module = load_module(tmp_path, _source(CLAMP), "s31_clamp")
    assert _trace(module) == ([_line(CLAMP, "if group_size >")], True)
    # A caller passing None: the group size is the channels, and the test compares them.
    none = load_module(tmp_path, _source(NONE_CALLER), "s31_none_caller")
    lines, same = _trace(none)
    assert lines == [_line(NONE_CALLER, "if group_size == 2")]
    assert not same  # the example's 2 channels paired, B's 4 sorted in eager
    unclamped = load_module(tmp_path, _source(UNCLAMPED), "s31_unclamped")
    lines, same = _trace(unclamped)
    assert lines == [_line(UNCLAMPED, "if group_size == 2")]
    assert not same  # B's batch of 3 took the example's pairing path


# titans-memory's chunked memory: each chunk's result depends on the chunk's length.
CHUNKED_SCAN = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        n, step = x.shape[1], 4
        outs = []
        for start in range(0, n, step):
            outs.append(x[:, start : min(n, start + step)].cumsum(1))
        return torch.cat(outs, 1)


def inputs():
    return [(torch.rand(2, 10),), (torch.rand(2, 18),)]
"""


def test_a_loop_computing_over_its_pieces_stays_a_decision():
    lines = [d.line for d in findings(CHUNKED_SCAN, "TL106", "trace")]
    assert _line(CHUNKED_SCAN, "for start in range") in lines


@requires_torch
def test_torch_gives_another_result_for_a_scan_over_the_examples_pieces(tmp_path):
    module = load_module(tmp_path, _source(CHUNKED_SCAN), "s31_chunked_scan")
    lines, same = _trace(module)
    assert _line(CHUNKED_SCAN, "for start in range") not in lines
    assert not same  # B's last piece runs 10 steps in one cumsum, eager's three pieces
