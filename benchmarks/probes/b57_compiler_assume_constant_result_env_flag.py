# ruff: noqa  (a probe is written as users write models)
import os

import torch
import torch.nn as nn


@torch.compiler.assume_constant_result
def use_fp32_logits() -> bool:
    return os.environ.get("MODEL_FP32_LOGITS", "1") == "1"


class LMHead(nn.Module):
    """NLP: an env-var switch for float32 logits, read through a helper marked
    torch.compiler.assume_constant_result so the compiler treats it as a constant."""

    def __init__(self, d: int = 16, vocab: int = 30):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.proj = nn.Linear(d, vocab)

    def forward(self, h):
        logits = self.proj(self.norm(h))
        if use_fp32_logits():
            logits = logits.float()
        return torch.log_softmax(logits, dim=-1)


Model = LMHead


def inputs():
    torch.manual_seed(5727)
    return [(torch.randn(2, 4, 16),), (torch.randn(1, 7, 16),)]
