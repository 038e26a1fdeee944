# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Tabular regressor that accepts a single feature vector or a batch of them:
    torch.atleast_2d promotes an unbatched vector to a batch of one."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 16), nn.GELU(), nn.Linear(16, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = torch.atleast_2d(x)
        return self.net(x).squeeze(-1)


def inputs():
    torch.manual_seed(5902)
    return [(torch.randn(6),), (torch.randn(4, 6),)]
