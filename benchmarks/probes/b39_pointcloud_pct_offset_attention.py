# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class OffsetAttention(nn.Module):
    """Point Cloud Transformer SA layer: attention output replaced by (input - attended) offset."""

    def __init__(self, channels):
        super().__init__()
        self.q_conv = nn.Conv1d(channels, channels // 4, 1, bias=False)
        self.k_conv = nn.Conv1d(channels, channels // 4, 1, bias=False)
        self.q_conv.weight = self.k_conv.weight
        self.v_conv = nn.Conv1d(channels, channels, 1)
        self.trans_conv = nn.Conv1d(channels, channels, 1)
        self.after_norm = nn.BatchNorm1d(channels)
        self.act = nn.ReLU()
        self.softmax = nn.Softmax(dim=-1)

    def forward(self, x):
        x_q = self.q_conv(x).permute(0, 2, 1)
        x_k = self.k_conv(x)
        x_v = self.v_conv(x)
        energy = torch.bmm(x_q, x_k)
        attention = self.softmax(energy)
        attention = attention / (1e-9 + attention.sum(dim=1, keepdim=True))
        x_r = torch.bmm(x_v, attention)
        x_r = self.act(self.after_norm(self.trans_conv(x - x_r)))
        return x + x_r


class PCTClassifier(nn.Module):
    def __init__(self, channels=16, num_layers=4, num_classes=5):
        super().__init__()
        self.embed = nn.Sequential(
            nn.Conv1d(3, channels, 1, bias=False), nn.BatchNorm1d(channels), nn.ReLU(),
            nn.Conv1d(channels, channels, 1, bias=False), nn.BatchNorm1d(channels), nn.ReLU(),
        )
        self.sa_layers = nn.ModuleList([OffsetAttention(channels) for _ in range(num_layers)])
        self.fuse = nn.Sequential(nn.Conv1d(channels * num_layers, 32, 1, bias=False), nn.BatchNorm1d(32), nn.LeakyReLU(0.2))
        self.head = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, num_classes))

    def forward(self, points):
        x = self.embed(points.transpose(1, 2))
        feats = []
        for layer in self.sa_layers:
            x = layer(x)
            feats.append(x)
        x = self.fuse(torch.cat(feats, dim=1))
        x = torch.cat([x.max(dim=-1)[0], x.mean(dim=-1)], dim=1)
        return self.head(x)


Model = PCTClassifier


def inputs():
    torch.manual_seed(3917)
    return [(torch.randn(2, 32, 3),), (torch.randn(3, 50, 3),)]
