# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """CLAP-style audio-text contrastive head with a learnable, capped logit scale."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.audio_proj = nn.Linear(16, dim)
        self.text_proj = nn.Linear(12, dim)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / 0.07)))

    def forward(self, audio: torch.Tensor, text: torch.Tensor) -> torch.Tensor:
        a = F.normalize(self.audio_proj(audio), dim=-1)
        t = F.normalize(self.text_proj(text), dim=-1)
        scale = min(self.logit_scale.exp(), 100.0)  # breaks: script
        return scale * a @ t.t()


def inputs():
    torch.manual_seed(7112)
    return [(torch.randn(3, 16), torch.randn(3, 12)), (torch.randn(4, 16), torch.randn(4, 12))]
