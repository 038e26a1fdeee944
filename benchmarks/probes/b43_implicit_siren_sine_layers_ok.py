# ruff: noqa  (a probe is written as users write models)
import math

import numpy as np
import torch
from torch import nn


class SineLayer(nn.Module):
    def __init__(self, in_features, out_features, bias=True, is_first=False, omega_0=30.0):
        super().__init__()
        self.omega_0, self.is_first, self.in_features = omega_0, is_first, in_features
        self.linear = nn.Linear(in_features, out_features, bias=bias)
        self.init_weights()

    def init_weights(self):
        with torch.no_grad():
            bound = 1 / self.in_features if self.is_first else np.sqrt(6 / self.in_features) / self.omega_0
            self.linear.weight.uniform_(-bound, bound)

    def forward(self, x):
        return torch.sin(self.omega_0 * self.linear(x))


class Siren(nn.Module):
    def __init__(self, in_features=2, hidden_features=16, hidden_layers=2, out_features=3,
                 outermost_linear=True, first_omega_0=30.0, hidden_omega_0=30.0):
        super().__init__()
        net = [SineLayer(in_features, hidden_features, is_first=True, omega_0=first_omega_0)]
        for _ in range(hidden_layers):
            net.append(SineLayer(hidden_features, hidden_features, omega_0=hidden_omega_0))
        if outermost_linear:
            final = nn.Linear(hidden_features, out_features)
            with torch.no_grad():
                bound = math.sqrt(6 / hidden_features) / hidden_omega_0
                final.weight.uniform_(-bound, bound)
            net.append(final)
        else:
            net.append(SineLayer(hidden_features, out_features, omega_0=hidden_omega_0))
        self.net = nn.Sequential(*net)

    def forward(self, coords):
        return self.net(coords)


def get_mgrid(h: int, w: int, like: torch.Tensor) -> torch.Tensor:
    ys = torch.linspace(-1, 1, h, dtype=like.dtype, device=like.device)
    xs = torch.linspace(-1, 1, w, dtype=like.dtype, device=like.device)
    return torch.stack(torch.meshgrid(ys, xs, indexing="ij"), dim=-1).reshape(-1, 2)


class SirenImageFitter(nn.Module):
    """Renders an image-shaped grid of coordinates through a SIREN, modulated by a latent."""

    def __init__(self, latent_dim=4):
        super().__init__()
        self.siren = Siren()
        self.film = nn.Linear(latent_dim, 2)

    def forward(self, latent, canvas):
        b, _, h, w = canvas.shape
        coords = get_mgrid(h, w, canvas).unsqueeze(0).expand(b, -1, -1)
        coords = coords + 0.05 * torch.tanh(self.film(latent)).unsqueeze(1)
        rgb = self.siren(coords)
        return rgb.transpose(1, 2).reshape(b, 3, h, w)


Model = SirenImageFitter


def inputs():
    torch.manual_seed(4333)
    return [(torch.randn(2, 4), torch.zeros(2, 3, 5, 6)), (torch.randn(1, 4), torch.zeros(1, 3, 7, 4))]
