# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Router(nn.Module):
    def __init__(self, d, n_experts):
        super().__init__()
        self.gate = nn.Linear(d, n_experts)

    def forward(self, x):
        return self.gate(x).argmax(-1)


class Model(nn.Module):
    """Switch-style mixture of experts: every token goes to its arg-max expert; tokens are
    gathered per expert with a boolean mask and written back in place."""

    def __init__(self, d: int = 8, n_experts: int = 3):
        super().__init__()
        self.router = Router(d, n_experts)
        self.experts = nn.ModuleList(nn.Linear(d, d) for _ in range(n_experts))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        flat = x.reshape(-1, x.shape[-1])
        choice = self.router(flat)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            sel = choice == e
            out[sel] = expert(flat[sel])
        return out.reshape(x.shape)


def inputs():
    torch.manual_seed(6501)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 5, 8),)]
