# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parametrizations


class CausalConv1d(nn.Conv1d):
    def __init__(self, in_channels, out_channels, kernel_size, dilation=1):
        super().__init__(in_channels, out_channels, kernel_size, dilation=dilation)
        self.left_padding = dilation * (kernel_size - 1)

    def forward(self, x):
        return super().forward(F.pad(x, (self.left_padding, 0)))


class TemporalBlock(nn.Module):
    def __init__(self, n_inputs, n_outputs, kernel_size, dilation, dropout=0.1):
        super().__init__()
        self.conv1 = parametrizations.weight_norm(CausalConv1d(n_inputs, n_outputs, kernel_size, dilation))
        self.conv2 = parametrizations.weight_norm(CausalConv1d(n_outputs, n_outputs, kernel_size, dilation))
        self.dropout = nn.Dropout(dropout)
        self.downsample = nn.Conv1d(n_inputs, n_outputs, 1) if n_inputs != n_outputs else None

    def forward(self, x):
        out = self.dropout(F.relu(self.conv1(x)))
        out = self.dropout(F.relu(self.conv2(out)))
        res = x if self.downsample is None else self.downsample(x)
        return F.relu(out + res)


class TCNForecaster(nn.Module):
    def __init__(self, input_size=3, num_channels=(8, 8, 8), kernel_size=3, horizon=4):
        super().__init__()
        layers = []
        for i, ch in enumerate(num_channels):
            in_ch = input_size if i == 0 else num_channels[i - 1]
            layers.append(TemporalBlock(in_ch, ch, kernel_size, dilation=2**i))
        self.network = nn.Sequential(*layers)
        self.receptive_field = 1 + 2 * (kernel_size - 1) * (2 ** len(num_channels) - 1)
        self.head = nn.Linear(num_channels[-1], horizon)

    def forward(self, x):
        # x: (batch, time, features); short histories are zero-padded on the left
        x = x.transpose(1, 2)
        seq_len = x.shape[-1]
        if seq_len < self.receptive_field:
            x = F.pad(x, (self.receptive_field - seq_len, 0))
        y = self.network(x)
        return self.head(y[:, :, -1])


Model = TCNForecaster


def inputs():
    torch.manual_seed(4716)
    return [(torch.randn(2, 40, 3),), (torch.randn(2, 10, 3),), (torch.randn(1, 32, 3),)]
