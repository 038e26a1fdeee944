# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def heatmap_nms(heatmaps, kernel=3):
    hmax = F.max_pool2d(heatmaps, kernel, stride=1, padding=(kernel - 1) // 2)
    return heatmaps * (hmax == heatmaps).float()


def find_peaks(heatmaps, thre=0.1):
    """Return every local maximum above the threshold as (batch, joint, y, x, score) rows."""
    suppressed = heatmap_nms(heatmaps)
    peaks = (suppressed > thre).nonzero(as_tuple=False)
    scores = suppressed[peaks[:, 0], peaks[:, 1], peaks[:, 2], peaks[:, 3]]
    return torch.cat([peaks.float(), scores.unsqueeze(-1)], dim=-1)


class Stage(nn.Module):
    def __init__(self, in_ch, out_ch, mid=8):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(in_ch, mid, 3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(mid, mid, 3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(mid, out_ch, 1),
        )

    def forward(self, x):
        return self.body(x)


class OpenPoseLite(nn.Module):
    def __init__(self, num_heatmaps=4, num_pafs=6, feat=8, thre=0.1):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, feat, 3, stride=2, padding=1), nn.ReLU(inplace=True))
        self.initial_stage_heat = Stage(feat, num_heatmaps)
        self.initial_stage_paf = Stage(feat, num_pafs)
        self.refine = Stage(feat + num_heatmaps + num_pafs, num_heatmaps)
        self.thre = thre

    def forward(self, x):
        feats = self.backbone(x)
        heat = torch.sigmoid(self.initial_stage_heat(feats))
        pafs = self.initial_stage_paf(feats)
        heat = torch.sigmoid(self.refine(torch.cat([feats, heat, pafs], dim=1)))
        heat = F.interpolate(heat, scale_factor=2, mode="bicubic", align_corners=False)
        return find_peaks(heat, self.thre), pafs


Model = OpenPoseLite


def inputs():
    torch.manual_seed(4514)
    return [(torch.randn(1, 3, 12, 12),), (torch.randn(1, 3, 12, 12),), (torch.randn(2, 3, 8, 16),)]
