import torch
import torch.nn as nn


class MaskedMeanPool(nn.Module):
    def __init__(self, dim=8, out=4):
        super().__init__()
        self.proj = nn.Linear(dim, out)

    def forward(self, x, mask):
        m = mask.unsqueeze(-1).to(x.dtype)
        pooled = (x * m).sum(1) / m.sum(1).clamp(min=1.0)
        return self.proj(pooled)


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(32)
    m1 = torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]])
    m2 = torch.tensor([[1, 0, 0, 0, 0], [0, 0, 0, 0, 0]])
    m3 = torch.ones(3, 7, dtype=torch.long)
    return [(torch.randn(2, 5, 8), m1), (torch.randn(2, 5, 8), m2), (torch.randn(3, 7, 8), m3)]
