# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class EchoStateReservoir(nn.Module):
    """Echo-state network: the reservoir is rescaled when its spectral radius exceeds the target."""

    def __init__(self, in_dim=3, size=16, target_radius=0.9, steps=5):
        super().__init__()
        self.target_radius = target_radius
        self.steps = steps
        self.w_in = nn.Linear(in_dim, size, bias=False)
        self.w_res = nn.Parameter(torch.randn(size, size) * 0.5)
        self.readout = nn.Linear(size, 2)

    def forward(self, u):  # (steps, B, in_dim)
        w = self.w_res
        radius = torch.linalg.eigvals(w).abs().max()
        if radius > self.target_radius:
            w = w * (self.target_radius / radius)
        h = u.new_zeros(u.shape[1], w.shape[0])
        for t in range(self.steps):
            h = torch.tanh(self.w_in(u[t]) + h @ w.t())
        return self.readout(h)


Model = EchoStateReservoir


def inputs():
    torch.manual_seed(4031)
    return [(torch.randn(5, 2, 3),), (torch.randn(5, 2, 3),), (torch.randn(5, 4, 3),)]
