# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ChannelGate(nn.Module):
    def __init__(self, channels: int = 8, ratio: float = 0.25):
        super().__init__()
        self.ratio = ratio
        hidden = max(1, int(channels * ratio))
        self.fc1 = nn.Linear(channels, hidden)
        self.fc2 = nn.Linear(hidden, channels)

    def keep_count(self, n: int) -> int:
        return round(n * self.ratio)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = torch.sigmoid(self.fc2(torch.relu(self.fc1(x.mean(1)))))
        k = self.keep_count(x.shape[1])
        return x[:, :k] * w[:, None, :]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = ChannelGate()

    def forward(self, x):
        return self.gate(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 10, 8),), (torch.randn(3, 6, 8),)]
