# ruff: noqa  (a probe is written as users write models)
import math
import typing as tp

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_extra_padding_for_conv1d(x: torch.Tensor, kernel_size: int, stride: int, padding_total: int = 0) -> int:
    """Extra right padding so that the last window is full (and the decoder can trim exactly)."""
    length = x.shape[-1]
    n_frames = (length - kernel_size + padding_total) / stride + 1
    ideal_length = (math.ceil(n_frames) - 1) * stride + (kernel_size - padding_total)
    return ideal_length - length


def pad1d(x: torch.Tensor, paddings: tp.Tuple[int, int], mode: str = "constant", value: float = 0.0):
    """Reflect padding that also works when the input is shorter than the padding."""
    length = x.shape[-1]
    padding_left, padding_right = paddings
    assert padding_left >= 0 and padding_right >= 0, (padding_left, padding_right)
    if mode == "reflect":
        max_pad = max(padding_left, padding_right)
        extra_pad = 0
        if length <= max_pad:
            extra_pad = max_pad - length + 1
            x = F.pad(x, (0, extra_pad))
        padded = F.pad(x, paddings, mode, value)
        end = padded.shape[-1] - extra_pad
        return padded[..., :end]
    return F.pad(x, paddings, mode, value)


class StreamableConv1d(nn.Module):
    def __init__(self, cin, cout, kernel_size, stride=1, dilation=1, causal=False, pad_mode="reflect"):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, kernel_size, stride, dilation=dilation)
        self.causal = causal
        self.pad_mode = pad_mode

    def forward(self, x):
        kernel_size = self.conv.kernel_size[0]
        stride = self.conv.stride[0]
        dilation = self.conv.dilation[0]
        kernel_size = (kernel_size - 1) * dilation + 1
        padding_total = kernel_size - stride
        extra_padding = get_extra_padding_for_conv1d(x, kernel_size, stride, padding_total)
        if self.causal:
            x = pad1d(x, (padding_total, extra_padding), mode=self.pad_mode)
        else:
            padding_right = padding_total // 2
            padding_left = padding_total - padding_right
            x = pad1d(x, (padding_left, padding_right + extra_padding), mode=self.pad_mode)
        return self.conv(x)


class SEANetResBlock(nn.Module):
    def __init__(self, dim: int, dilation: int):
        super().__init__()
        self.block = nn.Sequential(nn.ELU(), StreamableConv1d(dim, dim // 2, 3, dilation=dilation), nn.ELU(), StreamableConv1d(dim // 2, dim, 1))

    def forward(self, x):
        return x + self.block(x)


class SEANetEncoder(nn.Module):
    def __init__(self, channels: int = 1, n_filters: int = 4, ratios: tp.Sequence[int] = (4, 2), dimension: int = 16):
        super().__init__()
        layers: tp.List[nn.Module] = [StreamableConv1d(channels, n_filters, 7)]
        mult = 1
        for ratio in ratios:
            layers += [SEANetResBlock(mult * n_filters, 1), nn.ELU(),
                       StreamableConv1d(mult * n_filters, mult * n_filters * 2, ratio * 2, stride=ratio)]
            mult *= 2
        layers += [nn.ELU(), StreamableConv1d(mult * n_filters, dimension, 3)]
        self.model = nn.Sequential(*layers)

    def forward(self, x):
        return self.model(x)


Model = SEANetEncoder


def inputs():
    torch.manual_seed(4127)
    return [(torch.randn(2, 1, 96),), (torch.randn(1, 1, 123),)]
