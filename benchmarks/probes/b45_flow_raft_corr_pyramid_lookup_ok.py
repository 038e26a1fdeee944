# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def bilinear_sampler(img, coords):
    """Wrapper for grid_sample, uses pixel coordinates."""
    H, W = img.shape[-2:]
    xgrid, ygrid = coords.split([1, 1], dim=-1)
    xgrid = 2 * xgrid / (W - 1) - 1
    ygrid = 2 * ygrid / (H - 1) - 1
    grid = torch.cat([xgrid, ygrid], dim=-1)
    return F.grid_sample(img, grid, align_corners=True)


def coords_grid(batch, ht, wd, device):
    coords = torch.meshgrid(torch.arange(ht, device=device), torch.arange(wd, device=device), indexing="ij")
    coords = torch.stack(coords[::-1], dim=0).float()
    return coords[None].repeat(batch, 1, 1, 1)


class CorrBlock:
    def __init__(self, fmap1, fmap2, num_levels=2, radius=2):
        self.num_levels = num_levels
        self.radius = radius
        self.corr_pyramid = []
        batch, dim, ht, wd = fmap1.shape
        corr = torch.matmul(fmap1.view(batch, dim, ht * wd).transpose(1, 2), fmap2.view(batch, dim, ht * wd))
        corr = corr.reshape(batch * ht * wd, 1, ht, wd) / torch.sqrt(torch.tensor(dim).float())
        self.corr_pyramid.append(corr)
        for _ in range(self.num_levels - 1):
            corr = F.avg_pool2d(corr, 2, stride=2)
            self.corr_pyramid.append(corr)

    def __call__(self, coords):
        r = self.radius
        coords = coords.permute(0, 2, 3, 1)
        batch, h1, w1, _ = coords.shape
        out_pyramid = []
        for i in range(self.num_levels):
            corr = self.corr_pyramid[i]
            dx = torch.linspace(-r, r, 2 * r + 1, device=coords.device)
            dy = torch.linspace(-r, r, 2 * r + 1, device=coords.device)
            delta = torch.stack(torch.meshgrid(dy, dx, indexing="ij"), dim=-1)
            centroid_lvl = coords.reshape(batch * h1 * w1, 1, 1, 2) / 2 ** i
            coords_lvl = centroid_lvl + delta.view(1, 2 * r + 1, 2 * r + 1, 2)
            corr = bilinear_sampler(corr, coords_lvl)
            out_pyramid.append(corr.view(batch, h1, w1, -1))
        return torch.cat(out_pyramid, dim=-1).permute(0, 3, 1, 2).contiguous().float()


class TinyRAFT(nn.Module):
    def __init__(self, fdim=8, iters=2, levels=2, radius=2):
        super().__init__()
        self.fnet = nn.Sequential(nn.Conv2d(3, fdim, 3, padding=1), nn.ReLU(), nn.Conv2d(fdim, fdim, 1))
        cor_planes = levels * (2 * radius + 1) ** 2
        self.update = nn.Sequential(nn.Conv2d(cor_planes + 2, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 2, 3, padding=1))
        self.iters, self.levels, self.radius = iters, levels, radius

    def forward(self, image1, image2):
        fmap1, fmap2 = self.fnet(image1), self.fnet(image2)
        corr_fn = CorrBlock(fmap1, fmap2, num_levels=self.levels, radius=self.radius)
        N, _, H, W = image1.shape
        coords0 = coords_grid(N, H, W, image1.device)
        coords1 = coords_grid(N, H, W, image1.device)
        flow_predictions = []
        for _ in range(self.iters):
            coords1 = coords1.detach()
            corr = corr_fn(coords1)
            flow = coords1 - coords0
            coords1 = coords1 + self.update(torch.cat([corr, flow], dim=1))
            flow_predictions.append(coords1 - coords0)
        return flow_predictions[-1]


Model = TinyRAFT


def inputs():
    torch.manual_seed(4501)
    return [
        (torch.rand(1, 3, 8, 8), torch.rand(1, 3, 8, 8)),
        (torch.rand(1, 3, 8, 8), torch.rand(1, 3, 8, 8)),
        (torch.rand(2, 3, 8, 12), torch.rand(2, 3, 8, 12)),
    ]
