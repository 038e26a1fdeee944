# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


class FixedNoiseInjection(nn.Module):
    """Adds reproducible noise without disturbing the global RNG stream."""

    def __init__(self, dim=8, seed=1234, sigma=0.1):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.seed = seed
        self.sigma = sigma

    def forward(self, x):
        state = torch.get_rng_state()
        torch.manual_seed(self.seed)
        noise = torch.randn_like(x) * self.sigma
        torch.set_rng_state(state)
        return self.fc(x + noise)


Model = FixedNoiseInjection


def inputs():
    torch.manual_seed(3604)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(5, 8),)]
