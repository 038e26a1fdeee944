# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 6)
        self.cls = nn.Linear(6, 3)

    def forward(self, x) -> Dict[str, torch.Tensor]:
        out: Dict[str, torch.Tensor] = {"feat": self.enc(x)}
        logits = self.cls(out["feat"])
        out.update(logits=logits, probs=logits.softmax(-1))
        return out


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
