import math

import torch
from torch import nn


def model_forward(self, t):
    half = self.dim // 2
    freqs = torch.exp(-math.log(self.max_period) * torch.arange(half, dtype=torch.float32) / half)
    args = t[:, None].float() * freqs[None]
    emb = torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
    return self.mlp(emb)
