# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MappingNetwork(nn.Module):
    def __init__(self, z_dim: int, w_dim: int, layers: int = 2):
        super().__init__()
        mods = []
        for i in range(layers):
            mods += [nn.Linear(z_dim if i == 0 else w_dim, w_dim), nn.LeakyReLU(0.2)]
        self.net = nn.Sequential(*mods)
        self.register_buffer("w_avg", torch.zeros(w_dim))

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        z = z * torch.rsqrt(z.pow(2).mean(1, keepdim=True) + 1e-8)
        return self.net(z)


class ModulatedLayer(nn.Module):
    def __init__(self, w_dim: int, cin: int, cout: int):
        super().__init__()
        self.affine = nn.Linear(w_dim, cin)
        self.weight = nn.Parameter(torch.randn(cout, cin) * 0.2)

    def forward(self, x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        style = self.affine(w)
        weight = self.weight[None] * style[:, None, :]
        weight = weight * torch.rsqrt(weight.pow(2).sum(2, keepdim=True) + 1e-8)
        return torch.relu(torch.einsum("boi,bi->bo", weight, x))


class Model(nn.Module):
    """StyleGAN-like generator: truncation towards the average w, then style mixing where the
    per-layer w stack is built by concatenating the two latents' w around a fixed crossover."""

    def __init__(self, z_dim: int = 8, w_dim: int = 8, width: int = 8, n_layers: int = 4,
                 psi: float = 0.7, crossover: int = 2):
        super().__init__()
        self.mapping = MappingNetwork(z_dim, w_dim)
        self.const = nn.Parameter(torch.randn(width))
        self.layers = nn.ModuleList([ModulatedLayer(w_dim, width, width) for _ in range(n_layers)])
        self.to_rgb = nn.Linear(width, 3)
        self.n_layers = n_layers
        self.psi = psi
        self.crossover = crossover

    def forward(self, z1: torch.Tensor, z2: torch.Tensor) -> torch.Tensor:
        w_avg = self.mapping.w_avg
        w1 = w_avg.lerp(self.mapping(z1), self.psi)
        w2 = w_avg.lerp(self.mapping(z2), self.psi)
        ws = torch.cat(
            [
                w1.unsqueeze(1).expand(-1, self.crossover, -1),
                w2.unsqueeze(1).expand(-1, self.n_layers - self.crossover, -1),
            ],
            dim=1,
        )
        x = self.const.unsqueeze(0).expand(z1.size(0), -1)
        for i, layer in enumerate(self.layers):
            x = layer(x, ws[:, i])
        return torch.tanh(self.to_rgb(x))


def inputs():
    torch.manual_seed(6831)
    return [(torch.randn(2, 8), torch.randn(2, 8)), (torch.randn(4, 8), torch.randn(4, 8))]
