import numpy as np
import torch
from torch import nn


class PeakNormalize(nn.Module):
    def __init__(self, target_db: float = -1.0, eps: float = 1e-5):
        super().__init__()
        self.gain = 10 ** (target_db / 20)
        self.eps = eps

    def forward(self, wav):
        samples = wav.detach().cpu().numpy()  # breaks: export,trace
        peak = np.abs(samples).max(axis=-1, keepdims=True)
        return wav * (self.gain / torch.from_numpy(np.maximum(peak, self.eps)).to(wav))


class Frontend(nn.Module):
    def __init__(self, n_fft: int = 16, hop: int = 8, n_feats: int = 6):
        super().__init__()
        self.norm = PeakNormalize()
        self.frame = nn.Conv1d(1, n_feats, n_fft, stride=hop, bias=False)

    def forward(self, wav):
        x = self.frame(self.norm(wav)[:, None])
        return torch.log1p(x.abs())


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.frontend = Frontend()
        self.classifier = nn.Linear(6, 3)

    def forward(self, wav):
        return self.classifier(self.frontend(wav).mean(-1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 64) * 0.1,), (torch.randn(2, 64) * 4,)]
