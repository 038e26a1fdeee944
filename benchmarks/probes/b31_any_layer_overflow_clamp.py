import torch
import torch.nn as nn


class LayerStack(nn.Module):
    def __init__(self, dim=12, depth=3, limit=4.0):
        super().__init__()
        self.limit = limit
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))

    def forward(self, x):
        outs = []
        for layer in self.layers:
            x = layer(x)
            outs.append(x)
        if any(o.abs().amax() > self.limit for o in outs):  # breaks: compile,export,trace
            outs = [o.clamp(-self.limit, self.limit) for o in outs]
        return torch.stack(outs, dim=0)


Model = LayerStack


def inputs():
    torch.manual_seed(13)
    x = torch.randn(3, 12)
    return [(x * 0.1,), (x * 30,)]
