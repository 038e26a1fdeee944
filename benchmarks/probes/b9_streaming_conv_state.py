import torch
import torch.nn.functional as F
from torch import nn


class StreamingCausalConv1d(nn.Module):
    """Keeps the last (kernel_size - 1) frames of the previous chunk, as streaming ASR/TTS
    front-ends do, so that chunk-by-chunk output equals the full-sequence output."""

    def __init__(self, channels: int = 4, kernel_size: int = 3, batch: int = 1):
        super().__init__()
        self.context = kernel_size - 1
        self.conv = nn.Conv1d(channels, channels, kernel_size)
        self.register_buffer("cache", torch.zeros(batch, channels, self.context))

    def forward(self, x):
        x = torch.cat([self.cache, x], dim=-1)
        self.cache.copy_(x[..., -self.context :])  # breaks: trace
        return self.conv(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Conv1d(2, 4, 1)
        self.layers = nn.ModuleList(StreamingCausalConv1d() for _ in range(2))

    def forward(self, chunk):
        x = self.pre(chunk)
        for layer in self.layers:
            x = F.gelu(layer(x))
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 5),), (torch.randn(1, 2, 5),)]
