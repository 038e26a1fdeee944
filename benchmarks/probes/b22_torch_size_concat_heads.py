import torch
import torch.nn as nn


class HeadSplitter(nn.Module):
    def __init__(self, dim=16, heads=4):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.proj(x)
        shape = h.shape[:-1] + torch.Size((self.heads, self.head_dim))
        h = h.view(shape)
        return torch.softmax(h, dim=-1).flatten(-2)


Model = HeadSplitter


def inputs():
    torch.manual_seed(27)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 9, 16),)]
