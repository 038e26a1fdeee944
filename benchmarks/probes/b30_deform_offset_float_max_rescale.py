import torch
import torch.nn as nn
import torch.nn.functional as F


def base_grid(b, h, w, like):
    ys = torch.linspace(-1, 1, h, device=like.device, dtype=like.dtype)
    xs = torch.linspace(-1, 1, w, device=like.device, dtype=like.dtype)
    gy, gx = torch.meshgrid(ys, xs, indexing="ij")
    return torch.stack([gx, gy], dim=-1).expand(b, h, w, 2)


class OffsetSampler(nn.Module):
    """Predicts per-pixel offsets (in pixels) and resamples the feature map along them."""

    def __init__(self, channels=8, max_displacement=2.0):
        super().__init__()
        self.max_displacement = max_displacement
        self.offset_conv = nn.Conv2d(channels, 2, 3, padding=1)
        self.proj = nn.Conv2d(channels, channels, 1)

    def forward(self, feats):
        b, _, h, w = feats.shape
        offsets = self.offset_conv(feats)
        scale = max(1.0, float(offsets.abs().amax()) / self.max_displacement)  # breaks: compile,export,trace
        offsets = offsets / scale
        norm = offsets.new_tensor([2.0 / max(w - 1, 1), 2.0 / max(h - 1, 1)])
        grid = base_grid(b, h, w, feats) + offsets.permute(0, 2, 3, 1) * norm
        return self.proj(F.grid_sample(feats, grid, align_corners=True))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.deform = OffsetSampler()

    def forward(self, x):
        return self.deform(torch.relu(self.stem(x)))


def inputs():
    torch.manual_seed(3029)
    return [(torch.randn(1, 3, 10, 10) * 0.1,), (torch.randn(1, 3, 10, 10) * 20,)]
