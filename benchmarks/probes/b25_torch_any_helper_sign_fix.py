import torch
import torch.nn as nn


def _has_negative(t):
    return torch.any(t < 0)


class CountRateHead(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, 1)

    def forward(self, counts):
        if _has_negative(counts):  # breaks: compile,export,trace
            counts = counts - counts.min()
        return nn.functional.softplus(self.fc(counts))


Model = CountRateHead


def inputs():
    torch.manual_seed(13)
    return [(torch.randn(4, 8),), (torch.rand(4, 8) + 0.5,), (torch.randn(4, 8) * 3,)]
