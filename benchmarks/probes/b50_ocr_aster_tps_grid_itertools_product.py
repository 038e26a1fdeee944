# ruff: noqa  (a probe is written as users write models)
import itertools
from typing import Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def compute_partial_repr(input_points: Tensor, control_points: Tensor) -> Tensor:
    N, M = input_points.size(0), control_points.size(0)
    diff = input_points.view(N, 1, 2) - control_points.view(1, M, 2)
    dist = (diff * diff).sum(-1)
    repr_matrix = 0.5 * dist * torch.log(dist)
    return repr_matrix.masked_fill(repr_matrix != repr_matrix, 0)


def build_output_control_points(num_control_points: int, margins: Tuple[float, float]) -> Tensor:
    margin_x, margin_y = margins
    per_side = num_control_points // 2
    xs = torch.linspace(margin_x, 1.0 - margin_x, per_side)
    top = torch.stack([xs, torch.full_like(xs, margin_y)], 1)
    bottom = torch.stack([xs, torch.full_like(xs, 1.0 - margin_y)], 1)
    return torch.cat([top, bottom], 0)


class TPSSpatialTransformer(nn.Module):
    def __init__(self, num_control_points: int = 8, margins=(0.05, 0.05)):
        super().__init__()
        self.num_control_points = N = num_control_points
        target_control_points = build_output_control_points(N, margins)
        forward_kernel = torch.zeros(N + 3, N + 3)
        forward_kernel[:N, :N].copy_(compute_partial_repr(target_control_points, target_control_points))
        forward_kernel[:N, -3].fill_(1)
        forward_kernel[-3, :N].fill_(1)
        forward_kernel[:N, -2:].copy_(target_control_points)
        forward_kernel[-2:, :N].copy_(target_control_points.transpose(0, 1))
        self.register_buffer("inverse_kernel", torch.inverse(forward_kernel))
        self.register_buffer("target_control_points", target_control_points)
        self.loc = nn.Sequential(nn.AdaptiveAvgPool2d((4, 8)), nn.Flatten(), nn.Linear(3 * 32, N * 2), nn.Tanh())

    def target_coordinate_repr(self, height: int, width: int) -> Tensor:
        coords = list(itertools.product(range(height), range(width)))
        target_coordinate = torch.Tensor(coords)  # breaks: trace
        Y, X = target_coordinate.split(1, dim=1)
        Y, X = Y / (height - 1), X / (width - 1)
        target_coordinate = torch.cat([X, Y], dim=1)
        partial = compute_partial_repr(target_coordinate, self.target_control_points)
        return torch.cat([partial, torch.ones(height * width, 1), target_coordinate], dim=1)

    def forward(self, x: Tensor) -> Tensor:
        B, _, H, W = x.shape
        source_control_points = self.loc(x).view(B, self.num_control_points, 2)
        Y = torch.cat([source_control_points, source_control_points.new_zeros(B, 3, 2)], 1)
        mapping_matrix = torch.matmul(self.inverse_kernel, Y)
        source_coordinate = torch.matmul(self.target_coordinate_repr(H, W), mapping_matrix)
        grid = source_coordinate.view(-1, H, W, 2).clamp(0, 1) * 2.0 - 1.0
        return F.grid_sample(x, grid, align_corners=True)


Model = TPSSpatialTransformer


def inputs():
    torch.manual_seed(5021)
    return [
        (torch.randn(2, 3, 8, 16),),
        (torch.randn(1, 3, 6, 20),),
    ]
