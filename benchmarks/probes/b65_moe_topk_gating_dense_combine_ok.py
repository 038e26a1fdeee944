# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Top-2 gated mixture of experts computed densely: every expert runs on every token and
    the top-k gate weights (scattered into a dense gate matrix) combine the outputs."""

    def __init__(self, d: int = 8, n_experts: int = 4, k: int = 2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(d, n_experts, bias=False)
        self.experts = nn.ModuleList(nn.Linear(d, d) for _ in range(n_experts))

    def _dense_gates(self, logits):
        vals, idx = logits.topk(self.k, dim=-1)
        vals = vals.softmax(-1)
        return torch.zeros_like(logits).scatter(-1, idx, vals)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        gates = self._dense_gates(self.gate(x))
        outs = torch.stack([e(x) for e in self.experts], dim=-2)
        return (gates.unsqueeze(-1) * outs).sum(-2)


def inputs():
    torch.manual_seed(6502)
    return [(torch.randn(2, 6, 8),), (torch.randn(3, 4, 8),)]
