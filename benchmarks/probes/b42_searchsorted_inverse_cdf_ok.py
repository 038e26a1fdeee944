# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ImportanceSampler(nn.Module):
    """NeRF-style inverse-CDF sampling: searchsorted of given uniforms into the weight CDF."""

    def __init__(self, n_bins=8):
        super().__init__()
        self.weight_net = nn.Linear(n_bins, n_bins)
        self.register_buffer("edges", torch.linspace(0.0, 1.0, n_bins + 1))

    def forward(self, feats, u):
        w = F.softplus(self.weight_net(feats)) + 1e-5
        pdf = w / w.sum(-1, keepdim=True)
        cdf = torch.cat([pdf.new_zeros(pdf.shape[:-1] + (1,)), torch.cumsum(pdf, -1)], -1)
        idx = torch.searchsorted(cdf, u.contiguous(), right=True)
        below = (idx - 1).clamp(min=0)
        above = idx.clamp(max=cdf.size(-1) - 1)
        c0, c1 = cdf.gather(-1, below), cdf.gather(-1, above)
        e0, e1 = self.edges[below], self.edges[above]
        t = ((u - c0) / (c1 - c0).clamp_min(1e-5)).clamp(0, 1)
        return e0 + t * (e1 - e0)


Model = ImportanceSampler


def inputs():
    torch.manual_seed(4218)
    return [
        (torch.randn(3, 8), torch.rand(3, 5)),
        (torch.randn(3, 8), torch.rand(3, 5)),
        (torch.randn(2, 8), torch.rand(2, 7)),
    ]
