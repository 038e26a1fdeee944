import logging

import torch
import torch.nn as nn

log = logging.getLogger("model.stats")


class MonitoredMLP(nn.Module):
    def __init__(self, dim=10, hidden=20):
        super().__init__()
        self.up = nn.Linear(dim, hidden)
        self.down = nn.Linear(hidden, dim)

    def forward(self, x):
        h = torch.relu(self.up(x))
        log.info("max activation %.3f", h.max().item())  # breaks: compile
        return self.down(h)


Model = MonitoredMLP


def inputs():
    torch.manual_seed(340)
    return [(torch.randn(3, 10),), (torch.randn(6, 10) * 2,)]
