# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GuidedDenoiser(nn.Module):
    """Classifier-free guidance: conditional and unconditional passes in one doubled batch."""

    def __init__(self, dim: int = 6, guidance: float = 3.0):
        super().__init__()
        self.guidance = guidance
        self.net = nn.Sequential(nn.Linear(2 * dim + 1, 16), nn.SiLU(), nn.Linear(16, dim))
        self.null_cond = nn.Parameter(torch.zeros(dim))

    def forward(self, x, t, cond):
        x_in = torch.cat([x] * 2)
        t_in = torch.cat([t] * 2).unsqueeze(-1)
        c_in = torch.cat([cond, self.null_cond.expand_as(cond)])
        eps_cond, eps_uncond = self.net(torch.cat([x_in, c_in, t_in], dim=-1)).chunk(2)
        return eps_uncond + self.guidance * (eps_cond - eps_uncond)


Model = GuidedDenoiser


def inputs():
    torch.manual_seed(2621)
    return [
        (torch.randn(2, 6), torch.rand(2), torch.randn(2, 6)),
        (torch.randn(5, 6), torch.rand(5), torch.randn(5, 6)),
    ]
