import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


class ConformerFF(nn.Module):
    def __init__(self, dim, mult=2, dropout=0.1):
        super().__init__()
        self.net = nn.Sequential(
            nn.LayerNorm(dim), nn.Linear(dim, dim * mult), nn.SiLU(), nn.Dropout(dropout), nn.Linear(dim * mult, dim)
        )

    def forward(self, x):
        return x + 0.5 * self.net(x)


class Encoder(nn.Module):
    def __init__(self, dim=16, depth=3, gradient_checkpointing=True):
        super().__init__()
        self.layers = nn.ModuleList(ConformerFF(dim) for _ in range(depth))
        self.gradient_checkpointing = gradient_checkpointing
        self.norm = nn.LayerNorm(dim)

    @property
    def _use_ckpt(self):
        return self.gradient_checkpointing and self.training and torch.is_grad_enabled()

    def forward(self, x, mask):
        for layer in self.layers:
            if self._use_ckpt:
                x = checkpoint(layer, x, use_reentrant=False)
            else:
                x = layer(x)
            x = x * mask.unsqueeze(-1)
        return self.norm(x)


Model = Encoder


def inputs():
    torch.manual_seed(71)
    m = torch.ones(2, 6)
    m[1, 4:] = 0
    return [(torch.randn(2, 6, 16), m), (torch.randn(3, 9, 16), torch.ones(3, 9))]
