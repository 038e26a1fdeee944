# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.nn.utils.parametrizations import weight_norm


class Chomp1d(nn.Module):
    def __init__(self, chomp_size: int):
        super().__init__()
        self.chomp_size = chomp_size

    def forward(self, x):
        return x[:, :, : -self.chomp_size].contiguous() if self.chomp_size > 0 else x


class TemporalBlock(nn.Module):
    def __init__(self, n_inputs, n_outputs, kernel_size, dilation, dropout=0.2):
        super().__init__()
        padding = (kernel_size - 1) * dilation
        self.net = nn.Sequential(
            weight_norm(nn.Conv1d(n_inputs, n_outputs, kernel_size, padding=padding, dilation=dilation)),
            Chomp1d(padding), nn.ReLU(), nn.Dropout(dropout),
            weight_norm(nn.Conv1d(n_outputs, n_outputs, kernel_size, padding=padding, dilation=dilation)),
            Chomp1d(padding), nn.ReLU(), nn.Dropout(dropout),
        )
        self.downsample = nn.Conv1d(n_inputs, n_outputs, 1) if n_inputs != n_outputs else None
        self.relu = nn.ReLU()

    def forward(self, x):
        out = self.net(x)
        res = x if self.downsample is None else self.downsample(x)
        return self.relu(out + res)


class TemporalConvNet(nn.Module):
    def __init__(self, num_inputs=3, num_channels=(8, 8, 16), kernel_size=3, horizon=4, dropout=0.1):
        super().__init__()
        layers = []
        for i, out_ch in enumerate(num_channels):
            in_ch = num_inputs if i == 0 else num_channels[i - 1]
            layers.append(TemporalBlock(in_ch, out_ch, kernel_size, dilation=2 ** i, dropout=dropout))
        self.network = nn.Sequential(*layers)
        self.head = nn.Linear(num_channels[-1], horizon)

    @property
    def receptive_field(self) -> int:
        k = self.network[0].net[0].kernel_size[0]
        return 1 + 2 * (k - 1) * sum(2 ** i for i in range(len(self.network)))

    def forward(self, x):
        # x: (batch, time, features) -> conv layout
        y = self.network(x.transpose(1, 2))
        return self.head(y[:, :, -1])


Model = TemporalConvNet


def inputs():
    torch.manual_seed(4106)
    return [(torch.randn(2, 30, 3),), (torch.randn(3, 17, 3),)]
