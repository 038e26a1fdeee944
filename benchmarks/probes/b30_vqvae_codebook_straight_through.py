import torch
from torch import nn
from torch.nn import functional as F


class VectorQuantizer(nn.Module):
    def __init__(self, num_codes: int = 32, dim: int = 8, beta: float = 0.25):
        super().__init__()
        self.codebook = nn.Embedding(num_codes, dim)
        self.codebook.weight.data.uniform_(-1.0 / num_codes, 1.0 / num_codes)
        self.beta = beta

    def forward(self, z):
        b, c, h, w = z.shape
        flat = z.permute(0, 2, 3, 1).reshape(-1, c)
        codes = self.codebook.weight
        dist = flat.pow(2).sum(1, keepdim=True) - 2 * flat @ codes.t() + codes.pow(2).sum(1)
        idx = dist.argmin(1)
        zq = self.codebook(idx).view(b, h, w, c).permute(0, 3, 1, 2)
        loss = F.mse_loss(zq, z.detach()) + self.beta * F.mse_loss(z, zq.detach())
        zq = z + (zq - z).detach()
        return zq, loss, idx.view(b, h, w)


class VQVAE(nn.Module):
    def __init__(self, ch=16, dim=8):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(3, ch, 4, 2, 1), nn.ReLU(), nn.Conv2d(ch, dim, 4, 2, 1)
        )
        self.vq = VectorQuantizer(dim=dim)
        self.decoder = nn.Sequential(
            nn.ConvTranspose2d(dim, ch, 4, 2, 1), nn.ReLU(), nn.ConvTranspose2d(ch, 3, 4, 2, 1)
        )

    def forward(self, x):
        zq, vq_loss, codes = self.vq(self.encoder(x))
        recon = self.decoder(zq)
        return recon, F.mse_loss(recon, x) + vq_loss, codes


Model = VQVAE


def inputs():
    torch.manual_seed(3003)
    return [(torch.rand(2, 3, 16, 16),), (torch.rand(4, 3, 16, 16),)]
