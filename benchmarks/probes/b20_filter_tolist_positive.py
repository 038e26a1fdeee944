import torch
from torch import nn


def positive_count(values):
    return len(list(filter(lambda v: v > 0, values.tolist())))  # breaks: compile,export,trace


class PositiveShare(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, 1)

    def forward(self, x):
        logits = self.fc(x).squeeze(-1)
        share = positive_count(logits) / logits.numel()
        return logits.sigmoid() * share


Model = PositiveShare


def inputs():
    torch.manual_seed(4)
    return [(torch.randn(6, 8) - 3.0,), (torch.randn(6, 8) + 3.0,), (torch.randn(9, 8),)]
