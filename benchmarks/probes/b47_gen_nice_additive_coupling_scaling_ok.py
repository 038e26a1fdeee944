# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Coupling(nn.Module):
    """Additive coupling layer (NICE, Dinh et al. 2014)."""

    def __init__(self, in_out_dim, mid_dim, hidden, mask_config):
        super().__init__()
        self.mask_config = mask_config
        self.in_block = nn.Sequential(nn.Linear(in_out_dim // 2, mid_dim), nn.ReLU())
        self.mid_block = nn.ModuleList([nn.Sequential(nn.Linear(mid_dim, mid_dim), nn.ReLU()) for _ in range(hidden - 1)])
        self.out_block = nn.Linear(mid_dim, in_out_dim // 2)

    def forward(self, x, reverse=False):
        B, W = x.size()
        x = x.reshape((B, W // 2, 2))
        if self.mask_config:
            on, off = x[:, :, 0], x[:, :, 1]
        else:
            off, on = x[:, :, 0], x[:, :, 1]
        off_ = self.in_block(off)
        for block in self.mid_block:
            off_ = block(off_)
        shift = self.out_block(off_)
        if reverse:
            on = on - shift
        else:
            on = on + shift
        if self.mask_config:
            x = torch.stack((on, off), dim=2)
        else:
            x = torch.stack((off, on), dim=2)
        return x.reshape((B, W))


class Scaling(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.scale = nn.Parameter(torch.zeros((1, dim)), requires_grad=True)

    def forward(self, x, reverse=False):
        log_det_J = torch.sum(self.scale)
        if reverse:
            x = x * torch.exp(-self.scale)
        else:
            x = x * torch.exp(self.scale)
        return x, log_det_J


class NICE(nn.Module):
    def __init__(self, coupling=4, in_out_dim=8, mid_dim=16, hidden=2, mask_config=1):
        super().__init__()
        self.in_out_dim = in_out_dim
        self.coupling = nn.ModuleList(
            [Coupling(in_out_dim, mid_dim, hidden, mask_config=(mask_config + i) % 2) for i in range(coupling)]
        )
        self.scaling = Scaling(in_out_dim)

    def f(self, x):
        for i in range(len(self.coupling)):
            x = self.coupling[i](x)
        return self.scaling(x)

    def log_prob(self, x):
        z, log_det_J = self.f(x)
        # standard logistic prior
        log_ll = -(torch.nn.functional.softplus(z) + torch.nn.functional.softplus(-z)).sum(dim=1)
        return log_ll + log_det_J

    def forward(self, x):
        return self.log_prob(x)


Model = NICE


def inputs():
    torch.manual_seed(4718)
    return [(torch.randn(3, 8),), (torch.rand(5, 8),)]
