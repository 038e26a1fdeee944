# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AttentionPool(nn.Module):
    """Old-style attention pooling: scores squeezed to (batch, seq), softmax with no dim."""

    def __init__(self, dim=8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, h):
        scores = self.score(h).squeeze(2)
        alpha = F.softmax(scores)
        return torch.bmm(alpha.unsqueeze(1), h).squeeze(1)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(4, 8, 3, padding=1)
        self.pool = AttentionPool(8)
        self.out = nn.Linear(8, 3)

    def forward(self, x):
        h = torch.relu(self.conv(x.transpose(1, 2))).transpose(1, 2)
        return self.out(self.pool(h))


Model = Classifier


def inputs():
    torch.manual_seed(30)
    return [(torch.randn(2, 6, 4),), (torch.randn(3, 4, 4),)]
