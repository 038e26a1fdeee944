# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Utterance embedding whose pooling is picked by a config string with a match statement."""

    def __init__(self, dim: int = 20, pooling: str = "meanstd"):
        super().__init__()
        self.pooling = pooling
        self.frame = nn.Linear(40, dim)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.frame(feats))
        match self.pooling:  # breaks: script
            case "mean":
                return h.mean(dim=1)
            case "meanstd":
                return torch.cat([h.mean(dim=1), h.std(dim=1)], dim=-1)
            case _:
                return h.amax(dim=1)


def inputs():
    torch.manual_seed(6305)
    return [(torch.randn(2, 30, 40),), (torch.randn(1, 45, 40),)]
