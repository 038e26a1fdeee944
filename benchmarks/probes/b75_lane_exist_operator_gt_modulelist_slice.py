# ruff: noqa  (a probe is written as users write models)
import operator

import torch
import torch.nn as nn


class Model(nn.Module):
    """Lane-existence gate: the shared trunk runs its first stages always; the deep stages (a
    ModuleList slice) only when some lane is reported present."""

    def __init__(self, c: int = 6, stages: int = 4, shallow: int = 2):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, padding=1)
        self.stages = nn.ModuleList(nn.Conv2d(c, c, 3, padding=1) for _ in range(stages))
        self.shallow = shallow
        self.exist = nn.Linear(c, 4)
        self.thr = 0.5

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        x = torch.relu(self.stem(img))
        for stage in self.stages[: self.shallow]:  # breaks: script
            x = torch.relu(stage(x))
        exist = torch.sigmoid(self.exist(x.mean((2, 3))))
        if operator.gt(exist, self.thr).any():  # breaks: compile,export,trace
            for stage in self.stages[self.shallow :]:
                x = x + torch.relu(stage(x))
        return x.mean(1)


def inputs():
    torch.manual_seed(7511)
    return [(torch.randn(1, 3, 6, 6),), (torch.randn(1, 3, 6, 6) * 30,)]
