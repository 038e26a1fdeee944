# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class SamplingConfig:
    temperature: float = 0.7
    top_p: float = 0.9
    min_tokens_to_keep: int = 1


def top_p_filter(logits: torch.Tensor, top_p: float, min_keep: int) -> torch.Tensor:
    sorted_logits, order = logits.sort(dim=-1, descending=True)
    cum = sorted_logits.softmax(-1).cumsum(-1)
    drop = cum - sorted_logits.softmax(-1) > top_p
    drop[..., :min_keep] = False
    drop = drop.scatter(-1, order, drop)
    return logits.masked_fill(drop, float("-inf"))


class Model(nn.Module):
    """Language-model head that returns next-token log-probabilities after temperature and
    nucleus filtering (the sampling itself happens outside)."""

    def __init__(self, vocab: int = 20, dim: int = 8, cfg: SamplingConfig = SamplingConfig()):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.temperature = cfg.temperature
        self.top_p = cfg.top_p
        self.min_keep = cfg.min_tokens_to_keep

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        logits = self.lm_head(hidden[:, -1]) / self.temperature
        return top_p_filter(logits, self.top_p, self.min_keep).log_softmax(-1)


def inputs():
    torch.manual_seed(6926)
    return [(torch.randn(2, 4, 8) * 3,), (torch.randn(3, 6, 8) * 3,)]
