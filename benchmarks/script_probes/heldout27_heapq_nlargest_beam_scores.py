# ruff: noqa  (a probe is written as users write models)
import heapq
from typing import List

import torch
import torch.nn as nn


class BeamPruner(nn.Module):
    """Decoding step: keeps the summed log-probs of the best few hypotheses."""

    def __init__(self, vocab: int = 10, beam: int = 3):
        super().__init__()
        self.beam = beam
        self.out = nn.Linear(6, vocab)

    def forward(self, h):
        logp = self.out(h).log_softmax(-1)
        scores: List[float] = logp.max(-1).values.tolist()
        best = heapq.nlargest(self.beam, scores)
        return logp.sum(0) + sum(best)


Model = BeamPruner


def inputs():
    torch.manual_seed(2704)
    return [(torch.randn(5, 6),), (torch.randn(8, 6),)]
