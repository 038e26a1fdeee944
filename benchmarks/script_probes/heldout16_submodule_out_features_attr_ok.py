# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(12, 36)
        self.conv = nn.Conv1d(12, 12, 3, padding=1)

    def forward(self, x):
        d = self.qkv.out_features // 3
        q, k, v = self.qkv(x).split(d, dim=-1)
        att = torch.softmax(q @ k.transpose(-1, -2) / d ** 0.5, dim=-1)
        y = att @ v
        pad = self.conv.kernel_size[0] // 2
        return self.conv(y.transpose(1, 2)).transpose(1, 2) * (pad + 1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 12),), (torch.randn(1, 9, 12),)]
