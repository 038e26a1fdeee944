# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Label-smoothing target builder inside a classifier: the class index tensor is turned
    into smoothed targets; torch.can_cast checks whether the index dtype is an integer type
    (it cannot be cast to bool) before one-hot encoding."""

    def __init__(self, d: int = 8, n_classes: int = 5, smooth: float = 0.1):
        super().__init__()
        self.n_classes = n_classes
        self.smooth = smooth
        self.fc = nn.Linear(d, n_classes)

    def forward(self, x: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        logp = self.fc(x).log_softmax(-1)
        if not torch.can_cast(labels.dtype, torch.bool):
            labels = labels.long()
        target = torch.nn.functional.one_hot(labels, self.n_classes).float()
        target = target * (1 - self.smooth) + self.smooth / self.n_classes
        return -(target * logp).sum(-1)


def inputs():
    torch.manual_seed(5920)
    return [(torch.randn(3, 8), torch.randint(0, 5, (3,))), (torch.randn(6, 8), torch.randint(0, 5, (6,)))]
