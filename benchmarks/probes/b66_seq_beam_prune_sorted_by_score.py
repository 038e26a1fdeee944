# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn


class Model(nn.Module):
    """Greedy beam-style decoder: keeps the best hypotheses with Python's sorted() over
    (score, token) pairs at every step."""

    def __init__(self, vocab: int = 6, d: int = 4, beam: int = 2, steps: int = 3):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.out = nn.Linear(d, vocab)
        self.beam, self.steps = beam, steps

    def forward(self, state: torch.Tensor) -> torch.Tensor:
        logp = self.out(state).log_softmax(-1)
        cands = [(logp[i], i) for i in range(logp.shape[0])]
        best = sorted(cands, key=lambda c: c[0], reverse=True)[: self.beam]  # breaks: compile,export,trace,script
        tokens = torch.tensor([tok for _, tok in best])
        total = torch.stack([s for s, _ in best]).sum()
        return self.emb(tokens).sum(0) + total


def inputs():
    torch.manual_seed(6611)
    return [(torch.randn(4),), (torch.randn(4) * 3,)]
