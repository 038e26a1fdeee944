import numpy as np
import torch
import torch.nn as nn

PRIMES = (1, 2654435761, 805459861)


class HashGridEncoding(nn.Module):
    def __init__(self, n_levels=4, n_features=2, log2_table=8, base_res=4, max_res=32):
        super().__init__()
        self.n_levels, self.table_size = n_levels, 2 ** log2_table
        b = np.exp((np.log(max_res) - np.log(base_res)) / (n_levels - 1))
        self.register_buffer("resolutions", torch.tensor([int(np.floor(base_res * b ** l)) for l in range(n_levels)]))
        self.tables = nn.Parameter(torch.empty(n_levels, self.table_size, n_features).uniform_(-1e-1, 1e-1))
        corners = torch.tensor([[(i >> k) & 1 for k in range(3)] for i in range(8)])
        self.register_buffer("corners", corners)
        self.register_buffer("primes", torch.tensor(PRIMES))

    def hash(self, coords):
        h = coords * self.primes
        return (h[..., 0] ^ h[..., 1] ^ h[..., 2]) % self.table_size

    def forward(self, x):
        feats = []
        for level in range(self.n_levels):
            scaled = x * self.resolutions[level]
            base = scaled.floor().long()
            frac = scaled - base
            idx = self.hash(base.unsqueeze(1) + self.corners)
            w = torch.where(self.corners.bool(), frac.unsqueeze(1), 1 - frac.unsqueeze(1)).prod(-1)
            feats.append((self.tables[level][idx] * w.unsqueeze(-1)).sum(1))
        return torch.cat(feats, -1)


class NGPField(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoding = HashGridEncoding()
        self.mlp = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 4))

    def forward(self, points):
        out = self.mlp(self.encoding(points))
        return torch.relu(out[..., :1]), torch.sigmoid(out[..., 1:])


Model = NGPField


def inputs():
    torch.manual_seed(3223)
    return [(torch.rand(10, 3),), (torch.rand(17, 3),)]
