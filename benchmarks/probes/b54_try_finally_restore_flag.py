# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ScopedTemperatureSampler(nn.Module):
    """NLP: temporarily sharpens the softmax temperature for one pass and restores it in a finally block."""

    def __init__(self, d: int = 8, vocab: int = 11):
        super().__init__()
        self.head = nn.Linear(d, vocab)
        self.temperature = 1.0

    def forward(self, h):
        old = self.temperature
        self.temperature = 0.5
        try:
            logits = self.head(h) / self.temperature
            probs = logits.softmax(-1)
        finally:
            self.temperature = old
        return probs


Model = ScopedTemperatureSampler


def inputs():
    torch.manual_seed(5408)
    return [(torch.randn(3, 8),), (torch.randn(2, 5, 8),)]
