import torch
from torch import nn


class TokenMixer(nn.Module):
    def __init__(self, ch=6):
        super().__init__()
        self.norm = nn.LayerNorm(ch)
        self.mlp = nn.Linear(ch, ch)

    def forward(self, x):
        if len(x.shape) == 4:  # breaks: trace
            x = x.flatten(2).transpose(1, 2)
        return x + self.mlp(self.norm(x))


Model = TokenMixer


def inputs():
    torch.manual_seed(9)
    return [(torch.randn(2, 6, 3, 3),), (torch.randn(2, 5, 6),), (torch.randn(1, 6, 2, 4),)]
