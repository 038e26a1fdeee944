import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, attention_mask):
        h = self.proj(x)
        valid = h[attention_mask.bool()]  # breaks: compile
        pooled = valid.mean(dim=0, keepdim=True)
        return h - pooled


def inputs():
    m1 = torch.tensor([[1, 1, 1, 0], [1, 1, 0, 0]])
    m2 = torch.tensor([[1, 0, 0, 0], [1, 1, 1, 1]])
    return [(torch.randn(2, 4, 8), m1), (torch.randn(2, 4, 8), m2)]
