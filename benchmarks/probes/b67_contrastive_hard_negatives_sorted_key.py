# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Retrieval head that keeps the `k` hardest negatives of a candidate list: the candidates,
    a Python list of embeddings, are sorted by their similarity to the anchor."""

    def __init__(self, d: int = 6, k: int = 2):
        super().__init__()
        self.k = k
        self.enc = nn.Linear(d, d)

    def forward(self, anchor: torch.Tensor, candidates: torch.Tensor) -> torch.Tensor:
        a = F.normalize(self.enc(anchor), dim=-1)
        negs = [F.normalize(self.enc(c), dim=-1) for c in candidates.unbind(0)]
        ranked = sorted(negs, key=lambda n: float(n @ a), reverse=True)  # breaks: compile,export,trace,script
        hardest = ranked[: self.k]
        return torch.stack([n @ a for n in hardest])


def inputs():
    torch.manual_seed(6718)
    return [(torch.randn(6), torch.randn(5, 6)), (torch.randn(6), torch.randn(5, 6))]
