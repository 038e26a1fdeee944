# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def events_to_voxel_grid(events, num_bins, width, height):
    """Bilinear-in-time voxelisation of (t, x, y, p) events (E2VID style)."""
    voxel_grid = events.new_zeros(num_bins * height * width)
    first_stamp, last_stamp = events[0, 0], events[-1, 0]
    deltaT = (last_stamp - first_stamp).clamp(min=1e-6)
    ts = (num_bins - 1) * (events[:, 0] - first_stamp) / deltaT
    xs = events[:, 1].long()
    ys = events[:, 2].long()
    pols = events[:, 3] * 2 - 1
    tis = ts.floor()
    dts = ts - tis
    tis = tis.long()
    vals_left = pols * (1.0 - dts)
    vals_right = pols * dts
    idx = xs + ys * width + tis * width * height
    voxel_grid.index_add_(0, idx, vals_left)
    valid = (tis + 1) < num_bins
    idx_right = (xs + ys * width + (tis + 1).clamp(max=num_bins - 1) * width * height)
    voxel_grid.index_add_(0, idx_right, vals_right * valid)
    return voxel_grid.view(num_bins, height, width)


class EventRecon(nn.Module):
    """Event stream -> voxel grid -> small recurrent-free reconstruction UNet stem."""

    def __init__(self, num_bins=5, base=8):
        super().__init__()
        self.num_bins = num_bins
        self.enc = nn.Sequential(nn.Conv2d(num_bins, base, 3, padding=1), nn.ReLU(), nn.Conv2d(base, base, 3, stride=2, padding=1), nn.ReLU())
        self.dec = nn.Sequential(nn.Conv2d(base, base, 3, padding=1), nn.ReLU(), nn.Conv2d(base, 1, 1))

    def forward(self, events):
        width = int(events[:, 1].max()) + 1  # breaks: compile,export,trace
        height = int(events[:, 2].max()) + 1
        grid = events_to_voxel_grid(events, self.num_bins, width, height)
        mean, std = grid.mean(), grid.std()
        grid = (grid - mean) / (std + 1e-5)
        feat = self.enc(grid.unsqueeze(0))
        feat = F.interpolate(feat, size=(height, width), mode="bilinear", align_corners=False)
        return torch.sigmoid(self.dec(feat))


Model = EventRecon


def _events(n, w, h):
    t = torch.sort(torch.rand(n)).values
    x = torch.randint(0, w, (n,)).float()
    y = torch.randint(0, h, (n,)).float()
    x[0], y[0] = w - 1, h - 1
    p = torch.randint(0, 2, (n,)).float()
    return torch.stack([t, x, y, p], dim=1)


def inputs():
    torch.manual_seed(3906)
    return [(_events(200, 12, 10),), (_events(150, 8, 14),)]
