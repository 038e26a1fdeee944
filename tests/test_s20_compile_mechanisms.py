"""Compile / export mechanisms from the held-back corpora of session 20 (fresh12's
torch-treecrf and power-spherical), in other spellings than the corpus.

- A Python list, tuple or ``ModuleList`` indexed by a tensor: the target of a loop over a
  tensor attribute, or an element read from one (TL350). Compile and export both need the
  index's value ("Could not extract specialized integer").
- A distribution whose ``sample`` / ``rsample`` reaches a torch function without a fake-tensor
  kernel for symbolic sizes through another class (Beta through Dirichlet's autograd function,
  ``torch._sample_dirichlet``), from the generated ``distribution_fake_refused`` table (TL329).
"""

from __future__ import annotations

from .conftest import requires_torch
from .lint_helpers import findings as _findings


def _lines(source: str, code: str, target: str) -> list[int]:
    return [d.line for d in _findings(source, code, target)]


# --- TL350: a Python sequence indexed by a tensor ---------------------------------------------

INDEXED_BY_TENSOR = """
from typing import List

import torch
from torch import Tensor, nn


def _levels(depth: int) -> List[Tensor]:
    return [torch.arange(i + 1) for i in range(depth)]


def _walk(depth: int) -> torch.LongTensor:
    return torch.arange(depth - 1, -1, -1)


class Router(nn.Module):
    def __init__(self, depth=3):
        super().__init__()
        self.levels = _levels(depth)
        self.walk = _walk(depth)
        self.gains = (0.5, 1.0, 2.0)
        self.experts = nn.ModuleList(nn.Linear(4, 4) for _ in range(depth))
        self.register_buffer("route", torch.tensor([1, 0, 2]))

    def forward(self, x):
        for step in self.walk:
            x = x * self.gains[step] + self.levels[step].sum()
        for i in range(3):
            x = self.experts[self.route[i]](x)
        return x
"""


def test_sequences_indexed_by_tensors_are_flagged_for_compile_and_export():
    assert _lines(INDEXED_BY_TENSOR, "TL350", "compile") == [26, 26, 28]
    assert _lines(INDEXED_BY_TENSOR, "TL350", "export") == [26, 26, 28]
    assert _lines(INDEXED_BY_TENSOR, "TL350", "trace") == []


INDEXED_BY_INTS = """
import torch
from torch import nn


class Router(nn.Module):
    def __init__(self, depth=3):
        super().__init__()
        self.gains = [0.5, 1.0, 2.0]
        self.walk = torch.arange(depth - 1, -1, -1).tolist()
        self.experts = nn.ModuleList(nn.Linear(4, 4) for _ in range(depth))
        self.register_buffer("route", torch.tensor([1, 0, 2]))

    def forward(self, x, which, k: int = 0):
        for step in self.walk:
            x = x * self.gains[step]
        for j in self.route:
            x = x + x[:, j : j + 1]
        return self.experts[which](x) + self.experts[k](x)
"""


def test_sequences_indexed_by_ints_or_unannotated_parameters_are_not_flagged():
    assert _lines(INDEXED_BY_INTS, "TL350", "compile") == []
    assert _lines(INDEXED_BY_INTS, "TL350", "export") == []


@requires_torch
def test_torch_refuses_a_list_indexed_by_a_tensor_and_takes_ints():
    import pytest
    import torch

    gains = (0.5, 1.0, 2.0)

    class Walk(torch.nn.Module):
        def __init__(self, order):
            super().__init__()
            self.order = order

        def forward(self, x):
            for step in self.order:
                x = x * gains[step]
            return x

    x = torch.ones(2)
    by_tensor = Walk(torch.tensor([2, 0, 1]))
    by_ints = Walk([2, 0, 1])
    torch._dynamo.reset()
    with pytest.raises(Exception, match="Could not extract specialized integer"):
        torch.compile(by_tensor, fullgraph=True, backend="eager")(x)
    with pytest.raises(Exception, match="Could not extract specialized integer"):
        torch.export.export(by_tensor, (x,))
    torch._dynamo.reset()
    assert torch.equal(torch.compile(by_ints, fullgraph=True, backend="eager")(x), by_ints(x))
    torch.export.export(by_ints, (x,))


# --- TL329: a distribution reaching a function without a fake kernel -------------------------

DIRICHLET_DRAWS = """
import torch
from torch import nn
from torch.distributions.beta import Beta
from torch.distributions.dirichlet import Dirichlet as Dir
from torch.distributions import Gamma, Normal


class Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.prior = Beta(torch.tensor(2.0), torch.tensor(3.0))

    def forward(self, alpha):
        weights = Dir(alpha.exp()).sample()
        lam = self.prior.rsample(alpha.shape[:1])
        rate = Gamma(alpha.exp(), 1.0).rsample()
        noise = Normal(0.0, 1.0).sample(alpha.shape)
        return weights * lam.unsqueeze(-1) + rate + noise
"""


def test_distributions_reaching_sample_dirichlet_are_flagged_for_compile():
    assert _lines(DIRICHLET_DRAWS, "TL329", "compile") == [14, 15]
    messages = [d.message for d in _findings(DIRICHLET_DRAWS, "TL329", "compile")]
    assert all("torch._sample_dirichlet" in m for m in messages)
    assert _lines(DIRICHLET_DRAWS, "TL329", "export") == []


@requires_torch
def test_torch_refuses_beta_rsample_with_dynamic_sizes_and_takes_gamma():
    # In a fresh process: Dynamo's skip decisions made by tests before it in the same worker
    # changed what this one saw.
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(
        """
        import torch
        from torch._dynamo.exc import Unsupported
        from torch.distributions import Beta, Gamma

        def beta(x):
            return Beta(x.exp(), x.exp()).rsample()

        def gamma(x):
            return Gamma(x.exp(), 1.0).rsample()

        x = torch.rand(3, 4)
        torch.compile(beta, fullgraph=True, backend="eager", dynamic=False)(x)
        torch._dynamo.reset()
        try:
            torch.compile(beta, fullgraph=True, backend="eager", dynamic=True)(x)
        except Unsupported as error:
            assert "fake tensors" in str(error), error
        else:
            raise AssertionError("dynamic Beta.rsample compiled")
        torch._dynamo.reset()
        torch.compile(gamma, fullgraph=True, backend="eager", dynamic=True)(x)
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
