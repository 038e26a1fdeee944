import torch
import torch.nn as nn


class PackPathway(nn.Module):
    def __init__(self, alpha=4):
        super().__init__()
        self.alpha = alpha

    def forward(self, frames):
        t = frames.shape[2]
        idx = torch.linspace(0, t - 1, t // self.alpha).long().to(frames.device)
        slow = torch.index_select(frames, 2, idx)
        return slow, frames


class FuseFastToSlow(nn.Module):
    def __init__(self, fast_ch, alpha=4, ratio=2):
        super().__init__()
        self.conv = nn.Conv3d(fast_ch, fast_ch * ratio, (5, 1, 1), stride=(alpha, 1, 1), padding=(2, 0, 0), bias=False)
        self.bn = nn.BatchNorm3d(fast_ch * ratio)

    def forward(self, slow, fast):
        fuse = torch.relu(self.bn(self.conv(fast)))
        return torch.cat([slow, fuse[:, :, : slow.shape[2]]], dim=1), fast


class SlowFastStem(nn.Module):
    def __init__(self, num_classes=5, alpha=4):
        super().__init__()
        self.pack = PackPathway(alpha)
        self.slow_stem = nn.Conv3d(3, 16, (1, 3, 3), padding=(0, 1, 1))
        self.fast_stem = nn.Conv3d(3, 4, (5, 3, 3), padding=(2, 1, 1))
        self.fuse = FuseFastToSlow(4, alpha)
        self.head = nn.Linear(16 + 8 + 4, num_classes)

    def forward(self, clip):
        slow, fast = self.pack(clip)
        slow, fast = self.fuse(self.slow_stem(slow), self.fast_stem(fast))
        pooled = torch.cat([slow.mean(dim=(2, 3, 4)), fast.mean(dim=(2, 3, 4))], dim=1)
        return self.head(pooled)


Model = SlowFastStem


def inputs():
    torch.manual_seed(3524)
    return [(torch.randn(2, 3, 16, 8, 8),), (torch.randn(1, 3, 8, 8, 8),)]
