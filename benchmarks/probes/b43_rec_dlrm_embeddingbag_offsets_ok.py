# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


def make_mlp(sizes: List[int], sigmoid_layer: int = -1) -> nn.Sequential:
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        layers.append(nn.Sigmoid() if i == sigmoid_layer else nn.ReLU())
    return nn.Sequential(*layers)


class DotInteraction(nn.Module):
    def __init__(self, num_features: int, self_interaction: bool = False):
        super().__init__()
        offset = 0 if self_interaction else -1
        li, lj = torch.tril_indices(num_features, num_features, offset=offset)
        self.register_buffer("li", li, persistent=False)
        self.register_buffer("lj", lj, persistent=False)

    def forward(self, dense: torch.Tensor, sparse: List[torch.Tensor]) -> torch.Tensor:
        t = torch.stack([dense] + sparse, dim=1)
        z = torch.bmm(t, t.transpose(1, 2))
        return torch.cat([dense, z[:, self.li, self.lj]], dim=1)


class DLRM(nn.Module):
    def __init__(self, table_sizes=(11, 7, 13), dim=4, n_dense=5, top=(8, 1)):
        super().__init__()
        self.bot_mlp = make_mlp([n_dense, 8, dim])
        self.tables = nn.ModuleList(nn.EmbeddingBag(n, dim, mode="sum") for n in table_sizes)
        self.interaction = DotInteraction(len(table_sizes) + 1)
        n_pairs = (len(table_sizes) + 1) * len(table_sizes) // 2
        self.top_mlp = make_mlp([dim + n_pairs, *top], sigmoid_layer=len(top) - 1)

    def forward(self, dense: torch.Tensor, indices: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        # indices: (n_tables, n_ids) flat ids; offsets: (n_tables, batch) bag starts
        x = self.bot_mlp(dense)
        ly = [table(indices[k], offsets[k]) for k, table in enumerate(self.tables)]
        return self.top_mlp(self.interaction(x, ly))


Model = DLRM


def inputs():
    torch.manual_seed(4309)
    return [
        (torch.randn(3, 5), torch.randint(0, 7, (3, 8)), torch.tensor([[0, 2, 5]] * 3)),
        (torch.randn(3, 5), torch.randint(0, 7, (3, 8)), torch.tensor([[0, 1, 1], [0, 4, 6], [0, 3, 7]])),
        (torch.randn(2, 5), torch.randint(0, 7, (3, 6)), torch.tensor([[0, 3]] * 3)),
    ]
