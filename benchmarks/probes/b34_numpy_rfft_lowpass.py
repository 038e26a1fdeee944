import numpy as np
import torch
import torch.nn as nn


class LowpassEncoder(nn.Module):
    def __init__(self, length=32, keep=6, hidden=16):
        super().__init__()
        self.keep = keep
        self.enc = nn.Linear(length, hidden)

    def smooth(self, x):
        spec = np.fft.rfft(x.detach().cpu().numpy(), axis=-1)
        spec[..., self.keep:] = 0
        out = np.fft.irfft(spec, n=x.shape[-1], axis=-1)
        return torch.from_numpy(out).to(x.dtype)

    def forward(self, x):
        return self.enc(self.smooth(x))


Model = LowpassEncoder


def inputs():
    torch.manual_seed(3406)
    return [(torch.randn(2, 32),), (torch.randn(4, 32),)]
