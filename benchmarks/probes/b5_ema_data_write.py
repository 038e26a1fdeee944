import torch
from torch import nn


class Codebook(nn.Module):
    def __init__(self, n: int = 4, dim: int = 8, decay: float = 0.9):
        super().__init__()
        self.decay = decay
        self.embed = nn.Parameter(torch.randn(n, dim))

    def forward(self, x):
        idx = torch.cdist(x, self.embed).argmin(-1)
        onehot = nn.functional.one_hot(idx, self.embed.shape[0]).to(x.dtype)
        mean = onehot.t() @ x / onehot.sum(0).clamp(min=1).unsqueeze(-1)
        self.embed.data.mul_(self.decay).add_(mean * (1 - self.decay))  # breaks: export,trace
        return self.embed[idx]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.vq = Codebook()

    def forward(self, x):
        return self.vq(x)


def inputs():
    return [(torch.randn(6, 8),), (torch.randn(6, 8) + 1,)]
