import torch
import torch.nn as nn


class ConfidentTokenPool(nn.Module):
    def __init__(self, dim=10, threshold=0.5):
        super().__init__()
        self.threshold = threshold
        self.score = nn.Linear(dim, 1)
        self.value = nn.Linear(dim, dim)

    def forward(self, tokens):
        conf = self.score(tokens).squeeze(-1).sigmoid()
        keep = conf > self.threshold
        picked = self.value(tokens)[keep]  # breaks: compile
        return picked.sum(0) / (keep.sum() + 1)


Model = ConfidentTokenPool


def inputs():
    torch.manual_seed(31)
    return [(torch.randn(2, 6, 10),), (torch.randn(2, 6, 10) * 3,)]
