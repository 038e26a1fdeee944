# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PartialConv(nn.Conv2d):
    """Partial convolution (Liu et al.): the output is renormalised by the valid fraction of
    each window; an image without holes skips the mask bookkeeping."""

    @torch.no_grad()
    def update_mask(self, mask: torch.Tensor):
        ones = torch.ones(1, 1, *self.kernel_size)
        valid = F.conv2d(mask, ones, stride=self.stride, padding=self.padding)
        ratio = ones.numel() / valid.clamp(min=1.0)
        new_mask = (valid > 0).to(mask.dtype)
        return new_mask, ratio * new_mask

    def forward(self, x: torch.Tensor, mask: torch.Tensor):
        if mask.all():  # breaks: compile,export,trace
            return super().forward(x), mask  # breaks: script
        new_mask, ratio = self.update_mask(mask)
        out = F.conv2d(x * mask, self.weight, None, self.stride, self.padding)
        return (out * ratio + self.bias.view(1, -1, 1, 1)) * new_mask, new_mask


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pc1 = PartialConv(3, 4, 3, padding=1)
        self.pc2 = PartialConv(4, 3, 3, padding=1)

    def forward(self, img: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        x, mask = self.pc1(img, mask)
        x, _ = self.pc2(torch.relu(x), mask)
        return x


def inputs():
    torch.manual_seed(7529)
    img = torch.randn(1, 3, 6, 6)
    full = torch.ones(1, 1, 6, 6)
    holes = full.clone()
    holes[..., 1:4, 2:5] = 0
    return [(img, full), (img, holes)]
