# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Soft top-2 MoE computed densely: every expert runs, the router's top-2 weights mix them."""

    def __init__(self, dim: int = 6, n_experts: int = 4, k: int = 2):
        super().__init__()
        self.k, self.n_experts = k, n_experts
        self.router = nn.Linear(dim, n_experts)
        self.w1 = nn.Parameter(torch.randn(n_experts, dim, 2 * dim) * 0.2)
        self.w2 = nn.Parameter(torch.randn(n_experts, 2 * dim, dim) * 0.2)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        top, idx = self.router(tokens).topk(self.k, -1)
        combine = (F.one_hot(idx, self.n_experts) * top.softmax(-1).unsqueeze(-1)).sum(-2)
        hidden = F.gelu(torch.einsum("td,edh->teh", tokens, self.w1))
        out = torch.einsum("teh,ehd->ted", hidden, self.w2)
        return torch.einsum("te,ted->td", combine, out)


def inputs():
    torch.manual_seed(7227)
    return [(torch.randn(10, 6),), (torch.randn(3, 6),)]
