import torch
import torch.nn as nn
from functools import partial


class TriangleMultiplicativeUpdate(nn.Module):
    def __init__(self, c_z=8, c_hidden=8, outgoing=True):
        super().__init__()
        self.layer_norm_in, self.layer_norm_out = nn.LayerNorm(c_z), nn.LayerNorm(c_hidden)
        self.linear_a_p, self.linear_a_g = nn.Linear(c_z, c_hidden), nn.Linear(c_z, c_hidden)
        self.linear_b_p, self.linear_b_g = nn.Linear(c_z, c_hidden), nn.Linear(c_z, c_hidden)
        self.linear_g, self.linear_z = nn.Linear(c_z, c_z), nn.Linear(c_hidden, c_z)
        self.outgoing = outgoing

    def _combine_projections(self, a, b):
        if self.outgoing:
            return torch.einsum("...ikc,...jkc->...ijc", a, b)
        return torch.einsum("...kic,...kjc->...ijc", a, b)

    def forward(self, z, mask):
        mask = mask.unsqueeze(-1)
        z = self.layer_norm_in(z)
        a = mask * torch.sigmoid(self.linear_a_g(z)) * self.linear_a_p(z)
        b = mask * torch.sigmoid(self.linear_b_g(z)) * self.linear_b_p(z)
        x = self.linear_z(self.layer_norm_out(self._combine_projections(a, b)))
        return x * torch.sigmoid(self.linear_g(z))


class PairStack(nn.Module):
    def __init__(self, c_z=8, n_blocks=2):
        super().__init__()
        make = {"out": partial(TriangleMultiplicativeUpdate, outgoing=True), "in": partial(TriangleMultiplicativeUpdate, outgoing=False)}
        self.blocks = nn.ModuleList(nn.ModuleDict({k: f(c_z) for k, f in make.items()}) for _ in range(n_blocks))
        self.transition = nn.Sequential(nn.LayerNorm(c_z), nn.Linear(c_z, 2 * c_z), nn.ReLU(), nn.Linear(2 * c_z, c_z))

    def forward(self, z, seq_mask):
        pair_mask = seq_mask[..., :, None] * seq_mask[..., None, :]
        for block in self.blocks:
            z = z + block["out"](z, pair_mask)
            z = z + block["in"](z, pair_mask)  # breaks: export
            z = z + self.transition(z)
        return z


Model = PairStack


def inputs():
    torch.manual_seed(3229)
    m = torch.ones(2, 7); m[1, 5:] = 0
    return [(torch.randn(2, 7, 7, 8), m), (torch.randn(1, 10, 10, 8), torch.ones(1, 10))]
