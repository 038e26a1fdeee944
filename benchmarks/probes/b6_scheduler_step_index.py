import torch
from torch import nn


class DDIMStep(nn.Module):
    def __init__(self, steps: int = 10):
        super().__init__()
        betas = torch.linspace(1e-4, 0.02, 100)
        self.register_buffer("alphas_cumprod", torch.cumprod(1 - betas, 0))
        self.register_buffer("timesteps", torch.arange(99, -1, -100 // steps))

    def index_for(self, t):
        return (self.timesteps == t).nonzero()[0].item()  # breaks: compile,trace

    def forward(self, sample, eps, t):
        i = self.index_for(t)
        prev_t = self.timesteps[min(i + 1, len(self.timesteps) - 1)]
        a_t = self.alphas_cumprod[t]
        a_prev = self.alphas_cumprod[prev_t]  # breaks: compile
        x0 = (sample - (1 - a_t).sqrt() * eps) / a_t.sqrt()
        return a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.unet = nn.Linear(dim, dim)
        self.scheduler = DDIMStep()

    def forward(self, x, t):
        return self.scheduler(x, self.unet(x), t)


def inputs():
    return [
        (torch.randn(2, 8), torch.tensor(99)),
        (torch.randn(2, 8), torch.tensor(9)),
    ]
