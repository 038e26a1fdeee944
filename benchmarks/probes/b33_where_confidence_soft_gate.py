import torch
import torch.nn as nn


class ConfidenceGate(nn.Module):
    def __init__(self, dim=8, threshold=0.6):
        super().__init__()
        self.threshold = threshold
        self.conf = nn.Linear(dim, 1)
        self.refine = nn.Linear(dim, dim)

    def forward(self, x):
        c = torch.sigmoid(self.conf(x))
        refined = self.refine(x)
        return torch.where(c > self.threshold, x, refined)


Model = ConfidenceGate


def inputs():
    torch.manual_seed(360)
    return [(torch.randn(3, 8),), (torch.randn(6, 8) * 3,)]
