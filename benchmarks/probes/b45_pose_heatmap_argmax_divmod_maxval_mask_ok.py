# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def get_heatmap_maximum(heatmaps: Tensor):
    """Argmax locations (x, y) and values of [B, K, H, W] heatmaps; invalid keypoints get -1."""
    B, K, H, W = heatmaps.shape
    flat = heatmaps.reshape(B, K, -1)
    vals, idx = flat.max(dim=-1)
    x = (idx % W).to(heatmaps.dtype)
    y = torch.div(idx, W, rounding_mode="floor").to(heatmaps.dtype)
    locs = torch.stack((x, y), dim=-1)
    locs = torch.where((vals > 0).unsqueeze(-1), locs, torch.full_like(locs, -1.0))
    return locs, vals


def refine_keypoints(keypoints: Tensor, heatmaps: Tensor) -> Tensor:
    """Quarter-pixel shift towards the higher neighbour (all in tensor ops)."""
    B, K, H, W = heatmaps.shape
    x = keypoints[..., 0].long().clamp(1, W - 2)
    y = keypoints[..., 1].long().clamp(1, H - 2)
    flat = heatmaps.reshape(B, K, -1)
    def at(yy, xx):
        return flat.gather(-1, (yy * W + xx).unsqueeze(-1)).squeeze(-1)
    dx = torch.sign(at(y, x + 1) - at(y, x - 1))
    dy = torch.sign(at(y + 1, x) - at(y - 1, x))
    return keypoints + 0.25 * torch.stack((dx, dy), dim=-1)


class SimpleBaselineHead(nn.Module):
    def __init__(self, in_ch=8, num_joints=5, deconv=8):
        super().__init__()
        self.deconv = nn.Sequential(nn.ConvTranspose2d(in_ch, deconv, 4, 2, 1, bias=False), nn.BatchNorm2d(deconv), nn.ReLU(inplace=True))
        self.final = nn.Conv2d(deconv, num_joints, 1)

    def forward(self, x):
        return self.final(self.deconv(x))


class TopDownPose(nn.Module):
    def __init__(self, stride=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, stride=2, padding=1), nn.ReLU())
        self.head = SimpleBaselineHead()
        self.out_stride = stride // 2

    def forward(self, img):
        heatmaps = self.head(self.backbone(img))
        locs, vals = get_heatmap_maximum(heatmaps)
        locs = refine_keypoints(locs, heatmaps)
        return locs * self.out_stride, torch.sigmoid(vals)


Model = TopDownPose


def inputs():
    torch.manual_seed(4525)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 24, 16),)]
