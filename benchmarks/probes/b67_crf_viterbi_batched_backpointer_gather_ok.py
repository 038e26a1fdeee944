# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    """Batched CRF Viterbi decoding kept in tensors: back-pointers stacked, the best path
    followed back with gather over a fixed number of positions."""

    def __init__(self, d: int = 6, n_tags: int = 4, seq_len: int = 5):
        super().__init__()
        self.seq_len = seq_len
        self.emit = nn.Linear(d, n_tags)
        self.transitions = nn.Parameter(torch.randn(n_tags, n_tags))

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        emissions = self.emit(tokens)  # (batch, seq_len, tags)
        score = emissions[:, 0]
        backs: List[torch.Tensor] = []
        for i in range(1, self.seq_len):
            best, back = (score[:, :, None] + self.transitions[None]).max(dim=1)
            score = best + emissions[:, i]
            backs.append(back)
        last = score.argmax(dim=-1, keepdim=True)
        path = [last]
        for back in backs[::-1]:
            last = back.gather(1, last)
            path.append(last)
        return torch.cat(path[::-1], dim=1)


def inputs():
    torch.manual_seed(6730)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 5, 6) * 2,)]
