# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PerImageScores(nn.Module):
    """Detection post-process: splits the batch into per-image tensors with list()."""

    def __init__(self, dim: int = 6, classes: int = 4):
        super().__init__()
        self.cls = nn.Linear(dim, classes)

    def forward(self, feats):
        logits = self.cls(feats)
        per_image = list(logits)
        scores = []
        for img_logits in per_image:
            scores.append(img_logits.softmax(-1).max(-1)[0].sum())
        return torch.stack(scores)


Model = PerImageScores


def inputs():
    torch.manual_seed(2807)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 2, 6),)]
