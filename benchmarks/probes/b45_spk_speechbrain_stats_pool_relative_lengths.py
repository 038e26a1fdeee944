# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TDNNBlock(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, dilation):
        super().__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, dilation=dilation,
                              padding=dilation * (kernel_size - 1) // 2)
        self.activation = nn.LeakyReLU()
        self.norm = nn.BatchNorm1d(out_channels)

    def forward(self, x):
        return self.norm(self.activation(self.conv(x)))


class StatisticsPooling(nn.Module):
    """Mean and std over time, honouring relative lengths (1.0 = full utterance)."""

    def __init__(self, return_mean=True, return_std=True, eps=1e-5):
        super().__init__()
        self.return_mean = return_mean
        self.return_std = return_std
        self.eps = eps

    def forward(self, x, lengths=None):
        # x: [batch, time, channels]
        if lengths is None:
            mean = x.mean(dim=1)
            std = x.std(dim=1)
        else:
            mean, std = [], []
            for snt_id in range(x.shape[0]):
                actual_size = int(torch.round(lengths[snt_id] * x.shape[1]))
                mean.append(torch.mean(x[snt_id, 0:actual_size, ...], dim=0))
                std.append(torch.std(x[snt_id, 0:actual_size, ...], dim=0))
            mean = torch.stack(mean)
            std = torch.stack(std)
        std = std + self.eps
        pooled = []
        if self.return_mean:
            pooled.append(mean)
        if self.return_std:
            pooled.append(std)
        return torch.cat(pooled, dim=1).unsqueeze(1)


class XVector(nn.Module):
    def __init__(self, n_mels=10, channels=(16, 16, 24), kernels=(5, 3, 1), dilations=(1, 2, 1), lin_neurons=12):
        super().__init__()
        blocks, in_ch = [], n_mels
        for ch, k, d in zip(channels, kernels, dilations):
            blocks.append(TDNNBlock(in_ch, ch, k, d))
            in_ch = ch
        self.blocks = nn.Sequential(*blocks)
        self.pooling = StatisticsPooling()
        self.embed = nn.Linear(2 * in_ch, lin_neurons)

    def forward(self, feats, wav_lens):
        x = self.blocks(feats.transpose(1, 2))
        x = self.pooling(x.transpose(1, 2), wav_lens)
        return self.embed(x)


Model = XVector


def inputs():
    torch.manual_seed(4502)
    return [
        (torch.randn(3, 20, 10), torch.tensor([1.0, 0.8, 0.5])),
        (torch.randn(3, 20, 10), torch.tensor([0.6, 1.0, 0.9])),
        (torch.randn(2, 16, 10), torch.tensor([1.0, 0.75])),
    ]
