# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class IterativeRefiner(nn.Module):
    """Refines a prediction until the update is small; if it never converges it applies a final damping."""

    def __init__(self, dim: int = 8, max_iters: int = 4, tol: float = 1e-3):
        super().__init__()
        self.update = nn.Linear(dim, dim)
        self.max_iters = max_iters
        self.tol = tol

    def forward(self, x: Tensor) -> Tensor:
        i = 0
        while i < self.max_iters:
            delta = torch.tanh(self.update(x)) * 0.1
            x = x + delta
            if float(delta.abs().max()) < self.tol:
                break
            i += 1
        else:
            x = x * 0.9
        return x


Model = IterativeRefiner


def inputs():
    torch.manual_seed(4205)
    return [(torch.randn(2, 8),), (torch.randn(1, 3, 8),)]
