import torch
import torch.nn.functional as F
from torch import nn


class EMAVectorQuantizer(nn.Module):
    def __init__(self, num_codes: int = 16, dim: int = 8, decay: float = 0.99, eps: float = 1e-5):
        super().__init__()
        self.decay = decay
        self.eps = eps
        embed = torch.randn(num_codes, dim)
        self.register_buffer("embed", embed)
        self.register_buffer("cluster_size", torch.zeros(num_codes))
        self.register_buffer("embed_avg", embed.clone())

    def _ema_update(self, flat, onehot):
        self.cluster_size.data.mul_(self.decay).add_(onehot.sum(0), alpha=1 - self.decay)
        self.embed_avg.data.mul_(self.decay).add_(onehot.t() @ flat, alpha=1 - self.decay)
        n = self.cluster_size.sum()
        size = (self.cluster_size + self.eps) / (n + self.embed.shape[0] * self.eps) * n
        self.embed.data.copy_(self.embed_avg / size[:, None])

    def forward(self, z):
        flat = z.reshape(-1, z.shape[-1])
        dist = torch.cdist(flat, self.embed)
        codes = dist.argmin(-1)
        if self.training:
            self._ema_update(flat, F.one_hot(codes, self.embed.shape[0]).type_as(flat))
        quantized = F.embedding(codes, self.embed).view_as(z)
        commit = F.mse_loss(z, quantized.detach())
        quantized = z + (quantized - z).detach()
        return quantized, codes.view(z.shape[:-1]), commit


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(4, 8), nn.SiLU(), nn.Linear(8, 8))
        self.quantizer = EMAVectorQuantizer()
        self.decoder = nn.Linear(8, 4)

    def forward(self, x):
        q, codes, commit = self.quantizer(self.encoder(x))
        return self.decoder(q), codes, commit


def inputs():
    return [(torch.randn(2, 5, 4),), (torch.randn(3, 2, 4),)]
