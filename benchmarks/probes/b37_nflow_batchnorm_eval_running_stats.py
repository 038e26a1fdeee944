# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BatchNormFlow(nn.Module):
    """RealNVP batch-norm bijector: batch statistics while training, running averages otherwise."""

    def __init__(self, dim, momentum=0.05, eps=1e-5):
        super().__init__()
        self.log_gamma = nn.Parameter(torch.zeros(dim))
        self.beta = nn.Parameter(torch.zeros(dim))
        self.momentum, self.eps = momentum, eps
        self.register_buffer("running_mean", torch.linspace(-0.2, 0.2, dim))
        self.register_buffer("running_var", torch.linspace(0.8, 1.3, dim))

    def forward(self, x):
        if self.training:
            self.batch_mean = x.mean(0)
            self.batch_var = (x - self.batch_mean).pow(2).mean(0) + self.eps
            with torch.no_grad():
                self.running_mean.mul_(1 - self.momentum).add_(self.batch_mean * self.momentum)
                self.running_var.mul_(1 - self.momentum).add_(self.batch_var * self.momentum)
            mean, var = self.batch_mean, self.batch_var
        else:
            mean, var = self.running_mean, self.running_var
        y = torch.exp(self.log_gamma) * (x - mean) / var.sqrt() + self.beta
        log_det = (self.log_gamma - 0.5 * torch.log(var)).sum(-1)
        return y, log_det.expand(x.size(0))


class AffineCoupling(nn.Module):
    def __init__(self, dim, mask, hidden=32):
        super().__init__()
        self.register_buffer("mask", mask)
        self.scale = nn.Sequential(nn.Linear(dim, hidden), nn.Tanh(), nn.Linear(hidden, dim))
        self.shift = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, dim))

    def forward(self, x):
        xm = x * self.mask
        s = self.scale(xm) * (1 - self.mask)
        t = self.shift(xm) * (1 - self.mask)
        return xm + (1 - self.mask) * (x * torch.exp(s) + t), s.sum(-1)


class RealNVP(nn.Module):
    def __init__(self, dim=6, n_blocks=2):
        super().__init__()
        mask = (torch.arange(dim) % 2).float()
        blocks = []
        for i in range(n_blocks):
            blocks += [AffineCoupling(dim, mask if i % 2 == 0 else 1 - mask), BatchNormFlow(dim)]
        self.blocks = nn.ModuleList(blocks)

    def forward(self, x):
        total = torch.zeros(x.size(0), device=x.device)
        for block in self.blocks:
            x, ld = block(x)
            total = total + ld
        return x, total


Model = RealNVP


def inputs():
    torch.manual_seed(3724)
    return [(torch.randn(4, 6),), (torch.randn(7, 6) + 0.5,)]
