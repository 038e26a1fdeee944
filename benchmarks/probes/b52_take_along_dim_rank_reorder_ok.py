# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ScoreRerank(nn.Module):
    """Reranker: scores candidates, then reorders features and scores with torch.take_along_dim."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.scorer = nn.Linear(d, 1)

    def forward(self, feats: Tensor) -> Tensor:
        scores = self.scorer(feats)
        order = scores.argsort(dim=1, descending=True)
        ranked = torch.take_along_dim(feats, order, dim=1)
        return ranked * torch.take_along_dim(scores, order, dim=1).sigmoid()


Model = ScoreRerank


def inputs():
    torch.manual_seed(5223)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 8, 6),)]
