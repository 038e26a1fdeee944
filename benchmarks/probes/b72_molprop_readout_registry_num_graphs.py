# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

READOUTS = {}


def register_readout(name):
    def deco(fn):
        READOUTS[name] = fn
        return fn

    return deco


@register_readout("sum")
def sum_readout(h: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
    num_graphs = int(batch.max()) + 1  # breaks: compile,export,trace
    return h.new_zeros(num_graphs, h.size(-1)).index_add_(0, batch, h)


@register_readout("mean")
def mean_readout(h: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
    total = sum_readout(h, batch)
    count = torch.bincount(batch).clamp(min=1).unsqueeze(-1)
    return total / count


class Model(nn.Module):
    """Molecular property head: atom embeddings pooled per molecule by a registered readout."""

    def __init__(self, n_elements: int = 10, dim: int = 8, readout: str = "sum"):
        super().__init__()
        self.embed = nn.Embedding(n_elements, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.SiLU(), nn.Linear(dim, 1))
        self.readout = READOUTS[readout]

    def forward(self, z: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
        return self.mlp(self.readout(self.embed(z), batch)).squeeze(-1)


def inputs():
    torch.manual_seed(7205)
    return [
        (torch.randint(0, 10, (9,)), torch.tensor([0, 0, 0, 1, 1, 1, 1, 2, 2])),
        (torch.randint(0, 10, (9,)), torch.tensor([0, 0, 1, 1, 2, 2, 3, 3, 3])),
    ]
