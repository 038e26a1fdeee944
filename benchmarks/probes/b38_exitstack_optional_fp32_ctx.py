# ruff: noqa  (a probe is written as users write models)
from contextlib import ExitStack

import torch
import torch.nn as nn


class Fp32Logits(nn.Module):
    """Optionally leaves autocast for the logits; contexts are collected in an ExitStack."""

    force_fp32 = True

    def __init__(self, dim=8, vocab=11):
        super().__init__()
        self.proj = nn.Linear(dim, vocab)

    def forward(self, x):
        with ExitStack() as stack:
            if self.force_fp32:
                stack.enter_context(torch.autocast("cpu", enabled=False))
            logits = self.proj(x.float())
            return logits.log_softmax(dim=-1)


Model = Fp32Logits


def inputs():
    torch.manual_seed(3807)
    return [(torch.randn(2, 4, 8),), (torch.randn(3, 6, 8),)]
