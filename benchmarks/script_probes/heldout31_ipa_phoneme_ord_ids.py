# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class PhonemePrompt(nn.Module):
    """TTS encoder that embeds a fixed IPA speaker prompt character by character."""

    def __init__(self, vocab: int = 64, dim: int = 6):
        super().__init__()
        self.prompt = "ðə kæt"
        self.vocab = vocab
        self.embed = nn.Embedding(vocab, dim)

    def prompt_ids(self) -> List[int]:
        return [ord(c) % self.vocab for c in self.prompt]

    def forward(self, x: Tensor) -> Tensor:
        ids = torch.tensor(self.prompt_ids(), dtype=torch.long)
        p = self.embed(ids).unsqueeze(0).expand(x.shape[0], -1, -1)
        return torch.cat([p, x], dim=1)


Model = PhonemePrompt


def inputs():
    torch.manual_seed(3126)
    return [(torch.randn(2, 3, 6),), (torch.randn(1, 5, 6),)]
