# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class PeakDecoder(nn.Module):
    """Keypoint coordinates at the heatmap maximum, via numpy's unravel_index."""

    def forward(self, heat: torch.Tensor) -> torch.Tensor:
        flat_idx = heat.flatten(2).argmax(-1)
        ys, xs = np.unravel_index(flat_idx.cpu().numpy(), tuple(heat.shape[-2:]))  # breaks: compile,export,trace,script
        coords = np.stack([xs, ys], axis=-1)
        return torch.from_numpy(coords).to(heat.dtype)


class Model(nn.Module):
    """Simple-baseline pose head: deconvolution then one heatmap per joint."""

    def __init__(self, n_joints: int = 4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU())
        self.deconv = nn.ConvTranspose2d(8, 8, 4, stride=2, padding=1)
        self.final = nn.Conv2d(8, n_joints, 1)
        self.decode = PeakDecoder()

    def forward(self, img: torch.Tensor):
        heat = self.final(torch.relu(self.deconv(self.backbone(img))))
        return heat, self.decode(heat)


def inputs():
    torch.manual_seed(6817)
    return [(torch.randn(2, 3, 16, 12),), (torch.randn(1, 3, 16, 12),)]
