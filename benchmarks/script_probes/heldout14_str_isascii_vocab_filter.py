# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(128, 4)

    def forward(self, x, words: List[str]):
        rows: List[torch.Tensor] = []
        for w in words:
            if w.isascii():
                ids = torch.tensor([ord(c) for c in w])
                rows.append(self.emb(ids).mean(0))
        return x + torch.stack(rows).sum(0)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), ["cat", "naïve", "dog"]), (torch.randn(1, 4), ["x", "héllo"])]
