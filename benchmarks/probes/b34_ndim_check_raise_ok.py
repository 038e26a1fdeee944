import torch
import torch.nn as nn


class SequenceClassifier(nn.Module):
    def __init__(self, dim=8, classes=3):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)
        self.out = nn.Linear(dim, classes)

    def forward(self, seq):
        if seq.dim() != 3:
            raise ValueError(f"expected (batch, time, dim), got {tuple(seq.shape)}")
        h = self.conv(seq.transpose(1, 2)).relu()
        return self.out(h.mean(-1))


Model = SequenceClassifier


def inputs():
    torch.manual_seed(3431)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 4, 8),)]
