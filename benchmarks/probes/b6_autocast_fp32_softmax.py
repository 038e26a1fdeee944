import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim: int = 8, upcast: bool = True):
        super().__init__()
        self.upcast = upcast
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        with torch.autocast(device_type=x.device.type, enabled=False):
            scores = (
                q.float() @ k.float().transpose(-1, -2) if self.upcast else q @ k.transpose(-1, -2)
            )
            probs = scores.softmax(-1).to(v.dtype)
        return probs @ v


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        return x + self.attn(x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 6, 8),)]
