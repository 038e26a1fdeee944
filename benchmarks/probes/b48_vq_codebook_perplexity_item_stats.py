# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class VectorQuantizer(nn.Module):
    def __init__(self, num_codes=16, dim=4, beta=0.25):
        super().__init__()
        self.codebook = nn.Embedding(num_codes, dim)
        self.codebook.weight.data.uniform_(-1.0 / num_codes, 1.0 / num_codes)
        self.beta = beta
        self.last_perplexity = 0.0

    def forward(self, z):
        flat = z.permute(0, 2, 3, 1).reshape(-1, z.shape[1])
        d = flat.pow(2).sum(1, keepdim=True) - 2 * flat @ self.codebook.weight.t() + self.codebook.weight.pow(2).sum(1)
        idx = d.argmin(dim=1)
        zq = self.codebook(idx).view(z.shape[0], z.shape[2], z.shape[3], -1).permute(0, 3, 1, 2)
        loss = F.mse_loss(zq.detach(), z) * self.beta + F.mse_loss(zq, z.detach())
        zq = z + (zq - z).detach()
        probs = F.one_hot(idx, self.codebook.num_embeddings).float().mean(0)
        self.last_perplexity = torch.exp(-(probs * (probs + 1e-10).log()).sum()).item()
        return zq, loss


class VQAutoencoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(3, 8, 4, 2, 1), nn.ReLU(), nn.Conv2d(8, 4, 1))
        self.vq = VectorQuantizer()
        self.dec = nn.Sequential(nn.Conv2d(4, 8, 3, padding=1), nn.ReLU(), nn.ConvTranspose2d(8, 3, 4, 2, 1))

    def forward(self, x):
        zq, vq_loss = self.vq(self.enc(x))
        return self.dec(zq), vq_loss


Model = VQAutoencoder


def inputs():
    torch.manual_seed(4820)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 12, 8),)]
