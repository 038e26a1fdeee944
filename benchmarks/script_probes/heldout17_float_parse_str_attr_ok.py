# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LabelSmoothing(nn.Module):
    def __init__(self, smoothing="0.1"):
        super().__init__()
        self.smoothing = smoothing
        self.fc = nn.Linear(6, 4)

    def forward(self, x):
        eps = float(self.smoothing)
        logp = torch.log_softmax(self.fc(x), dim=-1)
        return (1.0 - eps) * logp + eps * logp.mean(dim=-1, keepdim=True)


Model = LabelSmoothing


def inputs():
    torch.manual_seed(35)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
