# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SNLinear(nn.Module):
    """Spectral normalisation by hand: one power iteration per training step, the estimate of the
    leading singular vector kept in a buffer and only read in eval."""

    def __init__(self, d_in: int, d_out: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(d_out, d_in) * 0.3)
        self.bias = nn.Parameter(torch.zeros(d_out))
        self.register_buffer("u", F.normalize(torch.randn(d_out), dim=0))

    def sigma(self) -> torch.Tensor:
        u = self.u
        if self.training:
            with torch.no_grad():
                v = F.normalize(self.weight.t() @ u, dim=0)
                u = F.normalize(self.weight @ v, dim=0)
                self.u.copy_(u)
        v = F.normalize(self.weight.t() @ u, dim=0)
        return u @ self.weight @ v

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.linear(x, self.weight / self.sigma(), self.bias)


class Model(nn.Module):
    """Lipschitz-constrained critic."""

    def __init__(self):
        super().__init__()
        self.l1 = SNLinear(6, 16)
        self.l2 = SNLinear(16, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.l2(F.leaky_relu(self.l1(x), 0.2))


def inputs():
    torch.manual_seed(6917)
    return [(torch.randn(4, 6),), (torch.randn(9, 6),)]
