# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def backwarp(img: torch.Tensor, flow: torch.Tensor) -> torch.Tensor:
    n, _, h, w = img.shape
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, h), torch.linspace(-1, 1, w), indexing="ij")
    grid = torch.stack((xs, ys), -1).unsqueeze(0) + flow.permute(0, 2, 3, 1)
    return F.grid_sample(img, grid, align_corners=True)


class Model(nn.Module):
    """Frame interpolation at time t: warp from the nearer keyframe, blend with the farther one."""

    def __init__(self):
        super().__init__()
        self.flow = nn.Conv2d(6, 2, 3, padding=1)

    def forward(self, f0: torch.Tensor, f1: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        flow = 0.1 * torch.tanh(self.flow(torch.cat((f0, f1), 1)))
        t = float(t)  # breaks: compile,export,trace
        if t < 0.5:  # breaks: compile
            near, far, w = f0, f1, t
        else:
            near, far, w = f1, f0, 1.0 - t
        return (1 - w) * backwarp(near, flow * w) + w * far


def inputs():
    torch.manual_seed(7207)
    return [
        (torch.rand(1, 3, 8, 8), torch.rand(1, 3, 8, 8), torch.tensor(0.25)),
        (torch.rand(1, 3, 8, 8), torch.rand(1, 3, 8, 8), torch.tensor(0.75)),
    ]
