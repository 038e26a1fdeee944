# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def sample_pdf(bins: torch.Tensor, weights: torch.Tensor, n: int) -> torch.Tensor:
    """Hierarchical sampling: deterministic inverse-CDF samples from piecewise-constant weights."""
    pdf = (weights + 1e-5) / (weights + 1e-5).sum(-1, keepdim=True)
    cdf = torch.cat([torch.zeros_like(pdf[..., :1]), torch.cumsum(pdf, -1)], -1)
    u = torch.linspace(0.0, 1.0, n, device=cdf.device).expand(cdf.shape[0], n).contiguous()
    inds = torch.searchsorted(cdf, u, right=True)
    below = (inds - 1).clamp(min=0)
    above = inds.clamp(max=cdf.shape[-1] - 1)
    cdf_b, cdf_a = cdf.gather(-1, below), cdf.gather(-1, above)
    bin_b, bin_a = bins.gather(-1, below), bins.gather(-1, above)
    denom = torch.where(cdf_a - cdf_b < 1e-5, torch.ones_like(cdf_a), cdf_a - cdf_b)
    return bin_b + (u - cdf_b) / denom * (bin_a - bin_b)


class Model(nn.Module):
    """NeRF fine-network sampler: the coarse weights' CDF is inverted at fixed quantiles."""

    def __init__(self, n_fine: int = 6):
        super().__init__()
        self.n_fine = n_fine
        self.coarse = nn.Linear(1, 1)

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        weights = torch.nn.functional.softplus(self.coarse(z[..., :-1, None]).squeeze(-1))
        return sample_pdf(z, weights, self.n_fine)


def inputs():
    torch.manual_seed(6726)
    z = torch.linspace(2.0, 6.0, 9).expand(4, 9).contiguous()
    return [(z,), (z[:2] + 0.5,)]
