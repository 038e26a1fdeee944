import itertools

import torch
from torch import nn


class DotInteraction(nn.Module):
    def __init__(self, num_fields: int, self_interaction: bool = False):
        super().__init__()
        offset = 0 if self_interaction else 1
        rows, cols = torch.triu_indices(num_fields, num_fields, offset)
        self.register_buffer("rows", rows, persistent=False)
        self.register_buffer("cols", cols, persistent=False)
        self.num_pairs = len(list(itertools.combinations(range(num_fields), 2))) + (
            num_fields if self_interaction else 0
        )

    def forward(self, dense, sparse_embs):
        feats = torch.stack([dense, *sparse_embs], dim=1)
        inter = torch.bmm(feats, feats.transpose(1, 2))
        flat = inter[:, self.rows, self.cols]
        assert flat.shape[-1] == self.num_pairs
        return torch.cat([dense, flat], dim=-1)


class Model(nn.Module):
    def __init__(self, num_sparse: int = 3, dim: int = 4):
        super().__init__()
        self.bottom = nn.Sequential(nn.Linear(5, dim), nn.ReLU())
        self.tables = nn.ModuleDict({f"cat_{i}": nn.Embedding(10, dim) for i in range(num_sparse)})
        self.interaction = DotInteraction(num_sparse + 1)
        self.top = nn.Linear(dim + self.interaction.num_pairs, 1)

    def forward(self, dense, cat_ids):
        embs = [table(cat_ids[:, i]) for i, table in enumerate(self.tables.values())]
        return torch.sigmoid(self.top(self.interaction(self.bottom(dense), embs)))


def inputs():
    return [
        (torch.randn(2, 5), torch.tensor([[1, 2, 3], [4, 5, 6]])),
        (torch.randn(4, 5), torch.randint(0, 10, (4, 3))),
    ]
