import torch
import torch.nn as nn


class StepwiseEncoder(nn.Module):
    def __init__(self, in_dim=5, hid=8):
        super().__init__()
        self.hid = hid
        self.cell = nn.GRUCell(in_dim, hid)

    def forward(self, seq):
        h = seq.new_zeros(seq.size(0), self.hid)
        states = []
        for x_t in seq.unbind(1):  # breaks: trace
            h = self.cell(x_t, h)
            states.append(h)
        return torch.stack(states, 1)


Model = StepwiseEncoder


def inputs():
    torch.manual_seed(53)
    return [(torch.randn(2, 4, 5),), (torch.randn(2, 7, 5),)]
