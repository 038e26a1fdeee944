# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class VerboseEncoder(nn.Module):
    def __init__(self, dim: int = 8, verbose: bool = False):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(3)])
        self.verbose = verbose

    @torch.jit.unused
    def log_activation(self, x, step):
        print(f"layer {step}: mean={x.mean().item():.3f}")

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = torch.relu(layer(x))
            if self.verbose:
                self.log_activation(x, i)
        return x


Model = VerboseEncoder


def inputs():
    torch.manual_seed(2006)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
