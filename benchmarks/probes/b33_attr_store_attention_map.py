import torch
import torch.nn as nn


class InspectableAttention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.attn_map = None

    def forward(self, x):
        scores = self.q(x) @ self.k(x).transpose(-1, -2) / x.shape[-1] ** 0.5
        attn = scores.softmax(dim=-1)
        self.attn_map = attn.detach()
        return attn @ x


Model = InspectableAttention


def inputs():
    torch.manual_seed(359)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 5, 8),)]
