import torch
from torch import nn


class TCNBlock(nn.Module):
    def __init__(self, channels: int, dilation: int):
        super().__init__()
        self.pad = (3 - 1) * dilation
        self.conv = nn.Conv1d(channels, channels, 3, dilation=dilation)

    def forward(self, x):
        y = self.conv(nn.functional.pad(x, (self.pad, 0)))
        return x + torch.relu(y)


class Model(nn.Module):
    def __init__(self, channels: int = 8, horizon: int = 4):
        super().__init__()
        self.inp = nn.Conv1d(1, channels, 1)
        self.blocks = nn.Sequential(*[TCNBlock(channels, 2**i) for i in range(3)])
        self.head = nn.Linear(channels, horizon)
        self.features = {}
        self.blocks[-1].register_forward_hook(self._save("last_block"))

    def _save(self, name):
        def hook(module, args, output):
            self.features[name] = output.detach()
            return output * 0.5

        return hook

    def forward(self, series):
        h = self.blocks(self.inp(series.unsqueeze(1)))
        return self.head(h[..., -1])


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 24),), (torch.randn(3, 24),)]
