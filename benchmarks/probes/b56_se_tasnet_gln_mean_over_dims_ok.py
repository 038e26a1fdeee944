# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def global_layer_norm(x, eps: float = 1e-8):
    """gLN of Conv-TasNet: normalise each utterance over channels AND time."""
    mean = x.mean(dim=(1, 2), keepdim=True)
    var = (x - mean).pow(2).mean(dim=(1, 2), keepdim=True)
    return (x - mean) / (var + eps).sqrt()


class GlobalLayerNorm(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(1, channels, 1))
        self.beta = nn.Parameter(torch.zeros(1, channels, 1))

    def forward(self, x):
        return self.gamma * global_layer_norm(x) + self.beta


class TCNBlock(nn.Module):
    def __init__(self, channels: int = 16, hidden: int = 32, dilation: int = 1):
        super().__init__()
        self.inp = nn.Conv1d(channels, hidden, 1)
        self.norm1 = GlobalLayerNorm(hidden)
        self.dconv = nn.Conv1d(hidden, hidden, 3, padding=dilation, dilation=dilation, groups=hidden)
        self.norm2 = GlobalLayerNorm(hidden)
        self.out = nn.Conv1d(hidden, channels, 1)
        self.act = nn.PReLU()

    def forward(self, x):
        h = self.norm1(self.act(self.inp(x)))
        h = self.norm2(self.act(self.dconv(h)))
        return x + self.out(h)


class Model(nn.Module):
    """Conv-TasNet separator: encoder, dilated TCN stack, two sigmoid masks, decoder."""

    def __init__(self, n_src: int = 2):
        super().__init__()
        self.n_src = n_src
        self.encoder = nn.Conv1d(1, 16, 8, stride=4, bias=False)
        self.tcn = nn.Sequential(*[TCNBlock(dilation=2**i) for i in range(3)])
        self.mask = nn.Conv1d(16, 16 * n_src, 1)
        self.decoder = nn.ConvTranspose1d(16, 1, 8, stride=4, bias=False)

    def forward(self, wav):
        w = F.relu(self.encoder(wav))
        m = torch.sigmoid(self.mask(self.tcn(w))).unflatten(1, (self.n_src, 16))
        srcs = (m * w.unsqueeze(1)).flatten(0, 1)
        return self.decoder(srcs).unflatten(0, (wav.shape[0], self.n_src))


def inputs():
    torch.manual_seed(5615)
    return [(torch.randn(2, 1, 400),), (torch.randn(3, 1, 256),)]
