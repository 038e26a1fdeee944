# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LSTMTagger(nn.Module):
    def __init__(self, dim=6, hidden=8, classes=3):
        super().__init__()
        self.rnn = nn.LSTM(dim, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, classes)

    def forward(self, x):
        self.rnn.flatten_parameters()
        out, _ = self.rnn(x)
        return self.fc(out[:, -1])


Model = LSTMTagger


def inputs():
    torch.manual_seed(3812)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 7, 6),)]
