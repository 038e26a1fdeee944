# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor

logabs = lambda x: torch.log(torch.abs(x))


class ActNorm(nn.Module):
    def __init__(self, in_channel: int, logdet: bool = True):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(1, in_channel, 1, 1))
        self.scale = nn.Parameter(torch.ones(1, in_channel, 1, 1))
        self.register_buffer("initialized", torch.tensor(0, dtype=torch.uint8))
        self.logdet = logdet

    @torch.no_grad()
    def initialize(self, input: Tensor) -> None:
        flatten = input.permute(1, 0, 2, 3).contiguous().view(input.shape[1], -1)
        mean = flatten.mean(1).view(1, -1, 1, 1)
        std = flatten.std(1).view(1, -1, 1, 1)
        self.loc.data.copy_(-mean)
        self.scale.data.copy_(1 / (std + 1e-6))

    def forward(self, input: Tensor) -> Tuple[Tensor, Tensor]:
        _, _, height, width = input.shape
        if self.initialized.item() == 0:  # breaks: compile,export
            self.initialize(input)
            self.initialized.fill_(1)
        log_abs = logabs(self.scale)
        logdet = height * width * torch.sum(log_abs)
        return self.scale * (input + self.loc), logdet


class InvConv2d(nn.Module):
    def __init__(self, in_channel: int):
        super().__init__()
        q, _ = torch.linalg.qr(torch.randn(in_channel, in_channel))
        self.weight = nn.Parameter(q.unsqueeze(2).unsqueeze(3))

    def forward(self, input: Tensor) -> Tuple[Tensor, Tensor]:
        _, _, height, width = input.shape
        out = F.conv2d(input, self.weight)
        logdet = height * width * torch.slogdet(self.weight.squeeze())[1]
        return out, logdet


class FlowStep(nn.Module):
    def __init__(self, in_channel: int = 4):
        super().__init__()
        self.actnorm = ActNorm(in_channel)
        self.invconv = InvConv2d(in_channel)
        self.coupling = nn.Sequential(nn.Conv2d(in_channel // 2, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, in_channel, 3, padding=1))

    def forward(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        out, logdet = self.actnorm(x)
        out, det1 = self.invconv(out)
        in_a, in_b = out.chunk(2, 1)
        log_s, t = self.coupling(in_a).chunk(2, 1)
        s = torch.sigmoid(log_s + 2)
        out_b = (in_b + t) * s
        logdet = logdet + det1 + torch.sum(torch.log(s).view(x.shape[0], -1), 1)
        return torch.cat([in_a, out_b], 1), logdet


Model = FlowStep


def inputs():
    torch.manual_seed(5025)
    return [
        (torch.randn(2, 4, 6, 6) * 2 + 1,),
        (torch.randn(3, 4, 5, 5),),
    ]
