# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Spatial action head (click on a grid cell): the flat logits are reshaped to the map
    grid; a non-square action space is laid out as one row."""

    def __init__(self, width: int = 4):
        super().__init__()
        self.width = width
        self.body = nn.Linear(6, 16)

    def forward(self, obs: torch.Tensor, n_cells: torch.Tensor) -> torch.Tensor:
        logits = self.body(obs)[:, : n_cells.shape[0]]
        rows, rem = divmod(logits.shape[-1], self.width)  # breaks: compile,trace
        grid = logits.reshape(-1, rows, self.width) if rem == 0 else logits.unsqueeze(1)
        return grid.softmax(-1)


def inputs():
    torch.manual_seed(7419)
    return [(torch.randn(2, 6), torch.zeros(12)), (torch.randn(2, 6), torch.zeros(10))]
