# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d, p=0.1):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.drop = nn.Dropout(p)

    def forward(self, x):
        return x + self.drop(torch.relu(self.fc(x)))


class ScheduledDropoutNet(nn.Module):
    """Anneals every dropout rate from a counter that forward advances."""

    def __init__(self, d: int = 8, depth: int = 3, p_final: float = 0.3, warmup: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(d, 0.0) for _ in range(depth)])
        self.p_final, self.warmup = p_final, warmup
        self.calls = 0

    def _set_dropout(self, p: float):
        for m in self.modules():
            if isinstance(m, nn.Dropout):
                m.p = p

    def forward(self, x):
        self.calls += 1
        self._set_dropout(self.p_final * min(1.0, self.calls / self.warmup))
        return self.blocks(x)


Model = ScheduledDropoutNet


def inputs():
    torch.manual_seed(5116)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
