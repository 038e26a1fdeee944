import torch
import torch.nn as nn


def normalize_unit_sphere(pts):
    centroid = pts.mean(dim=1, keepdim=True)
    pts = pts - centroid
    furthest = float(pts.norm(dim=-1).max())
    return pts / furthest


class TNet(nn.Module):
    def __init__(self, k=3):
        super().__init__()
        self.k = k
        self.mlp = nn.Sequential(nn.Conv1d(k, 32, 1), nn.ReLU(), nn.Conv1d(32, 64, 1), nn.ReLU())
        self.fc = nn.Linear(64, k * k)
        self.register_buffer("iden", torch.eye(k).flatten())

    def forward(self, x):
        g = self.mlp(x).max(dim=2).values
        return (self.fc(g) + self.iden).view(-1, self.k, self.k)


class PointNetCls(nn.Module):
    def __init__(self, num_classes=8, normalize=True, dropout=0.3):
        super().__init__()
        self.normalize = normalize
        self.stn = TNet(3)
        self.feat = nn.Sequential(
            nn.Conv1d(3, 64, 1), nn.BatchNorm1d(64), nn.ReLU(),
            nn.Conv1d(64, 128, 1), nn.BatchNorm1d(128), nn.ReLU(),
        )
        self.cls = nn.Sequential(nn.Linear(128, 64), nn.ReLU(), nn.Dropout(dropout), nn.Linear(64, num_classes))

    def forward(self, pts):
        if self.normalize:
            pts = normalize_unit_sphere(pts)
        x = pts.transpose(1, 2)
        trans = self.stn(x)
        x = torch.bmm(trans, x)
        x = self.feat(x).max(dim=2).values
        return self.cls(x).log_softmax(-1)


Model = PointNetCls


def inputs():
    torch.manual_seed(283)
    return [
        (torch.randn(2, 128, 3),),
        (torch.randn(4, 96, 3) * 5 + 1,),
    ]
