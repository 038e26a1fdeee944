# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SocialPool(nn.Module):
    """Pools every other agent's hidden state, one agent at a time (Social-LSTM style)."""

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        *lead, n_agents, d = h.shape  # breaks: script
        pooled = []
        for a in range(n_agents):  # breaks: trace
            others = torch.cat([h[..., :a, :], h[..., a + 1 :, :]], -2)
            pooled.append(others.amax(-2))
        return torch.stack(pooled, -2)


class Model(nn.Module):
    def __init__(self, d: int = 6):
        super().__init__()
        self.embed = nn.Linear(2, d)
        self.pool = SocialPool()
        self.out = nn.Linear(2 * d, 2)

    def forward(self, pos: torch.Tensor) -> torch.Tensor:
        h = torch.tanh(self.embed(pos))
        return self.out(torch.cat([h, self.pool(h)], -1))


def inputs():
    torch.manual_seed(7505)
    return [(torch.randn(2, 4, 2),), (torch.randn(2, 3, 2),)]
