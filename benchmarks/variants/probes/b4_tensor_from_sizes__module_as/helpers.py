import torch
from torch import nn


def model_forward(self, x):
    b, t, _ = x.shape
    meta = torch.tensor([t, t * 2], dtype=x.dtype)  # breaks: trace
    meta = meta.expand(b, t, 2)
    return self.fc(torch.cat([x, meta], dim=-1))
