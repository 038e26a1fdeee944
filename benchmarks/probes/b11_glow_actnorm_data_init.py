import torch
from torch import nn


class ActNorm(nn.Module):
    """Activation normalisation with data-dependent initialisation on the first batch."""

    def __init__(self, channels: int):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(1, channels, 1, 1))
        self.log_scale = nn.Parameter(torch.zeros(1, channels, 1, 1))
        self.register_buffer("initialized", torch.tensor(0, dtype=torch.uint8))

    @torch.no_grad()
    def initialize(self, x):
        flat = x.transpose(0, 1).flatten(1)
        mean, std = flat.mean(1), flat.std(1)
        self.loc.data.copy_(-mean.view_as(self.loc))
        self.log_scale.data.copy_(torch.log(1 / (std + 1e-6)).view_as(self.log_scale))

    def forward(self, x):
        if self.initialized.item() == 0:  # breaks: compile,export
            self.initialize(x)
            self.initialized.fill_(1)
        h, w = x.shape[-2:]
        logdet = h * w * self.log_scale.sum()
        return (x + self.loc) * self.log_scale.exp(), logdet


class FlowStep(nn.Module):
    def __init__(self, channels: int = 4):
        super().__init__()
        self.actnorm = ActNorm(channels)
        self.mix = nn.Conv2d(channels, channels, 1, bias=False)

    def forward(self, x):
        x, logdet = self.actnorm(x)
        return self.mix(x), logdet


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.steps = nn.ModuleList([FlowStep() for _ in range(2)])

    def forward(self, x):
        total = x.new_zeros(())
        for step in self.steps:
            x, logdet = step(x)
            total = total + logdet
        return x, total


def inputs():
    return [(torch.randn(2, 4, 3, 3),), (torch.randn(2, 4, 3, 3) * 3 + 1,)]
