import torch
import torch.nn as nn


def fully_connected_edges(num_nodes: int, device=None):
    pairs = torch.combinations(torch.arange(num_nodes, device=device), r=2)
    return torch.cat([pairs, pairs.flip(1)], dim=0).t()


class EGCL(nn.Module):
    def __init__(self, hidden=16, normalize=True):
        super().__init__()
        self.normalize = normalize
        self.edge_mlp = nn.Sequential(nn.Linear(2 * hidden + 1, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU())
        self.node_mlp = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.SiLU(), nn.Linear(hidden, hidden))
        self.coord_mlp = nn.Sequential(nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 1, bias=False))

    def coord2radial(self, row, col, coord):
        diff = coord[:, row] - coord[:, col]
        radial = (diff ** 2).sum(-1, keepdim=True)
        if self.normalize:
            diff = diff / (radial.sqrt().detach() + 1.0)
        return radial, diff

    def forward(self, h, coord, row, col):
        radial, diff = self.coord2radial(row, col, coord)
        m = self.edge_mlp(torch.cat([h[:, row], h[:, col], radial], dim=-1))
        trans = diff * self.coord_mlp(m)
        agg_x = torch.zeros_like(coord).index_add_(1, row, trans)
        agg_h = torch.zeros_like(h).index_add_(1, row, m)
        return h + self.node_mlp(torch.cat([h, agg_h], dim=-1)), coord + agg_x / (coord.size(1) - 1)


class EGNN(nn.Module):
    def __init__(self, in_dim=5, hidden=16, n_layers=2):
        super().__init__()
        self.embed = nn.Linear(in_dim, hidden)
        self.layers = nn.ModuleList(EGCL(hidden) for _ in range(n_layers))

    def forward(self, feats, coords):
        row, col = fully_connected_edges(feats.size(1), feats.device)
        h = self.embed(feats)
        for layer in self.layers:
            h, coords = layer(h, coords, row, col)
        return h.mean(1), coords


Model = EGNN


def inputs():
    torch.manual_seed(3522)
    return [(torch.randn(2, 6, 5), torch.randn(2, 6, 3)), (torch.randn(3, 9, 5), torch.randn(3, 9, 3))]
