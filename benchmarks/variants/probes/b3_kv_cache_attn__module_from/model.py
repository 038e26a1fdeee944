import math
from typing import Optional, Tuple

import torch
from torch import nn
from .helpers import CausalSelfAttention, model_forward


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = CausalSelfAttention()

    def forward(self, x, past_k, past_v):
        return model_forward(self, x, past_k, past_v)


def inputs():
    return [
        (torch.randn(2, 3, 16), torch.randn(2, 4, 2, 4), torch.randn(2, 4, 2, 4)),
        (torch.randn(3, 5, 16), torch.randn(3, 4, 6, 4), torch.randn(3, 4, 6, 4)),
    ]
