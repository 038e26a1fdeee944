import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils.parametrizations import weight_norm


def get_padding(kernel_size: int, dilation: int = 1) -> int:
    return (kernel_size * dilation - dilation) // 2


class ResBlock(nn.Module):
    def __init__(self, ch: int, kernel_size: int = 3, dilations=(1, 3)):
        super().__init__()
        self.convs = nn.ModuleList(
            weight_norm(
                nn.Conv1d(ch, ch, kernel_size, dilation=d, padding=get_padding(kernel_size, d))
            )
            for d in dilations
        )

    def forward(self, x):
        for conv in self.convs:
            x = x + conv(F.leaky_relu(x, 0.1))
        return x


class Model(nn.Module):
    def __init__(self, n_mels: int = 4, ch: int = 8, upsample=(2, 2)):
        super().__init__()
        self.pre = weight_norm(nn.Conv1d(n_mels, ch, 5, padding=2))
        self.ups = nn.ModuleList()
        self.res = nn.ModuleList()
        for i, r in enumerate(upsample):
            c_in, c_out = ch // 2**i, ch // 2 ** (i + 1)
            self.ups.append(weight_norm(nn.ConvTranspose1d(c_in, c_out, 2 * r, r, padding=r // 2)))
            self.res.append(ResBlock(c_out))
        self.post = weight_norm(nn.Conv1d(ch // 2 ** len(upsample), 1, 5, padding=2))

    def forward(self, mel):
        x = self.pre(mel)
        for up, res in zip(self.ups, self.res):
            x = res(up(F.leaky_relu(x, 0.1)))
        return torch.tanh(self.post(F.leaky_relu(x)))


def inputs():
    return [(torch.randn(1, 4, 6),), (torch.randn(2, 4, 9),)]
