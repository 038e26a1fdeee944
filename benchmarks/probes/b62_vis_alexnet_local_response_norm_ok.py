# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F

# Krizhevsky et al. 2012, section 3.3
LRN_SIZE: int = 5
LRN_ALPHA: float = 1e-4
LRN_BETA: float = 0.75
LRN_K: float = 2.0


def relu_lrn_pool(x: torch.Tensor, size: int, alpha: float, beta: float, k: float) -> torch.Tensor:
    """The classic AlexNet stage tail: ReLU -> local response norm -> overlapping max pool."""
    x = F.relu(x)
    x = F.local_response_norm(x, size, alpha=alpha, beta=beta, k=k)
    return F.max_pool2d(x, kernel_size=3, stride=2)


class Stage(nn.Module):
    def __init__(self, cin: int, cout: int, k: int, stride: int, pad: int, lrn: bool):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, stride=stride, padding=pad)
        self.lrn = lrn
        self.size, self.alpha, self.beta, self.k = LRN_SIZE, LRN_ALPHA, LRN_BETA, LRN_K

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.lrn:
            return relu_lrn_pool(self.conv(x), self.size, self.alpha, self.beta, self.k)
        return F.relu(self.conv(x))


class Model(nn.Module):
    """Scaled-down AlexNet with LRN after the first two stages (as in the original paper)."""

    def __init__(self, n_cls: int = 10):
        super().__init__()
        self.features = nn.Sequential(
            Stage(3, 16, 5, 2, 2, lrn=True),
            Stage(16, 32, 3, 1, 1, lrn=True),
            Stage(32, 32, 3, 1, 1, lrn=False),
        )
        self.pool = nn.AdaptiveAvgPool2d((3, 3))
        self.classifier = nn.Sequential(
            nn.Dropout(0.5), nn.Linear(32 * 9, 64), nn.ReLU(), nn.Dropout(0.5), nn.Linear(64, n_cls)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.pool(self.features(x))
        return self.classifier(torch.flatten(h, 1))


def inputs():
    torch.manual_seed(6217)
    return [(torch.randn(2, 3, 48, 48),), (torch.randn(3, 3, 64, 56),)]
