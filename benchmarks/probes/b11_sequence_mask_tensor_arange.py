from typing import Optional

import torch
from torch import nn


def sequence_mask(lengths, max_len: Optional[int] = None):
    max_len = max_len or lengths.max()
    ids = torch.arange(max_len, device=lengths.device)  # breaks: compile
    return ids.unsqueeze(0) < lengths.unsqueeze(1)


class MaskedMeanPool(nn.Module):
    def forward(self, x, mask):
        mask = mask.unsqueeze(-1).to(x.dtype)
        return (x * mask).sum(1) / mask.sum(1).clamp(min=1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 6)
        self.pool = MaskedMeanPool()

    def forward(self, x, lengths):
        mask = sequence_mask(lengths)
        x = x[:, : mask.shape[1]]
        return self.pool(torch.relu(self.proj(x)), mask)


def inputs():
    return [
        (torch.randn(3, 5, 6), torch.tensor([5, 3, 2])),
        (torch.randn(3, 5, 6), torch.tensor([4, 1, 2])),
    ]
