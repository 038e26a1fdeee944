# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class VectorQuantizer(nn.Module):
    """VQ-VAE bottleneck: nearest codebook entry, straight-through gradient, and the codebook
    perplexity kept as a number on the module for the training loop to log."""

    def __init__(self, n_codes: int = 16, dim: int = 4, beta: float = 0.25):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(n_codes, dim))
        self.n_codes = n_codes
        self.beta = beta
        self.last_perplexity = 0.0

    def forward(self, z: torch.Tensor):
        flat = z.reshape(-1, z.size(-1))
        dist = (
            flat.pow(2).sum(1, keepdim=True)
            - 2 * flat @ self.codebook.t()
            + self.codebook.pow(2).sum(1)[None, :]
        )
        idx = dist.argmin(1)
        q = self.codebook[idx].view_as(z)
        loss = self.beta * F.mse_loss(z, q.detach()) + F.mse_loss(q, z.detach())
        probs = F.one_hot(idx, self.n_codes).float().mean(0)
        self.last_perplexity = torch.exp(-(probs * torch.log(probs + 1e-10)).sum()).item()  # breaks: compile,script
        return z + (q - z).detach(), loss


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv1d(2, 4, 3, padding=1)
        self.vq = VectorQuantizer()
        self.dec = nn.Conv1d(4, 2, 3, padding=1)

    def forward(self, x: torch.Tensor):
        z = self.enc(x).transpose(1, 2)
        q, loss = self.vq(z)
        return self.dec(q.transpose(1, 2)), loss


def inputs():
    torch.manual_seed(6810)
    return [(torch.randn(2, 2, 10),), (torch.randn(3, 2, 14),)]
