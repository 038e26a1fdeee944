# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def sort_pool(x: torch.Tensor, k: int) -> torch.Tensor:
    """DGCNN SortPooling for one graph: nodes sorted by their last channel, cut or padded to k."""
    order = torch.argsort(x[:, -1], descending=True)
    x = x[order]
    n = x.size(0)
    if n < k:  # breaks: trace
        x = F.pad(x, (0, 0, 0, k - n))
    return x[:k]


class Model(nn.Module):
    def __init__(self, dim: int = 4, k: int = 6):
        super().__init__()
        self.k = k
        self.gc = nn.Linear(dim, dim)
        self.readout = nn.Conv1d(dim, 2, k)

    def forward(self, x: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        h = torch.tanh(self.gc(adj @ x))
        pooled = sort_pool(h, self.k)
        return self.readout(pooled.t().unsqueeze(0)).flatten()


def inputs():
    torch.manual_seed(7125)
    return [(torch.randn(9, 4), (torch.rand(9, 9) > 0.6).float()), (torch.randn(4, 4), (torch.rand(4, 4) > 0.6).float())]
