# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class MultiTaskLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.weights = {"cls": 1.0, "box": 2.0}

    def forward(self, logits: Tensor, boxes: Tensor) -> Dict[str, Tensor]:
        losses: Dict[str, Tensor] = {}
        losses["cls"] = logits.logsumexp(-1).mean() * self.weights["cls"]
        losses["box"] = boxes.abs().mean() * self.weights["box"]
        losses["total"] = torch.zeros(())
        for name in ["cls", "box"]:
            losses["total"] += losses[name]
        return losses


Model = MultiTaskLoss


def inputs():
    torch.manual_seed(2219)
    return [(torch.randn(2, 5), torch.randn(2, 4)), (torch.randn(3, 5), torch.randn(6, 4))]
