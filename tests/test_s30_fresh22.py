"""Session 30: fresh22's export false findings, in other spellings.

- Code in a ``functools.cached_property`` body runs on the property's first read only: the
  value is then stored in the object's ``__dict__``, and later reads (Dynamo's and export's
  included) take it from there. A finding inside the body holds on the first call only
  (torchcurves' knot bounds read with ``.item()``): torch 2.13's export and fullgraph compile
  fail on a fresh module and pass once it has run.
- TL311 reads ``getattr(self, "X", None)`` / ``hasattr(self, "X")`` as a read of ``self.X``:
  a plan rebuilt only when the input's shape differs from the one stored (pytorch-hexagdly's
  column plan) only fills state in.
- TL311: a memo looked up with ``hit = self.X.get(key)`` and returned ``if hit is not None``
  is filled on a miss only, and so is the memo's budget, a count of what it holds read only to
  decide whether to store (torchtomo's grid cache: ``if self.used + cost <= self.limit:
  self.memo[key] = grid; self.used += cost``). Export and trace agree with eager on every call.
  A counter read in the math is still flagged, and torch confirms it diverges.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

CACHED_PROPERTY = """
import torch
from functools import cached_property
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("knots", torch.linspace(0.0, 1.0, 5))

    @cached_property
    def bounds(self):
        return float(self.knots[0].item()), float(self.knots[-1].item())

    def forward(self, u):
        lo, hi = self.bounds
        return (u - lo) / (hi - lo)


def inputs():
    return [(torch.rand(3),), (torch.rand(3),)]
"""


@pytest.mark.parametrize("target", ["export", "trace"])
def test_item_in_a_cached_property_holds_on_the_first_call_only(target: str):
    found = findings(CACHED_PROPERTY, "TL103", target)
    assert {d.line for d in found} == {13}
    assert all("bounds is not yet cached on the object" in (d.condition or "") for d in found)


def test_item_in_a_plain_property_holds_on_every_call():
    source = CACHED_PROPERTY.replace("@cached_property", "@property")
    found = findings(source, "TL103", "export")
    assert {d.line for d in found} == {13}
    assert all(d.condition is None for d in found)


@requires_torch
@pytest.mark.torch
def test_torch_export_fails_on_a_fresh_cached_property_and_passes_once_it_ran():
    import torch

    from .oracle import load_example

    module = load_example(CACHED_PROPERTY)
    u = torch.rand(3)
    with pytest.raises(Exception, match="data-dependent"):
        torch.export.export(module.Model(), (u,))
    warm = module.Model()
    warm(u)
    exported = torch.export.export(warm, (u,)).module()
    other = torch.rand(3)
    assert torch.allclose(exported(other), warm(other))


PLAN = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(2, 2))

    def forward(self, x):
        plan_shape = tuple(x.shape[-2:])
        if plan_shape != getattr(self, "_plan_shape", None):
            self.slices = []
            half = x.shape[-1] // 2
            for s in (slice(0, half), slice(half, x.shape[-1])):
                self.slices.append(s)
            self._plan_shape = plan_shape
        return torch.cat([x[..., s] @ self.weight for s in self.slices], -1)


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(3, 4),)]
"""

GRID = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("grid_x", torch.linspace(-1.0, 1.0, 4))
        self._grid_cache = {}
        self._grid_cache_used = 0
        self.grid_cache_bytes = 1 << 20

    def _cached_grid(self, kind):
        key = (kind, self.grid_x.device, self.grid_x.dtype)
        cached = self._grid_cache.get(key)
        if cached is not None:
            return cached
        grid = self.grid_x[:, None] * self.grid_x[None, :]
        cost = grid.numel() * grid.element_size()
        if self._grid_cache_used + cost <= self.grid_cache_bytes:
            self._grid_cache[key] = grid
            self._grid_cache_used += cost
        return grid

    def forward(self, x):
        return x * self._cached_grid("parallel")


def inputs():
    return [(torch.randn(4, 4),), (torch.randn(4, 4),)]
"""

# Look-alikes that carry state into the math: a scale made once by name and then doubled on
# every call, a miss counter.
COUNTED = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if not hasattr(self, "scale"):
            self.scale = 1.0
        self.scale = self.scale * 2.0
        return x * self.scale


def inputs():
    return [(torch.randn(4),), (torch.randn(4),)]
"""

MISSES = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.memo = {}
        self.misses = 0

    def forward(self, x):
        hit = self.memo.get(x.dtype)
        if hit is not None:
            return x * hit
        self.misses += 1
        scale = torch.full((), float(self.misses))
        return x * scale


def inputs():
    return [(torch.randn(4),), (torch.randn(4),)]
"""


@pytest.mark.parametrize("source", [PLAN, GRID], ids=["getattr_plan", "get_memo_budget"])
@pytest.mark.parametrize("target", ["export", "trace"])
def test_state_that_only_fills_in_not_flagged(source: str, target: str):
    assert findings(source, "TL311", target) == []


@pytest.mark.parametrize(
    ("source", "line"), [(COUNTED, 9), (MISSES, 15)], ids=["hasattr_then_doubled", "miss_counter"]
)
@pytest.mark.parametrize("target", ["export", "trace"])
def test_state_read_back_into_the_math_still_flagged(source: str, line: int, target: str):
    assert [d.line for d in findings(source, "TL311", target)] == [line]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("backend", ["export", "trace"])
def test_torch_agrees_on_filled_state_and_diverges_on_counted_state(backend: str):
    from .oracle import check

    assert check(PLAN, backend).ok
    assert check(GRID, backend).ok
    assert not check(COUNTED, backend).ok
    assert not check(MISSES, backend).ok
