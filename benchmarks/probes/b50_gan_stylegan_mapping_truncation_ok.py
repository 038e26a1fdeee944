# ruff: noqa  (a probe is written as users write models)
import math
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def normalize_2nd_moment(x: Tensor, dim: int = 1, eps: float = 1e-8) -> Tensor:
    return x * (x.square().mean(dim=dim, keepdim=True) + eps).rsqrt()


class EqualLinear(nn.Module):
    def __init__(self, in_dim: int, out_dim: int, lr_mul: float = 1.0, bias_init: float = 0.0, activation: bool = False):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_dim, in_dim).div_(lr_mul))
        self.bias = nn.Parameter(torch.full([out_dim], float(bias_init)))
        self.scale = (1 / math.sqrt(in_dim)) * lr_mul
        self.lr_mul = lr_mul
        self.activation = activation

    def forward(self, x: Tensor) -> Tensor:
        out = F.linear(x, self.weight * self.scale, bias=self.bias * self.lr_mul)
        if self.activation:
            out = F.leaky_relu(out, 0.2) * math.sqrt(2)
        return out


class MappingNetwork(nn.Module):
    def __init__(self, z_dim: int = 16, c_dim: int = 0, w_dim: int = 16, num_ws: int = 6, num_layers: int = 4, lr_multiplier: float = 0.01, w_avg_beta: float = 0.998):
        super().__init__()
        self.z_dim, self.c_dim, self.w_dim, self.num_ws = z_dim, c_dim, w_dim, num_ws
        self.w_avg_beta = w_avg_beta
        features = [z_dim] + [w_dim] * num_layers
        self.layers = nn.ModuleList(EqualLinear(a, b, lr_mul=lr_multiplier, activation=True) for a, b in zip(features[:-1], features[1:]))
        self.register_buffer("w_avg", torch.randn([w_dim]) * 0.1)

    def forward(self, z: Tensor, truncation_psi: float = 1.0, truncation_cutoff: Optional[int] = None) -> Tensor:
        x = normalize_2nd_moment(z.to(torch.float32))
        for layer in self.layers:
            x = layer(x)
        if self.training and self.w_avg_beta is not None:
            self.w_avg.copy_(x.detach().mean(dim=0).lerp(self.w_avg, self.w_avg_beta))
        x = x.unsqueeze(1).repeat([1, self.num_ws, 1])
        if truncation_psi != 1:
            if truncation_cutoff is None:
                x = self.w_avg.lerp(x, truncation_psi)
            else:
                x[:, :truncation_cutoff] = self.w_avg.lerp(x[:, :truncation_cutoff], truncation_psi)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mapping = MappingNetwork()

    def forward(self, z: Tensor) -> Tensor:
        return self.mapping(z, truncation_psi=0.7, truncation_cutoff=4)


def inputs():
    torch.manual_seed(5017)
    return [
        (torch.randn(2, 16),),
        (torch.randn(5, 16),),
    ]
