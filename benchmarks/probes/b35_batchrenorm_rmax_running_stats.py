import torch
import torch.nn as nn


class BatchRenorm1d(nn.Module):
    def __init__(self, num_features, eps=1e-3, momentum=0.01, warmup_steps=5000):
        super().__init__()
        self.eps, self.momentum, self.warmup_steps = eps, momentum, warmup_steps
        self.weight = nn.Parameter(torch.ones(num_features))
        self.bias = nn.Parameter(torch.zeros(num_features))
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_std", torch.ones(num_features))
        self.register_buffer("num_batches_tracked", torch.tensor(0, dtype=torch.long))

    @property
    def rmax(self):
        return (2 / 35000 * self.num_batches_tracked + 25 / 35).clamp_(1.0, 3.0)

    @property
    def dmax(self):
        return (5 / 20000 * self.num_batches_tracked - 25 / 20).clamp_(0.0, 5.0)

    def forward(self, x):
        if self.training:
            batch_mean = x.mean(0)
            batch_std = x.std(0, unbiased=False) + self.eps
            r = (batch_std.detach() / self.running_std).clamp_(1 / self.rmax, self.rmax)
            d = ((batch_mean.detach() - self.running_mean) / self.running_std).clamp_(-self.dmax, self.dmax)
            x = (x - batch_mean) / batch_std * r + d
            with torch.no_grad():
                self.running_mean += self.momentum * (batch_mean - self.running_mean)
                self.running_std += self.momentum * (batch_std - self.running_std)
                self.num_batches_tracked += 1
        else:
            x = (x - self.running_mean) / self.running_std
        return self.weight * x + self.bias


class TabularMLP(nn.Module):
    def __init__(self, d_in=10, hidden=32, d_out=3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, hidden), BatchRenorm1d(hidden), nn.ReLU(), nn.Linear(hidden, d_out))

    def forward(self, x):
        return self.net(x)


Model = TabularMLP


def inputs():
    torch.manual_seed(3530)
    return [(torch.randn(16, 10),), (torch.randn(7, 10) * 2 + 1,)]
