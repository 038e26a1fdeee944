import math
import torch
from torch import nn


def get_alibi_slopes(n_heads):
    closest = 2 ** math.floor(math.log2(n_heads))
    base = 2 ** (-(2 ** -(math.log2(closest) - 3)))
    slopes = [base ** (i + 1) for i in range(closest)]
    if closest != n_heads:
        extra = 2 ** (-(2 ** -(math.log2(2 * closest) - 3)))
        slopes += [extra ** (i + 1) for i in range(0, 2 * (n_heads - closest), 2)]
    return torch.tensor(slopes)


def sliding_window_bias(T, window, slopes):
    bias = torch.full((T, T), float("-inf"))
    for i in range(T):  # breaks: trace
        lo = max(0, i - window + 1)
        bias[i, lo : i + 1] = -torch.arange(i - lo, -1, -1, dtype=torch.float)
    return slopes.view(-1, 1, 1) * bias.unsqueeze(0)


class Model(nn.Module):
    def __init__(self, d=16, n_heads=3, window=4):
        super().__init__()
        self.n_heads, self.window = n_heads, window
        self.qkv = nn.Linear(d, 3 * n_heads * 4)
        self.o = nn.Linear(n_heads * 4, d)
        self.register_buffer("slopes", get_alibi_slopes(n_heads), persistent=False)

    def forward(self, x):
        B, T, _ = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.n_heads, -1).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) / 2.0 + sliding_window_bias(T, self.window, self.slopes)
        out = scores.softmax(-1) @ v
        return self.o(out.transpose(1, 2).reshape(B, T, -1))


def inputs():
    torch.manual_seed(25)
    return [(torch.randn(2, 6, 16),), (torch.randn(2, 9, 16),), (torch.randn(1, 3, 16) * 2,)]
