import torch
from torch import nn


class GateScorer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, 1)

    def forward(self, x):
        return torch.sigmoid(self.fc(x.mean(dim=1))).mean()


class AdaptiveDepthBlock(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.scorer = GateScorer(dim)
        self.ffn = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim * 2), nn.ReLU(), nn.Linear(dim * 2, dim))

    def forward(self, x):
        g = self.scorer(x)
        if g.item() > 0.5:  # breaks: compile,export,trace
            x = x + self.ffn(x)
        return x


Model = AdaptiveDepthBlock


def inputs():
    torch.manual_seed(4)
    x = torch.randn(2, 5, 16)
    return [(x,), (-x * 8,), (x * 8,)]
