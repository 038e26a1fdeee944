# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MemoryBank(nn.Module):
    """Fixed-size bank of normalised keys with one label per slot (a kNN-LM style datastore)."""

    def __init__(self, size: int, dim: int, n_classes: int):
        super().__init__()
        g = torch.Generator().manual_seed(3)
        self.register_buffer("keys", F.normalize(torch.randn(size, dim, generator=g), dim=-1))
        self.register_buffer("labels", torch.randint(0, n_classes, (size,), generator=g))
        self.n_classes = n_classes

    def lookup(self, query: torch.Tensor, k: int):
        sims = F.normalize(query, dim=-1) @ self.keys.t()
        scores, idx = sims.topk(k, dim=-1)
        return scores, self.labels[idx]


class Model(nn.Module):
    """Retrieval head: blend the classifier's distribution with a vote of the k nearest keys."""

    def __init__(self, dim: int = 16, n_classes: int = 5, k: int = 4, tau: float = 0.1):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(12, dim), nn.GELU(), nn.Linear(dim, dim))
        self.classifier = nn.Linear(dim, n_classes)
        self.bank = MemoryBank(64, dim, n_classes)
        self.k = k
        self.tau = tau
        self.lam = 0.3

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.encoder(x)
        p_model = self.classifier(h).softmax(-1)
        scores, labels = self.bank.lookup(h, self.k)
        weights = (scores / self.tau).softmax(-1)
        p_knn = torch.zeros_like(p_model).scatter_add_(1, labels, weights)
        return (1 - self.lam) * p_model + self.lam * p_knn


def inputs():
    torch.manual_seed(6901)
    return [(torch.randn(3, 12),), (torch.randn(7, 12),)]
