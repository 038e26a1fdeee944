# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Tabular head whose per-feature scale is created on the first forward call, once the
    number of input columns is known (keras-style deferred build)."""

    def __init__(self, in_dim: int = 12, out_dim: int = 4):
        super().__init__()
        self.out_dim = out_dim
        self.register_parameter("scale", None)
        self.head = nn.Linear(in_dim, out_dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.scale is None:
            self.register_parameter("scale", nn.Parameter(torch.ones(x.shape[-1])))
        return self.head(x * self.scale)


def inputs():
    torch.manual_seed(6112)
    return [(torch.randn(4, 12),), (torch.randn(7, 12),)]
