# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class GDN(nn.Module):
    """Generalised divisive normalisation with beta/gamma kept positive by a squared reparametrisation."""

    def __init__(self, ch: int, beta_min: float = 1e-6, reparam_offset: float = 2 ** -18):
        super().__init__()
        self.pedestal = reparam_offset ** 2
        self.beta_bound = (beta_min + self.pedestal) ** 0.5
        self.beta_raw = nn.Parameter(torch.sqrt(torch.ones(ch) + self.pedestal))
        self.gamma_raw = nn.Parameter(torch.sqrt(0.1 * torch.eye(ch) + self.pedestal))

    @property
    def beta(self) -> torch.Tensor:
        return self.beta_raw.clamp(min=self.beta_bound).pow(2) - self.pedestal

    @property
    def gamma(self) -> torch.Tensor:
        return self.gamma_raw.clamp(min=self.pedestal ** 0.5).pow(2) - self.pedestal

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        c = x.size(1)
        norm = F.conv2d(x * x, self.gamma.view(c, c, 1, 1), self.beta)
        return x * torch.rsqrt(norm)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 5, stride=2, padding=2)
        self.gdn = GDN(4)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return self.gdn(self.conv(img))


def inputs():
    torch.manual_seed(7217)
    return [(torch.rand(1, 3, 8, 8),), (torch.rand(2, 3, 10, 6),)]
