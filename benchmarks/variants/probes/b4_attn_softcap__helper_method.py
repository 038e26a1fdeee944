import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, softcap: float = 30.0, causal: bool = True):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.softcap = softcap
        self.causal = causal

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        t = x.shape[1]
        scores = self.q(x) @ self.k(x).transpose(-1, -2) / x.shape[-1] ** 0.5
        if self.softcap is not None:
            scores = torch.tanh(scores / self.softcap) * self.softcap
        if self.causal:
            mask = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), 1)
            scores = scores.masked_fill(mask, float("-inf"))
        return scores.softmax(-1) @ x


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(3, 5, 8),)]
