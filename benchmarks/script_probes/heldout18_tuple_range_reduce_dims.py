# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class InstanceStats(nn.Module):
    def __init__(self, ch=3, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.gain = nn.Parameter(torch.ones(ch))

    def forward(self, x):
        spatial = tuple(range(2, x.dim()))
        mean = x.mean(dim=spatial, keepdim=True)
        var = x.var(dim=spatial, keepdim=True, unbiased=False)
        y = (x - mean) / torch.sqrt(var + self.eps)
        return y * self.gain.reshape([1, -1] + [1] * (x.dim() - 2))


Model = InstanceStats


def inputs():
    torch.manual_seed(195)
    return [(torch.randn(2, 3, 5),), (torch.randn(1, 3, 4, 6),)]
