# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Saliency wrapper: marks its input as requiring grad in forward so a caller can read
    the input gradient after backward."""

    def __init__(self, d: int = 10):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, 2))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.clone().requires_grad_(True)  # breaks: compile
        return self.net(x)


def inputs():
    torch.manual_seed(6416)
    return [(torch.randn(3, 10),), (torch.randn(3, 10),)]
