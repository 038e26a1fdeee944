import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8, softcap: float = 30.0, causal: bool = True):
        super().__init__()
        self.q = tnn.Linear(dim, dim)
        self.k = tnn.Linear(dim, dim)
        self.softcap = softcap
        self.causal = causal

    def forward(self, x):
        t = x.shape[1]
        scores = self.q(x) @ self.k(x).transpose(-1, -2) / x.shape[-1] ** 0.5
        if self.softcap is not None:
            scores = T.tanh(scores / self.softcap) * self.softcap
        if self.causal:
            mask = T.triu(T.ones(t, t, dtype=T.bool, device=x.device), 1)
            scores = scores.masked_fill(mask, float("-inf"))
        return scores.softmax(-1) @ x


def inputs():
    return [(T.randn(2, 3, 8),), (T.randn(3, 5, 8),)]
