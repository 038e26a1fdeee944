# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class KnownFilter:
    """Removes candidate tails that form known (true) triples: the 'filtered' setting."""

    def __init__(self, min_keep: int):
        self.min_keep = min_keep

    def __call__(self, cands: torch.Tensor, known: torch.Tensor) -> torch.Tensor:
        keep = (~torch.isin(cands, known)).nonzero().squeeze(-1)  # breaks: compile
        if (n := keep.numel()) < self.min_keep:  # breaks: compile,export,trace
            keep = torch.arange(self.min_keep)
        return cands[keep]


class Model(nn.Module):
    """DistMult scoring of filtered negative tails."""

    def __init__(self, n_ent: int = 12, dim: int = 6):
        super().__init__()
        self.ent = nn.Embedding(n_ent, dim)
        self.rel = nn.Parameter(torch.randn(dim))
        self.filter = KnownFilter(min_keep=3)

    def forward(self, head: torch.Tensor, cands: torch.Tensor, known: torch.Tensor):
        tails = self.filter(cands, known)  # breaks: script
        return (self.ent(head) * self.rel * self.ent(tails)).sum(-1)


def inputs():
    torch.manual_seed(7424)
    cands = torch.tensor([1, 2, 3, 4, 5, 6])
    return [
        (torch.tensor(0), cands, torch.tensor([2, 9])),
        (torch.tensor(0), cands, torch.tensor([1, 2, 3, 4, 6])),
    ]
