import math

import torch
from torch import Tensor, nn


def cosine_alphas_cumprod(steps: int, s: float = 0.008) -> Tensor:
    t = torch.linspace(0, steps, steps + 1, dtype=torch.float64) / steps
    f = torch.cos((t + s) / (1 + s) * math.pi / 2) ** 2
    return (f[1:] / f[0]).clamp(min=1e-5).float()


class DDIMStep(nn.Module):
    def __init__(self, train_steps: int = 100, inference_steps: int = 10):
        super().__init__()
        self.register_buffer("alphas_cumprod", cosine_alphas_cumprod(train_steps))
        self.step_ratio = train_steps // inference_steps
        self.final_alpha = 1.0

    def forward(self, eps: Tensor, sample: Tensor, t: Tensor) -> Tensor:
        prev_t = t - self.step_ratio
        a_t = self.alphas_cumprod[t].view(-1, 1, 1, 1)
        a_prev = torch.where(
            prev_t >= 0,
            self.alphas_cumprod[prev_t.clamp(min=0)],
            torch.full_like(a_t.view(-1), self.final_alpha),
        ).view(-1, 1, 1, 1)
        x0 = (sample - (1 - a_t).sqrt() * eps) / a_t.sqrt()
        return a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps_net = nn.Conv2d(3, 3, 3, padding=1)
        self.step = DDIMStep()

    def forward(self, sample: Tensor, t: Tensor) -> Tensor:
        return self.step(self.eps_net(sample), sample, t)


def inputs():
    return [
        (torch.randn(2, 3, 4, 4), torch.tensor([95, 5])),
        (torch.randn(3, 3, 6, 6), torch.tensor([3, 50, 99])),
    ]
