import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class PyramidPool1d(nn.Module):
    def __init__(self, ch=4, min_len=4):
        super().__init__()
        self.min_len = min_len
        self.conv = nn.Conv1d(ch, ch, 3, padding=1)

    def forward(self, x):
        n_stages = int(math.log2(x.shape[-1] // self.min_len))  # breaks: trace
        feats = [x.mean(-1)]
        for _ in range(n_stages):
            x = F.avg_pool1d(F.relu(self.conv(x)), 2)
            feats.append(x.mean(-1))
        return torch.cat(feats, dim=-1)


Model = PyramidPool1d


def inputs():
    torch.manual_seed(29)
    return [(torch.randn(2, 4, 16),), (torch.randn(2, 4, 64),)]
