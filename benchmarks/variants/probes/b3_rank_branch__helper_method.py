import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        if x.dim() == 2:  # breaks: trace
            x = x.unsqueeze(1)
        h = self.fc(x)
        return h.mean(dim=1)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
