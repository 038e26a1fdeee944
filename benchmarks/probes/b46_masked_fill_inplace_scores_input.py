# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ScoreHead(nn.Module):
    """Attention readout over precomputed logits handed in by the caller."""

    def __init__(self, dim=8):
        super().__init__()
        self.value = nn.Linear(dim, dim)

    def forward(self, scores, keys, pad_mask):
        scores.masked_fill_(pad_mask.unsqueeze(1), float("-inf"))
        attn = F.softmax(scores / math.sqrt(keys.size(-1)), dim=-1)
        return attn @ self.value(keys)


Model = ScoreHead


def inputs():
    torch.manual_seed(4605)
    m1 = torch.tensor([[False, False, True, True], [False, False, False, True]])
    m2 = torch.tensor([[False, False, False, False, True, True]])
    return [
        (torch.randn(2, 3, 4), torch.randn(2, 4, 8), m1),
        (torch.randn(1, 5, 6), torch.randn(1, 6, 8), m2),
    ]
