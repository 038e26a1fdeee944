# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class BaseHead(nn.Module):
    def __init__(self, dim: int, classes: int):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def logits(self, x):
        return self.fc(x) / self.temperature

    def forward(self, x):
        return F.log_softmax(self.logits(x), dim=-1)


class TemperedHead(BaseHead):
    def __init__(self, dim: int = 6, classes: int = 3):
        super().__init__(dim, classes)
        self.temperature = 2.0


Model = TemperedHead


def inputs():
    torch.manual_seed(2506)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
