import math
from typing import Optional

import torch
from torch import nn


def model_forward(self, x, mask: Optional[torch.Tensor] = None):
    q, k, v = self.qkv(x).chunk(3, dim=-1)
    scores = q @ k.transpose(-1, -2) * self.scale
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    return scores.softmax(-1) @ v
