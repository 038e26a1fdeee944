# ruff: noqa  (a probe is written as users write models)
from typing import Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def make_pad_mask(lengths: Tensor, max_len: int = 0) -> Tensor:
    """True at padded frames (icefall/espnet convention)."""
    max_len = max(max_len, int(lengths.max())) if max_len == 0 else max_len
    seq_range = torch.arange(0, max_len, device=lengths.device)
    return seq_range.unsqueeze(0) >= lengths.unsqueeze(-1)


class ConvolutionModule(nn.Module):
    def __init__(self, channels: int, kernel_size: int = 7, bias: bool = True):
        super().__init__()
        assert (kernel_size - 1) % 2 == 0
        self.pointwise_conv1 = nn.Conv1d(channels, 2 * channels, 1, bias=bias)
        self.depthwise_conv = nn.Conv1d(channels, channels, kernel_size, padding=(kernel_size - 1) // 2, groups=channels, bias=bias)
        self.norm = nn.BatchNorm1d(channels)
        self.pointwise_conv2 = nn.Conv1d(channels, channels, 1, bias=bias)
        self.activation = nn.SiLU()

    def forward(self, x: Tensor, src_key_padding_mask: Optional[Tensor] = None) -> Tensor:
        # x: (T, N, C) as icefall keeps it
        x = x.permute(1, 2, 0)
        x = self.pointwise_conv1(x)
        x = F.glu(x, dim=1)
        if src_key_padding_mask is not None:
            x = x.masked_fill(src_key_padding_mask.unsqueeze(1).expand_as(x), 0.0)
        x = self.depthwise_conv(x)
        x = self.activation(self.norm(x))
        x = self.pointwise_conv2(x)
        return x.permute(2, 0, 1)


class ConformerConvBlock(nn.Module):
    def __init__(self, d_model: int = 16, kernel_size: int = 7, num_layers: int = 2):
        super().__init__()
        self.layers = nn.ModuleList([ConvolutionModule(d_model, kernel_size) for _ in range(num_layers)])
        self.norms = nn.ModuleList([nn.LayerNorm(d_model) for _ in range(num_layers)])
        self.ff_scale = 0.5

    def forward(self, x: Tensor, x_lens: Tensor) -> Tuple[Tensor, Tensor]:
        # x: (N, T, C)
        mask = x_lens.unsqueeze(-1) <= torch.arange(x.size(1), device=x.device).unsqueeze(0)
        src = x.transpose(0, 1)
        for norm, conv in zip(self.norms, self.layers):
            src = src + conv(norm(src), src_key_padding_mask=mask)
        return src.transpose(0, 1), mask


Model = ConformerConvBlock


def inputs():
    torch.manual_seed(4701)
    return [
        (torch.randn(2, 12, 16), torch.tensor([12, 9])),
        (torch.randn(3, 20, 16), torch.tensor([20, 5, 17])),
    ]
