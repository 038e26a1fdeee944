# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Chromatin-accessibility CNN; reads with many N calls (all-zero one-hot columns) are first
    passed through a learned imputer, clean reads go straight to the tower."""

    def __init__(self, width: int = 8):
        super().__init__()
        self.impute = nn.Conv1d(4, 4, 3, padding=1)
        self.tower = nn.Sequential(nn.Conv1d(4, width, 5, padding=2), nn.ReLU())
        self.head = nn.Linear(width, 1)
        self.max_n_fraction = 0.2

    def _n_fraction(self, onehot: torch.Tensor) -> float:
        return (onehot.sum(1) == 0).float().mean().item()  # breaks: compile,trace

    def forward(self, onehot: torch.Tensor) -> torch.Tensor:
        if self._n_fraction(onehot) > self.max_n_fraction:  # breaks: export
            onehot = torch.softmax(self.impute(onehot), 1)
        return self.head(self.tower(onehot).mean(-1)).squeeze(-1)


def inputs():
    torch.manual_seed(7502)
    clean = torch.nn.functional.one_hot(torch.randint(0, 4, (2, 16)), 4).transpose(1, 2).float()
    noisy = clean.clone()
    noisy[:, :, ::2] = 0
    return [(clean,), (noisy,)]
