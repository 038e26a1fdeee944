from datetime import datetime

import torch
import torch.nn as nn


class AuditedScorer(nn.Module):
    def __init__(self, dim=12):
        super().__init__()
        self.score = nn.Sequential(nn.Linear(dim, dim), nn.SiLU(), nn.Linear(dim, 1))
        self.last_seen = None

    def forward(self, x):
        self.last_seen = datetime.now()  # breaks: compile
        return torch.sigmoid(self.score(x)).squeeze(-1)


Model = AuditedScorer


def inputs():
    torch.manual_seed(9)
    return [(torch.randn(3, 12),), (torch.randn(6, 12) * 2,)]
