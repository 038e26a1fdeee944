# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ReversibleCoupling(nn.Module):
    """Normalizing-flow coupling layer that verifies its own inverse with torch.testing."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.half = dim // 2
        self.net = nn.Sequential(nn.Linear(self.half, 16), nn.Tanh(), nn.Linear(16, 2 * self.half))

    def forward(self, x):
        a, b = x[:, : self.half], x[:, self.half :]
        log_s, t = self.net(a).chunk(2, dim=-1)
        y = b * torch.exp(log_s) + t
        torch.testing.assert_close((y - t) * torch.exp(-log_s), b, rtol=1e-4, atol=1e-4)
        return torch.cat([a, y], dim=-1), log_s.sum(-1)


Model = ReversibleCoupling


def inputs():
    torch.manual_seed(2711)
    return [(torch.randn(4, 6),), (torch.randn(9, 6),)]
