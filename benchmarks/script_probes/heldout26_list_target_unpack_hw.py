# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LearnedPosGrid(nn.Module):
    """2D learned positional embedding cropped to the feature map size."""

    def __init__(self, dim: int = 8, max_hw: int = 16):
        super().__init__()
        self.row = nn.Embedding(max_hw, dim // 2)
        self.col = nn.Embedding(max_hw, dim // 2)

    def forward(self, x):
        [h, w] = x.shape[-2:]
        rows = self.row(torch.arange(h, device=x.device))
        cols = self.col(torch.arange(w, device=x.device))
        pos = torch.cat(
            [cols.unsqueeze(0).expand(h, w, -1), rows.unsqueeze(1).expand(h, w, -1)], dim=-1
        )
        return x + pos.permute(2, 0, 1).unsqueeze(0)


Model = LearnedPosGrid


def inputs():
    torch.manual_seed(2602)
    return [(torch.randn(1, 8, 4, 5),), (torch.randn(2, 8, 6, 3),)]
