# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class EnergyGate(nn.Module):
    """Voice-activity gate: a silent clip skips the encoder and returns zeros."""

    def __init__(self, floor_db: float = -20.0):
        super().__init__()
        self.floor_db = floor_db

    def is_silent(self, wav: torch.Tensor) -> bool:
        energy_db = 10 * torch.log10(wav.pow(2).mean() + 1e-10)
        return energy_db.item() < self.floor_db  # breaks: compile,trace


class Model(nn.Module):
    def __init__(self, win: int = 8, d: int = 4):
        super().__init__()
        self.gate = EnergyGate()
        self.win = win
        self.enc = nn.Linear(win, d)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        frames = wav.reshape(wav.shape[0], -1, self.win)
        if self.gate.is_silent(wav):  # breaks: compile,export
            return frames.new_zeros(frames.shape[0], frames.shape[1], self.enc.out_features)
        return torch.tanh(self.enc(frames))


def inputs():
    torch.manual_seed(6606)
    return [(torch.randn(2, 32),), (torch.randn(2, 32) * 0.01,)]
