import torch
from torch import nn


class ClassifierFreeGuidance(nn.Module):
    def __init__(self, denoiser: nn.Module):
        super().__init__()
        self.denoiser = denoiser

    def forward(self, x, t, cond, guidance_scale):
        scale = float(guidance_scale)  # breaks: export,trace
        if scale == 1.0:  # breaks: compile
            return self.denoiser(x, t, cond)
        eps_c = self.denoiser(x, t, cond)
        eps_u = self.denoiser(x, t, torch.zeros_like(cond))
        return eps_u + scale * (eps_c - eps_u)


class TinyDenoiser(nn.Module):
    def __init__(self, dim: int = 8, cond_dim: int = 4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + cond_dim + 1, 32), nn.SiLU(), nn.Linear(32, dim))

    def forward(self, x, t, cond):
        return self.net(torch.cat([x, cond, t.unsqueeze(-1)], dim=-1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.guided = ClassifierFreeGuidance(TinyDenoiser())

    def forward(self, x, t, cond, guidance_scale):
        return self.guided(x, t, cond, guidance_scale)


def inputs():
    torch.manual_seed(0)
    x, t, c = torch.randn(2, 8), torch.rand(2), torch.randn(2, 4)
    return [(x, t, c, torch.tensor(7.5)), (x, t, c, torch.tensor(3.0))]
