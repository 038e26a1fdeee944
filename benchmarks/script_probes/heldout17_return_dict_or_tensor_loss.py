# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, return_aux=False):
        super().__init__()
        self.backbone = nn.Linear(8, 16)
        self.head = nn.Linear(16, 3)
        self.return_aux = return_aux

    def forward(self, x):
        feats = torch.relu(self.backbone(x))
        logits = self.head(feats)
        if self.return_aux:
            return {"logits": logits, "feats": feats}
        return logits


Model = Classifier


def inputs():
    torch.manual_seed(13)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
