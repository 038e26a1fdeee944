# ruff: noqa  (a probe is written as users write models)
from typing import Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class TNet(nn.Module):
    def __init__(self, k: int = 3):
        super().__init__()
        self.k = k
        self.convs = nn.Sequential(
            nn.Conv1d(k, 16, 1), nn.BatchNorm1d(16), nn.ReLU(),
            nn.Conv1d(16, 32, 1), nn.BatchNorm1d(32), nn.ReLU(),
        )
        self.fc = nn.Sequential(nn.Linear(32, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, k * k))
        nn.init.zeros_(self.fc[-1].weight)
        nn.init.zeros_(self.fc[-1].bias)
        self.register_buffer("iden", torch.eye(k).flatten().unsqueeze(0))

    def forward(self, x: Tensor) -> Tensor:
        x = torch.max(self.convs(x), 2, keepdim=False)[0]
        x = self.fc(x) + self.iden
        return x.view(-1, self.k, self.k)


def feature_transform_regularizer(trans: Tensor) -> Tensor:
    d = trans.size(1)
    I = torch.eye(d, device=trans.device, dtype=trans.dtype).unsqueeze(0)
    return torch.mean(torch.norm(torch.bmm(trans, trans.transpose(2, 1)) - I, dim=(1, 2)))


class PointNetCls(nn.Module):
    def __init__(self, num_classes: int = 4, feature_transform: bool = True):
        super().__init__()
        self.stn = TNet(3)
        self.conv1 = nn.Sequential(nn.Conv1d(3, 16, 1), nn.BatchNorm1d(16), nn.ReLU())
        self.fstn: Optional[TNet] = TNet(16) if feature_transform else None
        self.conv2 = nn.Sequential(nn.Conv1d(16, 32, 1), nn.BatchNorm1d(32))
        self.head = nn.Sequential(nn.Linear(32, 16), nn.Dropout(0.3), nn.ReLU(), nn.Linear(16, num_classes))

    def forward(self, points: Tensor) -> Tuple[Tensor, Tensor]:
        n_pts = points.size(2)
        trans = self.stn(points)
        x = torch.bmm(points.transpose(2, 1), trans).transpose(2, 1)
        x = self.conv1(x)
        reg = x.new_zeros(())
        if self.fstn is not None:
            trans_feat = self.fstn(x)
            x = torch.bmm(x.transpose(2, 1), trans_feat).transpose(2, 1)
            reg = feature_transform_regularizer(trans_feat)
        x = self.conv2(x)
        global_feat = F.max_pool1d(x, kernel_size=n_pts).squeeze(-1)  # breaks: trace
        return F.log_softmax(self.head(global_feat), dim=1), reg


Model = PointNetCls


def inputs():
    torch.manual_seed(5023)
    return [
        (torch.randn(2, 3, 20),),
        (torch.randn(4, 3, 12),),
    ]
