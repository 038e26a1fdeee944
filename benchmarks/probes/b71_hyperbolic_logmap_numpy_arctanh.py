# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


def logmap0(y: torch.Tensor, c: float) -> torch.Tensor:
    """Logarithmic map at the origin of the Poincare ball of curvature -c."""
    sqrt_c = c**0.5
    norm = torch.linalg.vector_norm(y, dim=-1, keepdim=True).clamp_min(1e-5)
    scale = np.arctanh(np.clip(sqrt_c * norm.detach().numpy(), 0, 1 - 1e-5))  # breaks: export,trace,script
    return torch.from_numpy(scale).float() * y / (sqrt_c * norm)


def expmap0(u: torch.Tensor, c: float) -> torch.Tensor:
    sqrt_c = c**0.5
    norm = torch.linalg.vector_norm(u, dim=-1, keepdim=True).clamp_min(1e-5)
    return torch.tanh(sqrt_c * norm) * u / (sqrt_c * norm)


class Model(nn.Module):
    """Hyperbolic linear layer (HNN): log map to the tangent space, linear, exp map back."""

    def __init__(self, dim: int = 4, c: float = 1.0):
        super().__init__()
        self.c = c
        self.lin = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return expmap0(self.lin(logmap0(x, self.c)), self.c)


def inputs():
    torch.manual_seed(7105)
    return [(torch.rand(3, 4) * 0.2,), (torch.rand(3, 4) * 0.45,)]
