import torch
import torch.nn as nn


class ConvAutoencoder(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv1d(1, ch, 5, stride=2, padding=2), nn.ReLU(), nn.Conv1d(ch, ch, 5, stride=2, padding=2))
        self.dec = nn.Sequential(
            nn.ConvTranspose1d(ch, ch, 4, stride=2, padding=1), nn.ReLU(), nn.ConvTranspose1d(ch, 1, 4, stride=2, padding=1)
        )

    def forward(self, x):
        return self.dec(self.enc(x))


class ReconstructionScorer(nn.Module):
    """Normalised reconstruction error for sensor windows."""

    def __init__(self):
        super().__init__()
        self.ae = ConvAutoencoder()
        self.score_max = 1.0

    def forward(self, windows):
        recon = self.ae(windows)
        err = (windows - recon).pow(2).flatten(1).mean(dim=1)
        self.score_max = max(self.score_max, float(err.max()))  # breaks: compile,export,trace
        return err / self.score_max, recon


Model = ReconstructionScorer


def inputs():
    torch.manual_seed(3025)
    return [(torch.randn(4, 1, 32) * 0.5,), (torch.randn(4, 1, 32) * 3.0,)]
