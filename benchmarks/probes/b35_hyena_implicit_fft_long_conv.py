import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class PositionalFeatures(nn.Module):
    def __init__(self, emb_dim=5, max_len=256):
        super().__init__()
        t = torch.linspace(0, 1, max_len)[None, :, None]
        bands = (emb_dim - 1) // 2
        t_rescaled = torch.linspace(0, max_len - 1, max_len)[None, :, None]
        w = 2 * math.pi * t_rescaled / max_len
        f = torch.linspace(1e-4, bands - 1, bands)[None, None]
        z = torch.exp(-1j * f * w)
        self.register_buffer("z", torch.cat([t, z.real, z.imag], dim=-1))
        self.register_buffer("t", t)

    def forward(self, L):
        return self.z[:, :L], self.t[:, :L]


def fftconv(u, k, bias):
    seqlen = u.shape[-1]
    fft_size = 2 * seqlen
    k_f = torch.fft.rfft(k, n=fft_size) / fft_size
    u_f = torch.fft.rfft(u, n=fft_size)
    y = torch.fft.irfft(u_f * k_f, n=fft_size, norm="forward")[..., :seqlen]
    return y + u * bias.unsqueeze(-1)


class HyenaOperator(nn.Module):
    def __init__(self, d_model=16, order=2, filter_hidden=16):
        super().__init__()
        self.order = order
        self.in_proj = nn.Linear(d_model, (order + 1) * d_model)
        self.short_filter = nn.Conv1d((order + 1) * d_model, (order + 1) * d_model, 3, padding=2, groups=(order + 1) * d_model)
        self.pos = PositionalFeatures()
        self.implicit = nn.Sequential(nn.Linear(5, filter_hidden), nn.SiLU(), nn.Linear(filter_hidden, order * d_model))
        self.decay = nn.Parameter(torch.tensor(-3.0))
        self.bias = nn.Parameter(torch.randn(order, d_model) * 0.1)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, u):
        L = u.size(1)
        uc = self.short_filter(self.in_proj(u).transpose(1, 2))[..., :L]
        *x, v = uc.split(uc.size(1) // (self.order + 1), dim=1)
        z, t = self.pos(L)
        k = (self.implicit(z) * torch.exp(self.decay * t * L)).transpose(1, 2)
        for o, (x_i, k_i) in enumerate(zip(reversed(x[1:] + [x[0]]), k.split(v.size(1), dim=1))):
            v = fftconv(v * x_i, k_i.squeeze(0), self.bias[o])
        return self.out_proj(v.transpose(1, 2))


Model = HyenaOperator


def inputs():
    torch.manual_seed(3511)
    return [(torch.randn(2, 32, 16),), (torch.randn(3, 50, 16),)]
