# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Decoder prenet that groups r frames per step when the reduction factor is above one."""

    def __init__(self, n_mels: int = 8, r: int = 2):
        super().__init__()
        self.r = r
        self.prenet = nn.Linear(n_mels * r, 16)

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        b, t, c = mel.shape
        if (r := self.r) > 1:  # breaks: script
            mel = mel[:, : t - t % r].reshape(b, -1, c * r)
        return torch.relu(self.prenet(mel))


def inputs():
    torch.manual_seed(6318)
    return [(torch.randn(2, 10, 8),), (torch.randn(1, 14, 8),)]
