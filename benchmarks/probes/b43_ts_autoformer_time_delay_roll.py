# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class AutoCorrelation(nn.Module):
    def __init__(self, factor=1, output_attention=False):
        super().__init__()
        self.factor = factor
        self.output_attention = output_attention

    def time_delay_agg(self, values, corr):
        """Aggregate values rolled by the top-k lags of the batch-mean autocorrelation."""
        head, channel, length = values.shape[1], values.shape[2], values.shape[3]
        top_k = int(self.factor * math.log(length))
        mean_value = torch.mean(torch.mean(corr, dim=1), dim=1)
        index = torch.topk(torch.mean(mean_value, dim=0), top_k, dim=-1)[1]
        weights = torch.stack([mean_value[:, index[i]] for i in range(top_k)], dim=-1)
        tmp_corr = torch.softmax(weights, dim=-1)
        delays_agg = torch.zeros_like(values).float()
        for i in range(top_k):
            pattern = torch.roll(values, -int(index[i]), -1)
            delays_agg = delays_agg + pattern * tmp_corr[:, i].view(-1, 1, 1, 1)
        return delays_agg

    def forward(self, queries, keys, values):
        B, L, H, E = queries.shape
        q_fft = torch.fft.rfft(queries.permute(0, 2, 3, 1).contiguous(), dim=-1)
        k_fft = torch.fft.rfft(keys.permute(0, 2, 3, 1).contiguous(), dim=-1)
        corr = torch.fft.irfft(q_fft * torch.conj(k_fft), n=L, dim=-1)
        V = self.time_delay_agg(values.permute(0, 2, 3, 1).contiguous(), corr)
        return V.permute(0, 3, 1, 2)


class AutoCorrelationLayer(nn.Module):
    def __init__(self, d_model=8, n_heads=2):
        super().__init__()
        self.n_heads = n_heads
        self.inner = AutoCorrelation(factor=1)
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, L, _ = x.shape
        H = self.n_heads
        out = self.inner(self.q(x).view(B, L, H, -1), self.k(x).view(B, L, H, -1), self.v(x).view(B, L, H, -1))
        return self.o(out.reshape(B, L, -1))


class SeriesDecomp(nn.Module):
    def __init__(self, kernel_size=5):
        super().__init__()
        self.pad = (kernel_size - 1) // 2
        self.avg = nn.AvgPool1d(kernel_size, stride=1)

    def forward(self, x):
        front = x[:, :1].repeat(1, self.pad, 1)
        end = x[:, -1:].repeat(1, self.pad, 1)
        trend = self.avg(torch.cat([front, x, end], dim=1).transpose(1, 2)).transpose(1, 2)
        return x - trend, trend


class AutoformerEncoderLayer(nn.Module):
    def __init__(self, c_in=3, d_model=8):
        super().__init__()
        self.embed = nn.Linear(c_in, d_model)
        self.attn = AutoCorrelationLayer(d_model)
        self.decomp = SeriesDecomp()
        self.ff = nn.Sequential(nn.Linear(d_model, 16), nn.GELU(), nn.Linear(16, d_model))

    def forward(self, x):
        x = self.embed(x)
        x, _ = self.decomp(x + self.attn(x))
        x, _ = self.decomp(x + self.ff(x))
        return x


Model = AutoformerEncoderLayer


def inputs():
    torch.manual_seed(4318)
    return [(torch.randn(2, 16, 3),), (torch.randn(2, 16, 3),), (torch.randn(1, 24, 3),)]
