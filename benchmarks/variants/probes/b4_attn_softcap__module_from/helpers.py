import torch
from torch import nn


def model_forward(self, x):
    t = x.shape[1]
    scores = self.q(x) @ self.k(x).transpose(-1, -2) / x.shape[-1] ** 0.5
    if self.softcap is not None:
        scores = torch.tanh(scores / self.softcap) * self.softcap
    if self.causal:
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), 1)
        scores = scores.masked_fill(mask, float("-inf"))
    return scores.softmax(-1) @ x
