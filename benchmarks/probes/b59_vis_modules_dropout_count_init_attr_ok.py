# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """MC-dropout style classifier: the logits are rescaled by how many dropout layers the
    network has, counted once in __init__ by walking self.modules() and kept as an int."""

    def __init__(self, c: int = 8, n_classes: int = 5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, c, 3, padding=1), nn.ReLU(), nn.Dropout2d(0.1),
            nn.Conv2d(c, c, 3, padding=1), nn.ReLU(), nn.Dropout2d(0.1),
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Dropout(0.2), nn.Linear(c, n_classes))
        self.n_drop = sum(1 for m in self.modules() if isinstance(m, (nn.Dropout, nn.Dropout2d)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f = self.features(x).mean(dim=(2, 3), keepdim=True)
        return self.head(f) / (1.0 + 0.1 * self.n_drop)


def inputs():
    torch.manual_seed(5901)
    return [(torch.randn(2, 3, 12, 12),), (torch.randn(3, 3, 9, 10),)]
