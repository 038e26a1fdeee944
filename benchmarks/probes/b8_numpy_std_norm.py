import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        spread = h.detach().numpy().std()  # breaks: export,trace
        return h / (spread + 1e-5)


def inputs():
    return [(torch.randn(4, 8),), (torch.randn(4, 8) * 3,)]
