# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def linear_beta_schedule(steps: int) -> torch.Tensor:
    return torch.linspace(1e-4, 0.02, steps)


class Model(nn.Module):
    """DDPM training step: q(x_t | x_0) with sqrt(alpha_bar) tables indexed by a batch of
    integer timesteps, reshaped to broadcast over the image, and the denoiser's epsilon loss."""

    def __init__(self, steps: int = 50, c: int = 3):
        super().__init__()
        alphas_cumprod = torch.cumprod(1.0 - linear_beta_schedule(steps), dim=0)
        self.register_buffer("sqrt_ab", alphas_cumprod.sqrt())
        self.register_buffer("sqrt_1m_ab", (1.0 - alphas_cumprod).sqrt())
        self.t_embed = nn.Embedding(steps, c)
        self.net = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x0: torch.Tensor, t: torch.Tensor, noise: torch.Tensor) -> torch.Tensor:
        a = self.sqrt_ab[t].view(-1, 1, 1, 1)
        s = self.sqrt_1m_ab[t].view(-1, 1, 1, 1)
        xt = a * x0 + s * noise
        eps = self.net(xt + self.t_embed(t)[:, :, None, None])
        return ((eps - noise) ** 2).mean()


def inputs():
    torch.manual_seed(6720)
    return [
        (torch.randn(2, 3, 8, 8), torch.tensor([3, 40]), torch.randn(2, 3, 8, 8)),
        (torch.randn(3, 3, 6, 6), torch.tensor([0, 17, 49]), torch.randn(3, 3, 6, 6)),
    ]
