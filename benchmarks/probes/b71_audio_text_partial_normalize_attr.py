# ruff: noqa  (a probe is written as users write models)
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Audio-text retrieval towers sharing an L2 normaliser configured once as a partial."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.audio = nn.Sequential(nn.Linear(20, 16), nn.GELU(), nn.Linear(16, dim))
        self.text = nn.EmbeddingBag(30, dim, mode="mean")
        self.l2 = partial(F.normalize, p=2.0, dim=-1, eps=1e-6)

    def forward(self, mel: torch.Tensor, tokens: torch.Tensor) -> torch.Tensor:
        a = self.l2(self.audio(mel.mean(1)))  # breaks: script
        t = self.l2(self.text(tokens))
        return a @ t.t()


def inputs():
    torch.manual_seed(7129)
    return [(torch.randn(3, 5, 20), torch.randint(0, 30, (3, 4))), (torch.randn(2, 7, 20), torch.randint(0, 30, (2, 4)))]
