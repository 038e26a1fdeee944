# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Reproducible sampler step: the stochastic noise of each step is drawn from a
    torch.Generator seeded in forward, so that a run can be replayed exactly."""

    def __init__(self, c: int = 3, seed: int = 1234, sigma: float = 0.1):
        super().__init__()
        self.seed = seed
        self.sigma = sigma
        self.net = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        gen = torch.Generator(device="cpu")  # breaks: compile
        gen.manual_seed(self.seed)
        noise = torch.randn(x.shape, generator=gen)  # breaks: trace
        return x - self.net(x) + self.sigma * noise


def inputs():
    torch.manual_seed(6723)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 6),)]
