import torch
import torch.nn as nn
import torch.nn.functional as F


class MissingValueImputer(nn.Module):
    def forward(self, x):
        mask = torch.isnan(x)
        if mask.any():
            col_mean = torch.nanmean(x, dim=1, keepdim=True).nan_to_num(0.0)
            x = torch.where(mask, col_mean.expand_as(x), x)
        return x, (~mask).to(x.dtype)


class MovingAvg(nn.Module):
    def __init__(self, kernel_size: int):
        super().__init__()
        self.kernel_size = kernel_size
        self.pool = nn.AvgPool1d(kernel_size, stride=1)

    def forward(self, x):
        pad = (self.kernel_size - 1) // 2
        front = x[:, :1, :].repeat(1, pad, 1)
        end = x[:, -1:, :].repeat(1, pad, 1)
        x = torch.cat([front, x, end], dim=1)
        return self.pool(x.permute(0, 2, 1)).permute(0, 2, 1)


class DLinear(nn.Module):
    def __init__(self, seq_len=36, pred_len=12, n_vars=3, kernel_size=7, individual=False):
        super().__init__()
        self.impute = MissingValueImputer()
        self.trend = MovingAvg(kernel_size)
        n = n_vars if individual else 1
        self.seasonal_w = nn.Parameter(torch.randn(n, pred_len, seq_len) / seq_len)
        self.trend_w = nn.Parameter(torch.randn(n, pred_len, seq_len) / seq_len)
        self.obs_gate = nn.Linear(seq_len, pred_len)

    def forward(self, x):
        x, observed = self.impute(x)
        trend = self.trend(x)
        seasonal = x - trend
        y = torch.einsum("cps,bsc->bpc", self.seasonal_w, seasonal)
        y = y + torch.einsum("cps,bsc->bpc", self.trend_w, trend)
        gate = torch.sigmoid(self.obs_gate(observed.transpose(1, 2))).transpose(1, 2)
        return y * gate


Model = DLinear


def inputs():
    torch.manual_seed(287)
    x2 = torch.randn(3, 36, 3)
    x2[0, 5:9, 1] = float("nan")
    x2[2, 30, 0] = float("nan")
    return [
        (torch.randn(4, 36, 3).cumsum(1),),
        (x2,),
    ]
