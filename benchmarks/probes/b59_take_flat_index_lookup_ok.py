# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Board-game policy head: legal move cells arrive as (row, col) pairs; their logits are
    read from the flattened board with torch.take on row * width + col."""

    def __init__(self, c: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(3, c, 3, padding=1)
        self.policy = nn.Conv2d(c, 1, 1)

    def forward(self, board: torch.Tensor, moves: torch.Tensor) -> torch.Tensor:
        logits = self.policy(self.conv(board).relu())[0, 0]
        flat_idx = moves[:, 0] * logits.shape[1] + moves[:, 1]
        return torch.take(logits, flat_idx).log_softmax(0)


def inputs():
    torch.manual_seed(5926)
    return [
        (torch.randn(1, 3, 8, 8), torch.randint(0, 8, (5, 2))),
        (torch.randn(1, 3, 6, 9), torch.randint(0, 6, (9, 2))),
    ]
