# ruff: noqa  (a probe is written as users write models)
import copy

import torch
import torch.nn as nn


class Model(nn.Module):
    """Anchor-box head: each call takes a private copy of the anchor template before
    shifting it by the predicted offsets, so the stored template is never touched."""

    def __init__(self, c: int = 8, a: int = 6):
        super().__init__()
        self.register_buffer("anchors", torch.linspace(0.0, 1.0, a * 4).reshape(a, 4))
        self.offset = nn.Linear(c, a * 4)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        boxes = copy.deepcopy(self.anchors)  # breaks: compile,export,trace,script
        delta = self.offset(feats).reshape(feats.shape[0], -1, 4)
        return boxes.unsqueeze(0) + 0.1 * torch.tanh(delta)


def inputs():
    torch.manual_seed(6402)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
