# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class EEGConnectivityNet(nn.Module):
    """EEG: per-trial channel-by-channel Pearson correlation (torch.corrcoef), upper triangle fed to a classifier."""

    def __init__(self, n_ch: int = 6):
        super().__init__()
        iu = torch.triu_indices(n_ch, n_ch, offset=1)
        self.register_buffer("iu", iu)
        self.cls = nn.Linear(iu.shape[1], 3)

    def forward(self, x):
        feats = torch.stack([torch.corrcoef(trial)[self.iu[0], self.iu[1]] for trial in x.unbind(0)])
        return self.cls(feats)


Model = EEGConnectivityNet


def inputs():
    torch.manual_seed(5520)
    return [(torch.randn(2, 6, 50),), (torch.randn(2, 6, 80),)]
