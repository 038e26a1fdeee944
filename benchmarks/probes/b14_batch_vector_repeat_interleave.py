import torch
from torch import nn


def global_mean_pool(x, num_nodes):
    batch = torch.arange(num_nodes.numel()).repeat_interleave(num_nodes)  # breaks: compile
    sums = torch.zeros(num_nodes.numel(), x.size(-1)).index_add_(0, batch, x)
    return sums / num_nodes.clamp(min=1).unsqueeze(-1).to(x.dtype)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.node = nn.Linear(dim, dim)
        self.readout = nn.Linear(dim, 2)

    def forward(self, x, num_nodes):
        h = torch.relu(self.node(x))
        return self.readout(global_mean_pool(h, num_nodes))


def inputs():
    return [
        (torch.randn(6, 8), torch.tensor([2, 4])),
        (torch.randn(6, 8), torch.tensor([5, 1])),
    ]
