import torch
from torch import nn


class SequenceOrVectorEncoder(nn.Module):
    def __init__(self, dim=8, hidden=16):
        super().__init__()
        self.inp = nn.Linear(dim, hidden)
        self.out = nn.Linear(hidden, hidden)

    def forward(self, x):
        if x.dim() == 2:  # breaks: trace
            x = x.unsqueeze(1)
        h = torch.relu(self.inp(x)).mean(dim=1)
        return self.out(h)


Model = SequenceOrVectorEncoder


def inputs():
    torch.manual_seed(32)
    return [
        (torch.randn(3, 8),),
        (torch.randn(3, 8) * 2,),
        (torch.randn(3, 4, 8),),
    ]
