# ruff: noqa  (a probe is written as users write models)
import itertools

import torch
import torch.nn as nn


class ConfidentPrefixPool(nn.Module):
    """Pools the leading run of tokens whose (sorted) confidence stays above a threshold."""

    def __init__(self, dim=5, threshold=0.5):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.threshold = threshold

    def forward(self, tokens):  # (T, D)
        conf, order = torch.sigmoid(self.score(tokens)).squeeze(-1).sort(descending=True)
        kept = list(itertools.takewhile(lambda c: c > self.threshold, conf))
        n = max(len(kept), 1)
        return tokens[order[:n]].mean(0)


Model = ConfidentPrefixPool


def inputs():
    torch.manual_seed(4018)
    return [(torch.randn(8, 5),), (2.0 * torch.randn(8, 5),), (torch.randn(5, 5),)]
