# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class VectorQuantizer(nn.Module):
    """VQ layer whose code lookup is a @torch.no_grad() helper; straight-through estimator."""

    def __init__(self, n_codes=12, dim=4):
        super().__init__()
        self.codebook = nn.Embedding(n_codes, dim)

    @torch.no_grad()
    def _nearest(self, z):
        d = torch.cdist(z.reshape(-1, z.size(-1)), self.codebook.weight)
        return d.argmin(dim=-1).view(z.shape[:-1])

    def forward(self, z):
        idx = self._nearest(z)
        q = self.codebook(idx)
        return z + (q - z).detach(), idx


Model = VectorQuantizer


def inputs():
    torch.manual_seed(4212)
    return [(torch.randn(2, 5, 4),), (torch.randn(2, 5, 4),), (torch.randn(3, 2, 4),)]
