# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Segmentation logits with an ignore region filled by a large negative Python float."""

    def __init__(self, classes: int = 4, fill: float = -1e4):
        super().__init__()
        self.fill = fill
        self.cls = nn.Conv2d(8, classes, 1)

    def forward(self, feats: torch.Tensor, valid: torch.Tensor) -> torch.Tensor:
        logits = self.cls(feats)
        return torch.where(valid[:, None], logits, self.fill)


def inputs():
    torch.manual_seed(6321)
    return [
        (torch.randn(1, 8, 6, 6), torch.rand(1, 6, 6) > 0.2),
        (torch.randn(2, 8, 5, 7), torch.rand(2, 5, 7) > 0.5),
    ]
