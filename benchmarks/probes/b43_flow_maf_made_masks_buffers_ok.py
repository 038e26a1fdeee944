# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedLinear(nn.Linear):
    def __init__(self, in_features, out_features, bias=True):
        super().__init__(in_features, out_features, bias)
        self.register_buffer("mask", torch.ones(out_features, in_features))

    def set_mask(self, mask):
        self.mask.data.copy_(mask.to(self.mask.dtype).T)

    def forward(self, x):
        return F.linear(x, self.mask * self.weight, self.bias)


def made_degrees(n_in, hidden_sizes, seed_order):
    degrees = [seed_order]
    for h in hidden_sizes:
        lo = min(int(degrees[-1].min()), n_in - 1)
        degrees.append(torch.arange(h) % max(1, n_in - 1) + lo)
    return degrees


class MADE(nn.Module):
    def __init__(self, n_in, hidden_sizes=(16, 16), n_out_per_in=2):
        super().__init__()
        self.n_in, self.k = n_in, n_out_per_in
        sizes = [n_in, *hidden_sizes]
        self.layers = nn.ModuleList(MaskedLinear(a, b) for a, b in zip(sizes[:-1], sizes[1:]))
        self.out = MaskedLinear(sizes[-1], n_in * n_out_per_in)
        order = torch.arange(n_in)
        degrees = made_degrees(n_in, hidden_sizes, order)
        for layer, d0, d1 in zip(self.layers, degrees[:-1], degrees[1:]):
            layer.set_mask(d0[:, None] <= d1[None, :])
        self.out.set_mask((degrees[-1][:, None] < order[None, :]).repeat(1, n_out_per_in))

    def forward(self, x):
        h = x
        for layer in self.layers:
            h = F.relu(layer(h))
        return self.out(h).view(x.size(0), self.k, self.n_in)


class MAF(nn.Module):
    """Masked autoregressive flow, density direction: x -> u with log|det|."""

    def __init__(self, dim=4, n_flows=3):
        super().__init__()
        self.mades = nn.ModuleList(MADE(dim) for _ in range(n_flows))
        self.register_buffer("perm", torch.arange(dim - 1, -1, -1))

    def forward(self, x):
        log_det = x.new_zeros(x.size(0))
        for made in self.mades:
            out = made(x)
            mu, alpha = out[:, 0], out[:, 1].clamp(-5, 5)
            x = (x - mu) * torch.exp(-alpha)
            log_det = log_det - alpha.sum(dim=1)
            x = x[:, self.perm]
        log_pz = -0.5 * (x ** 2).sum(1) - 0.5 * x.size(1) * torch.log(torch.tensor(2 * torch.pi))
        return x, log_pz + log_det


Model = MAF


def inputs():
    torch.manual_seed(4324)
    return [(torch.randn(5, 4),), (torch.randn(9, 4),)]
