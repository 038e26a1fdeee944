# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor
from torch.distributions import Categorical, Independent, MixtureSameFamily, Normal


class MDNHeadNoValidate(nn.Module):
    """Mixture density head: returns the negative log-likelihood of the targets."""

    def __init__(self, in_dim: int = 8, out_dim: int = 2, n_mix: int = 3):
        super().__init__()
        self.n_mix, self.out_dim = n_mix, out_dim
        self.pi = nn.Linear(in_dim, n_mix)
        self.mu = nn.Linear(in_dim, n_mix * out_dim)
        self.log_sigma = nn.Linear(in_dim, n_mix * out_dim)

    def distribution(self, h: Tensor) -> MixtureSameFamily:
        b = h.shape[0]
        mu = self.mu(h).view(b, self.n_mix, self.out_dim)
        sigma = F.softplus(self.log_sigma(h)).view(b, self.n_mix, self.out_dim) + 1e-4
        mix = Categorical(logits=self.pi(h), validate_args=False)
        comp = Independent(Normal(mu, sigma, validate_args=False), 1, validate_args=False)
        return MixtureSameFamily(mix, comp, validate_args=False)

    def forward(self, h: Tensor, y: Tensor) -> Tensor:
        return -self.distribution(h).log_prob(y).mean()


Model = MDNHeadNoValidate


def inputs():
    torch.manual_seed(5102)
    return [(torch.randn(4, 8), torch.randn(4, 2)), (torch.randn(6, 8), torch.randn(6, 2))]
