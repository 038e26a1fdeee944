# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor


class TokenPool(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    def forward(self, x: Tensor, keep: Tensor) -> Tensor:
        kept = x[keep]
        if kept.nelement() == 0:
            return self.norm(x.mean(dim=0, keepdim=True))
        return self.norm(kept.mean(dim=0, keepdim=True))


Model = TokenPool


def inputs():
    torch.manual_seed(4)
    return [
        (torch.randn(5, 8), torch.tensor([True, False, True, True, False])),
        (torch.randn(3, 8), torch.tensor([False, False, False])),
    ]
