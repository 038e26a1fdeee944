# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CTCEncoder(nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 6, vocab: int = 5):
        super().__init__()
        self.lstm = nn.LSTM(dim, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, x):
        # cuDNN's RNN kernels are non-deterministic for this layout; keep them off here.
        with torch.backends.cudnn.flags(enabled=False):
            h, _ = self.lstm(x)
        return self.out(h).log_softmax(-1)


Model = CTCEncoder


def inputs():
    torch.manual_seed(2215)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
