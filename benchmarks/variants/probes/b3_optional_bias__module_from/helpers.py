from typing import Optional

import torch
from torch import nn


def model_forward(self, x, attn_bias: Optional[torch.Tensor] = None):
    scores = self.q(x) @ self.k(x).transpose(-1, -2)
    if attn_bias is not None:
        scores = scores + attn_bias
    return scores.softmax(-1) @ x
