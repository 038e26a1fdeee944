# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def make_base_grid(h, w, device):
    ys, xs = torch.meshgrid(torch.arange(h, device=device), torch.arange(w, device=device), indexing="ij")
    return torch.stack((xs, ys), dim=-1).float()  # H, W, 2 (x, y)


class DeformableSampler(nn.Module):
    """Predict K offsets per pixel and bilinearly sample the feature map there (DCN-lite)."""

    def __init__(self, channels=8, num_points=4):
        super().__init__()
        self.num_points = num_points
        self.offset_conv = nn.Conv2d(channels, 2 * num_points, 3, padding=1)
        self.weight_conv = nn.Conv2d(channels, num_points, 3, padding=1)
        self.proj = nn.Conv2d(channels, channels, 1)
        nn.init.normal_(self.offset_conv.weight, std=0.1)

    def forward(self, x):
        n, c, h, w = x.shape
        offsets = self.offset_conv(x).view(n, self.num_points, 2, h, w).permute(0, 1, 3, 4, 2)
        weights = self.weight_conv(x).softmax(dim=1)
        base = make_base_grid(h, w, x.device)
        locs = base[None, None] + offsets  # n, K, H, W, 2 in pixels
        # normalise pixel coordinates to [-1, 1] for grid_sample (align_corners=True)
        norm = torch.tensor([w - 1, h - 1], dtype=x.dtype, device=x.device)
        grid = 2.0 * locs / norm - 1.0
        sampled = F.grid_sample(
            x.repeat_interleave(self.num_points, dim=0),
            grid.reshape(n * self.num_points, h, w, 2),
            mode="bilinear", padding_mode="zeros", align_corners=True,
        ).view(n, self.num_points, c, h, w)
        out = (sampled * weights.unsqueeze(2)).sum(dim=1)
        return self.proj(out)


class DeformBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.sampler = DeformableSampler(8)
        self.norm = nn.BatchNorm2d(8)

    def forward(self, img):
        x = F.relu(self.stem(img))
        return F.relu(self.norm(x + self.sampler(x)))


Model = DeformBlock


def inputs():
    torch.manual_seed(4728)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 11),)]
