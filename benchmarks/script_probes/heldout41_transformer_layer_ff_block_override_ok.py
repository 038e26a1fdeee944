# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class SwiGLUEncoderLayer(nn.TransformerEncoderLayer):
    """TransformerEncoderLayer whose feed-forward block is replaced by a SwiGLU."""

    def __init__(self, d_model: int = 8, nhead: int = 2, dim_feedforward: int = 16):
        super().__init__(d_model, nhead, dim_feedforward, dropout=0.0, batch_first=True)
        self.linear2 = nn.Linear(dim_feedforward // 2, d_model)

    def _ff_block(self, x: Tensor) -> Tensor:
        a, b = self.linear1(x).chunk(2, dim=-1)
        return self.dropout2(self.linear2(F.silu(a) * b))


Model = SwiGLUEncoderLayer


def inputs():
    torch.manual_seed(4119)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
