import math

import torch
import torch.nn as nn


class LengthAwareAttentionPool(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        n = torch.tensor([x.size(1)], dtype=x.dtype)
        logits = self.score(x).squeeze(-1) * torch.log(n) / math.log(16)
        attn = logits.softmax(dim=-1)
        return (attn.unsqueeze(-1) * x).sum(1)


Model = LengthAwareAttentionPool


def inputs():
    torch.manual_seed(3416)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 11, 8),)]
