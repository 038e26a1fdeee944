import math

import torch
import torch.nn as nn


class AutoCorrelation(nn.Module):
    def __init__(self, d_model=16, n_heads=2, factor=1):
        super().__init__()
        self.n_heads, self.factor = n_heads, factor
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def time_delay_agg(self, values, corr):
        length = values.shape[-1]
        top_k = max(1, int(self.factor * math.log(length)))
        mean_value = corr.mean(dim=1).mean(dim=1)
        index = torch.topk(mean_value.mean(0), top_k, dim=-1).indices
        weights = torch.stack([mean_value[:, index[i]] for i in range(top_k)], dim=-1)
        tmp_corr = torch.softmax(weights, dim=-1)
        agg = torch.zeros_like(values)
        for i in range(top_k):
            pattern = torch.roll(values, -int(index[i]), -1)
            agg = agg + pattern * tmp_corr[:, i].view(-1, 1, 1, 1)
        return agg

    def forward(self, q, k, v):
        B, L, _ = q.shape
        H = self.n_heads
        q = self.q_proj(q).view(B, L, H, -1).permute(0, 2, 3, 1)
        k = self.k_proj(k).view(B, L, H, -1).permute(0, 2, 3, 1)
        v = self.v_proj(v).view(B, L, H, -1).permute(0, 2, 3, 1)
        corr = torch.fft.irfft(torch.fft.rfft(q, dim=-1) * torch.conj(torch.fft.rfft(k, dim=-1)), n=L, dim=-1)
        out = self.time_delay_agg(v, corr)
        return self.o_proj(out.permute(0, 3, 1, 2).reshape(B, L, -1))


class AutoformerEncoderLayer(nn.Module):
    def __init__(self, c_in=3, d_model=16, pred_len=8):
        super().__init__()
        self.embed = nn.Conv1d(c_in, d_model, 3, padding=1, padding_mode="circular")
        self.attn = AutoCorrelation(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, 32), nn.GELU(), nn.Linear(32, d_model))
        self.head = nn.Linear(d_model, c_in)
        self.pred_len = pred_len

    def forward(self, x):
        h = self.embed(x.transpose(1, 2)).transpose(1, 2)
        h = h + self.attn(h, h, h)
        h = h + self.ff(h)
        return self.head(h[:, -self.pred_len:])


Model = AutoformerEncoderLayer


def inputs():
    torch.manual_seed(288)
    t = torch.arange(32.0)
    return [
        (torch.randn(2, 32, 3),),
        (torch.sin(t / 3).view(1, 32, 1).repeat(3, 1, 3) + 0.1 * torch.randn(3, 32, 3),),
    ]
