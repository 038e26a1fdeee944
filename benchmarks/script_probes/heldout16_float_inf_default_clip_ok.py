# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(7, 7)

    def forward(self, x: torch.Tensor, max_norm: float = float("inf")) -> torch.Tensor:
        y = self.fc(x)
        norm = y.norm(2, dim=-1, keepdim=True)
        factor = torch.clamp(max_norm / (norm + 1e-6), max=1.0)
        return y * factor


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 7),), (torch.randn(4, 7), 0.5)]
