import torch
from torch import nn


def model_forward(self, x):
    chunks = x.chunk(4, dim=-1)
    parts = [c * 2 for c in chunks if c.numel() > 0]
    return torch.cat(parts, -1)
