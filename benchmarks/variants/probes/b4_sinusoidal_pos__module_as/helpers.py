import math

import torch
from torch import nn


def model_forward(self, x):
    seq_len = x.size(1)
    pos = torch.arange(seq_len, device=x.device, dtype=x.dtype)[:, None]
    div = torch.exp(torch.arange(0, self.dim, 2, device=x.device) * (-math.log(10000.0) / self.dim))
    pe = torch.zeros(seq_len, self.dim, device=x.device)
    pe[:, 0::2] = torch.sin(pos * div)
    pe[:, 1::2] = torch.cos(pos * div)
    return x + pe
