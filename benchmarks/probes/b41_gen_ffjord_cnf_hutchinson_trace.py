# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ConcatSquashLinear(nn.Module):
    def __init__(self, dim_in: int, dim_out: int):
        super().__init__()
        self.layer = nn.Linear(dim_in, dim_out)
        self.hyper_gate = nn.Linear(1, dim_out)
        self.hyper_bias = nn.Linear(1, dim_out, bias=False)

    def forward(self, t: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        t = t.view(1, 1)
        return self.layer(x) * torch.sigmoid(self.hyper_gate(t)) + self.hyper_bias(t)


class ODEnet(nn.Module):
    def __init__(self, dim: int, hidden=(32, 32)):
        super().__init__()
        dims = (dim, *hidden, dim)
        self.layers = nn.ModuleList(ConcatSquashLinear(a, b) for a, b in zip(dims[:-1], dims[1:]))

    def forward(self, t, x):
        for i, layer in enumerate(self.layers):
            x = layer(t, x)
            if i < len(self.layers) - 1:
                x = torch.tanh(x)
        return x


def divergence_approx(f: torch.Tensor, y: torch.Tensor, e: torch.Tensor) -> torch.Tensor:
    """Hutchinson estimator: e^T (df/dy) e with a fixed probe vector."""
    e_dzdx = torch.autograd.grad(f, y, e, create_graph=True)[0]
    return (e_dzdx * e).sum(dim=1)


class CNF(nn.Module):
    """FFJORD-style continuous normalising flow, fixed-step RK1 integration from t=0 to T."""

    def __init__(self, dim: int = 2, T: float = 1.0, num_steps: int = 6):
        super().__init__()
        self.odefunc = ODEnet(dim)
        self.T = T
        self.num_steps = num_steps
        self.register_buffer("probe", torch.randn(1, dim).sign())

    def forward(self, x: torch.Tensor):
        logp = x.new_zeros(x.size(0))
        dt = self.T / self.num_steps
        z = x
        with torch.enable_grad():
            for k in range(self.num_steps):
                t = torch.tensor(k * dt)
                z = z.detach().requires_grad_(True) if not z.requires_grad else z
                dz = self.odefunc(t, z)
                div = divergence_approx(dz, z, self.probe.expand_as(z))
                z = z + dt * dz
                logp = logp - dt * div
        base = -0.5 * (z ** 2).sum(1) - z.size(1) * 0.9189385332046727
        return z.detach(), (base - logp).detach()


Model = CNF


def inputs():
    torch.manual_seed(4120)
    return [(torch.randn(8, 2),), (torch.randn(5, 2) * 2,)]
