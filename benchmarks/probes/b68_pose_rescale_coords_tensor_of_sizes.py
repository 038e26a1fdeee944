# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def soft_argmax(heat: torch.Tensor) -> torch.Tensor:
    b, k, h, w = heat.shape
    prob = heat.flatten(2).softmax(-1).view(b, k, h, w)
    xs = torch.arange(w, dtype=heat.dtype, device=heat.device)
    ys = torch.arange(h, dtype=heat.dtype, device=heat.device)
    return torch.stack([(prob.sum(2) * xs).sum(-1), (prob.sum(3) * ys).sum(-1)], dim=-1)


class Model(nn.Module):
    """Top-down keypoint model: the crop is resized to the network's fixed input, keypoints
    are read off the heatmap and mapped back to the crop's own pixel size."""

    def __init__(self, n_joints: int = 3, in_size: int = 16):
        super().__init__()
        self.in_size = in_size
        self.net = nn.Sequential(
            nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(), nn.Conv2d(8, n_joints, 1)
        )

    def forward(self, crop: torch.Tensor) -> torch.Tensor:
        x = F.interpolate(crop, size=(self.in_size, self.in_size), mode="bilinear", align_corners=False)
        heat = self.net(x)
        coords = soft_argmax(heat)
        scale = torch.tensor([crop.shape[-1] / heat.shape[-1], crop.shape[-2] / heat.shape[-2]])  # breaks: trace
        return coords * scale


def inputs():
    torch.manual_seed(6820)
    return [(torch.randn(2, 3, 24, 20),), (torch.randn(2, 3, 40, 28),)]
