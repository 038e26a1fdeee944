# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch.nn.utils.rnn import pad_sequence


class UtteranceBatcher(nn.Module):
    """Audio: a flat frame stream is split per utterance and padded into a batch."""

    def __init__(self, feat: int = 4):
        super().__init__()
        self.proj = nn.Linear(feat, feat)

    def forward(self, frames, lengths: List[int]):
        utts = list(torch.split(self.proj(frames), lengths))
        batch = pad_sequence(utts, batch_first=True, padding_value=0.0)
        return batch.sum(1)


Model = UtteranceBatcher


def inputs():
    torch.manual_seed(2718)
    return [(torch.randn(9, 4), [4, 5]), (torch.randn(10, 4), [2, 3, 5])]
