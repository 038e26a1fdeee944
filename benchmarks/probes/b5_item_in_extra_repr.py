import torch
from torch import nn


class ScaledNorm(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(1) * dim**0.5)

    def extra_repr(self):
        return f"scale={self.scale.item():.3f}"

    @torch.no_grad()
    def reset_parameters(self, value: float = 1.0):
        if self.scale.item() != value:
            self.scale.fill_(value)

    def forward(self, x):
        return self.scale * x / x.norm(dim=-1, keepdim=True).clamp(min=1e-5)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = ScaledNorm()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return self.fc(self.norm(x))


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
