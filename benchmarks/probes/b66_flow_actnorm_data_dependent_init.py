# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ActNorm(nn.Module):
    """Glow ActNorm: scale and bias are set from the statistics of the first batch seen."""

    def __init__(self, c: int):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(1, c))
        self.log_scale = nn.Parameter(torch.zeros(1, c))
        self.register_buffer("initialized", torch.tensor(False))

    def _init_from(self, x: torch.Tensor) -> None:
        with torch.no_grad():
            self.loc.data.copy_(-x.mean(0, keepdim=True))
            self.log_scale.data.copy_(-torch.log(x.std(0, keepdim=True) + 1e-6))
            self.initialized.fill_(1)

    def forward(self, x: torch.Tensor):
        if not self.initialized:  # breaks: compile,export
            self._init_from(x)
        y = (x + self.loc) * torch.exp(self.log_scale)
        logdet = self.log_scale.sum().expand(x.shape[0])
        return y, logdet


class Model(nn.Module):
    def __init__(self, c: int = 3):
        super().__init__()
        self.norm = ActNorm(c)
        self.lin = nn.Linear(c, c)

    def forward(self, x: torch.Tensor):
        y, logdet = self.norm(x)
        return self.lin(y), logdet


def inputs():
    torch.manual_seed(6612)
    return [(torch.randn(8, 3) * 2 + 1,), (torch.randn(8, 3),)]
