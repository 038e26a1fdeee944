# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def parse_dynamic_params(params: Tensor, channels: int, weight_nums: List[int], bias_nums: List[int]) -> Tuple[List[Tensor], List[Tensor]]:
    """Split one instance's generated parameter vector into per-layer 1x1 conv weights and biases."""
    num_layers = len(weight_nums)
    splits = list(torch.split(params, weight_nums + bias_nums))
    weights, biases = splits[:num_layers], splits[num_layers:]
    for l in range(num_layers):
        out_ch = channels if l < num_layers - 1 else 1
        weights[l] = weights[l].reshape(out_ch, -1, 1, 1)
        biases[l] = biases[l].reshape(out_ch)
    return weights, biases


class DynamicMaskHead(nn.Module):
    def __init__(self, in_channels=8, embed_dim=24, channels=8, num_layers=3):
        super().__init__()
        self.channels = channels
        self.weight_nums, self.bias_nums = [], []
        for l in range(num_layers):
            c_in = in_channels + 2 if l == 0 else channels
            c_out = channels if l < num_layers - 1 else 1
            self.weight_nums.append(c_in * c_out)
            self.bias_nums.append(c_out)
        self.controller = nn.Linear(embed_dim, sum(self.weight_nums) + sum(self.bias_nums))
        self.mask_branch = nn.Sequential(nn.Conv2d(in_channels, in_channels, 3, padding=1), nn.ReLU())

    @staticmethod
    def rel_coords(h: int, w: int, center: Tensor) -> Tensor:
        ys = torch.linspace(0, 1, h, device=center.device)
        xs = torch.linspace(0, 1, w, device=center.device)
        grid = torch.stack(torch.meshgrid(xs, ys, indexing="xy"), dim=0)
        return grid - center.view(2, 1, 1)

    def forward(self, features: Tensor, inst_embed: Tensor, inst_centers: Tensor) -> Tensor:
        mask_feats = self.mask_branch(features)[0]
        h, w = mask_feats.shape[-2:]
        params = self.controller(inst_embed)
        masks = []
        for p, center in zip(params, inst_centers):
            x = torch.cat([mask_feats, self.rel_coords(h, w, center)], dim=0).unsqueeze(0)
            weights, biases = parse_dynamic_params(p, self.channels, self.weight_nums, self.bias_nums)
            for l, (wt, b) in enumerate(zip(weights, biases)):
                x = F.conv2d(x, wt, b)
                if l < len(weights) - 1:
                    x = F.relu(x)
            masks.append(x)
        return torch.cat(masks, dim=0).sigmoid()


Model = DynamicMaskHead


def inputs():
    torch.manual_seed(3704)
    return [
        (torch.randn(1, 8, 6, 7), torch.randn(3, 24), torch.rand(3, 2)),
        (torch.randn(1, 8, 5, 9), torch.randn(5, 24), torch.rand(5, 2)),
    ]
