import torch
import torch.nn as nn


class moving_avg(nn.Module):
    def __init__(self, kernel_size, stride):
        super(moving_avg, self).__init__()
        self.kernel_size = kernel_size
        self.avg = nn.AvgPool1d(kernel_size=kernel_size, stride=stride, padding=0)

    def forward(self, x):
        front = x[:, 0:1, :].repeat(1, (self.kernel_size - 1) // 2, 1)
        end = x[:, -1:, :].repeat(1, (self.kernel_size - 1) // 2, 1)
        x = torch.cat([front, x, end], dim=1)
        return self.avg(x.permute(0, 2, 1)).permute(0, 2, 1)


class series_decomp(nn.Module):
    def __init__(self, kernel_size):
        super(series_decomp, self).__init__()
        self.moving_avg = moving_avg(kernel_size, stride=1)

    def forward(self, x):
        moving_mean = self.moving_avg(x)
        return x - moving_mean, moving_mean


class Model(nn.Module):
    """DLinear-style forecaster."""

    def __init__(self, seq_len=24, pred_len=6, enc_in=3, kernel_size=5, individual=False):
        super().__init__()
        self.decomp = series_decomp(kernel_size)
        self.individual = individual
        n = enc_in if individual else 1
        self.seasonal = nn.ModuleList(nn.Linear(seq_len, pred_len) for _ in range(n))
        self.trend = nn.ModuleList(nn.Linear(seq_len, pred_len) for _ in range(n))

    def forward(self, x):
        seasonal, trend = [t.permute(0, 2, 1) for t in self.decomp(x)]
        if self.individual:
            out = torch.stack([s(seasonal[:, i]) + t(trend[:, i]) for i, (s, t) in enumerate(zip(self.seasonal, self.trend))], 1)
        else:
            out = self.seasonal[0](seasonal) + self.trend[0](trend)
        return out.permute(0, 2, 1)


def inputs():
    torch.manual_seed(16)
    return [(torch.randn(2, 24, 3),), (torch.randn(5, 24, 3).cumsum(1),)]
