# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class AnchorHead(nn.Module):
    """Detection head whose per-level cell anchors are a plain list of tensors (not buffers)."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.cell_anchors = [
            torch.tensor([[-4.0, -4.0, 4.0, 4.0], [-8.0, -4.0, 8.0, 4.0]]),
            torch.tensor([[-8.0, -8.0, 8.0, 8.0], [-16.0, -8.0, 16.0, 8.0]]),
        ]
        self.strides = [4, 8]
        self.reg = nn.Conv2d(ch, 2 * 4, 1)

    def forward(self, feats: List[Tensor]) -> Tensor:
        out = []
        for i, f in enumerate(feats):
            h, w = f.shape[-2], f.shape[-1]
            ys = torch.arange(h, dtype=torch.float32) * self.strides[i]
            xs = torch.arange(w, dtype=torch.float32) * self.strides[i]
            gy, gx = torch.meshgrid(ys, xs, indexing="ij")
            shifts = torch.stack([gx, gy, gx, gy], -1).reshape(-1, 1, 4)
            anchors = (shifts + self.cell_anchors[i].view(1, -1, 4)).reshape(-1, 4)
            deltas = self.reg(f).permute(0, 2, 3, 1).reshape(f.shape[0], -1, 4)
            out.append(anchors.unsqueeze(0) + deltas)
        return torch.cat(out, dim=1)


Model = AnchorHead


def inputs():
    torch.manual_seed(3020)
    a = [torch.randn(2, 4, 4, 4), torch.randn(2, 4, 2, 2)]
    b = [torch.randn(1, 4, 6, 3), torch.randn(1, 4, 3, 2)]
    return [(a,), (b,)]
