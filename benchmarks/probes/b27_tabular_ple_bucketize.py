import torch
import torch.nn as nn


class PiecewiseLinearEncoding(nn.Module):
    """Each numeric feature is encoded against its own bin edges (F, K + 1)."""

    def __init__(self, boundaries: torch.Tensor):
        super().__init__()
        self.register_buffer("left", boundaries[:, :-1].clone())
        self.register_buffer("width", (boundaries[:, 1:] - boundaries[:, :-1]).clone())

    def forward(self, x):
        t = (x.unsqueeze(-1) - self.left) / self.width
        first = t[..., :1].clamp(max=1.0)
        mid = t[..., 1:-1].clamp(0.0, 1.0)
        last = t[..., -1:].clamp(min=0.0)
        return torch.cat([first, mid, last], dim=-1)


class TabularMLP(nn.Module):
    def __init__(self, n_num=4, n_bins=6, cat_cards=(5, 9), d=8, hidden=64, n_out=3):
        super().__init__()
        edges = torch.linspace(-2.5, 2.5, n_bins + 1).repeat(n_num, 1)
        self.ple = PiecewiseLinearEncoding(edges)
        self.register_buffer("age_edges", torch.tensor([18.0, 25.0, 35.0, 50.0, 65.0]))
        self.age_emb = nn.Embedding(6, d)
        self.cat_embs = nn.ModuleList([nn.Embedding(c, d) for c in cat_cards])
        in_dim = n_num * n_bins + d * (1 + len(cat_cards))
        self.mlp = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Dropout(0.1), nn.Linear(hidden, n_out))

    def forward(self, x_num, x_cat, age):
        parts = [self.ple(x_num).flatten(1), self.age_emb(torch.bucketize(age, self.age_edges))]
        parts += [emb(x_cat[:, i]) for i, emb in enumerate(self.cat_embs)]
        return self.mlp(torch.cat(parts, dim=1))


Model = TabularMLP


def inputs():
    torch.manual_seed(279)
    return [
        (torch.randn(6, 4), torch.stack([torch.randint(0, 5, (6,)), torch.randint(0, 9, (6,))], 1),
         torch.rand(6) * 80),
        (torch.randn(3, 4) * 2, torch.stack([torch.randint(0, 5, (3,)), torch.randint(0, 9, (3,))], 1),
         torch.tensor([16.0, 40.0, 70.0])),
    ]
