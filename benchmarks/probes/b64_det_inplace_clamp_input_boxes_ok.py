# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Box refiner that clips the incoming boxes to the unit square in place before
    predicting corrections."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, boxes: torch.Tensor) -> torch.Tensor:
        boxes.clamp_(0.0, 1.0)
        return boxes + 0.05 * torch.tanh(self.fc(boxes))


def inputs():
    torch.manual_seed(6429)
    return [(torch.randn(6, 4),), (torch.randn(3, 4) * 2,)]
