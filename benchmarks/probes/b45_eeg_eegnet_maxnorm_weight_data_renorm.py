# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


class Conv2dWithConstraint(nn.Conv2d):
    def __init__(self, *args, max_norm=1, **kwargs):
        self.max_norm = max_norm
        super().__init__(*args, **kwargs)

    def forward(self, x):
        self.weight.data = torch.renorm(self.weight.data, p=2, dim=0, maxnorm=self.max_norm)
        return super().forward(x)


class LinearWithConstraint(nn.Linear):
    def __init__(self, *args, max_norm=1.0, **kwargs):
        self.max_norm = max_norm
        super().__init__(*args, **kwargs)

    def forward(self, x):
        self.weight.data = torch.renorm(self.weight.data, p=2, dim=0, maxnorm=self.max_norm)
        return super().forward(x)


class Expression(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


def square(x):
    return x * x


class EEGNetv4(nn.Module):
    def __init__(self, n_chans=4, n_classes=3, F1=4, D=2, kernel_length=8, drop_prob=0.25):
        super().__init__()
        F2 = F1 * D
        self.temporal = nn.Conv2d(1, F1, (1, kernel_length), padding=(0, kernel_length // 2), bias=False)
        self.bnorm_temporal = nn.BatchNorm2d(F1, momentum=0.01, eps=1e-3)
        self.conv_spatial = Conv2dWithConstraint(F1, F2, (n_chans, 1), max_norm=1.0, groups=F1, bias=False)
        self.bnorm_1 = nn.BatchNorm2d(F2, momentum=0.01, eps=1e-3)
        self.elu = nn.ELU()
        self.pool = nn.AvgPool2d((1, 4))
        self.drop = nn.Dropout(drop_prob)
        self.square = Expression(square)
        self.classifier = LinearWithConstraint(F2, n_classes, max_norm=0.25)

    def forward(self, x):
        x = self.bnorm_temporal(self.temporal(x.unsqueeze(1)))
        x = self.elu(self.bnorm_1(self.conv_spatial(x)))
        x = self.drop(self.pool(x))
        x = x.mean(dim=(2, 3))
        return self.classifier(x)


Model = EEGNetv4


def inputs():
    torch.manual_seed(4510)
    return [(torch.randn(2, 4, 32) * 5,), (torch.randn(2, 4, 32) * 5,), (torch.randn(3, 4, 40) * 5,)]
