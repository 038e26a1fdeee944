import torch
from torch import nn
from torch.autograd.profiler import record_function


class ProfiledBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.attn_proj = nn.Linear(dim, dim)
        self.ffn = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        with record_function("block.attn"):
            x = x + self.attn_proj(x).softmax(-1)
        with record_function("block.ffn"):
            x = x + self.ffn(x)
        return x


Model = ProfiledBlock


def inputs():
    torch.manual_seed(34)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
