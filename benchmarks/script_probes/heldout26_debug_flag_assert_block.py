# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MixtureDensityHead(nn.Module):
    """Gaussian mixture head; validates the mixture weights when asserts are on."""

    def __init__(self, dim: int = 6, k: int = 3):
        super().__init__()
        self.k = k
        self.proj = nn.Linear(dim, 3 * k)

    def forward(self, h):
        logit_pi, mu, log_sigma = self.proj(h).split(self.k, dim=-1)
        pi = F.softmax(logit_pi, dim=-1)
        if __debug__:
            assert torch.allclose(pi.sum(-1), torch.ones_like(pi[..., 0]), atol=1e-5)
        return pi, mu, log_sigma.exp()


Model = MixtureDensityHead


def inputs():
    torch.manual_seed(2610)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
