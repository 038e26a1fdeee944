# ruff: noqa  (a probe is written as users write models)
import operator
from functools import reduce

import torch
import torch.nn as nn


class SpecialTokenMask(nn.Module):
    """Masks several special ids out of the attention pool, or-ing the per-id masks together."""

    special_ids = (0, 1, 2)

    def __init__(self, vocab=20, dim=6):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)

    def forward(self, ids):
        masks = [ids == i for i in self.special_ids]
        drop = reduce(operator.or_, masks)
        keep = (~drop).unsqueeze(-1).float()
        return (self.emb(ids) * keep).sum(1) / keep.sum(1).clamp(min=1.0)


Model = SpecialTokenMask


def inputs():
    torch.manual_seed(4017)
    return [(torch.randint(0, 20, (3, 7)),), (torch.randint(0, 20, (3, 7)),), (torch.randint(0, 20, (2, 9)),)]
