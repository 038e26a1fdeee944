import torch
import torch.nn as nn


class RoutedHeads(nn.Module):
    head_names = ("head_small", "head_medium", "head_large")

    def __init__(self, dim=8, out=3):
        super().__init__()
        self.router = nn.Linear(dim, len(self.head_names))
        self.head_small = nn.Linear(dim, out)
        self.head_medium = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, out))
        self.head_large = nn.Sequential(nn.Linear(dim, 32), nn.GELU(), nn.Linear(32, out))

    def forward(self, x):
        choice = int(self.router(x).mean(0).argmax())  # breaks: compile,export,trace
        head = getattr(self, self.head_names[choice])
        return head(x)


Model = RoutedHeads


def inputs():
    torch.manual_seed(13)
    return [
        (torch.randn(4, 8),),
        (torch.randn(4, 8) * 5 - 2,),
        (torch.randn(4, 8) * 5 + 2,),
        (torch.randn(2, 8) * -4,),
    ]
