# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn


@functools.lru_cache(maxsize=None)
def gnmt_length_penalty(length: int, alpha: float) -> float:
    return ((5.0 + length) / 6.0) ** alpha


class Model(nn.Module):
    """Rescoring head: each hypothesis' summed log-prob divided by the GNMT penalty of its own length."""

    def __init__(self, vocab: int = 9, alpha: float = 0.6, pad: int = 0):
        super().__init__()
        self.out = nn.Linear(4, vocab)
        self.alpha, self.pad = alpha, pad

    def forward(self, hidden: torch.Tensor, tokens: torch.Tensor) -> torch.Tensor:
        live = tokens != self.pad
        logp = self.out(hidden).log_softmax(-1).gather(-1, tokens.unsqueeze(-1)).squeeze(-1)
        penalties = [gnmt_length_penalty(n, self.alpha) for n in live.sum(-1).tolist()]  # breaks: compile,export,trace,script
        return (logp * live).sum(-1) / torch.tensor(penalties)


def inputs():
    torch.manual_seed(7215)
    return [(torch.randn(3, 6, 4), torch.randint(0, 9, (3, 6))), (torch.randn(3, 6, 4), torch.randint(0, 3, (3, 6)))]
