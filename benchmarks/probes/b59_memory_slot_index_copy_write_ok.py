# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Memory-augmented network: new key vectors are written into chosen rows of a slot
    memory with Tensor.index_copy (out of place), then the query attends over the memory."""

    def __init__(self, d: int = 8, n_slots: int = 10):
        super().__init__()
        self.memory = nn.Parameter(torch.randn(n_slots, d) * 0.1)
        self.write = nn.Linear(d, d)
        self.query = nn.Linear(d, d)

    def forward(self, x: torch.Tensor, slots: torch.Tensor) -> torch.Tensor:
        mem = self.memory.index_copy(0, slots, torch.tanh(self.write(x)))
        attn = (self.query(x) @ mem.t()).softmax(-1)
        return attn @ mem


def inputs():
    torch.manual_seed(5929)
    return [(torch.randn(3, 8), torch.tensor([1, 4, 7])), (torch.randn(5, 8), torch.tensor([0, 2, 3, 8, 9]))]
