# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class KeywordSpotter(nn.Module):
    """Audio: accepts one utterance (F, T) or a batch (B, F, T); x.ndimension() adds the batch dim when missing."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(10, 16, 3, padding=1)
        self.cls = nn.Linear(16, 4)

    def forward(self, x):
        unbatched = x.ndimension() == 2
        if unbatched:
            x = x.unsqueeze(0)
        y = self.cls(torch.relu(self.conv(x)).mean(-1))
        return y.squeeze(0) if unbatched else y


Model = KeywordSpotter


def inputs():
    torch.manual_seed(5511)
    return [(torch.randn(10, 20),), (torch.randn(3, 10, 15),)]
