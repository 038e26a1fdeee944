# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class Model(nn.Module):
    """Tabular model that buckets a numeric column into quantile bins computed on the batch
    with numpy, then embeds the bin ids."""

    def __init__(self, n_bins: int = 4, d: int = 6):
        super().__init__()
        self.n_bins = n_bins
        self.bin_embed = nn.Embedding(n_bins, d)
        self.head = nn.Linear(d, 1)

    def forward(self, amount: torch.Tensor) -> torch.Tensor:
        qs = np.linspace(0, 1, self.n_bins + 1)[1:-1]
        edges = np.quantile(amount.detach().cpu().numpy(), qs)  # breaks: export,trace,script
        bins = torch.bucketize(amount, torch.as_tensor(edges, dtype=amount.dtype))
        return self.head(self.bin_embed(bins)).squeeze(-1)


def inputs():
    torch.manual_seed(6711)
    return [(torch.randn(10),), (torch.randn(10) * 3 + 1,)]
