import torch
from torch import nn


class SparseViewFusion(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    @staticmethod
    def _active(views):
        return list(filter(lambda v: v.abs().sum() > 0, views))  # breaks: compile,export,trace

    def forward(self, a, b, c):
        views = self._active([a, b, c])
        fused = torch.stack(views).mean(dim=0)
        return self.proj(fused)


Model = SparseViewFusion


def inputs():
    torch.manual_seed(14)
    return [
        (torch.randn(2, 8), torch.zeros(2, 8), torch.randn(2, 8)),
        (torch.randn(2, 8), torch.randn(2, 8), torch.randn(2, 8)),
        (torch.zeros(2, 8), torch.zeros(2, 8), torch.randn(2, 8) * 2),
    ]
