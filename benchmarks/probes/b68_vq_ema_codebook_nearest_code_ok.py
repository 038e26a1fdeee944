# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class EMAQuantizer(nn.Module):
    """VQ with an EMA-updated codebook kept in buffers (the update runs only in training);
    inference picks the nearest code with cdist and returns codes and indices."""

    def __init__(self, n_codes: int = 12, dim: int = 4, decay: float = 0.99, eps: float = 1e-5):
        super().__init__()
        self.decay = decay
        self.eps = eps
        embed = torch.randn(n_codes, dim)
        self.register_buffer("embed", embed)
        self.register_buffer("cluster_size", torch.zeros(n_codes))
        self.register_buffer("embed_avg", embed.clone())

    def forward(self, z: torch.Tensor):
        flat = z.reshape(-1, z.size(-1))
        idx = torch.cdist(flat, self.embed).argmin(-1)
        if self.training:
            onehot = F.one_hot(idx, self.embed.size(0)).to(flat.dtype)
            self.cluster_size.mul_(self.decay).add_(onehot.sum(0), alpha=1 - self.decay)
            self.embed_avg.mul_(self.decay).add_(onehot.t() @ flat, alpha=1 - self.decay)
            n = self.cluster_size.sum()
            size = (self.cluster_size + self.eps) / (n + self.embed.size(0) * self.eps) * n
            self.embed.copy_(self.embed_avg / size.unsqueeze(1))
        q = F.embedding(idx, self.embed).view_as(z)
        return z + (q - z).detach(), idx.view(z.shape[:-1])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 4)
        self.vq = EMAQuantizer()
        self.dec = nn.Linear(4, 6)

    def forward(self, x: torch.Tensor):
        q, codes = self.vq(self.enc(x))
        return self.dec(q), codes


def inputs():
    torch.manual_seed(6811)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 8, 6),)]
