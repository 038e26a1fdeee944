# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Soft top-k MoE computed densely: every expert runs, the top-k outputs per token are
    gathered and mixed with renormalised gate weights."""

    def __init__(self, d: int = 4, n_experts: int = 4, k: int = 2):
        super().__init__()
        self.gate = nn.Linear(d, n_experts)
        self.w = nn.Parameter(torch.randn(n_experts, d, d) * 0.3)
        self.k = k

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logits = self.gate(x)
        top_val, top_idx = logits.topk(self.k, dim=-1)
        weights = F.softmax(top_val, dim=-1)
        all_out = torch.einsum("td,edh->teh", x, self.w)
        idx = top_idx.unsqueeze(-1).expand(-1, -1, all_out.shape[-1])
        picked = torch.gather(all_out, 1, idx)
        return (picked * weights.unsqueeze(-1)).sum(dim=1)


def inputs():
    torch.manual_seed(6616)
    return [(torch.randn(5, 4),), (torch.randn(3, 4),)]
