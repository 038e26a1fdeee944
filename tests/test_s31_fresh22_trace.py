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


def _trace(module):
    """(TracerWarning lines in the module, whether the trace on input A gives eager's result on
    input B)."""
    import torch

    model = module.Model()
    first, second = module.inputs()
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
