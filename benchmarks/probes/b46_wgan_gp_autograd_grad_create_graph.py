# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class Critic(nn.Module):
    """WGAN-GP critic that also returns its gradient penalty on real/fake interpolates."""

    def __init__(self, in_dim=8, hidden=16, gp_weight=10.0):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1))
        self.gp_weight = gp_weight

    def gradient_penalty(self, real: Tensor, fake: Tensor) -> Tensor:
        alpha = torch.linspace(0, 1, real.size(0)).unsqueeze(1)
        x_hat = (alpha * real + (1 - alpha) * fake).detach().requires_grad_(True)
        score = self.net(x_hat)
        (grad,) = torch.autograd.grad(score.sum(), x_hat, create_graph=True)
        return ((grad.norm(2, dim=1) - 1) ** 2).mean()

    def forward(self, real, fake):
        d_real = self.net(real).mean()
        d_fake = self.net(fake).mean()
        gp = self.gradient_penalty(real, fake)
        return d_fake - d_real + self.gp_weight * gp


Model = Critic


def inputs():
    torch.manual_seed(4601)
    return [(torch.randn(4, 8), torch.randn(4, 8)), (torch.randn(6, 8), torch.randn(6, 8) * 2)]
