# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class KeypointNormalizer(nn.Module):
    """Normalises pixel keypoints by the feature-map size taken from the input's shape."""

    def __init__(self, n_kp=4):
        super().__init__()
        self.head = nn.Conv2d(3, n_kp, 1)

    def forward(self, img):  # (B, 3, H, W)
        heat = self.head(img).flatten(2).softmax(-1)
        h, w = img.shape[-2:]
        idx = heat.argmax(-1)
        xy = torch.stack([idx % w, idx // w], -1).float()
        size = torch.as_tensor([w - 1, h - 1], dtype=torch.float32)
        return xy / size * 2 - 1


Model = KeypointNormalizer


def inputs():
    torch.manual_seed(4021)
    return [(torch.randn(2, 3, 6, 8),), (torch.randn(2, 3, 6, 8),), (torch.randn(2, 3, 10, 5),)]
