# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


@torch.compiler.disable
def normalize_logits(z: torch.Tensor) -> torch.Tensor:
    return z - z.logsumexp(dim=-1, keepdim=True)


class Model(nn.Module):
    """Classifier whose log-softmax post-processing lives in a helper kept out of
    compilation with torch.compiler.disable."""

    def __init__(self, d: int = 10, k: int = 4):
        super().__init__()
        self.fc = nn.Linear(d, k)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return normalize_logits(self.fc(x))  # breaks: compile


def inputs():
    torch.manual_seed(6414)
    return [(torch.randn(3, 10),), (torch.randn(5, 10),)]
