# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Keyword spotter front-end: a silent clip short-circuits to the "silence" logits without
    running the classifier."""

    def __init__(self, n_mels: int = 8, classes: int = 3, floor: float = 0.05):
        super().__init__()
        self.floor = floor
        self.clf = nn.Sequential(nn.Conv1d(n_mels, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(8, classes))
        self.register_buffer("silence", torch.tensor([10.0, -10.0, -10.0]))

    @torch.no_grad()
    def _has_speech(self, mel: torch.Tensor) -> bool:
        energy = mel.pow(2).mean(1)
        return bool(energy.max() > self.floor)  # breaks: compile,export,trace

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        if not self._has_speech(mel):  # breaks: compile
            return self.silence.expand(mel.shape[0], -1)
        return self.clf(mel)


def inputs():
    torch.manual_seed(7330)
    return [(torch.randn(2, 8, 10) * 0.01,), (torch.randn(2, 8, 10),)]
