# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Feed-forward splat decoder: raw 11-vector per pixel, activated slice by slice in place."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.head = nn.Conv2d(ch, 11, 1)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        raw = self.head(feats).permute(0, 2, 3, 1).contiguous()
        out = raw.clone()
        out[..., 0:3].tanh_()            # mean offset
        out[..., 3:6].exp_()             # scale
        rot = out[..., 6:10]
        rot.div_(rot.norm(dim=-1, keepdim=True).clamp_min(1e-6))  # unit quaternion  # breaks: script
        out[..., 10].sigmoid_()          # opacity
        return out


def inputs():
    torch.manual_seed(7220)
    return [(torch.randn(1, 4, 3, 3),), (torch.randn(2, 4, 5, 4),)]
