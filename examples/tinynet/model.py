"""The classifier: a BaseBlock (another file) with a linear head."""

import torch
from torch import nn

from tinynet.base import BaseBlock
from tinynet.helpers import normalize, pool


class Classifier(BaseBlock):
    def __init__(self, num_classes: int = 10, width: int = 16) -> None:
        super().__init__(width=width)
        self.head = nn.Linear(width, num_classes)
        self.calls = 0

    def forward(self, images, temperature=1.0):
        x = normalize(images)
        x = self.features(x)
        x = pool(x)
        logits = self.head(x)
        if logits.max().item() > 100:
            logits = logits.clamp(max=100)
        print("batch", x.shape[0])
        return logits / temperature


class Ensemble(nn.Module):
    def __init__(self, *members: nn.Module) -> None:
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, images):
        outputs = [member(images) for member in self.members]
        return torch.stack(outputs).mean(0)
