import warnings

import torch
from torch import nn


class ConvAutoencoder(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(1, ch, 3, stride=2, padding=1), nn.ReLU())
        self.decoder = nn.Sequential(nn.ConvTranspose2d(ch, 1, 4, stride=2, padding=1), nn.Sigmoid())

    def forward(self, x):
        return self.decoder(self.encoder(x))


class Model(nn.Module):
    def __init__(self, threshold: float = 0.12):
        super().__init__()
        self.ae = ConvAutoencoder()
        self.threshold = threshold

    def score(self, x):
        recon = self.ae(x)
        return (recon - x).pow(2).flatten(1).mean(1)

    def forward(self, x):
        err = self.score(x)
        flagged = err > self.threshold
        if flagged.any():  # breaks: compile,export
            warnings.warn(f"{int(flagged.sum())} anomalous samples in batch")  # breaks: compile
        return err, flagged


def inputs():
    torch.manual_seed(0)
    return [(torch.rand(3, 1, 8, 8) * 0.1,), (torch.rand(3, 1, 8, 8),)]
