# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

PERIODIC = {"H": 1, "C": 6, "N": 7, "O": 8, "F": 9, "S": 16}


class Model(nn.Module):
    """Molecule property head whose element table is built from a symbol list by a class method."""

    def __init__(self, atomic_numbers=(1, 6, 7, 8), dim: int = 8):
        super().__init__()
        lookup = torch.full((20,), len(atomic_numbers), dtype=torch.long)
        for i, zz in enumerate(atomic_numbers):
            lookup[zz] = i
        self.register_buffer("lookup", lookup)
        self.embed = nn.Embedding(len(atomic_numbers) + 1, dim)
        self.head = nn.Linear(dim, 1)

    @classmethod
    def from_symbols(cls, symbols, dim: int = 8) -> "Model":
        return cls(tuple(PERIODIC[s] for s in symbols), dim)

    def forward(self, atomic_numbers: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        h = self.embed(self.lookup[atomic_numbers]) * mask.unsqueeze(-1)
        return self.head(h.sum(1)).squeeze(-1) / mask.sum(1).clamp(min=1)


def inputs():
    torch.manual_seed(7206)
    z = torch.tensor([[6, 1, 1, 8, 0], [7, 1, 1, 1, 0]])
    return [(z, (z > 0).float()), (torch.tensor([[6, 6, 8, 1, 1], [8, 1, 1, 0, 0]]), torch.tensor([[1.0, 1, 1, 1, 1], [1, 1, 1, 0, 0]]))]
