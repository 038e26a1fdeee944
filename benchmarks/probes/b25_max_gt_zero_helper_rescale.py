import torch
import torch.nn as nn


class PeakRescaler(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def _rescale(self, h):
        if h.max() > 1.0:  # breaks: compile,export,trace
            return h / h.max()
        return h

    def forward(self, x):
        return self._rescale(self.fc(x))


Model = PeakRescaler


def inputs():
    torch.manual_seed(14)
    return [(torch.randn(3, 8) * 0.05,), (torch.randn(3, 8) * 5,)]
