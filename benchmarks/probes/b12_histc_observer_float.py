import torch
from torch import Tensor, nn


class HistogramObserver(nn.Module):
    def __init__(self, bins: int = 16):
        super().__init__()
        self.bins = bins
        self.register_buffer("hist", torch.zeros(bins))

    def forward(self, x: Tensor) -> Tensor:
        lo, hi = float(x.min()), float(x.max())  # breaks: compile,export,trace
        return torch.histc(x.detach(), bins=self.bins, min=lo, max=hi)


class QuantStub(nn.Module):
    def __init__(self, bits: int = 8):
        super().__init__()
        self.qmax = 2 ** (bits - 1) - 1
        self.observer = HistogramObserver()

    def forward(self, x: Tensor):
        hist = self.observer(x)
        scale = x.abs().amax() / self.qmax
        q = torch.clamp(torch.round(x / scale), -self.qmax - 1, self.qmax)
        return q * scale, hist


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.quant = QuantStub()

    def forward(self, x: Tensor):
        y, hist = self.quant(self.fc(x))
        return y, hist


def inputs():
    return [(torch.randn(4, 8),), (torch.randn(3, 8) * 5,)]
