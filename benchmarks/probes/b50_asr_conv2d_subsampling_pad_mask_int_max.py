# ruff: noqa  (a probe is written as users write models)
import math
from typing import Optional, Tuple

import torch
from torch import Tensor, nn


def make_pad_mask(lengths: Tensor, max_len: int = 0) -> Tensor:
    batch_size = lengths.size(0)
    max_len = max_len if max_len > 0 else int(lengths.max())  # breaks: compile,export,trace
    seq_range = torch.arange(0, max_len, dtype=torch.int64, device=lengths.device)
    seq_range_expand = seq_range.unsqueeze(0).expand(batch_size, max_len)
    return seq_range_expand >= lengths.unsqueeze(-1)


class PositionalEncoding(nn.Module):
    def __init__(self, d_model: int, max_len: int = 256):
        super().__init__()
        self.xscale = math.sqrt(d_model)
        pe = torch.zeros(max_len, d_model)
        position = torch.arange(0, max_len, dtype=torch.float32).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2, dtype=torch.float32) * -(math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        self.register_buffer("pe", pe.unsqueeze(0), persistent=False)

    def forward(self, x: Tensor) -> Tensor:
        return x * self.xscale + self.pe[:, : x.size(1)]


class Conv2dSubsampling4(nn.Module):
    def __init__(self, idim: int = 20, odim: int = 16):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, odim, 3, 2), nn.ReLU(), nn.Conv2d(odim, odim, 3, 2), nn.ReLU())
        self.out = nn.Linear(odim * (((idim - 1) // 2 - 1) // 2), odim)
        self.pos_enc = PositionalEncoding(odim)
        self.subsampling_rate = 4

    def forward(self, x: Tensor, x_lens: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
        x = self.conv(x.unsqueeze(1))
        b, c, t, f = x.size()
        x = self.out(x.transpose(1, 2).contiguous().view(b, t, c * f))
        x = self.pos_enc(x)
        out_lens = ((x_lens - 1) // 2 - 1) // 2
        mask = ~make_pad_mask(out_lens)
        return x * mask.unsqueeze(-1), out_lens, mask


Model = Conv2dSubsampling4


def inputs():
    torch.manual_seed(5005)
    return [
        (torch.randn(2, 40, 20), torch.tensor([40, 29])),
        (torch.randn(2, 33, 20), torch.tensor([21, 33])),
    ]
