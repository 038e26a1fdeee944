import torch
from torch import nn


def owns_storage(t):
    nbytes = t.untyped_storage().nbytes()  # breaks: compile
    return nbytes == t.numel() * t.element_size()


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        if not owns_storage(h):
            h = h.clone()
        return h.relu_()


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
