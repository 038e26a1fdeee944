# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Block run under CPU bfloat16 autocast inside forward, cast back to float32 at the end."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with torch.autocast("cpu", dtype=torch.bfloat16):
            y = torch.relu(self.fc(x))
        return y.float().round()


def inputs():
    torch.manual_seed(6328)
    return [(torch.randn(3, 16) * 8,), (torch.randn(5, 16) * 8,)]
