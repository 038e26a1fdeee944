# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def knn(x: Tensor, k: int) -> Tensor:
    inner = -2 * torch.matmul(x.transpose(2, 1), x)
    xx = torch.sum(x**2, dim=1, keepdim=True)
    pairwise_distance = -xx - inner - xx.transpose(2, 1)
    return pairwise_distance.topk(k=k, dim=-1)[1]


def get_graph_feature(x: Tensor, k: int = 4) -> Tensor:
    batch_size, num_dims, num_points = x.shape
    idx = knn(x, k=k)
    idx_base = torch.arange(0, batch_size, device=x.device).view(-1, 1, 1) * num_points
    idx = (idx + idx_base).view(-1)
    x = x.transpose(2, 1).contiguous()
    feature = x.view(batch_size * num_points, -1)[idx, :]
    feature = feature.view(batch_size, num_points, k, num_dims)
    x = x.view(batch_size, num_points, 1, num_dims).expand(-1, -1, k, -1)
    return torch.cat((feature - x, x), dim=3).permute(0, 3, 1, 2).contiguous()


class EdgeConv(nn.Module):
    def __init__(self, in_ch: int, out_ch: int, k: int):
        super().__init__()
        self.k = k
        self.conv = nn.Sequential(nn.Conv2d(in_ch * 2, out_ch, 1, bias=False), nn.BatchNorm2d(out_ch), nn.LeakyReLU(0.2))

    def forward(self, x: Tensor) -> Tensor:
        return self.conv(get_graph_feature(x, self.k)).max(dim=-1, keepdim=False)[0]


class DGCNN(nn.Module):
    def __init__(self, k: int = 4, widths: Tuple[int, ...] = (16, 16, 32), emb_dims: int = 32, num_classes: int = 5):
        super().__init__()
        chans = (3,) + widths
        self.edge_convs = nn.ModuleList(EdgeConv(a, b, k) for a, b in zip(chans[:-1], chans[1:]))
        self.conv5 = nn.Sequential(nn.Conv1d(sum(widths), emb_dims, 1, bias=False), nn.BatchNorm1d(emb_dims), nn.LeakyReLU(0.2))
        self.head = nn.Sequential(nn.Linear(emb_dims * 2, 32), nn.LeakyReLU(0.2), nn.Dropout(0.5), nn.Linear(32, num_classes))

    def forward(self, x: Tensor) -> Tensor:
        outs: List[Tensor] = []
        for ec in self.edge_convs:
            x = ec(x)
            outs.append(x)
        x = self.conv5(torch.cat(outs, dim=1))
        x = torch.cat((F.adaptive_max_pool1d(x, 1).flatten(1), F.adaptive_avg_pool1d(x, 1).flatten(1)), 1)
        return self.head(x)


Model = DGCNN


def inputs():
    torch.manual_seed(5012)
    return [
        (torch.randn(2, 3, 16),),
        (torch.randn(3, 3, 10),),
    ]
