import numpy as np
import torch
from torch import Tensor, nn


def quantile_edges(col: Tensor, n_bins: int) -> Tensor:
    probs = np.linspace(0, 1, n_bins + 1)[1:-1]
    qs = np.quantile(col.detach().cpu().numpy(), probs)  # breaks: export,trace
    return torch.as_tensor(qs, dtype=col.dtype, device=col.device)


class BatchQuantileEncoder(nn.Module):
    def __init__(self, n_bins: int, dim: int):
        super().__init__()
        self.n_bins = n_bins
        self.embed = nn.Embedding(n_bins, dim)

    def forward(self, col: Tensor) -> Tensor:
        edges = quantile_edges(col, self.n_bins)
        return self.embed(torch.bucketize(col, edges))


class Model(nn.Module):
    def __init__(self, n_cols: int = 2, dim: int = 4):
        super().__init__()
        self.encoders = nn.ModuleList(BatchQuantileEncoder(4, dim) for _ in range(n_cols))
        self.head = nn.Linear(n_cols * dim, 1)

    def forward(self, x: Tensor) -> Tensor:
        parts = [enc(x[:, i].contiguous()) for i, enc in enumerate(self.encoders)]
        return self.head(torch.cat(parts, -1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(8, 2),), (torch.randn(8, 2) * 10 + 3,)]
