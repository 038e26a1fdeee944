# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Splitting(nn.Module):
    def forward(self, x):
        return x[:, ::2, :], x[:, 1::2, :]


def conv_branch(channels: int, hidden_ratio: int = 2, kernel: int = 3, dropout: float = 0.1) -> nn.Sequential:
    pad = (kernel - 1) // 2 + 1
    return nn.Sequential(
        nn.ReplicationPad1d((pad, pad)),
        nn.Conv1d(channels, channels * hidden_ratio, kernel),
        nn.LeakyReLU(0.01, inplace=True),
        nn.Dropout(dropout),
        nn.Conv1d(channels * hidden_ratio, channels, 3),
        nn.Tanh(),
    )


class InteractorBlock(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.split = Splitting()
        self.phi, self.psi = conv_branch(channels), conv_branch(channels)
        self.P, self.U = conv_branch(channels), conv_branch(channels)

    def forward(self, x):
        if x.size(1) % 2 == 1:
            # SCINet needs an even length at every level: repeat the last step
            x = torch.cat([x, x[:, -1:, :]], dim=1)
        x_even, x_odd = self.split(x)
        x_even, x_odd = x_even.transpose(1, 2), x_odd.transpose(1, 2)
        d = x_odd * torch.exp(self.phi(x_even))
        c = x_even * torch.exp(self.psi(x_odd))
        x_even_up = c + self.U(d)
        x_odd_up = d - self.P(c)
        return x_even_up.transpose(1, 2), x_odd_up.transpose(1, 2)


def zip_up_the_pants(even: torch.Tensor, odd: torch.Tensor) -> torch.Tensor:
    b, n, c = even.shape
    return torch.stack([even, odd], dim=2).reshape(b, 2 * n, c)


class SCITree(nn.Module):
    def __init__(self, level: int, channels: int):
        super().__init__()
        self.block = InteractorBlock(channels)
        self.level = level
        if level > 0:
            self.even_tree = SCITree(level - 1, channels)
            self.odd_tree = SCITree(level - 1, channels)

    def forward(self, x):
        even, odd = self.block(x)
        if self.level == 0:
            return zip_up_the_pants(even, odd)
        return zip_up_the_pants(self.even_tree(even), self.odd_tree(odd))


class SCINet(nn.Module):
    def __init__(self, input_dim: int = 4, output_len: int = 6, num_levels: int = 2, max_input_len: int = 64):
        super().__init__()
        self.tree = SCITree(num_levels - 1, input_dim)
        self.max_input_len = max_input_len
        self.projection = nn.Conv1d(1, output_len, 1, bias=False)

    def forward(self, x):
        res = x
        length = x.size(1)
        x = self.tree(x)[:, :length] + res
        # project the last step of every channel to the horizon
        return self.projection(x[:, -1:, :])


Model = SCINet


def inputs():
    torch.manual_seed(4118)
    return [(torch.randn(2, 16, 4),), (torch.randn(3, 21, 4),)]
