# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RecurrentAttentionStep(nn.Module):
    def __init__(self, in_dim=8, hidden=16, classes=5):
        super().__init__()
        self.hidden_size = hidden
        self.glimpse = nn.Linear(in_dim, hidden)
        self.cell = nn.LSTMCell(hidden, hidden)
        self.classifier = nn.Linear(hidden, classes)

    def init_hidden(self, ref: torch.Tensor):
        h = ref.new_zeros(ref.size(0), self.hidden_size)
        return h, torch.zeros_like(h)

    def forward(self, x):
        g = torch.relu(self.glimpse(x.mean(1)))
        h, c = self.cell(g, self.init_hidden(g))
        return self.classifier(h)


Model = RecurrentAttentionStep


def inputs():
    torch.manual_seed(6)
    return [(torch.randn(2, 7, 8),), (torch.randn(4, 5, 8),)]
