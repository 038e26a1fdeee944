import torch
from torch import nn

_all = torch.Tensor.all


class SafeSqrtFeatures(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def _fallback(self, h):
        return torch.sign(h) * h.abs().sqrt()

    def forward(self, x):
        h = self.lin(x)
        if _all(h >= 0):  # breaks: compile,export
            return h.sqrt()
        return self._fallback(h)


class Model(SafeSqrtFeatures):
    pass


def inputs():
    torch.manual_seed(3)
    return [(torch.randn(4, 6),), (torch.randn(2, 6),)]
