# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.fx._symbolic_trace import is_fx_tracing


class ProbHead(nn.Module):
    def __init__(self, dim=8, classes=4):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x, prior):
        if not is_fx_tracing():
            if (prior < 0).any():
                raise ValueError("prior must be non-negative")
        logits = self.fc(x)
        return logits + prior.clamp_min(1e-6).log()


Model = ProbHead


def inputs():
    torch.manual_seed(4906)
    return [
        (torch.randn(2, 8), torch.rand(4)),
        (torch.randn(3, 8), torch.rand(4) + 0.5),
    ]
