# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class WideAndDeep(nn.Module):
    """Recsys tower whose deep part infers its input width on the first batch."""

    def __init__(self, n_items: int = 30, dim: int = 4):
        super().__init__()
        self.item_emb = nn.Embedding(n_items, dim)
        self.deep = nn.Sequential(nn.LazyLinear(8), nn.ReLU(), nn.Linear(8, 1))
        self.wide = nn.Linear(3, 1)

    def forward(self, items, dense):
        emb = self.item_emb(items).flatten(1)
        deep_in = torch.cat([emb, dense], dim=1)
        return torch.sigmoid(self.deep(deep_in) + self.wide(dense)).squeeze(-1)


Model = WideAndDeep


def inputs():
    torch.manual_seed(2608)
    return [
        (torch.randint(0, 30, (2, 2)), torch.randn(2, 3)),
        (torch.randint(0, 30, (5, 2)), torch.randn(5, 3)),
    ]
