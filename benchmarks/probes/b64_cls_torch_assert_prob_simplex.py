# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Mixture-of-experts gate that checks its routing weights sum to one with torch._assert
    before mixing the experts' outputs."""

    def __init__(self, d: int = 12, n: int = 3):
        super().__init__()
        self.gate = nn.Linear(d, n)
        self.experts = nn.ModuleList(nn.Linear(d, d) for _ in range(n))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = torch.softmax(self.gate(x), dim=-1)
        torch._assert(((w.sum(-1) - 1.0).abs() < 1e-4).all(), "gate weights must sum to 1")  # breaks: compile,export
        outs = torch.stack([e(x) for e in self.experts], dim=-1)
        return (outs * w.unsqueeze(-2)).sum(-1)


def inputs():
    torch.manual_seed(6406)
    return [(torch.randn(4, 12),), (torch.randn(4, 12),)]
