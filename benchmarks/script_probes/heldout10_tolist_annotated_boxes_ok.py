# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class BoxAreas(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, boxes: torch.Tensor) -> torch.Tensor:
        coords: List[List[float]] = boxes.tolist()
        areas: List[float] = []
        for x0, y0, x1, y1 in coords:
            areas.append(max(x1 - x0, 0.0) * max(y1 - y0, 0.0))
        return self.fc(boxes) * torch.tensor(areas).unsqueeze(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.areas = BoxAreas()

    def forward(self, boxes):
        return self.areas(boxes)


def inputs():
    torch.manual_seed(0)
    xy, wh = torch.rand(2, 2), torch.rand(2, 2) + 0.5
    xy2, wh2 = torch.rand(3, 2) * 4, torch.rand(3, 2)
    return [(torch.cat([xy, xy + wh], 1),), (torch.cat([xy2, xy2 + wh2], 1),)]
