import torch
import torch.nn.functional as F
from torch import Tensor, nn
from torch.distributions import Categorical, MixtureSameFamily, Normal


class MDNHead(nn.Module):
    """Mixture density network output layer (Bishop 1994)."""

    def __init__(self, d_in: int, num_mixtures: int):
        super().__init__()
        self.pi = nn.Linear(d_in, num_mixtures)
        self.mu = nn.Linear(d_in, num_mixtures)
        self.sigma = nn.Linear(d_in, num_mixtures)

    def distribution(self, h: Tensor) -> MixtureSameFamily:
        mix = Categorical(logits=self.pi(h))
        comp = Normal(self.mu(h), F.softplus(self.sigma(h)) + 1e-3)
        return MixtureSameFamily(mix, comp)

    def forward(self, h: Tensor, y: Tensor) -> Tensor:
        return -self.distribution(h).log_prob(y).mean()


class Model(nn.Module):
    def __init__(self, d: int = 4, hidden: int = 8):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, hidden), nn.Tanh())
        self.mdn = MDNHead(hidden, 3)

    def forward(self, x: Tensor, y: Tensor) -> Tensor:
        return self.mdn(self.body(x), y)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(5, 4), torch.randn(5)), (torch.randn(8, 4), torch.randn(8) * 3)]
