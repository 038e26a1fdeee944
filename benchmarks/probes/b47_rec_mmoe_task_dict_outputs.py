# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class MLP(nn.Module):
    def __init__(self, input_dim: int, dims: List[int], dropout: float = 0.0, output_layer: bool = False):
        super().__init__()
        layers = []
        for d in dims:
            layers += [nn.Linear(input_dim, d), nn.BatchNorm1d(d), nn.ReLU(), nn.Dropout(dropout)]
            input_dim = d
        if output_layer:
            layers.append(nn.Linear(input_dim, 1))
        self.mlp = nn.Sequential(*layers)

    def forward(self, x):
        return self.mlp(x)


class MMOE(nn.Module):
    """Multi-gate Mixture-of-Experts (Ma et al. 2018), torch-rechub style."""

    def __init__(self, field_dims=(10, 20, 7), embed_dim=4, n_expert=3, expert_dims=(16,), tasks=("ctr", "cvr")):
        super().__init__()
        self.tasks = list(tasks)
        self.n_expert = n_expert
        self.embedding = nn.ModuleDict({f"f{i}": nn.Embedding(n, embed_dim) for i, n in enumerate(field_dims)})
        self.input_dims = embed_dim * len(field_dims)
        self.experts = nn.ModuleList(MLP(self.input_dims, list(expert_dims)) for _ in range(n_expert))
        self.gates = nn.ModuleList(
            nn.Sequential(nn.Linear(self.input_dims, n_expert), nn.Softmax(dim=1)) for _ in self.tasks
        )
        self.towers = nn.ModuleDict({t: MLP(expert_dims[-1], [8], output_layer=True) for t in self.tasks})

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        embed_x = torch.cat([emb(x[:, i]) for i, emb in enumerate(self.embedding.values())], dim=1)
        expert_outs = torch.stack([expert(embed_x) for expert in self.experts], dim=1)  # B, E, D
        ys = {}
        for task, gate in zip(self.tasks, self.gates):
            g = gate(embed_x)  # B, E
            task_in = torch.einsum("be,bed->bd", g, expert_outs)
            ys[task] = torch.sigmoid(self.towers[task](task_in).squeeze(1))
        return ys


Model = MMOE


def inputs():
    torch.manual_seed(4713)

    def batch(n):
        return torch.stack([torch.randint(0, 10, (n,)), torch.randint(0, 20, (n,)), torch.randint(0, 7, (n,))], dim=1)

    return [(batch(4),), (batch(6),)]
