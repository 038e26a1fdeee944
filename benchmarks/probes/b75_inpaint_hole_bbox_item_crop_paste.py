# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Crop-and-paste inpainting: the generator only sees the hole's bounding box (plus a
    margin), and its output is pasted back into the untouched image."""

    def __init__(self, margin: int = 1):
        super().__init__()
        self.margin = margin
        self.gen = nn.Sequential(nn.Conv2d(4, 4, 3, padding=1), nn.ReLU(), nn.Conv2d(4, 3, 3, padding=1))

    def forward(self, img: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        ys, xs = torch.where(mask[0, 0] == 0)  # breaks: compile
        y0 = max(ys.min().item() - self.margin, 0)  # breaks: trace
        y1 = min(ys.max().item() + 1 + self.margin, img.shape[2])  # breaks: trace
        x0 = max(xs.min().item() - self.margin, 0)  # breaks: trace
        x1 = min(xs.max().item() + 1 + self.margin, img.shape[3])  # breaks: trace
        crop = torch.cat([img, mask], 1)[:, :, y0:y1, x0:x1]
        out = img.clone()
        out[:, :, y0:y1, x0:x1] = torch.where(mask[:, :, y0:y1, x0:x1] > 0, img[:, :, y0:y1, x0:x1], self.gen(crop))  # breaks: export
        return out


def inputs():
    torch.manual_seed(7530)
    img = torch.randn(1, 3, 8, 8)
    a = torch.ones(1, 1, 8, 8)
    a[..., 2:4, 3:6] = 0
    b = torch.ones(1, 1, 8, 8)
    b[..., 5:7, 1:3] = 0
    return [(img, a), (img, b)]
