# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.autograd import Variable


class RecurrentAttentionStep(nn.Module):
    """Old-style (PyTorch 0.3 era) recurrent cell over a pooled glimpse, state wrapped in Variable."""

    def __init__(self, in_dim=8, hidden=16, classes=5):
        super().__init__()
        self.hidden_size = hidden
        self.glimpse = nn.Linear(in_dim, hidden)
        self.cell = nn.LSTMCell(hidden, hidden)
        self.classifier = nn.Linear(hidden, classes)

    def init_hidden(self, batch_size):
        return (
            Variable(torch.zeros(batch_size, self.hidden_size)),
            Variable(torch.zeros(batch_size, self.hidden_size)),
        )

    def forward(self, x):
        h, c = self.init_hidden(x.size(0))
        g = torch.relu(self.glimpse(x.mean(1)))
        h, c = self.cell(g, (h, c))
        return self.classifier(h)


Model = RecurrentAttentionStep


def inputs():
    torch.manual_seed(3)
    return [(torch.randn(2, 7, 8),), (torch.randn(4, 5, 8),)]
