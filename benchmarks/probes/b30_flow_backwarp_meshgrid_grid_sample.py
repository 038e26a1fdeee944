import torch
import torch.nn as nn
import torch.nn.functional as F


def coords_grid(b, h, w, device=None):
    ys, xs = torch.meshgrid(torch.arange(h, device=device), torch.arange(w, device=device), indexing="ij")
    return torch.stack([xs, ys], 0).float().unsqueeze(0).expand(b, -1, -1, -1)


def backwarp(img, flow):
    b, _, h, w = img.shape
    coords = coords_grid(b, h, w, img.device) + flow
    gx = 2.0 * coords[:, 0] / (w - 1) - 1.0
    gy = 2.0 * coords[:, 1] / (h - 1) - 1.0
    grid = torch.stack([gx, gy], dim=-1)
    return F.grid_sample(img, grid, mode="bilinear", padding_mode="border", align_corners=True)


class TinyFlowNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(6, ch, 3, padding=1), nn.LeakyReLU(0.1),
            nn.Conv2d(ch, ch, 3, padding=1), nn.LeakyReLU(0.1),
            nn.Conv2d(ch, 2, 3, padding=1),
        )

    def forward(self, im1, im2):
        flow = self.net(torch.cat([im1, im2], 1))
        warped = backwarp(im2, flow)
        photometric = (warped - im1).abs().mean(dim=(1, 2, 3))
        return flow, warped, photometric


Model = TinyFlowNet


def inputs():
    torch.manual_seed(3005)
    return [
        (torch.rand(2, 3, 12, 16), torch.rand(2, 3, 12, 16)),
        (torch.rand(1, 3, 12, 16), torch.rand(1, 3, 12, 16)),
    ]
