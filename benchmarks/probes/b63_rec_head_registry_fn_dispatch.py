# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F

SCORE_FNS = {}


def register_score(name):
    def deco(fn):
        SCORE_FNS[name] = fn
        return fn

    return deco


@register_score("dot")
def dot_score(u: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    return (u * v).sum(-1)


@register_score("cosine")
def cosine_score(u: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    return F.cosine_similarity(u, v, dim=-1)


class Model(nn.Module):
    """Two-tower retrieval model; the scoring function is looked up in a registry by name."""

    def __init__(self, dim: int = 16, score: str = "cosine"):
        super().__init__()
        self.user = nn.Linear(dim, dim)
        self.item = nn.Linear(dim, dim)
        self.score = score

    def forward(self, u: torch.Tensor, i: torch.Tensor) -> torch.Tensor:
        return SCORE_FNS[self.score](self.user(u), self.item(i))  # breaks: script


def inputs():
    torch.manual_seed(6313)
    return [(torch.randn(4, 16), torch.randn(4, 16)), (torch.randn(7, 16), torch.randn(7, 16))]
