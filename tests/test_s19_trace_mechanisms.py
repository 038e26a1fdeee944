"""Trace mechanisms from session 19's held-back corpora and the b60 probes, each linted in
spellings other than the corpus's and the probes', and where torch decides, run through torch
2.13.

- ``json.dumps`` of a size read off a tensor fails under trace (TypeError: Object of type
  Tensor is not JSON serializable; a size is a 0-dim tensor there), also where the size reaches
  the call through a container, a local name or a parameter of a helper every call gives a
  size: TL106. Sizes made ints (``int(n)``), ranks and configuration values are not flagged.
- ``map(f, t)`` iterates a tensor's first dimension (TL105). Over a parameter or buffer, and
  unpacking into names, torch only warns (TracerWarning: Iterating over a tensor) and the trace
  computes eager's values: warn-only findings.
- A rank test before a size test (``assert v.dim() == 3 and v.shape[1:] == (3, 3)``) is a
  property of the input, not a setting, whatever the kinds know of ``v``: the size test is
  TL109's (it warns and is dropped).
- A cache hit (``if self.memo is not None and self.memo.shape == x.shape: return self.memo``)
  keeps the cache as a constant of the trace once an eager call filled it: TL106. State the
  graph code assigns is no configuration setting. A cache regrown on a miss is not flagged.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from .conftest import requires_torch
from .lint_helpers import findings, load_module


def _lines(source: str, code: str, target: str = "trace", about: str = "") -> list[int]:
    return [d.line for d in findings(source, code, target) if about in d.message]


# ------------------------------------------------------------------ json of sizes

JSON = """
    import json as js

    import torch
    from torch import nn


    def describe(dims, tag):
        payload = dict(dims=tuple(dims), tag=tag)
        return js.dumps(payload)


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.names = {}

        def forward(self, x):
            rows = x.size(1)
            info = describe([rows, 3], "rows")
            self.names["shape"] = js.dumps(list(x.shape[1:]))
            self.names["int"] = js.dumps({"n": int(x.shape[0]), "rank": x.dim()})
            self.names["cfg"] = js.dumps([4, "x"])
            return x * len(info)

    def inputs():
        return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
"""


def test_json_of_a_size_is_flagged_through_containers_names_and_helpers():
    assert _lines(JSON, "TL106", about="json") == [9, 20]


@requires_torch
def test_torch_fails_tracing_json_of_a_size(tmp_path: Path):
    import pytest
    import torch

    module = load_module(tmp_path, JSON, "s19_json")
    model = module.Model()
    model.forward = lambda x: x * len(module.describe([x.size(1), 3], "r"))  # the helper alone
    for forward in (module.Model(), model):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(TypeError, match="not JSON serializable"):
                torch.jit.trace(forward, module.inputs()[0])


# ------------------------------------------------------------------ map / unpacking / parameters

ROWS = """
    import torch
    from torch import nn


    def double(t):
        return t * 2


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.pair = nn.Parameter(torch.randn(2, 4))

        def forward(self, x):
            first, second = map(double, self.pair)
            scaled = [r for r in map(double, x)]
            head, tail = torch.narrow(x, 0, 0, 2)
            return first + second + torch.stack(scaled).sum(0) + head + tail

    def inputs():
        return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
"""


def test_map_over_tensors_is_iteration_warn_only_where_the_rows_are_fixed():
    found = {d.line: d.warns for d in findings(ROWS, "TL105", "trace")}
    assert set(found) == {15, 16, 17}
    assert "trace" in found[15] and "trace" in found[17]  # a parameter's rows; unpacking
    assert "trace" not in found[16]  # the input's rows: the trace unrolls them


@requires_torch
def test_torch_warns_on_fixed_rows_and_unrolls_the_input_rows(tmp_path: Path):
    import pytest
    import torch

    module = load_module(tmp_path, ROWS, "s19_rows")
    model = module.Model()
    first, second = module.inputs()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, first, check_trace=False)
    assert any("Iterating over a tensor" in str(w.message) for w in caught)
    assert torch.allclose(traced(*first), model(*first))
    with pytest.raises(RuntimeError):  # the 3 rows of the example unrolled, 5 given
        traced(*second)


# ------------------------------------------------------------------ rank before a size test

RANK = """
    import torch
    from torch import nn


    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, m):
            assert m.ndimension() == 3 and m.shape[-2:] == (2, 2), "a batch of 2x2"
            return m * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2


    class Model(nn.Module):
        def forward(self, x):
            if len(x.shape) == 3 and x.size(1) != 2:
                raise ValueError("rows")
            return Square.apply(x)

    def inputs():
        return [(torch.randn(3, 2, 2),), (torch.randn(5, 2, 2),)]
"""


def test_rank_test_before_a_size_check_is_no_setting():
    assert _lines(RANK, "TL109") == [8, 18]


@requires_torch
def test_torch_warns_at_the_size_check_after_a_rank_test(tmp_path: Path):
    import torch

    module = load_module(tmp_path, RANK, "s19_rank")
    model = module.Model()
    first, second = module.inputs()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, first, check_trace=False)
    assert any("Python boolean" in str(w.message) for w in caught)
    assert torch.allclose(traced(*second), model(*second))  # warn-only: dropped, still right


# ------------------------------------------------------------------ cache hits

CACHE = """
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.memo = None
            self.grid = torch.zeros(1, 4)

        def forward(self, x):
            if self.grid.shape != x.shape:
                self.grid = torch.ones_like(x)
            if self.memo is not None and self.memo.size() == x.size():
                return self.memo
            self.memo = x.cumsum(0) + self.grid
            return self.memo

    def inputs():
        return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_cache_hit_returning_the_cache_is_flagged_not_a_regrown_cache():
    assert _lines(CACHE, "TL106") == [14]


@requires_torch
def test_torch_keeps_the_cache_hit_of_the_example(tmp_path: Path):
    import torch

    module = load_module(tmp_path, CACHE, "s19_cache")
    model = module.Model()
    first, second = module.inputs()
    model(*first)  # an eager call fills the cache, as serving code does before converting
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, first, check_trace=False)
    assert any("Python boolean" in str(w.message) for w in caught)
    assert traced(*second).shape != module.Model()(*second).shape
