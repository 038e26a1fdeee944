# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResBlock(nn.Module):
    def __init__(self, ch: int, kernel: int, dilation: int):
        super().__init__()
        self.conv = nn.Conv1d(ch, ch, kernel, dilation=dilation, padding=dilation * (kernel - 1) // 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.conv(F.leaky_relu(x, 0.1))


class Model(nn.Module):
    """HiFi-GAN style generator: transposed-conv upsampling stages, each followed by a set of
    multi-receptive-field residual blocks stored flat in one ModuleList."""

    def __init__(self, mel: int = 8, ch: int = 16, rates=(2, 2), kernels=(3, 5)):
        super().__init__()
        self.num_kernels = len(kernels)
        self.pre = nn.Conv1d(mel, ch, 7, padding=3)
        self.ups = nn.ModuleList()
        self.resblocks = nn.ModuleList()
        for i, r in enumerate(rates):
            c = ch // (2 ** (i + 1))
            self.ups.append(nn.ConvTranspose1d(c * 2, c, 2 * r, stride=r, padding=r // 2))
            for k in kernels:
                self.resblocks.append(ResBlock(c, k, 1))
        self.post = nn.Conv1d(ch // 2 ** len(rates), 1, 7, padding=3)

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        x = self.pre(mel)
        for i, up in enumerate(self.ups):
            x = up(F.leaky_relu(x, 0.1))
            xs = torch.zeros_like(x)
            for j in range(self.num_kernels):
                xs = xs + self.resblocks[i * self.num_kernels + j](x)  # breaks: script
            x = xs / self.num_kernels
        return torch.tanh(self.post(F.leaky_relu(x)))


def inputs():
    torch.manual_seed(6812)
    return [(torch.randn(1, 8, 10),), (torch.randn(2, 8, 13),)]
