# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CodeUsage(nn.Module):
    """VQ lookup that also returns the code-usage histogram, built in a scratch buffer."""

    def __init__(self, codes=6, dim=4):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(codes, dim))
        self.register_buffer("usage", torch.zeros(codes), persistent=False)

    def forward(self, z):
        flat = z.reshape(-1, z.shape[-1])
        idx = torch.cdist(flat, self.codebook).argmin(-1)
        self.usage.zero_()
        self.usage.index_add_(0, idx, torch.ones_like(idx, dtype=self.usage.dtype))
        q = self.codebook[idx].reshape(z.shape)
        return z + (q - z).detach(), self.usage / flat.shape[0]


Model = CodeUsage


def inputs():
    torch.manual_seed(4923)
    return [(torch.randn(2, 5, 4),), (torch.randn(3, 3, 4),)]
