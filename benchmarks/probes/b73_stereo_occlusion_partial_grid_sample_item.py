# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

warp = functools.partial(F.grid_sample, mode="bilinear", padding_mode="border", align_corners=True)


class Model(nn.Module):
    """Disparity refinement: the right image is warped to the left view; refinement runs only
    when some pixels fail the photometric check."""

    def __init__(self, thr: float = 0.5):
        super().__init__()
        self.thr = thr
        self.refine = nn.Conv2d(2, 1, 3, padding=1)

    def forward(self, left: torch.Tensor, right: torch.Tensor, disp: torch.Tensor) -> torch.Tensor:
        b, _, h, w = left.shape
        ys, xs = torch.meshgrid(torch.linspace(-1, 1, h), torch.linspace(-1, 1, w), indexing="ij")
        gx = xs.unsqueeze(0) - 2 * disp[:, 0] / (w - 1)
        grid = torch.stack([gx, ys.unsqueeze(0).expand_as(gx)], -1)
        err = (left - warp(right, grid)).abs().mean(1, keepdim=True)  # breaks: script
        bad = err > self.thr
        if bad.sum().item() == 0:  # breaks: compile,export,trace
            return disp
        return disp + self.refine(torch.cat([disp, bad.to(disp.dtype)], 1))


def inputs():
    torch.manual_seed(7328)
    img = torch.rand(1, 3, 4, 6)
    return [
        (img, img.clone(), torch.zeros(1, 1, 4, 6)),
        (torch.rand(1, 3, 4, 6) * 4, torch.rand(1, 3, 4, 6), torch.rand(1, 1, 4, 6)),
    ]
