# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-domain adapter: a shared projection plus a per-domain scale/shift kept in
    ParameterDicts, picked by a fixed domain name chosen at construction."""

    def __init__(self, d: int = 4, domains=("news", "speech"), active: str = "speech"):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.scale = nn.ParameterDict({k: nn.Parameter(torch.ones(d) * (i + 1)) for i, k in enumerate(domains)})
        self.shift = nn.ParameterDict({k: nn.Parameter(torch.full((d,), 0.1 * i)) for i, k in enumerate(domains)})
        self.active = active

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.proj(x)
        return h * self.scale[self.active] + self.shift[self.active]  # breaks: script


def inputs():
    torch.manual_seed(6626)
    return [(torch.randn(3, 4),), (torch.randn(6, 4),)]
