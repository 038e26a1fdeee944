# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Residual block with stochastic depth whose keep mask is drawn from a private,
    fixed-seed torch.Generator so that two replicas drop the same samples."""

    def __init__(self, d: int = 16, p: float = 0.3):
        super().__init__()
        self.p = p
        self.block = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        g = torch.Generator().manual_seed(1234)  # breaks: compile
        keep = (torch.rand(x.shape[0], 1, generator=g) >= self.p).to(x.dtype)  # breaks: export,trace
        return x + self.block(x) * keep / (1.0 - self.p)


def inputs():
    torch.manual_seed(6408)
    return [(torch.randn(8, 16),), (torch.randn(8, 16),)]
