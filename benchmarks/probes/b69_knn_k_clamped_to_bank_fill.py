# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class GrowingBank(nn.Module):
    """Queue of keys filled during training; ``filled`` counts the valid slots."""

    def __init__(self, capacity: int, dim: int):
        super().__init__()
        self.register_buffer("keys", F.normalize(torch.randn(capacity, dim), dim=-1))
        self.register_buffer("filled", torch.tensor(11))

    def search(self, query: torch.Tensor, k: int) -> torch.Tensor:
        n_valid = int(self.filled)  # breaks: compile,export
        k_eff = min(k, n_valid)
        sims = query @ self.keys[:n_valid].t()
        return sims.topk(k_eff, dim=-1).values


class Model(nn.Module):
    """Contrastive retrieval head: mean similarity to the nearest valid keys of a queue."""

    def __init__(self, dim: int = 8, k: int = 16):
        super().__init__()
        self.proj = nn.Linear(10, dim)
        self.bank = GrowingBank(32, dim)
        self.k = k

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q = F.normalize(self.proj(x), dim=-1)
        return self.bank.search(q, self.k).mean(-1)


def inputs():
    torch.manual_seed(6902)
    return [(torch.randn(4, 10),), (torch.randn(2, 10),)]
