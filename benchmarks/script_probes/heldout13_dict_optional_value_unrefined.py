# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict, Optional

import torch
import torch.nn as nn


class TwoStream(nn.Module):
    def __init__(self):
        super().__init__()
        self.rgb = nn.Linear(4, 4)
        self.flow = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor, use_flow: bool) -> torch.Tensor:
        feats: Dict[str, Optional[torch.Tensor]] = {"rgb": self.rgb(x), "flow": None}
        if use_flow:
            feats["flow"] = self.flow(x)
        out = feats["rgb"]
        if feats["flow"] is not None:
            out = out + feats["flow"]
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = TwoStream()

    def forward(self, x, use_flow: bool):
        return self.net(x, use_flow)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), True), (torch.randn(3, 4), False)]
