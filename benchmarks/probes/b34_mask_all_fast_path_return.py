import torch
import torch.nn as nn


class PaddedTokenPool(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, valid):
        h = self.proj(x)
        if valid.all():
            return h.mean(dim=1)
        w = valid.unsqueeze(-1).to(h.dtype)
        return (h * w).sum(1) / w.sum(1).clamp_min(1.0)


Model = PaddedTokenPool


def inputs():
    torch.manual_seed(3417)
    full = torch.ones(2, 4, dtype=torch.bool)
    part = torch.tensor([[1, 1, 0, 0], [1, 1, 1, 0]], dtype=torch.bool)
    return [(torch.randn(2, 4, 8), full), (torch.randn(2, 4, 8), part)]
