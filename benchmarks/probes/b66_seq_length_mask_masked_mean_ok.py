# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def lengths_to_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    steps = torch.arange(max_len, device=lengths.device)
    return steps.unsqueeze(0) < lengths.unsqueeze(1)


class Model(nn.Module):
    """Utterance classifier: masked mean pooling over the valid frames of each sequence."""

    def __init__(self, d: int = 4, n_classes: int = 3):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.cls = nn.Linear(d, n_classes)

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        mask = lengths_to_mask(lengths, x.size(1)).unsqueeze(-1).to(x.dtype)
        h = torch.relu(self.proj(x)) * mask
        pooled = h.sum(dim=1) / mask.sum(dim=1).clamp(min=1.0)
        return self.cls(pooled)


def inputs():
    torch.manual_seed(6610)
    return [
        (torch.randn(3, 5, 4), torch.tensor([5, 2, 3])),
        (torch.randn(2, 7, 4), torch.tensor([1, 7])),
    ]
