# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SafeLogSoftmax(nn.Module):
    def forward(self, logits):
        if logits.type() == "torch.HalfTensor":
            logits = logits.float()
        return torch.log_softmax(logits, dim=-1)


Model = SafeLogSoftmax


def inputs():
    torch.manual_seed(1919)
    return [(torch.randn(2, 5),), (torch.randn(3, 4, 2),)]
